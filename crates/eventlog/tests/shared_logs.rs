//! Every real event log of `shared/eventlogs/` analysed, with expectations read by hand from its
//! JSON lines (executors per host, cores, peaks, tasks, failures, findings); the bad ones give
//! their message and line. The logs are read in chunks of several sizes: every size gives the
//! same analysis.

mod common;

use eventlog::analysis::executors::LossCause;
use eventlog::analysis::findings::Finding;
use eventlog::analysis::plan::{HeapBasis, OverheadBasis};
use eventlog::analysis::{Analysis, Master, Unknown};
use eventlog::run::FailureKind;
use eventlog::{analyze_all, Codec, Metric, Options, ProblemKind, Read};

const MIB: u64 = 1 << 20;

fn read(name: &str) -> Read {
    let path = common::shared(name);
    let whole = common::read_paths(std::slice::from_ref(&path), 1 << 20);
    for chunk in [1, 4093, 65_536] {
        if chunk == 1 && whole.progress.bytes_read > 200_000 {
            continue; // byte by byte only for the small logs
        }
        let again = common::read_paths(std::slice::from_ref(&path), chunk);
        assert_eq!(again.runs, whole.runs, "{name} in chunks of {chunk}");
        assert_eq!(
            again.problems, whole.problems,
            "{name} in chunks of {chunk}"
        );
    }
    whole
}

fn one(name: &str) -> (Read, Analysis) {
    let r = read(name);
    assert_eq!(r.runs.len(), 1, "{name}: one application");
    let mut all = analyze_all(&r, &Options::default());
    let a = all.remove(0);
    (r, a)
}

/// Executors per host, in the order first used: (host, executors, most at once).
fn hosts(a: &Analysis) -> Vec<(&str, u32, u32)> {
    a.executors
        .hosts
        .iter()
        .map(|h| (h.host.as_str(), h.executors, h.most_at_once))
        .collect()
}

fn tasks(a: &Analysis) -> u64 {
    a.stages.iter().map(|s| s.tasks).sum()
}

#[test]
fn yarn_stage_peaks_reads_stage_peaks_and_process_tree_rss() {
    let (r, a) = one("yarn-stage-peaks_application_1553914137147_0018");
    assert_eq!(r.files[0].codec, Codec::None);
    assert_eq!(a.run.spark_version.as_deref(), Some("3.0.0-SNAPSHOT"));
    assert_eq!(a.settings.master, Master::Yarn { emr: false });
    // Three 1-core executors, one on each of test-2, -3 and -4, in the order they were added.
    assert_eq!(
        hosts(&a),
        [
            ("test-2.vpc.company.com", 1, 1),
            ("test-4.vpc.company.com", 1, 1),
            ("test-3.vpc.company.com", 1, 1)
        ]
    );
    assert!(a.executors.executors.iter().all(|e| e.cores == 1));
    assert_eq!(tasks(&a), 6);
    // spark.executor.memory=7g (the log's resource profile: memory 7168, overhead 1024).
    assert_eq!(
        (a.executors.heap_mib, a.executors.overhead_mib),
        (7168, 1024)
    );
    // The largest JVMHeapMemory: 984 736 560 bytes on executor 1 (a stage peak).
    assert_eq!(a.peaks.max(Metric::JvmHeapMemory), Some(984_736_560));
    assert!(a.peaks.stage_peaks_logged && a.peaks.process_tree_logged);
    let plan = a.plan.as_ref().expect("a plan");
    assert_eq!(plan.heap.basis, HeapBasis::MeasuredPeak);
    // 939 MiB + 40 % (fewer than 20 samples) = 1 315 MiB: 2 GiB, never below the peak.
    assert_eq!(plan.heap.headroom_percent, 40);
    assert_eq!(plan.heap.heap_mib, 2048);
    assert!(plan.heap.heap_mib * MIB >= 984_736_560);
    assert_eq!(plan.overhead.basis, OverheadBasis::Measured);
    assert!(!a.unknowns.contains(&Unknown::NoProcessTreeMetrics));
}

