//! The input form: presets, grouped fields with units and defaults, and each field's own error
//! message in place.

use leptos::prelude::*;
use planner::catalog::{self, ClusterManager, Entry, FieldId, Kind, Unit};
use planner::url::{self, Scenario};
use ClusterManager as Manager;

use crate::form::{
    carry_typed_values, display_scenario_text, Carried, FieldMessage, Form, Reading,
};
use crate::{browser, html};

/// The form's signals, shared by every field.
#[derive(Clone, Copy)]
pub struct Ctx {
    /// The form state.
    pub form: RwSignal<Form>,
    /// What the form reads as: read once for each change, for the plan, the messages, the
    /// address and the answer (each keystroke read it five times before, about a millisecond).
    pub reading: Memo<Reading>,
    /// The message of each invalid field.
    pub messages: Memo<Vec<FieldMessage>>,
    /// The key typed into last (a conflict it causes is reported there).
    pub edited: StoredValue<Option<&'static str>>,
    /// The other cluster managers' forms as they were left.
    pub stash: StoredValue<Vec<Form>>,
    /// Warnings about values that read but are unlikely meant, at their fields.
    pub notes: Memo<Vec<FieldMessage>>,
}

impl Ctx {
    /// A typed edit: update the text and replace the history entry.
    pub fn edit(self, key: &'static str, text: String) {
        self.edited.set_value(Some(key));
        self.form.update(|f| f.set_text(key, text));
        self.replace_query();
    }

    /// The address follows the form (a typed edit: the history entry is replaced).
    fn replace_query(self) {
        let query = self
            .reading
            .with_untracked(|r| self.form.with_untracked(|f| f.query_of(r)));
        browser::replace_query(&query);
    }

    /// A mode switch (not a text).
    pub fn edit_form(self, change: impl FnOnce(&mut Form)) {
        self.edited.set_value(None);
        self.form.update(change);
        self.replace_query();
    }

    /// Switches to cluster manager `m`: the current form is kept for a switch back, `m`'s
    /// form is restored as it was left (or its defaults), the values typed into fields both
    /// forms have come along, and a note under the switch says which.
    fn switch_manager(self, m: ClusterManager) {
        let current = self.form.get_untracked();
        if current.manager == m {
            return;
        }
        let kept = self
            .stash
            .with_value(|s| s.iter().find(|f| f.manager == m).cloned());
        let mut next = kept.unwrap_or_else(|| Form::from_scenario(&Scenario::default_for(m)));
        let carried = carry_typed_values(&current, &mut next);
        show_switch_note(&switch_note(current.manager, m, &carried));
        next.explorer = current.explorer;
        self.stash.update_value(|s| {
            s.retain(|f| f.manager != current.manager);
            s.push(current);
        });
        self.edited.set_value(None);
        self.form.set(next);
        browser::push_query(&self.form.with_untracked(Form::to_query));
    }
}

use FieldId as F;

// The form's lists of fields are the catalog's (the command line's `--fields` reads the same).
use planner::catalog::form::{
    ALLOCATION, ALLOCATION_SETTINGS, DRIVER, EMR_CLUSTER, EMR_EXECUTORS, K8S_EXECUTORS, K8S_NODES,
    K8S_SPARK, WORKLOAD, YARN_HARDWARE as HARDWARE, YARN_POLICY as POLICY,
    YARN_SCHEDULER as SCHEDULER, YARN_SHARE, YARN_SPARK as SPARK,
};

/// Every group of fields of `m`'s form, in display order (for tests: each is in the catalog).
pub fn form_groups(m: ClusterManager) -> &'static [&'static [FieldId]] {
    match m {
        ClusterManager::Yarn => &[
            HARDWARE, YARN_SHARE, POLICY, SPARK, SCHEDULER, DRIVER, WORKLOAD, ALLOCATION,
        ],
        ClusterManager::Kubernetes => &[
            K8S_NODES,
            K8S_EXECUTORS,
            K8S_SPARK,
            DRIVER,
            WORKLOAD,
            ALLOCATION,
        ],
        ClusterManager::Emr => &[
            EMR_CLUSTER,
            EMR_EXECUTORS,
            DRIVER,
            WORKLOAD,
            ALLOCATION_SETTINGS,
        ],
    }
}

/// The form's state as its HTML is written: the form, and its fields' messages and notes.
struct State<'a> {
    form: &'a Form,
    messages: &'a [FieldMessage],
    notes: &'a [FieldMessage],
}

