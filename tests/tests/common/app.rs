//! What Spark Sizer's page should show, computed with the planner core, and readers for what
//! it does show: the headline, the `spark-submit` text, the per-node layout.
//!
//! Expectations come from `planner` (the same crate the page runs as wasm), so these tests
//! check the page's wiring (form → URL → plan → views) rather than copies of its numbers; the
//! documented cases are also pinned as literals in the tests themselves.

use planner::layout::BlockKind;
use planner::place::Placement;
use planner::{url, Comparison, Method, Plan, PlanInput};
use serde_json::Value;

use super::Browser;

/// The selector that shows the app has rendered a plan.
pub const READY: &str = "#hl-executors";

/// A number as the page prints it: the planner's one digit-grouping rule
/// (`planner::format::group`: groups of three from five digits on, by U+202F).
pub fn group(n: u64) -> String {
    planner::format::group(n)
}

/// The headline's heap: `19 GiB` when whole GiB, else MiB (`11 171 MiB`, grouped).
pub fn heap_words(mib: u64) -> String {
    planner::format::heap(mib)
}

/// The three numbers of the headline, as the page prints them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Headline {
    /// `#hl-executors`.
    pub executors: String,
    /// `#hl-cores`.
    pub cores: String,
    /// `#hl-memory`.
    pub memory: String,
}

impl Headline {
    /// A literal headline: `Headline::new(17, 5, "19 GiB")`.
    pub fn new(executors: u32, cores: u32, memory: &str) -> Headline {
        Headline {
            executors: executors.to_string(),
            cores: cores.to_string(),
            memory: memory.to_owned(),
        }
    }

    /// What the page should show for `plan`.
    pub fn of(plan: &Plan) -> Headline {
        Headline::new(plan.instances, plan.cores(), &heap_words(plan.heap_mib()))
    }
}

/// The input a link's query string opens (panics if the link has bad or unknown values).
pub fn input_of(query: &str) -> PlanInput {
    let decoded = url::from_query(query);
    assert!(
        decoded.bad.is_empty() && decoded.unknown.is_empty(),
        "?{query}: bad {:?}, unknown {:?}",
        decoded.bad,
        decoded.unknown
    );
    decoded.input
}

/// Both plans for `input` (panics if the planner rejects it).
pub fn comparison(input: &PlanInput) -> Comparison {
    planner::plan(input).unwrap_or_else(|e| panic!("the planner rejects {input:?}: {e:?}"))
}

/// One method's plan for `input`.
pub fn plan_of(input: &PlanInput, method: Method) -> Plan {
    let c = comparison(input);
    match method {
        Method::SparkExact => c.spark_exact,
        Method::RuleOfThumb => c.rule_of_thumb,
    }
}

/// `input` with one field set from typed text, exactly as the page (and a link) reads it.
pub fn with(input: &PlanInput, key: &str, text: &str) -> PlanInput {
    let mut out = input.clone();
    url::apply(key, &mut out, text).unwrap_or_else(|e| panic!("{key}={text:?}: {e}"));
    out
}

/// The words a shell makes of the page's `spark-submit` text should be the plan's flags
/// (then the app placeholder); `spark-submit` itself is dropped by the splitter.
pub fn submit_words(c: &Comparison, method: Method) -> Vec<String> {
    let conf = planner::exports::yarn_spark_conf(c, method);
    let mut words = planner::exports::submit_flags(&conf);
    words.push("<your-app>".to_owned());
    words
}

/// One `.node` group of the layout as the page draws it, or as the placement says it should be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// `data-first`.
    pub first: u32,
    /// `data-last`.
    pub last: u32,
    /// `data-executors`.
    pub executors: u32,
    /// The memory bar's segments in order: `data-kind` and `data-executor`.
    pub memory: Vec<(String, Option<u32>)>,
    /// The cores bar's segments in order.
    pub cores: Vec<(String, Option<u32>)>,
}

impl Group {
    /// How many distinct executors the memory bar shows.
    pub fn memory_executors(&self) -> usize {
        let mut ids: Vec<u32> = self.memory.iter().filter_map(|(_, e)| *e).collect();
        ids.sort_unstable();
        ids.dedup();
        ids.len()
    }

    /// How many executor segments the cores bar shows.
    pub fn core_executors(&self) -> usize {
        self.cores.iter().filter(|(k, _)| k == "executor").count()
    }

    /// Whether the memory bar has a segment of `kind`.
    pub fn has(&self, kind: &str) -> bool {
        self.memory.iter().any(|(k, _)| k == kind)
    }
}

