//! Presets: ready-to-load examples for YARN, Kubernetes and Amazon EMR, named by what they are (hardware and
//! shape) and described by what they show. Their ids appear in links and never change.

use crate::emr::EmrInput;
use crate::input::{Cluster, PlanInput, Policy};
use crate::k8s::K8sInput;
use crate::providers::{ManagedNode, Provider};

/// A named input (a YARN [`PlanInput`] unless another input type is given).
#[derive(Debug, Clone, PartialEq)]
pub struct Preset<Input = PlanInput> {
    /// Stable identifier (used in URLs and the page's element ids).
    pub id: &'static str,
    /// Short name, shown on the preset's button.
    pub name: &'static str,
    /// What it shows, shown as the button's tooltip.
    pub description: &'static str,
    /// The input.
    pub input: Input,
}

/// A named Kubernetes input.
pub type K8sPreset = Preset<K8sInput>;

/// A named Amazon EMR input.
pub type EmrPreset = Preset<EmrInput>;

fn hardware(nodes: u32, cores: u32, memory_gib: f64) -> Cluster {
    Cluster {
        nodes,
        cores_per_node: cores,
        memory_per_node_gib: memory_gib,
        ..Cluster::default()
    }
}

/// Every YARN preset, in display order.
pub fn presets() -> Vec<Preset> {
    vec![
        Preset {
            id: "case1",
            name: "Classic example: 6 × 16 cores × 64 GB",
            description: "The rule of thumb gives 17 executors × 5 cores × 19 GB, and YARN agrees: \
                          three executors fill a node, so the ApplicationMaster displaces exactly one.",
            input: PlanInput {
                cluster: hardware(6, 16, 64.0),
                ..PlanInput::default()
            },
        },
        Preset {
            id: "case2",
            name: "More cores: 6 × 32 cores × 64 GB",
            description: "The rule of thumb gives 35 executors × 5 cores × 9 GB, giving one up \
                          for the ApplicationMaster; YARN has room for 36.",
            input: PlanInput {
                cluster: hardware(6, 32, 64.0),
                ..PlanInput::default()
            },
        },
        Preset {
            id: "case3",
            name: "10 GB is enough: 6 × 16 cores × 64 GB",
            description: "At least 10 GB per executor on 6 × 16 cores × 64 GB: the rule of thumb \
                          gives 29 × 3 cores × 11 GB, which YARN cannot place; 10 GB fits.",
            input: PlanInput {
                cluster: hardware(6, 16, 64.0),
                policy: Policy {
                    memory_target_mib: Some(10 * 1024),
                    ..Policy::default()
                },
                ..PlanInput::default()
            },
        },
        Preset {
            id: "defaults",
            name: "Defaults",
            description: "Every setting at its default.",
            input: PlanInput::default(),
        },
        Preset {
            id: "oom-10-cores-45g",
            name: "Out of memory: 10 cores × 45 GB, 4 GB per task",
            description: "Executors of 45 GB and 10 cores (the queue's largest container is 50 GB) \
                          on 6 × 16 cores × 64 GB, each task reading about 4 GB and joining: the \
                          10 tasks of an executor share its execution memory and run out of it. \
                          The usual fix — 4 cores, 21 GB, more executors — is one click away, \
                          with what it really gives each task.",
            input: ten_cores_of_45g_with_4g_tasks(),
        },
    ]
}

/// Seed 001's worked failure: 45 GB executors with 10 cores whose tasks each read about 4 GB.
/// On the seed's 6 × 16 cores × 64 GB, a 50 GiB maximum allocation (51 200 MiB) caps the
/// 10-core executor at a 45g heap (46 080 + 4 608 MiB overhead = 50 688 → 51 200 MiB granted),
/// and 4 cores give the seed's 21 GB containers (19g heap, 21 401 → 21 504 MiB).
fn ten_cores_of_45g_with_4g_tasks() -> PlanInput {
    let mut input = PlanInput {
        cluster: hardware(6, 16, 64.0),
        ..PlanInput::default()
    };
    input.scheduler.maximum_allocation = crate::input::MaximumAllocation::Explicit {
        memory_mb: 51_200,
        vcores: 16,
    };
    input.policy.cores_per_executor = 10;
    // The seed's 45 GB executors as they ran, without lowering the heap to 31g.
    input.policy.keep_compressed_oops = false;
    input.spark.workload.largest_task_mib = Some(4096);
    input
}

/// The YARN preset with `id`.
pub fn preset(id: &str) -> Option<Preset> {
    presets().into_iter().find(|p| p.id == id)
}

