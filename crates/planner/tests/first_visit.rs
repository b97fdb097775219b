//! Issue 28's planner items, as a new user meets them: the answer never argues with its own
//! compressed-pointer note (1), EMR plans what dynamic allocation adds when no executor is asked
//! for (2), an EMR driver that cannot start heads the answer (3), each manager opens on a plan
//! that runs (5), Kubernetes' command and manifest are complete (10), the wiki exports carry the
//! share link (11), and EMR's merged executors say what YARN records and what Spark runs (13).

mod common;

use common::{scenario, view_of};
use planner::catalog::ClusterManager;
use planner::plan::Derivation;
use planner::report::{render_view_linked, Format};
use planner::scenario::{plan, Outcome, Scenario};
use planner::view::{self, NothingRuns, View};
use planner::warning::{Code, Severity};

fn codes(v: &View) -> Vec<String> {
    let p = v.selected().expect("a plan");
    p.findings().into_iter().map(|f| f.code).collect()
}

/// Whether the selected plan's findings hold `code`.
fn has(v: &View, code: Code) -> bool {
    codes(v).iter().any(|c| c == code.as_str())
}

/// 10 nodes × 32 cores × 256 GB, Spark-exact's 5 cores: 6 executors a node, 261 120 MiB ÷ 6 =
/// 43 520 MiB each. The largest heap that fits is 38g (38 912 + 3891 = 42 803 → 43 008 MiB); a
/// heap of 32 GiB or more runs without compressed object pointers (HotSpot keeps
/// `UseCompressedOops` only while `MaxHeapSize <= max_heap_for_compressed_oops()`, 32 GiB less
/// the heap base with 8-byte alignment: OpenJDK `arguments.cpp`), so the plan takes 31g
/// (31 744 + 3174 = 34 918 → 35 840 MiB) and says it frees 43 008 − 35 840 = 7168 MiB per
/// executor, 6 × 7168 = 43 008 MiB per node. No finding argues against the headline.
#[test]
fn the_headline_keeps_compressed_pointers_and_says_what_it_frees() {
    let s = scenario("v=1&n=10&c=32&m=256");
    let Outcome::Yarn(c) = plan(&s) else {
        panic!("YARN plans")
    };
    let p = &c.spark_exact;
    assert_eq!((p.instances, p.cores(), p.heap_mib()), (60, 5, 31 * 1024));
    let Derivation::SparkExact(d) = &p.derivation else {
        panic!("Spark-exact")
    };
    let cap = d.compressed_oops_cap.expect("38g lowered to 31g");
    assert_eq!(cap.fitting_heap_mib, 38 * 1024);
    assert_eq!(
        (cap.fitting_request_mib, cap.fitting_granted_mib),
        (42_803, 43_008)
    );
    assert_eq!(p.placement.executor.granted.memory_mib, 35_840);
    assert_eq!(cap.freed_mib(d.granted_mib), 7168);

    let v = view::build(&s, &plan(&s));
    assert_eq!(view::words::title(&v), "YARN: 60 executors × 5 cores × 31g");
    assert!(!has(&v, Code::HeapWithoutCompressedOops), "{:?}", codes(&v));
    let note = v.selected().unwrap().findings();
    let note = note
        .iter()
        .find(|f| f.code == Code::HeapKeptBelowCompressedOopsLimit.as_str())
        .expect("the lowered heap is said");
    let words = note.message.replace('\u{202f}', "");
    assert!(words.contains("not the 38g that would fit"), "{words}");
    assert!(
        words.contains("7168 MiB per executor (43008 MiB per node)"),
        "{words}"
    );
    let step = v
        .selected()
        .unwrap()
        .working
        .iter()
        .any(|s| s.title == "Compressed object pointers");
    assert!(step, "the working says it");
    // The memory the 31g heaps leave is the plan's choice: a note that says how much of the
    // unused memory they free (60 × 7168 MiB = 420 GiB of 448 GiB), not a warning beside the
    // headline.
    let findings = v.selected().unwrap().findings();
    let unused = findings
        .iter()
        .find(|f| f.code == Code::MemoryUnused.as_str())
        .expect("the unused memory is said");
    assert_eq!(unused.severity, planner::Severity::Info, "{unused:?}");
    assert!(
        unused.message.ends_with(
            "Of it, 420 GiB is what the heaps below 32 GiB free (the note on the 31g heap)."
        ),
        "{}",
        unused.message
    );
    assert!(
        findings
            .iter()
            .all(|f| f.severity == planner::Severity::Info),
        "{findings:?}"
    );

    // Turned off, the largest heap stands, and the note against it is back.
    let off = view_of("v=1&n=10&c=32&m=256&oops=0");
    assert_eq!(
        view::words::title(&off),
        "YARN: 60 executors × 5 cores × 38g"
    );
    assert!(has(&off, Code::HeapWithoutCompressedOops));
    // A memory target above 31g is what the user asked for: no cap.
    let asked = view_of("v=1&n=10&c=32&m=256&tgt=36864");
    assert!(!has(&asked, Code::HeapKeptBelowCompressedOopsLimit));
}

