//! One run's analysis: its title and headline, "Use these settings" (the right-sized plan into
//! the form), what ran on each host (the page's layout drawing), the what-if's chart, then each
//! section of words as the command line writes them (sentences, key and value, tables, settings
//! to paste). Drawn once per analysis: nothing in it changes until the next one.

use eventlog::view::RunView;
use eventlog::words::{Line, Section};
use leptos::prelude::*;

use super::chart::WhatIfChart;
use super::timeline::Timeline;
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
        let drawn: LayoutView = layout_view(&run.layout, run.manager, (true, None), legend);
        view! {
            <h4 class="subhead">"What ran on each host, at its busiest"</h4>
            <p class="muted analysis-line">"Each bar is as long as the executors on that host: the log does not draw the nodes' free room."</p>
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
            {run.timeline.clone().map(|timeline| view! { <Timeline timeline/> })}
            {run.curve.clone().map(|curve| view! { <WhatIfChart curve/> })}
            {run.shapes.clone().map(|s| view! { <SectionShown section=s/> })}
            {run.sections.into_iter().map(|s| view! { <SectionShown section=s/> }).collect_view()}
        </article>
    }
}

/// A section of words.
#[component]
fn SectionShown(section: Section) -> impl IntoView {
    view! {
        <h4 class="subhead">{section.title.clone()}</h4>
        {section.lines.into_iter().map(|l| line(l, &section.title)).collect_view()}
    }
}

/// A line of the section titled `title` (a table that scrolls is named by it).
fn line(l: Line, title: &str) -> AnyView {
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
        Line::Table(header, rows) => {
            // Named by its section and its columns: a section may hold two tables.
            let columns: Vec<&str> = header
                .iter()
                .map(String::as_str)
                .filter(|h| !h.is_empty())
                .collect();
            let name = format!("{title}: {}", columns.join(", "));
            view! {
            <div class="table-scroll" tabindex="0" role="region" aria-label=name>
                <table class="analysis-table">
                    // A column without a heading (the rows' names) has an empty cell, not an
                    // empty heading.
                    <thead><tr>{header.into_iter().map(|h| if h.is_empty() {
                        view! { <td></td> }.into_any()
                    } else {
                        view! { <th scope="col">{h}</th> }.into_any()
                    }).collect_view()}</tr></thead>
                    <tbody>{rows.into_iter().map(|r| view! {
                        <tr>{r.into_iter().map(|c| view! { <td>{c}</td> }).collect_view()}</tr>
                    }).collect_view()}</tbody>
                </table>
            </div>
            }
            .into_any()
        }
    }
}
