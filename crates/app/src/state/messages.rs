//! What the page says about the form, as plain data: each invalid field's message (and, at the
//! field whose change caused it, the same message as the cause), what to do about a field the form does not
//! show, the notice for an odd link, and what a switch of cluster manager kept. Pure: tested
//! natively.

use planner::catalog::{self, ClusterManager};
use planner::scenario::Scenario;
use planner::url;
use planner::view::Finding;

use super::form::{display_scenario_text, Carried, FieldMessage, Form};

/// The view's findings about the input (an invalid input's problems, or values no machine has)
/// as messages at their fields' keys in `m`'s form (`""` when no field is to blame).
pub fn field_messages_of(m: ClusterManager, findings: &[Finding]) -> Vec<FieldMessage> {
    findings
        .iter()
        .map(|f| FieldMessage {
            key: f
                .field
                .as_deref()
                .and_then(|key| catalog::entry_by_key(m, key))
                .map_or("", |e| e.key),
            text: f.message.clone(),
            cause: false,
        })
        .collect()
}

/// Most fields changed since the last plan that are tried as a message's cause: each is one
/// plan more, and a keystroke changes one.
const MOST_CAUSES_TRIED: usize = 8;

/// Marks the cause of each message about a field the user did not touch since the last plan:
/// the message stays at the field it names (the one to fix), and the changed field without
/// which it would not be there (cores per node 8 with 15 cores per executor) repeats it as the
/// cause. A field typed later that changes nothing about it (memory per node) is not blamed.
/// `messages_of` plans a form and gives its messages.
pub fn blame_the_edit(
    messages: Vec<FieldMessage>,
    now: &Form,
    before: Option<&Form>,
    messages_of: impl Fn(&Form) -> Vec<FieldMessage>,
) -> Vec<FieldMessage> {
    let Some(before) = before.filter(|b| b.manager == now.manager) else {
        return messages;
    };
    let changed = |key: &str| before.text(key) != now.text(key);
    let untouched = |m: &FieldMessage| !m.key.is_empty() && !changed(m.key);
    if !messages.iter().any(untouched) {
        return messages;
    }
    // Each changed field put back as it was at the last plan: the messages then.
    let reverted: Vec<(&'static str, Vec<FieldMessage>)> = url::manager_keys(now.manager)
        .into_iter()
        .filter(|key| changed(key))
        .take(MOST_CAUSES_TRIED)
        .map(|key| {
            let mut probe = now.clone();
            probe.set_text(key, before.text(key).to_string());
            (key, messages_of(&probe))
        })
        .collect();
    let mut causes = Vec::new();
    for m in messages.iter().filter(|m| untouched(m)) {
        let cause = reverted
            .iter()
            .find(|(_, after)| !after.iter().any(|a| a.key == m.key && a.text == m.text));
        if let Some((key, _)) = cause {
            let label = catalog::entry_by_key(now.manager, key).map_or("", |e| e.name);
            causes.push(FieldMessage {
                key,
                text: format!("With this {label}, {}", m.text),
                cause: true,
            });
        }
    }
    messages.into_iter().chain(causes).collect()
}

/// Whether the form has a visible control for `key` (the method is the headline's switch, and
/// a field hidden by a mode, such as client mode's AM settings in cluster mode, has none).
pub fn has_visible_control(form: &Form, key: &str) -> bool {
    let on_form = |m| {
        catalog::form_groups(m)
            .iter()
            .flat_map(|(_, parts)| parts.iter().flat_map(|p| p.iter()))
            .any(|id| *id != catalog::FieldId::Method && catalog::key(m, *id) == key)
    };
    catalog::entry_by_key(form.manager, key)
        .is_some_and(|e| on_form(form.manager) && form.shows(e.shown))
}

/// One line of "Fix N fields to see the plan": its words, and what following it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixLine {
    /// The field's key (`""`: none to blame).
    pub key: &'static str,
    /// The message, with the default offered when the field has no visible control.
    pub words: String,
    /// The default to set the field to when it has no visible control (`Some("")`: unset it);
    /// `None`: the line leads to the field.
    pub reset_to: Option<String>,
}

