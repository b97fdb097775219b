//! The one view model (`planner::view`): every preset of every cluster manager viewed, its
//! numbers those of the plan, the parts each manager has, and the JSON read back to the same
//! view.

use planner::catalog::ClusterManager;
use planner::scenario::{self, plan, Outcome, Scenario};
use planner::view::{self, BlockKindView, ContainerRole, NothingRuns, PlanMethod, Status, View};
use planner::warning::Severity;

fn view_of_link(query: &str) -> (Scenario, View) {
    let scenario = planner::url::scenario_from_query(query).scenario;
    let outcome = plan(&scenario);
    let v = view::build(&scenario, &outcome);
    (scenario, v)
}

#[test]
fn case_one_worked_by_hand() {
    // Case 1 (seed 001): 6 nodes × 16 cores × 64 GB, 5 cores per executor: 17 × 5 × 19g.
    let (_, v) = view_of_link("v=1");
    assert_eq!(v.manager, ClusterManager::Yarn);
    assert_eq!(v.status, Status::Planned);
    assert_eq!(v.plans.len(), 2);
    let p = v.selected().expect("a plan");
    assert_eq!(p.method, PlanMethod::SparkExact);
    assert_eq!(
        (
            p.executors,
            p.cores_per_executor,
            p.executor_memory.as_str()
        ),
        (17, 5, "19g")
    );
    let runs = p.runs.expect("runs");
    assert_eq!(
        (runs.executors, runs.cores, runs.heap_mib),
        (17, 5, 19 * 1024)
    );
    assert_eq!(p.task_slots, 85);
    assert!(p.refusal.is_none() && p.nothing_runs.is_none());
    // 19 GiB heap + max(384, 10 % = 1945) overhead = 21401 MiB, YARN rounds to 21504.
    let e = &p.containers[0];
    assert_eq!(e.role, ContainerRole::Executor);
    assert_eq!(
        (e.heap_mib, e.overhead_mib, e.requested_mib, e.granted_mib),
        (Some(19456), Some(1945), 21401, Some(21504))
    );
    assert_eq!(p.containers[1].role, ContainerRole::ApplicationMaster);
    // Node 1 holds the AM and 2 executors; nodes 2–6 hold 3 each.
    let titles: Vec<(&str, &str)> = p
        .layout
        .iter()
        .map(|g| (g.title.as_str(), g.holds.as_str()))
        .collect();
    assert_eq!(
        titles,
        [
            ("Node 1", "ApplicationMaster + 2 executors"),
            ("Nodes 2–6 (5 nodes)", "3 executors")
        ]
    );
    assert!(p.unified_memory.is_some() && p.heap_refused.is_none());
    assert!(!p.working.is_empty());
    assert!(p.exports.spark_submit.contains("--executor-memory 19g"));
    assert!(p
        .exports
        .spark_defaults_conf
        .contains("spark.executor.instances 17\n"));
    assert!(v.kubernetes.is_none() && v.emr.is_none());
}

#[test]
fn every_preset_of_every_manager_is_viewed_as_planned() {
    for m in ClusterManager::ALL {
        for preset in scenario::presets(m) {
            let outcome = plan(&preset.input);
            let v = view::build(&preset.input, &outcome);
            assert_eq!(v.manager, m, "{}", preset.id);
            assert_eq!(v.status, Status::Planned, "{}", preset.id);
            assert_eq!(v.plans.iter().filter(|p| p.selected).count(), 1);
            assert_eq!(v.kubernetes.is_some(), m == ClusterManager::Kubernetes);
            assert_eq!(v.emr.is_some(), m == ClusterManager::Emr);
            for p in &v.plans {
                assert_eq!(p.fits, p.executors_running > 0, "{}", preset.id);
                assert_eq!(p.runs.is_some(), p.fits, "{}", preset.id);
                assert_eq!(p.nothing_runs.is_some(), !p.fits, "{}", preset.id);
                assert_eq!(p.totals.executors, p.executors_running, "{}", preset.id);
                // A plan that runs fewer than it asks says why.
                if p.executors_running < p.executors {
                    let r = p.refusal.as_ref().expect("a refusal");
                    // EMR counts the requests that run, merged into fewer executors.
                    let runs = v
                        .emr
                        .as_ref()
                        .map_or(p.executors_running, |e| e.covered_requests);
                    assert_eq!(r.runs, u64::from(runs), "{}", preset.id);
                }
                let nodes: u32 = p
                    .layout
                    .iter()
                    .map(|g| g.last_node - g.first_node + 1)
                    .sum();
                assert!(nodes > 0, "{}", preset.id);
            }
            assert_eq!(v.link, planner::url::scenario_to_query(&preset.input));
        }
    }
}

