//! The input form: the cluster-manager switch, presets, grouped fields with units and defaults,
//! each field's own message and note in place, YARN's two mode switches and the optional folds.
//! Every label, unit, hint, range and choice comes from the planner's catalog; each control's
//! handler edits its own field (its key is captured, never read back from the DOM).

mod field;

use leptos::prelude::*;
use planner::catalog::{self, ClusterManager, FieldId};
use planner::scenario::Scenario;
use planner::url;
use ClusterManager as Manager;

use crate::state::form::{display_scenario_text, Form};
use crate::state::Page;
use field::Field;

// The form's lists of fields are the catalog's (the command line's `--fields` reads the same).
use crate::reactive::{dynamic, memo, text, Part};
use planner::catalog::form::{
    ALLOCATION, ALLOCATION_SETTINGS, DRIVER, EMR_CLUSTER, EMR_EXECUTORS, GPUS, K8S_EXECUTORS,
    K8S_NODES, K8S_SPARK, WORKLOAD, YARN_HARDWARE as HARDWARE, YARN_POLICY as POLICY,
    YARN_SCHEDULER as SCHEDULER, YARN_SHARE, YARN_SPARK as SPARK,
};

/// Every group of fields of `m`'s form, in display order (for tests: each is in the catalog).
pub fn form_groups(m: ClusterManager) -> &'static [&'static [FieldId]] {
    match m {
        ClusterManager::Yarn => &[
            HARDWARE, YARN_SHARE, POLICY, SPARK, SCHEDULER, GPUS, DRIVER, WORKLOAD, ALLOCATION,
        ],
        ClusterManager::Kubernetes => &[
            K8S_NODES,
            K8S_EXECUTORS,
            K8S_SPARK,
            GPUS,
            DRIVER,
            WORKLOAD,
            ALLOCATION,
        ],
        ClusterManager::Emr => &[
            EMR_CLUSTER,
            EMR_EXECUTORS,
            GPUS,
            DRIVER,
            WORKLOAD,
            ALLOCATION_SETTINGS,
        ],
    }
}

/// The whole form: the cluster-manager switch, then that manager's presets and fields (built
/// anew when the cluster manager changes; within one, every control follows the form's state).
#[component]
pub(crate) fn FormView(page: Page) -> impl IntoView {
    let manager = memo(move || page.manager());
    view! {
        <form class="form" autocomplete="off" on:submit=|ev| ev.prevent_default()>
            <div class="method-switch managers" role="group" aria-label="Cluster manager">
                {Manager::ALL.map(|m| view! { <ManagerButton page m manager/> })}
            </div>
            <p class="hint switch-note" id="switch-note" role="status">
                {text(move || page.switch_note.get())}
            </p>
            <div class="form-body">{dynamic(move || form_body(page, manager.get()))}</div>
        </form>
    }
}

/// One button of the cluster-manager switch: choosing it restores that manager's form as it
/// was left (its defaults the first time), with the typed hardware, and adds a history entry.
#[component]
fn ManagerButton(page: Page, m: Manager, manager: Part<Manager>) -> impl IntoView {
    view! {
        <button type="button" class="pill" id=format!("cm-{}", m.as_str())
            aria-pressed=text(move || (manager.get() == m).to_string())
            on:click=move |_| page.switch_manager(m)>
            {m.name()}
        </button>
    }
}

/// The presets, the fieldsets and the folds of `m`'s form.
fn form_body(page: Page, m: Manager) -> AnyView {
    let fields = match m {
        Manager::Yarn => yarn_fields(page).into_any(),
        Manager::Kubernetes => view! {
            <Fieldset page legend="Nodes" ids=K8S_NODES/>
            <Fieldset page legend="Executors" ids=K8S_EXECUTORS/>
            <Fieldset page legend="Spark" ids=K8S_SPARK/>
        }
        .into_any(),
        Manager::Emr => view! {
            <Fieldset page legend="EMR cluster" ids=EMR_CLUSTER/>
            <Fieldset page legend="Executors and driver" ids=EMR_EXECUTORS/>
        }
        .into_any(),
    };
    let allocation = if m == Manager::Emr {
        ALLOCATION_SETTINGS
    } else {
        ALLOCATION
    };
    view! {
        <Presets page m/>
        {fields}
        <Fold page id="gpus-load" summary="GPUs" lead=GPU_LEAD ids=GPUS/>
        <details class="scheduler" id="driver-load">
            <summary>"Driver load"</summary>
            <Fields page ids=DRIVER/>
        </details>
        <Fold page id="workload-load" summary="Workload" lead=WORKLOAD_LEAD ids=WORKLOAD/>
        <Fold page id="allocation-load" summary="Dynamic allocation" lead="" ids=allocation/>
    }
    .into_any()
}