/// The lines of the list of what to fix: each message leads to its field; a message whose
/// field has no visible control (the method, a field hidden by a mode) offers the default.
pub fn fix_lines(form: &Form, messages: &[FieldMessage]) -> Vec<FixLine> {
    messages
        .iter()
        .filter(|m| !m.cause)
        .map(|m| {
            let key = m.key;
            let reset_to = (!key.is_empty() && !has_visible_control(form, key))
                .then(|| display_scenario_text(key, &Scenario::default_for(form.manager)));
            let shown_as = |value: &str| {
                catalog::entry_by_key(form.manager, key)
                    .and_then(|e| e.kind.options())
                    .and_then(|o| o.iter().find(|(v, _)| *v == value))
                    .map_or_else(|| value.to_string(), |(_, label)| (*label).to_string())
            };
            let words = match &reset_to {
                Some(d) if d.is_empty() => format!("{} — leave it unset", m.text),
                Some(d) => format!("{} — use the default ({})", m.text, shown_as(d)),
                None => m.text.clone(),
            };
            FixLine {
                key,
                words,
                reset_to,
            }
        })
        .collect()
}

/// A key or value of a link as quoted in a notice: cut to a few characters, so no link can
/// widen the page.
fn quoted(text: &str) -> String {
    if planner::text::char_count(text) > 24 {
        format!("{}…", planner::text::first_chars(text, 24))
    } else {
        text.to_string()
    }
}

/// At most ten names, then how many more (a link of 1 400 unknown keys listed them all).
fn listed(names: &[String]) -> String {
    const MOST: usize = 10;
    let shown = planner::text::join(names.get(..MOST).unwrap_or(names), ", ");
    match names.len().saturating_sub(MOST) {
        0 => shown,
        more => format!("{shown} and {} more", planner::format::group(more as u64)),
    }
}

/// The notice for a link: what was done with what it could not use as given — another link
/// format version, an unknown or misspelt cluster manager, unknown keys, keys given twice.
pub fn link_notice(decoded: &planner::url::DecodedScenario) -> Option<String> {
    let mut parts = Vec::new();
    let current = planner::url::SCHEMA_VERSION;
    if let Some(v) = decoded.version.filter(|v| *v != current) {
        parts.push(format!(
            "This link was made with link format v{v}; this page reads v{current}."
        ));
    }
    let manager_name = decoded.scenario.manager().as_str();
    let page_keys = decoded.bad.iter().filter(|b| b.field.is_none());
    for bad in page_keys.chain(&decoded.ignored) {
        let value = quoted(&bad.error.text);
        parts.push(match bad.key.as_str() {
            "cm" => format!(
                "cm={value} is not a cluster manager (yarn, k8s or emr): opened {manager_name}."
            ),
            "v" => format!("v={value} is not a link format version: read as v{current}."),
            url::EMBED_KEY => {
                format!("embed={value} is not 1 (the embed card alone): opened the full page.")
            }
            "xs" => format!(
                "xs={value} is not a column of the explorer's table: sorted by cores per \
                 executor, fewest first."
            ),
            "xo" => format!("xo={value} is not 1 (open) or 0: the explorer is closed."),
            key => format!("Ignored {}={value}.", quoted(key)),
        });
    }
    if let Some(written) = &decoded.manager_case {
        parts.push(format!("Read cm={} as cm={manager_name}.", quoted(written)));
    }
    // A key of another cluster manager's form (`c` on Kubernetes) is known, only not here.
    let mut others = Vec::new();
    let mut unknown = Vec::new();
    for key in &decoded.unknown {
        let owner = ClusterManager::ALL
            .into_iter()
            .find(|m| catalog::entry_by_key(*m, key).is_some());
        match owner {
            Some(m) => others.push(format!("{} ({})", quoted(key), m.name())),
            None => unknown.push(quoted(key)),
        }
    }
    if !unknown.is_empty() {
        parts.push(format!(
            "Ignored unknown link settings: {}.",
            listed(&unknown)
        ));
    }
    if !others.is_empty() {
        parts.push(format!(
            "Ignored settings the {} form does not have: {}.",
            decoded.scenario.manager().name(),
            listed(&others)
        ));
    }
    if !decoded.repeated.is_empty() {
        let keys: Vec<String> = decoded.repeated.iter().map(|k| quoted(k)).collect();
        parts.push(format!(
            "Given more than once, the last value used: {}.",
            listed(&keys)
        ));
    }
    (!parts.is_empty()).then(|| planner::text::join(&parts, " "))
}

