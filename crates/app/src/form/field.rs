//! One field of the form: its label, a text box (with its unit, its default as the placeholder
//! and, for instance types, suggestions) or a list of choices, its hint, its message and its
//! note. Each shown value is a memo of the part of the page's state it shows, so a keystroke
//! elsewhere writes nothing here.

use leptos::prelude::*;
use planner::catalog::{Entry, FieldId, Kind, Unit};
use planner::scenario::Scenario;

use crate::reactive::{keyed_by_text, memo, text, Part};
use crate::state::form::{display_scenario_text, FieldMessage};
use crate::state::Page;

/// The text of the message at `key` among `messages`, or empty.
fn message_at(messages: &[FieldMessage], key: &str) -> String {
    messages
        .iter()
        .find(|x| x.key == key)
        .map_or_else(String::new, |x| x.text.clone())
}

/// A field's classes: the whole row for a list whose choices read as words (a half-row list
/// cuts "Default (memory only)" off), invalid with a message, hidden when its mode does not
/// show it.
fn field_class(entry: &Entry, invalid: bool, shown: bool) -> String {
    let mut class = String::from("field");
    let long_choice = |(_, label): &(&str, &str)| label.len() > 18;
    if entry
        .kind
        .options()
        .is_some_and(|o| o.iter().any(long_choice))
    {
        class.push_str(" wide");
    }
    if invalid {
        class.push_str(" invalid");
    }
    if !shown {
        class.push_str(" hidden");
    }
    class
}

/// A label's parts between its break opportunities: after each dot and inside camelCase words
/// (`spark.`, `yarn.`, `heterogeneous`, `Executors.`, `enabled`). Spark's key names are wider
/// than a form column and would otherwise break between any two letters; units (`GiB`,
/// `vCPUs`) stay whole: a break needs three small letters before the capital. The page writes a
/// `<wbr>` between parts, so a label copied from the page is the setting's key exactly.
///
/// The parts are taken with `str::get`, not by indexing: the cuts are at ASCII characters, so
/// `get` always finds its part, and no slicing panic (with core's formatter for it and the
/// Unicode tables that formatter prints with, about 2 KB brotli) is linked into the page.
pub fn label_parts(label: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut lower_run = 0;
    for (i, c) in label.char_indices() {
        if lower_run >= 3 && c.is_ascii_uppercase() {
            parts.push(label.get(start..i).unwrap_or_default());
            start = i;
        }
        lower_run = if c.is_ascii_lowercase() {
            lower_run + 1
        } else {
            0
        };
        if c == '.' {
            parts.push(label.get(start..=i).unwrap_or_default());
            start = i + 1;
        }
    }
    if start < label.len() || parts.is_empty() {
        parts.push(label.get(start..).unwrap_or_default());
    }
    parts
}

/// The hint under a box, with what a number alone means for Spark-style sizes.
fn hint_text(entry: &Entry) -> String {
    match (entry.hint, entry.bare_hint()) {
        (hint, "") => hint.to_string(),
        ("", bare) => bare.to_string(),
        (hint, bare) => format!("{hint} · {bare}"),
    }
}

/// One field of the form, as the form is now.
#[component]
pub(crate) fn Field(page: Page, entry: &'static Entry) -> impl IntoView {
    let key = entry.key;
    let message = memo(move || page.messages.with(|m| message_at(m, key)));
    // A note ("64 TiB per node — did you mean 64 GiB?") gives way to the field's error: a value
    // out of range says so, and a note beside it about the same value is noise.
    let note = memo(move || {
        if message.with(String::is_empty) {
            page.notes.with(|n| message_at(n, key))
        } else {
            String::new()
        }
    });
    let shown = memo(move || page.form.with(|f| f.shows(entry.shown)));
    let class = move || field_class(entry, message.with(|m| !m.is_empty()), shown.get());
    let parts = label_parts(entry.label);
    let last = parts.len() - 1;
    let label = parts
        .into_iter()
        .enumerate()
        .map(|(i, part)| view! { {part}{(i < last).then(|| view! { <wbr/> })} })
        .collect_view();
    let control = match entry.kind.options() {
        None => view! { <TextBox page entry message/> }.into_any(),
        Some(options) => view! { <Choices page entry options/> }.into_any(),
    };
    // A label the page explains (issue 28, item 15): its control is described by it too.
    let explained = crate::terms::explanation(entry.label);
    view! {
        <div class=class>
            <label for=format!("f-{key}") title=explained>{label}</label>
            {control}
            <p class="error" id=format!("err-{key}") aria-live="polite">{text(move || message.get())}</p>
            <p class="note" id=format!("note-{key}") aria-live="polite">{text(move || note.get())}</p>
        </div>
    }
}

