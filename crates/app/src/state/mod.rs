//! The page's state: one signal holding the form as typed, and memos of what it reads as and
//! plans to. Every part of the page reads these (through [`Page`], a `Copy` handle given to each
//! component as a prop) and changes the form only through [`Page`]'s actions, which also keep
//! the address bar, the copy status and the screen readers' announcement in step.
//!
//! Data flow: `form` (texts as typed) → `reading` (a `Scenario` and the texts that do not
//! read) → `planned` (the planner's `Outcome`) → the views. The sections under the answer
//! follow `settled`, the last valid form as of the frame after a change (so a keystroke paints
//! the answer first).

pub mod address;
pub mod form;
pub mod messages;

use leptos::prelude::*;
use planner::explorer::ShapeRow;
use planner::scenario::{Outcome, Scenario};
use planner::view::{PlanView, Status, View};
use planner::ClusterManager;

use crate::reactive::{memo, memo_always, Part};
use address::Address;
use form::{carry_typed_values, FieldMessage, Form, Reading};

/// Plans a form reading, or lists what to fix: texts that could not be read first (as typed),
/// then what the planner found, one diagnostic per field.
pub fn evaluate(reading: &Reading) -> Outcome {
    planner::scenario::plan_with_unreadable(&reading.scenario, reading.unreadable_diagnostics())
}

/// A scenario with the view of its plan: what every part of the page renders.
#[derive(Debug, Clone)]
pub struct Planned {
    /// What was planned.
    pub scenario: Scenario,
    /// The planner's one view of its plan (or of what to fix).
    pub view: View,
    /// YARN: how many executors fit a node under each method (rule of thumb, Spark-exact), the
    /// comparison's "Executors per node" row, which the view does not carry yet.
    pub yarn_per_node: Option<[u64; 2]>,
}

impl Planned {
    /// The plan of a form.
    pub fn of(form: &Form) -> Planned {
        Planned::of_reading(&form.read())
    }

    /// The plan of a form's reading.
    pub fn of_reading(reading: &Reading) -> Planned {
        let outcome = evaluate(reading);
        let yarn_per_node = match &outcome {
            Outcome::Yarn(c) => Some([
                c.rule_of_thumb.placement.per_node,
                c.spark_exact.placement.per_node,
            ]),
            _ => None,
        };
        Planned {
            view: planner::view::build(&reading.scenario, &outcome),
            scenario: reading.scenario.clone(),
            yarn_per_node,
        }
    }

    /// Whether this is a plan (not a list of fields to fix).
    pub fn is_plan(&self) -> bool {
        self.view.status == Status::Planned
    }

    /// The plan shown first, when there is one.
    pub fn selected(&self) -> Option<&PlanView> {
        self.view.selected()
    }

    /// Whether YARN enforces vcores on this scenario's cluster (the DominantResourceCalculator):
    /// the layout says a node's free vcores only then.
    pub fn vcores_enforced(&self) -> bool {
        let calculator = match &self.scenario {
            Scenario::Yarn(input) => input.scheduler.calculator,
            Scenario::Emr(input) => input.calculator,
            Scenario::Kubernetes(_) => return true,
        };
        calculator == planner::yarn::Calculator::Dominant
    }
}

/// Which copy button was pressed: its status line alone says what happened (each is a live
/// region, and a screen reader said the same status once for each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CopyButton {
    /// The page's "Copy link" and "Copy embed code" (one status line).
    Page,
    /// A code block of the answer or of a section, by its element id (`submit`, `k8s-yaml`,
    /// `emr-json`, `check-plan-export`, `wiki-markdown-table`, ...).
    Block(&'static str),
}

