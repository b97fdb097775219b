//! The logs this crate's `tests/data/make_logs.py` wrote with a local Spark 3.5 (README.md
//! there says what each holds): every codec Spark writes, a rolling log, a ZIP, a log still
//! being written, a skewed, a spilling and a dynamic-allocation job, and an executor that ran
//! out of heap. Expectations read by hand from their JSON lines.

mod common;

use eventlog::analysis::executors::LossCause;
use eventlog::analysis::findings::Finding;
use eventlog::analysis::plan::HeapBasis;
use eventlog::analysis::{Analysis, Master, Unknown};
use eventlog::run::FailureKind;
use eventlog::{analyze_all, Codec, Options, ProblemKind, Read};

fn read(name: &str, chunk: usize) -> Read {
    common::read_paths(&[common::data(name)], chunk)
}

fn one(name: &str) -> (Read, Analysis) {
    let r = read(name, 64 << 10);
    assert_eq!(r.runs.len(), 1, "{name}");
    let a = analyze_all(&r, &Options::default()).remove(0);
    (r, a)
}

/// The small job of every codec log: two 1-core executors on 127.0.0.1 (`local-cluster[2,1,1024]`),
/// a 4-task stage and its 1-task reduce, both jobs ended, the peaks logged.
fn small_job(a: &Analysis) {
    assert_eq!(a.run.spark_version.as_deref(), Some("3.5.9"));
    assert_eq!(a.settings.master, Master::Standalone);
    assert_eq!(a.executors.hosts.len(), 1);
    assert_eq!(a.executors.hosts[0].host, "127.0.0.1");
    assert_eq!(a.executors.hosts[0].executors, 2);
    assert!(a.executors.executors.iter().all(|e| e.cores == 1));
    assert_eq!(a.stages.iter().map(|s| s.tasks).sum::<u64>(), 5);
    assert_eq!(a.jobs.len(), 2);
    assert!(a.run.ended);
    assert!(a.peaks.stage_peaks_logged && a.peaks.process_tree_logged);
    assert!(a.peaks.samples > 0);
}

#[test]
fn every_codec_spark_writes_is_read_in_chunks_of_any_size() {
    for (name, codec) in [
        ("codec-none", Codec::None),
        ("codec-zstd.zstd", Codec::Zstd),
        ("codec-lz4.lz4", Codec::Lz4),
        ("codec-snappy.snappy", Codec::Snappy),
        ("codec-lzf.lzf", Codec::Lzf),
        ("codec-none.zip", Codec::Zip),
    ] {
        let whole = read(name, 1 << 20);
        assert_eq!(whole.files[0].codec, codec, "{name}");
        assert!(whole.problems.is_empty(), "{name}: {:?}", whole.problems);
        for chunk in [1, 7, 4096, 65_537] {
            let again = read(name, chunk);
            assert_eq!(again.runs, whole.runs, "{name} in chunks of {chunk}");
            assert_eq!(again.progress.bytes_decoded, whole.progress.bytes_decoded);
        }
        let a = analyze_all(&whole, &Options::default()).remove(0);
        assert_eq!(
            a.run.name.as_deref(),
            Some(if codec == Codec::Zip {
                "codec-none"
            } else {
                name.split('.').next().unwrap()
            })
        );
        small_job(&a);
    }
}

#[test]
fn a_rolling_log_of_three_parts_is_one_run() {
    let folder = std::fs::read_dir(common::data(""))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("eventlog_v2_")
        })
        .expect("the rolling log");
    let r = common::read_paths(&[folder], 4096);
    assert_eq!(
        r.files.len(),
        3,
        "three parts; the appstatus marker passed over"
    );
    assert!(r
        .files
        .iter()
        .enumerate()
        .all(|(i, f)| f.name.starts_with(&format!("events_{}_", i + 1))));
    assert_eq!(r.runs.len(), 1);
    let a = analyze_all(&r, &Options::default()).remove(0);
    small_job(&a);
    assert_eq!(a.run.files.len(), 3);
}

#[test]
fn a_log_still_being_written_is_read_to_its_last_whole_line() {
    let (r, a) = one("running.zstd.inprogress");
    // Two thirds of codec-zstd's 107 lines (71) and half of the 72nd, in an unfinished zstd
    // frame: the 71 whole lines are read, the 72nd is said to be cut.
    assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
    assert_eq!(r.problems[0].at.line, 72);
    assert!(matches!(r.problems[0].kind, ProblemKind::CutShort { .. }));
    assert_eq!(a.executors.executors.len(), 2);
    assert!(!a.run.ended);
}

