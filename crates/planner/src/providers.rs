//! What a managed Kubernetes node keeps for itself: each provider's published reservation
//! formula (Amazon EKS, Google GKE, Azure AKS), so allocatable CPU and memory follow from the
//! node's shape instead of typed reservations.
//!
//! Numbers first: [`node_reservation`] computes a [`NodeReservation`] (capacity, kube-reserved,
//! system-reserved, eviction threshold, allocatable) without text; [`reservation_steps`]
//! explains it, step by step, in the order `kubectl describe node` can be checked against.
//! The hand-worked values the tests check are in `tests/providers.md`.
//!
//! Sources (each formula's constants are cited where they are used):
//! - EKS: the EKS-optimized AMI's bootstrap script, `awslabs/amazon-eks-ami`,
//!   `templates/al2/runtime/bootstrap.sh` (`get_memory_mebibytes_to_reserve`,
//!   `get_cpu_millicores_to_reserve`, `evictionHard`), and its maximum pods per instance type,
//!   `templates/shared/runtime/eni-max-pods.txt`.
//! - GKE: "About GKE node sizing" (Plan GKE Standard node sizes),
//!   <https://cloud.google.com/kubernetes-engine/docs/concepts/plan-node-sizes>, section
//!   "Node allocatable resources" → "Memory and CPU reservations".
//! - AKS: "Node resource reservations in Azure Kubernetes Service (AKS)",
//!   <https://learn.microsoft.com/azure/aks/node-resource-reservations>, sections
//!   "CPU reservations" and "Memory reservations" → "AKS 1.29 and later".

use crate::catalog::{ClusterManager::Kubernetes, FieldId};
use crate::input::{Allowed, FieldError, Given};
use crate::plan::Step;

/// Who runs the node, and so which reservation formula applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Provider {
    /// The reservations are typed in (the form's reserved CPU and memory).
    #[default]
    Custom,
    /// Amazon EKS (EKS-optimized AMI).
    Eks,
    /// Google Kubernetes Engine (Standard node pools).
    Gke,
    /// Azure Kubernetes Service (1.29 and later).
    Aks,
}

impl Provider {
    /// Every provider, in the form's order.
    pub const ALL: [Provider; 4] = [
        Provider::Custom,
        Provider::Eks,
        Provider::Gke,
        Provider::Aks,
    ];

    /// The value in links (`custom`, `eks`, `gke`, `aks`).
    pub fn as_str(self) -> &'static str {
        match self {
            Provider::Custom => "custom",
            Provider::Eks => "eks",
            Provider::Gke => "gke",
            Provider::Aks => "aks",
        }
    }

    /// The provider named by a link's value.
    pub fn parse(text: &str) -> Option<Provider> {
        Provider::ALL.into_iter().find(|p| p.as_str() == text)
    }

    /// The service's name for people.
    pub fn name(self) -> &'static str {
        match self {
            Provider::Custom => "Custom",
            Provider::Eks => "Amazon EKS",
            Provider::Gke => "Google GKE",
            Provider::Aks => "Azure AKS",
        }
    }

    /// Where the formula is published, for people to check.
    pub fn source(self) -> &'static str {
        match self {
            Provider::Custom => "",
            Provider::Eks => {
                "EKS-optimized AMI bootstrap script (github.com/awslabs/amazon-eks-ami, \
                 bootstrap.sh and eni-max-pods.txt)"
            }
            Provider::Gke => {
                "Google Cloud, \"About GKE node sizing\", Memory and CPU reservations \
                 (cloud.google.com/kubernetes-engine/docs/concepts/plan-node-sizes)"
            }
            Provider::Aks => {
                "Microsoft Learn, \"Node resource reservations in AKS\", AKS 1.29 and later \
                 (learn.microsoft.com/azure/aks/node-resource-reservations)"
            }
        }
    }
}

/// The managed-node settings of a Kubernetes node pool: the provider, the instance or machine
/// type (its vCPUs and memory replace the typed capacity), and the maximum pods per node (EKS
/// and AKS reserve memory by it).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ManagedNode {
    /// Whose formula; [`Provider::Custom`] keeps the typed reservations.
    pub provider: Provider,
    /// An instance or machine type from [`node_types`] (`m5.4xlarge`), when given.
    pub node_type: Option<String>,
    /// Maximum pods per node, when typed (else the type's, or the provider's default).
    pub max_pods: Option<u32>,
    /// The node's memory capacity as `kubectl describe node` shows it, in MiB, when typed: it
    /// replaces the type's nominal memory.
    pub reported_memory_mib: Option<u64>,
}

