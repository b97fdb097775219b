//! The form's state as plain data: the cluster manager, the text of every field as typed, and
//! YARN's two mode switches. Pure (no signals, no DOM), so it is tested natively. Texts are read
//! with the core's URL codec and described by its field catalog, so a field means the same
//! typed here or in a link.

use planner::catalog::{self, ClusterManager, FieldId, Kind, Shown, Typed};
use planner::explorer::ExplorerView;
use planner::format::spark_size;
use planner::input::{MaximumAllocation, NodeManagerResources};
use planner::text::{format_real, with_bare_unit, TextError};
use planner::url::{self, Scenario};
use planner::{Diagnostic, PlanInput};

/// The form: the cluster manager, a text per key, and whether YARN's NodeManager resources and
/// maximum allocation are given explicitly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    /// YARN, Kubernetes or EMR: which fields the form shows and how it reads.
    pub manager: ClusterManager,
    /// Text per URL key, as typed.
    pub texts: Texts,
    /// NodeManager memory/vcores given instead of an OS reservation.
    pub nodemanager_explicit: bool,
    /// Maximum allocation given instead of "the NodeManager's resources".
    pub maximum_explicit: bool,
    /// The explorer's view (open, sort), which the link carries beside the fields.
    pub explorer: ExplorerView,
}

/// What a form reads as.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// The input built from every readable field (unreadable ones keep defaults).
    pub scenario: Scenario,
    /// Texts that could not be read, by key.
    pub unreadable: Vec<(&'static str, TextError)>,
}

impl Reading {
    /// The unreadable texts as diagnostics, in form order.
    pub fn unreadable_diagnostics(&self) -> Vec<Diagnostic> {
        let m = self.scenario.manager();
        self.unreadable
            .iter()
            .map(|(key, e)| match catalog::entry_by_key(m, key) {
                Some(entry) => Diagnostic::unreadable(m, entry.id, e),
                None => Diagnostic::unreadable_key(key, e),
            })
            .collect()
    }
}

/// The text the form shows for `key` in `input`.
pub fn display_text(key: &str, input: &PlanInput) -> String {
    display_scenario_text(key, &Scenario::Yarn(input.clone()))
}

/// The text the form shows for `key` in any scenario: Spark memory settings Spark-style
/// (`1g`, `512m`), fields shown in GiB but held in MiB as GiB (`64`, `63.5`), the rest as the
/// link writes them.
pub fn display_scenario_text(key: &str, s: &Scenario) -> String {
    let entry = catalog::entry_by_key(s.manager(), key);
    let spark_style = entry.is_some_and(|e| e.kind == Kind::SparkMemory);
    let gib_of_mib = entry.is_some_and(|e| e.typed == Typed::GiB);
    match (url::scenario_text_of(key, s), s) {
        (Some(t), _) if spark_style => t.parse::<u64>().map(spark_size).unwrap_or(t),
        (Some(t), _) if gib_of_mib => t
            .parse::<u64>()
            .map(|mib| format_real(mib as f64 / 1024.0))
            .unwrap_or(t),
        (Some(t), _) => t,
        (None, Scenario::Yarn(input)) => {
            entry.map_or_else(String::new, |e| fallback_text(e, input))
        }
        (None, _) => String::new(),
    }
}

/// Texts for YARN fields that do not apply in `input`'s modes, so switching modes shows
/// sensible values.
fn fallback_text(entry: &catalog::Entry, input: &PlanInput) -> String {
    let mut other = input.clone();
    match entry.shown {
        Shown::Reserve => other.cluster.yarn_resources = NodeManagerResources::default(),
        Shown::NodeManager => {
            let nm = input.validate().ok().map(|v| v.shape.nodemanager);
            other.cluster.yarn_resources = NodeManagerResources::Explicit {
                memory_mb: nm.map_or(64512, |r| r.memory_mib),
                vcores: nm.map_or(15, |r| r.vcores),
            };
        }
        Shown::Maximum => other.scheduler.maximum_allocation = MaximumAllocation::YARN_DEFAULT,
        _ => return String::new(),
    }
    url::text_of(entry.key, &other).unwrap_or_default()
}

