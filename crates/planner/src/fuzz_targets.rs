//! Fuzz target bodies (feature `fuzzing`), one source for both drivers: the coverage-guided
//! libFuzzer targets in `fuzz/` (nightly) and the seeded random run in
//! `tests/fuzz_short.rs` (stable, in `scripts/test.sh`).
//!
//! Each function takes arbitrary bytes and panics only when a property fails: a panic from the
//! planner itself, or an assertion here (a round trip that does not return, a layout that breaks
//! its invariants). Every panic is a finding.

use crate::catalog::ClusterManager;
use crate::format;
use crate::layout::{Block, BlockKind, NodeGroup, PartKind};
use crate::scenario::{plan as plan_scenario, presets, Outcome, Scenario};
use crate::units::{byte_string_as, conf_bytes, ByteUnit};
use crate::url::{manager_keys, scenario_apply, scenario_from_query, scenario_text_of};
use crate::yarn::Calculator;

/// The text the readers get: the bytes as UTF-8, invalid sequences replaced.
fn text_of(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// The link codec: whatever a query decodes to encodes to a link that decodes to the same
/// scenario, with nothing unknown or unreadable in it; the YARN-only reader likewise.
pub fn url_codec(data: &[u8]) {
    let query = text_of(data);
    let decoded = scenario_from_query(&query);
    let link = crate::url::scenario_to_query(&decoded.scenario);
    let again = scenario_from_query(&link);
    assert_eq!(again.scenario, decoded.scenario, "{query:?} → {link:?}");
    assert!(again.bad.is_empty(), "{link:?}: {:?}", again.bad);
    assert!(again.unknown.is_empty(), "{link:?}: {:?}", again.unknown);
    let yarn = crate::url::from_query(&query);
    let yarn_link = crate::url::to_query(&yarn.input);
    assert_eq!(
        crate::url::from_query(&yarn_link).input,
        yarn.input,
        "{yarn_link:?}"
    );
}

/// The form's text reader: each field of each manager reads the text (first byte: which
/// field); a value it accepts is written back by the form as text that reads to the same input.
pub fn form_text(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let text = text_of(rest);
    let _ = crate::text::check_length(&text);
    // The form's number reading (a `+` dropped, digit groups joined) is done once for all.
    let typed = crate::text::typed_number(&text);
    assert_eq!(crate::text::typed_number(&typed), typed, "{text:?}");
    let _ = crate::text::with_bare_unit(&text, "GiB");
    let _ = crate::text::parse_mib(&text);
    let _ = crate::text::parse_count(&text);
    let _ = crate::text::parse_count_u32(&text);
    let _ = crate::text::parse_factor(&text);
    let _ = crate::text::parse_percent(&text);
    if let Ok(v) = crate::text::parse_real(&text) {
        let written = crate::text::format_real(v);
        let _ = crate::text::parse_real(&written);
    }
    let manager = manager_of(pick);
    let keys = manager_keys(manager);
    let key = keys[usize::from(pick / 3) % keys.len()];
    let mut scenario = Scenario::default_for(manager);
    if scenario_apply(key, &mut scenario, &text).is_ok() {
        let shown = scenario_text_of(key, &scenario).unwrap_or_default();
        let mut again = Scenario::default_for(manager);
        let reread = scenario_apply(key, &mut again, &shown);
        assert!(
            reread.is_ok(),
            "{key}={text:?} shown as {shown:?}: {reread:?}"
        );
        assert_eq!(again, scenario, "{key}={text:?} shown as {shown:?}");
    }
}

fn manager_of(byte: u8) -> ClusterManager {
    [
        ClusterManager::Yarn,
        ClusterManager::Kubernetes,
        ClusterManager::Emr,
    ][usize::from(byte % 3)]
}

const UNITS: [ByteUnit; 6] = [
    ByteUnit::Byte,
    ByteUnit::KiB,
    ByteUnit::MiB,
    ByteUnit::GiB,
    ByteUnit::TiB,
    ByteUnit::PiB,
];

/// Spark memory strings: every unit reads the text without panicking, a value read in a unit
/// is never more than the same text read in a smaller one, a negated size reads negated, and
/// what the planner writes for a MiB amount reads back to it.
pub fn memory_strings(data: &[u8]) {
    let text = text_of(data);
    let mut previous: Option<i64> = None;
    for unit in UNITS {
        let value = byte_string_as(&text, unit);
        if let (Ok(v), Some(p)) = (&value, previous) {
            assert!(*v <= p, "{text:?}: {v} in {unit:?} > {p} in a smaller unit");
        }
        previous = value.ok();
        let negated = conf_bytes(&format!("-{text}"), unit);
        if let (Ok(v), Ok(n)) = (byte_string_as(&text, unit), negated) {
            assert_eq!(n, -v, "-{text:?} in {unit:?}");
        }
    }
    let mut word = [0u8; 8];
    let n = data.len().min(8);
    word[..n].copy_from_slice(&data[..n]);
    // Up to 2^53 MiB: 2^73 bytes exceed Long.MAX_VALUE in bytes, not in MiB.
    let mib = u64::from_le_bytes(word) >> 11;
    let written = format::spark_size(mib);
    let read = byte_string_as(&written, ByteUnit::MiB).map(i64::unsigned_abs);
    assert_eq!(read, Ok(mib), "{mib} MiB written as {written:?}");
}

/// The spark-submit reader: a command line split into words the way a shell does, then read as
/// spark-submit reads its arguments; the words also read one per line.
pub fn submit_line(data: &[u8]) {
    let text = text_of(data);
    let _ = crate::submit::split_shell_words(&text);
    if let Ok(words) = crate::submit::split_command_line(&text) {
        let _ = crate::submit::read_submit_words(&words);
        if let Ok(command) = crate::submit::parse_submit(&words) {
            let _ = crate::submit::app_type_of(command.primary_resource.as_deref());
        }
    }
    let lines: Vec<&str> = text.lines().collect();
    let _ = crate::submit::parse_submit(&lines);
}

/// Every configuration reader: pasted text (spark-submit commands, spark-defaults.conf, EMR
/// JSON and job runs, SparkApplication YAML or JSON; the YAML feature on) read and checked
/// against a form (the part of a text of several that the first byte picks, each other part
/// checked on its own), its reports, "use these settings", the settings link. Reading twice
/// changes nothing; every part's reading lists the same parts; the shell's words, quoted
/// back, read to the same words; encoding what a link decodes to gives the same link.
pub fn config_text(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let text = text_of(rest);
    let _ = crate::check::properties::read_properties(&text);
    let pasted = crate::check::read(&text);
    assert_eq!(crate::check::read(&text), pasted, "{text:?}: read twice");
    for part in 0..pasted.parts.len().min(3) {
        let again = crate::check::read_part(&text, part);
        assert_eq!(again.parts, pasted.parts, "{text:?}: part {part}");
        assert_eq!(again.part, part, "{text:?}");
    }
    let form = Scenario::default_for(manager_of(pick));
    let part = usize::from(pick / 3) % pasted.parts.len().max(1);
    let checked = crate::check::check_part(&text, &form, part);
    let _ = crate::check::words::diagnostics(&checked);
    let _ = crate::check::words::parts_lines(&checked);
    let _ = crate::report::check::text(&checked);
    let _ = crate::report::check::markdown(&checked);
    let _ = crate::check::check_pasted(pasted.clone(), &form);
    let _ = crate::check::use_these_settings(&text, &form);
    shell_words_read_back(&text);
    let link = crate::check::link::encode(&pasted).value;
    let relinked = crate::check::link::encode(&crate::check::link::decode(&link)).value;
    assert_eq!(relinked, link, "{text:?}");
    let decoded = crate::check::link::decode(&text);
    let first = crate::check::link::encode(&decoded).value;
    let second = crate::check::link::encode(&crate::check::link::decode(&first)).value;
    assert_eq!(second, first, "{text:?}");
}

/// The words bash reads from `text`, each put back in single quotes, read to the same words.
fn shell_words_read_back(text: &str) {
    let Ok(words) = crate::submit::split_shell_words(text) else {
        return;
    };
    let words: Vec<String> = words.into_iter().map(|(w, _)| w).collect();
    let quoted: Vec<String> = words
        .iter()
        .map(|w| format!("'{}'", w.replace('\'', "'\\''")))
        .collect();
    let again = crate::submit::split_shell_words(&quoted.join(" "));
    let again: Vec<String> = again
        .map(|ws| ws.into_iter().map(|(w, _)| w).collect())
        .unwrap_or_default();
    assert_eq!(again, words, "{text:?}");
}

/// Reads bytes as small numbers, then zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let Some((&b, rest)) = self.0.split_first() else {
            return 0;
        };
        self.0 = rest;
        b
    }

    fn number(&mut self) -> u64 {
        let width = self.byte() % 4;
        (0..=width).fold(0, |n, _| n << 8 | u64::from(self.byte()))
    }
}

