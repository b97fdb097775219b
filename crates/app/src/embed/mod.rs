//! The embed card (`embed/` beside the page, and old links with `embed=1`, which the page sends
//! there): the plan as a compact card for an iframe in a wiki page — the headline, why it does
//! not run in full, the per-node layout, the key settings and a link to the full page with the
//! same plan; no form. The card is its own module ([`card`], built into crates/app-embed), so
//! that neither the page's first load carries it nor an embed reader fetches the page. The card tells its parent its height, so the
//! host page can size the frame:
//!
//! ```text
//! { type: "spark-sizer:height", height: <CSS pixels, a whole number> }
//! ```
//!
//! posted to `window.parent` (target origin `*`: a height is no secret) once rendered and after
//! each resize of the frame (which a new width, or the host's new height, is). [`embed_code`] is
//! the snippet "Copy embed code" gives: the iframe and a one-line listener that sets the frame's
//! height from that message, accepting it only from the Spark Sizer origin the snippet came
//! from.

#[cfg(feature = "embed")]
pub mod card;

/// The `type` of the height message.
pub const HEIGHT_MESSAGE: &str = "spark-sizer:height";

/// Whether the link asks for the embed card (`embed=1`).
pub fn requested(query: &str) -> bool {
    query.split('&').any(|pair| pair == "embed=1")
}

/// The card's folder, beside the page.
pub const EMBED_FOLDER: &str = "embed/";

/// The embed card's address for the plan at `href` (this page's address): the card's folder
/// beside the page, with the plan's query.
pub fn card_address(href: &str) -> String {
    let page = crate::state::address::page_of(href);
    let folder = page.rsplit_once('/').map_or(page, |(folder, _)| folder);
    let query = href
        .split('#')
        .next()
        .and_then(|h| h.split_once('?'))
        .map_or("", |(_, q)| q);
    if query.is_empty() {
        format!("{folder}/{EMBED_FOLDER}")
    } else {
        format!("{folder}/{EMBED_FOLDER}?{query}")
    }
}

/// The snippet to paste into a host page for the plan at `href` (this page's address): an
/// iframe of the embed card and the listener that sizes it from [`HEIGHT_MESSAGE`]s sent from
/// this page's origin.
pub fn embed_code(href: &str) -> String {
    let src = card_address(href);
    let page = crate::state::address::page_of(href);
    let origin = match page.split_once("://") {
        Some((scheme, rest)) => {
            format!("{scheme}://{}", rest.split('/').next().unwrap_or_default())
        }
        None => String::new(),
    };
    format!(
        "<iframe src=\"{}\" title=\"Spark Sizer plan\" loading=\"lazy\" \
         style=\"width:100%;max-width:800px;height:480px;border:0\"></iframe>\n\
         <script>addEventListener(\"message\",function(e){{if(e.origin!==\"{}\"||!e.data||e.data.type!==\"{HEIGHT_MESSAGE}\")return;\
         document.querySelectorAll(\"iframe\").forEach(function(f){{if(f.contentWindow===e.source)f.style.height=e.data.height+\"px\"}})}})</script>",
        planner::report::wiki::escape_html(&src),
        planner::report::wiki::escape_html(&origin),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embed_is_asked_for_by_its_own_key() {
        assert!(requested("v=1&c=32&embed=1"));
        assert!(requested("embed=1"));
        assert!(!requested("v=1&embed=0"));
        assert!(!requested("v=1&xembed=1"));
    }

    #[test]
    fn the_snippet_frames_this_plan_and_trusts_only_this_origin() {
        let code = embed_code("https://wiki.example:8443/tools/sizer/?v=1&c=32#plan");
        assert!(code.starts_with(
            "<iframe src=\"https://wiki.example:8443/tools/sizer/embed/?v=1&amp;c=32\""
        ));
        assert!(code.contains("e.origin!==\"https://wiki.example:8443\""));
        assert!(code.contains("e.data.type!==\"spark-sizer:height\""));
        let bare = embed_code("http://127.0.0.1:8080/");
        assert!(bare.starts_with("<iframe src=\"http://127.0.0.1:8080/embed/\""));
    }

    /// The card's folder is beside the page, whatever the page's file is called.
    #[test]
    fn the_card_is_in_the_folder_beside_the_page() {
        assert_eq!(
            card_address("https://h/tools/sizer/index.html?v=1&cm=k8s"),
            "https://h/tools/sizer/embed/?v=1&cm=k8s"
        );
        assert_eq!(card_address("https://h/?v=1#x"), "https://h/embed/?v=1");
    }
}
