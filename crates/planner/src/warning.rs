//! Diagnostics: typed findings with a stable code, a severity, a message a user understands
//! and, when one input is at fault, its field. Plans' warnings and invalid inputs of every
//! cluster manager are the same type ([`Diagnostic`] is [`Warning`]).

use crate::format;
use std::fmt;

use crate::catalog::{self, ClusterManager, FieldId, Kind, Range};
use crate::text::{TextError, BYTES_BELOW_ONE_MIB, TOO_LONG};

/// How much a finding matters (in a view's JSON, [`Severity::as_str`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Severity {
    /// Worth knowing; the plan works.
    #[default]
    Info,
    /// The plan works but wastes resources or risks trouble.
    Warning,
    /// Spark or YARN would refuse or fail this plan.
    Error,
}

impl Severity {
    /// `"info"`, `"warning"` or `"error"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// The severity as a reader sees it beside a finding: `Note`, `Warning` or `Error`.
    pub fn word(self) -> &'static str {
        match self {
            Severity::Info => "Note",
            Severity::Warning => "Warning",
            Severity::Error => "Error",
        }
    }
}

/// The kind of finding. [`Code::as_str`] is stable across releases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Code {
    /// The executor container is above `yarn.scheduler.maximum-allocation-mb`; Spark refuses
    /// the job at submit.
    ExecutorAboveMaximumMemory,
    /// Executor cores above `yarn.scheduler.maximum-allocation-vcores`; YARN refuses the request.
    ExecutorAboveMaximumVcores,
    /// The AM container is above the maximum allocation.
    AmAboveMaximum,
    /// The AM container fits on no node.
    AmDoesNotFit,
    /// Not one executor container fits on a node.
    NoExecutorFits,
    /// Fewer executors fit than were asked for.
    FewerExecutorsFit,
    /// The cluster has room for more executors than were asked for.
    RoomForMore,
    /// The heap is below Spark's 450 MiB minimum.
    HeapBelowMinimum,
    /// More than 5 cores per executor.
    ManyCoresPerExecutor,
    /// A heap above about 64 GiB (long GC pauses).
    LargeHeap,
    /// A heap from 32 GiB to about 48 GiB: compressed object pointers are off.
    HeapWithoutCompressedOops,
    /// Spark-exact lowered such a heap to 31g, keeping compressed object pointers.
    HeapKeptBelowCompressedOopsLimit,
    /// An executor whose fixed per-JVM cost is more than a quarter of its container.
    SmallExecutor,
    /// One core per executor: no sharing of broadcast or cached data between tasks.
    SingleCoreExecutor,
    /// Much memory left unused.
    MemoryUnused,
    /// Many vcores left unused.
    VcoresUnused,
    /// DefaultResourceCalculator ignores vcores.
    VcoresIgnored,
    /// Containers hold more vcores than a node has (DefaultResourceCalculator).
    VcoresOvercommitted,
    /// YARN rounding adds much memory nobody uses.
    RoundingWaste,
    /// The rule of thumb's 0.07 overhead factor predates Spark 1.4.
    LegacyOverheadFactor,
    /// The rule of thumb assumes one executor less for the AM; YARN's packing decides.
    AmSlotAssumption,
    /// No executor shape meets the memory target.
    MemoryTargetUnmet,
    /// The cluster share limits the executor count.
    ShareLimitsExecutors,
    /// The maximum allocation limits the executor heap.
    MaximumLimitsHeap,
    /// Cores per executor lowered to the maximum allocation's vcores.
    CoresLoweredToMaximum,
    /// A setting that this Spark version or app type ignores.
    SettingIgnored,
    /// The Spark-exact answer differs from the rule of thumb.
    MethodsDiffer,
    /// Amazon EMR merged several executor requests into one larger executor
    /// (`spark.yarn.heterogeneousExecutors.enabled`).
    ExecutorsMerged,
    /// The driver's heap is larger than the EMR master node leaves to applications (client
    /// mode runs the driver there).
    DriverAboveMaster,
    /// An overhead factor of 1 or more: likely a percentage typed as a factor.
    LargeOverheadFactor,
    /// No executors requested (`spark.executor.instances` = 0).
    NoExecutorsRequested,
    /// Hardware that reads but no machine has (memory per core), likely a unit mistake.
    ImplausibleHardware,
    /// The NodeManager offers containers more memory than the node has.
    NodeManagerAboveNode,
    /// An input value outside what is allowed.
    InvalidValue,
    /// An input text that could not be read.
    UnreadableValue,
    /// Results collected to the driver above `spark.driver.maxResultSize`: Spark aborts the job.
    ResultsAboveMaxResultSize,
    /// Results collected to the driver above its usable heap: it runs out of memory.
    ResultsAboveDriverHeap,
    /// Results collected to the driver above half its usable heap: read into objects they take
    /// more than their serialized size, and the driver may run out of memory.
    ResultsNearDriverHeap,
    /// More jobs at once than driver cores (cluster mode).
    DriverCoresBelowJobs,
    /// Client mode: how many drivers an edge node holds.
    EdgeNodeDrivers,
    /// A custom resource (a GPU) lets fewer tasks run at once than the executor's cores, or
    /// sits idle with no task asking for it.
    ResourceLimitsTasks,
    /// A pasted key Spark does not know or ignores (a misspelt key, a non-Spark key).
    UnknownSetting,
    /// A pasted key Spark reads under a newer name.
    DeprecatedSetting,
    /// Workload: the largest task needs more execution memory than a task can take.
    TaskMemoryShort,
    /// Workload: the largest task fits only when the tasks beside it take less.
    TaskMemoryTight,
    /// Workload: the largest task fits in the share every task is guaranteed.
    TaskMemoryFits,
    /// Workload: scan tasks, waves and the last wave's idle slots.
    ScanWaves,
    /// Workload: the recommended `spark.sql.shuffle.partitions` and AQE settings.
    ShufflePartitions,
    /// Workload: a broadcast table above `spark.sql.autoBroadcastJoinThreshold`.
    BroadcastAboveThreshold,
    /// Workload: a broadcast table without room in the executors' storage or the driver.
    BroadcastNoRoom,
    /// Dynamic allocation: Spark refuses these settings.
    DynamicAllocationRefused,
    /// Dynamic allocation: `maxExecutors` unset (unbounded).
    DynamicAllocationUnbounded,
    /// Dynamic allocation: `maxExecutors` above what the queue or cluster holds.
    DynamicAllocationAboveFit,
    /// Dynamic allocation: a setting Spark ignores.
    DynamicAllocationIgnored,
    /// Dynamic allocation: the executor count is only the initial one.
    DynamicAllocationCount,
    /// GPUs: each task's GPUs hold fewer tasks at once than the executor's cores would.
    GpusLimitTasks,
    /// GPUs: executors ask for GPUs their tasks do not use.
    GpusUnusedByTasks,
}