/// A value for `key`: one of the presets' texts for it, or a number (whole or with up to three
/// decimals) read from the bytes.
fn value_for(key: &str, manager: ClusterManager, bytes: &mut Bytes<'_>) -> Option<String> {
    match bytes.byte() % 4 {
        0 => None,
        1 => {
            let list = presets(manager);
            let p = &list[usize::from(bytes.byte()) % list.len()];
            scenario_text_of(key, &p.input)
        }
        2 => Some(bytes.number().to_string()),
        _ => {
            let n = bytes.number();
            Some(format!("{}.{:03}", n / 1000, n % 1000))
        }
    }
}

/// A scenario of any manager built from the bytes: a preset (or the default), then values for
/// any of its fields. Values a field refuses are left out, so most scenarios are valid.
pub fn scenario_from_bytes(data: &[u8]) -> Scenario {
    let mut bytes = Bytes(data);
    let manager = manager_of(bytes.byte());
    let list = presets(manager);
    let start = usize::from(bytes.byte());
    let mut scenario = list
        .get(start % (list.len() + 1))
        .map_or_else(|| Scenario::default_for(manager), |p| p.input.clone());
    for key in manager_keys(manager) {
        if let Some(text) = value_for(key, manager, &mut bytes) {
            let _ = scenario_apply(key, &mut scenario, &text);
        }
    }
    scenario
}