/// Every Kubernetes preset, in display order.
pub fn k8s_presets() -> Vec<K8sPreset> {
    let full_requests = K8sInput::default();
    let mut half_cpu = full_requests.clone();
    half_cpu.spark.request_cores = Some("0.5".into());
    vec![
        Preset {
            id: "k8s-seed002",
            name: "K8s: 16 executors × 2 cores × 6 GB",
            description: "16 executor pods of 2 cores and 6 GB on 8 nodes of 16 CPUs and 64 GB, \
                          each requesting its full cores: 16 × 2 + the driver pod's 1 = 33 CPUs \
                          requested (a dashboard of CPU use may show fewer; the page counts \
                          requests).",
            input: full_requests,
        },
        Preset {
            id: "k8s-seed002-half",
            name: "K8s: same, 0.5 CPU requested per executor",
            description: "spark.kubernetes.executor.request.cores = 0.5 keeps 2 task slots per \
                          executor while reserving a quarter of the CPUs.",
            input: half_cpu,
        },
        Preset {
            id: "k8s-seed002-eks",
            name: "EKS: same job on 8 × m5.4xlarge",
            description: "The same 16 executors × 2 cores × 6 GB on 8 m5.4xlarge nodes (16 vCPUs, \
                          64 GiB, 234 max pods): the EKS AMI reserves 110m CPU and 11 MiB × 234 + \
                          255 MiB memory, plus the 100 MiB eviction threshold.",
            input: on_managed_node(Provider::Eks, "m5.4xlarge"),
        },
        Preset {
            id: "k8s-seed002-gke",
            name: "GKE: same job on 8 × n2-standard-16",
            description: "The same job on 8 n2-standard-16 nodes (16 vCPUs, 64 GiB): GKE reserves \
                          110m CPU and 25/20/10/6% of the memory bands, plus 100 MiB for eviction.",
            input: on_managed_node(Provider::Gke, "n2-standard-16"),
        },
        Preset {
            id: "k8s-seed002-aks",
            name: "AKS: same job on 8 × Standard_D16s_v5",
            description: "The same job on 8 Standard_D16s_v5 nodes (16 vCPUs, 64 GiB, 250 max \
                          pods): AKS 1.29+ reserves 260m CPU and the lesser of 20 MiB × 250 + 50 MiB \
                          and 25% of memory, plus 100 MiB for eviction.",
            input: on_managed_node(Provider::Aks, "Standard_D16s_v5"),
        },
    ]
}

/// Seed 002's job (the default Kubernetes input) on 8 nodes of `node_type` with `provider`'s
/// reservation formula; the daemonsets stay the default's.
fn on_managed_node(provider: Provider, node_type: &str) -> K8sInput {
    let mut input = K8sInput::default();
    input.nodes.managed = ManagedNode {
        provider,
        node_type: Some(node_type.into()),
        max_pods: None,
        reported_memory_mib: None,
    };
    input
}

/// The Kubernetes preset with `id`.
pub fn k8s_preset(id: &str) -> Option<K8sPreset> {
    k8s_presets().into_iter().find(|p| p.id == id)
}

/// The EMR presets, in display order.
pub fn emr_presets() -> Vec<EmrPreset> {
    vec![
        Preset {
            id: "emr-as-requested",
            name: "EMR: 45 × 3 cores × 20g on 9 × r5.4xlarge, as requested",
            description: "Executors as requested: 5 of 24 320 MiB fill each node's YARN memory, the ApplicationMaster beside them on node 1.",
            input: emr_opening(),
        },
        Preset {
            id: "emr-seed003",
            name: "EMR: 50 × 18971m requested on 9 × r5.4xlarge",
            description: "A pyspark shell asks for 50 executors of 18971m and 4 cores on 9 r5.4xlarge core nodes; EMR merges 5 requests per node into 9 executors of 112640 MiB and 20 cores.",
            input: EmrInput::default(),
        },
        Preset {
            id: "emr-maximize",
            name: "EMR: maximizeResourceAllocation on 9 × r5.4xlarge",
            description: "maximizeResourceAllocation sizes one executor per r5.4xlarge core node to all its YARN memory and vCPUs; the ApplicationMaster's node then has no room for one, so 8 of the 9 run.",
            input: EmrInput {
                maximize_resource_allocation: true,
                ..EmrInput::default()
            },
        },
    ]
}

/// The plan EMR's page opens on: 9 r5.4xlarge core nodes each running 5 executors of 3 cores
/// and a 20g heap as requested (20 480 + ⌊0.1875 × 20 480⌋ = 24 320 MiB; 5 × 24 320 + the
/// 896 MiB ApplicationMaster = 122 496 ≤ 122 880 MiB), 45 in all, dynamic allocation's
/// maxExecutors at those 45.
pub fn emr_opening() -> EmrInput {
    let mut input = EmrInput {
        executor_memory_mib: 20 * 1024,
        executor_cores: 3,
        executors: 45,
        heterogeneous_executors: false,
        ..EmrInput::default()
    };
    input.dynamic_allocation_settings.max_executors = Some(45);
    input
}

/// The EMR preset with `id`.
pub fn emr_preset(id: &str) -> Option<EmrPreset> {
    emr_presets().into_iter().find(|p| p.id == id)
}

/// One way to split a memory budget: `executors` executors of `heap_gib` GB each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BudgetSplit {
    /// How many executors.
    pub executors: u32,
    /// Each executor's heap, in GiB.
    pub heap_gib: u64,
}

/// A memory budget split two ways, fat and slim executors, to compare per task.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FatOrSlim {
    /// Stable identifier (the page's element ids).
    pub id: &'static str,
    /// Short name.
    pub name: &'static str,
    /// The total executor memory, in GiB.
    pub total_gib: u64,
    /// Cores per executor in both splits (the seeds' 5).
    pub cores_per_executor: u32,
    /// Slim first, then fat.
    pub splits: [BudgetSplit; 2],
}

/// Seed 001's example: "a total of 50 GB RAM" as 10 executors of 5 GB, or 5 executors of
/// 10 GB ("what we meant by Fat executors"), each with the seeds' 5 cores.
pub fn fat_or_slim() -> FatOrSlim {
    FatOrSlim {
        id: "fat-or-slim-50g",
        name: "50 GB as 10 × 5 GB or 5 × 10 GB",
        total_gib: 50,
        cores_per_executor: 5,
        splits: [
            BudgetSplit {
                executors: 10,
                heap_gib: 5,
            },
            BudgetSplit {
                executors: 5,
                heap_gib: 10,
            },
        ],
    }
}
