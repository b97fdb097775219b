//! Issue 13: no wrong answer looks right. An impossible plan says so, by how much, and what the
//! nearest plan that runs is; Spark's own 450 MiB heap floor is one check on all three cluster
//! managers; likely mistakes Spark accepts get a warning. Each example is read from a link, as
//! the page reads it.

use planner::catalog::FieldId;
use planner::exports::k8s::{spark_conf, spark_operator_yaml};
use planner::k8s::{k8s_nearest_words, k8s_shortfall, k8s_shortfall_words, k8s_warnings};
use planner::plan::{nearest_words, shortfall, shortfall_words};
use planner::scenario::{plan, Outcome, Scenario};
use planner::shortfall::{Blocker, Limit, Nearest, Process, Shape};
use planner::url::scenario_from_query;
use planner::{Code, Method, Severity};

fn scenario(query: &str) -> Scenario {
    let d = scenario_from_query(query);
    assert!(
        d.bad.is_empty() && d.unknown.is_empty(),
        "{query}: {:?}",
        d.bad
    );
    d.scenario
}

/// The diagnostics of an invalid link (panics when it plans).
fn invalid(query: &str) -> Vec<planner::Diagnostic> {
    match plan(&scenario(query)) {
        Outcome::Invalid(d) => d,
        other => panic!("{query} should not plan: {other:?}"),
    }
}

/// A 200 GiB driver: in cluster mode the ApplicationMaster hosts it, and its container
/// (200 GiB + 10 % overhead = 225 280 MiB) is above the maximum allocation, which defaults to
/// the NodeManager's memory (64 GiB − 1 GiB reserved = 64 512 MiB). Spark refuses the
/// application, so no executor runs.
#[test]
fn a_driver_too_large_for_yarn_is_no_plan() {
    let Outcome::Yarn(c) = plan(&scenario("v=1&dm=200g")) else {
        panic!("plans")
    };
    let s = shortfall(&c, Method::SparkExact).expect("nothing runs");
    assert_eq!(s.runs, 0);
    let Blocker::TooLarge {
        what: Process::ApplicationMaster,
        request,
        limit: Limit::MaximumAllocation(limit),
    } = s.blocker
    else {
        panic!("{:?}", s.blocker)
    };
    assert_eq!((request.memory_mib, limit.memory_mib), (225_280, 64_512));
    let words = shortfall_words(&c, &s);
    assert_eq!(
        words,
        "The ApplicationMaster, which hosts the driver, asks for 225\u{202f}280 MiB, \
         160\u{202f}768 MiB more than yarn.scheduler.maximum-allocation-mb (64\u{202f}512 MiB): \
         spark-submit refuses the application."
    );

    // The largest driver whose AM fits: h + max(384, ⌊0.1 h⌋) rounded up to 1 GiB ≤ 64 512 MiB.
    // 57 GiB: 58 368 + 5 836 = 64 204 → 64 512 fits; 58 GiB: 59 392 + 5 939 = 65 331 does not.
    // The AM then fills node 1, and the 5 other nodes hold 3 executors each.
    let nearest = Nearest::Heap {
        field: FieldId::DriverMemory,
        heap_mib: 57 * 1024,
        shape: Shape {
            executors: 15,
            cores: 5,
            heap_mib: 19 * 1024,
        },
    };
    assert_eq!(s.nearest, [nearest]);
    assert_eq!(
        nearest_words(&nearest),
        "Nearest plan that runs: spark.driver.memory=57g gives 15 executors × 5 cores × 19g."
    );
    // The rule of thumb's plan does not run either. Its nearest plan names the executors that
    // run beside the 57g driver (15, as above), not the 17 the rule asks for as if the
    // driver took no room.
    let rule = shortfall(&c, Method::RuleOfThumb).expect("nothing runs");
    assert_eq!(rule.runs, 0);
    assert_eq!(rule.nearest, [nearest]);
    // A plan that runs has no shortfall.
    let Outcome::Yarn(ok) = plan(&scenario("v=1")) else {
        panic!("plans")
    };
    assert_eq!(shortfall(&ok, Method::SparkExact), None);
}

