//! Small components every part of the page uses: a list of findings with their severity in
//! words, a code block with its Copy button, the working's numbered steps, a copy status line.

use leptos::prelude::*;
use planner::view::{Finding, Step};
use planner::Severity;

use crate::browser;
use crate::layout::item_memo;
use crate::reactive::{dynamic, indexed, keyed_by_text, memo, text, Part};
use crate::state::{CopyButton, Page};

/// A finding with its key in a list: its code and how many findings of the same code came
/// before it, so a finding keeps its row while its numbers change.
#[derive(Debug, Clone, PartialEq)]
pub struct Keyed {
    /// The finding's code, and `#n` after it for the n-th finding of that code in the list
    /// (from 1; the first has none).
    pub key: String,
    /// The finding.
    pub finding: Finding,
}

/// Findings with their keys ([`Keyed`]).
pub fn keyed(findings: Vec<Finding>) -> Vec<Keyed> {
    let mut out: Vec<Keyed> = Vec::with_capacity(findings.len());
    for finding in findings {
        let n = out
            .iter()
            .filter(|k| k.finding.code == finding.code)
            .count();
        out.push(Keyed {
            key: if n == 0 {
                finding.code.clone()
            } else {
                format!("{}#{n}", finding.code)
            },
            finding,
        });
    }
    out
}

/// A severity's classes.
pub fn severity_class(s: Severity) -> &'static str {
    match s {
        Severity::Error => "sev sev-error",
        Severity::Warning => "sev sev-warning",
        Severity::Info => "sev sev-info",
    }
}

/// The findings as a list, `<ul class="warnings" id=…>`, or "Nothing to report." when there
/// are none (`quiet`: nothing at all).
#[component]
pub(crate) fn Findings(
    id: &'static str,
    findings: Part<Vec<Finding>>,
    #[prop(optional)] quiet: bool,
) -> impl IntoView {
    let rows = memo(move || findings.with(|f| keyed(f.clone())));
    let empty = memo(move || rows.with(Vec::is_empty));
    dynamic(move || {
        if !empty.get() {
            view! { <ul class="warnings" id=id><FindingItems rows/></ul> }.into_any()
        } else if quiet {
            ().into_any()
        } else {
            view! { <p class="muted" id=id>"Nothing to report."</p> }.into_any()
        }
    })
}

/// The `<li>` items of a list of findings, one keyed row each: the severity's class and word,
/// the stable code as `data-code`, then the message.
#[component]
pub(crate) fn FindingItems(rows: Part<Vec<Keyed>>) -> impl IntoView {
    view! {
        {keyed_by_text(move || rows.with(|r| r.iter().map(|k| k.key.clone()).collect()), move |key| view! {
            <FindingItem finding=memo(move || {
                rows.with(|r| r.iter().find(|k| k.key == key).map(|k| k.finding.clone()))
            })/>
        }.into_any())}
    }
}

/// One finding.
#[component]
fn FindingItem(finding: Part<Option<Finding>>) -> impl IntoView {
    let read =
        move |f: fn(&Finding) -> String| finding.with(|w| w.as_ref().map(f).unwrap_or_default());
    view! {
        <li class=text(move || finding.with(|w| w.as_ref().map_or("sev", |w| severity_class(w.severity))))
            data-code=text(move || read(|w| w.code.clone()))>
            <span class="sev-word">{text(move || read(|w| w.severity.word().to_string()))}</span>
            " "
            <span class="msg">{text(move || read(|w| w.message.clone()))}</span>
        </li>
    }
}

/// A text's lines, each with its newline, for a code block.
fn lines_of(text: &str) -> Vec<String> {
    text.split_inclusive('\n').map(str::to_string).collect()
}

/// A code block: the text in `<pre class="submit">`, each line in a `<span class="ln">` that
/// holds its newline (the text, and a copy of it, is unchanged; a narrow screen that wraps a
/// long line indents its continuation under it). One keyed row per line: a new plan rewrites
/// only the lines that changed.
#[component]
pub(crate) fn CodeLines(
    id: &'static str,
    label: &'static str,
    #[prop(into)] text: Signal<String>,
) -> impl IntoView {
    let lines = memo(move || text.with(|t| lines_of(t)));
    view! {
        <pre class="submit" id=id tabindex="0" role="region" aria-label=label>
            <code>
                {indexed(move || lines.with(Vec::len), move |i| view! {
                    <Line line=item_memo(lines, i)/>
                }.into_any())}
            </code>
        </pre>
    }
}