/// A list of choices; its hint under it.
#[component]
fn Choices(
    page: Page,
    entry: &'static Entry,
    options: &'static [(&'static str, &'static str)],
) -> impl IntoView {
    let key = entry.key;
    let typed = memo(move || page.form.with(|f| f.text(key).to_owned()));
    let option = move |&(value, label): &'static (&'static str, &'static str)| {
        view! {
            <option value=value prop:selected=move || typed.with(|t| t == value)>{label}</option>
        }
    };
    view! {
        <select id=format!("f-{key}") name=key
            on:change=move |ev| page.edit(key, event_target_value(&ev))>
            {options.iter().map(option).collect_view()}
        </select>
        {(!entry.hint.is_empty()).then(|| view! { <p class="hint">{entry.hint}</p> })}
    }
}

/// A text box with its unit and hint; the default shows as the placeholder.
#[component]
fn TextBox(page: Page, entry: &'static Entry, message: Part<String>) -> impl IntoView {
    let key = entry.key;
    let typed = memo(move || page.form.with(|f| f.text(key).to_owned()));
    let manager = page.form.with_untracked(|f| f.manager);
    let default = display_scenario_text(key, &Scenario::default_for(manager));
    let placeholder = if default.is_empty() {
        "not set".to_string()
    } else {
        default
    };
    // Phones show a digits-only keypad for "decimal": only for fields that take plain
    // numbers, not sizes (6g), CPU quantities (500m), instance types or "max".
    let numeric = matches!(entry.unit, Unit::Cores | Unit::Vcores) || entry.id == FieldId::Nodes;
    // Instance types offered as suggestions (any listed type may be typed): EMR's, or the
    // chosen Kubernetes provider's, which follow the provider.
    let types = (entry.kind == Kind::InstanceType).then(|| format!("f-{key}-types"));
    view! {
        <div class="input-wrap">
            <input id=format!("f-{key}") name=key type="text"
                inputmode=if numeric { "decimal" } else { "text" }
                list=types.clone() autocomplete="off" spellcheck="false"
                placeholder=placeholder maxlength=planner::text::MAX_TEXT_CHARS
                prop:value=move || typed.get()
                aria-invalid=text(move || message.with(|m| !m.is_empty()).to_string())
                aria-describedby=format!("err-{key}")
                title=crate::terms::explanation(entry.label)
                on:input=move |ev| page.edit(key, event_target_value(&ev))/>
            <span class="unit">{entry.unit_text()}</span>
            {types.map(|id| view! { <TypeList page entry id/> })}
        </div>
        <p class="hint">{hint_text(entry)}</p>
    }
}

/// The instance or machine types a type box suggests: EMR's core and master node types, or the
/// chosen Kubernetes provider's.
#[component]
fn TypeList(page: Page, entry: &'static Entry, id: String) -> impl IntoView {
    let names = memo(move || {
        if entry.id == FieldId::NodeType {
            let provider = page
                .form
                .with(|f| planner::providers::Provider::parse(f.text("kp")));
            planner::providers::node_types(provider.unwrap_or(planner::providers::Provider::Custom))
                .map(|t| t.name.to_string())
                .collect()
        } else {
            let custom = (entry.id == FieldId::InstanceType).then_some(planner::emr::CUSTOM);
            planner::emr::instance_types()
                .into_iter()
                .map(|t| t.name())
                .chain(custom.map(String::from))
                .collect::<Vec<String>>()
        }
    });
    view! {
        <datalist id=id>
            {keyed_by_text(move || names.get(), move |name| view! {
                <option value=name></option>
            }.into_any())}
        </datalist>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_setting_names_may_break_only_after_a_dot_or_between_camel_case_words() {
        assert_eq!(
            label_parts("spark.yarn.heterogeneousExecutors.enabled"),
            ["spark.", "yarn.", "heterogeneous", "Executors.", "enabled"]
        );
        assert_eq!(
            label_parts("maximizeResourceAllocation"),
            ["maximize", "Resource", "Allocation"]
        );
        // Capitals in a row (an abbreviation) and ordinary words stay whole.
        assert_eq!(label_parts("YARN AM memory"), ["YARN AM memory"]);
        assert_eq!(label_parts("Memory (GiB, vCPUs)"), ["Memory (GiB, vCPUs)"]);
        assert_eq!(label_parts("Core nodes"), ["Core nodes"]);
        // A label ending in a dot has no empty last part.
        assert_eq!(label_parts("a.b."), ["a.", "b."]);
        assert_eq!(label_parts(""), [""]);
    }

    #[test]
    fn a_field_with_long_choices_takes_the_row_and_an_error_marks_it() {
        let calculator =
            planner::catalog::entry(planner::ClusterManager::Yarn, planner::FieldId::Calculator)
                .expect("the calculator");
        assert_eq!(field_class(calculator, false, true), "field wide");
        let nodes =
            planner::catalog::entry(planner::ClusterManager::Yarn, FieldId::Nodes).expect("nodes");
        assert_eq!(field_class(nodes, true, false), "field invalid hidden");
        let messages = [FieldMessage {
            key: "n",
            text: "Nodes is 0".into(),
            cause: false,
        }];
        assert_eq!(message_at(&messages, "n"), "Nodes is 0");
        assert_eq!(message_at(&messages, "m"), "");
    }
}
