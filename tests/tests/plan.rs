//! End-to-end tests of the plan the page shows: the documented presets with both methods, the
//! per-node layout SVG, and recomputation as fields are typed and switched. Every number is
//! also computed with the planner core (the page's own engine) and compared.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::app::{comparison, expected_layout, input_of, plan_of, with, Group, Headline};
use common::Browser;
use planner::presets::preset;
use planner::{Method, PlanInput};

/// The input of a preset, with the headline's method chosen.
fn preset_input(id: &str, method: Method) -> PlanInput {
    let mut input = preset(id).unwrap_or_else(|| panic!("no preset {id}")).input;
    input.policy.method = method;
    input
}

/// Chooses preset `id`, checks it is the one pressed and shows `exact`, then both methods.
async fn check_preset_with_both_methods(b: &Browser, id: &str, exact: &Headline, rule: &Headline) {
    b.click(&format!("#preset-{id}")).await;
    b.wait_for_attr(&format!("#preset-{id}"), "aria-pressed", "true")
        .await;
    b.wait_for_headline(exact).await;
    b.assert_edited_plan(&preset_input(id, Method::SparkExact))
        .await;
    for other in ["case1", "case2", "case3"] {
        let same = other == id;
        assert_eq!(
            b.attr(&format!("#preset-{other}"), "aria-pressed")
                .await
                .as_deref(),
            Some(if same { "true" } else { "false" }),
            "#preset-{other} after choosing {id}"
        );
    }

    b.click("#method-rule").await;
    b.wait_for_headline(rule).await;
    b.assert_edited_plan(&preset_input(id, Method::RuleOfThumb))
        .await;
    b.wait_for_text("#layout-section h2", "Per-node layout (Rule of thumb)")
        .await;

    b.click("#method-exact").await;
    b.wait_for_headline(exact).await;
    b.assert_edited_plan(&preset_input(id, Method::SparkExact))
        .await;
    b.wait_for_text("#layout-section h2", "Per-node layout (Spark-exact)")
        .await;
}

#[tokio::test]
async fn presets_show_their_documented_numbers_with_both_methods() {
    let b = Browser::open("presets").await;
    b.open_plan("").await;

    // (preset, Spark-exact headline, rule-of-thumb headline), from the sizing model's cases.
    let cases = [
        (
            "case2",
            Headline::new(36, 5, "9 GiB"),
            Headline::new(35, 5, "9 GiB"),
        ),
        (
            "case3",
            Headline::new(29, 3, "10 GiB"),
            Headline::new(29, 3, "11 GiB"),
        ),
        (
            "case1",
            Headline::new(17, 5, "19 GiB"),
            Headline::new(17, 5, "19 GiB"),
        ),
    ];
    // The planner's "defaults" preset is case 1: the page shows one button for both.
    assert!(b.exists("#preset-case1").await);
    assert!(!b.exists("#preset-defaults").await);
    for (id, exact, rule) in &cases {
        check_preset_with_both_methods(&b, id, exact, rule).await;
    }

    // case 2: YARN has room for a 36th executor beside the AM; the rule gives it up.
    b.click("#preset-case2").await;
    b.wait_for_headline(&cases[0].1).await;
    assert_eq!(
        b.text("#compare tbody tr:nth-child(7) td:nth-child(2)")
            .await,
        "35 (✓ all fit)"
    );

    // case 3: the rule's 11g executors do not fit 5 per node: only 24 run.
    b.click("#preset-case3").await;
    b.wait_for_headline(&cases[1].1).await;
    let row = b.text("#compare tbody tr:nth-child(7)").await;
    assert!(row.contains("24 (✗ only 24 of 29 fit)"), "{row}");
    assert!(row.contains("29 (✓ all fit)"), "{row}");
    assert!(
        b.exists("#differences li[data-code='fewer-executors-fit']")
            .await
    );
    assert!(b.exists("#compare tr.differs").await);

    // case 3 with MiB granularity: the heap is no longer a whole GiB.
    b.select("#f-gran", "mib").await;
    let mib = with(&preset_input("case3", Method::SparkExact), "gran", "mib");
    b.assert_edited_plan(&mib).await;
    let shown = b.text("#hl-memory").await;
    assert_eq!(shown.replace('\u{202f}', ""), "11171 MiB", "{shown:?}");
    let submit = b.submit_words().await;
    assert!(
        submit
            .windows(2)
            .any(|w| w == ["--executor-memory", "11171m"]),
        "{submit:?}"
    );
    // Not one of the presets any more.
    b.wait_for_attr("#preset-case3", "aria-pressed", "false")
        .await;

    b.assert_clean_console();
    b.assert_all_requests_local().await;
    b.close().await;
}