/// Where a managed node's memory capacity came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CapacitySource {
    /// As typed in the node's memory.
    Typed,
    /// As `kubectl describe node` shows it, typed.
    Reported,
    /// EKS: the type's memory less Karpenter's VM memory margin.
    EksMargin {
        /// The type's nominal memory, in MiB.
        nominal_mib: u64,
    },
    /// GKE, AKS: the machine type's nominal memory (no published margin); the node reports
    /// less.
    Nominal,
}

/// Karpenter's `vmMemoryOverheadPercent` default, 7.5 % in thousandths: the memory an EC2
/// instance's kubelet does not report of its nominal size (aws/karpenter-provider-aws,
/// settings `VM_MEMORY_OVERHEAD_PERCENT` 0.075, "sufficient for nearly, if not all, instance
/// types"; an m5.large's 8 GiB is reported as about 7 683 MiB).
pub const EKS_VM_MEMORY_OVERHEAD_PERMILLE: u64 = 75;

/// What an EKS node reports of `nominal_mib`: the nominal memory less Karpenter's margin
/// rounded up to a whole MiB, as Karpenter subtracts it.
pub fn eks_reported_memory_mib(nominal_mib: u64) -> u64 {
    let margin = nominal_mib
        .saturating_mul(EKS_VM_MEMORY_OVERHEAD_PERMILLE)
        .div_ceil(1000);
    nominal_mib.saturating_sub(margin)
}

/// An instance or machine type the planner knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeType {
    /// The provider that offers it.
    pub provider: Provider,
    /// Its name (`m5.4xlarge`, `n2-standard-16`, `Standard_D16s_v5`).
    pub name: &'static str,
    /// vCPUs.
    pub vcpus: u32,
    /// Memory in GiB.
    pub memory_gib: u32,
    /// EKS: maximum pods from `eni-max-pods.txt` (0 for other providers).
    pub max_pods: u32,
}

const fn node_type(
    provider: Provider,
    name: &'static str,
    vcpus: u32,
    memory_gib: u32,
    max_pods: u32,
) -> NodeType {
    NodeType {
        provider,
        name,
        vcpus,
        memory_gib,
        max_pods,
    }
}

/// A short list of common types. EKS's maximum pods are `eni-max-pods.txt`'s
/// (`awslabs/amazon-eks-ami`, `templates/shared/runtime/eni-max-pods.txt`: "# of ENI * (# of
/// IPv4 per ENI - 1) + 2"); vCPUs and memory are the providers' published sizes.
const NODE_TYPES: &[NodeType] = &[
    node_type(Provider::Eks, "m5.2xlarge", 8, 32, 58),
    node_type(Provider::Eks, "m5.4xlarge", 16, 64, 234),
    node_type(Provider::Eks, "m5.8xlarge", 32, 128, 234),
    node_type(Provider::Eks, "m6i.4xlarge", 16, 64, 234),
    node_type(Provider::Eks, "r5.4xlarge", 16, 128, 234),
    node_type(Provider::Eks, "c5.4xlarge", 16, 32, 234),
    node_type(Provider::Gke, "n2-standard-8", 8, 32, 0),
    node_type(Provider::Gke, "n2-standard-16", 16, 64, 0),
    node_type(Provider::Gke, "n2-standard-32", 32, 128, 0),
    node_type(Provider::Gke, "n2-highmem-16", 16, 128, 0),
    node_type(Provider::Gke, "e2-standard-16", 16, 64, 0),
    node_type(Provider::Aks, "Standard_D8s_v5", 8, 32, 0),
    node_type(Provider::Aks, "Standard_D16s_v5", 16, 64, 0),
    node_type(Provider::Aks, "Standard_D32s_v5", 32, 128, 0),
    node_type(Provider::Aks, "Standard_E16s_v5", 16, 128, 0),
];

/// The types the planner knows for `provider` (none for custom).
pub fn node_types(provider: Provider) -> impl Iterator<Item = &'static NodeType> {
    NODE_TYPES.iter().filter(move |t| t.provider == provider)
}

