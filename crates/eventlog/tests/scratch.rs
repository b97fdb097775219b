mod common;

#[test]
fn scratch_dump() {
    let shared = [
        "yarn-stage-peaks_application_1553914137147_0018",
        "resource-profiles_application_1578436911597_0052",
        "yarn-dynamic-allocation_4nodes_8cores.zstd",
        "emr-3.3.0-amzn_attempt_1.zstd",
        "yarn-task-and-executor-failures.zstd",
        "bad-truncated_eventlog",
        "bad-malformed-json.zstd",
        "local-no-tasks_empty_eventlog",
        "eventlog_v2_local-1623876083964",
        "local-gzipped_eventlog-2021-06-15--15-00.gz",
        "spark-2.2.3_eventlog.zstd",
        "sparklens_local-1532512550423",
        "eventlog_v2_spark-110be3a8424d4a2789cb88134418217b",
    ];
    for name in shared {
        let r = common::read(&common::shared(name));
        println!(
            "== {name}: runs {} files {:?} problems {:?} progress {:?}",
            r.runs.len(),
            r.files
                .iter()
                .map(|f| (f.codec, f.lines, f.not_an_event_log))
                .collect::<Vec<_>>(),
            r.problems,
            r.progress
        );
        for run in &r.runs {
            println!(
                "   app {:?} execs {} tasks {} stages {} jobs {}",
                run.app,
                run.executors.len(),
                run.counts.task_ends,
                run.stages.len(),
                run.jobs.len()
            );
        }
    }
    for f in std::fs::read_dir("/tmp/evlogs").unwrap() {
        let p = f.unwrap().path();
        let r = common::read(&p);
        println!(
            "== {}: runs {} files {:?} problems {:?}",
            p.display(),
            r.runs.len(),
            r.files
                .iter()
                .map(|f| (f.codec, f.lines, f.not_an_event_log))
                .collect::<Vec<_>>(),
            r.problems
        );
        for run in &r.runs {
            println!(
                "   app {:?} execs {} tasks {} stages {} jobs {}",
                run.app.name,
                run.executors.len(),
                run.counts.task_ends,
                run.stages.len(),
                run.jobs.len()
            );
        }
    }
}

#[test]
fn scratch_place() {
    let r = common::read(&common::shared("yarn-task-and-executor-failures.zstd"));
    let a = eventlog::analyze_all(&r, &eventlog::Options::default());
    let p = a[0].plan.as_ref().unwrap().placed.as_ref().unwrap();
    println!("{:?}", p.check.answer);
}