/// A node group's first and last node, executors per node, and whether it holds the AM.
type GroupShape = (u32, u32, u32, bool);

/// Opens `query` and checks the drawn layout against the plan and its `documented` groups.
async fn check_layout_case(b: &Browser, query: &str, method: Method, documented: &[GroupShape]) {
    b.open_plan(query).await;
    let plan = plan_of(&input_of(query), method);
    b.wait_for_headline(&Headline::of(&plan)).await;

    let drawn = b.layout().await;
    assert_eq!(drawn, expected_layout(&plan.placement), "?{query}");
    let shape: Vec<GroupShape> = drawn
        .iter()
        .map(|g| (g.first, g.last, g.executors, g.has("am")))
        .collect();
    assert_eq!(shape, documented, "?{query}: node groups");
    for g in &drawn {
        let Group {
            first, executors, ..
        } = g;
        let n = *executors as usize;
        assert_eq!(g.memory_executors(), n, "?{query}: node {first} memory bar");
        assert_eq!(g.core_executors(), n, "?{query}: node {first} cores bar");
        assert_eq!(
            g.memory.iter().filter(|(k, _)| k == "os").count(),
            1,
            "?{query}: node {first} has one OS reservation"
        );
    }
    let placed: u32 = drawn
        .iter()
        .map(|g| g.executors * (g.last - g.first + 1))
        .sum();
    assert_eq!(placed, plan.placement.totals.executors, "?{query}");
    let problems = b.layout_geometry_problems().await;
    assert!(problems.is_empty(), "?{query}: {problems:#?}");
}

#[tokio::test]
async fn layout_svg_shows_each_node_group() {
    let b = Browser::open("layout").await;

    // (query, method, documented groups: (first, last, executors per node, AM on it))
    let cases: [(&str, Method, &[GroupShape]); 4] = [
        (
            "v=1",
            Method::SparkExact,
            &[(1, 1, 2, true), (2, 6, 3, false)],
        ),
        (
            "v=1&c=32",
            Method::SparkExact,
            &[(1, 1, 6, true), (2, 6, 6, false)],
        ),
        (
            "v=1&tgt=10240",
            Method::SparkExact,
            &[(1, 1, 4, true), (2, 6, 5, false)],
        ),
        (
            "v=1&meth=rule&tgt=10240",
            Method::RuleOfThumb,
            &[(1, 1, 4, true), (2, 6, 4, false)],
        ),
    ];
    for (query, method, documented) in cases {
        check_layout_case(&b, query, method, documented).await;
    }
    // The rule's case 3 runs only 24 of its 29 executors.
    let placed: u32 = b
        .layout()
        .await
        .iter()
        .map(|g| g.executors * (g.last - g.first + 1))
        .sum();
    assert_eq!(placed, 24);

    // The executor-memory section and the working belong to the selected plan.
    let rule_comparison = comparison(&input_of("v=1&meth=rule&tgt=10240"));
    let rule = &rule_comparison.rule_of_thumb;
    let container = b.text("#memory-container").await;
    assert!(
        container.contains(&format!(
            "{} MiB",
            common::app::group(rule.placement.executor.memory.heap_mib)
        )),
        "{container}"
    );
    assert_eq!(b.count("#memory-pools tbody tr").await, 5);
    assert_eq!(
        b.count("#working > ol.working > li").await,
        planner::plan::working_steps(&rule_comparison, Method::RuleOfThumb).len(),
        "working steps"
    );
    let codes = b
        .js("return [...document.querySelectorAll('#warnings li[data-code]')].map(l => l.dataset.code);")
        .await;
    let rule_warnings = planner::plan::warnings(&rule_comparison, Method::RuleOfThumb);
    let want: Vec<&str> = rule_warnings.iter().map(|w| w.code.as_str()).collect();
    assert_eq!(codes, serde_json::json!(want), "#warnings");
    // The codes are for tests and links between notes, not for people: none is printed.
    let shown = b.text("#warnings").await;
    for code in &want {
        assert!(
            !shown.contains(code),
            "#warnings prints the code {code}: {shown}"
        );
    }

    b.assert_clean_console();
    b.assert_all_requests_local().await;
    b.close().await;
}