/// What the GPU fields are for, above them.
const GPU_LEAD: &str =
    "Optional: executors that ask for GPUs are placed by the GPUs of each node too.";

/// What the workload's fields are for, above them.
const WORKLOAD_LEAD: &str = "Optional: sizes from the Spark UI (Stages) check the tasks, waves and partitions of the plan, and the memory of its largest task.";

fn yarn_fields(page: Page) -> impl IntoView {
    view! {
        <fieldset>
            <legend>"Cluster hardware"</legend>
            <Fields page ids=HARDWARE/>
            <ModeSwitch page mode=&NODEMANAGER_MODE/>
            <Fields page ids=YARN_SHARE/>
        </fieldset>
        <Fieldset page legend="Sizing policy" ids=POLICY/>
        <Fieldset page legend="Spark" ids=SPARK/>
        <details class="scheduler">
            <summary>"YARN scheduler"</summary>
            <ModeSwitch page mode=&MAXIMUM_MODE/>
            <Fields page ids=SCHEDULER/>
        </details>
    }
}

/// A group of fields under a legend.
#[component]
fn Fieldset(page: Page, legend: &'static str, ids: &'static [FieldId]) -> impl IntoView {
    view! {
        <fieldset>
            <legend>{legend}</legend>
            <Fields page ids/>
        </fieldset>
    }
}

/// The fields of `ids` that the form's cluster manager has, in a grid.
#[component]
fn Fields(page: Page, ids: &'static [FieldId]) -> impl IntoView {
    let m = page.form.with_untracked(|f| f.manager);
    let entries: Vec<&'static catalog::Entry> =
        ids.iter().filter_map(|id| catalog::entry(m, *id)).collect();
    view! {
        <div class="fields">
            {entries.into_iter().map(|entry| view! { <Field page entry/> }).collect_view()}
        </div>
    }
}

/// Optional fields, folded; open when one of them is not at its default as the form is built
/// (a link or preset that describes a workload, dynamic allocation on). Opening or closing it is
/// the user's.
#[component]
fn Fold(
    page: Page,
    id: &'static str,
    summary: &'static str,
    lead: &'static str,
    ids: &'static [FieldId],
) -> impl IntoView {
    let changed = page.form.with_untracked(|f| {
        let defaults = Scenario::default_for(f.manager);
        ids.iter().any(|field| {
            let key = catalog::key(f.manager, *field);
            f.text(key) != display_scenario_text(key, &defaults)
        })
    });
    view! {
        <details class="scheduler" id=id open=changed>
            <summary>{summary}</summary>
            {(!lead.is_empty()).then(|| view! { <p class="hint">{lead}</p> })}
            <Fields page ids/>
        </details>
    }
}