/// `?v=1&cm=emr&cnt=0`: EMR turns dynamic allocation on (EMR Release Guide, "Configure Spark"),
/// which starts from max(minExecutors, initialExecutors, spark.executor.instances) = 0 and asks
/// for executors while tasks wait, up to maxExecutors (unbounded: Spark's
/// `ExecutorAllocationManager`, `Utils.getDynamicAllocationInitialExecutors`) — here the 45
/// requests the cluster holds, merged 5 a node into 9 executors. No error; the export keeps 0.
#[test]
fn emr_with_no_executors_asked_plans_what_dynamic_allocation_adds() {
    let v = view_of("v=1&cm=emr&cnt=0");
    let p = v.selected().expect("a plan");
    let runs = p.runs.expect("executors run");
    assert_eq!((runs.executors, runs.cores), (9, 20));
    assert_eq!(p.nothing_runs, None);
    assert!(p.refusal.is_none(), "{:?}", p.refusal);
    assert!(p.findings().iter().all(|f| f.severity != Severity::Error));
    assert!(has(&v, Code::NoExecutorsRequested));
    let e = v.emr.as_ref().expect("EMR");
    assert_eq!((e.requested, e.covered_requests), (45, 45));
    assert!(p
        .exports
        .spark_conf
        .iter()
        .any(|c| c.key == "spark.executor.instances" && c.value == "0"));
    assert!(view::words::title(&v).starts_with("Amazon EMR: 9 executors × 20 cores"));

    // With dynamic allocation off nothing is asked and nothing runs, as before.
    let off = view_of("v=1&cm=emr&cnt=0&dyn=0");
    let p = off.selected().unwrap();
    assert_eq!(p.nothing_runs, Some(NothingRuns::NoneAsked));
}

/// `?v=1&cm=emr&dm=500g`: in client mode (EMR's default for a shell) the driver is a JVM on the
/// m5.xlarge master, which leaves 12 288 MiB to applications; a 512 000 MiB driver does not
/// fit, so nothing starts: that heads the answer, with the largest driver that fits (12g).
#[test]
fn an_emr_driver_that_cannot_start_heads_the_answer() {
    let v = view_of("v=1&cm=emr&dm=500g");
    let p = v.selected().expect("a plan");
    assert_eq!(p.runs, None);
    assert_eq!(p.nothing_runs, Some(NothingRuns::DriverDoesNotFit));
    assert_eq!(p.executors_running, 0);
    let r = p.refusal.as_ref().expect("why");
    assert_eq!(r.severity, Severity::Error);
    assert!(r.message.contains("m5.xlarge"), "{}", r.message);
    assert_eq!(r.nearest[0].setting_mib, Some(12 * 1024));
    assert_eq!(r.nearest[0].field.as_deref(), Some("dm"));
    let title = view::words::title(&v);
    assert_eq!(
        title,
        "Amazon EMR: the driver does not fit, so nothing starts"
    );
    let lead = view::words::lead(&v);
    assert!(lead[0].contains("spark.driver.memory"), "{lead:?}");
    let driver = p
        .findings()
        .into_iter()
        .find(|f| f.code == Code::DriverAboveMaster.as_str())
        .expect("the driver's finding");
    assert_eq!(driver.field.as_deref(), Some("dm"));
    // A driver that fits: the plan runs as before.
    assert!(view_of("v=1&cm=emr&dm=8g")
        .selected()
        .unwrap()
        .runs
        .is_some());
}

/// Each manager opens on a plan that runs as asked with no warning; EMR's seed story (50
/// requests merged into 9 executors, 5 pending) stays a preset.
#[test]
fn each_manager_opens_on_a_plan_that_runs() {
    for m in [
        ClusterManager::Yarn,
        ClusterManager::Kubernetes,
        ClusterManager::Emr,
    ] {
        let s = Scenario::opening_for(m);
        let v = view::build(&s, &plan(&s));
        let p = v.selected().expect("plans");
        assert_eq!(p.executors_running, p.executors, "{m:?}: all asked run");
        assert!(p.refusal.is_none(), "{m:?}: {:?}", p.refusal);
        let serious: Vec<_> = p
            .findings()
            .into_iter()
            .filter(|f| f.severity != Severity::Info)
            .collect();
        assert!(serious.is_empty(), "{m:?} opens with {serious:?}");
    }
    let presets = planner::scenario::presets(ClusterManager::Emr);
    assert_eq!(presets[0].input, Scenario::opening_for(ClusterManager::Emr));
    assert!(presets.iter().any(|p| p.id == "emr-seed003"));
}