/// Case 3's rule of thumb asks for 29 executors of 11g and YARN runs 24: the nearest plan that
/// runs them all is Spark-exact's 29 × 3 × 10g (sizing-model.md, seed 000 case 3).
#[test]
fn a_rule_that_runs_fewer_points_to_spark_exact() {
    let input = planner::presets::preset("case3").expect("case 3").input;
    let c = planner::plan(&input).expect("valid");
    let s = shortfall(&c, Method::RuleOfThumb).expect("fewer run");
    assert_eq!((s.asked, s.runs), (29, 24));
    assert_eq!(s.blocker, Blocker::Room { capacity: 24 });
    assert_eq!(
        s.nearest,
        [Nearest::SparkExact(Shape {
            executors: 29,
            cores: 3,
            heap_mib: 10 * 1024
        })]
    );
    assert!(shortfall_words(&c, &s).starts_with("YARN runs only 24 of the 29 executors (5 fewer)"));
}

/// The nearest Kubernetes plan: `field` set to `gib` GiB runs `pods` executor pods of 2 cores
/// (the default) and `executor_gib` GiB heap.
fn pods_with(field: FieldId, gib: u64, pods: u64, executor_gib: u64) -> Nearest {
    Nearest::Heap {
        field,
        heap_mib: gib * 1024,
        shape: Shape {
            executors: pods,
            cores: 2,
            heap_mib: executor_gib * 1024,
        },
    }
}

/// A 100 GiB executor pod (100 GiB + 10 % = 112 640 MiB) is larger than what a node has left
/// (64 GiB − 2 662 MiB reserved − 512 MiB daemonsets = 62 362 MiB). The exports keep the 16
/// executors asked for; the nearest heap that runs all 16 (2 per node, the driver's 1 408 MiB
/// beside two on node 1): h + max(384, ⌊0.1 h⌋) ≤ 30 477 → 27 GiB (27 648 + 2 764 = 30 412).
#[test]
fn an_executor_pod_too_large_is_no_plan_and_the_exports_keep_the_count() {
    let sc = scenario("v=1&cm=k8s&em=100g");
    let Scenario::Kubernetes(input) = &sc else {
        panic!("Kubernetes")
    };
    let Outcome::Kubernetes(p) = plan(&sc) else {
        panic!("plans")
    };
    assert_eq!(p.totals.executors, 0);
    let conf = spark_conf(&p, &input.spark);
    assert!(conf.contains(&("spark.executor.instances".into(), "16".into())));
    assert!(spark_operator_yaml(&p, &input.spark).contains("    instances: 16\n"));

    let s = k8s_shortfall(input, &p).expect("nothing fits");
    assert_eq!((s.asked, s.runs), (16, 0));
    assert!(matches!(
        s.blocker,
        Blocker::TooLarge {
            what: Process::ExecutorPod,
            request,
            limit: Limit::Node(room),
        } if request.memory_mib == 112_640 && room.memory_mib == 62_362
    ));
    assert_eq!(s.nearest, [pods_with(FieldId::ExecutorMemory, 27, 16, 27)]);
    let words = k8s_shortfall_words(&s);
    assert_eq!(
        words,
        "Each executor pod (2 CPU, 112\u{202f}640 MiB) is larger than what a node has left for \
         pods (15.52 CPU, 62\u{202f}362 MiB): 50\u{202f}278 MiB too much memory."
    );
    assert_eq!(
        k8s_nearest_words(&s).as_deref(),
        Some("Nearest that runs: spark.executor.memory=27g runs all 16 executor pods.")
    );
}

/// Spark refuses heaps under 450 MiB (300 MiB reserved × 1.5, `UnifiedMemoryManager`): one
/// check names the field on every cluster manager, and no plan is shown.
#[test]
fn heaps_under_450_mib_are_refused_everywhere() {
    let cases = [
        ("v=1&cm=k8s&em=1", FieldId::ExecutorMemory, "1 MiB"),
        ("v=1&cm=k8s&em=400m", FieldId::ExecutorMemory, "400 MiB"),
        ("v=1&cm=k8s&dm=449m", FieldId::DriverMemory, "449 MiB"),
        ("v=1&cm=emr&em=2", FieldId::ExecutorMemory, "2 MiB"),
        ("v=1&cm=emr&dm=300m", FieldId::DriverMemory, "300 MiB"),
        ("v=1&dm=400m", FieldId::DriverMemory, "400 MiB"),
    ];
    for (query, field, value) in cases {
        let d = invalid(query);
        assert_eq!(d.len(), 1, "{query}: {d:?}");
        assert_eq!(d[0].field, Some(field), "{query}");
        let key = field.label();
        assert_eq!(
            d[0].message,
            format!(
                "{key} is {value}; allowed: at least 450 MiB (Spark reserves 300 MiB of every \
                 heap and refuses to start with less than 1.5 times that)"
            ),
            "{query}"
        );
    }
    for query in ["v=1&cm=k8s&em=450m", "v=1&cm=k8s&dm=450m", "v=1&dm=450m"] {
        assert!(
            !matches!(plan(&scenario(query)), Outcome::Invalid(_)),
            "{query}"
        );
    }
}

