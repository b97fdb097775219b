//! The input form: presets, grouped fields with units and defaults, and each field's own error
//! message in place.

use leptos::prelude::*;
use planner::catalog::{self, ClusterManager, Entry, FieldId, Kind, Unit};
use planner::url::{self, Scenario};
use ClusterManager as Manager;

use crate::browser;
use crate::form::{carry_hardware, display_scenario_text, FieldMessage, Form};

/// The form's signals, shared by every field.
#[derive(Clone, Copy)]
pub struct Ctx {
    /// The form state.
    pub form: RwSignal<Form>,
    /// The message of each invalid field.
    pub messages: Memo<Vec<FieldMessage>>,
    /// The key typed into last (a conflict it causes is reported there).
    pub edited: RwSignal<Option<&'static str>>,
    /// The other cluster managers' forms as they were left.
    pub stash: RwSignal<Vec<Form>>,
    /// Warnings about values that read but are unlikely meant, at their fields.
    pub notes: Memo<Vec<FieldMessage>>,
}

impl Ctx {
    /// A typed edit: update the text and replace the history entry.
    pub fn edit(self, key: &'static str, text: String) {
        self.edited.set(Some(key));
        self.form.update(|f| f.set_text(key, text));
        browser::replace_query(&self.form.with_untracked(Form::to_query));
    }

    /// A mode switch (not a text).
    pub fn edit_form(self, change: impl FnOnce(&mut Form)) {
        self.edited.set(None);
        self.form.update(change);
        browser::replace_query(&self.form.with_untracked(Form::to_query));
    }

    fn message(self, key: &'static str) -> impl Fn() -> Option<String> + Copy + Send + Sync {
        move || {
            self.messages
                .with(|m| m.iter().find(|x| x.key == key).map(|x| x.text.clone()))
        }
    }

    fn note(self, key: &'static str) -> impl Fn() -> Option<String> + Copy + Send + Sync {
        move || {
            self.notes
                .with(|m| m.iter().find(|x| x.key == key).map(|x| x.text.clone()))
        }
    }

    /// Switches to cluster manager `m`: the current form is kept for a switch back, `m`'s
    /// form is restored as it was left (or its defaults), and typed hardware comes along.
    fn switch_manager(self, m: ClusterManager) {
        let current = self.form.get_untracked();
        if current.manager == m {
            return;
        }
        let kept = self
            .stash
            .with_untracked(|s| s.iter().find(|f| f.manager == m).cloned());
        let mut next = kept.unwrap_or_else(|| Form::from_scenario(&Scenario::default_for(m)));
        carry_hardware(&current, &mut next);
        self.stash.update(|s| {
            s.retain(|f| f.manager != current.manager);
            s.push(current);
        });
        self.edited.set(None);
        self.form.set(next);
        browser::push_query(&self.form.with_untracked(Form::to_query));
    }
}

use FieldId as F;

const HARDWARE: &[FieldId] = &[F::Nodes, F::CoresPerNode, F::MemoryPerNode];

const YARN_SHARE: &[FieldId] = &[
    F::ReservedCores,
    F::ReservedMemory,
    F::NodeManagerMemory,
    F::NodeManagerVcores,
];

const POLICY: &[FieldId] = &[
    F::CoresPerExecutor,
    F::TaskCpus,
    F::MemoryTarget,
    F::Granularity,
    F::ClusterShare,
];

const SPARK: &[FieldId] = &[
    F::SparkVersion,
    F::DeployMode,
    F::AppType,
    F::DriverMemory,
    F::DriverCores,
    F::DriverOverhead,
    F::DriverOverheadFactor,
    F::DriverOverheadMinimum,
    F::AmMemory,
    F::AmCores,
    F::OverheadFactor,
    F::OverheadMinimum,
    F::ExecutorOverhead,
    F::OffHeapEnabled,
    F::OffHeapSize,
    F::PysparkMemory,
    F::MemoryFraction,
    F::StorageFraction,
];

const SCHEDULER: &[FieldId] = &[
    F::MinimumAllocation,
    F::Increment,
    F::Calculator,
    F::MaximumAllocationMemory,
    F::MaximumAllocationVcores,
];

const K8S_NODES: &[FieldId] = &[
    F::Provider,
    F::NodeType,
    F::Nodes,
    F::MaxPods,
    F::NodeCpu,
    F::NodeMemory,
    F::KubeReservedCpu,
    F::KubeReservedMemory,
    F::DaemonsetCpu,
    F::DaemonsetMemory,
];

const K8S_EXECUTORS: &[FieldId] = &[
    F::ExecutorInstances,
    F::CoresPerExecutor,
    F::ExecutorMemory,
    F::ExecutorCpuRequest,
    F::ExecutorCpuLimit,
    F::TaskCpus,
];

