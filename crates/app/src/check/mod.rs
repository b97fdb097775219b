//! "Check my configuration", collapsed under the plan: paste what runs today (a `spark-submit`
//! command, a `spark-defaults.conf`, an EMR configuration or a `SparkApplication` manifest) and
//! see what the cluster on the form does with it, beside the plan. The check runs in the reports
//! module (crates/api-reports) and its answer is drawn by the sections module (crates/app-analysis,
//! `answer`), both loaded when the section opens, so the page's first load carries neither: the
//! page holds the paste box, the link's `ck`, and the two things it does for the answer — "Use
//! these settings" (a [`USE_SETTINGS`] event from the module) and a copy the clipboard refused
//! ([`COPY_REFUSED`]). The pasted text stays in the page; the link carries the settings in short
//! form (`ck`), never a secret. Back and Forward give the box the settings of the history
//! entry's `ck`.

#[cfg(feature = "analysis")]
pub mod answer;
#[cfg(feature = "analysis")]
pub mod read;

use leptos::prelude::*;
use planner::ClusterManager;
use wasm_bindgen::prelude::*;

use crate::answer::headline::plan_summary;
use crate::browser;
use crate::on_demand::{call, call_string, Load, OnDemandModule};
use crate::reactive::{dynamic, memo, text, Part};
use crate::state::{CopyButton, Page};

/// The event (on `window`, its `detail` a query) the answer sends when "Use these settings" is
/// pressed.
pub const USE_SETTINGS: &str = "spark-sizer-check-use";
/// The event (on `window`, its `detail` the text) the answer sends when the clipboard refused a
/// copy: the page shows the text for a manual copy, as for its own copies.
pub const COPY_REFUSED: &str = "spark-sizer-copy-refused";

// The sections module's `mount_check_answer(root)` into `#check-answer-root`, once per
// document: it returns the function that shows a check's view there (`null`: nothing).
#[wasm_bindgen(inline_js = "let show = null;
export function show_check_answer(m, view) {
  if (!show) show = m.mount_check_answer(document.getElementById('check-answer-root'));
  show(view);
}")]
extern "C" {
    fn show_check_answer(module: &JsValue, view: &JsValue);
}

/// A check's view as the reports module returned it, with the two fields the page itself uses.
#[derive(Debug, Clone, PartialEq)]
struct Checked {
    /// The view (`planner::view::check::CheckView`), for the sections module to draw.
    view: JsValue,
    /// The answer in one sentence, said through the page's live region.
    headline: String,
    /// The settings for the link (`ck`).
    ck: String,
}

impl Checked {
    /// The reading of a check's view (`None` when it is not one).
    fn of(view: JsValue) -> Option<Checked> {
        let get = |v: &JsValue, key: &str| {
            js_sys::Reflect::get(v, &key.into()).unwrap_or(JsValue::UNDEFINED)
        };
        if !view.is_object() {
            return None;
        }
        let headline = get(&view, "headline").as_string().unwrap_or_default();
        let ck = get(&get(&view, "link"), "ck")
            .as_string()
            .unwrap_or_default();
        Some(Checked { view, headline, ck })
    }
}

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
    Checked(Checked),
}

/// The section's state (`Copy`): the paste box, the text its answer is for, and what follows
/// the address.
#[derive(Clone, Copy)]
pub struct CheckState {
    page: Page,
    reports: OnDemandModule,
    /// The sections module, which draws the answer.
    sections: OnDemandModule,
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
    pub fn new(
        page: Page,
        reports: OnDemandModule,
        sections: OnDemandModule,
        ck: &str,
    ) -> CheckState {
        let state = CheckState {
            page,
            reports,
            sections,
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
        self.sections.ask();
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
                        .and_then(Checked::of)
                        .map_or(Shown::Nothing, Shown::Checked)
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

/// "Use these settings" was pressed: the settings go into the form, with a history entry; the
/// focus goes to the answer, whose headline is now the plan of those settings, so that the
/// keyboard does not fall back to the top of the page, and the live region says what happened
/// (on YARN, that the plan then sizes its own executor count and heap, as the note beside the
/// button says).
fn use_these_settings(page: Page, query: &str) {
    page.open_query(query);
    let sized = if page.manager() == ClusterManager::Yarn {
        "; the plan sizes the executor count and heap"
    } else {
        ""
    };
    let plan = page.planned.with_untracked(|p| plan_summary(&p.view));
    let plan = if plan.is_empty() {
        String::new()
    } else {
        format!(": {plan}")
    };
    page.said.set(Some(format!(
        "Your settings are in the form{sized}{plan}. Back returns to your plan."
    )));
    browser::later(0, || browser::focus("answer"));
}

/// What the answer asks of the page: "Use these settings", and the text of a copy the clipboard
/// refused, shown for a manual copy as the page's own copies are.
fn listen_to_the_answer(page: Page) {
    browser::hear_the_modules(&[USE_SETTINGS, COPY_REFUSED], move |which, detail| {
        let detail = detail.as_string().unwrap_or_default();
        if which == 0 {
            use_these_settings(page, &detail);
        } else {
            page.copied
                .set(Some((CopyButton::Page, browser::COPY_FAILED)));
            page.manual_copy.set(Some(detail));
        }
    });
}

/// The section: collapsed unless the link holds a check; the paste box and the answer.
#[component]
pub(crate) fn CheckSection(state: CheckState) -> impl IntoView {
    let page = state.page;
    let details = NodeRef::<leptos::html::Details>::new();
    let answer = state.answer();
    let sections = state.sections;
    listen_to_the_answer(page);
    // What the page says in the answer's place: the answer itself is the sections module's.
    let status = memo(move || {
        answer.with(|a| match (a, &sections.load.get()) {
            (Shown::Nothing, _) => Shown::Nothing,
            (Shown::NotLoaded(reason), _) | (_, Load::Failed(reason)) => {
                Shown::NotLoaded(reason.clone())
            }
            (Shown::Checked(_), Load::Ready(_)) => Shown::Nothing,
            _ => Shown::Loading,
        })
    });
    // The answer drawn by the sections module once it is loaded (`null`: none).
    Effect::new(move |_| {
        let view = answer.with(|a| match a {
            Shown::Checked(c) => c.view.clone(),
            _ => JsValue::NULL,
        });
        if let Some(m) = sections.module() {
            show_check_answer(&m, &view);
        }
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
            sections.ask();
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
                    {dynamic(move || match status.get() {
                        Shown::Loading => view! { <p class="muted">"Loading…"</p> }.into_any(),
                        Shown::NotLoaded(reason) => view! {
                            <p class="sev sev-error" role="alert">
                                {format!("The check could not be loaded ({reason}). Reload the page to try again.")}
                            </p>
                        }.into_any(),
                        _ => ().into_any(),
                    })}
                    <div id="check-answer-root"></div>
                </div>
            </details>
        </section>
    }
}