#[test]
fn a_skewed_stage_is_found_with_its_remedies() {
    let (_, a) = one("skewed.zstd");
    // Two 2-core executors; the reduce stage 1 has one task holding key 0's nine records in ten.
    assert!(a.executors.executors.iter().all(|e| e.cores == 2));
    let skew = a.findings.iter().find_map(|f| match f {
        Finding::Skew {
            stage,
            median_ms,
            max_ms,
            tasks,
            max_task_shuffle_read_bytes,
        } => Some((
            *stage,
            *median_ms,
            *max_ms,
            *tasks,
            *max_task_shuffle_read_bytes,
        )),
        _ => None,
    });
    // Stage 1's tasks took 2 959, 3 048, 3 126 and 15 093 ms (finish − launch); the longest
    // read 682 354 bytes of shuffle data, the others about 19 400 each.
    assert_eq!(skew, Some((1, 3048, 15_093, 4, 682_354)));
    let words = eventlog::words::finding_words(&a.findings[0]);
    assert!(
        words.contains("salt") && words.contains("NULL join keys"),
        "{words}"
    );
}

#[test]
fn a_spilling_stage_is_found() {
    let (_, a) = one("spilling.zstd");
    let spill = a.findings.iter().find_map(|f| match f {
        Finding::Spill {
            stage, disk_bytes, ..
        } => Some((*stage, *disk_bytes)),
        _ => None,
    });
    // The sort's stage 2 wrote 60 999 821 bytes of spill (its tasks' Disk Bytes Spilled).
    assert_eq!(spill, Some((2, 60_999_821)));
}

#[test]
fn an_executor_out_of_heap_is_read_as_a_person_would_and_the_heap_grows() {
    let (_, a) = one("executor-oom.zstd");
    let e = &a.executors.executors[0];
    assert_eq!(
        e.removed_reason.as_deref(),
        Some("Command exited with code 52")
    );
    assert_eq!(e.loss, Some(LossCause::HeapOutOfMemory));
    assert!(matches!(
        &a.findings[0],
        Finding::ExecutorsLost {
            cause: LossCause::HeapOutOfMemory,
            ..
        }
    ));
    let oom = a.findings.iter().any(|f| {
        matches!(
            f,
            Finding::TaskFailures {
                failure: FailureKind::OutOfMemory,
                tasks: 1,
                ..
            }
        )
    });
    assert!(oom);
    // Its JVMHeapMemory reached 516 054 528 bytes (492 MiB) of the 512 MiB heap.
    assert_eq!(
        a.peaks.max(eventlog::Metric::JvmHeapMemory),
        Some(516_054_528)
    );
    // spark.executor.memory=512m ran out: at least half as much again, in whole GiB.
    let plan = a.plan.as_ref().expect("a plan");
    assert_eq!(plan.heap.basis, HeapBasis::OutOfMemory);
    assert_eq!(plan.heap.configured_mib, 512);
    assert_eq!(plan.heap.heap_mib, 1024);
}

#[test]
fn dynamic_allocation_adds_and_releases_executors() {
    let (_, a) = one("dynamic-allocation.zstd");
    assert!(a.settings.dynamic_allocation);
    // Three executors for the first job, released after 2 s idle, three more for the second.
    assert_eq!(a.executors.executors.len(), 6);
    let released = a
        .executors
        .executors
        .iter()
        .filter(|e| e.loss == Some(LossCause::ReleasedByDriver))
        .count();
    assert_eq!(released, 3);
    assert_eq!(a.executors.most_alive, 3);
    assert_eq!(a.stages.iter().map(|s| s.tasks).sum::<u64>(), 18);
    let plan = a.plan.as_ref().expect("a plan");
    assert!(plan
        .settings
        .iter()
        .any(|(k, _)| k == "spark.dynamicAllocation.maxExecutors"));
    // Standalone is no cluster manager the planner plans: sized, not placed.
    assert!(plan.placed.is_none());
    assert!(!a.unknowns.contains(&Unknown::NodeSizes));
}
