//! Spark's executor metrics (`org.apache.spark.metrics.ExecutorMetricType`), by the names Spark
//! writes them in `"Task Executor Metrics"`, `SparkListenerStageExecutorMetrics` and heartbeats'
//! `"Executor Metrics Updated"`, and their peaks.

use std::fmt;

use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::Deserialize;

/// One executor metric, in Spark's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Metric {
    /// `JVMHeapMemory`: heap in use (`MemoryMXBean.getHeapMemoryUsage`), bytes.
    JvmHeapMemory,
    /// `JVMOffHeapMemory`: non-heap memory in use (metaspace, code cache), bytes.
    JvmOffHeapMemory,
    /// `OnHeapExecutionMemory`, bytes.
    OnHeapExecutionMemory,
    /// `OffHeapExecutionMemory`, bytes.
    OffHeapExecutionMemory,
    /// `OnHeapStorageMemory`, bytes.
    OnHeapStorageMemory,
    /// `OffHeapStorageMemory`, bytes.
    OffHeapStorageMemory,
    /// `OnHeapUnifiedMemory`: execution + storage on heap, bytes.
    OnHeapUnifiedMemory,
    /// `OffHeapUnifiedMemory`, bytes.
    OffHeapUnifiedMemory,
    /// `DirectPoolMemory`: NIO direct buffers, bytes.
    DirectPoolMemory,
    /// `MappedPoolMemory`: memory-mapped buffers, bytes.
    MappedPoolMemory,
    /// `ProcessTreeJVMVMemory`, bytes (`spark.executor.processTreeMetrics.enabled`).
    ProcessTreeJvmVMemory,
    /// `ProcessTreeJVMRSSMemory`: the JVM process's resident set, bytes.
    ProcessTreeJvmRssMemory,
    /// `ProcessTreePythonVMemory`, bytes.
    ProcessTreePythonVMemory,
    /// `ProcessTreePythonRSSMemory`: Python workers' resident set, bytes.
    ProcessTreePythonRssMemory,
    /// `ProcessTreeOtherVMemory`, bytes.
    ProcessTreeOtherVMemory,
    /// `ProcessTreeOtherRSSMemory`, bytes.
    ProcessTreeOtherRssMemory,
    /// `MinorGCCount`.
    MinorGcCount,
    /// `MinorGCTime`, ms.
    MinorGcTime,
    /// `MajorGCCount`.
    MajorGcCount,
    /// `MajorGCTime`, ms.
    MajorGcTime,
    /// `TotalGCTime`, ms (Spark 3.3+).
    TotalGcTime,
}

/// How many metrics there are.
pub const METRICS: usize = 21;

impl Metric {
    /// Every metric, in Spark's order.
    pub const ALL: [Metric; METRICS] = [
        Metric::JvmHeapMemory,
        Metric::JvmOffHeapMemory,
        Metric::OnHeapExecutionMemory,
        Metric::OffHeapExecutionMemory,
        Metric::OnHeapStorageMemory,
        Metric::OffHeapStorageMemory,
        Metric::OnHeapUnifiedMemory,
        Metric::OffHeapUnifiedMemory,
        Metric::DirectPoolMemory,
        Metric::MappedPoolMemory,
        Metric::ProcessTreeJvmVMemory,
        Metric::ProcessTreeJvmRssMemory,
        Metric::ProcessTreePythonVMemory,
        Metric::ProcessTreePythonRssMemory,
        Metric::ProcessTreeOtherVMemory,
        Metric::ProcessTreeOtherRssMemory,
        Metric::MinorGcCount,
        Metric::MinorGcTime,
        Metric::MajorGcCount,
        Metric::MajorGcTime,
        Metric::TotalGcTime,
    ];

