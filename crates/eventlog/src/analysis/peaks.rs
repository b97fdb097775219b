//! Measured peaks per executor and for the driver, with how much evidence they rest on and the
//! settings that make the next run's log more telling.

use crate::metrics::{Metric, Peaks};
use crate::run::{Run, Samples};

/// One metric's peak and where.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MetricPeak {
    /// Spark's name of the metric (`JVMHeapMemory`, …).
    pub metric: &'static str,
    /// The largest value (bytes, or ms and counts for the GC metrics).
    pub value: u64,
    /// The executor that reached it (`driver` for the driver).
    pub executor: String,
}

/// An executor's (or the driver's) peaks.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ExecutorPeaks {
    /// `Executor ID` (`driver`).
    pub executor: String,
    /// Its peaks, by Spark's metric names, only those reported.
    #[cfg_attr(feature = "json", serde(serialize_with = "crate::json::as_map"))]
    #[cfg_attr(feature = "ts", ts(type = "Record<string, number>"))]
    pub peaks: Vec<(&'static str, u64)>,
    /// What they rest on.
    pub samples: Samples,
    /// Task GC time ÷ task time on it, in thousandths (none without tasks).
    pub gc_permille: Option<u64>,
}

/// The run's peaks.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PeaksSummary {
    /// Each metric's largest value over the executors.
    pub executors_max: Vec<MetricPeak>,
    /// Each executor's.
    pub executors: Vec<ExecutorPeaks>,
    /// The driver's.
    pub driver: Option<ExecutorPeaks>,
    /// Samples in all (task ends with metrics, stage peaks, heartbeats).
    pub samples: u64,
    /// Whether stage peaks were logged (`spark.eventLog.logStageExecutorMetrics`).
    pub stage_peaks_logged: bool,
    /// Whether process-tree RSS was logged (`spark.executor.processTreeMetrics.enabled`).
    pub process_tree_logged: bool,
    /// Task GC time ÷ task time over every executor, in thousandths.
    pub gc_permille: Option<u64>,
    /// The settings that would make the next run's log more telling, as Spark keys and values.
    #[cfg_attr(feature = "json", serde(serialize_with = "crate::json::as_map"))]
    #[cfg_attr(feature = "ts", ts(type = "Record<string, string>"))]
    pub next_run_settings: Vec<(String, String)>,
}

impl PeaksSummary {
    /// The executors' peak of `m`.
    pub fn max(&self, m: Metric) -> Option<u64> {
        let name = m.spark_name();
        self.executors_max
            .iter()
            .find(|p| p.metric == name)
            .map(|p| p.value)
    }
}

fn listed(p: &Peaks) -> Vec<(&'static str, u64)> {
    Metric::ALL
        .into_iter()
        .filter_map(|m| p.get(m).map(|v| (m.spark_name(), v)))
        .collect()
}

fn permille(part: u64, whole: u64) -> Option<u64> {
    (whole > 0).then(|| (u128::from(part) * 1000 / u128::from(whole)).min(1000) as u64)
}

/// Summarizes the peaks.
pub fn summarize(run: &Run) -> PeaksSummary {
    let executors: Vec<ExecutorPeaks> = run
        .executors
        .iter()
        .map(|e| ExecutorPeaks {
            executor: e.id.clone(),
            peaks: listed(&e.peaks),
            samples: e.samples,
            gc_permille: permille(e.gc_ms, e.task_ms),
        })
        .collect();
    let executors_max = Metric::ALL
        .into_iter()
        .filter_map(|m| {
            let (e, v) = run
                .executors
                .iter()
                .filter_map(|e| e.peaks.get(m).map(|v| (e, v)))
                .max_by_key(|(_, v)| *v)
                .filter(|(_, v)| *v > 0)?;
            Some(MetricPeak {
                metric: m.spark_name(),
                value: v,
                executor: e.id.clone(),
            })
        })
        .collect();
    let driver = run.driver.peaks.any().then(|| ExecutorPeaks {
        executor: "driver".to_string(),
        peaks: listed(&run.driver.peaks),
        samples: run.driver.samples,
        gc_permille: None,
    });
    let stage_peaks_logged = run.property("spark.eventLog.logStageExecutorMetrics") == Some("true")
        || run.executors.iter().any(|e| e.samples.stage_peaks > 0);
    let process_tree_logged = run.executors.iter().any(|e| {
        e.peaks
            .get(Metric::ProcessTreeJvmRssMemory)
            .is_some_and(|v| v > 0)
    });
    let mut next = Vec::new();
    if !stage_peaks_logged {
        next.push((
            "spark.eventLog.logStageExecutorMetrics".to_string(),
            "true".to_string(),
        ));
    }
    if !process_tree_logged {
        next.push((
            "spark.executor.processTreeMetrics.enabled".to_string(),
            "true".to_string(),
        ));
    }
    let (gc, task) = run.executors.iter().fold((0u64, 0u64), |(g, t), e| {
        (g.saturating_add(e.gc_ms), t.saturating_add(e.task_ms))
    });
    PeaksSummary {
        executors_max,
        executors,
        driver,
        samples: run.counts.metric_samples,
        stage_peaks_logged,
        process_tree_logged,
        gc_permille: permille(gc, task),
        next_run_settings: next,
    }
}