/// A pair of radio buttons switching a mode of YARN's form: its name, label, the radios' ids
/// and words, and how it reads and sets the form.
struct Mode {
    name: &'static str,
    label: &'static str,
    options: [(&'static str, &'static str); 2],
    get: fn(&Form) -> bool,
    set: fn(&mut Form, bool),
    /// The word of [`crate::terms::TERMS`] each option's words hold (`""`: none).
    terms: [&'static str; 2],
}

const NODEMANAGER_MODE: Mode = Mode {
    name: "nm-mode",
    label: "What YARN gets per node",
    options: [
        ("nm-reserve", "Reserve for OS and daemons"),
        ("nm-explicit", "Set NodeManager resources"),
    ],
    get: |f| f.nodemanager_explicit,
    set: Form::set_nodemanager_explicit,
    terms: ["", "NodeManager resources"],
};

const MAXIMUM_MODE: Mode = Mode {
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
    terms: ["NodeManager resources", "vcores"],
};

/// A mode switch: the radio the form is in checked.
#[component]
fn ModeSwitch(page: Page, mode: &'static Mode) -> impl IntoView {
    let on = memo(move || page.form.with(mode.get));
    let radio = move |(i, (id, text)): (usize, &'static (&'static str, &'static str))| {
        let explicit = i == 1;
        let explained = crate::terms::explanation(mode.terms[i]);
        view! {
            <label title=explained>
                <input type="radio" name=mode.name id=*id title=explained
                    prop:checked=move || on.get() == explicit
                    on:change=move |_| page.edit_form(|f| (mode.set)(f, explicit))/>
                {*text}
            </label>
        }
    };
    view! {
        <div class="modes" role="radiogroup" aria-label=mode.label>
            {mode.options.iter().enumerate().map(radio).collect_view()}
        </div>
    }
}

/// A preset's id without its cluster-manager prefix (`k8s-seed002` → `seed002`), for its
/// element id.
fn preset_dom_name(id: &str) -> &str {
    id.strip_prefix("k8s-")
        .or_else(|| id.strip_prefix("emr-"))
        .unwrap_or(id)
}

/// The presets of `m` with their links, without one equal to an earlier one (YARN's
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

/// The preset buttons of a cluster manager; choosing one adds a history entry so Back
/// returns. A preset is pressed while the form is exactly it.
#[component]
fn Presets(page: Page, m: Manager) -> impl IntoView {
    let query = memo(move || page.reading.with(|r| page.form.with(|f| f.query_of(r))));
    let button = move |(p, preset_query): (planner::scenario::ScenarioPreset, String)| {
        let (name, scenario) = (p.name, p.input.clone());
        view! {
            <button type="button" class="preset" id=format!("preset-{}", preset_dom_name(p.id))
                data-preset=p.id title=p.description
                aria-pressed=text(move || query.with(|q| *q == preset_query).to_string())
                on:click=move |_| page.choose(name, &scenario)>
                {p.name}
            </button>
        }
    };
    view! {
        <div class="presets" role="group" aria-label="Presets">
            {distinct_presets(m).into_iter().map(button).collect_view()}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::form::Form;

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
                let elsewhere = e.id == FieldId::Method;
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

    #[test]
    fn presets_are_distinct_and_named_by_their_ids() {
        for m in ClusterManager::ALL {
            let presets = distinct_presets(m);
            let mut queries: Vec<&String> = presets.iter().map(|(_, q)| q).collect();
            queries.dedup();
            assert_eq!(queries.len(), presets.len(), "{m:?}");
        }
        assert_eq!(preset_dom_name("k8s-seed002"), "seed002");
        assert_eq!(preset_dom_name("case1"), "case1");
    }

    #[test]
    fn emr_sets_the_executor_shape_while_maximize_resource_allocation_is_on() {
        let (mut form, _) = Form::from_query("v=1&cm=emr");
        let shapes = ["cnt", "cpe", "em"];
        assert!(shapes.iter().all(|k| form.applies(k)));
        // A bad value typed, then maximizeResourceAllocation on: the fields EMR now sets are
        // neither shown nor read, so nothing blames them and the plan is EMR's.
        form.set_text("em", "lots".into());
        assert_eq!(form.read().unreadable.len(), 1);
        form.set_text("em", "0".into());
        assert!(matches!(
            crate::state::evaluate(&form.read()),
            planner::scenario::Outcome::Invalid(_)
        ));
        form.set_text("max", "1".into());
        assert!(shapes.iter().all(|k| !form.applies(k)));
        assert!(!form.shows(planner::catalog::Shown::NotMaximized));
        assert!(matches!(
            crate::state::evaluate(&form.read()),
            planner::scenario::Outcome::Emr(_)
        ));
    }

    #[test]
    fn a_managed_provider_hides_the_typed_reservations_and_travels_in_the_link() {
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
        let yarn = catalog::entry(ClusterManager::Yarn, FieldId::Calculator).unwrap();
        assert!(yarn.hint.starts_with("Assumed: Dominant."), "{}", yarn.hint);
        let emr = catalog::entry(ClusterManager::Emr, FieldId::Calculator).unwrap();
        assert!(
            emr.hint.contains("EMR's default is Default"),
            "{}",
            emr.hint
        );
    }
}
