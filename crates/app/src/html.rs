//! Non-interactive parts of the page written as one HTML text and set with `inner_html`.
//!
//! Why: every `view!` element is its own Rust code in the wasm (creating, appending, updating
//! each node), and the page's size is a hard budget (BENCHMARKS.md, "Fitting the page under
//! 180 KB"). Tables, lists and text that are rebuilt whole for each plan and have no event
//! handler cost a few bytes of format string instead. No script is ever written (no `<script>`,
//! no `on*=` attribute), so the strict CSP holds; every text that comes from the planner or the
//! form goes through [`escape`] (or [`text`]), the one place that makes text safe as HTML.

/// `text` safe inside an element or a double-quoted attribute value: `&`, `<`, `>`, `"` and `'`
/// written as character references (the planner's escaping, which its HTML reports use too).
pub fn escape(text: &str) -> String {
    planner::report::wiki::escape_html(text)
}

/// Appends `text` to `out`, escaped as [`escape`] does.
pub fn push_escaped(out: &mut String, text: &str) {
    planner::report::wiki::push_escaped_html(out, text);
}

/// Appends `text` (a command or a file) escaped, each line in a `<span class="ln">` that holds
/// its newline: the text (and a copy of it) is unchanged, and a narrow screen that wraps a long
/// line indents its continuation under it (web/style.css).
pub fn push_code_lines(out: &mut String, text: &str) {
    for line in text.split_inclusive('\n') {
        out.push_str(r#"<span class="ln">"#);
        push_escaped(out, line);
        out.push_str("</span>");
    }
}

/// Appends `<tag>text</tag>` with `text` escaped; `attributes` is markup written by the page
/// (never user text), such as ` class="muted"`, or empty.
pub fn text(out: &mut String, tag: &str, attributes: &str, text: &str) {
    out.push('<');
    out.push_str(tag);
    out.push_str(attributes);
    out.push('>');
    push_escaped(out, text);
    out.push_str("</");
    out.push_str(tag);
    out.push('>');
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `web/boot.js`'s `morphHtml`: the element's content made equal to `html`, touching only
    /// the texts and attributes that differ (a subtree replaced only where the structure
    /// differs). Defined before the wasm starts, so a global rather than a snippet module (a
    /// snippet would be one more file fetched before the wasm can start).
    #[wasm_bindgen(js_name = morphHtml)]
    fn morph_html(element: &web_sys::Element, html: &str);
}

/// Keeps the content of the element `selector` finds equal to `html()`, re-run whenever a
/// signal `html` reads changes: an HTML text rebuilt whole for each plan, applied to the live
/// DOM by [`morph_html`] so a keystroke touches only the nodes whose values changed (setting
/// `inner_html` would re-create some 700 elements per keystroke; BENCHMARKS.md, "Browser
/// speed"). A text equal to the last one applied is not applied again.
pub fn morph_into(selector: &'static str, html: impl Fn() -> String + 'static) {
    morph_into_dyn(selector, Box::new(html));
}

/// [`morph_into`] compiled once rather than once for each caller (the page's size).
fn morph_into_dyn(selector: &'static str, html: Box<dyn Fn() -> String>) {
    use leptos::prelude::*;
    Effect::new(move |last: Option<String>| {
        let html = html();
        if last.as_ref() != Some(&html) {
            if let Some(element) = document().query_selector(selector).ok().flatten() {
                morph_html(&element, &html);
            }
        }
        html
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_every_character_that_could_end_text_or_an_attribute() {
        assert_eq!(
            escape(r#"<script>alert("x" & 'y')</script>"#),
            "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;"
        );
        // Text that needs nothing is unchanged, other characters included.
        assert_eq!(
            escape("19 GiB × 5 — ⌊0.1 × heap⌋"),
            "19 GiB × 5 — ⌊0.1 × heap⌋"
        );
        // An entity typed by a user stays text, never a character reference.
        assert_eq!(escape("&lt;"), "&amp;lt;");
        assert_eq!(escape(""), "");
    }

    #[test]
    fn code_lines_keep_the_text_and_each_newline_in_its_line() {
        let mut out = String::new();
        push_code_lines(&mut out, "a \\\n  <b>\n");
        assert_eq!(
            out,
            r#"<span class="ln">a \
</span><span class="ln">  &lt;b&gt;
</span>"#
        );
        let mut last = String::new();
        push_code_lines(&mut last, "x\ny");
        assert_eq!(
            last,
            "<span class=\"ln\">x\n</span><span class=\"ln\">y</span>"
        );
    }

    #[test]
    fn writes_an_element_around_escaped_text() {
        let mut out = String::new();
        text(&mut out, "td", "", "a<b");
        text(&mut out, "span", r#" class="msg""#, "\"q\"");
        assert_eq!(
            out,
            r#"<td>a&lt;b</td><span class="msg">&quot;q&quot;</span>"#
        );
    }
}
