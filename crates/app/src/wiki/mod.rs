//! "For a wiki page": the plan shown as text for wikis that forbid iframes — a GitHub Markdown
//! table, Confluence wiki markup, an HTML fragment with inline styles, the per-node layout as a
//! standalone SVG and `spark-defaults.conf` — each with Copy and Download.
//!
//! The texts come from the reports module (crates/api-reports, `render(link, format)`), which
//! the section loads when it first opens: the page's first load carries none of the report
//! code. While open, the texts follow the plan the sections show (the last good one while a
//! field is being fixed).

use leptos::prelude::*;

use crate::browser;
use crate::on_demand::{call_string, Load, OnDemandModule};
use crate::parts::{copy_for, CopyStatusLine};
use crate::reactive::{dynamic, memo, text, Part};
use crate::state::{CopyButton, Page};

/// An export: the reports module's format name (as `spark-sizer --format` names it), its
/// element's id, its heading, the downloaded file's name and its MIME type.
pub struct Export {
    format: &'static str,
    id: &'static str,
    heading: &'static str,
    file: &'static str,
    mime: &'static str,
}

/// The five exports, in the section's order.
pub const EXPORTS: [Export; 5] = [
    Export {
        format: "markdown-table",
        id: "wiki-markdown-table",
        heading: "Markdown table (GitHub)",
        file: "spark-sizer-plan.md",
        mime: "text/markdown;charset=utf-8",
    },
    Export {
        format: "confluence",
        id: "wiki-confluence",
        heading: "Confluence wiki markup",
        file: "spark-sizer-plan-confluence.txt",
        mime: "text/plain;charset=utf-8",
    },
    Export {
        format: "html",
        id: "wiki-html",
        heading: "HTML with inline styles",
        file: "spark-sizer-plan.html",
        mime: "text/html;charset=utf-8",
    },
    Export {
        format: "svg",
        id: "wiki-svg",
        heading: "Per-node layout as an SVG image",
        file: "spark-sizer-layout.svg",
        mime: "image/svg+xml",
    },
    Export {
        format: "conf",
        id: "wiki-conf",
        heading: "spark-defaults.conf",
        file: "spark-defaults.conf",
        mime: "text/plain;charset=utf-8",
    },
];

/// The share link of `query`: this page's address (without its query or fragment) and `query`.
fn share_address(query: &str) -> String {
    let href = crate::state::address::current_href();
    format!("{}?{query}", crate::state::address::page_of(&href))
}

/// What the section's body shows.
#[derive(Debug, Clone, PartialEq)]
enum Body {
    Nothing,
    Loading,
    NotLoaded,
    NoPlan,
    /// Each export's text (empty: nothing for this plan, left out).
    Texts(Vec<String>),
}

/// The section, collapsed; its exports are rendered on opening and follow the plan while open.
#[component]
pub(crate) fn WikiSection(page: Page, reports: OnDemandModule) -> impl IntoView {
    let open = RwSignal::new(false);
    let details = NodeRef::<leptos::html::Details>::new();
    // The page's address with the plan's query: each export carries it as its share link.
    let link = memo(move || {
        page.settled
            .with(|f| f.as_ref().map(|f| share_address(&f.to_query())))
    });
    let body = memo(move || {
        if !open.get() {
            return Body::Nothing;
        }
        match reports.load.get() {
            Load::NotAsked | Load::Loading => Body::Loading,
            Load::Failed(_) => Body::NotLoaded,
            Load::Ready(module) => link.with(|l| match l {
                None => Body::NoPlan,
                Some(link) => Body::Texts(
                    EXPORTS
                        .iter()
                        .map(|e| {
                            call_string(&module, "render", &[link, e.format]).unwrap_or_default()
                        })
                        .collect(),
                ),
            }),
        }
    });
    // Opened (a click on the summary, the keyboard, or a script): the module is loaded, or tried
    // again after a failure.
    let follow = move || {
        let now = details.get_untracked().is_some_and(|d| d.open());
        open.set(now);
        if now {
            reports.ask();
        }
    };
    let summary_click = move |_| {
        // The click toggles the element after this handler: opening says "Loading…" at once.
        if details.get_untracked().is_some_and(|d| !d.open()) {
            open.set(true);
            reports.ask();
        }
    };
    let kind = memo(move || std::mem::discriminant(&body.get()));
    view! {
        <details class="card" id="wiki" node_ref=details on:toggle=move |_| follow()>
            <summary on:click=summary_click><h2>"For a wiki page"</h2></summary>
            <p class="muted" id="wiki-which">"Each export links back to this plan. Confluence: the wiki markup or the embed card; GitHub: Markdown; elsewhere: HTML."</p>
            <div id="wiki-body">
                {dynamic(move || {
                    kind.track();
                    match body.get_untracked() {
                        Body::Nothing => ().into_any(),
                        Body::Loading => view! { <p class="muted" role="status">"Loading…"</p> }.into_any(),
                        Body::NotLoaded => view! {
                            <p class="sev sev-error" role="alert">"The exports could not be loaded (offline?). Close and open this section to try again."</p>
                        }.into_any(),
                        Body::NoPlan => view! { <p class="muted">"Fix the fields above to see the exports."</p> }.into_any(),
                        Body::Texts(_) => EXPORTS
                            .iter()
                            .enumerate()
                            .map(|(i, export)| view! { <ExportView page body i export/> })
                            .collect_view()
                            .into_any(),
                    }
                })}
            </div>
        </details>
    }
}

/// One export: its heading, its text, Copy and Download (nothing when it has no text).
#[component]
fn ExportView(page: Page, body: Part<Body>, i: usize, export: &'static Export) -> impl IntoView {
    let export_text = memo(move || {
        body.with(|b| match b {
            Body::Texts(t) => t.get(i).cloned().unwrap_or_default(),
            _ => String::new(),
        })
    });
    let shown = memo(move || export_text.with(|t| !t.is_empty()));
    let which = CopyButton::Block(export.id);
    dynamic(move || {
        shown.get().then(|| {
            view! {
                <h3 class="subhead">{export.heading}</h3>
                <pre class="submit" id=export.id tabindex="0" role="region" aria-label=export.heading>
                    <code>{text(move || export_text.get())}</code>
                </pre>
                <div class="actions">
                    <button type="button" aria-label=format!("Copy {}", export.heading)
                        data-testid=format!("wiki-copy-{i}")
                        on:click=move |_| copy_for(page, which, &export_text.get_untracked(), "Copied")>
                        "Copy"
                    </button>
                    <button type="button" data-testid=format!("wiki-save-{i}")
                        on:click=move |_| browser::save(&export_text.get_untracked(), export.file, export.mime)>
                        {format!("Download {}", export.file)}
                    </button>
                    <CopyStatusLine page button=which/>
                </div>
            }
        })
    })
}