/// Each select shows the fields it brings and recomputes: client mode, Python, off-heap.
async fn selects_show_their_fields(b: &Browser, mut input: PlanInput) -> PlanInput {
    // Selects: each shows the fields it brings and recomputes.
    assert!(!b.field_shown("amm").await && !b.field_shown("amc").await);
    b.select("#f-mode", "client").await;
    input = with(&input, "mode", "client");
    b.assert_edited_plan(&input).await;
    assert!(b.field_shown("amm").await && b.field_shown("amc").await);
    b.type_field("amm", "2g").await;
    input = with(&input, "amm", "2048");
    b.assert_edited_plan(&input).await;

    assert!(!b.field_shown("py").await);
    b.select("#f-app", "python").await;
    input = with(&input, "app", "python");
    b.assert_edited_plan(&input).await;
    assert!(b.field_shown("py").await);
    b.type_field("py", "1g").await;
    input = with(&input, "py", "1024");
    b.assert_edited_plan(&input).await;
    let submit = b.submit_words().await;
    assert!(
        submit.contains(&"spark.executor.pyspark.memory=1g".to_owned()),
        "{submit:?}"
    );

    assert!(!b.field_shown("offs").await);
    b.select("#f-off", "1").await;
    assert!(b.field_shown("offs").await);
    b.type_field("offs", "2g").await;
    input = with(&with(&input, "off", "1"), "offs", "2048");
    b.assert_edited_plan(&input).await;
    // The layout gets the extra memory parts: heap, overhead, off-heap, PySpark (+ rounding).
    let drawn = b.layout().await;
    let plan = plan_of(&input, Method::SparkExact);
    assert_eq!(drawn, expected_layout(&plan.placement));
    assert!(
        plan.placement.executor.memory.offheap_mib == 2048
            && plan.placement.executor.memory.pyspark_mib == 1024
    );

    input
}

#[tokio::test]
async fn typing_and_switching_recompute_the_plan() {
    let b = Browser::open("typing").await;
    b.open_plan("").await;
    let mut input = PlanInput::default();
    b.assert_plan(&input).await;
    let entries = b.history_length().await;

    // 3 cores per executor on case 1: 15 vcores ÷ 3 = 5 per node, 64512 MiB ÷ 5 = 12902 MiB
    // per container: 10g (10240 + 1024 overhead = 11264, already a multiple of 1024) fits,
    // 11g (12390 → 13312 granted) does not. Node 1 keeps 2048 MiB and a vcore for the AM:
    // 4 executors there, 5 on each of the other five = 29.
    b.type_field("cpe", "3").await;
    input = with(&input, "cpe", "3");
    b.wait_for_headline(&Headline::new(29, 3, "10 GiB")).await;
    b.assert_edited_plan(&input).await;

    // 12 nodes: 4 + 11 × 5 = 59.
    b.type_field("n", "12").await;
    input = with(&input, "n", "12");
    b.wait_for_headline(&Headline::new(59, 3, "10 GiB")).await;
    b.assert_edited_plan(&input).await;
    assert_eq!(b.query().await, "v=1&n=12&cpe=3");

    // Lenient text: "128 GB" is read as 128 GiB.
    b.type_field("m", "128 GB").await;
    input = with(&input, "m", "128");
    b.assert_edited_plan(&input).await;
    assert_eq!(
        b.value("#f-m").await,
        "128 GB",
        "the field keeps what was typed"
    );

    // Typing replaces the history entry: Back would not step through keystrokes.
    assert_eq!(b.history_length().await, entries);

    input = selects_show_their_fields(&b, input).await;

    // NodeManager resources given explicitly: the reservation fields give way to them.
    assert!(b.field_shown("rc").await && b.field_shown("rm").await);
    assert!(!b.field_shown("nmm").await && !b.field_shown("nmv").await);
    b.click("#nm-explicit").await;
    b.wait_for_js(
        "the NodeManager fields",
        "!document.getElementById('f-nmm').closest('.field').classList.contains('hidden')",
    )
    .await;
    assert!(!b.field_shown("rc").await && !b.field_shown("rm").await);
    assert!(b.field_shown("nmv").await);
    b.type_field("nmm", "120000").await;
    b.type_field("nmv", "30").await;
    input = with(&with(&input, "nmm", "120000"), "nmv", "30");
    b.assert_edited_plan(&input).await;
    b.click("#nm-reserve").await;
    input = with(&with(&input, "rc", "1"), "rm", "1");
    b.assert_edited_plan(&input).await;
    assert!(b.field_shown("rc").await && !b.field_shown("nmm").await);

    // An explicit maximum allocation (inside the collapsed scheduler section).
    b.click("details.scheduler > summary").await;
    assert!(!b.field_shown("amax").await);
    b.click("#max-explicit").await;
    b.wait_for_js(
        "the maximum-allocation fields",
        "!document.getElementById('f-amax').closest('.field').classList.contains('hidden')",
    )
    .await;
    let amax = b.value("#f-amax").await;
    let vmax = b.value("#f-vmax").await;
    input = with(&with(&input, "amax", &amax), "vmax", &vmax);
    b.assert_edited_plan(&input).await;
    b.type_field("amin", "512").await;
    input = with(&input, "amin", "512");
    b.assert_edited_plan(&input).await;
    assert_eq!(b.history_length().await, entries);

    b.assert_clean_console();
    b.assert_all_requests_local().await;
    b.close().await;
}