/// What a switch from `from` to `to` kept of the typed values, in words (`""` when nothing
/// was typed); a value whose field `to` has but that does not read there is named.
pub fn switch_note(from: ClusterManager, to: ClusterManager, carried: &Carried) -> String {
    let note = kept_note(from, to, carried);
    let not_read: Vec<String> = carried
        .not_read
        .iter()
        .map(|(name, text)| {
            format!(
                " {name} not carried: \"{}\" does not read there.",
                quoted(text)
            )
        })
        .collect();
    format!("{note}{}", not_read.concat())
        .trim_start()
        .to_string()
}

/// [`switch_note`]'s words for what came along.
fn kept_note(from: ClusterManager, to: ClusterManager, carried: &Carried) -> String {
    let (from, to) = (from.name(), to.name());
    let rest = if carried.left_behind == 0 {
        String::new()
    } else {
        format!(" {from}'s other settings are kept for a switch back.")
    };
    match carried.kept.as_slice() {
        [] if carried.left_behind == 0 => String::new(),
        [] => format!(
            "Nothing typed on {from} applies to {to}; its settings are kept for a switch back."
        ),
        [.., last] => {
            let first = &carried.kept[..carried.kept.len() - 1];
            let names = if first.is_empty() {
                (*last).to_string()
            } else {
                format!("{} and {last}", planner::text::join(first, ", "))
            };
            format!("Kept from {from}: {names}.{rest}")
        }
    }
}