/// AKS's default maximum pods per node with Azure CNI Overlay, its recommended network plugin
/// (AKS documentation, "IP address planning", Maximum pods per node: 250 for Azure CNI
/// Overlay; 110 for kubenet, 30 for Azure CNI node subnet).
pub const AKS_DEFAULT_MAX_PODS: u32 = 250;

/// The kubelet's default maximum pods per node, `maxPods: 110` (kubernetes/kubernetes,
/// `pkg/kubelet/apis/config/v1beta1/defaults.go`, `SetDefaults_KubeletConfiguration`): the pod
/// limit of custom nodes.
pub const KUBELET_DEFAULT_MAX_PODS: u32 = 110;

/// GKE Standard's default maximum pods per node (Google Cloud, "GKE quotas and limits": Pods
/// per node 110 on Standard clusters; "Configure maximum Pods per node": the scheduler counts
/// every pod assigned to a node against it).
pub const GKE_DEFAULT_MAX_PODS: u32 = 110;

/// A node's pod limit, its allocatable `pods`: the kubelet's `maxPods`, beyond which the
/// scheduler places no pod on the node whatever CPU and memory are left (kubernetes/kubernetes,
/// `pkg/scheduler/framework/plugins/noderesources/fit.go`: "Too many pods"). EKS and AKS: the
/// max pods their reservation used (the EKS AMI's `bootstrap.sh` sets `maxPods` to the
/// eni-max-pods value); GKE Standard's default; the kubelet's default on custom nodes.
pub fn max_pods_per_node(reservation: Option<&NodeReservation>) -> u32 {
    match reservation {
        Some(r) => r.max_pods.unwrap_or(GKE_DEFAULT_MAX_PODS),
        None => KUBELET_DEFAULT_MAX_PODS,
    }
}

/// How the memory reservation was reached, for the words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemoryRule {
    /// EKS: 11 MiB × max pods + 255 MiB.
    EksPods,
    /// GKE: 255 MiB on machines under 1 GiB.
    GkeSmall,
    /// GKE: the regressive bands (25/20/10/6/2 %).
    GkeBands,
    /// AKS: 20 MiB × max pods + 50 MiB, the lesser.
    AksPods,
    /// AKS: 25 % of memory, the lesser.
    AksQuarter,
}

/// A node's reservations by its provider's formula, all as numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeReservation {
    /// Whose formula.
    pub provider: Provider,
    /// The type the capacity came from, when one was chosen.
    pub node_type: Option<&'static NodeType>,
    /// CPU capacity, in millicores.
    pub capacity_cpu_millis: u64,
    /// Memory capacity, in MiB.
    pub capacity_memory_mib: u64,
    /// Where the memory capacity came from.
    pub capacity_source: CapacitySource,
    /// Maximum pods the memory formula used (GKE: none).
    pub max_pods: Option<u32>,
    /// kube-reserved CPU, in millicores.
    pub kube_reserved_cpu_millis: u64,
    /// system-reserved CPU (0: none of the three sets it), in millicores.
    pub system_reserved_cpu_millis: u64,
    /// kube-reserved memory, in MiB.
    pub kube_reserved_memory_mib: u64,
    /// system-reserved memory (0: none of the three sets it), in MiB.
    pub system_reserved_memory_mib: u64,
    /// The kubelet's hard eviction threshold `memory.available`, in MiB.
    pub eviction_memory_mib: u64,
    /// Which memory rule applied.
    pub memory_rule: MemoryRule,
}

impl NodeReservation {
    /// Reserved CPU: kube-reserved + system-reserved, in millicores.
    pub fn reserved_cpu_millis(&self) -> u64 {
        self.kube_reserved_cpu_millis + self.system_reserved_cpu_millis
    }

    /// Reserved memory: kube-reserved + system-reserved + eviction threshold, in MiB.
    pub fn reserved_memory_mib(&self) -> u64 {
        self.kube_reserved_memory_mib + self.system_reserved_memory_mib + self.eviction_memory_mib
    }

    /// Allocatable CPU: capacity − reserved, in millicores.
    pub fn allocatable_cpu_millis(&self) -> u64 {
        self.capacity_cpu_millis
            .saturating_sub(self.reserved_cpu_millis())
    }

    /// Allocatable memory: capacity − reserved − eviction threshold, in MiB.
    pub fn allocatable_memory_mib(&self) -> u64 {
        self.capacity_memory_mib
            .saturating_sub(self.reserved_memory_mib())
    }
}