/// Likely mistakes Spark accepts are planned, with a warning at the field: an overhead factor
/// of 1.5 (150 % of the heap as overhead), no executors asked for.
#[test]
fn likely_mistakes_get_a_word() {
    let Outcome::Yarn(c) = plan(&scenario("v=1&of=1.5")) else {
        panic!("plans")
    };
    let w = planner::plan::warnings(&c, Method::SparkExact);
    let large = w
        .iter()
        .find(|w| w.code == Code::LargeOverheadFactor)
        .expect("a warning");
    assert_eq!(large.field, Some(FieldId::OverheadFactor));
    assert!(
        large.message.contains("1.5 adds 150% of the heap"),
        "{}",
        large.message
    );
    assert_eq!(c.spark_exact.placement.executor.memory.overhead_mib, {
        let heap = c.spark_exact.heap_mib();
        heap * 3 / 2
    });

    for (query, code, field) in [
        (
            "v=1&cm=k8s&kof=1.5",
            Code::LargeOverheadFactor,
            FieldId::OverheadFactor,
        ),
        (
            "v=1&cm=k8s&cnt=0",
            Code::NoExecutorsRequested,
            FieldId::ExecutorInstances,
        ),
    ] {
        let sc = scenario(query);
        let Scenario::Kubernetes(input) = &sc else {
            panic!("Kubernetes")
        };
        let Outcome::Kubernetes(p) = plan(&sc) else {
            panic!("{query} plans")
        };
        let w = k8s_warnings(input, &p);
        let found = w.iter().find(|w| w.code == code).expect(query);
        assert_eq!(
            (found.field, found.severity),
            (Some(field), Severity::Warning)
        );
    }
    // Spark's defaults draw no such warning.
    let Outcome::Yarn(c) = plan(&scenario("v=1")) else {
        panic!("plans")
    };
    let w = planner::plan::warnings(&c, Method::SparkExact);
    assert!(w.iter().all(|w| w.code != Code::LargeOverheadFactor));
}

/// Some pods fit but fewer than asked: 40 GiB executors (45 056 MiB pods) fit one per node, 8
/// of 16; the nearest heap that runs all 16 is 27 GiB, as above. A 100 GiB driver pod
/// (112 640 MiB) fits no node: nothing starts; the largest driver that fits,
/// h + max(384, ⌊0.1 h⌋) ≤ 62 362, is 55 GiB (56 320 + 5 632 = 61 952), and the 16 executors
/// then run on the other nodes.
#[test]
fn fewer_pods_than_asked_and_a_driver_pod_too_large() {
    let sc = scenario("v=1&cm=k8s&em=40g");
    let Scenario::Kubernetes(input) = &sc else {
        panic!("Kubernetes")
    };
    let Outcome::Kubernetes(p) = plan(&sc) else {
        panic!("plans")
    };
    let s = k8s_shortfall(input, &p).expect("fewer fit");
    assert_eq!((s.asked, s.runs), (16, 8));
    assert_eq!(s.blocker, Blocker::Room { capacity: 8 });
    assert_eq!(s.nearest, [pods_with(FieldId::ExecutorMemory, 27, 16, 27)]);
    assert_eq!(
        k8s_shortfall_words(&s),
        "Only 8 of the 16 executor pods fit; the other 8 stay Pending."
    );
    assert!(
        spark_conf(&p, &input.spark).contains(&("spark.executor.instances".into(), "16".into()))
    );

    let sc = scenario("v=1&cm=k8s&dm=100g");
    let Scenario::Kubernetes(input) = &sc else {
        panic!("Kubernetes")
    };
    let Outcome::Kubernetes(p) = plan(&sc) else {
        panic!("plans")
    };
    let s = k8s_shortfall(input, &p).expect("nothing starts");
    assert_eq!(s.runs, 0);
    assert!(matches!(
        s.blocker,
        Blocker::TooLarge {
            what: Process::DriverPod,
            request,
            ..
        } if request.memory_mib == 112_640
    ));
    // The executors keep their 6g heap.
    assert_eq!(s.nearest, [pods_with(FieldId::DriverMemory, 55, 16, 6)]);
    assert_eq!(
        k8s_nearest_words(&s).as_deref(),
        Some("Nearest that runs: spark.driver.memory=55g runs all 16 executor pods.")
    );
    // When CPU binds, no heap runs them all, and none is suggested: 100 pods of 2 CPU need 13
    // per node, 26 CPU, where a node has 15.52.
    let sc = scenario("v=1&cm=k8s&cnt=100");
    let Scenario::Kubernetes(input) = &sc else {
        panic!("Kubernetes")
    };
    let Outcome::Kubernetes(p) = plan(&sc) else {
        panic!("plans")
    };
    let s = k8s_shortfall(input, &p).expect("fewer fit");
    assert_eq!((s.runs, s.nearest), (56, vec![]));
}