/// Planning: any scenario from the bytes plans or names its problems, a plan keeps the layout
/// invariants of its manager, and its link decodes to the same scenario.
pub fn plan_scenario_bytes(data: &[u8]) {
    let scenario = scenario_from_bytes(data);
    let link = crate::url::scenario_to_query(&scenario);
    assert_eq!(scenario_from_query(&link).scenario, scenario, "{link}");
    match plan_scenario(&scenario) {
        Outcome::Yarn(c) => {
            let Scenario::Yarn(input) = &scenario else {
                unreachable!("a YARN outcome comes from a YARN scenario")
            };
            for method in [crate::Method::RuleOfThumb, crate::Method::SparkExact] {
                check_yarn_placement(&c.plan_of(method).placement, input.scheduler.calculator);
            }
            assert_eq!(
                c.spark_exact.instances,
                c.spark_exact.placement.totals.executors
            );
        }
        Outcome::Kubernetes(p) => check_k8s_plan(&p, &link),
        Outcome::Emr(p) => check_emr_plan(&p, &link),
        Outcome::Invalid(diagnostics) => assert!(!diagnostics.is_empty(), "{link}"),
    }
}

/// Identical neighbouring nodes are one group; groups cover the nodes 1..=n in order.
fn check_groups(layout: &[NodeGroup], nodes: u32, link: &str) {
    for pair in layout.windows(2) {
        assert_ne!(pair[0].blocks, pair[1].blocks, "one group: {link}");
    }
    let mut next = 1;
    for g in layout {
        assert_eq!(g.first_node, next, "groups in order: {link}");
        next = g.last_node + 1;
    }
    assert_eq!(next - 1, nodes, "every node in a group: {link}");
}

/// A YARN container's parts add up to it.
fn check_container_parts(b: &Block, link: &str) {
    let parts: u64 = b.parts.iter().map(|p| p.mib).sum();
    assert_eq!(parts, b.memory_mib, "parts add up: {link}");
}

fn is_container(b: &Block) -> bool {
    matches!(b.kind, BlockKind::Executor | BlockKind::ApplicationMaster)
}