/// A share of a band: `(from, to, hundredths of a percent)`.
type Band = (u64, u64, u64);

/// GKE's and EKS's CPU bands in millicores: 6 % of the first core, 1 % of the next core (up to
/// 2), 0.5 % of the next 2 cores (up to 4), 0.25 % of any cores above 4 (GKE, "Memory and CPU
/// reservations"; the EKS AMI's `cpu_percentage_reserved_for_ranges=(600 100 50 25)` over
/// `cpu_ranges=(0 1000 2000 4000 total)`, which cites GKE's page).
const CPU_BANDS: [Band; 4] = [
    (0, 1000, 600),
    (1000, 2000, 100),
    (2000, 4000, 50),
    (4000, u64::MAX, 25),
];

/// GKE's memory bands in MiB: 25 % of the first 4 GiB, 20 % of the next 4 GiB (up to 8), 10 %
/// of the next 8 GiB (up to 16), 6 % of the next 112 GiB (up to 128), 2 % of any memory above
/// 128 GiB (GKE, "Memory and CPU reservations").
const GKE_MEMORY_BANDS: [Band; 5] = [
    (0, 4096, 2500),
    (4096, 8192, 2000),
    (8192, 16_384, 1000),
    (16_384, 131_072, 600),
    (131_072, u64::MAX, 200),
];

/// The part of `total` inside each band times its share, in ten-thousandths of the unit
/// (exact), one term per band.
fn band_terms(total: u64, bands: &[Band]) -> impl Iterator<Item = u64> + '_ {
    bands
        .iter()
        .map(move |&(from, to, share)| total.min(to).saturating_sub(from).saturating_mul(share))
}

/// The EKS AMI's CPU reservation: each band's share truncated to whole millicores, as
/// `get_resource_to_reserve_in_range` computes `... * $percentage / 100 / 100` in shell
/// integers.
pub fn eks_cpu_reserved_millis(capacity_millis: u64) -> u64 {
    let mut reserved = 0;
    for term in band_terms(capacity_millis, &CPU_BANDS) {
        reserved += term / 10_000;
    }
    reserved
}

/// GKE's CPU reservation, rounded up to a whole millicore (the kubelet takes whole
/// millicores; rounding up never promises pods CPU the node keeps).
pub fn gke_cpu_reserved_millis(capacity_millis: u64) -> u64 {
    let mut exact = 0u64;
    for term in band_terms(capacity_millis, &CPU_BANDS) {
        exact = exact.saturating_add(term);
    }
    exact.div_ceil(10_000)
}

/// GKE's memory reservation in MiB, rounded up to a whole MiB: 255 MiB for machines with less
/// than 1 GiB, else the regressive bands.
pub fn gke_memory_reserved_mib(capacity_mib: u64) -> (u64, MemoryRule) {
    if capacity_mib < 1024 {
        // "255 MiB of memory for machines with less than 1 GiB of memory".
        return (255, MemoryRule::GkeSmall);
    }
    let mut exact = 0u64;
    for term in band_terms(capacity_mib, &GKE_MEMORY_BANDS) {
        exact = exact.saturating_add(term);
    }
    (exact.div_ceil(10_000), MemoryRule::GkeBands)
}

/// The EKS AMI's memory reservation: `11 * max_pods + 255` MiB
/// (`get_memory_mebibytes_to_reserve`).
pub fn eks_memory_reserved_mib(max_pods: u32) -> u64 {
    11 * u64::from(max_pods) + 255
}

/// AKS's CPU reservations in millicores by cores on the host ("CPU reservations": a table;
/// AKS publishes no value for other core counts).
const AKS_CPU_TABLE: [(u64, u64); 7] = [
    (1, 60),
    (2, 100),
    (4, 140),
    (8, 180),
    (16, 260),
    (32, 420),
    (64, 740),
];

/// Whether AKS's table has a row for `capacity_millis` (whole cores).
pub fn aks_cpu_in_table(capacity_millis: u64) -> bool {
    AKS_CPU_TABLE
        .iter()
        .any(|(cores, _)| cores * 1000 == capacity_millis)
}