/// The layout the page should draw for `placement`: one group per node group; in the memory
/// bar one segment per OS, AM and unused block and one per part of each executor's memory
/// (numbered per node); in the cores bar one segment per block holding vcores.
pub fn expected_layout(placement: &Placement) -> Vec<Group> {
    placement
        .layout
        .iter()
        .map(|g| {
            let mut memory = Vec::new();
            let mut cores = Vec::new();
            let mut executor = 0;
            for b in &g.blocks {
                let kind = match b.kind {
                    BlockKind::Reserved => "os",
                    BlockKind::DaemonSets => "ds",
                    BlockKind::ApplicationMaster | BlockKind::DriverPod => "am",
                    BlockKind::Executor => "executor",
                    BlockKind::Unused => "free",
                };
                if b.kind == BlockKind::Executor {
                    executor += 1;
                    for _ in &b.parts {
                        memory.push((kind.to_owned(), Some(executor)));
                    }
                } else {
                    memory.push((kind.to_owned(), None));
                }
                if b.cpu_millis > 0 {
                    let id = (b.kind == BlockKind::Executor).then_some(executor);
                    cores.push((kind.to_owned(), id));
                }
            }
            Group {
                first: g.first_node,
                last: g.last_node,
                executors: g.executors_per_node(),
                memory,
                cores,
            }
        })
        .collect()
}

impl Browser {
    /// Opens `/?{query}` (or `/` for an empty query) and waits for the headline.
    pub async fn open_plan(&self, query: &str) {
        let path = if query.is_empty() {
            "/".to_owned()
        } else {
            format!("/?{query}")
        };
        self.open_page(&path, READY).await;
    }

    /// The headline as shown, or `None` when there is none (invalid input).
    pub async fn headline(&self) -> Option<Headline> {
        Some(Headline {
            executors: self.text_opt("#hl-executors").await?,
            cores: self.text_opt("#hl-cores").await?,
            memory: self.text_opt("#hl-memory").await?,
        })
    }

    /// Waits until the headline shows `expected`.
    pub async fn wait_for_headline(&self, expected: &Headline) {
        super::poll_until(
            || self.headline(),
            |shown| shown.as_ref() == Some(expected),
            |shown| format!("the headline shows {shown:?}, expected {expected:?}"),
        )
        .await;
    }

    /// The `spark-submit` text split into words as a POSIX shell would (line continuations
    /// joined, the leading `spark-submit` dropped).
    pub async fn submit_words(&self) -> Vec<String> {
        let text = self.text("#submit").await;
        assert!(
            text.starts_with("spark-submit"),
            "#submit does not start with spark-submit: {text:?}"
        );
        planner::submit::split_command_line(&text)
            .unwrap_or_else(|e| panic!("a shell cannot split #submit ({e:?}): {text:?}"))
    }

    /// Checks the headline, the `spark-submit` text, the method switch, the address (it must
    /// read as `input`) and the comparison table against the planner's answer for `input`.
    pub async fn assert_plan(&self, input: &PlanInput) {
        let c = comparison(input);
        let selected = c.selected_plan();
        self.wait_for_headline(&Headline::of(selected)).await;
        assert_eq!(
            self.submit_words().await,
            submit_words(&c, c.selected),
            "#submit"
        );
        let (pressed, other) = match c.selected {
            Method::SparkExact => ("#method-exact", "#method-rule"),
            Method::RuleOfThumb => ("#method-rule", "#method-exact"),
        };
        assert_eq!(
            self.attr(pressed, "aria-pressed").await.as_deref(),
            Some("true")
        );
        assert_eq!(
            self.attr(other, "aria-pressed").await.as_deref(),
            Some("false")
        );
        let query = self.query().await;
        let decoded = url::from_query(&query);
        assert!(
            decoded.bad.is_empty() && decoded.unknown.is_empty(),
            "the address ?{query} has bad {:?} or unknown {:?} values",
            decoded.bad,
            decoded.unknown
        );
        assert_eq!(
            &decoded.input, input,
            "the address ?{query} is another plan"
        );
        // The comparison's first three rows: executors, cores, heap of each method.
        let cells = self
            .js(
                "return [...document.querySelectorAll('#compare tbody tr')].slice(0, 3)\
                 .map(tr => [...tr.querySelectorAll('td')].map(td => td.textContent));",
            )
            .await;
        let want = serde_json::json!([
            [
                c.rule_of_thumb.instances.to_string(),
                c.spark_exact.instances.to_string()
            ],
            [
                c.rule_of_thumb.cores().to_string(),
                c.spark_exact.cores().to_string()
            ],
            [c.rule_of_thumb.heap_setting(), c.spark_exact.heap_setting()],
        ]);
        assert_eq!(cells, want, "#compare's first rows");
    }

