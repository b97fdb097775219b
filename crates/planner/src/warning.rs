//! Warnings: typed findings with a stable code, a severity and a message a user understands.

use std::fmt;

/// How much a finding matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Worth knowing; the plan works.
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
            Code::RoomForMore => "room-for-more",
            Code::HeapBelowMinimum => "heap-below-minimum",
            Code::ManyCoresPerExecutor => "many-cores-per-executor",
            Code::LargeHeap => "large-heap",
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
        }
    }
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// What kind.
    pub code: Code,
    /// How much it matters.
    pub severity: Severity,
    /// The explanation, with the numbers.
    pub message: String,
}

impl Warning {
    /// A finding of `severity`.
    pub fn new(code: Code, severity: Severity, message: impl Into<String>) -> Warning {
        Warning {
            code,
            severity,
            message: message.into(),
        }
    }
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