/// A field's classes: the whole row for a list whose choices read as words (a half-row
/// list cuts "Default (memory only)" off), invalid with a message, hidden when its mode does
/// not show it.
fn field_class(entry: &Entry, message: &str, shown: bool) -> String {
    let mut class = String::from("field");
    let long_choice = |(_, label): &(&str, &str)| label.len() > 18;
    if entry
        .kind
        .options()
        .is_some_and(|o| o.iter().any(long_choice))
    {
        class.push_str(" wide");
    }
    if !message.is_empty() {
        class.push_str(" invalid");
    }
    if !shown {
        class.push_str(" hidden");
    }
    class
}

/// One field as HTML, as the form is now: its label, control, hint, message and note
/// ([`sync_form`] keeps them up to date).
fn field(out: &mut String, st: &State, entry: &'static Entry) {
    let key = entry.key;
    let message = message_at(st.messages, key);
    out.push_str(&format!(
        r#"<div class="{}"><label for="f-{key}">"#,
        field_class(entry, &message, st.form.shows(entry.shown))
    ));
    // Break opportunities as `<wbr>`, not characters: a label copied from the page is the
    // setting's key exactly.
    let mut label = String::new();
    html::push_escaped(&mut label, &breakable(entry.label));
    out.push_str(&label.replace('\u{200b}', "<wbr>"));
    out.push_str("</label>");
    match entry.kind.options() {
        None => text_box(out, st, entry, &message),
        Some(options) => {
            out.push_str(&format!(r#"<select id="f-{key}" name="{key}">"#));
            for (v, t) in options {
                let selected = if *v == st.form.text(key) {
                    " selected"
                } else {
                    ""
                };
                out.push_str(&format!(r#"<option value="{v}"{selected}>"#));
                html::push_escaped(out, t);
                out.push_str("</option>");
            }
            out.push_str("</select>");
            if !entry.hint.is_empty() {
                html::text(out, "p", r#" class="hint""#, entry.hint);
            }
        }
    }
    html::text(
        out,
        "p",
        &format!(r#" class="error" id="err-{key}" aria-live="polite""#),
        &message,
    );
    html::text(
        out,
        "p",
        &format!(r#" class="note" id="note-{key}" aria-live="polite""#),
        &note_unless_error(&message, st.notes, key),
    );
    out.push_str("</div>");
}

/// A field's note ("64 TiB per node — did you mean 64 GiB?"), unless the field has an error:
/// a value out of range says so, and a note beside it about the same value is noise.
fn note_unless_error(error: &str, notes: &[FieldMessage], key: &str) -> String {
    if error.is_empty() {
        message_at(notes, key)
    } else {
        String::new()
    }
}

/// A text box with its unit and hint, as HTML; the default shows as the placeholder.
fn text_box(out: &mut String, st: &State, entry: &'static Entry, message: &str) {
    let key = entry.key;
    let default = display_scenario_text(key, &Scenario::default_for(st.form.manager));
    let placeholder = if default.is_empty() {
        "not set".to_string()
    } else {
        default
    };
    // Phones show a digits-only keypad for "decimal": only for fields that take plain
    // numbers, not sizes (6g), CPU quantities (500m), instance types or "max".
    let numeric = matches!(entry.unit, Unit::Cores | Unit::Vcores) || entry.id == F::Nodes;
    // Instance types offered as suggestions (any listed type may be typed): EMR's, or the
    // chosen Kubernetes provider's, which follow the provider ([`sync_form`]).
    let instance_field = entry.kind == Kind::InstanceType;
    let list = if instance_field {
        format!(r#" list="f-{key}-types""#)
    } else {
        String::new()
    };
    out.push_str(&format!(
        r#"<div class="input-wrap"><input id="f-{key}" name="{key}" type="text" inputmode="{}"{list} autocomplete="off" spellcheck="false" placeholder="{}" maxlength="{}" value="{}" aria-invalid="{}" aria-describedby="err-{key}"><span class="unit">{}</span>"#,
        if numeric { "decimal" } else { "text" },
        html::escape(&placeholder),
        planner::text::MAX_TEXT_CHARS,
        html::escape(st.form.text(key)),
        !message.is_empty(),
        entry.unit_text(),
    ));
    if instance_field {
        let names: Vec<String> = if entry.id == F::NodeType {
            node_type_names(st.form)
        } else {
            let custom = (entry.id == F::InstanceType).then_some(planner::emr::CUSTOM);
            planner::emr::instance_types()
                .into_iter()
                .map(|t| t.name())
                .chain(custom.map(String::from))
                .collect()
        };
        out.push_str(&format!(
            r#"<datalist id="f-{key}-types">{}</datalist>"#,
            type_options(&names)
        ));
    }
    out.push_str("</div>");
    html::text(out, "p", r#" class="hint""#, &hint_text(entry));
}

/// Instance type names as the `<option>`s of a datalist.
fn type_options(names: &[String]) -> String {
    names
        .iter()
        .map(|name| format!("<option value=\"{}\"></option>", html::escape(name)))
        .collect()
}

/// The hint under a box, with what a number alone means for Spark-style sizes.
fn hint_text(entry: &Entry) -> String {
    match (entry.hint, entry.bare_hint()) {
        (hint, "") => hint.to_string(),
        ("", bare) => bare.to_string(),
        (hint, bare) => format!("{hint} · {bare}"),
    }
}

/// The chosen Kubernetes provider's instance or machine types, for the type box's suggestions.
fn node_type_names(form: &Form) -> Vec<String> {
    let provider = planner::providers::Provider::parse(form.text("kp"))
        .unwrap_or(planner::providers::Provider::Custom);
    planner::providers::node_types(provider)
        .map(|t| t.name.to_string())
        .collect()
}

/// A label that may wrap after its dots (`spark.executor.␣memoryOverhead`), not mid-word.
fn breakable(label: &str) -> String {
    // A break (a zero-width space, written as `<wbr>`) after each dot and inside camelCase
    // words: Spark's key names (`spark.yarn.heterogeneousExecutors.enabled`,
    // `maximizeResourceAllocation`) are wider
    // than a form column, and otherwise break between any two letters.
    // Units (`GiB`, `vCPUs`) stay whole: a break needs three small letters before the capital.
    let mut out = String::with_capacity(label.len() + 8);
    let mut lower_run = 0;
    for c in label.chars() {
        if lower_run >= 3 && c.is_ascii_uppercase() {
            out.push('\u{200b}');
        }
        out.push(c);
        if c == '.' {
            out.push('\u{200b}');
        }
        lower_run = if c.is_ascii_lowercase() {
            lower_run + 1
        } else {
            0
        };
    }
    out
}

fn group(out: &mut String, st: &State, ids: &'static [FieldId]) {
    out.push_str(r#"<div class="fields">"#);
    for e in ids
        .iter()
        .filter_map(|id| catalog::entry(st.form.manager, *id))
    {
        field(out, st, e);
    }
    out.push_str("</div>");
}

/// A pair of radio buttons switching a mode of YARN's form: its name, label, the radios' ids
/// and words, and how it reads and sets the form.
struct ModeSwitch {
    name: &'static str,
    label: &'static str,
    options: [(&'static str, &'static str); 2],
    get: fn(&Form) -> bool,
    set: fn(&mut Form, bool),
}

const NODEMANAGER_MODE: ModeSwitch = ModeSwitch {
    name: "nm-mode",
    label: "What YARN gets per node",
    options: [
        ("nm-reserve", "Reserve for OS and daemons"),
        ("nm-explicit", "Set NodeManager resources"),
    ],
    get: |f| f.nodemanager_explicit,
    set: Form::set_nodemanager_explicit,
};

const MAXIMUM_MODE: ModeSwitch = ModeSwitch {
    name: "max-mode",
    label: "Maximum allocation",
    options: [
        ("max-nm", "Maximum = NodeManager resources"),
        (
            "max-explicit",
            "Set maximum (YARN default 8192 MiB, 4 vcores)",
        ),
    ],
    get: |f| f.maximum_explicit,
    set: |f, v| f.maximum_explicit = v,
};

const MODES: [&ModeSwitch; 2] = [&NODEMANAGER_MODE, &MAXIMUM_MODE];

/// A mode switch as HTML, the radio the form is in checked.
fn mode_switch(out: &mut String, st: &State, mode: &ModeSwitch) {
    out.push_str(&format!(
        r#"<div class="modes" role="radiogroup" aria-label="{}">"#,
        mode.label
    ));
    for (i, (id, text)) in mode.options.iter().enumerate() {
        let checked = if (mode.get)(st.form) == (i == 1) {
            " checked"
        } else {
            ""
        };
        out.push_str(&format!(
            r#"<label><input type="radio" name="{}" id="{id}"{checked}>{text}</label>"#,
            mode.name
        ));
    }
    out.push_str("</div>");
}

fn choose(ctx: Ctx, s: &Scenario) {
    show_switch_note("");
    ctx.edited.set_value(None);
    ctx.form.set(Form::from_scenario(s));
    browser::push_query(&url::scenario_to_query(s));
}

/// What a switch from `from` to `to` kept of the typed values, in words (`""` when nothing
/// was typed).
fn switch_note(from: Manager, to: Manager, carried: &Carried) -> String {
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
                format!("{} and {last}", first.join(", "))
            };
            format!("Kept from {from}: {names}.{rest}")
        }
    }
}

/// Writes the note under the cluster-manager switch (a polite live region).
fn show_switch_note(text: &str) {
    if let Some(el) = window()
        .document()
        .and_then(|d| d.get_element_by_id("switch-note"))
    {
        set_text_if_changed(&el, text);
    }
}

/// The cluster-manager switch, as HTML, `current` pressed; choosing one restores that
/// manager's form as it was left (its defaults the first time), with the typed hardware, and
/// adds a history entry.
fn manager_buttons(current: Manager) -> String {
    Manager::ALL
        .into_iter()
    .map(|m| {
        format!(
            r#"<button type="button" class="pill" id="cm-{id}" data-manager="{id}" aria-pressed="{}">{}</button>"#,
            m == current,
            m.name(),
            id = m.as_str()
        )
    })
    .collect()
}

/// A preset's id without its cluster-manager prefix (`k8s-seed002` → `seed002`), for its DOM
/// id. `strip_prefix`, not `trim_start_matches` with a string pattern, which brings a
/// substring searcher into the wasm; preset ids carry at most one prefix.
fn preset_dom_name(id: &str) -> &str {
    id.strip_prefix("k8s-")
        .or_else(|| id.strip_prefix("emr-"))
        .unwrap_or(id)
}

/// The presets of `m` as (id, link, scenario), without one equal to an earlier one (YARN's
/// "Defaults" is case 1, and would show as a second pressed button).
fn distinct_presets(m: Manager) -> Vec<(planner::scenario::ScenarioPreset, String)> {
    let mut out: Vec<(planner::scenario::ScenarioPreset, String)> = Vec::new();
    for p in planner::scenario::presets(m) {
        let query = url::scenario_to_query(&p.input);
        if out.iter().all(|(_, q)| *q != query) {
            out.push((p, query));
        }
    }
    out
}

/// The preset buttons of a cluster manager, as HTML; choosing one pushes a history entry so
/// Back returns.
fn preset_bar(out: &mut String, st: &State) {
    out.push_str(r#"<div class="presets" role="group" aria-label="Presets">"#);
    let now = st.form.to_query();
    for (p, query) in distinct_presets(st.form.manager) {
        out.push_str(&format!(
            r#"<button type="button" class="preset" id="preset-{}" data-preset="{}" title="{}" aria-pressed="{}">"#,
            preset_dom_name(p.id),
            p.id,
            html::escape(p.description),
            query == now
        ));
        html::push_escaped(out, p.name);
        out.push_str("</button>");
    }
    out.push_str("</div>");
}

fn fieldset(out: &mut String, st: &State, legend: &str, ids: &'static [FieldId]) {
    out.push_str(&format!("<fieldset><legend>{legend}</legend>"));
    group(out, st, ids);
    out.push_str("</fieldset>");
}

/// The form as HTML, as it is now: its cluster manager's presets and fields.
fn form_body(st: &State) -> String {
    let mut out = String::new();
    preset_bar(&mut out, st);
    match st.form.manager {
        Manager::Yarn => yarn_fields(&mut out, st),
        Manager::Kubernetes => {
            fieldset(&mut out, st, "Nodes", K8S_NODES);
            fieldset(&mut out, st, "Executors", K8S_EXECUTORS);
            fieldset(&mut out, st, "Spark", K8S_SPARK);
        }
        Manager::Emr => {
            fieldset(&mut out, st, "EMR cluster", EMR_CLUSTER);
            fieldset(&mut out, st, "Executors and driver", EMR_EXECUTORS);
        }
    }
    driver_load(&mut out, st);
    let allocation = if st.form.manager == Manager::Emr {
        ALLOCATION_SETTINGS
    } else {
        ALLOCATION
    };
    fold(
        &mut out,
        st,
        ("workload-load", "Workload"),
        WORKLOAD_LEAD,
        WORKLOAD,
    );
    fold(
        &mut out,
        st,
        ("allocation-load", "Dynamic allocation"),
        "",
        allocation,
    );
    out
}

/// What the workload's fields are for, above them.
const WORKLOAD_LEAD: &str = "Optional: sizes from the Spark UI (Stages) check the tasks, waves and partitions of the plan, and the memory of its largest task.";

/// Optional fields, folded; open when one of them is not at its default (a link or preset
/// that describes a workload, dynamic allocation on).
fn fold(
    out: &mut String,
    st: &State,
    (id, summary): (&str, &str),
    lead: &str,
    ids: &'static [FieldId],
) {
    let defaults = Scenario::default_for(st.form.manager);
    let changed = ids.iter().any(|field| {
        let key = catalog::key(st.form.manager, *field);
        st.form.text(key) != display_scenario_text(key, &defaults)
    });
    let open = if changed { " open" } else { "" };
    out.push_str(&format!(
        r#"<details class="scheduler" id="{id}"{open}><summary>{summary}</summary>"#
    ));
    if !lead.is_empty() {
        html::text(out, "p", r#" class="hint""#, lead);
    }
    group(out, st, ids);
    out.push_str("</details>");
}

fn yarn_fields(out: &mut String, st: &State) {
    out.push_str("<fieldset><legend>Cluster hardware</legend>");
    group(out, st, HARDWARE);
    mode_switch(out, st, &NODEMANAGER_MODE);
    group(out, st, YARN_SHARE);
    out.push_str("</fieldset>");
    fieldset(out, st, "Sizing policy", POLICY);
    fieldset(out, st, "Spark", SPARK);
    out.push_str(r#"<details class="scheduler"><summary>YARN scheduler</summary>"#);
    mode_switch(out, st, &MAXIMUM_MODE);
    group(out, st, SCHEDULER);
    out.push_str("</details>");
}

/// The driver's load, folded: optional inputs for the driver guidance under the plan.
fn driver_load(out: &mut String, st: &State) {
    out.push_str(r#"<details class="scheduler" id="driver-load"><summary>Driver load</summary>"#);
    group(out, st, DRIVER);
    out.push_str("</details>");
}

/// The whole form: the cluster-manager switch, then that manager's presets and fields. The
/// fields are HTML written as the form is, when it is mounted and when the cluster manager
/// changes; one handler per event kind reads which control it came from (its `name`, `id` or
/// data attribute), and [`sync_form`] writes later changes of the form's state into the
/// controls.
pub fn form_view(ctx: Ctx) -> impl IntoView {
    let body = move || {
        let (messages, notes) = (ctx.messages.get_untracked(), ctx.notes.get_untracked());
        ctx.form.with_untracked(|form| {
            form_body(&State {
                form,
                messages: &messages,
                notes: &notes,
            })
        })
    };
    let mounted = ctx.form.with_untracked(|f| f.manager);
    // Remembers the cluster manager whose fields are written: another one's are written anew.
    Effect::new(move |built: Option<Manager>| {
        let manager = ctx.form.with(|f| f.manager);
        if built.unwrap_or(mounted) != manager {
            if let Some(el) = window()
                .document()
                .and_then(|d| d.query_selector(".form-body").ok().flatten())
            {
                el.set_inner_html(&body());
            }
        }
        ctx.form.with(|f| sync_form(f, ctx));
        manager
    });
    view! {
        <form class="form" on:submit=|ev| ev.prevent_default() autocomplete="off"
            on:input=move |ev| typed(ctx, &ev) on:change=move |ev| changed(ctx, &ev)
            on:click=move |ev| clicked(ctx, &ev)>
            <div class="method-switch managers" role="group" aria-label="Cluster manager"
                inner_html=manager_buttons(mounted)></div>
            <p class="hint switch-note" id="switch-note" role="status"></p>
            <div class="form-body" inner_html=body()></div>
        </form>
    }
}

/// The element an event came from.
fn target(ev: &leptos::ev::Event) -> Option<web_sys::Element> {
    use wasm_bindgen::JsCast;
    ev.target()?.dyn_into().ok()
}

/// A property of an element as text (`value`).
fn property(el: &web_sys::Element, name: &str) -> String {
    js_sys::Reflect::get(el, &name.into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

/// Sets a property of an element (`value`, `checked`).
fn set_property(el: &web_sys::Element, name: &str, value: &wasm_bindgen::JsValue) {
    let _ = js_sys::Reflect::set(el, &name.into(), value);
}

/// The text typed into a control: that field's key gets the control's value.
fn edit_from(ctx: Ctx, el: &web_sys::Element) {
    let manager = ctx.form.with_untracked(|f| f.manager);
    let name = el.get_attribute("name").unwrap_or_default();
    if let Some(key) = url::manager_keys(manager).into_iter().find(|k| *k == name) {
        ctx.edit(key, property(el, "value"));
    }
}

/// Typing into a text box.
fn typed(ctx: Ctx, ev: &leptos::ev::Event) {
    if let Some(el) = target(ev).filter(|el| el.get_attribute("type").as_deref() == Some("text")) {
        edit_from(ctx, &el);
    }
}

/// A choice in a list, or a mode's radio button.
fn changed(ctx: Ctx, ev: &leptos::ev::Event) {
    let Some(el) = target(ev) else {
        return;
    };
    if el.tag_name() == "SELECT" {
        edit_from(ctx, &el);
        return;
    }
    let id = el.id();
    for mode in MODES {
        if let Some(i) = mode.options.iter().position(|(option, _)| *option == id) {
            ctx.edit_form(|f| (mode.set)(f, i == 1));
        }
    }
}

/// A click on a cluster manager or a preset.
fn clicked(ctx: Ctx, ev: &leptos::ev::Event) {
    let Some(el) =
        target(ev).and_then(|el| el.closest("[data-manager],[data-preset]").ok().flatten())
    else {
        return;
    };
    if let Some(m) = el.get_attribute("data-manager") {
        if let Some(m) = ClusterManager::ALL.into_iter().find(|x| x.as_str() == m) {
            ctx.switch_manager(m);
        }
        return;
    }
    let id = el.get_attribute("data-preset").unwrap_or_default();
    let manager = ctx.form.with_untracked(|f| f.manager);
    if let Some((p, _)) = distinct_presets(manager)
        .into_iter()
        .find(|(p, _)| p.id == id)
    {
        choose(ctx, &p.input);
    }
}

/// The text of the message at `key` among `messages`, or empty.
fn message_at(messages: &[FieldMessage], key: &str) -> String {
    messages
        .iter()
        .find(|x| x.key == key)
        .map_or_else(String::new, |x| x.text.clone())
}

/// Sets an attribute unless it already has that value: every keystroke syncs the whole form,
/// and a DOM write that changes nothing still costs the browser work (BENCHMARKS.md, "Browser
/// speed").
fn set_attribute_if_changed(el: &web_sys::Element, name: &str, value: &str) {
    if el.get_attribute(name).as_deref() != Some(value) {
        let _ = el.set_attribute(name, value);
    }
}

/// Sets an element's text unless it already is `text`.
fn set_text_if_changed(el: &web_sys::Element, text: &str) {
    if el.text_content().as_deref().unwrap_or_default() != text {
        el.set_text_content(Some(text));
    }
}

/// Writes the form's state into its controls: each field's value, visibility, message and
/// note, the modes' radios, the pressed cluster manager and preset, and the Kubernetes
/// provider's instance types. Values are written only when they differ, so the caret stays
/// where the user types.
fn sync_form(form: &Form, ctx: Ctx) {
    let Some(doc) = window().document() else {
        return;
    };
    let by_id = |id: &str| doc.get_element_by_id(id);
    let messages = ctx.messages.get();
    let notes = ctx.notes.get();
    for e in form_groups(form.manager)
        .iter()
        .flat_map(|g| g.iter())
        .filter_map(|id| catalog::entry(form.manager, *id))
    {
        let key = e.key;
        let (Some(control), Some(error), Some(note)) = (
            by_id(&format!("f-{key}")),
            by_id(&format!("err-{key}")),
            by_id(&format!("note-{key}")),
        ) else {
            continue;
        };
        if property(&control, "value") != form.text(key) {
            set_property(&control, "value", &form.text(key).into());
        }
        let message = message_at(&messages, key);
        if control.tag_name() == "INPUT" {
            let invalid = if message.is_empty() { "false" } else { "true" };
            set_attribute_if_changed(&control, "aria-invalid", invalid);
        }
        if let Some(wrapper) = error.parent_element() {
            let class = field_class(e, &message, form.shows(e.shown));
            if wrapper.class_name() != class {
                wrapper.set_class_name(&class);
            }
        }
        set_text_if_changed(&error, &message);
        set_text_if_changed(&note, &note_unless_error(&message, &notes, key));
    }
    if let Some(types) = by_id("f-knt-types") {
        let options = type_options(&node_type_names(form));
        if types.inner_html() != options {
            types.set_inner_html(&options);
        }
    }
    for mode in MODES {
        for (i, (id, _)) in mode.options.iter().enumerate() {
            if let Some(radio) = by_id(id) {
                set_property(&radio, "checked", &((mode.get)(form) == (i == 1)).into());
            }
        }
    }
    for m in ClusterManager::ALL {
        if let Some(button) = by_id(&format!("cm-{}", m.as_str())) {
            set_attribute_if_changed(&button, "aria-pressed", &(m == form.manager).to_string());
        }
    }
    let query = form.to_query();
    for (p, preset_query) in distinct_presets(form.manager) {
        if let Some(button) = by_id(&format!("preset-{}", preset_dom_name(p.id))) {
            set_attribute_if_changed(
                &button,
                "aria-pressed",
                &(preset_query == query).to_string(),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_field_is_in_the_catalog_and_every_input_is_on_a_form() {
        for m in ClusterManager::ALL {
            let shown: Vec<FieldId> = form_groups(m)
                .iter()
                .flat_map(|g| g.iter().copied())
                .collect();
            for id in &shown {
                assert!(catalog::entry(m, *id).is_some(), "{}: {id:?}", m.as_str());
            }
            for e in catalog::entries(m) {
                // The method is the headline's switch, not a form field.
                let elsewhere = e.id == F::Method;
                assert_eq!(
                    shown.contains(&e.id),
                    !elsewhere,
                    "{}: {}",
                    m.as_str(),
                    e.key
                );
            }
        }
    }

    #[test]
    fn long_setting_names_may_break_only_after_a_dot_or_between_camel_case_words() {
        let z = '\u{200b}';
        assert_eq!(
            breakable("spark.yarn.heterogeneousExecutors.enabled"),
            format!("spark.{z}yarn.{z}heterogeneous{z}Executors.{z}enabled")
        );
        assert_eq!(
            breakable("maximizeResourceAllocation"),
            format!("maximize{z}Resource{z}Allocation")
        );
        // Capitals in a row (an abbreviation) and ordinary words stay whole.
        assert_eq!(breakable("YARN AM memory"), "YARN AM memory");
        assert_eq!(breakable("Memory (GiB, vCPUs)"), "Memory (GiB, vCPUs)");
        assert_eq!(breakable("Core nodes"), "Core nodes");
    }

    #[test]
    fn emr_sets_the_executor_shape_while_maximize_resource_allocation_is_on() {
        use crate::form::Form;
        let (mut form, _) = Form::from_query("v=1&cm=emr");
        let shapes = ["cnt", "cpe", "em"];
        assert!(shapes.iter().all(|k| form.applies(k)));
        // A bad value typed, then maximizeResourceAllocation on: the fields EMR now sets are
        // neither shown nor read, so nothing blames them and the plan is EMR's.
        form.set_text("em", "lots".into());
        assert_eq!(form.read().unreadable.len(), 1);
        form.set_text("em", "0".into());
        assert!(matches!(
            crate::evaluate(&form.read()),
            planner::scenario::Outcome::Invalid(_)
        ));
        form.set_text("max", "1".into());
        assert!(shapes.iter().all(|k| !form.applies(k)));
        assert!(!form.shows(planner::catalog::Shown::NotMaximized));
        assert!(matches!(
            crate::evaluate(&form.read()),
            planner::scenario::Outcome::Emr(_)
        ));
    }

    #[test]
    fn a_managed_provider_hides_the_typed_reservations_and_travels_in_the_link() {
        use crate::form::Form;
        use planner::catalog::Shown;
        let (mut form, _) = Form::from_query("v=1&cm=k8s");
        let shown = |f: &Form| {
            [
                Shown::CustomNode,
                Shown::ManagedNode,
                Shown::MaxPods,
                Shown::TypedShape,
            ]
            .map(|w| f.shows(w))
        };
        assert_eq!(form.text("kp"), "custom");
        assert_eq!(shown(&form), [true, false, false, true]);
        form.set_text("kp", "eks".into());
        assert_eq!(shown(&form), [false, true, true, true]);
        form.set_text("knt", "m5.4xlarge".into());
        assert_eq!(
            shown(&form),
            [false, true, true, false],
            "the type replaces the shape"
        );
        assert_eq!(form.to_query(), "v=1&cm=k8s&kp=eks&knt=m5.4xlarge");
        form.set_text("kp", "gke".into());
        assert_eq!(
            shown(&form),
            [false, true, false, false],
            "GKE needs no max pods"
        );
        // A preset opens with its provider and type.
        let eks = planner::presets::k8s_preset("k8s-seed002-eks").unwrap();
        let form = Form::from_scenario(&Scenario::Kubernetes(eks.input));
        assert_eq!((form.text("kp"), form.text("knt")), ("eks", "m5.4xlarge"));
    }

    /// A field with an error shows no note about the same value (99 999 999 GiB per node was
    /// out of range and "more than any machine has per core" beside it); without the error the
    /// note shows.
    #[test]
    fn a_note_gives_way_to_the_fields_error() {
        let (form, _) = Form::from_query("v=1");
        let note = [FieldMessage {
            key: "m",
            text: "Memory per node: more than any machine has".into(),
        }];
        let error = [FieldMessage {
            key: "m",
            text: "Memory per node is 99 999 999 GiB".into(),
        }];
        let with_error = form_body(&State {
            form: &form,
            messages: &error,
            notes: &note,
        });
        assert!(
            with_error.contains(r#"id="note-m" aria-live="polite"></p>"#),
            "{with_error}"
        );
        let alone = form_body(&State {
            form: &form,
            messages: &[],
            notes: &note,
        });
        assert!(alone.contains(
            r#"id="note-m" aria-live="polite">Memory per node: more than any machine has</p>"#
        ));
    }

    #[test]
    fn the_form_is_written_with_typed_text_escaped_and_its_state_in_the_markup() {
        let (mut form, _) = Form::from_query("v=1");
        form.set_text("n", "\"><script>x</script>".into());
        let messages = [FieldMessage {
            key: "n",
            text: "Nodes: <b> is not a number".into(),
        }];
        let body = form_body(&State {
            form: &form,
            messages: &messages,
            notes: &[],
        });
        assert!(
            !body.contains("<script>") && !body.contains("<b>"),
            "{body}"
        );
        assert!(body.contains(r#"value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;""#));
        assert!(body.contains(r#"<div class="field invalid"><label for="f-n">"#));
        assert!(body.contains(r#">Nodes: &lt;b&gt; is not a number</p>"#));
        // YARN's defaults: the reservation mode is checked, and case 1's preset pressed.
        assert!(body.contains(r#"id="nm-reserve" checked>"#));
        let (defaults, _) = Form::from_query("v=1");
        let body = form_body(&State {
            form: &defaults,
            messages: &[],
            notes: &[],
        });
        assert!(body.contains(r#"id="preset-case1" data-preset="case1""#));
        assert!(body.contains(r#"aria-pressed="true">"#));
        assert!(
            body.contains(r#"<option value="dominant" selected>"#),
            "{body}"
        );
        // Long setting names may break between words, and copy as the key itself.
        let (emr, _) = Form::from_query("v=1&cm=emr");
        let body = form_body(&State {
            form: &emr,
            messages: &[],
            notes: &[],
        });
        assert!(
            body.contains(">spark.<wbr>yarn.<wbr>heterogeneous<wbr>Executors.<wbr>enabled</label>"),
            "{body}"
        );
        assert!(
            !body.contains('\u{200b}'),
            "no zero-width character in the text"
        );
    }

    #[test]
    fn the_calculator_setting_says_which_is_assumed() {
        let yarn = catalog::entry(ClusterManager::Yarn, F::Calculator).unwrap();
        assert!(yarn.hint.starts_with("Assumed: Dominant."), "{}", yarn.hint);
        let emr = catalog::entry(ClusterManager::Emr, F::Calculator).unwrap();
        assert!(
            emr.hint.contains("EMR's default is Default"),
            "{}",
            emr.hint
        );
    }

    #[test]
    fn the_switch_note_names_what_came_along_and_what_stayed() {
        let carried = |kept: &[&'static str], left_behind| Carried {
            kept: kept.to_vec(),
            left_behind,
        };
        let (yarn, k8s) = (Manager::Yarn, Manager::Kubernetes);
        assert_eq!(switch_note(yarn, k8s, &carried(&[], 0)), "");
        assert_eq!(
            switch_note(yarn, k8s, &carried(&["Nodes"], 0)),
            "Kept from YARN: Nodes."
        );
        assert_eq!(
            switch_note(k8s, Manager::Emr, &carried(&["Nodes", "Input data size", "Min executors"], 2)),
            "Kept from Kubernetes: Nodes, Input data size and Min executors. Kubernetes's other settings are kept for a switch back."
        );
        assert_eq!(
            switch_note(yarn, Manager::Emr, &carried(&[], 1)),
            "Nothing typed on YARN applies to Amazon EMR; its settings are kept for a switch back."
        );
    }

    #[test]
    fn the_form_writes_the_catalogs_groups_in_their_order() {
        for m in ClusterManager::ALL {
            let page: Vec<FieldId> = form_groups(m)
                .iter()
                .flat_map(|g| g.iter().copied())
                .collect();
            let catalog: Vec<FieldId> = catalog::form_groups(m)
                .iter()
                .flat_map(|(_, parts)| parts.iter().flat_map(|p| p.iter().copied()))
                .filter(|id| *id != FieldId::Method)
                .collect();
            assert_eq!(page, catalog, "{m:?}");
        }
    }
}
