//! HTML the page and the reports module both write, from one place: a list of findings with
//! their severity in words (not colour alone). Text is escaped by [`super::wiki::push_escaped_html`].

use super::wiki::push_escaped_html;
use crate::warning::{Severity, Warning};

/// A list of findings as HTML: `<ul class="warnings" id="{id}">` with one item each, or "Nothing
/// to report." when there are none.
///
/// ```
/// use planner::report::html::findings_list;
/// assert_eq!(findings_list(&[], "w"), r#"<p class="muted" id="w">Nothing to report.</p>"#);
/// ```
pub fn findings_list(findings: &[Warning], id: &str) -> String {
    if findings.is_empty() {
        return format!(r#"<p class="muted" id="{id}">Nothing to report.</p>"#);
    }
    format!(
        r#"<ul class="warnings" id="{id}">{}</ul>"#,
        finding_items(findings)
    )
}

/// The `<li>` items of a findings list: the severity's class and word, the stable code as
/// `data-code`, then the message, escaped.
pub fn finding_items(findings: &[Warning]) -> String {
    let mut out = String::new();
    for w in findings {
        let class = match w.severity {
            Severity::Error => "sev sev-error",
            Severity::Warning => "sev sev-warning",
            Severity::Info => "sev sev-info",
        };
        out.push_str(&format!(
            r#"<li class="{class}" data-code="{}"><span class="sev-word">{}</span> <span class="msg">"#,
            w.code.as_str(),
            w.severity.word(),
        ));
        push_escaped_html(&mut out, &w.message);
        out.push_str("</span></li>");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::warning::Code;

    #[test]
    fn each_finding_says_its_severity_in_words_with_its_message_escaped() {
        let found = [
            Warning::new(Code::AmDoesNotFit, Severity::Error, "a < b & \"c\""),
            Warning::new(Code::SettingIgnored, Severity::Info, "note"),
        ];
        assert_eq!(
            findings_list(&found, "w"),
            "<ul class=\"warnings\" id=\"w\">\
             <li class=\"sev sev-error\" data-code=\"am-does-not-fit\"><span class=\"sev-word\">\
             Error</span> <span class=\"msg\">a &lt; b &amp; &quot;c&quot;</span></li>\
             <li class=\"sev sev-info\" data-code=\"setting-ignored\"><span class=\"sev-word\">\
             Note</span> <span class=\"msg\">note</span></li></ul>"
        );
    }
}