/// One line of a code block, with its newline.
#[component]
fn Line(line: Part<String>) -> impl IntoView {
    view! { <span class="ln">{text(move || line.get())}</span> }
}

/// The status line beside a copy button: what the last press of `button` did (empty until it
/// is pressed, and for a new plan).
#[component]
pub(crate) fn CopyStatusLine(page: Page, button: CopyButton) -> impl IntoView {
    view! {
        <span class="status" role="status">
            {text(move || page.copied.with(|c| match c {
                Some((pressed, said)) if *pressed == button => *said,
                _ => "",
            }))}
        </span>
    }
}

/// Copies `text` for `button`: its status line says `done`; a refusal shows the text selected
/// for a manual copy, said in the page's status line beside that box.
pub fn copy_for(page: Page, button: CopyButton, text: &str, done: &'static str) {
    let manual = text.to_string();
    let refused = move || {
        page.copied
            .set(Some((CopyButton::Page, browser::COPY_FAILED)));
        page.manual_copy.set(Some(manual));
    };
    if browser::copy(text, refused) {
        page.copied.set(Some((button, done)));
    }
}

/// A heading, a code block and its Copy button with its status line.
#[component]
pub(crate) fn CopyBlock(
    page: Page,
    id: &'static str,
    title: &'static str,
    #[prop(into)] text: Signal<String>,
    /// The button's words ("Copy spark-submit").
    button: &'static str,
    /// What its status line says once copied.
    #[prop(default = "Copied")]
    done: &'static str,
    /// The button's id.
    button_id: &'static str,
) -> impl IntoView {
    let which = CopyButton::Block(id);
    view! {
        <h2 class="subhead">{title}</h2>
        <CodeLines id label=title text/>
        <div class="actions">
            <button type="button" id=button_id
                on:click=move |_| copy_for(page, which, &text.get_untracked(), done)>
                {button}
            </button>
            <CopyStatusLine page button=which/>
        </div>
    }
}

/// The working: numbered steps, each its title in bold, then its formula.
#[component]
pub(crate) fn Steps(steps: Part<Vec<Step>>) -> impl IntoView {
    let steps = memo(move || {
        steps.with(|s| {
            s.iter()
                .map(|s| (s.title.clone(), s.detail.clone()))
                .collect::<Vec<_>>()
        })
    });
    view! {
        <ol class="working">
            {indexed(move || steps.with(Vec::len), move |i| view! {
                <StepItem step=item_memo(steps, i)/>
            }.into_any())}
        </ol>
    }
}

#[component]
fn StepItem(step: Part<(String, String)>) -> impl IntoView {
    view! {
        <li>
            <strong>{text(move || step.with(|s| s.0.clone()))}</strong>
            ": "
            <span class="formula">{text(move || step.with(|s| s.1.clone()))}</span>
        </li>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn findings_keep_their_key_while_their_words_change() {
        let finding = |code: &str, message: &str| Finding {
            code: code.into(),
            severity: Severity::Info,
            field: None,
            message: message.into(),
        };
        let found = vec![
            finding("room-for-more", "a"),
            finding("am-does-not-fit", "b"),
            finding("room-for-more", "c"),
        ];
        let keys: Vec<String> = keyed(found).into_iter().map(|k| k.key).collect();
        assert_eq!(
            keys,
            ["room-for-more", "am-does-not-fit", "room-for-more#1"]
        );
    }

    #[test]
    fn a_code_blocks_lines_keep_their_newlines() {
        assert_eq!(lines_of("a \\\n  <b>\n"), ["a \\\n", "  <b>\n"]);
        assert_eq!(lines_of("x\ny"), ["x\n", "y"]);
        assert!(lines_of("").is_empty());
    }
}