/// Issue 13: a plan under which nothing runs has no confident headline and no command to copy;
/// it says why, by how much, and the nearest plan that runs (the planner's numbers, also
/// worked by hand in `crates/planner/tests/impossible_plans.rs`). On Kubernetes the exports
/// keep the 16 executors asked for. A heap under Spark's 450 MiB floor is a field error.
#[tokio::test]
async fn an_impossible_plan_says_so_and_suggests_the_nearest_that_runs() {
    let b = Browser::open("impossible").await;
    b.open_page("/?v=1&dm=200g", "#hl-none").await;
    assert_eq!(b.text("#headline").await, "No executor runs");
    assert!(!b.exists("#submit").await && !b.exists("#copy-flags").await);
    assert!(!b.exists("#hl-executors").await);
    let c = comparison(&input_of("v=1&dm=200g"));
    let s = planner::plan::shortfall(&c, Method::SparkExact).expect("nothing runs");
    assert_eq!(
        b.text("#refusal").await,
        planner::plan::shortfall_words(&c, &s)
    );
    let nearest = b.text("#nearest").await;
    assert_eq!(
        nearest,
        "Nearest plan that runs: spark.driver.memory=57g gives 15 executors × 5 cores × 19g."
    );
    assert!(b.exists("#copy-link").await);

    b.open_page("/?v=1&cm=k8s&em=100g", "#hl-none").await;
    assert_eq!(b.text("#headline").await, "No executor pod fits");
    let refusal = b.text("#refusal").await;
    // Prose: numbers of 10 000 and above in thin-space groups.
    assert!(
        refusal.contains("50\u{202f}278 MiB too much memory"),
        "{refusal}"
    );
    assert_eq!(
        b.text("#nearest").await,
        "Nearest that runs: spark.executor.memory=27g runs all 16 executor pods."
    );
    let submit = b.text("#submit").await;
    assert!(submit.contains("spark.executor.instances=16"), "{submit}");
    assert!(b.text("#k8s-yaml").await.contains("instances: 16"));

    b.open_page("/?v=1&cm=k8s&em=400m", "#invalid").await;
    let invalid = b.text("#invalid").await;
    assert!(
        invalid.contains("spark.executor.memory is 400 MiB; allowed: at least 450 MiB"),
        "{invalid}"
    );
    assert!(!b.exists("#headline").await);

    b.assert_clean_console();
    b.assert_all_requests_local().await;
    b.close().await;
}