impl Code {
    /// The stable code, kebab-case.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::ExecutorAboveMaximumMemory => "executor-above-maximum-memory",
            Code::ExecutorAboveMaximumVcores => "executor-above-maximum-vcores",
            Code::AmAboveMaximum => "am-above-maximum",
            Code::AmDoesNotFit => "am-does-not-fit",
            Code::NoExecutorFits => "no-executor-fits",
            Code::FewerExecutorsFit => "fewer-executors-fit",
            Code::GpusLimitTasks => "gpus-limit-tasks",
            Code::GpusUnusedByTasks => "gpus-unused-by-tasks",
            Code::RoomForMore => "room-for-more",
            Code::HeapBelowMinimum => "heap-below-minimum",
            Code::ManyCoresPerExecutor => "many-cores-per-executor",
            Code::LargeHeap => "large-heap",
            Code::HeapWithoutCompressedOops => "heap-without-compressed-oops",
            Code::HeapKeptBelowCompressedOopsLimit => "heap-kept-below-compressed-oops-limit",
            Code::SmallExecutor => "small-executor",
            Code::SingleCoreExecutor => "single-core-executor",
            Code::MemoryUnused => "memory-unused",
            Code::VcoresUnused => "vcores-unused",
            Code::VcoresIgnored => "vcores-ignored",
            Code::VcoresOvercommitted => "vcores-overcommitted",
            Code::RoundingWaste => "rounding-waste",
            Code::LegacyOverheadFactor => "legacy-overhead-factor",
            Code::AmSlotAssumption => "am-slot-assumption",
            Code::MemoryTargetUnmet => "memory-target-unmet",
            Code::ShareLimitsExecutors => "share-limits-executors",
            Code::MaximumLimitsHeap => "maximum-limits-heap",
            Code::CoresLoweredToMaximum => "cores-lowered-to-maximum",
            Code::SettingIgnored => "setting-ignored",
            Code::MethodsDiffer => "methods-differ",
            Code::DriverAboveMaster => "driver-above-master",
            Code::ExecutorsMerged => "executors-merged",
            Code::LargeOverheadFactor => "large-overhead-factor",
            Code::NoExecutorsRequested => "no-executors-requested",
            Code::ImplausibleHardware => "implausible-hardware",
            Code::NodeManagerAboveNode => "nodemanager-above-node",
            Code::InvalidValue => "invalid-value",
            Code::UnreadableValue => "unreadable-value",
            Code::ResultsAboveMaxResultSize => "results-above-max-result-size",
            Code::ResultsAboveDriverHeap => "results-above-driver-heap",
            Code::ResultsNearDriverHeap => "results-near-driver-heap",
            Code::DriverCoresBelowJobs => "driver-cores-below-jobs",
            Code::ResourceLimitsTasks => "resource-limits-tasks",
            Code::EdgeNodeDrivers => "edge-node-drivers",
            Code::UnknownSetting => "unknown-setting",
            Code::DeprecatedSetting => "deprecated-setting",
            Code::TaskMemoryShort => "task-memory-short",
            Code::TaskMemoryTight => "task-memory-tight",
            Code::TaskMemoryFits => "task-memory-fits",
            Code::ScanWaves => "scan-waves",
            Code::ShufflePartitions => "shuffle-partitions",
            Code::BroadcastAboveThreshold => "broadcast-above-threshold",
            Code::BroadcastNoRoom => "broadcast-no-room",
            Code::DynamicAllocationRefused => "dynamic-allocation-refused",
            Code::DynamicAllocationUnbounded => "dynamic-allocation-unbounded",
            Code::DynamicAllocationAboveFit => "dynamic-allocation-above-fit",
            Code::DynamicAllocationIgnored => "dynamic-allocation-ignored",
            Code::DynamicAllocationCount => "dynamic-allocation-count",
        }
    }
}