const K8S_SPARK: &[FieldId] = &[
    F::SparkVersion,
    F::DeployMode,
    F::AppType,
    F::OverheadFactor,
    F::OverheadMinimum,
    F::ExecutorOverhead,
    F::OffHeapEnabled,
    F::OffHeapSize,
    F::PysparkMemory,
    F::DriverMemory,
    F::DriverCores,
    F::DriverCpuRequest,
    F::DriverCpuLimit,
    F::DriverOverheadMinimum,
];

const EMR_CLUSTER: &[FieldId] = &[
    F::InstanceType,
    F::InstanceVcpus,
    F::InstanceMemory,
    F::InstanceYarnMemory,
    F::Nodes,
    F::MasterInstanceType,
    F::MaximizeResourceAllocation,
    F::HeterogeneousExecutors,
    F::Calculator,
];

const EMR_EXECUTORS: &[FieldId] = &[
    F::ExecutorInstances,
    F::CoresPerExecutor,
    F::TaskCpus,
    F::ExecutorMemory,
    F::OverheadFactor,
    F::ExecutorMaxCores,
    F::ExecutorMaxMemory,
    F::DynamicAllocation,
    F::DeployMode,
    F::DriverMemory,
    F::DriverCores,
    F::AmMemory,
    F::AmCores,
];

/// The driver's load (guidance only), the same on every form.
const DRIVER: &[FieldId] = &[
    F::ConcurrentJobs,
    F::CollectedResults,
    F::MaxResultSize,
    F::EdgeNodeMemory,
    F::EdgeNodeCores,
];

/// Every group of fields of `m`'s form, in display order (for tests: each is in the catalog).
pub fn form_groups(m: ClusterManager) -> &'static [&'static [FieldId]] {
    match m {
        ClusterManager::Yarn => &[HARDWARE, YARN_SHARE, POLICY, SPARK, SCHEDULER, DRIVER],
        ClusterManager::Kubernetes => &[K8S_NODES, K8S_EXECUTORS, K8S_SPARK, DRIVER],
        ClusterManager::Emr => &[EMR_CLUSTER, EMR_EXECUTORS, DRIVER],
    }
}

fn field(ctx: Ctx, entry: &'static Entry) -> impl IntoView {
    let key = entry.key;
    let id = format!("f-{key}");
    let err_id = format!("err-{key}");
    let message = ctx.message(key);
    let note = ctx.note(key);
    let hidden = move || !ctx.form.with(|f| f.shows(entry.shown));
    let value = move || ctx.form.with(|f| f.text(key).to_string());
    let control = match entry.kind.options() {
        None => text_box(ctx, entry, &id, &err_id, message).into_any(),
        Some(options) => {
            let opts = options
                .iter()
                .map(|(v, t)| view! { <option value=*v>{*t}</option> })
                .collect_view();
            let hint = (!entry.hint.is_empty()).then(|| view! { <p class="hint">{entry.hint}</p> });
            view! {
                <select id=id.clone() name=key prop:value=value
                    on:change=move |ev| ctx.edit(key, event_target_value(&ev))>
                    {opts}
                </select>
                {hint}
            }
            .into_any()
        }
    };
    view! {
        <div class="field" class:invalid=move || message().is_some() class:hidden=hidden>
            <label for=id>{breakable(entry.label)}</label>
            {control}
            <p class="error" id=err_id aria-live="polite">{message}</p>
            <p class="note" id=format!("note-{key}") aria-live="polite">{note}</p>
        </div>
    }
}

