//! The words a first visit meets unexplained (issue 28, item 15), each with its one short
//! explanation: shown where the word first appears, as the control's description (a button's or
//! box's `title`, which screen readers read as its description) or, in running text and the
//! layout's legend, as a [`Term`] — a `<dfn>` that takes the keyboard's focus and shows its
//! explanation while focused (the page's CSS), with the same `title` for a pointer.

use leptos::prelude::*;

/// Each word and what it means, in the page's words. The facts: Spark on YARN asks for
/// `spark.executor.cores` vcores per executor (`YarnAllocator`); the AM is the first container
/// of an application (`ApplicationMaster.scala`; the driver runs in it in cluster mode); a
/// NodeManager offers `yarn.nodemanager.resource.memory-mb` and `…cpu-vcores` (`yarn-default.xml`);
/// the scheduler normalizes a request up to a multiple of the minimum allocation
/// (`ResourceCalculator.normalize`).
pub const TERMS: &[(&str, &str)] = &[
    (
        "vcores",
        "YARN's unit of CPU: a node offers yarn.nodemanager.resource.cpu-vcores of them; Spark asks spark.executor.cores for each executor.",
    ),
    (
        "ApplicationMaster",
        "The first YARN container of a Spark application: it asks YARN for the executors (in cluster mode the driver runs in it).",
    ),
    (
        "NodeManager resources",
        "What each node offers YARN for containers: yarn.nodemanager.resource.memory-mb and yarn.nodemanager.resource.cpu-vcores.",
    ),
    (
        "YARN rounding",
        "Memory YARN grants beyond the request: it rounds each container up to a multiple of yarn.scheduler.minimum-allocation-mb.",
    ),
    (
        "Spark-exact",
        "Sized with Spark's own overhead and YARN's rounding: the largest heap whose granted container still fits (see How this is computed).",
    ),
    (
        "Rule of thumb",
        "The widely shared recipe (5 cores per executor, 1 core and 1 GB per node kept back, 7% overhead), checked under YARN's real math.",
    ),
    (
        "Memory target per executor",
        "The heap each executor should have at least: the plan takes the fewest cores per executor that reach it. Empty: no target.",
    ),
    (
        "Share of the cluster",
        "The percentage of the cluster's YARN memory and vcores this application may use, as on a shared queue; 100: all of it.",
    ),
];

/// The explanation of `word` (`None`: a word the page does not explain).
pub fn explanation(word: &str) -> Option<&'static str> {
    TERMS.iter().find(|(w, _)| *w == word).map(|(_, e)| *e)
}

/// A word of running text with its explanation: focusable, so a keyboard reaches it and the CSS
/// shows the explanation beside it; `aria-description` gives it to a screen reader.
#[component]
pub(crate) fn Term(word: &'static str) -> impl IntoView {
    let explained = explanation(word).unwrap_or_default();
    view! {
        <dfn class="term" tabindex="0" title=explained aria-description=explained>{word}</dfn>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_term_has_one_short_explanation() {
        for (i, (word, explained)) in TERMS.iter().enumerate() {
            assert!(TERMS[..i].iter().all(|(w, _)| w != word), "{word} twice");
            assert!(
                explained.len() <= 140,
                "{word}: {} characters",
                explained.len()
            );
            assert!(explained.ends_with('.'), "{word}");
        }
        assert_eq!(explanation("vcores"), Some(TERMS[0].1));
        assert_eq!(explanation("executor"), None);
    }
}