/// What a copy button's status line says.
pub type CopyStatus = Option<(CopyButton, &'static str)>;

/// The page's signals and memos, and its actions (`Copy`: every component holds one).
#[derive(Clone, Copy)]
pub struct Page {
    /// The form as typed.
    pub form: RwSignal<Form>,
    /// What the form reads as: read once for each change, shared by the plan, the messages,
    /// the notes and the address.
    pub reading: Part<Reading>,
    /// The form's plan, or what to fix.
    pub planned: Part<Planned>,
    /// The message of each invalid field, at its key (and repeated as the cause at the field
    /// whose typed change made an untouched field's value impossible).
    pub messages: Part<Vec<FieldMessage>>,
    /// Warnings about values that read but are unlikely meant, at their fields.
    pub notes: Part<Vec<FieldMessage>>,
    /// The last form of this cluster manager that planned, kept while a field is being fixed.
    pub last_form: Memo<Option<Form>>,
    /// [`Page::last_form`] as of the frame after the last change: what the sections under the
    /// answer, the explorer and the wiki exports show.
    pub settled: RwSignal<Option<Form>>,
    /// The plan of [`Page::settled`].
    pub settled_plan: Part<Option<Planned>>,
    /// The cluster manager of the form as of the frame after the last change (`None` before the
    /// first frame): what "How this is computed" explains.
    pub sections_for: RwSignal<Option<ClusterManager>>,
    /// The note under the cluster-manager switch (what a switch kept).
    pub switch_note: RwSignal<String>,
    /// Which copy button was pressed last, and what its status line says (a new plan clears it).
    pub copied: RwSignal<CopyStatus>,
    /// What the live region says instead of the plan's summary (the check's headline, what
    /// "Use these settings" did) until the form changes.
    pub said: RwSignal<Option<String>>,
    /// The check's settings in the link (`ck`; empty: none), written after the form's query.
    pub check_link: StoredValue<String>,
    /// A text to copy by hand, shown selected when the clipboard refused it.
    pub manual_copy: RwSignal<Option<String>>,
    /// The run "Analyse a run" shows, as text (`crate::analysis::RunShown::of_text`; empty:
    /// none), followed by `crate::analysis::follow_the_run_shown`.
    pub run_shown: RwSignal<String>,
    /// The key typed into last (`None` after a change that is not typing: nothing is blamed).
    edited: StoredValue<Option<&'static str>>,
    /// The other cluster managers' forms as they were left.
    stash: StoredValue<Vec<Form>>,
    /// Whether the sections are waiting for the next frame to follow the form.
    settling: StoredValue<bool>,
    /// The address bar.
    address: Address,
}

impl Page {
    /// The page's state for a form (the link's, at start).
    pub fn new(initial: Form, check_link: String) -> Page {
        let form = RwSignal::new(initial);
        let edited = StoredValue::new(None::<&'static str>);
        let reading = memo(move || form.with(Form::read));
        // A new reading is a new plan: its readers compare the parts they show (comparing
        // whole views would be compiled for every type of the view).
        let planned = memo_always(move || reading.with(Planned::of_reading));
        let last_form = Memo::new(move |previous: Option<&Option<Form>>| {
            let now = form.get();
            if planned.with(Planned::is_plan) {
                return Some(now);
            }
            previous
                .cloned()
                .flatten()
                .filter(|last| last.manager == now.manager)
        });
        let messages = memo(move || {
            let found =
                planned.with(|p| messages::field_messages_of(p.view.manager, &p.view.diagnostics));
            // Only a typed edit is blamed (an opened preset or link is not an edit).
            let last = edited.get_value().and(last_form.get_untracked());
            let messages_of = |f: &Form| {
                let p = Planned::of(f);
                messages::field_messages_of(p.view.manager, &p.view.diagnostics)
            };
            form.with(|now| messages::blame_the_edit(found, now, last.as_ref(), messages_of))
        });
        let notes = memo(move || {
            planned.with(|p| messages::field_messages_of(p.view.manager, &p.view.input_notes))
        });
        let settled = RwSignal::new(None::<Form>);
        // Usually the form has not changed since (the frame after a keystroke): its plan is
        // the one already made.
        let settled_plan = memo_always(move || {
            settled.with(|f| {
                let f = f.as_ref()?;
                let same = form.with_untracked(|now| now == f);
                Some(if same {
                    planned.get_untracked()
                } else {
                    Planned::of(f)
                })
            })
        });
        let page = Page {
            form,
            reading,
            planned,
            messages,
            notes,
            last_form,
            settled,
            settled_plan,
            sections_for: RwSignal::new(None),
            switch_note: RwSignal::new(String::new()),
            copied: RwSignal::new(None),
            said: RwSignal::new(None),
            check_link: StoredValue::new(check_link),
            manual_copy: RwSignal::new(None),
            run_shown: RwSignal::new(String::new()),
            edited,
            stash: StoredValue::new(Vec::new()),
            settling: StoredValue::new(false),
            address: Address::new(),
        };
        page.settle_after_the_frame();
        page
    }

    /// The cluster manager of the form.
    pub fn manager(self) -> ClusterManager {
        self.form.with(|f| f.manager)
    }

    /// A typed edit of `key`: the history entry is replaced.
    pub fn edit(self, key: &'static str, text: String) {
        self.edited.set_value(Some(key));
        self.form.update(|f| f.set_text(key, text));
        self.changed(false);
    }

    /// A change of the form that is not a typed text (a mode switch, the explorer's sort): the
    /// history entry is replaced.
    pub fn edit_form(self, change: impl FnOnce(&mut Form)) {
        self.edited.set_value(None);
        self.form.update(change);
        self.changed(false);
    }

    /// Opens another form (a preset, a remedy, an adopted shape, settings from the check) with a
    /// history entry of its own, so Back returns.
    pub fn open(self, next: Form) {
        self.edited.set_value(None);
        self.form.set(next);
        self.changed(true);
    }

    /// Opens the form a link's query describes, keeping the explorer's view (a remedy's Apply,
    /// the check's "Use these settings").
    pub fn open_query(self, query: &str) {
        let mut next = Form::from_query(query).0;
        next.explorer = self.form.with_untracked(|f| f.explorer);
        self.open(next);
    }

    /// Opens the preset `name`'s scenario: the note under the cluster-manager switch says
    /// what typed hardware it replaced (or goes).
    pub fn choose(self, name: &str, scenario: &Scenario) {
        let next = Form::from_scenario(scenario);
        let note = self
            .form
            .with_untracked(|now| messages::preset_note(name, now, &next));
        self.switch_note.set(note);
        self.open(next);
    }

    /// Makes an explorer row the plan (with a history entry).
    pub fn adopt(self, row: ShapeRow) {
        let (scenario, view) = self
            .form
            .with_untracked(|f| (f.read().scenario, f.explorer));
        let mut adopted = Form::from_scenario(&planner::explorer::adopt(&scenario, &row));
        adopted.explorer = view;
        self.open(adopted);
    }

    /// Switches to cluster manager `m`: the current form is kept for a switch back, `m`'s form
    /// is restored as it was left (or the plan it opens on, `Scenario::opening_for`), the values typed into fields both forms
    /// have come along, and the note under the switch says which.
    pub fn switch_manager(self, m: ClusterManager) {
        let current = self.form.get_untracked();
        if current.manager == m {
            return;
        }
        let kept = self
            .stash
            .with_value(|s| s.iter().find(|f| f.manager == m).cloned());
        let mut next = kept.unwrap_or_else(|| Form::from_scenario(&Scenario::opening_for(m)));
        let carried = carry_typed_values(&current, &mut next);
        self.switch_note
            .set(messages::switch_note(current.manager, m, &carried));
        next.explorer = current.explorer;
        self.stash.update_value(|s| {
            s.retain(|f| f.manager != current.manager);
            s.push(current);
        });
        self.open(next);
    }

    /// Back or Forward to a history entry: its form, unless the query is the form's already (an
    /// in-page `#fragment` jump fires `popstate` too, and what was typed must stay as typed).
    /// Returns the entry's `ck` (the check's settings), for the check to follow.
    pub fn follow_the_address(self) -> String {
        self.address.forget_pending();
        let query = address::current_query();
        let ck = address::query_value(&query, "ck").to_string();
        let ours = self.form.with_untracked(Form::to_query);
        let now = address::with_check_link(&ours, &self.check_link.get_value());
        if now != query {
            self.edited.set_value(None);
            self.form.set(Form::from_query(&query).0);
            self.copied.set(None);
            self.said.set(None);
            self.settle_after_the_frame();
        }
        ck
    }

    /// Sets the check's settings in the link (`ck`) and writes the address.
    pub fn set_check_link(self, ck: String) {
        self.check_link.set_value(ck);
        self.write_address(false);
    }

    /// The page's full address, with anything typing asked for written first (to share).
    pub fn href(self) -> String {
        self.address.flush();
        address::current_href()
    }

    /// After any change of the form: a new plan clears the copy status and the announcement's
    /// override, the address follows (a new history entry with `push`), and the sections follow
    /// after the next frame.
    fn changed(self, push: bool) {
        self.copied.set(None);
        self.said.set(None);
        self.manual_copy.set(None);
        self.write_address(push);
        self.settle_after_the_frame();
    }

    /// Writes the form's query (and the check's `ck`) into the address: a new history entry, or
    /// the current one replaced once the next frame is painted.
    fn write_address(self, push: bool) {
        let query = self
            .reading
            .with_untracked(|r| self.form.with_untracked(|f| f.query_of(r)));
        let query = address::with_check_link(&query, &self.check_link.get_value());
        if push {
            self.address.push(&query);
        } else {
            self.address.replace(&query);
        }
    }

    /// Sets [`Page::settled`] to the last valid form once the next frame has been painted (an
    /// animation frame, then a task), so a keystroke paints the answer first (BENCHMARKS.md,
    /// "Browser speed"); keystrokes in between are followed once.
    fn settle_after_the_frame(self) {
        if self.settling.get_value() {
            return;
        }
        self.settling.set_value(true);
        request_animation_frame(move || {
            set_timeout(
                move || {
                    self.settling.set_value(false);
                    let last = self.last_form.get_untracked();
                    if self.settled.with_untracked(|s| *s != last) {
                        self.settled.set(last);
                    }
                    let m = self.form.with_untracked(|f| f.manager);
                    if self.sections_for.get_untracked() != Some(m) {
                        self.sections_for.set(Some(m));
                    }
                },
                std::time::Duration::ZERO,
            );
        });
    }
}
