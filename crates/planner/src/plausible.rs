//! Hardware that reads but is unlikely to be meant: memory per node far above or below what
//! any machine has per core, most often a number typed in the wrong unit (`m=65536`, the MB
//! figure of `yarn-site.xml`, read as GiB: 64 TiB). The plan is still made — the numbers are
//! allowed — and the warning names the field and the value probably meant.

use crate::catalog::{self, ClusterManager, FieldId, Unit};
use crate::scenario::Scenario;
use crate::warning::{Code, Diagnostic, Severity};

/// The most memory per core (or vCPU) any machine offers, with room: 128 GiB. The largest
/// ratios sold are about 55 GiB per vCPU (EC2 `u-24tb1.112xlarge`: 24 TiB, 448 vCPUs) and
/// 30.5 GiB (`x1e.32xlarge`: 3,904 GiB, 128 vCPUs) — aws.amazon.com/ec2/instance-types.
const MOST_MIB_PER_CORE: u64 = 128 * 1024;

/// The least: 256 MiB per core (EC2 `t3.nano`: 0.5 GiB, 2 vCPUs — the smallest ratio sold).
const LEAST_MIB_PER_CORE: u64 = 256;

/// The scenario's implausible hardware, as warnings naming the field.
pub fn hardware_warnings(s: &Scenario) -> Vec<Diagnostic> {
    let found = match s {
        Scenario::Yarn(i) => {
            let gib = i.cluster.memory_per_node_gib;
            let mib = if gib.is_finite() && gib > 0.0 && gib < 1.0e12 {
                (gib * 1024.0).round() as u64
            } else {
                0
            };
            node_memory_warning(
                ClusterManager::Yarn,
                FieldId::MemoryPerNode,
                mib,
                u64::from(i.cluster.cores_per_node) * 1000,
                // "0.2" GiB is 204.8 MiB: no number typed a unit away reads as "205 GiB".
                (gib * 1024.0).fract() == 0.0,
            )
        }
        Scenario::Kubernetes(k) => node_memory_warning(
            ClusterManager::Kubernetes,
            FieldId::NodeMemory,
            k.nodes.capacity_memory_mib,
            k.nodes.capacity_cpu_millis,
            true,
        ),
        Scenario::Emr(_) => None,
    };
    found.into_iter().collect()
}

/// "64 TiB per node — did you mean 64 GiB?" when memory per core is beyond any machine; the
/// value meant is the number read a binary unit smaller (too much) or larger (too little),
/// offered only when `exact` (`mib` is the amount typed, not a rounding of it).
fn node_memory_warning(
    m: ClusterManager,
    field: FieldId,
    mib: u64,
    cpu_millis: u64,
    exact: bool,
) -> Option<Diagnostic> {
    if mib == 0 || cpu_millis == 0 {
        return None;
    }
    let too_much =
        |mib: u64| u128::from(mib) * 1000 > u128::from(MOST_MIB_PER_CORE) * u128::from(cpu_millis);
    let too_little =
        |mib: u64| u128::from(mib) * 1000 < u128::from(LEAST_MIB_PER_CORE) * u128::from(cpu_millis);
    let meant = if too_much(mib) {
        mib / 1024
    } else if too_little(mib) {
        mib.saturating_mul(1024)
    } else {
        return None;
    };
    // A value a unit away that is no machine either is not offered as the one meant.
    let meant = if !exact || too_much(meant) || too_little(meant) {
        0
    } else {
        meant
    };
    let name = catalog::name(m, field);
    let shown = Unit::MiB.format_whole(mib);
    let message = if meant == 0 {
        let than = if too_much(mib) { "more" } else { "less" };
        format!("{name}: {shown} per node is {than} than any machine has per core")
    } else {
        format!(
            "{name}: {shown} per node — did you mean {}?",
            Unit::MiB.format_whole(meant)
        )
    };
    Some(Diagnostic::new(Code::ImplausibleHardware, Severity::Warning, message).about(field))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::scenario_from_query;

    fn warnings(query: &str) -> Vec<String> {
        hardware_warnings(&scenario_from_query(query).scenario)
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    #[test]
    fn a_node_memory_in_the_wrong_unit_is_flagged_with_the_value_meant() {
        assert_eq!(
            warnings("v=1&m=65536"),
            ["Memory per node: 64 TiB per node — did you mean 64 GiB?"]
        );
        // An old Kubernetes link's bare number is MiB: 64 MiB for 16 CPUs.
        assert!(warnings("v=1&cm=k8s&kmem=64")[0]
            .starts_with("Memory per node: 64 MiB per node — did you mean 64 GiB?"));
        assert!(warnings("v=1").is_empty());
        assert!(warnings("v=1&m=512&c=16").is_empty());
        assert!(warnings("v=1&cm=k8s").is_empty());
        assert!(warnings("v=1&m=4096&c=16").len() == 1);
        // A fraction of a GiB that is no whole MiB: the amount a unit larger would be a
        // rounding ("205 GiB" for 0.2), so none is offered.
        assert_eq!(
            warnings("v=1&m=0.2"),
            ["Memory per node: 205 MiB per node is less than any machine has per core"]
        );
        assert_eq!(
            warnings("v=1&m=0.5"),
            ["Memory per node: 512 MiB per node — did you mean 512 GiB?"]
        );
        // A unit away is no machine either: no value is offered as the one meant.
        assert_eq!(
            warnings("v=1&m=999999999"),
            [
                "Memory per node: 999\u{202f}999\u{202f}999 GiB per node is more than any machine \
              has per core"
            ]
        );
    }
}
