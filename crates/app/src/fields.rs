//! The input form: presets, grouped fields with units and defaults, and each field's own error
//! message in place.

use leptos::prelude::*;
use planner::presets::{k8s_presets, presets};
use planner::url::{self, Manager, Scenario};

use crate::browser;
use crate::form::{display_scenario_text, FieldMessage, Form};

/// The form's signals, shared by every field.
#[derive(Clone, Copy)]
pub struct Ctx {
    /// The form state.
    pub form: RwSignal<Form>,
    /// The message of each invalid field.
    pub messages: Memo<Vec<FieldMessage>>,
}

impl Ctx {
    /// A typed edit: update the text and replace the history entry.
    pub fn edit(self, key: &'static str, text: String) {
        self.form.update(|f| f.set_text(key, text));
        browser::replace_query(&self.form.with_untracked(Form::to_query));
    }

    /// A mode switch (not a text).
    pub fn edit_form(self, change: impl FnOnce(&mut Form)) {
        self.form.update(change);
        browser::replace_query(&self.form.with_untracked(Form::to_query));
    }

    fn message(self, key: &'static str) -> impl Fn() -> Option<String> + Copy + Send + Sync {
        move || {
            self.messages
                .with(|m| m.iter().find(|x| x.key == key).map(|x| x.text.clone()))
        }
    }
}

/// When a field is shown.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// Always.
    Always,
    /// With an OS reservation (not explicit NodeManager resources).
    Reserve,
    /// With explicit NodeManager resources.
    NodeManager,
    /// With an explicit maximum allocation.
    Maximum,
    /// In client mode.
    Client,
    /// With off-heap memory enabled.
    OffHeap,
    /// For Python apps.
    Python,
}

impl When {
    fn holds(self, f: &Form) -> bool {
        match self {
            When::Always => true,
            When::Reserve => !f.nodemanager_explicit,
            When::NodeManager => f.nodemanager_explicit,
            When::Maximum => f.maximum_explicit,
            When::Client => f.text("mode") == "client",
            When::OffHeap => f.text("off") == "1",
            When::Python => f.text("app") == "python",
        }
    }
}

