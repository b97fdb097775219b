//! "Check my configuration", collapsed under the plan: paste what runs today (a `spark-submit`
//! command, a `spark-defaults.conf`, an EMR configuration or a `SparkApplication` manifest) and
//! see what the cluster on the form does with it, beside the plan. The check runs in the reports
//! module (crates/api-reports), loaded when the section opens, so the page's first load does not
//! carry its code; it answers with the check's view (`planner::view::check::CheckView`), which
//! the section renders. The pasted text stays in the page; the link carries the settings in
//! short form (`ck`), never a secret. Back and Forward give the box the settings of the history
//! entry's `ck`.

mod answer;
pub mod read;

use leptos::prelude::*;

use crate::browser;
use crate::reactive::{dynamic, memo, text, Part};
use crate::reports::{call, call_string, Load, Reports};
use crate::state::Page;
use answer::CheckAnswer;
use read::{check_shown, CheckShown};

/// What the answer slot shows.
#[derive(Debug, Clone, PartialEq)]
enum Shown {
    /// Nothing pasted.
    Nothing,
    /// The reports module is loading.
    Loading,
    /// It could not be loaded: why.
    NotLoaded(String),
    /// The check's view.
    Checked(Box<CheckShown>),
}

/// The section's state (`Copy`): the paste box, the text its answer is for, and what follows
/// the address.
#[derive(Clone, Copy)]
pub struct CheckState {
    page: Page,
    reports: Reports,
    /// The paste box's text.
    text: RwSignal<String>,
    /// The text the answer is for: the box's, once a paste arrived or typing paused.
    checked: RwSignal<String>,
    /// Whether the section is open.
    open: RwSignal<bool>,
    /// How many times the box was typed into: a check waits for a pause in typing.
    typed: StoredValue<u32>,
    /// Whether the next answer's headline is said through the page's live region (the box's
    /// text changed; not for a change of the form).
    say: StoredValue<bool>,
    /// What became of a link's `ck` that held no setting the check reads (empty: nothing to say).
    ck_notice: RwSignal<String>,
}

impl CheckState {
    /// The section's state, for the page's link (`ck`: settings to put in the box).
    pub fn new(page: Page, reports: Reports, ck: &str) -> CheckState {
        let state = CheckState {
            page,
            reports,
            text: RwSignal::new(String::new()),
            checked: RwSignal::new(String::new()),
            open: RwSignal::new(false),
            typed: StoredValue::new(0),
            say: StoredValue::new(false),
            ck_notice: RwSignal::new(String::new()),
        };
        state.load(ck.to_string());
        state
    }

    /// Back or Forward to a history entry whose link holds other settings (`ck`) than the
    /// paste box: they go into the box, and the answer follows; an entry without any empties
    /// both.
    pub fn follow(self, ck: String) {
        if ck != self.page.check_link.get_value() {
            self.load(ck);
        }
    }

    /// Puts the settings of a link's `ck` into the paste box (empty: none) and checks them, the
    /// section open. The box is emptied at once, so a check of the old text, still waiting for a
    /// pause in typing, is dropped.
    fn load(self, ck: String) {
        self.typed.update_value(|n| *n += 1);
        self.text.set(String::new());
        self.checked.set(String::new());
        self.ck_notice.set(String::new());
        self.page.check_link.set_value(ck.clone());
        if ck.is_empty() {
            return;
        }
        self.open.set(true);
        self.reports.with_module(move |m| {
            let text = call_string(&m, "checkLinkText", &[&ck]).unwrap_or_default();
            if text.trim().is_empty() {
                self.ck_notice.set(ck_not_read_note(&ck));
            }
            self.text.set(text.clone());
            self.checked.set(text);
        });
    }

    /// Input in the paste box. A paste or a drop brings the whole text: checked at once. Typing is
    /// checked 150 ms after the last key, so fast typing makes one check, not one per key.
    fn typed(self, ev: &leptos::ev::Event) {
        let text = event_target_value(ev);
        self.text.set(text.clone());
        let n = self.typed.get_value() + 1;
        self.typed.set_value(n);
        self.say.set_value(true);
        let whole = js_sys::Reflect::get(ev, &"inputType".into())
            .ok()
            .and_then(|t| t.as_string())
            .is_some_and(|t| t.starts_with("insertFrom"));
        if whole {
            self.checked.set(text);
        } else {
            browser::later(150, move || {
                if self.typed.get_value() == n {
                    self.checked.set(text);
                }
            });
        }
    }