/// Words: a count of one takes the singular ("1 executor", never "1 executors"), and prose
/// numbers of 10 000 and above take the page's thin-space groups, on all three managers.
#[test]
fn one_executor_is_singular_and_large_numbers_are_grouped() {
    use planner::report::{render, Format};
    let mut singular_seen = false;
    for query in [
        "v=1&n=1&c=8&m=16",
        "v=1&n=2&c=6&m=16&cpe=5",
        "v=1&cm=k8s&n=1&cnt=1",
        "v=1&cm=emr&n=1&cnt=1",
    ] {
        let s = scenario(query);
        let md = render(&s, &plan(&s), Format::Markdown);
        for plural_one in [
            "1 executors",
            "1 cores",
            "1 vcores",
            "1 tasks",
            "1 requests",
        ] {
            let bad = md.match_indices(plural_one).any(|(at, _)| {
                at == 0 || !md.as_bytes()[at - 1].is_ascii_digit() && md.as_bytes()[at - 1] != b'.'
            });
            assert!(!bad, "{query}: \"{plural_one}\" in\n{md}");
        }
        singular_seen |= md.contains("1 executor ") || md.contains("1 executor.");
    }
    assert!(singular_seen, "no plan of one executor among the examples");
    // The classic example: 64 GiB nodes less 1 GiB reserved, three containers per node.
    let classic = scenario("v=1");
    let md = render(&classic, &plan(&classic), Format::Markdown);
    assert!(
        md.contains("64\u{202f}512 MiB ÷ 3 = 21\u{202f}504 MiB"),
        "{md}"
    );
    assert!(!md.contains("64512 MiB ÷"), "{md}");
}

/// A minimum allocation above the maximum: here the maximum is left to its default, the
/// NodeManager's memory (64 GiB − 1 GiB reserved = 63 GiB). YARN's scheduler refuses to
/// start ("max should be no smaller than min"), so there is no plan, and the field says why.
#[test]
fn a_minimum_allocation_above_the_maximum_is_no_plan() {
    let found = invalid("v=1&amin=100000");
    let at_minimum: Vec<_> = found
        .iter()
        .filter(|d| d.field == Some(FieldId::MinimumAllocation))
        .collect();
    assert_eq!(at_minimum.len(), 1, "{found:?}");
    let message = &at_minimum[0].message;
    assert!(
        message.contains("100\u{202f}000 MiB")
            && message.contains("allowed: 1 MiB to 63 GiB")
            && message.contains("refuses to start"),
        "{message}"
    );
    // At the maximum it plans: every container is then one whole node's memory.
    assert!(matches!(
        plan(&scenario("v=1&amin=64512")),
        Outcome::Yarn(_)
    ));
}

