//! A node's pod limit (its allocatable `pods`, the kubelet's `maxPods`) caps the executor pods
//! on it, whatever CPU and memory are left: EKS's max pods, GKE Standard's and the kubelet's
//! default of 110. Each example is read from a link, as the page reads it; the numbers are
//! worked by hand in the comments.

use planner::k8s::{k8s_pod_limit_words, k8s_shortfall, k8s_shortfall_words, k8s_working, K8sPlan};
use planner::scenario::{plan, Outcome, Scenario};
use planner::shortfall::Blocker;
use planner::url::scenario_from_query;

/// The Kubernetes input and plan of a link.
fn k8s(query: &str) -> (planner::k8s::K8sInput, K8sPlan) {
    let d = scenario_from_query(query);
    assert!(
        d.bad.is_empty() && d.unknown.is_empty(),
        "{query}: {:?}",
        d.bad
    );
    let Scenario::Kubernetes(input) = d.scenario else {
        panic!("{query}: Kubernetes")
    };
    let Outcome::Kubernetes(p) = plan(&Scenario::Kubernetes(input.clone())) else {
        panic!("{query}: plans")
    };
    (input, *p)
}

/// Small pods: 512 MiB heap + 384 MiB overhead = 896 MiB, 0.05 CPU, so CPU and memory hold far
/// more pods than a node may run.
const SMALL_PODS: &str = "em=512m&rq=0.05&cpe=1";

/// EKS m5.4xlarge with max pods 20: room 15 590m CPU and 59 533 MiB (16 000m − 110m − 300m;
/// 60 620 (64 GiB less Karpenter's 7.5 % margin) − (11 × 20 + 255) − 100 − 512), so CPU and
/// memory hold min(⌊59 533 ÷ 896⌋, ⌊15 590 ÷ 50⌋) = min(66, 311) = 66 pods; the pod limit holds 20, 19 beside the driver pod:
/// 19 + 7 × 20 = 159 on the 8 nodes (not 567).
#[test]
fn eks_max_pods_caps_the_pods_per_node() {
    let (input, p) = k8s(&format!(
        "v=1&cm=k8s&kp=eks&knt=m5.4xlarge&kmp=20&{SMALL_PODS}&cnt=max"
    ));
    assert_eq!((p.room.cpu_millis, p.room.memory_mib), (15_590, 59_533));
    assert_eq!(p.room.pods, 20);
    assert_eq!(p.fit.per_node_by_resources, 66);
    assert_eq!((p.fit.first_node, p.fit.per_node), (19, 20));
    assert_eq!((p.fit.capacity, p.totals.executors), (159, 159));
    assert!(p.fit.pod_limit_binds);
    for g in &p.layout {
        let pods = g.executors_per_node() + u32::from(g.has_driver_pod());
        assert_eq!(pods, 20, "nodes {}-{}", g.first_node, g.last_node);
    }
    let step = k8s_working(&input, &p)
        .into_iter()
        .find(|s| s.title == "Executor pods per node")
        .expect("the step");
    assert_eq!(
        step.detail,
        "min(59\u{202f}533 MiB ÷ 896 MiB, 15.59 CPU ÷ 0.05 CPU, the node's pod limit of 20 pods) = 20"
    );
    assert_eq!(
        k8s_pod_limit_words(&p).as_deref(),
        Some(
            "Executor pods per node are held back by the node's pod limit, 20 pods (the driver \
             pod counts too), not by CPU or memory."
        )
    );
}

/// GKE n2-standard-32 (32 CPU, 128 GiB; GKE Standard's default of 110 pods) and a custom
/// 64 CPU, 256 GiB node (the kubelet's default of 110): CPU and memory hold 134 and 289 small
/// pods, the limit 110 (109 beside the driver pod): 109 + 7 × 110 = 879.
#[test]
fn gke_and_custom_nodes_take_110_pods() {
    for (query, by_resources) in [
        ("v=1&cm=k8s&kp=gke&knt=n2-standard-32", 134),
        ("v=1&cm=k8s&kcpu=64&kmem=256g", 289),
    ] {
        let (_, p) = k8s(&format!("{query}&{SMALL_PODS}&cnt=max"));
        assert_eq!(p.room.pods, 110, "{query}");
        assert_eq!(p.fit.per_node_by_resources, by_resources, "{query}");
        assert_eq!(
            (p.fit.first_node, p.fit.per_node, p.fit.capacity),
            (109, 110, 879),
            "{query}"
        );
    }
}

/// In client mode no driver pod takes one of node 1's pods: 8 × 20 = 160.
#[test]
fn without_a_driver_pod_every_node_takes_the_limit() {
    let (_, p) = k8s(&format!(
        "v=1&cm=k8s&kp=eks&knt=m5.4xlarge&kmp=20&{SMALL_PODS}&cnt=max&mode=client"
    ));
    assert!(p.driver.is_none());
    assert_eq!((p.fit.first_node, p.fit.capacity), (20, 160));
}

/// Asking for more than the limit holds: the shortfall names the pod limit, not CPU or memory,
/// and no heap runs them all.
#[test]
fn more_pods_than_the_limit_holds_say_why() {
    let (input, p) = k8s(&format!(
        "v=1&cm=k8s&kp=eks&knt=m5.4xlarge&kmp=20&{SMALL_PODS}&cnt=200"
    ));
    let s = k8s_shortfall(&input, &p).expect("fewer fit");
    assert_eq!((s.asked, s.runs), (200, 159));
    assert_eq!(
        s.blocker,
        Blocker::PodLimit {
            capacity: 159,
            pods: 20
        }
    );
    assert!(s.nearest.is_empty(), "{:?}", s.nearest);
    assert_eq!(
        k8s_shortfall_words(&s),
        "Only 159 of the 200 executor pods fit, held back by the node's pod limit, 20 pods (the \
         driver pod counts too), not by CPU or memory; the other 41 stay Pending."
    );
}

/// Nodes far from the limit plan as before, and say nothing of it: the default 16 executors
/// (7 per node by CPU) and the EKS preset.
#[test]
fn a_limit_that_does_not_bind_changes_nothing() {
    for query in [
        "v=1&cm=k8s",
        "v=1&cm=k8s&cnt=max",
        "v=1&cm=k8s&kp=eks&knt=m5.4xlarge",
    ] {
        let (input, p) = k8s(query);
        assert!(!p.fit.pod_limit_binds, "{query}");
        assert_eq!(p.fit.per_node, p.fit.per_node_by_resources, "{query}");
        assert_eq!(k8s_pod_limit_words(&p), None, "{query}");
        assert!(k8s_working(&input, &p)
            .iter()
            .all(|s| !s.detail.contains("pod limit")));
    }
}

/// The explorer sizes each row's heap for the pods a node takes: with max pods 20 a node's
/// 64 449 MiB is shared by 20 pods, 3222 MiB each, so a 1-core row gets the largest whole-GiB
/// heap whose pod fits it: 2 GiB (2048 + 384 = 2432 MiB; 3 GiB would be 3456), 159 pods.
#[test]
fn the_explorer_shares_a_node_among_the_pods_it_takes() {
    let d = scenario_from_query(&format!(
        "v=1&cm=k8s&kp=eks&knt=m5.4xlarge&kmp=20&{SMALL_PODS}&cnt=max"
    ));
    let e = planner::explorer::explore(&d.scenario).expect("explores");
    let one = e.row(1).expect("a 1-core row");
    assert_eq!(
        (one.executors_per_node, one.heap_mib, one.executors),
        (20, 2048, 159)
    );
    assert!(e.rows.iter().all(|r| r.executors_per_node <= 20));
}
