//! The catalog's fields as command-line flags. Every input of the page is a flag, generated
//! from the field catalog (`planner::catalog`), which holds each field's URL key, label, unit,
//! allowed range and hint; defaults come from the cluster manager's default input, written by
//! the link codec. So a field is named in one place, and the flags follow the page.
//!
//! Each field answers to two names:
//! - its **long name**, the catalog's field id in kebab-case (`--cores-per-node`,
//!   `--executor-memory`), the same for every cluster manager that has the field;
//! - its **link key**, the share link's key (`--c`, `--em`), so a link's `c=32` is `--c 32`.
//!
//! A value is read as the page's form reads it: a number without a unit is in the unit the
//! field shows (`--memory-per-node 64` is 64 GiB, `--executor-memory 19g` or `19456` MiB for a
//! Spark-style size, which Spark reads as MiB); `64 GB`, `2g` and `50%` work too.

use planner::catalog::{self, ClusterManager, Entry, FieldId, Kind, Typed, Unit};
use planner::scenario::Scenario;
use planner::units::format_spark_mib;
use planner::url;

/// The long name of a field: its catalog id in kebab-case (`CoresPerNode` → `cores-per-node`).
pub fn long_name(id: FieldId) -> String {
    let camel = format!("{id:?}");
    let mut out = String::with_capacity(camel.len() + 4);
    for (i, c) in camel.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Every flag name of every cluster manager (long names, then link keys), each once, in
/// catalog order.
pub fn all_flag_names() -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let entries = catalog::all_entries();
    let long = entries.iter().map(|e| long_name(e.id));
    let keys = entries.iter().map(|e| e.key.to_string());
    for name in long.chain(keys) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// The entry `flag` (a long name or a link key) stands for in `m`'s inputs.
pub fn entry_of_flag(m: ClusterManager, flag: &str) -> Option<&'static Entry> {
    catalog::entries(m)
        .find(|e| long_name(e.id) == flag)
        .or_else(|| catalog::entry_by_key(m, flag))
}

/// The cluster managers whose inputs include `flag`.
pub fn managers_of_flag(flag: &str) -> Vec<ClusterManager> {
    ClusterManager::ALL
        .into_iter()
        .filter(|m| entry_of_flag(*m, flag).is_some())
        .collect()
}

/// A cluster manager's name in messages.
pub fn manager_words(m: ClusterManager) -> &'static str {
    match m {
        ClusterManager::Yarn => "YARN",
        ClusterManager::Kubernetes => "Kubernetes",
        ClusterManager::Emr => "Amazon EMR",
    }
}

/// `--cores-per-node, --c`: how a field is given on the command line.
pub fn flags_of(e: &Entry) -> String {
    format!("--{}, --{}", long_name(e.id), e.key)
}

/// The field's default in `m`, as a flag would give it (`64 GiB`, `1g`, `cluster`), or `None`
/// when unset by default.
pub fn default_text(m: ClusterManager, e: &Entry) -> Option<String> {
    let text = url::scenario_text_of(e.key, &Scenario::default_for(m))?;
    if text.is_empty() {
        return None;
    }
    let number = text.parse::<u64>().ok();
    let shown = match (e.kind, e.unit, e.typed, number) {
        // Held in MiB, typed in GiB (Kubernetes' memory per node, YARN's memory target).
        (_, Unit::MiB, Typed::GiB, Some(mib)) | (Kind::SparkMemory, _, _, Some(mib)) => {
            format_spark_mib(mib)
        }
        (_, Unit::Cores, _, Some(n)) => catalog::counted(n, "core"),
        (_, Unit::Vcores, _, Some(n)) => catalog::counted(n, "vcore"),
        // A CPU quantity carries its unit when in millicores (`180m`).
        (Kind::Cpu, _, _, _) if text.ends_with('m') => text,
        _ if !e.unit_text().is_empty() => format!("{text} {}", e.unit_text()),
        _ => text,
    };
    Some(shown)
}

/// What a field accepts, in words: its choices, or its range in its unit.
pub fn accepts_text(e: &Entry) -> String {
    if let Some(options) = e.kind.options() {
        let values: Vec<String> = options
            .iter()
            .map(|(value, shown)| {
                if value == shown {
                    value.to_string()
                } else {
                    format!("{value} ({shown})")
                }
            })
            .collect();
        return values.join(" | ");
    }
    let mut words = match e.kind {
        Kind::InstanceType => "an EC2 instance type (r5.4xlarge), or custom".to_string(),
        Kind::Cpu => "a CPU quantity (2, 0.5, 500m)".to_string(),
        Kind::ExecutorCount => "a count, or max".to_string(),
        _ => e.range.describe(e.unit),
    };
    if !e.bare_hint().is_empty() {
        words.push_str(&format!(" ({})", e.bare_hint()));
    }
    if e.optional {
        words.push_str("; empty: not set");
    }
    words
}

/// Every field of `m` for `--fields`: flags, label, what it accepts, its default and hint.
pub fn fields_listing(m: ClusterManager) -> String {
    let mut out = format!("{} inputs (--manager {}):\n", manager_words(m), m.as_str());
    for e in catalog::entries(m) {
        out.push_str(&format!("  {}\n      {}", flags_of(e), e.label));
        if e.name != e.label {
            out.push_str(&format!(" ({})", e.name));
        }
        out.push_str(&format!(": {}", accepts_text(e)));
        if let Some(default) = default_text(m, e) {
            out.push_str(&format!("; default {default}"));
        }
        out.push('\n');
        if !e.hint.is_empty() {
            out.push_str(&format!("      {}\n", e.hint));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_are_kebab_case_ids() {
        assert_eq!(long_name(FieldId::Nodes), "nodes");
        assert_eq!(long_name(FieldId::CoresPerNode), "cores-per-node");
        assert_eq!(
            long_name(FieldId::MaximumAllocationVcores),
            "maximum-allocation-vcores"
        );
        assert_eq!(long_name(FieldId::OffHeapSize), "off-heap-size");
    }

    #[test]
    fn every_flag_names_one_field_per_manager() {
        for m in ClusterManager::ALL {
            for name in all_flag_names() {
                let matching: Vec<FieldId> = catalog::entries(m)
                    .filter(|e| long_name(e.id) == name || e.key == name)
                    .map(|e| e.id)
                    .collect();
                assert!(
                    matching.iter().all(|id| *id == matching[0]),
                    "--{name} is ambiguous for {m:?}: {matching:?}"
                );
            }
        }
    }

    #[test]
    fn defaults_read_in_the_flag_unit() {
        let yarn = ClusterManager::Yarn;
        let k8s = ClusterManager::Kubernetes;
        let of = |m, id| default_text(m, catalog::entry(m, id).unwrap());
        assert_eq!(of(yarn, FieldId::Nodes).as_deref(), Some("6"));
        assert_eq!(of(yarn, FieldId::MemoryPerNode).as_deref(), Some("64 GiB"));
        assert_eq!(of(yarn, FieldId::DriverMemory).as_deref(), Some("1g"));
        assert_eq!(of(yarn, FieldId::MemoryTarget), None);
        assert_eq!(of(k8s, FieldId::NodeMemory).as_deref(), Some("64g"));
    }
}
