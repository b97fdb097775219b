//! One event line folded into its [`Run`]: the event's name read from the line's start, then
//! only the events the analysis needs parsed, each into its typed struct.

use std::collections::HashMap;

use crate::events as ev;
use crate::metrics::Peaks;
use crate::run::{
    Executor, FailureCount, FailureKind, Job, Location, ResourceProfile, Run, Stage, StageNode,
    TaskTime,
};

/// Failure kinds kept per stage.
const MAX_FAILURE_KINDS: usize = 16;
/// Characters kept of a failure's words.
const MAX_REASON_CHARS: usize = 300;

/// What folding one line gave.
pub(crate) enum Folded {
    /// Read (or an event the analysis does not need, passed over).
    Read,
    /// A `SparkListenerLogStart` after other events: a new run begins with this line.
    NewRun,
    /// Not JSON: serde's message and the column.
    NotJson {
        message: String,
        column: usize,
        eof: bool,
    },
    /// JSON, but no `Event` field.
    NotAnEvent,
    /// An event whose fields are not of the types Spark writes: passed over.
    WrongShape { event: String, message: String },
}

/// A run being folded, with the indexes that make each event's lookup cheap.
#[derive(Default)]
pub(crate) struct Folder {
    pub(crate) run: Run,
    executor_index: HashMap<String, u32>,
    stage_index: HashMap<(i64, i64), usize>,
    job_index: HashMap<i64, usize>,
}

/// The event name at the line's start, where Spark writes it (`{"Event":"…"`).
fn name_at_start(line: &[u8]) -> Option<&[u8]> {
    let rest = line.strip_prefix(b"{\"Event\":\"")?;
    let end = memchr::memchr2(b'"', b'\\', rest)?;
    (rest[end] == b'"').then(|| &rest[..end])
}

fn not_json(e: &serde_json::Error) -> Folded {
    Folded::NotJson {
        message: e.to_string(),
        column: e.column(),
        eof: e.is_eof(),
    }
}