/// The form's texts for `keys`.
fn texts_for(
    keys: impl IntoIterator<Item = &'static str>,
    text: impl Fn(&'static str) -> String,
) -> Texts {
    let mut texts = Texts::default();
    for k in keys {
        texts.insert(k, text(k));
    }
    texts
}

/// A text per URL key: a small association list in the schema's key order. A form has a few
/// dozen keys, and a `BTreeMap`'s code costs about 1 KB brotli in the wasm (its size is gated).
#[derive(Debug, Clone, Default, Eq)]
pub struct Texts(Vec<(&'static str, String)>);

impl Texts {
    /// The text of `key`.
    pub fn get(&self, key: &str) -> Option<&String> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    /// Sets the text of `key`, replacing any text it had.
    pub fn insert(&mut self, key: &'static str, text: String) {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => *v = text,
            None => self.0.push((key, text)),
        }
    }
}

/// Equal when they hold the same text for every key, in any order.
impl PartialEq for Texts {
    fn eq(&self, other: &Texts) -> bool {
        self.0.len() == other.0.len() && self.0.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl Form {
    /// The form showing `input`.
    pub fn from_input(input: &PlanInput) -> Form {
        Form::from_scenario(&Scenario::Yarn(input.clone()))
    }

    /// The form showing any scenario.
    pub fn from_scenario(s: &Scenario) -> Form {
        let manager = s.manager();
        let yarn = match s {
            Scenario::Yarn(input) => Some(input),
            _ => None,
        };
        Form {
            manager,
            texts: texts_for(url::manager_keys(manager), |k| display_scenario_text(k, s)),
            nodemanager_explicit: yarn.is_some_and(|i| {
                matches!(
                    i.cluster.yarn_resources,
                    NodeManagerResources::Explicit { .. }
                )
            }),
            maximum_explicit: yarn.is_some_and(|i| {
                matches!(
                    i.scheduler.maximum_allocation,
                    MaximumAllocation::Explicit { .. }
                )
            }),
            explorer: ExplorerView::default(),
        }
    }

    /// The form a link opens: its input, with unreadable values shown as they were typed.
    pub fn from_query(query: &str) -> (Form, url::DecodedScenario) {
        let decoded = url::scenario_from_query(query);
        let mut form = Form::from_scenario(&decoded.scenario);
        form.explorer = url::explorer_view_from_query(query);
        for bad in &decoded.bad {
            if let Some(k) = url::manager_keys(form.manager)
                .into_iter()
                .find(|k| *k == bad.key)
            {
                form.texts.insert(k, bad.error.text.clone());
                let shown = catalog::entry_by_key(form.manager, k).map(|e| e.shown);
                form.nodemanager_explicit |= shown == Some(Shown::NodeManager);
                form.maximum_explicit |= shown == Some(Shown::Maximum);
            }
        }
        (form, decoded)
    }

    /// The text of `key`.
    pub fn text(&self, key: &str) -> &str {
        self.texts.get(key).map_or("", String::as_str)
    }

    /// Sets the text of `key` (keys of other cluster managers are ignored).
    pub fn set_text(&mut self, key: &str, text: String) {
        let before = (key == "it").then(|| self.read());
        if let Some(k) = url::manager_keys(self.manager)
            .into_iter()
            .find(|k| *k == key)
        {
            self.texts.insert(k, text);
        }
        if let Some(before) = before {
            self.keep_instance_numbers(before);
        }
    }

    /// When the EMR core node type changes from a listed type, its vCPUs, memory, YARN memory
    /// and GPUs become the custom instance's texts: choosing `custom` (even letter by letter)
    /// starts from the type it replaces, as `it=custom` does in a link, and the plan does not
    /// jump.
    fn keep_instance_numbers(&mut self, before: Reading) {
        let listed = match &before.scenario {
            Scenario::Emr(i) => i.instance.listed.is_some(),
            _ => false,
        };
        if !listed || before.unreadable.iter().any(|(k, _)| *k == "it") {
            return;
        }
        let mut s = before.scenario;
        if url::scenario_apply("it", &mut s, "custom").is_err() {
            return;
        }
        for key in ["ivc", "imem", "inm", "igpu"] {
            if let Some(text) = url::scenario_text_of(key, &s) {
                self.texts.insert(key, text);
            }
        }
    }

    /// Switches between an OS reservation and explicit NodeManager resources. Switching to
    /// explicit fills memory-mb and vcores with what the current hardware and reservation give,
    /// so the plan does not jump.
    pub fn set_nodemanager_explicit(&mut self, explicit: bool) {
        if explicit && !self.nodemanager_explicit {
            if let Some(Ok(v)) = self.yarn_input().map(|i| i.validate()) {
                let nm = v.shape.nodemanager;
                self.texts.insert("nmm", nm.memory_mib.to_string());
                self.texts.insert("nmv", nm.vcores.to_string());
            }
        }
        self.nodemanager_explicit = explicit;
    }

    /// Whether the form shows fields shown `when`.
    pub fn shows(&self, when: Shown) -> bool {
        match when {
            Shown::Always => true,
            Shown::Reserve => !self.nodemanager_explicit,
            Shown::NodeManager => self.nodemanager_explicit,
            Shown::Maximum => self.maximum_explicit,
            Shown::Client => self.text("mode") == "client",
            Shown::Cluster => self.text("mode") != "client",
            Shown::OffHeap => self.text("off") == "1",
            Shown::Python => self.text("app") == "python",
            Shown::CustomNode => matches!(self.text("kp"), "" | "custom"),
            Shown::ManagedNode => !self.shows(Shown::CustomNode),
            Shown::MaxPods => matches!(self.text("kp"), "eks" | "aks"),
            Shown::TypedShape => {
                self.shows(Shown::CustomNode) || self.text("knt").trim().is_empty()
            }
            Shown::CustomInstance => self.text("it").trim().eq_ignore_ascii_case("custom"),
            Shown::NotMaximized => self.text("max") != "1",
        }
    }

    /// Whether `key` takes part in the current modes (YARN's NodeManager and maximum
    /// allocation switches; a field hidden for another reason, such as client mode's AM
    /// settings, is still read).
    pub fn applies(&self, key: &str) -> bool {
        match catalog::entry_by_key(self.manager, key).map(|e| e.shown) {
            Some(
                when @ (Shown::Reserve
                | Shown::NodeManager
                | Shown::Maximum
                | Shown::CustomInstance
                | Shown::NotMaximized),
            ) => self.shows(when),
            _ => true,
        }
    }

    /// Whether `key` is optional and left empty ("not set": its default stands).
    fn left_unset(&self, key: &str) -> bool {
        catalog::entry_by_key(self.manager, key).is_some_and(|e| e.optional)
            && self.text(key).trim().is_empty()
    }

    /// Reads every applicable field.
    pub fn read(&self) -> Reading {
        let mut scenario = Scenario::default_for(self.manager);
        if let Scenario::Yarn(input) = &mut scenario {
            if self.nodemanager_explicit {
                input.cluster.yarn_resources = NodeManagerResources::Explicit {
                    memory_mb: 64512,
                    vcores: 15,
                };
            }
            if self.maximum_explicit {
                input.scheduler.maximum_allocation = MaximumAllocation::YARN_DEFAULT;
            }
        }
        let mut unreadable = Vec::new();
        for key in url::manager_keys(self.manager) {
            if !self.applies(key) || self.left_unset(key) {
                continue;
            }
            if let Err(e) = self.apply_typed(key, &mut scenario) {
                unreadable.push((key, e));
            }
        }
        Reading {
            scenario,
            unreadable,
        }
    }

    /// Reads `key`'s text into `scenario`, a bare number in the unit the field shows (`64` in
    /// a GiB field is `64g`); a text that does not read is kept as typed for the message.
    fn apply_typed(&self, key: &str, scenario: &mut Scenario) -> Result<(), TextError> {
        let typed = self.text(key);
        let entry = catalog::entry_by_key(self.manager, key);
        let suffix = entry.map_or("", |e| e.bare_suffix());
        let number = entry.map_or(typed, |e| e.without_unit_word(typed));
        let number = planner::text::typed_number(number);
        let text =
            planner::text::check_length(typed).and_then(|()| with_bare_unit(&number, suffix))?;
        url::scenario_apply(key, scenario, &text).map_err(|e| {
            let e = planner::text::in_field_unit(e, suffix);
            TextError {
                text: typed.to_string(),
                ..e
            }
        })
    }

    /// The YARN input, when the form is for YARN.
    pub fn yarn_input(&self) -> Option<PlanInput> {
        match self.read().scenario {
            Scenario::Yarn(i) => Some(i),
            _ => None,
        }
    }

    /// The query string that reproduces this form: the input's canonical encoding, plus the
    /// raw text of fields that could not be read (so the link shows the same errors).
    pub fn to_query(&self) -> String {
        self.query_of(&self.read())
    }

    /// [`Form::to_query`] from this form's reading, read once already (`self.read()`).
    pub fn query_of(&self, reading: &Reading) -> String {
        let mut q = url::scenario_to_query(&reading.scenario);
        for (key, e) in &reading.unreadable {
            q.push('&');
            q.push_str(key);
            q.push('=');
            q.push_str(&url::encode_component(&e.text));
        }
        q + &url::explorer_view_to_query(&self.explorer)
    }
}

/// The hardware every cluster manager's form describes alike under different fields:
/// (YARN's field, Kubernetes' field); nodes are `n` everywhere (EMR's core nodes too). Memory
/// per node reads a bare number as GiB on both forms, so its text means the same after a
/// switch.
const SHARED_HARDWARE: [(FieldId, FieldId); 2] = [
    (FieldId::CoresPerNode, FieldId::NodeCpu),
    (FieldId::MemoryPerNode, FieldId::NodeMemory),
];

/// The field of `to` that holds what `id` holds on another cluster manager's form: the same
/// field, or its hardware counterpart.
fn counterpart(id: FieldId, to: ClusterManager) -> Option<&'static catalog::Entry> {
    let paired = SHARED_HARDWARE
        .iter()
        .find_map(|&(a, b)| (a == id).then_some(b).or((b == id).then_some(a)));
    catalog::entry(to, id).or_else(|| paired.and_then(|p| catalog::entry(to, p)))
}

/// What a switch of cluster manager did with the values typed on the form left.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Carried {
    /// The names of the fields whose typed values came along.
    pub kept: Vec<&'static str>,
    /// How many typed values have no field (or no readable one) on the new form: they stay
    /// with the form left, for a switch back.
    pub left_behind: usize,
    /// Typed values whose field the new form has, that do not read there (15.5 CPU is no
    /// whole number of YARN cores): (the field's name on the new form, the text).
    pub not_read: Vec<(&'static str, String)>,
}

/// Whether a value of kind `from` can be a value of kind `to` (a number of cores is a CPU
/// quantity, and a CPU quantity in whole cores a number of cores: whether it reads is tried).
fn kinds_carry(from: Kind, to: Kind) -> bool {
    from == to
        || matches!(
            (from, to),
            (Kind::Count, Kind::Cpu) | (Kind::Cpu, Kind::Count)
        )
}

/// Copies every value typed in `from` (shown and changed from its cluster manager's defaults)
/// into the same field of `to`, a form of another cluster manager, where it reads: switching
/// keeps the cluster and the Spark settings the two forms share.
pub fn carry_typed_values(from: &Form, to: &mut Form) -> Carried {
    let defaults = Form::from_scenario(&Scenario::default_for(from.manager));
    let mut carried = Carried::default();
    for source in catalog::entries(from.manager) {
        let text = from.text(source.key);
        if !from.shows(source.shown) || text == defaults.text(source.key) {
            continue;
        }
        let target = counterpart(source.id, to.manager)
            .filter(|t| kinds_carry(source.kind, t.kind) && t.bare_unit() == source.bare_unit());
        let Some(target) = target else {
            carried.left_behind += 1;
            continue;
        };
        let mut probe = to.clone();
        probe.texts.insert(target.key, text.to_string());
        if probe
            .read()
            .unreadable
            .iter()
            .any(|(k, _)| *k == target.key)
        {
            carried.left_behind += 1;
            carried.not_read.push((target.name, text.to_string()));
            continue;
        }
        to.texts.insert(target.key, text.to_string());
        carried.kept.push(source.name);
    }
    carried
}

/// One message to show beside a field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldMessage {
    /// The URL key of the field.
    pub key: &'static str,
    /// The message, naming the field and what is allowed.
    pub text: String,
    /// Whether this message stands at a field whose change caused another field's message (it
    /// repeats that message; the list of what to fix leads to the field the message names).
    pub cause: bool,
}

/// The message to show beside each field: one per diagnostic, at the field's key in `m`'s
/// form (`""` when no field is to blame).
pub fn field_messages(m: ClusterManager, diagnostics: &[Diagnostic]) -> Vec<FieldMessage> {
    diagnostics
        .iter()
        .map(|d| FieldMessage {
            key: d.field.map_or("", |f| catalog::key(m, f)),
            text: d.message.clone(),
            cause: false,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner::presets::presets;

    #[test]
    fn presets_survive_the_form() {
        for p in presets() {
            let form = Form::from_input(&p.input);
            let reading = form.read();
            assert_eq!(
                reading.scenario,
                Scenario::Yarn(p.input.clone()),
                "{}",
                p.id
            );
            assert!(reading.unreadable.is_empty());
            assert_eq!(form.to_query(), url::to_query(&p.input));
        }
    }

    /// An EMR custom instance without GPUs, from a link written before GPUs were planned or by
    /// choosing `custom` in the form, shows 0 GPUs and keeps its link as it was (the form once
    /// left the GPUs box empty, which read as a value to fix and wrote `igpu=` into the link).
    #[test]
    fn a_custom_emr_instance_without_gpus_keeps_its_link() {
        let old = "v=1&cm=emr&it=custom&ivc=16&imem=64&inm=54272";
        let (form, _) = Form::from_query(old);
        assert_eq!(form.text("igpu"), "0");
        assert!(form.read().unreadable.is_empty());
        assert_eq!(form.to_query(), old);
        let (mut chosen, _) = Form::from_query("v=1&cm=emr&it=m6i.4xlarge");
        chosen.set_text("it", "custom".into());
        assert_eq!(chosen.text("igpu"), "0");
        assert_eq!(chosen.to_query(), old);
        chosen.set_text("igpu", "4".into());
        assert_eq!(chosen.to_query(), format!("{old}&igpu=4"));
    }

    /// A leading `+` keeps the box's unit (`+4` in a GiB box was read as 4 MiB: a task that
    /// runs out of memory shown as fitting), and digits grouped as the page prints them read.
    #[test]
    fn a_plus_sign_and_digit_groups_read_as_the_number_in_the_boxs_unit() {
        let mut form = Form::from_input(&PlanInput::default());
        form.set_text("wtask", "+4".into());
        form.set_text("n", "1\u{202f}000".into());
        form.set_text("amin", "2 048".into());
        form.set_text("win", "1 000 000".into());
        let r = form.read();
        assert!(r.unreadable.is_empty(), "{:?}", r.unreadable);
        let Scenario::Yarn(input) = r.scenario else {
            panic!("YARN")
        };
        assert_eq!(input.spark.workload.largest_task_mib, Some(4096));
        assert_eq!(input.spark.workload.input_mib, Some(1_000_000 * 1024));
        assert_eq!(input.cluster.nodes, 1000);
        assert_eq!(input.scheduler.minimum_allocation_mb, 2048);
        // Not a group of three: left for the reader, which refuses it.
        form.set_text("n", "1 00".into());
        assert_eq!(form.read().unreadable.len(), 1);
    }

    /// A box that reads a bare number as GiB gives its examples in GiB: "1024" there is 1 TiB.
    #[test]
    fn a_gib_box_gives_its_examples_in_gib() {
        let mut form = Form::from_input(&PlanInput::default());
        form.set_text("wtask", "lots".into());
        form.set_text("dm", "lots".into());
        let r = form.read();
        let expected: Vec<(&str, &str)> =
            r.unreadable.iter().map(|(k, e)| (*k, e.expected)).collect();
        assert_eq!(
            expected,
            [
                ("dm", "a size such as 1024, 1024m or 2g"),
                ("wtask", "a size such as 64, 64 GB or 63.5")
            ]
        );
    }

    #[test]
    fn typed_values_are_read_and_bad_ones_kept_for_the_link() {
        let mut form = Form::from_input(&PlanInput::default());
        form.set_text("m", "128 GB".into());
        form.set_text("n", "six".into());
        form.set_text("tgt", "10g".into());
        let r = form.read();
        let input = form.yarn_input().unwrap();
        assert_eq!(input.cluster.memory_per_node_gib, 128.0);
        assert_eq!(input.policy.memory_target_mib, Some(10240));
        assert_eq!(r.unreadable.len(), 1);
        let q = form.to_query();
        assert_eq!(q, "v=1&m=128&tgt=10240&n=six");
        let (again, decoded) = Form::from_query(&q);
        assert_eq!(again.text("n"), "six");
        assert_eq!(decoded.bad.len(), 1);
        let messages = field_messages(ClusterManager::Yarn, &again.read().unreadable_diagnostics());
        assert_eq!(messages[0].key, "n");
        assert!(messages[0]
            .text
            .starts_with("Nodes: \"six\" is not a whole number"));
    }

    #[test]
    fn other_cluster_managers_round_trip_through_the_form() {
        for m in [ClusterManager::Kubernetes, ClusterManager::Emr] {
            let s = Scenario::default_for(m);
            let form = Form::from_scenario(&s);
            assert_eq!(form.read().scenario, s);
            assert_eq!(form.to_query(), url::scenario_to_query(&s));
            let (again, _) = Form::from_query(&form.to_query());
            assert_eq!(again, form);
        }
        let (mut k8s, _) = Form::from_query("v=1&cm=k8s");
        assert_eq!(k8s.text("em"), "6g");
        k8s.set_text("rq", "0.5".into());
        k8s.set_text("tgt", "10g".into());
        assert_eq!(k8s.to_query(), "v=1&cm=k8s&rq=0.5");
    }

    /// The explorer's view rides in the link beside the fields: read, kept while typing (even
    /// a value that does not read), written back after the fields.
    #[test]
    fn the_explorer_view_stays_in_the_link_while_typing() {
        use planner::explorer::SortColumn;
        let (mut form, decoded) = Form::from_query("v=1&c=32&xo=1&xs=-heap");
        assert!(decoded.unknown.is_empty());
        assert!(form.explorer.open && form.explorer.descending);
        assert_eq!(form.explorer.sort, SortColumn::Heap);
        assert_eq!(form.to_query(), "v=1&c=32&xo=1&xs=-heap");
        form.set_text("n", "abc".into());
        assert_eq!(form.to_query(), "v=1&c=32&n=abc&xo=1&xs=-heap");
        let (old, _) = Form::from_query("v=1&c=32");
        assert_eq!(old.explorer, ExplorerView::default());
        assert_eq!(old.to_query(), "v=1&c=32");
    }

    #[test]
    fn a_bare_number_is_read_in_the_unit_the_field_shows() {
        let (mut k8s, _) = Form::from_query("v=1&cm=k8s");
        assert_eq!(k8s.text("kmem"), "64");
        k8s.set_text("kmem", "128".into());
        let Scenario::Kubernetes(k) = k8s.read().scenario else {
            panic!("not Kubernetes")
        };
        assert_eq!(k.nodes.capacity_memory_mib, 131_072);
        // The link keeps v1's meaning: MiB, written as before.
        assert_eq!(k8s.to_query(), "v=1&cm=k8s&kmem=131072");
        assert_eq!(Form::from_query(&k8s.to_query()).0.text("kmem"), "128");

        let mut yarn = Form::from_input(&PlanInput::default());
        yarn.set_text("tgt", "10".into());
        assert_eq!(
            yarn.yarn_input().unwrap().policy.memory_target_mib,
            Some(10_240)
        );
        assert_eq!(yarn.to_query(), "v=1&tgt=10240");
        yarn.set_text("off", "1".into());
        yarn.set_text("offs", "2147483648".into());
        assert_eq!(yarn.yarn_input().unwrap().spark.offheap.size_mib, 2048);
        yarn.set_text("offs", "2048".into());
        let reading = yarn.read();
        let message = field_messages(ClusterManager::Yarn, &reading.unreadable_diagnostics());
        assert_eq!(message[0].key, "offs");
        assert!(
            message[0].text.ends_with("type 2048m for MiB"),
            "{message:?}"
        );
        yarn.set_text("offs", "2g".into());
        yarn.set_text("of", "150%".into());
        let reading = yarn.read();
        let message = field_messages(ClusterManager::Yarn, &reading.unreadable_diagnostics());
        assert_eq!(
            (message[0].key, message[0].text.as_str()),
            (
                "of",
                "spark.executor.memoryOverheadFactor: \"150%\" is a percentage; this is a factor: \
                 type 1.5; allowed: more than 0 up to 10"
            )
        );
    }

    /// Issue 28, item 7: the Kubernetes form takes Kubernetes' quantities in every size field
    /// (`kubectl describe node` prints memory as `65843012Ki`; pods are written in `Mi`).
    #[test]
    fn the_kubernetes_form_reads_kubernetes_quantities() {
        let k8s = || Form::from_scenario(&Scenario::default_for(ClusterManager::Kubernetes));
        let read = |key: &'static str, text: &str| {
            let mut form = k8s();
            form.set_text(key, text.into());
            let reading = form.read();
            assert!(
                reading.unreadable.is_empty(),
                "{key}={text}: {:?}",
                reading.unreadable
            );
            url::scenario_text_of(key, &reading.scenario).unwrap_or_default()
        };
        let mib_of = |key: &'static str, text: &str| read(key, text).parse::<f64>().unwrap();
        assert_eq!(read("kmem", "64Gi"), read("kmem", "64"));
        assert_eq!(mib_of("kmem", "65843012Ki").floor(), 64299.0);
        assert_eq!(read("em", "2Gi"), read("em", "2g"));
        assert_eq!(read("dsmem", "512Mi"), read("dsmem", "512"));
        assert_eq!(read("krmem", "2Gi"), read("krmem", "2048"));
    }

    #[test]
    fn switching_cluster_manager_carries_the_typed_hardware() {
        let mut yarn = Form::from_input(&PlanInput::default());
        yarn.set_text("n", "20".into());
        yarn.set_text("m", "128".into());
        let mut k8s = Form::from_scenario(&Scenario::default_for(ClusterManager::Kubernetes));
        carry_typed_values(&yarn, &mut k8s);
        assert_eq!((k8s.text("n"), k8s.text("kmem")), ("20", "128"));
        assert_eq!(k8s.text("kcpu"), "16", "an untouched value is not carried");
        k8s.set_text("kcpu", "15.5".into());
        let mut back = Form::from_input(&PlanInput::default());
        let carried = carry_typed_values(&k8s, &mut back);
        assert_eq!(
            back.text("c"),
            "16",
            "15.5 CPU is not a whole number of cores"
        );
        assert_eq!(carried.not_read, [("Cores per node", "15.5".to_string())]);
        assert_eq!(back.text("n"), "20");
    }

    /// Issue 28, item 9: YARN's cores per node are Kubernetes' CPU per node (a whole number
    /// of cores is a CPU quantity, Kubernetes' `resource.Quantity`), and back when they read as
    /// whole cores.
    #[test]
    fn switching_cluster_manager_carries_the_cores() {
        let mut yarn = Form::from_input(&PlanInput::default());
        yarn.set_text("c", "32".into());
        yarn.set_text("m", "256".into());
        let mut k8s = Form::from_scenario(&Scenario::default_for(ClusterManager::Kubernetes));
        let carried = carry_typed_values(&yarn, &mut k8s);
        assert_eq!((k8s.text("kcpu"), k8s.text("kmem")), ("32", "256"));
        assert_eq!(carried.kept, ["Cores per node", "Memory per node"]);
        assert!(carried.not_read.is_empty());
        k8s.set_text("kcpu", "48".into());
        let mut back = Form::from_input(&PlanInput::default());
        carry_typed_values(&k8s, &mut back);
        assert_eq!(back.text("c"), "48");
    }

    #[test]
    fn switching_cluster_manager_carries_the_typed_spark_settings() {
        let mut yarn = Form::from_input(&PlanInput::default());
        yarn.set_text("cpe", "4".into());
        yarn.set_text("of", "0.2".into());
        yarn.set_text("win", "500".into());
        yarn.set_text("rc", "2".into());
        let mut k8s = Form::from_scenario(&Scenario::default_for(ClusterManager::Kubernetes));
        let carried = carry_typed_values(&yarn, &mut k8s);
        assert_eq!((k8s.text("cpe"), k8s.text("kof")), ("4", "0.2"));
        assert_eq!(
            k8s.text("win"),
            "500",
            "the workload's input size comes along"
        );
        let names: Vec<&str> = ["cpe", "of", "win"]
            .iter()
            .map(|k| catalog::entry_by_key(ClusterManager::Yarn, k).unwrap().name)
            .collect();
        assert_eq!(carried.kept, names, "in YARN's catalog order");
        assert_eq!(carried.left_behind, 1, "reserved cores: YARN only");
        let reading = k8s.read();
        assert!(reading.unreadable.is_empty(), "{:?}", reading.unreadable);

        let mut emr = Form::from_scenario(&Scenario::default_for(ClusterManager::Emr));
        let untouched = Form::from_input(&PlanInput::default());
        assert_eq!(
            carry_typed_values(&untouched, &mut emr),
            Carried::default(),
            "nothing typed, nothing to say"
        );
    }

    #[test]
    fn a_unit_word_after_the_number_reads_and_ranges_read_in_the_boxs_terms() {
        let problems = |m: ClusterManager, key: &'static str, text: &str| {
            let mut f = Form::from_scenario(&Scenario::default_for(m));
            f.set_text(key, text.into());
            let r = f.read();
            let mut all: Vec<String> = field_messages(m, &r.unreadable_diagnostics())
                .into_iter()
                .map(|x| x.text)
                .collect();
            if let planner::scenario::Outcome::Invalid(d) = planner::scenario::plan(&r.scenario) {
                all.extend(d.into_iter().map(|x| x.message));
            }
            (f.to_query(), all)
        };
        let yarn = ClusterManager::Yarn;
        assert_eq!(problems(yarn, "c", "32 cores"), ("v=1&c=32".into(), vec![]));
        assert_eq!(problems(yarn, "cpe", " 4 Cores ").0, "v=1&cpe=4");
        let k8s = ClusterManager::Kubernetes;
        assert_eq!(problems(k8s, "kcpu", "8 CPU").0, "v=1&cm=k8s&kcpu=8");
        assert_eq!(problems(k8s, "kcpu", "8 vCPUs").0, "v=1&cm=k8s&kcpu=8");
        assert_eq!(problems(yarn, "c", "16 vcores").0, "v=1");
        assert_eq!(problems(k8s, "cpe", "3 CPU").0, "v=1&cm=k8s&cpe=3");
        assert_eq!(
            problems(yarn, "c", "cores").1,
            [
                "Cores per node: \"cores\" is not a whole number (\"c\" is not a digit 0 to 9); \
              allowed: 1 to 4096"
            ]
        );
        // The memory target's box is in GiB: its bounds are read as sizes, not 64 512 MiB.
        assert_eq!(
            problems(yarn, "tgt", "0.1").1,
            ["Memory target per executor is 102 MiB; allowed: 450 MiB to 63 GiB"]
        );
        // A count that takes "max" says so, and no bound of 4 294 967 295.
        assert_eq!(
            problems(k8s, "cnt", "-3").1,
            ["Executors is -3; allowed: a whole number, or max for as many as fit"]
        );
    }

    #[test]
    fn long_texts_are_cut_with_a_message() {
        let mut form = Form::from_input(&PlanInput::default());
        form.set_text("n", "1".repeat(300));
        let reading = form.read();
        let message = field_messages(ClusterManager::Yarn, &reading.unreadable_diagnostics());
        assert!(message[0].text.contains("is longer than 40 characters"));
        assert!(message[0].text.chars().count() < 80, "{}", message[0].text);
    }

    #[test]
    fn modes_choose_which_fields_count() {
        let mut form = Form::from_input(&PlanInput::default());
        assert_eq!(form.text("nmm"), "64512");
        form.nodemanager_explicit = true;
        form.set_text("nmv", "30".into());
        let r = form.yarn_input().unwrap();
        assert_eq!(
            r.cluster.yarn_resources,
            NodeManagerResources::Explicit {
                memory_mb: 64512,
                vcores: 30
            }
        );
        assert_eq!(form.text("dm"), "1g");
    }

    #[test]
    fn switching_to_nodemanager_resources_keeps_the_typed_hardware() {
        let mut form = Form::from_input(&PlanInput::default());
        form.set_text("m", "128".into());
        form.set_text("c", "32".into());
        form.set_nodemanager_explicit(true);
        assert_eq!((form.text("nmm"), form.text("nmv")), ("130048", "31"));
        let before = PlanInput::default();
        let typed = form.yarn_input().unwrap();
        assert_ne!(typed.cluster, before.cluster);
        let mut f = Form::from_input(&PlanInput::default());
        f.set_text("m", "128".into());
        f.set_text("c", "32".into());
        let reserved = f.yarn_input().unwrap();
        assert_eq!(
            planner::plan(&typed).unwrap().spark_exact.instances,
            planner::plan(&reserved).unwrap().spark_exact.instances
        );
    }
}