/// One finding: a plan's warning or an input's error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// What kind.
    pub code: Code,
    /// How much it matters.
    pub severity: Severity,
    /// The explanation, with the numbers (and, for an input, its unit and allowed range).
    pub message: String,
    /// The input at fault, if one is.
    pub field: Option<FieldId>,
}

/// One diagnostic of any cluster manager: the same type as a plan's [`Warning`].
pub type Diagnostic = Warning;

impl Warning {
    /// A finding of `severity`, about no input in particular.
    pub fn new(code: Code, severity: Severity, message: impl Into<String>) -> Warning {
        Warning {
            code,
            severity,
            message: crate::format::in_text(&message.into()),
            field: None,
        }
    }

    /// The same finding, about `field`.
    pub fn about(self, field: FieldId) -> Warning {
        Warning {
            field: Some(field),
            ..self
        }
    }

    /// "`field` is `value`; allowed: `allowed`", with the field named as `m`'s form names it.
    pub fn invalid_value(
        m: ClusterManager,
        field: FieldId,
        value: impl fmt::Display,
        allowed: impl fmt::Display,
    ) -> Warning {
        let name = catalog::name(m, field);
        Warning::new(
            Code::InvalidValue,
            Severity::Error,
            format!("{name} is {value}; allowed: {allowed}"),
        )
        .about(field)
    }