/// Spark on Kubernetes refuses to submit without an image (`KubernetesConf`: "Must specify the
/// driver container image"), and the Spark operator's `SparkApplication` (API
/// `sparkoperator.k8s.io/v1beta2`, `SparkApplicationSpec`) needs its type, mode, image, main
/// application file and Spark version: both are complete, with placeholders the user fills in.
#[test]
fn kubernetes_command_and_manifest_are_complete() {
    let v = view_of("v=1&cm=k8s");
    let p = v.selected().unwrap();
    let submit = p.exports.spark_submit_args.join(" ");
    assert!(
        submit.contains("--conf spark.kubernetes.container.image=<spark-image>"),
        "{submit}"
    );
    let yaml = p
        .exports
        .spark_operator_yaml
        .as_deref()
        .expect("a manifest");
    for line in [
        "apiVersion: sparkoperator.k8s.io/v1beta2\n",
        "kind: SparkApplication\n",
        "metadata:\n  name: \"<app-name>\"\n",
        "spec:\n  type: Scala\n  mode: cluster\n  image: \"<spark-image>\"\n",
        "  mainClass: \"<main-class>\"\n",
        "  mainApplicationFile: \"local:///<path-to-app>.jar\"\n",
        "  sparkVersion: \"4.0\"\n",
        "    serviceAccount: \"<service-account>\"\n",
        "  executor:\n    instances: 16\n",
    ] {
        assert!(yaml.contains(line), "missing {line:?} in:\n{yaml}");
    }
    // The image is the spec's, not repeated in sparkConf.
    assert_eq!(yaml.matches("<spark-image>").count(), 1, "{yaml}");
    let python = view_of("v=1&cm=k8s&app=python");
    let yaml = python
        .selected()
        .unwrap()
        .exports
        .spark_operator_yaml
        .clone()
        .unwrap();
    assert!(
        yaml.contains("  type: Python\n") && yaml.contains(".py\"\n"),
        "{yaml}"
    );
    assert!(!yaml.contains("mainClass"), "{yaml}");
}

/// The wiki exports and `spark-defaults.conf` carry the plan's share link when the page's
/// address is given; an address that is not `http(s)` is never written.
#[test]
fn wiki_exports_carry_the_share_link() {
    let link = "https://sizer.example/?v=1&c=32";
    for query in ["v=1&c=32", "v=1&cm=k8s", "v=1&cm=emr"] {
        let v = view_of(query);
        for (format, written) in [
            (
                Format::MarkdownTable,
                format!("[Open this plan in Spark Sizer]({link})"),
            ),
            (
                Format::Confluence,
                format!("[Open this plan in Spark Sizer|{link}]"),
            ),
            (
                Format::Html,
                "<a href=\"https://sizer.example/?v=1&amp;c=32\"".to_string(),
            ),
            (
                Format::Svg,
                "<a href=\"https://sizer.example/?v=1&amp;c=32\">".to_string(),
            ),
            (
                Format::Conf,
                format!("# Open this plan in Spark Sizer: {link}\n"),
            ),
        ] {
            let text = render_view_linked(&v, format, Some(link)).expect("written");
            assert!(text.contains(&written), "{query} {format:?}:\n{text}");
            let bare = render_view_linked(&v, format, Some("javascript:alert(1)")).unwrap();
            assert!(
                !bare.contains("javascript") && !bare.contains("Open this plan"),
                "{bare}"
            );
        }
    }
}

/// Seed 003: requests of 4 cores, granted 22 528 MiB / 1 vcore under EMR's
/// DefaultResourceCalculator (Hadoop's `DefaultResourceCalculator` counts memory only), merged 5
/// a node into 20-core executors: one finding says YARN records 5 vcores for each while Spark
/// runs 20 tasks in it (21 task threads with the AM's on a 16-vCPU node), and the requests' line
/// says 4 cores recorded as 1 vcore, not "1 vcores".
#[test]
fn emr_says_what_yarn_records_and_what_spark_runs() {
    let v = view_of("v=1&cm=emr");
    let e = v.emr.as_ref().expect("EMR");
    assert!(!e.how.contains("1 vcores"), "{}", e.how);
    assert!(
        e.how.contains("4 cores, recorded by YARN as 1 vcore"),
        "{}",
        e.how
    );
    let notes: Vec<_> = v
        .selected()
        .unwrap()
        .findings()
        .into_iter()
        .filter(|f| f.code == Code::VcoresIgnored.as_str())
        .collect();
    assert_eq!(notes.len(), 1, "{notes:?}");
    let words = &notes[0].message;
    assert!(words.contains("records each request as 1 vcore"), "{words}");
    assert!(
        words.contains("each merged executor shows 5 vcores"),
        "{words}"
    );
    assert!(
        words.contains("Spark runs 20 tasks in it at once"),
        "{words}"
    );
    assert!(words.contains("21 task threads on its 16 vCPUs"), "{words}");
}