/// A text box with its unit and hint; the default shows as the placeholder.
fn text_box(
    ctx: Ctx,
    entry: &'static Entry,
    id: &str,
    err_id: &str,
    message: impl Fn() -> Option<String> + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let key = entry.key;
    let value = move || ctx.form.with(|f| f.text(key).to_string());
    let manager = ctx.form.with_untracked(|f| f.manager);
    let default = display_scenario_text(key, &Scenario::default_for(manager));
    let placeholder = if default.is_empty() {
        "not set".to_string()
    } else {
        default
    };
    // Phones show a digits-only keypad for "decimal": only for fields that take plain
    // numbers, not sizes (6g), CPU quantities (500m), instance types or "max".
    let numeric = matches!(entry.unit, Unit::Cores | Unit::Vcores) || entry.id == F::Nodes;
    // Instance types offered as suggestions (any listed type may be typed): EMR's, or the
    // chosen Kubernetes provider's, which follow the provider. The options are plain names,
    // written as markup (cheaper in the wasm than a reactive list of option views).
    let instance_field = entry.kind == Kind::InstanceType;
    let node_type_field = entry.id == F::NodeType;
    let types = instance_field.then(|| {
        let custom = (entry.id == F::InstanceType).then_some(planner::emr::CUSTOM);
        let options = move || {
            let names: Vec<String> = if node_type_field {
                node_type_names(ctx)
            } else {
                planner::emr::instance_types()
                    .into_iter()
                    .map(|t| t.name())
                    .chain(custom.map(String::from))
                    .collect()
            };
            names
                .iter()
                .map(|name| format!("<option value=\"{name}\"></option>"))
                .collect::<String>()
        };
        view! { <datalist id=format!("{id}-types") inner_html=options></datalist> }
    });
    view! {
        <div class="input-wrap">
            <input
                id=id.to_string()
                name=key
                type="text"
                inputmode=if numeric { "decimal" } else { "text" }
                list=instance_field.then(|| format!("{id}-types"))
                autocomplete="off"
                spellcheck="false"
                placeholder=placeholder
                maxlength=planner::text::MAX_TEXT_CHARS.to_string()
                prop:value=value
                aria-invalid=move || if message().is_some() { "true" } else { "false" }
                aria-describedby=err_id.to_string()
                on:input=move |ev| ctx.edit(key, event_target_value(&ev))
            />
            <span class="unit">{entry.unit_text()}</span>
            {types}
        </div>
        <p class="hint">{hint_text(entry)}</p>
    }
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
fn node_type_names(ctx: Ctx) -> Vec<String> {
    let provider = ctx.form.with(|f| {
        planner::providers::Provider::parse(f.text("kp"))
            .unwrap_or(planner::providers::Provider::Custom)
    });
    planner::providers::node_types(provider)
        .map(|t| t.name.to_string())
        .collect()
}

/// A label that may wrap after its dots (`spark.executor.␣memoryOverhead`), not mid-word.
fn breakable(label: &str) -> String {
    label.replace('.', ".\u{200b}")
}

fn group(ctx: Ctx, m: ClusterManager, ids: &'static [FieldId]) -> impl IntoView {
    let fields = ids
        .iter()
        .filter_map(|id| catalog::entry(m, *id))
        .map(|e| field(ctx, e))
        .collect_view();
    view! { <div class="fields">{fields}</div> }
}

/// A pair of radio buttons switching a mode of the form.
fn mode_switch(
    ctx: Ctx,
    name: &'static str,
    label: &'static str,
    options: [(&'static str, &'static str); 2],
    get: fn(&Form) -> bool,
    set: fn(&mut Form, bool),
) -> impl IntoView {
    let radios = options
        .into_iter()
        .enumerate()
        .map(|(i, (id, text))| {
            let explicit = i == 1;
            view! {
                <label>
                    <input type="radio" name=name id=id
                        prop:checked=move || ctx.form.with(get) == explicit
                        on:change=move |_| ctx.edit_form(|f| set(f, explicit)) />
                    {text}
                </label>
            }
        })
        .collect_view();
    view! { <div class="modes" role="radiogroup" aria-label=label>{radios}</div> }
}

fn choose(ctx: Ctx, s: &Scenario) {
    ctx.edited.set(None);
    ctx.form.set(Form::from_scenario(s));
    browser::push_query(&url::scenario_to_query(s));
}

/// The cluster-manager switch; choosing one restores that manager's form as it was left (its
/// defaults the first time), with the typed hardware, and adds a history entry.
pub fn manager_bar(ctx: Ctx) -> impl IntoView {
    let buttons = [
        (Manager::Yarn, "YARN"),
        (Manager::Kubernetes, "Kubernetes"),
        (Manager::Emr, "Amazon EMR"),
    ]
    .into_iter()
    .map(|(m, name)| {
        view! {
            <button type="button" class="pill" id=format!("cm-{}", m.as_str())
                aria-pressed=move || if ctx.form.with(|f| f.manager == m) { "true" } else { "false" }
                on:click=move |_| ctx.switch_manager(m)>
                {name}
            </button>
        }
    })
    .collect_view();
    view! { <div class="method-switch managers" role="group" aria-label="Cluster manager">{buttons}</div> }
}

/// A preset's id without its cluster-manager prefix (`k8s-seed002` → `seed002`), for its DOM
/// id. `strip_prefix`, not `trim_start_matches` with a string pattern, which brings a
/// substring searcher into the wasm; preset ids carry at most one prefix.
fn preset_dom_name(id: &str) -> &str {
    id.strip_prefix("k8s-")
        .or_else(|| id.strip_prefix("emr-"))
        .unwrap_or(id)
}

/// The preset buttons of the current cluster manager; choosing one pushes a history entry so
/// Back returns.
pub fn preset_bar(ctx: Ctx, m: Manager) -> impl IntoView {
    // A preset equal to an earlier one (YARN's "Defaults" is case 1) would show as a second
    // pressed button: keep the first.
    let mut seen: Vec<String> = Vec::new();
    let buttons = planner::scenario::presets(m)
        .into_iter()
        .map(|p| (p.id, p.name, p.description, p.input))
        .filter_map(|(id, name, description, scenario)| {
            let query = url::scenario_to_query(&scenario);
            if seen.contains(&query) {
                return None;
            }
            seen.push(query.clone());
            Some((id, name, description, scenario, query))
        })
        .map(|(id, name, description, scenario, query)| {
            let pressed = move || ctx.form.with(|f| f.to_query() == query);
            view! {
                <button
                    type="button"
                    class="preset"
                    id=format!("preset-{}", preset_dom_name(id))
                    data-preset=id
                    title=description
                    aria-pressed=move || if pressed() { "true" } else { "false" }
                    on:click=move |_| choose(ctx, &scenario)
                >
                    {name}
                </button>
            }
        })
        .collect_view();
    view! {
        <div class="presets" role="group" aria-label="Presets">
            {buttons}
        </div>
    }
}

fn fieldset(
    ctx: Ctx,
    m: ClusterManager,
    legend: &'static str,
    ids: &'static [FieldId],
) -> impl IntoView {
    view! {
        <fieldset>
            <legend>{legend}</legend>
            {group(ctx, m, ids)}
        </fieldset>
    }
}

/// The whole form: the cluster-manager switch, then that manager's presets and fields.
pub fn form_view(ctx: Ctx) -> impl IntoView {
    let manager = Memo::new(move |_| ctx.form.with(|f| f.manager));
    let body = move || match manager.get() {
        Manager::Yarn => yarn_fields(ctx).into_any(),
        Manager::Kubernetes => view! {
            {preset_bar(ctx, Manager::Kubernetes)}
            {fieldset(ctx, Manager::Kubernetes, "Nodes", K8S_NODES)}
            {fieldset(ctx, Manager::Kubernetes, "Executors", K8S_EXECUTORS)}
            {fieldset(ctx, Manager::Kubernetes, "Spark", K8S_SPARK)}
            {driver_load(ctx, Manager::Kubernetes)}
        }
        .into_any(),
        Manager::Emr => view! {
            {preset_bar(ctx, Manager::Emr)}
            {fieldset(ctx, Manager::Emr, "EMR cluster", EMR_CLUSTER)}
            {fieldset(ctx, Manager::Emr, "Executors and driver", EMR_EXECUTORS)}
            {driver_load(ctx, Manager::Emr)}
        }
        .into_any(),
    };
    view! {
        <form class="form" on:submit=|ev| ev.prevent_default() autocomplete="off">
            {manager_bar(ctx)}
            {body}
        </form>
    }
}

fn yarn_fields(ctx: Ctx) -> impl IntoView {
    view! {
        {preset_bar(ctx, Manager::Yarn)}
            <fieldset>
                <legend>"Cluster hardware"</legend>
                {group(ctx, Manager::Yarn, HARDWARE)}
                {mode_switch(
                    ctx,
                    "nm-mode",
                    "What YARN gets per node",
                    [("nm-reserve", "Reserve for OS and daemons"), ("nm-explicit", "Set NodeManager resources")],
                    |f| f.nodemanager_explicit,
                    Form::set_nodemanager_explicit,
                )}
                {group(ctx, Manager::Yarn, YARN_SHARE)}
            </fieldset>
            {fieldset(ctx, Manager::Yarn, "Sizing policy", POLICY)}
            {fieldset(ctx, Manager::Yarn, "Spark", SPARK)}
            <details class="scheduler">
                <summary>"YARN scheduler"</summary>
                {mode_switch(
                    ctx,
                    "max-mode",
                    "Maximum allocation",
                    [("max-nm", "Maximum = NodeManager resources"), ("max-explicit", "Set maximum (YARN default 8192 MiB, 4 vcores)")],
                    |f| f.maximum_explicit,
                    |f, v| f.maximum_explicit = v,
                )}
                {group(ctx, Manager::Yarn, SCHEDULER)}
            </details>
            {driver_load(ctx, Manager::Yarn)}
    }
}

/// The driver's load, folded: optional inputs for the driver guidance under the plan.
fn driver_load(ctx: Ctx, m: Manager) -> impl IntoView {
    view! {
        <details class="scheduler" id="driver-load">
            <summary>"Driver load"</summary>
            {group(ctx, m, DRIVER)}
        </details>
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
}