    /// "`field`: `why`" for a text that could not be read; a negative whole number in a count
    /// field (`-5`) says the field's allowed range instead, as a count outside it does.
    pub fn unreadable(m: ClusterManager, field: FieldId, why: &TextError) -> Warning {
        if let Some(outside) = count_out_of_range(m, field, &why.text) {
            return outside;
        }
        let name = catalog::name(m, field);
        let Some(entry) = catalog::entry(m, field) else {
            return Warning::new(
                Code::UnreadableValue,
                Severity::Error,
                format!("{name}: {why}"),
            )
            .about(field);
        };
        let mut message = match entry.kind.options() {
            Some(options) if !why.text.trim().is_empty() && why.expected != TOO_LONG => {
                let labels: Vec<&str> = options.iter().map(|(_, label)| *label).collect();
                format!(
                    "{name}: \"{}\" is not {}",
                    why.text.trim(),
                    or_list(&labels)
                )
            }
            _ => format!("{name}: {why}"),
        };
        if let Some(character) = not_a_digit(entry.kind, why.text.trim()) {
            message.push_str(&format!(" ({character} is not a digit 0 to 9)"));
        }
        // A text too long, or bytes to type as MiB, says what to type already.
        if entry.range != Range::Any && !matches!(why.expected, TOO_LONG | BYTES_BELOW_ONE_MIB) {
            message.push_str(&format!("; allowed: {}", entry.range.describe(entry.unit)));
        }
        Warning::new(Code::UnreadableValue, Severity::Error, message).about(field)
    }

    /// "`key`: `why`" for a link value of a key no field stands behind (`v`, `cm`).
    pub fn unreadable_key(key: &str, why: impl fmt::Display) -> Warning {
        Warning::new(
            Code::UnreadableValue,
            Severity::Error,
            format!("{key}: {why}"),
        )
    }

    /// An invalid input that no single field is to blame for.
    pub fn invalid_input(message: impl Into<String>) -> Warning {
        Warning::new(Code::InvalidValue, Severity::Error, message)
    }
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [first @ .., last] => format!("{} or {last}", crate::text::join(first, ", ")),
    }
}

/// The first character of a number's text that no reader takes for a digit, named as a reader
/// may not see it: a digit of another script (`١`, full-width `１`), a minus sign (U+2212) or a
/// character that prints nothing (NUL) by its code point; in a whole-number field, a letter or
/// sign too (`1e3`, `abc`). `None` in fields of words or units.
fn not_a_digit(kind: Kind, text: &str) -> Option<String> {
    let numeric = matches!(
        kind,
        Kind::Count | Kind::Memory | Kind::SparkMemory | Kind::Decimal | Kind::Percent | Kind::Cpu
    );
    if !numeric {
        return None;
    }
    let unseen = |c: char| !c.is_ascii() || c.is_ascii_control();
    let c = text
        .chars()
        .find(|&c| unseen(c) || (kind == Kind::Count && !c.is_ascii_digit() && c != '_'))?;
    let code = format!("U+{:04X}", u32::from(c));
    Some(if c.is_control() {
        format!("{code}, which prints nothing,")
    } else if c == ' ' {
        "a space".to_string()
    } else if c.is_whitespace() {
        format!("{code}, a space,")
    } else if unseen(c) {
        format!("\"{c}\" ({code})")
    } else {
        format!("\"{c}\"")
    })
}