#[test]
fn resource_profiles_have_no_peaks_and_no_cluster_manager() {
    let (_, a) = one("resource-profiles_application_1578436911597_0052");
    assert_eq!(hosts(&a), [("host1", 1, 1)]);
    assert_eq!(a.executors.executors[0].cores, 4);
    assert_eq!(tasks(&a), 6);
    assert!(a.peaks.executors_max.is_empty());
    assert!(a.unknowns.contains(&Unknown::NoMetricSamples));
    assert!(matches!(a.settings.master, Master::Other { .. }));
    // Sized, but placed nowhere: the log names no cluster manager the planner plans.
    let plan = a.plan.as_ref().expect("a plan");
    assert_eq!(plan.heap.basis, HeapBasis::NotMeasured);
    assert!(plan.placed.is_none());
    // Its four resource profiles (issue 29), as its `SparkListenerResourceProfileAdded` events
    // declare them: only profile 3 (4 cores and a GPU per executor, tasks of 2 cpus and a GPU)
    // ran, on its one executor (`Resource Profile Id: 3`) and its one stage.
    let profiles = &a.run.resource_profiles;
    let ids: Vec<i64> = profiles.iter().map(|p| p.id).collect();
    assert_eq!(ids, [0, 1, 2, 3]);
    let used: Vec<(i64, u64, u64)> = profiles
        .iter()
        .filter(|p| p.executors + p.stages > 0)
        .map(|p| (p.id, p.executors, p.stages))
        .collect();
    assert_eq!(used, [(3, 1, 1)]);
    let three = &profiles[3];
    let has = |asks: &[(String, String)], name: &str, amount: &str| {
        asks.iter().any(|(n, a)| n == name && a == amount)
    };
    assert!(has(&three.executor, "cores", "4"), "{three:?}");
    assert!(has(&three.executor, "gpu", "1"), "{three:?}");
    assert!(has(&three.task, "cpus", "2"), "{three:?}");
    let text = eventlog::words::text(&a);
    assert!(
        text.contains(
            "    profile 3: executor cores 4, gpu 1; task cpus 2, gpu 1; 1 executor, 1 stage\n"
        ),
        "{text}"
    );
    assert!(text.contains("    profile 2: executor cores 2; task cpus 2; not used by the run\n"));
    // The plan is one shape: said, with where the profiles are.
    assert!(a.unknowns.contains(&Unknown::ProfilesOfTheirOwn));
    assert!(
        text.contains("Stages ran under resource profiles of their own"),
        "{text}"
    );
    let plain = one("yarn-dynamic-allocation_4nodes_8cores.zstd").1;
    assert!(!plain.unknowns.contains(&Unknown::ProfilesOfTheirOwn));
}

#[test]
fn yarn_dynamic_allocation_keeps_its_executors_released_by_spark_apart() {
    let (r, a) = one("yarn-dynamic-allocation_4nodes_8cores.zstd");
    assert_eq!(r.files[0].codec, Codec::Zstd);
    assert_eq!(a.run.spark_version.as_deref(), Some("3.2.1"));
    assert!(a.settings.dynamic_allocation);
    assert_eq!(a.executors.executors.len(), 15);
    let per_host: Vec<(&str, u32)> = hosts(&a).iter().map(|h| (h.0, h.1)).collect();
    assert_eq!(
        per_host,
        [
            ("somehost-03.some.com", 5),
            ("ip-10.10-6-231.ipaddr.some.com", 3),
            ("host1.some.com", 2),
            ("somehost-08.some.com", 2),
            ("somehost-01.some.com", 3)
        ]
    );
    assert!(a.executors.executors.iter().all(|e| e.cores == 4));
    assert_eq!(tasks(&a), 235);
    assert_eq!(a.peaks.max(Metric::JvmHeapMemory), Some(803_441_160));
    // 14 executors removed with "Executor killed by driver.": released, not lost.
    let released = a
        .executors
        .executors
        .iter()
        .filter(|e| e.loss == Some(LossCause::ReleasedByDriver))
        .count();
    assert_eq!(released, 14);
    assert!(!a
        .findings
        .iter()
        .any(|f| matches!(f, Finding::ExecutorsLost { .. })));
    // spark.executor.memoryOverhead=8g is kept (nothing measured outside the heap).
    let plan = a.plan.as_ref().expect("a plan");
    assert_eq!(plan.overhead.overhead_mib, Some(8192));
    assert!(plan
        .settings
        .iter()
        .any(|(k, v)| k == "spark.dynamicAllocation.maxExecutors"
            && v == &plan.executors.to_string()));
    // The YARN NodeManager resources are in the Hadoop properties: 319 488 MB, 51 vcores.
    assert!(plan.node_sizes_known);
}