    /// The name Spark writes.
    pub fn spark_name(self) -> &'static str {
        match self {
            Metric::JvmHeapMemory => "JVMHeapMemory",
            Metric::JvmOffHeapMemory => "JVMOffHeapMemory",
            Metric::OnHeapExecutionMemory => "OnHeapExecutionMemory",
            Metric::OffHeapExecutionMemory => "OffHeapExecutionMemory",
            Metric::OnHeapStorageMemory => "OnHeapStorageMemory",
            Metric::OffHeapStorageMemory => "OffHeapStorageMemory",
            Metric::OnHeapUnifiedMemory => "OnHeapUnifiedMemory",
            Metric::OffHeapUnifiedMemory => "OffHeapUnifiedMemory",
            Metric::DirectPoolMemory => "DirectPoolMemory",
            Metric::MappedPoolMemory => "MappedPoolMemory",
            Metric::ProcessTreeJvmVMemory => "ProcessTreeJVMVMemory",
            Metric::ProcessTreeJvmRssMemory => "ProcessTreeJVMRSSMemory",
            Metric::ProcessTreePythonVMemory => "ProcessTreePythonVMemory",
            Metric::ProcessTreePythonRssMemory => "ProcessTreePythonRSSMemory",
            Metric::ProcessTreeOtherVMemory => "ProcessTreeOtherVMemory",
            Metric::ProcessTreeOtherRssMemory => "ProcessTreeOtherRSSMemory",
            Metric::MinorGcCount => "MinorGCCount",
            Metric::MinorGcTime => "MinorGCTime",
            Metric::MajorGcCount => "MajorGCCount",
            Metric::MajorGcTime => "MajorGCTime",
            Metric::TotalGcTime => "TotalGCTime",
        }
    }

    /// The metric Spark writes as `name`.
    pub fn from_spark_name(name: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.spark_name() == name)
    }

    /// Whether it is a size in bytes (the others are counts and times).
    pub fn is_bytes(self) -> bool {
        (self as usize) < Metric::MinorGcCount as usize
    }
}

/// The largest value seen of each metric (`None`: never reported).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Peaks(pub [Option<u64>; METRICS]);

impl Peaks {
    /// The peak of `m`.
    pub fn get(&self, m: Metric) -> Option<u64> {
        self.0[m as usize]
    }

    /// Raises the peak of `m` to `v` (negative values, Spark's "not available", are skipped).
    pub fn raise(&mut self, m: Metric, v: i64) {
        if let Ok(v) = u64::try_from(v) {
            let slot = &mut self.0[m as usize];
            *slot = Some(slot.map_or(v, |p| p.max(v)));
        }
    }

    /// Takes the larger of each metric.
    pub fn merge(&mut self, other: &Peaks) {
        for (mine, theirs) in self.0.iter_mut().zip(other.0.iter()) {
            if let Some(t) = *theirs {
                *mine = Some(mine.map_or(t, |m| m.max(t)));
            }
        }
    }

    /// Whether any metric was reported above 0 (a sample of zeros, as some builds write
    /// before the first poll, tells nothing).
    pub fn any(&self) -> bool {
        self.0.iter().any(|v| v.is_some_and(|v| v > 0))
    }
}

impl<'de> Deserialize<'de> for Peaks {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Peaks, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Peaks;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of executor metrics")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Peaks, A::Error> {
                let mut peaks = Peaks::default();
                while let Some(MetricKey(key)) = map.next_key::<MetricKey>()? {
                    match key {
                        Some(m) => peaks.raise(m, map.next_value::<i64>()?),
                        None => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(peaks)
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<Peaks, E> {
                Ok(Peaks::default())
            }
        }
        d.deserialize_any(V)
    }
}

/// A key of an executor-metrics object: the metric it names, if any.
struct MetricKey(Option<Metric>);

impl<'de> Deserialize<'de> for MetricKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MetricKey, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = MetricKey;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a metric name")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<MetricKey, E> {
                Ok(MetricKey(Metric::from_spark_name(v)))
            }
        }
        d.deserialize_str(V)
    }
}