/// How a field is edited.
#[derive(Clone, Copy)]
pub enum Kind {
    /// Free text with a unit and a hint.
    Text {
        /// The unit shown after the box.
        unit: &'static str,
        /// The hint under it (usually the default).
        hint: &'static str,
    },
    /// A choice.
    Select(&'static [(&'static str, &'static str)]),
}

/// One field of the form.
#[derive(Clone, Copy)]
pub struct Spec {
    /// The URL key.
    pub key: &'static str,
    /// The label.
    pub label: &'static str,
    /// Text or choice.
    pub kind: Kind,
    /// When it is shown.
    pub when: When,
}

const fn text(
    key: &'static str,
    label: &'static str,
    unit: &'static str,
    hint: &'static str,
    when: When,
) -> Spec {
    Spec {
        key,
        label,
        kind: Kind::Text { unit, hint },
        when,
    }
}

const fn select(
    key: &'static str,
    label: &'static str,
    options: &'static [(&'static str, &'static str)],
) -> Spec {
    Spec {
        key,
        label,
        kind: Kind::Select(options),
        when: When::Always,
    }
}

use When::{Always, Client, Maximum, NodeManager, OffHeap, Python, Reserve};

const HARDWARE: &[Spec] = &[
    text("n", "Nodes", "", "worker nodes", Always),
    text("c", "Cores per node", "cores", "", Always),
    text("m", "Memory per node", "GiB", "64, 64 GB or 63.5", Always),
];

const YARN_SHARE: &[Spec] = &[
    text("rc", "Reserved cores", "cores", "default 1", Reserve),
    text("rm", "Reserved memory", "GiB", "default 1", Reserve),
    text(
        "nmm",
        "yarn.nodemanager.resource.memory-mb",
        "MiB",
        "",
        NodeManager,
    ),
    text(
        "nmv",
        "yarn.nodemanager.resource.cpu-vcores",
        "vcores",
        "",
        NodeManager,
    ),
];

const POLICY: &[Spec] = &[
    text("cpe", "Cores per executor", "cores", "default 5", Always),
    text(
        "tgt",
        "Memory target per executor",
        "",
        "optional, e.g. 10g: fewest cores that reach it",
        Always,
    ),
    select(
        "gran",
        "spark.executor.memory in",
        &[("gib", "whole GiB (19g)"), ("mib", "MiB (19549m)")],
    ),
    text(
        "share",
        "Share of the cluster",
        "%",
        "for a shared queue; default 100",
        Always,
    ),
];

const VERSION: Spec = select("sv", "Version", &[("4.0", "4.0"), ("3.5", "3.5")]);
const DEPLOY_MODE: Spec = select(
    "mode",
    "Deploy mode",
    &[("cluster", "cluster"), ("client", "client")],
);
const APPLICATION: Spec = select(
    "app",
    "Application",
    &[
        ("jvm", "JVM (Scala/Java)"),
        ("python", "Python"),
        ("r", "R"),
    ],
);

const MEMORY_OVERHEAD: Spec = text(
    "ovh",
    "spark.executor.memoryOverhead",
    "",
    "optional: replaces the formula",
    Always,
);
const OFF_HEAP: Spec = select("off", "Off-heap memory", &[("0", "off"), ("1", "on")]);
const OFF_HEAP_SIZE: Spec = text("offs", "spark.memory.offHeap.size", "", "", OffHeap);
const PYSPARK_MEMORY: Spec = text(
    "py",
    "spark.executor.pyspark.memory",
    "",
    "Python apps; default unset",
    Python,
);

const DRIVER_CORES: Spec = text("dc", "spark.driver.cores", "cores", "default 1", Always);
const AM_MEMORY: Spec = text(
    "amm",
    "spark.yarn.am.memory",
    "",
    "client mode; default 512m",
    Client,
);
const AM_CORES: Spec = text(
    "amc",
    "spark.yarn.am.cores",
    "cores",
    "client mode; default 1",
    Client,
);

const SPARK: &[Spec] = &[
    VERSION,
    DEPLOY_MODE,
    APPLICATION,
    text(
        "dm",
        "spark.driver.memory",
        "",
        "default 1g; in the AM in cluster mode",
        Always,
    ),
    DRIVER_CORES,
    AM_MEMORY,
    AM_CORES,
    text("of", "Overhead factor", "", "default 0.1", Always),
    text(
        "omin",
        "Minimum overhead",
        "",
        "384m; Spark 4.0 only",
        Always,
    ),
    MEMORY_OVERHEAD,
    OFF_HEAP,
    OFF_HEAP_SIZE,
    PYSPARK_MEMORY,
    text("mf", "spark.memory.fraction", "", "default 0.6", Always),
    text(
        "sf",
        "spark.memory.storageFraction",
        "",
        "default 0.5",
        Always,
    ),
];

const SCHEDULER: &[Spec] = &[
    text(
        "amin",
        "yarn.scheduler.minimum-allocation-mb",
        "MiB",
        "default 1024; the rounding step",
        Always,
    ),
    text(
        "ainc",
        "Fair scheduler increment",
        "MiB",
        "optional; rounds instead of the minimum",
        Always,
    ),
    select(
        "calc",
        "Resource calculator",
        &[
            ("dominant", "Dominant (memory and vcores)"),
            ("default", "Default (memory only)"),
        ],
    ),
    text(
        "amax",
        "yarn.scheduler.maximum-allocation-mb",
        "MiB",
        "",
        Maximum,
    ),
    text(
        "vmax",
        "yarn.scheduler.maximum-allocation-vcores",
        "vcores",
        "",
        Maximum,
    ),
];

const K8S_NODES: &[Spec] = &[
    text("n", "Nodes", "", "worker nodes", Always),
    text(
        "kcpu",
        "CPU per node",
        "CPU",
        "capacity (16, 15500m), or allocatable with 0 reserved",
        Always,
    ),
    text(
        "kmem",
        "Memory per node",
        "",
        "capacity (64g, 65536 MiB), or allocatable with 0 reserved",
        Always,
    ),
    text(
        "krcpu",
        "Reserved CPU",
        "CPU",
        "kube-reserved + system-reserved",
        Always,
    ),
    text(
        "krmem",
        "Reserved memory",
        "MiB",
        "kube/system reserved + eviction threshold",
        Always,
    ),
    text(
        "dscpu",
        "Daemonset CPU",
        "CPU",
        "requested per node",
        Always,
    ),
    text(
        "dsmem",
        "Daemonset memory",
        "MiB",
        "requested per node",
        Always,
    ),
];

const K8S_EXECUTORS: &[Spec] = &[
    text(
        "cnt",
        "Executors",
        "",
        "a number, or max for as many as fit",
        Always,
    ),
    text(
        "cpe",
        "spark.executor.cores",
        "cores",
        "task slots per executor",
        Always,
    ),
    text("em", "spark.executor.memory", "", "e.g. 6g", Always),
    text(
        "rq",
        "spark.kubernetes.executor.request.cores",
        "CPU",
        "optional: 0.5, 500m, 1.5",
        Always,
    ),
    text(
        "lim",
        "spark.kubernetes.executor.limit.cores",
        "CPU",
        "optional",
        Always,
    ),
    text("tc", "spark.task.cpus", "", "default 1", Always),
];

const K8S_SPARK: &[Spec] = &[
    VERSION,
    DEPLOY_MODE,
    APPLICATION,
    text(
        "kof",
        "Overhead factor",
        "",
        "optional: 0.1, or 0.4 for Python/R in cluster mode",
        Always,
    ),
    MEMORY_OVERHEAD,
    OFF_HEAP,
    OFF_HEAP_SIZE,
    PYSPARK_MEMORY,
    text(
        "dm",
        "spark.driver.memory",
        "",
        "driver pod; default 1g",
        Always,
    ),
    text("dc", "spark.driver.cores", "cores", "default 1", Always),
    text(
        "drq",
        "spark.kubernetes.driver.request.cores",
        "CPU",
        "optional",
        Always,
    ),
    text(
        "dlim",
        "spark.kubernetes.driver.limit.cores",
        "CPU",
        "optional",
        Always,
    ),
];

const EMR_CLUSTER: &[Spec] = &[
    text(
        "it",
        "Core node instance type",
        "",
        "m5, r5 or c5: e.g. r5.4xlarge",
        Always,
    ),
    text("n", "Core nodes", "", "NodeManagers", Always),
    text(
        "mt",
        "Master node instance type",
        "",
        "runs the driver in client mode; e.g. m5.xlarge",
        Always,
    ),
    select(
        "max",
        "maximizeResourceAllocation",
        &[("0", "off"), ("1", "on")],
    ),
    select(
        "het",
        "spark.yarn.heterogeneousExecutors.enabled",
        &[("1", "on (EMR default)"), ("0", "off")],
    ),
    select(
        "calc",
        "Resource calculator",
        &[
            ("default", "Default (memory only)"),
            ("dominant", "Dominant (memory and vcores)"),
        ],
    ),
];

const EMR_EXECUTORS: &[Spec] = &[
    text(
        "cnt",
        "Executors requested",
        "",
        "spark.executor.instances or dynamic allocation's ask",
        Always,
    ),
    text("cpe", "spark.executor.cores", "cores", "", Always),
    text("em", "spark.executor.memory", "", "e.g. 18971m", Always),
    text("of", "Overhead factor", "", "EMR: 0.1875", Always),
    text(
        "mxc",
        "spark.executor.maxCores",
        "cores",
        "optional cap on merged executors",
        Always,
    ),
    text(
        "mxm",
        "spark.executor.maxMemory",
        "",
        "optional cap on merged containers",
        Always,
    ),
    select(
        "dyn",
        "spark.dynamicAllocation.enabled",
        &[("1", "on (EMR default)"), ("0", "off")],
    ),
    select(
        "mode",
        "Deploy mode",
        &[
            ("client", "client (pyspark, spark-shell)"),
            ("cluster", "cluster"),
        ],
    ),
    text("dm", "spark.driver.memory", "", "default 1g", Always),
    DRIVER_CORES,
    AM_MEMORY,
    AM_CORES,
];

/// One field, shown or hidden by its condition.
/// The label the Kubernetes or EMR form shows for `key` (the YARN form's messages use the
/// planner's field labels).
pub fn platform_label(manager: Manager, key: &str) -> Option<&'static str> {
    let lists: &[&[Spec]] = match manager {
        Manager::Yarn => &[],
        Manager::Kubernetes => &[K8S_NODES, K8S_EXECUTORS, K8S_SPARK],
        Manager::Emr => &[EMR_CLUSTER, EMR_EXECUTORS],
    };
    lists
        .iter()
        .flat_map(|l| l.iter())
        .find(|s| s.key == key)
        .map(|s| s.label)
}

