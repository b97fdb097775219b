//! The catalog's fields as command-line flags. Every input of the page is a flag, generated
//! from the field catalog (`planner::catalog`), which holds each field's URL key, label, unit,
//! allowed range and hint; defaults come from the cluster manager's default input, written by
//! the link codec. So a field is named in one place, and the flags follow the page.
//!
//! Each field answers to two or three names, and each name has one reading:
//! - its **long name**, the catalog's field id in kebab-case (`--cores-per-node`,
//!   `--node-memory`), the same for every cluster manager that has the field, and its
//!   **configuration key** when the page names the field by one (`--spark.executor.memory`,
//!   `--yarn.nodemanager.resource.memory-mb`): the value is read as the page's box reads typed
//!   text, a bare number in the unit the box shows (`--node-memory 64` is 64 GiB; a Spark key
//!   as Spark reads it: `--spark.memory.offHeap.size 2048` is 2 048 bytes);
//! - its **link key**, the share link's key (`--c`, `--kmem`): the value is read exactly as the
//!   link reads that key (`planner::url`), so `--kmem 65536` is the link's `kmem=65536`, 64 GiB
//!   in MiB.
//!
//! Texts with a unit (`64 GB`, `2g`, `50%`) read the same under every name.

use planner::catalog::{self, ClusterManager, Entry, FieldId, Kind, Typed, Unit};
use planner::format;
use planner::format::spark_size;
use planner::scenario::Scenario;
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

/// The configuration key of a field: the Spark key it stands for (`catalog::spark_key`), or
/// the key the page names it by when its label or name is one (`spark.executor.memory`,
/// `yarn.nodemanager.resource.memory-mb`).
pub fn configuration_key(e: &Entry) -> Option<&'static str> {
    let is_key = |text: &str| {
        (text.starts_with("spark.") || text.starts_with("yarn."))
            && text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
    };
    catalog::spark_key(e.id).or_else(|| [e.label, e.name].into_iter().find(|text| is_key(text)))
}

/// Every flag name of every cluster manager (long names, link keys, then configuration keys),
/// each once, in catalog order.
pub fn all_flag_names() -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let entries = catalog::all_entries();
    let long = entries.iter().map(|e| long_name(e.id));
    let keys = entries.iter().map(|e| e.key.to_string());
    let configuration = entries
        .iter()
        .filter_map(configuration_key)
        .map(str::to_string);
    for name in long.chain(keys).chain(configuration) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// How a flag's value is read: the flag's kind of name decides it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// A long name or configuration key: as the page's box reads typed text.
    AsTyped,
    /// A link key: as the share link reads that key.
    AsInLink,
}

/// The entry `flag` (a long name, configuration key or link key) stands for in `m`'s inputs,
/// and how its value is read.
pub fn entry_of_flag(m: ClusterManager, flag: &str) -> Option<(&'static Entry, Reading)> {
    let typed = catalog::entries(m)
        .find(|e| long_name(e.id) == flag || configuration_key(e) == Some(flag))
        .map(|e| (e, Reading::AsTyped));
    typed.or_else(|| catalog::entry_by_key(m, flag).map(|e| (e, Reading::AsInLink)))
}

/// The unit a bare number is in when the link gives it (the unit the value is held in), when
/// that differs from the unit the page's box reads it in ([`Entry::bare_unit`]).
pub fn link_unit_if_other(e: &Entry) -> Option<&'static str> {
    let held = match e.unit {
        Unit::MiB => "MiB",
        Unit::GiB => "GiB",
        _ => return None,
    };
    (!e.bare_unit().is_empty() && e.bare_unit() != held).then_some(held)
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

/// `--cores-per-node, --c`: how a field is given on the command line (with its configuration
/// key, when it has one).
pub fn flags_of(e: &Entry) -> String {
    match configuration_key(e) {
        Some(key) => format!("--{}, --{}, --{key}", long_name(e.id), e.key),
        None => format!("--{}, --{}", long_name(e.id), e.key),
    }
}