impl Folder {
    /// Folds one non-empty line.
    pub(crate) fn line(&mut self, line: &[u8], at: &Location) -> Folded {
        let owned;
        let name: &[u8] = match name_at_start(line) {
            Some(n) => n,
            None => match serde_json::from_slice::<ev::EventName<'_>>(line) {
                Ok(n) => {
                    owned = n.event.into_owned();
                    owned.as_bytes()
                }
                Err(e) if e.is_data() => {
                    return match serde_json::from_slice::<serde::de::IgnoredAny>(line) {
                        Ok(_) => Folded::NotAnEvent,
                        Err(e) => not_json(&e),
                    }
                }
                Err(e) => return not_json(&e),
            },
        };
        let name = std::str::from_utf8(name).unwrap_or("");
        if name == "SparkListenerLogStart" && self.run.counts.events > 0 {
            return Folded::NewRun;
        }
        match self.event(name, line, at) {
            Ok(true) => {
                self.run.counts.events += 1;
                Folded::Read
            }
            Ok(false) => {
                // Events passed over (SQL plans, block updates) are not parsed: a line that
                // ends as a JSON object does is taken as one; any other is checked, so that a
                // cut line is said.
                let checked = match line.last() {
                    Some(b'}') => Ok(()),
                    _ => serde_json::from_slice::<serde::de::IgnoredAny>(line).map(|_| ()),
                };
                match checked {
                    Ok(()) => {
                        self.run.counts.events += 1;
                        self.run.counts.other_events += 1;
                        Folded::Read
                    }
                    Err(e) => not_json(&e),
                }
            }
            Err(e) if e.is_data() => Folded::WrongShape {
                event: name.chars().take(80).collect(),
                message: e.to_string(),
            },
            Err(e) => not_json(&e),
        }
    }

    /// Parses and folds the event `name`; `Ok(false)` for an event the analysis does not read.
    fn event(&mut self, name: &str, line: &[u8], at: &Location) -> serde_json::Result<bool> {
        use serde_json::from_slice as parse;
        let short = name.strip_prefix("SparkListener").unwrap_or(name);
        match short {
            "TaskEnd" => self.task_end(parse(line)?),
            "TaskStart" => self.task_start(&parse(line)?),
            "ExecutorMetricsUpdate" => self.metrics_update(&parse(line)?),
            "StageExecutorMetrics" => self.stage_executor_metrics(&parse(line)?),
            "StageSubmitted" => self.stage_info(&parse::<ev::StageEvent<'_>>(line)?.info, false),
            "StageCompleted" => self.stage_info(&parse::<ev::StageEvent<'_>>(line)?.info, true),
            "JobStart" => self.job_start(parse(line)?),
            "JobEnd" => self.job_end(&parse(line)?),
            "ExecutorAdded" => self.executor_added(&parse(line)?),
            "ExecutorRemoved" => self.executor_removed(&parse(line)?),
            "BlockManagerAdded" => self.block_manager(&parse(line)?),
            "EnvironmentUpdate" => self.environment(parse(line)?, at),
            "ApplicationStart" => self.application_start(&parse(line)?),
            "ApplicationEnd" => {
                let end: ev::ApplicationEnd = parse(line)?;
                self.run.app.end_ms = end.timestamp;
                self.seen(end.timestamp);
            }
            "LogStart" => {
                let start: ev::LogStart<'_> = parse(line)?;
                self.run.app.spark_version = start.spark_version.map(|v| v.into_owned());
            }
            "ResourceProfileAdded" => self.resource_profile(parse(line)?),
            "ExecutorExcluded" | "ExecutorBlacklisted" => {
                let _: serde::de::IgnoredAny = parse(line)?;
                self.run.counts.executors_excluded += 1;
            }
            _ if name.ends_with("SparkListenerSQLExecutionStart") => {
                self.run.counts.sql_executions += 1;
                return Ok(false);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn seen(&mut self, t: Option<i64>) {
        if let Some(t) = t.filter(|&t| t > 0) {
            let r = &mut self.run;
            r.first_ms = Some(r.first_ms.map_or(t, |f| f.min(t)));
            r.last_ms = Some(r.last_ms.map_or(t, |l| l.max(t)));
        }
    }

    fn application_start(&mut self, s: &ev::ApplicationStart<'_>) {
        let app = &mut self.run.app;
        let own = |v: &Option<std::borrow::Cow<'_, str>>| v.as_ref().map(|v| v.to_string());
        app.name = own(&s.name);
        app.id = own(&s.id);
        app.attempt = own(&s.attempt);
        app.user = own(&s.user);
        app.start_ms = s.timestamp;
        self.seen(s.timestamp);
    }

    fn environment(&mut self, e: ev::EnvironmentUpdate, at: &Location) {
        self.run.spark_properties = e.spark.0;
        self.run.properties_at = Some(at.clone());
        self.run.yarn_properties = e
            .hadoop
            .0
            .into_iter()
            .filter(|(k, _)| {
                k.starts_with("yarn.nodemanager.resource") || k.starts_with("yarn.scheduler")
            })
            .collect();
        self.run.java_version = e
            .jvm
            .0
            .into_iter()
            .find(|(k, _)| k == "Java Version")
            .map(|(_, v)| v);
    }

    fn resource_profile(&mut self, p: ev::ResourceProfileAdded) {
        let amounts = |m: std::collections::BTreeMap<String, ev::ResourceRequest>| {
            m.into_iter()
                .map(|(k, r)| (if r.name.is_empty() { k } else { r.name }, r.amount))
                .collect()
        };
        let profile = ResourceProfile {
            id: p.id,
            executor: amounts(p.executor),
            task: amounts(p.task),
        };
        self.run.resource_profiles.retain(|rp| rp.id != profile.id);
        self.run.resource_profiles.push(profile);
    }

    fn executor_slot(&mut self, id: &str) -> u32 {
        if let Some(&i) = self.executor_index.get(id) {
            return i;
        }
        let i = u32::try_from(self.run.executors.len()).unwrap_or(u32::MAX - 1);
        self.run.executors.push(Executor {
            id: id.to_string(),
            ..Executor::default()
        });
        self.executor_index.insert(id.to_string(), i);
        i
    }

    fn executor_added(&mut self, a: &ev::ExecutorAdded<'_>) {
        self.seen(a.timestamp);
        let i = self.executor_slot(&a.id) as usize;
        let Some(e) = self.run.executors.get_mut(i) else {
            return;
        };
        e.added_ms = a.timestamp;
        if let Some(h) = &a.info.host {
            e.host = h.to_string();
        }
        e.cores = a
            .info
            .cores
            .and_then(|c| u32::try_from(c).ok())
            .unwrap_or(0);
        e.resource_profile = a.info.resource_profile.unwrap_or(0);
        e.resources = a.info.resources.keys().cloned().collect();
    }

    fn executor_removed(&mut self, r: &ev::ExecutorRemoved<'_>) {
        self.seen(r.timestamp);
        let i = self.executor_slot(&r.id) as usize;
        if let Some(e) = self.run.executors.get_mut(i) {
            e.removed_ms = r.timestamp;
            e.removed_reason = r.reason.as_ref().map(|s| clip(s));
        }
    }

    fn block_manager(&mut self, b: &ev::BlockManagerAdded<'_>) {
        self.seen(b.timestamp);
        let memory = b.max_memory.and_then(|m| u64::try_from(m).ok());
        if b.id.executor == "driver" {
            self.run.driver.storage_memory = memory;
            self.run.driver.host = b.id.host.as_ref().map(|h| h.to_string());
        } else if let Some(&i) = self.executor_index.get(b.id.executor.as_ref()) {
            if let Some(e) = self.run.executors.get_mut(i as usize) {
                e.storage_memory = memory;
            }
        }
    }

    fn job_start(&mut self, j: ev::JobStart<'_>) {
        self.seen(j.submitted);
        for s in &j.stages {
            let node = self.run.graph.entry(s.id).or_insert_with(|| StageNode {
                id: s.id,
                ..StageNode::default()
            });
            node.parents.clone_from(&s.parents);
            node.tasks = s.tasks.and_then(|t| u64::try_from(t).ok()).unwrap_or(0);
            if !node.jobs.contains(&j.id) {
                node.jobs.push(j.id);
            }
        }
        let sql = j
            .properties
            .as_ref()
            .and_then(|p| p.sql_execution.as_ref())
            .and_then(|s| s.trim().parse().ok());
        let job = Job {
            id: j.id,
            submitted_ms: j.submitted,
            completed_ms: None,
            stage_ids: j.stages.iter().map(|s| s.id).collect(),
            succeeded: None,
            sql_execution: sql,
        };
        self.job_index.insert(j.id, self.run.jobs.len());
        self.run.jobs.push(job);
    }

    fn job_end(&mut self, j: &ev::JobEnd<'_>) {
        self.seen(j.completed);
        if let Some(&i) = self.job_index.get(&j.id) {
            let job = &mut self.run.jobs[i];
            job.completed_ms = j.completed;
            job.succeeded = Some(j.result.result.as_deref() == Some("JobSucceeded"));
        }
    }

    fn stage_slot(&mut self, id: i64, attempt: i64) -> usize {
        if let Some(&i) = self.stage_index.get(&(id, attempt)) {
            return i;
        }
        let i = self.run.stages.len();
        self.run.stages.push(Stage {
            id,
            attempt,
            ..Stage::default()
        });
        self.stage_index.insert((id, attempt), i);
        i
    }

    fn stage_info(&mut self, info: &ev::StageInfo<'_>, completed: bool) {
        self.seen(info.submitted);
        self.seen(info.completed);
        let i = self.stage_slot(info.id, info.attempt);
        let s = &mut self.run.stages[i];
        if let Some(n) = &info.name {
            s.name = clip(n);
        }
        s.tasks_declared = info.tasks.and_then(|t| u64::try_from(t).ok());
        s.submitted_ms = info.submitted.or(s.submitted_ms);
        s.resource_profile = info.resource_profile.unwrap_or(s.resource_profile);
        if completed {
            s.completed_ms = info.completed;
            s.failure = info.failure.as_ref().map(|f| clip(f));
        }
    }

    fn task_start(&mut self, t: &ev::TaskStart<'_>) {
        self.run.counts.task_starts += 1;
        self.seen(Some(t.info.launch));
        let i = self.stage_slot(t.stage, t.attempt);
        self.run.stages[i].started += 1;
    }

    fn task_end(&mut self, t: ev::TaskEnd<'_>) {
        self.run.counts.task_ends += 1;
        self.seen(Some(t.info.finish));
        let executor = if t.info.executor == "driver" {
            u32::MAX
        } else {
            self.executor_slot(&t.info.executor)
        };
        let reason = t.reason.reason.as_deref().unwrap_or("Success");
        if reason == "Resubmitted" {
            // Not another run of the task: a notice that its finished output was lost.
            let i = self.stage_slot(t.stage, t.attempt);
            count_failure(&mut self.run.stages[i], &t.reason, false);
            self.run.stages[i].totals.failed += 1;
            return;
        }
        let failed = t.info.failed || t.info.killed;
        let task = TaskTime {
            launch_ms: t.info.launch,
            finish_ms: t.info.finish,
            executor,
            failed,
            speculative: t.info.speculative,
        };
        let metrics = t.metrics.unwrap_or_default();
        if let Some(e) = self.run.executors.get_mut(executor as usize) {
            if e.host.is_empty() {
                if let Some(h) = &t.info.host {
                    e.host = h.to_string();
                }
            }
            e.tasks += 1;
            e.failed_tasks += u64::from(failed);
            e.task_ms = e.task_ms.saturating_add(task.duration_ms());
            e.gc_ms = e.gc_ms.saturating_add(positive(metrics.gc_ms));
            if let Some(p) = &t.executor_metrics {
                if p.any() {
                    e.peaks.merge(p);
                    e.samples.task_ends += 1;
                    self.run.counts.metric_samples += 1;
                }
            }
        }
        let i = self.stage_slot(t.stage, t.attempt);
        let stage = &mut self.run.stages[i];
        stage.tasks.push(task);
        add_totals(stage, &metrics, &t.info);
        if failed {
            count_failure(stage, &t.reason, t.info.killed);
        }
    }

    fn peaks_of(&mut self, executor: &str) -> Option<(&mut Peaks, &mut crate::run::Samples)> {
        if executor == "driver" {
            let d = &mut self.run.driver;
            return Some((&mut d.peaks, &mut d.samples));
        }
        let i = *self.executor_index.get(executor)? as usize;
        let e = self.run.executors.get_mut(i)?;
        Some((&mut e.peaks, &mut e.samples))
    }

    fn metrics_update(&mut self, u: &ev::ExecutorMetricsUpdate<'_>) {
        let mut merged = Peaks::default();
        let mut n = 0;
        for s in &u.updated {
            if s.metrics.any() {
                merged.merge(&s.metrics);
                n += 1;
            }
        }
        if n == 0 {
            return;
        }
        if let Some((peaks, samples)) = self.peaks_of(&u.executor) {
            peaks.merge(&merged);
            samples.heartbeats += 1;
            self.run.counts.metric_samples += 1;
        }
    }

    fn stage_executor_metrics(&mut self, m: &ev::StageExecutorMetrics<'_>) {
        if !m.metrics.any() {
            return;
        }
        let i = self.stage_slot(m.stage, m.attempt);
        self.run.stages[i].executor_peaks.merge(&m.metrics);
        if let Some((peaks, samples)) = self.peaks_of(&m.executor) {
            peaks.merge(&m.metrics);
            samples.stage_peaks += 1;
            self.run.counts.metric_samples += 1;
        }
    }
}

fn positive(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

/// The first line of Spark's words (a stack trace follows it), at most 300 characters.
fn clip(s: &str) -> String {
    let s = s.lines().next().unwrap_or("").trim_end();
    match s.char_indices().nth(MAX_REASON_CHARS) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_string(),
    }
}

fn add_totals(stage: &mut Stage, m: &ev::TaskMetrics, info: &ev::TaskInfo<'_>) {
    let t = &mut stage.totals;
    let read =
        positive(m.shuffle_read.remote_bytes).saturating_add(positive(m.shuffle_read.local_bytes));
    let input = positive(m.input.bytes);
    t.run_ms = t.run_ms.saturating_add(positive(m.run_ms));
    t.cpu_ns = t.cpu_ns.saturating_add(positive(m.cpu_ns));
    t.gc_ms = t.gc_ms.saturating_add(positive(m.gc_ms));
    t.input_bytes = t.input_bytes.saturating_add(input);
    t.output_bytes = t.output_bytes.saturating_add(positive(m.output.bytes));
    t.shuffle_read_bytes = t.shuffle_read_bytes.saturating_add(read);
    t.shuffle_read_records = t
        .shuffle_read_records
        .saturating_add(positive(m.shuffle_read.records));
    t.shuffle_write_bytes = t
        .shuffle_write_bytes
        .saturating_add(positive(m.shuffle_write.bytes));
    t.memory_spilled_bytes = t
        .memory_spilled_bytes
        .saturating_add(positive(m.memory_spilled));
    t.disk_spilled_bytes = t
        .disk_spilled_bytes
        .saturating_add(positive(m.disk_spilled));
    t.fetch_wait_ms = t
        .fetch_wait_ms
        .saturating_add(positive(m.shuffle_read.fetch_wait_ms));
    t.max_peak_execution_memory = t
        .max_peak_execution_memory
        .max(positive(m.peak_execution_memory));
    t.max_task_input_bytes = t.max_task_input_bytes.max(input);
    t.max_task_shuffle_read_bytes = t.max_task_shuffle_read_bytes.max(read);
    t.failed += u64::from(info.failed);
    t.killed += u64::from(info.killed);
    t.speculative += u64::from(info.speculative);
}

/// The kind and Spark's words of a failed task's end reason.
fn failure_of(r: &ev::TaskEndReason<'_>, killed: bool) -> (FailureKind, String) {
    let reason = r.reason.as_deref().unwrap_or("");
    let class = r.class_name.as_deref().unwrap_or("");
    let description = r.description.as_deref().unwrap_or("");
    match reason {
        "ExceptionFailure" if class.contains("OutOfMemoryError") => (
            FailureKind::OutOfMemory,
            clip(&format!("{class}: {description}")),
        ),
        "ExceptionFailure" => (
            FailureKind::Exception,
            clip(&format!("{class}: {description}")),
        ),
        "ExecutorLostFailure" => (
            FailureKind::ExecutorLost,
            clip(r.loss_reason.as_deref().unwrap_or("executor lost")),
        ),
        "FetchFailed" => (
            FailureKind::FetchFailed,
            clip(r.message.as_deref().unwrap_or("FetchFailed")),
        ),
        "TaskKilled" => (
            FailureKind::Killed,
            clip(r.kill_reason.as_deref().unwrap_or("killed")),
        ),
        "Resubmitted" => (FailureKind::Resubmitted, "Resubmitted".to_string()),
        _ if killed => (FailureKind::Killed, clip(reason)),
        other => (
            FailureKind::Other,
            clip(if other.is_empty() { "unknown" } else { other }),
        ),
    }
}

fn count_failure(stage: &mut Stage, r: &ev::TaskEndReason<'_>, killed: bool) {
    let (kind, reason) = failure_of(r, killed);
    if let Some(f) = stage
        .failures
        .iter_mut()
        .find(|f| f.kind == kind && f.reason == reason)
    {
        f.count += 1;
        return;
    }
    if stage.failures.len() < MAX_FAILURE_KINDS {
        stage.failures.push(FailureCount {
            kind,
            reason,
            count: 1,
        });
    } else if let Some(f) = stage.failures.iter_mut().find(|f| f.kind == kind) {
        f.count += 1;
    }
}