fn field(ctx: Ctx, spec: Spec) -> impl IntoView {
    let key = spec.key;
    let id = format!("f-{key}");
    let err_id = format!("err-{key}");
    let message = ctx.message(key);
    let hidden = move || !ctx.form.with(|f| spec.when.holds(f));
    let value = move || ctx.form.with(|f| f.text(key).to_string());
    let control = match spec.kind {
        Kind::Text { unit, hint } => {
            let manager = ctx.form.with_untracked(|f| f.manager);
            let default = display_scenario_text(key, &Scenario::default_for(manager));
            let placeholder = if default.is_empty() {
                "not set".to_string()
            } else {
                default
            };
            // Phones show a digits-only keypad for "decimal": only for fields that take plain
            // numbers, not sizes (6g), CPU quantities (500m), instance types or "max".
            let numeric = matches!(unit, "cores" | "vcores") || key == "n";
            // EMR's instance types, offered as suggestions (any listed type may be typed).
            let instance_field = matches!(key, "it" | "mt");
            let types = instance_field.then(|| {
                let options = planner::emr::instance_types()
                    .into_iter()
                    .map(|t| view! { <option value=t.name()></option> })
                    .collect_view();
                view! { <datalist id=format!("{id}-types")>{options}</datalist> }
            });
            view! {
                <div class="input-wrap">
                    <input
                        id=id.clone()
                        name=key
                        type="text"
                        inputmode=if numeric { "decimal" } else { "text" }
                        list=instance_field.then(|| format!("{id}-types"))
                        autocomplete="off"
                        spellcheck="false"
                        placeholder=placeholder
                        prop:value=value
                        aria-invalid=move || if message().is_some() { "true" } else { "false" }
                        aria-describedby=err_id.clone()
                        on:input=move |ev| ctx.edit(key, event_target_value(&ev))
                    />
                    <span class="unit">{unit}</span>
                    {types}
                </div>
                <p class="hint">{hint}</p>
            }
            .into_any()
        }
        Kind::Select(options) => {
            let opts = options
                .iter()
                .map(|(v, t)| view! { <option value=*v>{*t}</option> })
                .collect_view();
            view! {
                <select id=id.clone() name=key prop:value=value
                    on:change=move |ev| ctx.edit(key, event_target_value(&ev))>
                    {opts}
                </select>
            }
            .into_any()
        }
    };
    view! {
        <div class="field" class:invalid=move || message().is_some() class:hidden=hidden>
            <label for=id>{breakable(spec.label)}</label>
            {control}
            <p class="error" id=err_id aria-live="polite">{message}</p>
        </div>
    }
}