#[test]
fn kubernetes_has_its_node_reservation_and_pods() {
    // Seed 002: EKS-like nodes, 16 × 2 cores × 6g by default.
    let (_, v) = view_of_link("v=1&cm=k8s");
    let p = v.selected().expect("a plan");
    assert_eq!(p.method, PlanMethod::Kubernetes);
    let Some(k) = &v.kubernetes else {
        panic!("no Kubernetes part")
    };
    assert!(k.node.rows.iter().any(|r| r.total));
    assert_eq!(k.node.rows[0].label, "Capacity");
    assert!(k.executor_pods_per_node > 0);
    assert_eq!(p.totals.cpu_used_millis, Some(33_000));
    let roles: Vec<ContainerRole> = p.containers.iter().map(|c| c.role).collect();
    assert_eq!(roles, [ContainerRole::Executor, ContainerRole::Driver]);
    assert!(p.containers[0].cpu_request.is_some());
    assert!(p.exports.spark_operator_yaml.is_some());
    assert!(p.layout[0]
        .blocks
        .iter()
        .any(|b| b.kind == BlockKindView::SystemReserved));
}

#[test]
fn kubernetes_counts_the_pods_asked_for_against_those_that_run() {
    // 4 nodes hold fewer pods of 40g than the 16 asked for.
    let (scenario, v) = view_of_link("v=1&cm=k8s&em=40g");
    let Outcome::Kubernetes(k) = plan(&scenario) else {
        panic!("a Kubernetes plan")
    };
    let p = v.selected().expect("a plan");
    assert_eq!(u64::from(p.executors), k.wanted);
    assert!(p.executors_running < p.executors, "{p:?}");
    let r = p.refusal.as_ref().expect("a shortfall");
    assert_eq!(r.severity, Severity::Warning);
    assert_eq!((r.asked, r.runs), (k.wanted, k.placed));
    assert!(
        r.message.contains("Pending") || r.message.contains("pending"),
        "{}",
        r.message
    );
}

#[test]
fn emr_says_what_was_requested_against_what_runs() {
    // Seed 003's driver log: 50 requests of 22528 MiB merged into 9 executors of 20 cores.
    let (_, v) = view_of_link("v=1&cm=emr");
    let p = v.selected().expect("a plan");
    assert_eq!(p.method, PlanMethod::Emr);
    assert_eq!((p.executors, p.executors_running), (50, 9));
    let runs = p.runs.expect("runs");
    assert_eq!((runs.cores, runs.heap_mib), (20, 94_854));
    let Some(e) = &v.emr else {
        panic!("no EMR part")
    };
    assert_eq!((e.covered_requests, e.pending_requests), (45, 5));
    assert!(e.merged);
    assert_eq!(e.launched[0].merged, 5);
    let r = p.refusal.as_ref().expect("a shortfall");
    assert!(
        r.message
            .starts_with("Only 45 of the 50 requested executors run"),
        "{}",
        r.message
    );
    assert!(!r.nearest.is_empty());
    assert!(p.exports.driver_log.as_ref().is_some_and(|l| !l.is_empty()));
    assert!(p.exports.emr_configurations_json.is_some());
    assert!(p
        .containers
        .iter()
        .any(|c| c.role == ContainerRole::ExecutorLaunched && c.merged_requests == Some(5)));
}

#[test]
fn an_invalid_input_names_its_fields() {
    let (_, v) = view_of_link("v=1&n=0");
    assert_eq!(v.status, Status::Invalid);
    assert!(v.plans.is_empty());
    assert_eq!(v.diagnostics[0].field.as_deref(), Some("n"));
    assert_eq!(v.diagnostics[0].code, "invalid-value");
    assert_eq!(v.diagnostics[0].severity, Severity::Error);
}

#[test]
fn an_outcome_of_another_manager_is_said() {
    let k8s = Scenario::default_for(ClusterManager::Kubernetes);
    let v = view::build(&Scenario::default(), &plan(&k8s));
    assert_eq!(v.status, Status::Invalid);
    assert!(v.diagnostics[0].message.contains("another cluster manager"));
}

#[test]
fn nothing_runs_is_said_instead_of_a_shape() {
    // An executor heap larger than any node: no executor fits.
    let (_, v) = view_of_link("v=1&cm=k8s&em=400g");
    let p = v.selected().expect("a plan");
    assert_eq!(p.nothing_runs, Some(NothingRuns::NoExecutorFits));
    assert!(p.runs.is_none());
    assert_eq!(
        p.refusal.as_ref().map(|r| r.severity),
        Some(Severity::Error)
    );
}