    /// [`Browser::assert_plan`], and the address must be `input`'s canonical link (as the page
    /// writes it after an edit).
    pub async fn assert_edited_plan(&self, input: &PlanInput) {
        self.assert_plan(input).await;
        assert_eq!(self.query().await, url::to_query(input), "the address");
    }

    /// The layout as drawn: every `.node` group with its bars' segments.
    pub async fn layout(&self) -> Vec<Group> {
        let raw = self
            .js("const segs = bar => [...bar.querySelectorAll('svg.seg')].map(s =>\
                   [s.dataset.kind, s.dataset.executor === undefined ? null : Number(s.dataset.executor)]);\
                 return [...document.querySelectorAll('#layout .node')].map(n => ({\
                   first: Number(n.dataset.first), last: Number(n.dataset.last),\
                   executors: Number(n.dataset.executors),\
                   memory: segs(n.querySelector('svg.membar')),\
                   cores: segs(n.querySelector('svg.corebar')) }));")
            .await;
        let segments = |v: &Value| -> Vec<(String, Option<u32>)> {
            v.as_array()
                .expect("segments")
                .iter()
                .map(|s| {
                    (
                        s[0].as_str().unwrap_or("?").to_owned(),
                        s[1].as_u64()
                            .map(|e| u32::try_from(e).expect("a small number")),
                    )
                })
                .collect()
        };
        let number = |v: &Value| u32::try_from(v.as_u64().expect("a number")).expect("small");
        raw.as_array()
            .expect("a list of node groups")
            .iter()
            .map(|g| Group {
                first: number(&g["first"]),
                last: number(&g["last"]),
                executors: number(&g["executors"]),
                memory: segments(&g["memory"]),
                cores: segments(&g["cores"]),
            })
            .collect()
    }

    /// Geometry problems of the layout's bars: segments that do not tile their bar from the
    /// left without gaps or overlaps (in the `x`/`width` percentages), that stick out of it or
    /// have no width on screen, or that lack a `<title>` with their size.
    pub async fn layout_geometry_problems(&self) -> Vec<String> {
        let found = self
            .js("const out = [];\
                 document.querySelectorAll('#layout svg.bar').forEach((bar, b) => {\
                   const br = bar.getBoundingClientRect();\
                   let end = 0;\
                   bar.querySelectorAll('svg.seg').forEach((s, i) => {\
                     const where = 'bar ' + b + ' (' + bar.getAttribute('aria-label') + ') seg ' + i;\
                     const x = parseFloat(s.getAttribute('x')), w = parseFloat(s.getAttribute('width'));\
                     if (Math.abs(x - end) > 0.01) out.push(where + ': starts at ' + x + '%, previous ended at ' + end + '%');\
                     end = x + w;\
                     const r = s.getBoundingClientRect();\
                     if (w > 0 && r.width <= 0) out.push(where + ': no width on screen');\
                     if (r.left < br.left - 1 || r.right > br.right + 1) out.push(where + ': outside its bar');\
                     const t = s.querySelector('title');\
                     if (!t || !/\\d/.test(t.textContent)) out.push(where + ': no title with a size');\
                   });\
                   if (end > 100.01) out.push('bar ' + b + ' ends at ' + end + '%');\
                 });\
                 return out;")
            .await;
        found
            .as_array()
            .expect("a list")
            .iter()
            .map(|v| v.as_str().unwrap_or_default().to_owned())
            .collect()
    }

    /// Types `text` into the field with URL key `key` (`#f-{key}`).
    pub async fn type_field(&self, key: &str, text: &str) {
        self.type_into(&format!("#f-{key}"), text).await;
    }

    /// The message shown for the field `key` (empty when it is valid).
    pub async fn field_error(&self, key: &str) -> String {
        self.text(&format!("#err-{key}")).await
    }

    /// Whether the field `key` is shown (its `.field` wrapper is not `hidden`).
    pub async fn field_shown(&self, key: &str) -> bool {
        self.js(&format!(
            "const f = document.getElementById('f-{key}').closest('.field');\
             return !f.classList.contains('hidden') && f.getClientRects().length > 0;"
        ))
        .await
        .as_bool()
        .expect("a boolean")
    }

    /// The value of every form control shown (`#f-*` inputs and selects whose `.field` is
    /// not hidden) by URL key.
    pub async fn field_values(&self) -> Vec<(String, String)> {
        let raw = self
            .js("return [...document.querySelectorAll('[id^=\"f-\"]')]\
                 .filter(e => !e.closest('.field').classList.contains('hidden'))\
                 .map(e => [e.id.slice(2), e.value]);")
            .await;
        raw.as_array()
            .expect("a list")
            .iter()
            .map(|p| {
                (
                    p[0].as_str().unwrap_or_default().to_owned(),
                    p[1].as_str().unwrap_or_default().to_owned(),
                )
            })
            .collect()
    }
}