/// What choosing the preset `name` (the form `after`) replaced of the hardware typed on the
/// form `before` (the fields of the form's first group, the cluster's, that differ from the
/// defaults and from the preset's), in words (`""` when nothing typed was replaced).
pub fn preset_note(name: &str, before: &Form, after: &Form) -> String {
    if before.manager != after.manager {
        return String::new();
    }
    let defaults = Form::from_scenario(&Scenario::default_for(before.manager));
    let Some((group, parts)) = catalog::form_groups(before.manager).first() else {
        return String::new();
    };
    let hardware = parts.first().copied().unwrap_or_default();
    let replaced: Vec<String> = hardware
        .iter()
        .filter_map(|id| catalog::entry(before.manager, *id))
        .filter(|e| before.shows(e.shown))
        .filter(|e| {
            let typed = before.text(e.key);
            typed != defaults.text(e.key) && typed != after.text(e.key)
        })
        .map(|e| {
            let (typed, now) = (quoted(before.text(e.key)), quoted(after.text(e.key)));
            format!("{} {typed} → {now}", e.name)
        })
        .collect();
    if replaced.is_empty() {
        return String::new();
    }
    format!(
        "The preset {name} replaced what was typed under {group}: {}.",
        replaced.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{evaluate, Planned};
    use planner::presets::preset;
    use planner::scenario::Outcome;

    /// The messages at the fields of a form's plan, as the page shows them.
    fn messages_of(form: &Form) -> Vec<FieldMessage> {
        let p = Planned::of(form);
        field_messages_of(p.view.manager, &p.view.diagnostics)
    }

    #[test]
    fn evaluates_presets_and_bad_fields() {
        let form = Form::from_input(&preset("case2").unwrap().input);
        match evaluate(&form.read()) {
            Outcome::Yarn(c) => assert_eq!(c.spark_exact.instances, 36),
            other => panic!("{other:?}"),
        }
        let mut bad = form.clone();
        bad.set_text("n", "0".into());
        bad.set_text("m", "lots".into());
        assert!(matches!(evaluate(&bad.read()), Outcome::Invalid(_)));
        let m = messages_of(&bad);
        let keys: Vec<&str> = m.iter().map(|x| x.key).collect();
        assert_eq!(keys, ["m", "n"]);
        assert!(m[1].text.contains("allowed: 1 to 100\u{202f}000"));
    }

    fn messages(query: &str) -> Vec<(&'static str, String)> {
        let form = Form::from_query(query).0;
        assert!(!Planned::of(&form).is_plan(), "{query} should be invalid");
        messages_of(&form)
            .into_iter()
            .map(|x| (x.key, x.text))
            .collect()
    }

    #[test]
    fn platform_errors_name_every_field_as_the_form_labels_it() {
        let emr = messages("v=1&cm=emr&mt=x9.huge&n=0");
        assert_eq!(emr.len(), 2, "{emr:?}");
        assert_eq!(emr[0].0, "mt");
        assert!(
            emr[0]
                .1
                .starts_with("Master node instance type: \"x9.huge\""),
            "{emr:?}"
        );
        assert_eq!(
            emr[1],
            (
                "n",
                "Core nodes is 0; allowed: 1 to 100\u{202f}000".to_string()
            )
        );

        let k8s = messages("v=1&cm=k8s&n=0&kmem=2g&krmem=2048&rq=abc");
        let keys: Vec<&str> = k8s.iter().map(|m| m.0).collect();
        assert_eq!(keys, ["rq", "n", "krmem"], "{k8s:?}");
        assert!(k8s[0]
            .1
            .starts_with("spark.kubernetes.executor.request.cores: \"abc\""));
        assert_eq!(k8s[1].1, "Nodes is 0; allowed: 1 to 100\u{202f}000");
        assert_eq!(
            k8s[2].1,
            "Reserved memory is 2 GiB; allowed: less than the node's 2 GiB minus the \
             daemonsets' 512 MiB"
        );
    }

    #[test]
    fn a_kubernetes_link_with_several_bad_values_shows_each_at_its_field() {
        let k8s = messages("v=1&cm=k8s&n=0&krcpu=16&em=0&tc=9&lim=1&kof=0&dlim=x");
        let keys: Vec<&str> = k8s.iter().map(|m| m.0).collect();
        // Texts that do not read first (as typed), then the planner's findings in form order.
        assert_eq!(
            keys,
            ["dlim", "n", "krcpu", "em", "tc", "kof", "lim"],
            "{k8s:?}"
        );
        let form_keys: Vec<&str> = crate::form::form_groups(ClusterManager::Kubernetes)
            .iter()
            .flat_map(|group| group.iter())
            .map(|id| catalog::key(ClusterManager::Kubernetes, *id))
            .collect();
        for (key, text) in &k8s {
            assert!(form_keys.contains(key), "{key} is not on the form: {text}");
            assert!(
                text.contains("allowed: ") || text.contains(": \""),
                "{text}"
            );
        }
        let text = |key: &str| k8s.iter().find(|m| m.0 == key).map(|m| m.1.as_str());
        assert_eq!(
            text("em"),
            Some("spark.executor.memory is 0 MiB; allowed: 1 MiB to 64 TiB")
        );
        assert_eq!(
            text("tc"),
            Some(
                "spark.task.cpus is 9; allowed: 1 to 2 (at most spark.executor.cores; Spark \
                 stops with \"The number of cores per executor (=2) has to be >= the number \
                 of cpus per task = 9.\")"
            )
        );
        assert_eq!(
            text("lim"),
            Some(
                "spark.kubernetes.executor.limit.cores is 1 CPU; allowed: at least the CPU \
                 request (2 CPU)"
            )
        );
        assert_eq!(
            text("kof"),
            Some("Overhead factor is 0; allowed: more than 0")
        );
    }

    /// Issue 28, item 6: cores per executor 15, then cores per node 8, then memory per node 32.
    /// The message stays at cores per executor, the field it names; cores per node, whose
    /// change made 15 too many, repeats it as the cause; memory per node, typed last, changes
    /// nothing about it and is not blamed. The list of what to fix has one line, for cores per
    /// executor. (Hadoop refuses no such request by itself; the planner's range is a node's
    /// cores minus what the AM and the OS keep.)
    #[test]
    fn a_two_field_error_stays_at_the_field_it_names_and_marks_the_cause() {
        let blamed = |now: &Form, before: &Form| {
            blame_the_edit(messages_of(now), now, Some(before), messages_of)
        };
        let mut form = Form::from_query("v=1").0;
        form.set_text("cpe", "15".into());
        assert!(
            Planned::of(&form).is_plan(),
            "15 cores per executor fit 16-core nodes"
        );
        let last_plan = form.clone();
        form.set_text("c", "8".into());
        let after_cores = blamed(&form, &last_plan);
        form.set_text("m", "32".into());
        let after_memory = blamed(&form, &last_plan);
        for messages in [&after_cores, &after_memory] {
            let at = |key: &str| messages.iter().filter(|m| m.key == key).collect::<Vec<_>>();
            let named = at("cpe");
            assert_eq!(named.len(), 1, "{messages:?}");
            assert!(
                named[0].text.starts_with("Cores per executor is 15"),
                "{messages:?}"
            );
            assert!(!named[0].cause);
            let cause = at("c");
            assert_eq!(cause.len(), 1, "{messages:?}");
            assert!(cause[0].cause);
            assert_eq!(
                cause[0].text,
                format!("With this Cores per node, {}", named[0].text)
            );
            assert!(
                at("m").is_empty(),
                "memory per node is not to blame: {messages:?}"
            );
            let lines = fix_lines(&form, messages);
            let keys: Vec<&str> = lines.iter().map(|l| l.key).collect();
            assert_eq!(keys, ["cpe"], "{lines:?}");
        }
    }

    /// Issue 28, item 8: a value that does not read names the range, and the character that
    /// is no digit where a reader cannot see it (another script's digits, U+2212, NUL).
    #[test]
    fn a_value_that_does_not_read_names_the_range_and_what_was_not_a_digit() {
        let nodes = |typed: &str| {
            let mut form = Form::from_query("v=1").0;
            form.set_text("n", typed.into());
            let m = messages_of(&form);
            assert_eq!(m.len(), 1, "{typed:?}: {m:?}");
            assert_eq!(m[0].key, "n");
            m[0].text.clone()
        };
        let range = "; allowed: 1 to 100\u{202f}000";
        assert_eq!(
            nodes("1e3"),
            format!("Nodes: \"1e3\" is not a whole number (\"e\" is not a digit 0 to 9){range}")
        );
        assert_eq!(
            nodes("abc"),
            format!("Nodes: \"abc\" is not a whole number (\"a\" is not a digit 0 to 9){range}")
        );
        for (typed, named) in [
            ("\u{ff11}\u{ff16}", "\"\u{ff11}\" (U+FF11)"),
            ("\u{661}\u{666}", "\"\u{661}\" (U+0661)"),
            ("\u{2212}5", "\"\u{2212}\" (U+2212)"),
            ("1\u{0}", "U+0000, which prints nothing,"),
        ] {
            let message = nodes(typed);
            assert!(
                message.contains(&format!("({named} is not a digit 0 to 9)")),
                "{message}"
            );
            assert!(message.ends_with(range), "{message}");
        }
        let memory = {
            let mut form = Form::from_query("v=1").0;
            form.set_text("m", "abc".into());
            messages_of(&form).remove(0).text
        };
        assert!(
            memory.starts_with("Memory per node: \"abc\" is not a size such as 64"),
            "{memory}"
        );
        assert!(memory.contains("; allowed: "), "{memory}");
    }

    /// Issue 28, item 8: a list's bad link value is said in the list's words (off, on), not the
    /// link's codes (0, 1).
    #[test]
    fn a_bad_choice_is_said_in_the_options_words() {
        let off = messages("v=1&off=2");
        let text = &off
            .iter()
            .find(|m| m.0 == "off")
            .expect("the off-heap toggle")
            .1;
        assert!(text.ends_with(": \"2\" is not off or on"), "{text}");
    }

    /// Issue 28, item 8: the page's own keys with a value that does not read are named, with
    /// what was done instead; they make no input invalid.
    #[test]
    fn a_bad_embed_or_explorer_value_gets_a_notice() {
        let notice = |query: &str| {
            let decoded = planner::url::scenario_from_query(query);
            assert!(decoded.bad.is_empty(), "{query}: {:?}", decoded.bad);
            link_notice(&decoded).unwrap_or_default()
        };
        assert_eq!(
            notice("v=1&embed=2"),
            "embed=2 is not 1 (the embed card alone): opened the full page."
        );
        assert_eq!(
            notice("v=1&xs=-bogus"),
            "xs=-bogus is not a column of the explorer's table: sorted by cores per executor, \
             fewest first."
        );
        assert_eq!(notice("v=1&xo=1&xs=-heap&embed=1"), "");
    }

    #[test]
    fn a_message_without_a_visible_control_offers_the_default() {
        let (form, _) = Form::from_query("v=1&meth=bogus");
        let lines = fix_lines(&form, &messages_of(&form));
        let method = lines.iter().find(|l| l.key == "meth").expect("the method");
        assert!(method.reset_to.is_some(), "{method:?}");
        assert!(method.words.contains("use the default"), "{method:?}");
        let (bad_nodes, _) = Form::from_query("v=1&n=0");
        let lines = fix_lines(&bad_nodes, &messages_of(&bad_nodes));
        assert_eq!(lines[0].reset_to, None, "Nodes is on the form: {lines:?}");
    }

    #[test]
    fn notices_unknown_keys() {
        let d = planner::url::scenario_from_query("v=1&zz=3");
        assert_eq!(
            link_notice(&d).as_deref(),
            Some("Ignored unknown link settings: zz.")
        );
        // Another cluster manager's key is named as such; a long list is cut after ten names.
        let other = planner::url::scenario_from_query("v=1&cm=k8s&c=32");
        assert_eq!(
            link_notice(&other).as_deref(),
            Some("Ignored settings the Kubernetes form does not have: c (YARN).")
        );
        let many: String = (0..1400).map(|i| format!("&x{i}=1")).collect();
        let notice = link_notice(&planner::url::scenario_from_query(&format!("v=1{many}")))
            .expect("a notice");
        assert_eq!(
            notice,
            "Ignored unknown link settings: x0, x1, x2, x3, x4, x5, x6, x7, x8, x9 and 1390 more."
        );
        assert_eq!(link_notice(&planner::url::scenario_from_query("v=1")), None);
    }

    /// Issue 28, item 9: a value the other form's field does not read is named, and a preset
    /// that replaces typed hardware says so (untouched fields are no news).
    #[test]
    fn the_notes_say_what_was_not_carried_and_what_a_preset_replaced() {
        let carried = Carried {
            kept: vec!["Nodes"],
            left_behind: 1,
            not_read: vec![("Cores per node", "15.5".to_string())],
        };
        assert_eq!(
            switch_note(ClusterManager::Kubernetes, ClusterManager::Yarn, &carried),
            "Kept from Kubernetes: Nodes. Kubernetes's other settings are kept for a switch \
             back. Cores per node not carried: \"15.5\" does not read there."
        );
        let mut typed = Form::from_query("v=1").0;
        typed.set_text("n", "20".into());
        typed.set_text("m", "128".into());
        let preset = preset("case2").unwrap();
        let chosen = Form::from_input(&preset.input);
        let note = preset_note(preset.name, &typed, &chosen);
        assert_eq!(
            note,
            format!(
                "The preset {} replaced what was typed under Cluster hardware: Nodes 20 → {}, \
                 Memory per node 128 → {}.",
                preset.name,
                chosen.text("n"),
                chosen.text("m")
            )
        );
        let untouched = Form::from_query("v=1").0;
        assert_eq!(preset_note(preset.name, &untouched, &chosen), "");
    }

    #[test]
    fn the_switch_note_names_what_came_along_and_what_stayed() {
        let carried = |kept: &[&'static str], left_behind| Carried {
            kept: kept.to_vec(),
            left_behind,
            not_read: Vec::new(),
        };
        let (yarn, k8s) = (ClusterManager::Yarn, ClusterManager::Kubernetes);
        assert_eq!(switch_note(yarn, k8s, &carried(&[], 0)), "");
        assert_eq!(
            switch_note(yarn, k8s, &carried(&["Nodes"], 0)),
            "Kept from YARN: Nodes."
        );
        assert_eq!(
            switch_note(k8s, ClusterManager::Emr, &carried(&["Nodes", "Input data size", "Min executors"], 2)),
            "Kept from Kubernetes: Nodes, Input data size and Min executors. Kubernetes's other settings are kept for a switch back."
        );
        assert_eq!(
            switch_note(yarn, ClusterManager::Emr, &carried(&[], 1)),
            "Nothing typed on YARN applies to Amazon EMR; its settings are kept for a switch back."
        );
    }
}