#[test]
fn emr_is_told_by_its_spark_build_and_its_attempt_is_kept() {
    let (_, a) = one("emr-3.3.0-amzn_attempt_1.zstd");
    assert_eq!(a.settings.master, Master::Yarn { emr: true });
    assert_eq!(a.run.attempt.as_deref(), Some("1"));
    assert_eq!(
        hosts(&a).iter().map(|h| (h.0, h.1)).collect::<Vec<_>>(),
        [("ip-127-12-34-56.us-west-2.compute.internal", 10)]
    );
    assert!(a.executors.executors.iter().all(|e| e.cores == 3));
    assert_eq!(tasks(&a), 107);
    assert_eq!(a.peaks.max(Metric::JvmHeapMemory), Some(1_145_893_472));
}

#[test]
fn task_and_executor_failures_are_counted_and_read() {
    let (_, a) = one("yarn-task-and-executor-failures.zstd");
    assert_eq!(a.executors.executors.len(), 8);
    let per_host: Vec<(&str, u32)> = hosts(&a).iter().map(|h| (h.0, h.1)).collect();
    assert_eq!(per_host.iter().map(|h| h.1).sum::<u32>(), 8);
    assert!(per_host.contains(&("hostname-03.domain.com", 2)));
    assert!(per_host.contains(&("hostname-08.domain.com", 2)));
    assert_eq!(per_host.len(), 6);
    assert!(a.executors.executors.iter().all(|e| e.cores == 4));
    // 8 630 task ends: 8 577 ran and ended, 50 are "Resubmitted" notices, 1 lost with its
    // executor, 2 FetchFailed (53 that did not succeed).
    let resubmitted_notices = 50;
    assert_eq!(tasks(&a) + resubmitted_notices, 8630);
    let failed: u64 = a.stages.iter().map(|s| s.totals.failed).sum();
    assert_eq!(failed, 53);
    assert_eq!(a.peaks.max(Metric::JvmHeapMemory), Some(1_269_407_928));
    // Executors 2 and 1 removed with "Executor Process Lost".
    let lost = a.findings.iter().find_map(|f| match f {
        Finding::ExecutorsLost {
            cause,
            executors,
            reason,
        } => Some((*cause, executors.clone(), reason.clone())),
        _ => None,
    });
    assert_eq!(
        lost,
        Some((
            LossCause::Other,
            vec!["2".to_string(), "1".to_string()],
            "Executor Process Lost".to_string()
        ))
    );
    let kinds: Vec<(FailureKind, u64)> = a
        .findings
        .iter()
        .filter_map(|f| match f {
            Finding::TaskFailures {
                failure,
                tasks,
                stages,
                ..
            } => {
                assert_eq!(stages, &[238]);
                Some((*failure, *tasks))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        kinds,
        [
            (FailureKind::ExecutorLost, 1),
            (FailureKind::FetchFailed, 2),
            (FailureKind::Resubmitted, 50)
        ]
    );
    // spark.task.cpus=4 on 4-core executors: one task slot each, and the plan places.
    assert_eq!(a.settings.task_cpus, 4);
    let placed = a
        .plan
        .as_ref()
        .and_then(|p| p.placed.as_ref())
        .expect("placed");
    assert_eq!(placed.as_ran.map(|n| n.task_slots), Some(8));
}

#[test]
fn a_log_cut_short_says_where_it_ends_and_what_is_open() {
    let (_, a) = one("bad-truncated_eventlog");
    assert!(!a.run.ended);
    assert!(a.unknowns.contains(&Unknown::CutShort));
    assert!(matches!(a.settings.master, Master::Local { threads: None }));
    assert_eq!(tasks(&a), 21);
    assert_eq!(a.run.last_line.as_ref().map(|l| l.line), Some(62));
    assert_eq!(a.run.jobs_not_ended, [1]);
    let words = eventlog::words::cut_short_words(&a.run);
    assert!(
        words.starts_with("The log ends at line 62 of bad-truncated_eventlog"),
        "{words}"
    );
    // Local mode: no plan, and it says why.
    assert!(a.plan.is_none());
    assert!(a.unknowns.contains(&Unknown::LocalMode));
}

#[test]
fn a_line_that_is_not_json_stops_the_analysis_at_its_line() {
    let r = read("bad-malformed-json.zstd");
    let first = &r.problems[0];
    assert_eq!(first.at.line, 4);
    assert!(
        matches!(&first.kind, ProblemKind::NotJson { column: 43, message } if message.contains("key must be a string"))
    );
    assert_eq!(r.problems[1].kind, ProblemKind::LinesNotRead { lines: 473 });
    assert!(r.stopped);
    let why = eventlog::words::not_analysed(&r).expect("nothing to analyse");
    assert!(why.contains("line 4: not JSON at column 43"), "{why}");
}

#[test]
fn a_run_without_tasks_has_nothing_to_size() {
    let (_, a) = one("local-no-tasks_empty_eventlog");
    assert_eq!(tasks(&a), 0);
    assert!(a.unknowns.contains(&Unknown::NoTasks));
    assert!(a.plan.is_none());
}

#[test]
fn a_rolling_log_reads_its_parts_in_order() {
    let (r, a) = one("eventlog_v2_local-1623876083964");
    assert_eq!(r.files.len(), 2, "the appstatus marker is passed over");
    assert!(r.files.iter().all(|f| f.codec == Codec::Zstd));
    assert_eq!(r.files[0].name, "events_1_local-1623876083964.zstd");
    assert_eq!(tasks(&a), 2801);
    assert!(a.run.ended);
}

#[test]
fn a_gzipped_log_is_read() {
    let (r, a) = one("local-gzipped_eventlog-2021-06-15--15-00.gz");
    assert_eq!(r.files[0].codec, Codec::Gzip);
    assert_eq!(tasks(&a), 2672);
    assert!(!a.run.ended);
}

#[test]
fn spark_2_logs_no_executor_metrics_and_says_so() {
    let (_, a) = one("spark-2.2.3_eventlog.zstd");
    assert_eq!(a.run.spark_version.as_deref(), Some("2.2.3"));
    assert_eq!(tasks(&a), 6);
    assert!(a.unknowns.contains(&Unknown::NoExecutorMetrics));
}

#[test]
fn the_sparklens_log_keeps_its_stage_graph_and_task_times() {
    let (_, a) = one("sparklens_local-1532512550423");
    assert_eq!(a.run.spark_version.as_deref(), Some("2.3.0"));
    assert_eq!(tasks(&a), 8);
    assert_eq!(a.jobs.len(), 2);
    assert!(a
        .stages
        .iter()
        .all(|s| s.tasks_times.len() as u64 == s.tasks));
}

#[test]
fn kubernetes_run_is_sized_from_its_heap_and_rss() {
    let (_, a) = one("eventlog_v2_spark-110be3a8424d4a2789cb88134418217b");
    assert_eq!(a.settings.master, Master::Kubernetes);
    assert_eq!(hosts(&a).len(), 4);
    assert!(hosts(&a).iter().all(|h| h.1 == 1));
    assert!(a.executors.executors.iter().all(|e| e.cores == 1));
    assert_eq!(tasks(&a), 39);
    // 4g + 4g: the heap's peak was 4 013 MiB of 4 096 (98 %).
    assert_eq!(
        (a.executors.heap_mib, a.executors.overhead_mib),
        (4096, 4096)
    );
    assert_eq!(a.peaks.max(Metric::JvmHeapMemory), Some(4_208_296_816));
    let plan = a.plan.as_ref().expect("a plan");
    // 4 013 MiB + 25 % = 5 017 MiB: 5 GiB.
    assert_eq!(plan.heap.heap_mib, 5 * 1024);
    assert_eq!(plan.overhead.basis, OverheadBasis::Measured);
    let placed = plan.placed.as_ref().expect("placed");
    assert!(placed.link.starts_with("v=1&cm=k8s"), "{}", placed.link);
    assert_eq!(placed.recommended.map(|n| n.executors_running), Some(4));
}