/// [`flags_of`], saying what a bare number means by each name when they differ
/// (`--node-memory, --kmem (a bare number: GiB by name, MiB by link key)`).
pub fn flags_with_units(e: &Entry) -> String {
    match link_unit_if_other(e) {
        Some(held) => format!(
            "{} (a bare number: {} by name, {held} by link key)",
            flags_of(e),
            e.bare_unit()
        ),
        None => flags_of(e),
    }
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
            spark_size(mib)
        }
        (_, Unit::Cores, _, Some(n)) => format::counted(n, "core"),
        (_, Unit::Vcores, _, Some(n)) => format::counted(n, "vcore"),
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

/// `m`'s entries in the page form's order, under the form's group titles
/// ([`catalog::form_groups`]); an entry the groups miss comes last, under "Other".
pub fn entries_in_form_order(m: ClusterManager) -> Vec<(&'static str, Vec<&'static Entry>)> {
    let mut groups: Vec<(&'static str, Vec<&'static Entry>)> = catalog::form_groups(m)
        .iter()
        .map(|(title, parts)| {
            let ids = parts.iter().flat_map(|part| part.iter());
            let entries = ids.filter_map(|id| catalog::entry(m, *id)).collect();
            (*title, entries)
        })
        .collect();
    let listed = |e: &Entry| groups.iter().any(|(_, g)| g.iter().any(|x| x.id == e.id));
    let others: Vec<&'static Entry> = catalog::entries(m).filter(|e| !listed(e)).collect();
    if !others.is_empty() {
        groups.push(("Other", others));
    }
    groups
}

/// Every field of `m` for `--fields`, in the form's order and groups: flags, label, what it
/// accepts, its default and hint.
pub fn fields_listing(m: ClusterManager) -> String {
    let mut out = format!("{} inputs (--manager {}):\n", manager_words(m), m.as_str());
    for (title, entries) in entries_in_form_order(m) {
        out.push_str(&format!("\n{title}\n"));
        for e in entries {
            out.push_str(&field_lines(m, e));
        }
    }
    out
}

/// One field of [`fields_listing`].
fn field_lines(m: ClusterManager, e: &Entry) -> String {
    let mut out = format!("  {}\n      {}", flags_with_units(e), e.label);
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
                    .filter(|e| {
                        long_name(e.id) == name
                            || e.key == name
                            || configuration_key(e) == Some(name.as_str())
                    })
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
    fn the_form_groups_list_every_field_once() {
        for m in ClusterManager::ALL {
            let groups = entries_in_form_order(m);
            let other: Vec<_> = groups
                .iter()
                .filter(|(t, _)| *t == "Other")
                .flat_map(|(_, g)| g.iter().map(|e| e.id))
                .collect();
            assert!(other.is_empty(), "{m:?}: {other:?}");
            let listed: Vec<FieldId> = groups
                .iter()
                .flat_map(|(_, g)| g.iter().map(|e| e.id))
                .collect();
            for e in catalog::entries(m) {
                let times = listed.iter().filter(|id| **id == e.id).count();
                assert_eq!(times, 1, "{:?} in {m:?}", e.id);
            }
            assert_eq!(listed.len(), catalog::entries(m).count(), "{m:?}");
        }
    }

    #[test]
    fn no_flag_name_has_two_readings() {
        for m in ClusterManager::ALL {
            for e in catalog::entries(m) {
                for other in catalog::entries(m) {
                    let by_name = [
                        Some(long_name(e.id)),
                        configuration_key(e).map(String::from),
                    ];
                    assert!(
                        !by_name.contains(&Some(other.key.to_string())),
                        "--{} is a name of {:?} and the link key of {:?} in {m:?}",
                        other.key,
                        e.id,
                        other.id
                    );
                }
            }
        }
    }

    #[test]
    fn configuration_keys_are_whole_keys_only() {
        let yarn = ClusterManager::Yarn;
        let key_of = |id| catalog::entry(yarn, id).and_then(configuration_key);
        assert_eq!(key_of(FieldId::DriverMemory), Some("spark.driver.memory"));
        assert_eq!(
            key_of(FieldId::NodeManagerMemory),
            Some("yarn.nodemanager.resource.memory-mb")
        );
        // "spark.executor.memory in" is a label with words, not a key.
        assert_eq!(key_of(FieldId::Granularity), None);
        assert_eq!(key_of(FieldId::Nodes), None);
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