/// AKS's kube-reserved CPU for a whole number of cores. The table's rows from 4 to 64 cores
/// are all 140m + 10m per core above 4 (180m at 8, 260m at 16, 420m at 32, 740m at 64), so
/// cores without a row from 4 up (48, 96 on `Standard_D48s_v5`, `Standard_D96s_v5`) take that
/// line. `None` for 3 cores (between the rows of 1 to 4, where the steps differ), a part of a
/// core, or none.
pub fn aks_cpu_reserved_millis(capacity_millis: u64) -> Option<u64> {
    if capacity_millis == 0 || !capacity_millis.is_multiple_of(1000) {
        return None;
    }
    let cores = capacity_millis / 1000;
    if let Some(&(_, millis)) = AKS_CPU_TABLE.iter().find(|(c, _)| *c == cores) {
        return Some(millis);
    }
    (cores > 4).then(|| 140 + 10 * (cores - 4))
}

/// AKS 1.29 and later: the lesser of 20 MB × max pods + 50 MB and 25 % of the memory. The
/// page writes MB; AKS's own API names the same kube-reserved memory `memoryMB` and documents
/// it "in MiB" (Microsoft Learn, `@azure/arm-containerservice`, `KubeReserved` interface), as
/// the kubelet's settings are, so MiB is what is used here (25 % rounded up to a whole MiB).
pub fn aks_memory_reserved_mib(capacity_mib: u64, max_pods: u32) -> (u64, MemoryRule) {
    let by_pods = 20 * u64::from(max_pods) + 50;
    let quarter = capacity_mib.div_ceil(4);
    if by_pods <= quarter {
        (by_pods, MemoryRule::AksPods)
    } else {
        (quarter, MemoryRule::AksQuarter)
    }
}

/// The kubelet's hard eviction threshold `memory.available`: 100 MiB on all three (EKS AMI:
/// `"evictionHard": {"memory.available": "100Mi"}`; GKE: "an additional 100 MiB of memory on
/// each node for kubelet eviction"; AKS 1.29 and later: "memory.available < 100 Mi").
pub const EVICTION_MIB: u64 = 100;

/// The chosen type, when the settings name one: an error naming the field when the provider
/// has no such type.
fn chosen_type(m: &ManagedNode) -> Result<Option<&'static NodeType>, FieldError> {
    let Some(name) = m
        .node_type
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    else {
        return Ok(None);
    };
    node_types(m.provider)
        .find(|t| t.name.eq_ignore_ascii_case(name))
        .map(Some)
        .ok_or_else(|| {
            FieldError::new(
                FieldId::NodeType,
                Given::Text(format!("\"{name}\"")),
                Allowed::Words(format!(
                    "a {} type from the suggestions, or empty to type CPU and memory",
                    m.provider.name()
                )),
            )
        })
}

/// The maximum pods EKS or AKS uses: typed, else the type's (EKS), else AKS's default.
fn max_pods_used(m: &ManagedNode, t: Option<&NodeType>) -> Result<u32, FieldError> {
    if let Some(p) = m.max_pods {
        return FieldError::outside_catalog_range_of(Kubernetes, FieldId::MaxPods, p.into())
            .map_or(Ok(p), Err);
    }
    match (m.provider, t) {
        (Provider::Eks, Some(t)) => Ok(t.max_pods),
        (Provider::Aks, _) => Ok(AKS_DEFAULT_MAX_PODS),
        _ => Err(FieldError::new(
            FieldId::MaxPods,
            Given::Text("not set".into()),
            Allowed::Words(
                "a number of pods (EKS reserves memory by it), or an instance type to take it \
                 from"
                    .into(),
            ),
        )),
    }
}

/// The memory capacity a managed node's kubelet reports: typed from `kubectl describe node`,
/// else the type's (EKS: less Karpenter's margin; GKE and AKS: nominal), else as typed.
fn memory_capacity(
    m: &ManagedNode,
    t: Option<&NodeType>,
    typed_memory_mib: u64,
) -> Result<(u64, CapacitySource), FieldError> {
    if let Some(r) = m.reported_memory_mib {
        return FieldError::outside_catalog_range_of(Kubernetes, FieldId::ReportedMemory, r)
            .map_or(Ok((r, CapacitySource::Reported)), Err);
    }
    Ok(match (t, m.provider) {
        (None, _) => (typed_memory_mib, CapacitySource::Typed),
        (Some(t), Provider::Eks) => {
            let nominal_mib = u64::from(t.memory_gib) * 1024;
            let source = CapacitySource::EksMargin { nominal_mib };
            (eks_reported_memory_mib(nominal_mib), source)
        }
        (Some(t), _) => (u64::from(t.memory_gib) * 1024, CapacitySource::Nominal),
    })
}