    /// The answer to show: the check of [`CheckState::checked`] on the form's cluster.
    fn answer(self) -> Part<Shown> {
        let page = self.page;
        let reports = self.reports;
        let checked = self.checked;
        memo(move || {
            let text = checked.get();
            if text.trim().is_empty() {
                return Shown::Nothing;
            }
            match reports.load.get() {
                Load::NotAsked | Load::Loading => Shown::Loading,
                Load::Failed(reason) => Shown::NotLoaded(reason),
                Load::Ready(m) => {
                    let link = page.reading.with(|r| page.form.with(|f| f.query_of(r)));
                    call(&m, "check", &[&text, &link])
                        .and_then(|v| check_shown(&v))
                        .map_or(Shown::Nothing, |v| Shown::Checked(Box::new(v)))
                }
            }
        })
    }
}

/// What the section says of a link's `ck` that held no setting the check reads: quoted
/// short, so no link can widen the page.
fn ck_not_read_note(ck: &str) -> String {
    let shown = planner::text::first_chars(ck, 24);
    let cut = if shown.len() < ck.len() { "…" } else { "" };
    format!(
        "The link's check settings (ck={shown}{cut}) hold no setting the check reads: left out."
    )
}

/// The section: collapsed unless the link holds a check; the paste box and the answer.
#[component]
pub(crate) fn CheckSection(state: CheckState) -> impl IntoView {
    let page = state.page;
    let details = NodeRef::<leptos::html::Details>::new();
    let answer = state.answer();
    // The answer's structure changes only with its kind; within one, its parts follow.
    let kind = memo(move || answer.with(std::mem::discriminant));
    let checked_view = memo(move || {
        answer.with(|a| match a {
            Shown::Checked(v) => Some((**v).clone()),
            _ => None,
        })
    });
    // The answer's side effects, at the edge: its settings go into the link (none for an empty
    // box), and after a paste or a pause in typing its headline is said through the page's live
    // region (the answer is no live region: a screen reader would read all of it on each change).
    Effect::new(move |_| {
        let (ck, headline) = answer.with(|a| match a {
            Shown::Checked(v) => (v.ck.clone(), Some(v.headline.clone())),
            Shown::Nothing => (String::new(), None),
            _ => (page.check_link.get_value(), None),
        });
        if ck != page.check_link.get_value() {
            page.set_check_link(ck);
        }
        if let Some(h) = headline.filter(|_| state.say.get_value()) {
            state.say.set_value(false);
            page.said.set(Some(h));
        }
    });
    let toggled = move |_| {
        let open = details.get_untracked().is_some_and(|d| d.open());
        state.open.set(open);
        if open {
            state.reports.ask();
        }
    };
    view! {
        <section class="card" id="check">
            <details id="check-details" node_ref=details prop:open=move || state.open.get() on:toggle=toggled>
                <summary><h2>"Check my configuration"</h2></summary>
                <p class="muted" id="check-about">"Paste a spark-submit command, a spark-defaults.conf, an EMR configuration (JSON) or a SparkApplication manifest (YAML): read as Spark reads it, checked on the cluster above. The text stays in this page; the link keeps only the settings that shape the answer, never one that looks secret."</p>
                <p class="note" id="check-ck-notice" role="status">{text(move || state.ck_notice.get())}</p>
                <label for="check-text" id="check-label">"Your configuration"</label>
                // The box does not wrap lines (the check's messages name lines, which must be the
                // lines seen; a long one scrolls, and a box that scrolls is named by
                // aria-labelledby as well as its label).
                <textarea id="check-text" rows="8" wrap="off" spellcheck="false"
                    aria-labelledby="check-label" aria-describedby="check-about"
                    prop:value=move || state.text.get()
                    on:input=move |ev| state.typed(&ev)></textarea>
                <div id="check-answer">
                    {dynamic(move || {
                    kind.track();
                    match answer.get_untracked() {
                        Shown::Nothing => ().into_any(),
                        Shown::Loading => view! { <p class="muted">"Loading…"</p> }.into_any(),
                        Shown::NotLoaded(reason) => view! {
                            <p class="sev sev-error" role="alert">
                                {format!("The check could not be loaded ({reason}). Reload the page to try again.")}
                            </p>
                        }.into_any(),
                        Shown::Checked(_) => view! { <CheckAnswer page view=checked_view/> }.into_any(),
                    }})}
                </div>
            </details>
        </section>
    }
}