/// A label that may wrap after its dots (`spark.executor.␣memoryOverhead`), not mid-word.
fn breakable(label: &str) -> String {
    label.replace('.', ".\u{200b}")
}

fn group(ctx: Ctx, specs: &'static [Spec]) -> impl IntoView {
    let fields = specs.iter().map(|s| field(ctx, *s)).collect_view();
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

/// A preset of any cluster manager: id, name, description, input.
type AnyPreset = (&'static str, &'static str, &'static str, Scenario);

fn presets_for(m: Manager) -> Vec<AnyPreset> {
    match m {
        Manager::Yarn => presets()
            .into_iter()
            .map(|p| (p.id, p.name, p.description, Scenario::Yarn(p.input)))
            .collect(),
        Manager::Kubernetes => k8s_presets()
            .into_iter()
            .map(|p| (p.id, p.name, p.description, Scenario::Kubernetes(p.input)))
            .collect(),
        Manager::Emr => planner::emr::emr_presets()
            .into_iter()
            .map(|p| (p.id, p.name, p.description, Scenario::Emr(p.input)))
            .collect(),
    }
}

fn choose(ctx: Ctx, s: &Scenario) {
    ctx.form.set(Form::from_scenario(s));
    browser::push_query(&url::scenario_to_query(s));
}

/// The cluster-manager switch; choosing one loads its defaults (and a history entry).
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
                on:click=move |_| {
                    if ctx.form.with_untracked(|f| f.manager != m) {
                        choose(ctx, &Scenario::default_for(m));
                    }
                }>
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
    let buttons = presets_for(m)
        .into_iter()
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

fn fieldset(ctx: Ctx, legend: &'static str, specs: &'static [Spec]) -> impl IntoView {
    view! {
        <fieldset>
            <legend>{legend}</legend>
            {group(ctx, specs)}
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
            {fieldset(ctx, "Nodes", K8S_NODES)}
            {fieldset(ctx, "Executors", K8S_EXECUTORS)}
            {fieldset(ctx, "Spark", K8S_SPARK)}
        }
        .into_any(),
        Manager::Emr => view! {
            {preset_bar(ctx, Manager::Emr)}
            {fieldset(ctx, "EMR cluster", EMR_CLUSTER)}
            {fieldset(ctx, "Executors and driver", EMR_EXECUTORS)}
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
                {group(ctx, HARDWARE)}
                {mode_switch(
                    ctx,
                    "nm-mode",
                    "What YARN gets per node",
                    [("nm-reserve", "Reserve for OS and daemons"), ("nm-explicit", "Set NodeManager resources")],
                    |f| f.nodemanager_explicit,
                    Form::set_nodemanager_explicit,
                )}
                {group(ctx, YARN_SHARE)}
            </fieldset>
            <fieldset>
                <legend>"Sizing policy"</legend>
                {group(ctx, POLICY)}
            </fieldset>
            <fieldset>
                <legend>"Spark"</legend>
                {group(ctx, SPARK)}
            </fieldset>
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
                {group(ctx, SCHEDULER)}
            </details>
    }
}