/// A node's reservations by its provider's formula, from the typed capacity (millicores, MiB)
/// or the chosen type's. `Ok(None)` for custom (the typed reservations stand).
pub fn node_reservation(
    m: &ManagedNode,
    typed_cpu_millis: u64,
    typed_memory_mib: u64,
) -> Result<Option<NodeReservation>, FieldError> {
    if m.provider == Provider::Custom {
        return Ok(None);
    }
    let t = chosen_type(m)?;
    let cpu = t.map_or(typed_cpu_millis, |t| u64::from(t.vcpus) * 1000);
    let (memory, capacity_source) = memory_capacity(m, t, typed_memory_mib)?;
    let (kube_cpu, (kube_memory, rule), max_pods) = match m.provider {
        Provider::Eks => {
            let pods = max_pods_used(m, t)?;
            let memory = (eks_memory_reserved_mib(pods), MemoryRule::EksPods);
            (eks_cpu_reserved_millis(cpu), memory, Some(pods))
        }
        Provider::Gke => (
            gke_cpu_reserved_millis(cpu),
            gke_memory_reserved_mib(memory),
            None,
        ),
        _ => {
            let pods = max_pods_used(m, t)?;
            let cpu_reserved = aks_cpu_reserved_millis(cpu).ok_or_else(|| {
                FieldError::new(
                    FieldId::NodeCpu,
                    Given::Whole(cpu),
                    Allowed::Words("a whole number of cores".into()),
                )
                .because("AKS reserves CPU by the node's whole cores")
            })?;
            (
                cpu_reserved,
                aks_memory_reserved_mib(memory, pods),
                Some(pods),
            )
        }
    };
    Ok(Some(NodeReservation {
        provider: m.provider,
        node_type: t,
        capacity_cpu_millis: cpu,
        capacity_memory_mib: memory,
        capacity_source,
        max_pods,
        kube_reserved_cpu_millis: kube_cpu,
        system_reserved_cpu_millis: 0,
        kube_reserved_memory_mib: kube_memory,
        system_reserved_memory_mib: 0,
        eviction_memory_mib: EVICTION_MIB,
        memory_rule: rule,
    }))
}

fn step(title: &str, detail: String) -> Step {
    Step::new(title, detail)
}

/// The kube-reserved CPU formula with its numbers.
fn cpu_words(r: &NodeReservation) -> String {
    let cpu = crate::format::kubernetes_millicores(r.capacity_cpu_millis);
    let reserved = crate::format::kubernetes_millicores(r.kube_reserved_cpu_millis);
    match r.provider {
        Provider::Aks if aks_cpu_in_table(r.capacity_cpu_millis) => format!(
            "AKS's table for {} cores: {reserved}",
            r.capacity_cpu_millis / 1000
        ),
        Provider::Aks => format!(
            "AKS's table has no row for {} cores; its rows from 4 to 64 cores are 140m + 10m a \
             core above 4: {reserved}",
            r.capacity_cpu_millis / 1000
        ),
        Provider::Eks => format!(
            "6% of the first core, 1% of the second, 0.5% of cores 3–4, 0.25% above, of \
             {cpu} = {reserved} (each band truncated, as the AMI's shell arithmetic does)"
        ),
        _ => format!(
            "6% of the first core, 1% of the second, 0.5% of cores 3–4, 0.25% above, of \
             {cpu} = {reserved} (rounded up to a whole millicore)"
        ),
    }
}

/// The kube-reserved memory formula with its numbers.
fn memory_words(r: &NodeReservation) -> String {
    let pods = r.max_pods.unwrap_or(0);
    let kube = r.kube_reserved_memory_mib;
    match r.memory_rule {
        MemoryRule::EksPods => format!("11 MiB × {pods} max pods + 255 MiB = {kube} MiB"),
        MemoryRule::GkeSmall => format!("255 MiB (machines under 1 GiB) = {kube} MiB"),
        MemoryRule::GkeBands => format!(
            "25% of the first 4 GiB, 20% of the next 4, 10% of the next 8, 6% of the next 112, \
             2% above 128 GiB, of {} MiB = {kube} MiB (rounded up to a whole MiB)",
            r.capacity_memory_mib
        ),
        MemoryRule::AksPods => format!(
            "the lesser of 20 MiB × {pods} max pods + 50 MiB = {kube} MiB and 25% of {} MiB = {} MiB: {kube} MiB",
            r.capacity_memory_mib,
            r.capacity_memory_mib.div_ceil(4)
        ),
        MemoryRule::AksQuarter => format!(
            "the lesser of 20 MiB × {pods} max pods + 50 MiB = {} MiB and 25% of {} MiB = {kube} MiB: {kube} MiB",
            20 * u64::from(pods) + 50,
            r.capacity_memory_mib
        ),
    }
}