/// The layout invariants of one YARN placement (as `tests/properties.rs` checks them): granted
/// ≥ requested, no node holds more than its memory (or vcores, under the
/// DominantResourceCalculator), and the totals are the sums of the layout.
fn check_yarn_placement(p: &crate::Placement, calculator: Calculator) {
    assert!(p.executor.granted.memory_mib >= p.executor.request.memory_mib);
    assert!(p.am.granted.memory_mib >= p.am.request.memory_mib);
    let nodes = p.layout.last().map_or(1, |l| l.last_node);
    check_groups(&p.layout, nodes, "yarn");
    let n = u64::from(nodes);
    let node_mem = (p.totals.physical_memory_mib / n).max(p.totals.yarn_memory_mib / n);
    let (mut execs, mut granted, mut vcores, mut unused) = (0u64, 0u64, 0u64, 0u64);
    for g in &p.layout {
        let k = u64::from(g.node_count());
        let mem: u64 = g.blocks.iter().map(|b| b.memory_mib).sum();
        assert!(mem <= node_mem, "node memory {mem} > {node_mem}");
        let container_cores: u64 = g
            .blocks
            .iter()
            .filter(|b| is_container(b))
            .map(Block::vcores)
            .sum();
        if calculator == Calculator::Dominant {
            assert!(container_cores <= p.totals.yarn_vcores / n);
        }
        for b in &g.blocks {
            match b.kind {
                BlockKind::Executor | BlockKind::ApplicationMaster => {
                    check_container_parts(b, "yarn");
                    granted += b.memory_mib * k;
                    vcores += b.vcores() * k;
                    execs += k * u64::from(b.kind == BlockKind::Executor);
                }
                BlockKind::Unused => unused += b.memory_mib * k,
                BlockKind::Reserved => {}
                BlockKind::DaemonSets | BlockKind::DriverPod => panic!("YARN holds no {b:?}"),
            }
        }
    }
    assert_eq!(u64::from(p.totals.executors), execs);
    assert_eq!(p.totals.granted_memory_mib, granted);
    assert_eq!(p.totals.granted_vcores, vcores);
    assert_eq!(p.totals.unused_memory_mib, unused);
    assert!(execs <= p.capacity);
    if let Some(k) = p.requested {
        assert!(execs <= u64::from(k));
    }
}

/// Kubernetes: no node holds more than its capacity (or, on a node too small for them, its
/// reservations), every executor pod is the plan's pod, and the counts agree.
fn check_k8s_plan(p: &crate::k8s::K8sPlan, link: &str) {
    check_groups(&p.layout, p.nodes.nodes, link);
    let n = &p.nodes;
    let cpu = n
        .capacity_cpu_millis
        .max(n.reserved_cpu_millis + n.daemonset_cpu_millis);
    let mem = n
        .capacity_memory_mib
        .max(n.reserved_memory_mib + n.daemonset_memory_mib);
    let mut executors = 0u64;
    for g in &p.layout {
        let cpu_sum: u64 = g.blocks.iter().map(|b| b.cpu_millis).sum();
        let mem_sum: u64 = g.blocks.iter().map(|b| b.memory_mib).sum();
        assert!(cpu_sum <= cpu, "node CPU {cpu_sum} > {cpu}: {link}");
        assert!(mem_sum <= mem, "node memory {mem_sum} > {mem}: {link}");
        executors += u64::from(g.executors_per_node()) * u64::from(g.node_count());
        for b in g.blocks.iter().filter(|b| b.kind == BlockKind::Executor) {
            assert_eq!(b.memory_mib, p.executor_memory_mib(), "{link}");
        }
    }
    assert_eq!(executors, u64::from(p.totals.executors), "{link}");
    assert!(executors <= p.fit.capacity, "{link}");
}

/// EMR: no node's containers exceed its NodeManager, parts add up, the counts agree.
fn check_emr_plan(p: &crate::emr::EmrPlan, link: &str) {
    check_groups(&p.layout, p.shape.nodes, link);
    let nm = p.shape.nodemanager;
    let mut executors = 0u64;
    for g in &p.layout {
        let containers = g.blocks.iter().filter(|b| is_container(b));
        let mem: u64 = containers.clone().map(|b| b.memory_mib).sum();
        let vcores: u64 = containers.clone().map(Block::vcores).sum();
        assert!(
            mem <= nm.memory_mib,
            "node memory {mem} > {}: {link}",
            nm.memory_mib
        );
        if p.settings.calculator == Calculator::Dominant {
            assert!(vcores <= u64::from(nm.vcores), "vcores {vcores}: {link}");
        }
        // On EMR every container has a heap (the rule of thumb on YARN may leave none, and
        // says so in a warning).
        for b in containers {
            check_container_parts(b, link);
            assert!(b.parts.iter().any(|p| p.kind == PartKind::Heap), "{link}");
        }
        executors += u64::from(g.executors_per_node()) * u64::from(g.node_count());
    }
    assert_eq!(executors, u64::from(p.launched_executors), "{link}");
    assert_eq!(p.totals.executors, p.launched_executors, "{link}");
    assert_eq!(
        p.covered_requests + p.pending_requests,
        p.requested,
        "{link}"
    );
    assert!(p.launched_executors <= p.covered_requests, "{link}");
}