/// A NodeManager offered more memory than the node has (70 000 MiB on a 64 GiB node) plans,
/// as YARN would, with a warning at the field: 4 464 MiB more than the node's 64 GiB.
#[test]
fn a_nodemanager_offered_more_than_the_node_has_is_warned() {
    let Outcome::Yarn(c) = plan(&scenario("v=1&nmm=70000&nmv=15")) else {
        panic!("plans")
    };
    for method in [Method::SparkExact, Method::RuleOfThumb] {
        let w = planner::plan::warnings(&c, method);
        let above: Vec<_> = w
            .iter()
            .filter(|w| w.code == Code::NodeManagerAboveNode)
            .collect();
        assert_eq!(above.len(), 1, "{w:?}");
        assert_eq!(above[0].field, Some(FieldId::NodeManagerMemory));
        assert_eq!(above[0].severity, Severity::Warning);
        assert!(
            above[0]
                .message
                .contains("4464 MiB more than the node's 64 GiB"),
            "{}",
            above[0].message
        );
    }
    // Offering what the node has, or less, is not warned.
    let Outcome::Yarn(ok) = plan(&scenario("v=1&nmm=65536&nmv=15")) else {
        panic!("plans")
    };
    assert!(!planner::plan::warnings(&ok, Method::SparkExact)
        .iter()
        .any(|w| w.code == Code::NodeManagerAboveNode));
}

/// A bad field is blamed alone: 0 cores per node is the error, not the 1 reserved core
/// ("allowed: 0 to 0, fewer than the node's 0 cores" would send the user to the wrong field).
#[test]
fn zero_cores_per_node_is_blamed_alone() {
    let found = invalid("v=1&c=0");
    let fields: Vec<_> = found.iter().map(|d| d.field).collect();
    assert_eq!(fields, [Some(FieldId::CoresPerNode)], "{found:?}");
    // With valid cores, too many reserved is still the reserved field's error.
    let found = invalid("v=1&c=4&rc=4");
    assert!(
        found.iter().any(|d| d.field == Some(FieldId::ReservedCores)
            && d.message.contains("0 to 3 (fewer than the node's 4 cores)")),
        "{found:?}"
    );
}

/// A nearest plan "that runs" runs at least one executor: on nodes too small for any executor
/// (2 GiB of memory, 1 GiB of it reserved), a smaller driver that lets the AM start is no plan
/// to offer (the command line's review found "spark.driver.memory=640m gives 0 executors").
#[test]
fn every_nearest_plan_offered_runs_an_executor() {
    for query in [
        "v=1&m=2",
        "v=1&m=3",
        "v=1&m=2&mode=client",
        "v=1&m=4&dm=8g",
        "v=1&c=2&m=3",
    ] {
        let s = planner::url::scenario_from_query(query).scenario;
        let outcome = planner::scenario::plan(&s);
        let Some(shortfall) = planner::scenario::shortfall(&s, &outcome) else {
            continue;
        };
        for n in &shortfall.nearest {
            let shape = match *n {
                Nearest::Heap { shape, .. }
                | Nearest::SparkExact(shape)
                | Nearest::Fewer(shape)
                | Nearest::SmallerHeap(shape)
                | Nearest::LargestThatFits(shape) => shape,
            };
            assert!(shape.executors > 0, "{query}: {n:?} runs no executor");
        }
    }
}

/// A queue share too small for any executor (0.5 % of case 1's cluster: 1 935 MiB, less than
/// the 2 048 MiB AM alone) is why nothing runs: an error, and no "0 of the 0 executors".
#[test]
fn a_share_that_holds_no_executor_is_the_error() {
    let s = scenario_from_query("v=1&share=0.5").scenario;
    let Outcome::Yarn(c) = plan(&s) else {
        panic!("plans on YARN")
    };
    let share = planner::plan::warnings(&c, c.selected)
        .into_iter()
        .find(|w| w.code == Code::ShareLimitsExecutors)
        .expect("the share's warning");
    assert_eq!(share.severity, Severity::Error, "{}", share.message);
    assert!(
        share.message.contains("0 executors (plus the AM)"),
        "{}",
        share.message
    );
    let words = shortfall(&c, c.selected).map(|s| shortfall_words(&c, &s));
    assert_eq!(
        words.as_deref(),
        Some("The job's share of the cluster holds no executor beside the AM.")
    );
}