/// Where a node's memory capacity came from, in a sentence (empty when typed).
pub fn capacity_note(source: CapacitySource) -> &'static str {
    match source {
        CapacitySource::Typed => "",
        CapacitySource::Reported => "Memory as kubectl describe node shows it.",
        CapacitySource::EksMargin { .. } => {
            "Memory: the type's less Karpenter's 7.5% VM margin, what EC2 nodes report; type \
             kubectl describe node's figure to use it."
        }
        CapacitySource::Nominal => {
            "Memory: the type's nominal size; the node reports less, so type what kubectl \
             describe node shows."
        }
    }
}

/// The capacity step: the type's vCPUs and memory, or the typed ones, and where the memory
/// came from.
fn capacity_step(r: &NodeReservation) -> Step {
    let from = r.node_type.map_or_else(
        || "as typed".to_string(),
        |t| format!("{}: {} vCPUs, {} GiB", t.name, t.vcpus, t.memory_gib),
    );
    let memory = match r.capacity_source {
        CapacitySource::EksMargin { nominal_mib } => format!(" ({nominal_mib} MiB less 7.5%)"),
        _ => String::new(),
    };
    step(
        "Node capacity",
        format!(
            "{} ({from}): {} CPU, {} MiB of memory{memory}. {}",
            r.provider.name(),
            crate::format::kubernetes_millicores(r.capacity_cpu_millis),
            r.capacity_memory_mib,
            capacity_note(r.capacity_source)
        ),
    )
}

/// The reservation step by step, as `kubectl describe node` shows a node: capacity,
/// kube-reserved, system-reserved, eviction threshold, allocatable, then the daemonsets and
/// what is left for Spark's pods. Empty for custom settings.
pub fn reservation_steps(
    r: &NodeReservation,
    daemonset_cpu_millis: u64,
    daemonset_memory_mib: u64,
) -> Vec<Step> {
    let cpu_left = r
        .allocatable_cpu_millis()
        .saturating_sub(daemonset_cpu_millis);
    let memory_left = r
        .allocatable_memory_mib()
        .saturating_sub(daemonset_memory_mib);
    vec![
        capacity_step(r),
        step(
            "kube-reserved",
            format!("CPU: {}. Memory: {}.", cpu_words(r), memory_words(r)),
        ),
        step(
            "system-reserved",
            format!(
                "{} sets none: 0m CPU, 0 MiB (its formula above is the whole reservation).",
                r.provider.name()
            ),
        ),
        step(
            "Eviction threshold",
            format!("memory.available < {} MiB, kept free of pods", r.eviction_memory_mib),
        ),
        step(
            "Allocatable (kubectl describe node)",
            format!(
                "CPU {} − {} = {}; memory {} MiB − {} MiB − {} MiB = {} MiB ({}Ki)",
                crate::format::kubernetes_millicores(r.capacity_cpu_millis),
                crate::format::kubernetes_millicores(r.reserved_cpu_millis()),
                crate::format::kubernetes_millicores(r.allocatable_cpu_millis()),
                r.capacity_memory_mib,
                r.kube_reserved_memory_mib + r.system_reserved_memory_mib,
                r.eviction_memory_mib,
                r.allocatable_memory_mib(),
                r.allocatable_memory_mib().saturating_mul(1024)
            ),
        ),
        step(
            "Room for Spark's pods per node",
            format!(
                "allocatable − daemonsets: CPU {} − {} = {}; memory {} MiB − {} MiB = {} MiB. Source: {}.",
                crate::format::kubernetes_millicores(r.allocatable_cpu_millis()),
                crate::format::kubernetes_millicores(daemonset_cpu_millis),
                crate::format::kubernetes_millicores(cpu_left),
                r.allocatable_memory_mib(),
                daemonset_memory_mib,
                memory_left,
                r.provider.source()
            ),
        ),
    ]
}
