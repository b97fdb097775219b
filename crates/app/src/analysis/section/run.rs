//! One run's analysis: its title and headline, "Use these settings" (the right-sized plan into
//! the form), what ran on each host (the page's layout drawing), the what-if's chart, then each
//! section of words as the command line writes them (sentences, key and value, tables, settings
//! to paste). Drawn once per analysis: nothing in it changes until the next one.

use eventlog::view::RunView;
use eventlog::words::{Line, Section};
use leptos::prelude::*;

use super::chart::WhatIfChart;
use crate::layout::{layout_view, LayoutView, NodeLayout};
use crate::reactive::memo;

/// One run.
#[component]
pub(super) fn RunShown(run: RunView, index: usize, said: RwSignal<String>) -> impl IntoView {
    let heading = format!("analysis-run-{}", index + 1);
    let labelled_by = heading.clone();
    let layout = (!run.layout.is_empty()).then(|| {
        // Only executors are drawn: the log holds neither the nodes' sizes nor the driver's
        // container.
        let legend = vec![("heap", "Executor heap"), ("overhead", "Overhead")];
        let drawn: LayoutView = layout_view(&run.layout, run.manager, true, legend);
        view! {
            <h4 class="subhead">"What ran on each host, at its busiest"</h4>
            <NodeLayout id="" layout=memo(move || drawn.clone())/>
        }
    });
    let use_settings = run.use_settings.clone().map(|query| {
        view! {
            <div class="actions">
                <button type="button" class="analysis-use" on:click=move |_| {
                    super::worker::open_address(&query);
                    said.set("The right-sized settings are in the form above. Back returns to your plan.".to_string());
                }>"Use these settings"</button>
                <span class="muted">"The right-sized plan goes into the form above (Back returns)."</span>
            </div>
        }
    });
    view! {
        <article class="analysis-run" aria-labelledby=labelled_by>
            <h3 id=heading>{run.title.clone()}</h3>
            <p class="check-headline analysis-headline">{run.headline.clone()}</p>
            {use_settings}
            {layout}
            {run.curve.clone().map(|curve| view! { <WhatIfChart curve/> })}
            {run.sections.into_iter().map(|s| view! { <SectionShown section=s/> }).collect_view()}
        </article>
    }
}

/// A section of words.
#[component]
fn SectionShown(section: Section) -> impl IntoView {
    view! {
        <h4 class="subhead">{section.title}</h4>
        {section.lines.into_iter().map(line).collect_view()}
    }
}

fn line(l: Line) -> AnyView {
    match l {
        Line::Text(t) => view! { <p class="analysis-line">{t}</p> }.into_any(),
        Line::Pair(k, v) => view! {
            <p class="analysis-line"><strong>{format!("{k}: ")}</strong>{v}</p>
        }
        .into_any(),
        Line::Code(lines) => view! {
            <pre class="submit" tabindex="0"><code>{lines.join("\n")}</code></pre>
        }
        .into_any(),
        Line::Table(header, rows) => view! {
            <div class="table-scroll" tabindex="0">
                <table class="analysis-table">
                    <thead><tr>{header.into_iter().map(|h| view! { <th scope="col">{h}</th> }).collect_view()}</tr></thead>
                    <tbody>{rows.into_iter().map(|r| view! {
                        <tr>{r.into_iter().map(|c| view! { <td>{c}</td> }).collect_view()}</tr>
                    }).collect_view()}</tbody>
                </table>
            </div>
        }
        .into_any(),
    }
}