#[test]
fn the_explorer_rows_mark_the_plans_and_adopt_by_link() {
    let scenario = Scenario::default();
    let table =
        view::explorer(&scenario, planner::explorer::ExplorerView::default()).expect("rows");
    let current: Vec<u32> = table
        .rows
        .iter()
        .filter(|r| r.current)
        .map(|r| r.shape.cores)
        .collect();
    assert_eq!(current, [5]);
    let five = table
        .rows
        .iter()
        .find(|r| r.shape.cores == 5)
        .expect("5 cores");
    assert!(five.spark_exact);
    let adopted = planner::url::scenario_from_query(&five.adopt_link).scenario;
    let v = view::build(&adopted, &plan(&adopted));
    let p = v.selected().expect("a plan");
    assert_eq!(
        (p.executors_running, p.cores_per_executor, p.heap_mib),
        (five.shape.executors, 5, five.shape.heap_mib)
    );
}

#[test]
fn a_workload_and_dynamic_allocation_are_in_the_view() {
    let scenario = Scenario::Yarn(
        planner::presets::preset("oom-10-cores-45g")
            .expect("the preset")
            .input,
    );
    let v = view::build(&scenario, &plan(&scenario));
    let w = v.workload.expect("a workload");
    assert_eq!(
        w.task_memory.map(|t| t.verdict),
        Some(view::TaskVerdictView::DoesNotFit)
    );
    assert!(!w.remedies.is_empty());
    let (_, da) = view_of_link("v=1&cm=emr");
    let da = da
        .dynamic_allocation
        .expect("EMR's dynamic allocation is on");
    assert!(da.initial_note.is_some());
}

#[test]
fn the_json_reads_back_to_the_same_view() {
    for query in [
        "v=1",
        "v=1&cm=k8s",
        "v=1&cm=emr",
        "v=1&n=0",
        "v=1&cm=k8s&em=40g",
    ] {
        let (_, v) = view_of_link(query);
        let text = serde_json::to_string(&v).expect("serializes");
        let back: View = serde_json::from_str(&text).expect("reads back");
        assert_eq!(back, v, "{query}");
        let value: serde_json::Value = serde_json::from_str(&text).expect("json");
        assert_eq!(value["kind"], "spark-sizer-plan");
        assert_eq!(value["manager"], v.manager.as_str());
    }
}

#[test]
fn the_explorer_carries_seed_001s_fat_or_slim_split() {
    // Seed 001: 50 GB as 10 executors of 5 GB (slim) or 5 of 10 GB (fat), 5 cores each.
    let table = view::explorer(
        &Scenario::default(),
        planner::explorer::ExplorerView::default(),
    )
    .expect("rows");
    let f = &table.fat_or_slim;
    assert_eq!((f.total_gib, f.cores_per_executor, f.task_cpus), (50, 5, 1));
    let shapes: Vec<(u32, u64, bool, u64)> = f
        .splits
        .iter()
        .map(|s| (s.executors, s.heap_gib, s.slim, s.task_slots))
        .collect();
    assert_eq!(shapes, [(10, 5, true, 50), (5, 10, false, 25)]);
    // A fat executor holds a larger broadcast table and gives one task more.
    assert!(f.splits[1].storage_bytes > f.splits[0].storage_bytes);
    assert!(f.splits[1].unified_bytes > f.splits[0].unified_bytes);
    // With 5 CPUs per task each executor runs one task at a time.
    assert_eq!(view::fat_or_slim(5).splits[0].task_slots, 10);
}

#[test]
fn each_plan_says_how_many_executors_a_node_holds() {
    // Case 1: 3 executors of 21 504 MiB on a node's 64 512 MiB; Kubernetes' and EMR's from
    // their fits.
    let (_, v) = view_of_link("v=1");
    assert_eq!(v.selected().map(|p| p.executors_per_node), Some(3));
    let (_, k) = view_of_link("v=1&cm=k8s");
    assert_eq!(
        k.selected().map(|p| p.executors_per_node),
        k.kubernetes.as_ref().map(|k| k.executor_pods_per_node)
    );
    let (scenario, e) = view_of_link("v=1&cm=emr");
    let Outcome::Emr(p) = plan(&scenario) else {
        panic!("an EMR plan")
    };
    assert_eq!(
        e.selected().map(|p| p.executors_per_node),
        Some(p.requests_per_node)
    );
}
