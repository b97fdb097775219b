//! Why a plan runs fewer executors than it asks for, as numbers: one type for YARN, Kubernetes
//! and EMR. Each cluster manager finds its own ([`crate::plan::shortfall`],
//! [`crate::k8s::k8s_shortfall`], [`crate::emr::EmrPlan::shortfall`]); the words are made from
//! it by separate functions (`plan::shortfall_words`, `k8s::k8s_shortfall_words`, the page's
//! EMR section). A leaf: it names fields by the catalog's id and nothing else.

use crate::catalog::FieldId;

/// When fewer executors (pods, EMR requests) run than asked for: how many, what stops the
/// rest, and the nearest plans that run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shortfall {
    /// Executors asked for (`spark.executor.instances`; on Kubernetes, executor pods; on EMR,
    /// executor requests).
    pub asked: u64,
    /// Those that run.
    pub runs: u64,
    /// What stops the rest.
    pub blocker: Blocker,
    /// The nearest plans that run, in the order to say them (none when none is found).
    pub nearest: Vec<Nearest>,
}

/// What stops executors from running, with the sizes compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blocker {
    /// `what` is larger than it may be, so none of its kind starts (and when it is the
    /// ApplicationMaster or the driver pod, nothing starts).
    TooLarge {
        /// Whose container or pod.
        what: Process,
        /// What it asks for (or is granted, against a node).
        request: Size,
        /// What it must fit.
        limit: Limit,
    },
    /// They fit, but the cluster holds only `capacity` of them (with the ApplicationMaster or
    /// driver pod in place, and within a YARN cluster share).
    Room {
        /// Executors that can run.
        capacity: u64,
    },
    /// Kubernetes: they fit by CPU and memory, but a node's pod limit (its max pods) holds
    /// fewer, so the cluster holds only `capacity` of them.
    PodLimit {
        /// Executor pods that can run.
        capacity: u64,
        /// The node's pod limit.
        pods: u64,
    },
    /// The nodes' GPUs hold only `capacity` of them (0: a node has fewer GPUs than one asks).
    Gpus {
        /// Executors that can run.
        capacity: u64,
        /// GPUs each executor asks for.
        executor_gpus: u64,
        /// GPUs per node.
        node_gpus: u64,
    },
}

/// Why the GPUs hold fewer executors than asked, in words: "the nodes' GPUs hold 12: each
/// executor asks for 1 GPU and a node has 2".
pub fn gpu_blocker_words(capacity: u64, executor_gpus: u64, node_gpus: u64) -> String {
    format!(
        "the nodes' GPUs hold {capacity}: each executor asks for {} and a node has {}",
        crate::format::counted(executor_gpus, "GPU"),
        crate::format::counted(node_gpus, "GPU")
    )
}

/// Whose container or pod is too large.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Process {
    /// YARN's ApplicationMaster (the driver, in cluster mode).
    ApplicationMaster,
    /// An executor's YARN container.
    Executor,
    /// Kubernetes' driver pod.
    DriverPod,
    /// A Kubernetes executor pod.
    ExecutorPod,
}

/// CPU and memory of a container or pod, or of what it must fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    /// CPU in millicores (a YARN vcore is 1,000).
    pub cpu_millis: u64,
    /// Memory in MiB.
    pub memory_mib: u64,
}

impl Size {
    /// Whole YARN vcores (`cpu_millis ÷ 1,000`).
    pub fn vcores(self) -> u64 {
        self.cpu_millis / 1000
    }
}

/// The limit a container or pod must fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// YARN's maximum allocation (`yarn.scheduler.maximum-allocation-mb`/`-vcores`): above it
    /// YARN or spark-submit refuses the request.
    MaximumAllocation(Size),
    /// What one node gives YARN, or leaves for pods: above it the container never starts.
    Node(Size),
}

impl Limit {
    /// The limit's CPU and memory.
    pub fn size(self) -> Size {
        match self {
            Limit::MaximumAllocation(s) | Limit::Node(s) => s,
        }
    }
}

/// An executor shape: how many, cores each, heap each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// Executors (pods, requests) that run with it.
    pub executors: u64,
    /// `spark.executor.cores`.
    pub cores: u32,
    /// `spark.executor.memory` in MiB.
    pub heap_mib: u64,
}

/// A plan that runs, near the one asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nearest {
    /// The largest heap of `field` (the ApplicationMaster's or driver's JVM, or the
    /// executor's; whole GiB where possible) that runs, and the plan it then gives.
    Heap {
        /// The heap setting changed.
        field: FieldId,
        /// Its value, in MiB.
        heap_mib: u64,
        /// The plan with it.
        shape: Shape,
    },
    /// The Spark-exact plan, which runs every executor it asks for (the rule of thumb's runs
    /// fewer).
    SparkExact(Shape),
    /// The shape asked for, as many as the cluster holds.
    Fewer(Shape),
    /// The count and cores asked for, with the largest heap at which all of them run.
    SmallerHeap(Shape),
    /// When not one runs: the largest heap that does (cores at most a node's), as many as the
    /// cluster holds up to the count asked for.
    LargestThatFits(Shape),
}