/// "`field` is -5; allowed: 1 to 10 000" for a negative whole number typed in a count field, and
/// likewise for one with more digits than any count holds: no count reads a sign or such a
/// number, so its range is what the user needs to know.
fn count_out_of_range(m: ClusterManager, field: FieldId, text: &str) -> Option<Warning> {
    let entry = catalog::entry(m, field)?;
    let Range::Whole { max, .. } = entry.range else {
        return None;
    };
    if !matches!(entry.kind, Kind::Count | Kind::ExecutorCount) {
        return None;
    }
    let t = text.trim();
    let (sign, digits) = t.strip_prefix('-').map_or(("", t), |d| ("-", d));
    let digits = digits.trim_start_matches('0');
    // Not a paste so long that its length is the problem.
    if digits.is_empty() || digits.len() > 40 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // A count too large to read says the range only where the field has an upper bound.
    let shown = match crate::text::parse_count(digits) {
        Ok(n) if !sign.is_empty() => entry.unit.format_whole(n),
        Err(_) if max < u64::from(u32::MAX) => format::group_run(digits),
        _ => return None,
    };
    let allowed = if entry.kind == Kind::ExecutorCount {
        catalog::EXECUTOR_COUNT_EXPECTED.to_string()
    } else {
        entry.range.describe(entry.unit)
    };
    let value = format!("{sign}{shown}");
    Some(Warning::invalid_value(m, field, value, allowed))
}

/// Most severe first, keeping the order within a severity (a filter per severity, not a
/// general sort: smaller wasm). The one order for every list of diagnostics.
pub fn most_severe_first(diagnostics: Vec<Warning>) -> Vec<Warning> {
    most_severe_first_by(&diagnostics, |d| d.severity)
}

/// [`most_severe_first`] for items that carry a diagnostic (the check's findings with their
/// line): most severe first, keeping the order within a severity.
pub fn most_severe_first_by<T: Clone>(items: &[T], severity: impl Fn(&T) -> Severity) -> Vec<T> {
    let mut sorted = Vec::with_capacity(items.len());
    for s in [Severity::Error, Severity::Warning, Severity::Info] {
        for item in items {
            if severity(item) == s {
                sorted.push(item.clone());
            }
        }
    }
    sorted
}

/// The values of `options` that are there, in order (`[a, b, c].into_iter().flatten().collect()`
/// without std's flatten and collect code for each array length: smaller wasm modules).
pub fn present<T>(options: &mut [Option<T>]) -> Vec<T> {
    let mut values = Vec::with_capacity(options.len());
    for option in options {
        if let Some(value) = option.take() {
            values.push(value);
        }
    }
    values
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "[{}] {}: {}",
            self.severity.as_str(),
            self.code.as_str(),
            self.message
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagnostics_name_fields_as_each_form_does() {
        let d = Warning::invalid_value(ClusterManager::Emr, FieldId::Nodes, 0, "1 to 100000");
        // A message is prose: its numbers of 10 000 and above get the page's digit groups.
        assert_eq!(d.message, "Core nodes is 0; allowed: 1 to 100\u{202f}000");
        assert_eq!(
            (d.field, d.code.as_str()),
            (Some(FieldId::Nodes), "invalid-value")
        );
    }

    #[test]
    fn most_severe_first_keeps_the_order_within_a_severity() {
        let w = |code, severity| Warning::new(code, severity, "");
        let sorted = most_severe_first(vec![
            w(Code::LargeHeap, Severity::Info),
            w(Code::RoomForMore, Severity::Warning),
            w(Code::MemoryUnused, Severity::Info),
            w(Code::NoExecutorFits, Severity::Error),
        ]);
        let codes: Vec<Code> = sorted.iter().map(|d| d.code).collect();
        assert_eq!(
            codes,
            [
                Code::NoExecutorFits,
                Code::RoomForMore,
                Code::LargeHeap,
                Code::MemoryUnused
            ]
        );
    }
}
