//! The workload checks and dynamic allocation (issue 10), against numbers worked by hand.
//!
//! Memory pools by hand (Spark's `UnifiedMemoryManager`, Java doubles truncated to `long`):
//! usable = (heap − 300 MiB) bytes; unified = ⌊usable × 0.6⌋; storage = ⌊unified × 0.5⌋;
//! execution = unified − storage; with N tasks each may take execution ÷ N and is guaranteed
//! execution ÷ 2N.
//! - 45g (46 080 MiB): usable 45 780 MiB = 48 003 809 280 bytes; unified 28 802 285 568;
//!   storage 14 401 142 784; execution 14 401 142 784. N = 10: ÷ 20 = 720 057 139,
//!   ÷ 10 = 1 440 114 278 (1 373.4 MiB). N = 8: ÷ 8 = 1 800 142 848 (1 716.7 MiB).
//! - 19g (19 456 MiB): usable 19 156 MiB = 20 086 521 856 bytes; unified 12 051 913 113;
//!   storage 6 025 956 556; execution 6 025 956 557. N = 4: ÷ 4 = 1 506 489 139 (1 436.7 MiB).

use planner::catalog::ClusterManager;
use planner::dynamic_allocation::{
    allocation_conf, allocation_notes, allocation_numbers, DynamicAllocation, Refusal,
    ShuffleKeeping,
};
use planner::job_fit::{job_fit, RemedyKind};
use planner::memory::{unified_memory, MemoryFractions};
use planner::presets::preset;
use planner::scenario::{plan, Outcome, Scenario};
use planner::url::{scenario_from_query, scenario_to_query};
use planner::workload::{
    coalesce_target, scan_numbers, shuffle_numbers, shuffle_numbers_with, task_check, waves_of,
    workload_notes, workload_numbers, ExecutorView, TargetReason, TaskSource, TaskVerdict,
    Workload,
};
use planner::{Code, FieldId};

const MIB: u64 = 1 << 20;

/// The seed's failing executors: 6 × 10 cores × 45g.
fn seed_view() -> ExecutorView {
    ExecutorView {
        executors: 6,
        cores: 10,
        task_slots_per_executor: 10,
        heap_mib: 46_080,
        memory: unified_memory(46_080 * MIB, MemoryFractions::default(), 0, 10).ok(),
        driver_heap_mib: 1024,
        collected_mib: None,
        max_result_size_mib: 1024,
    }
}

#[test]
fn pools_match_the_hand_worked_numbers() {
    let m = seed_view().memory.expect("45g is above 450 MiB");
    assert_eq!(m.execution_bytes, 14_401_142_784);
    assert_eq!(m.per_task_min_bytes, 720_057_139);
    assert_eq!(m.per_task_max_bytes, 1_440_114_278);
}

#[test]
fn scan_tasks_and_waves_by_hand() {
    // 100 GiB on 60 slots: (102 400 MiB + 4 MiB) ÷ 60 cores ≈ 1 706 MiB per core, above
    // 128 MiB, so splits of 128 MiB: 102 400 ÷ 128 = 800 tasks; ⌈800 ÷ 60⌉ = 14 waves, the
    // last with 800 − 13 × 60 = 20 tasks and 40 idle slots.
    let s = scan_numbers(102_400, &Workload::default(), &seed_view());
    assert_eq!(s.split_bytes, 128 * MIB);
    assert_eq!(s.default_parallelism, 60);
    assert_eq!((s.tasks, s.task_slots, s.waves), (800, 60, 14));
    assert_eq!((s.last_wave_tasks, s.idle_slots_last_wave), (20, 40));

    // 1 GiB on 60 cores: (1 073 741 824 + 4 194 304) ÷ 60 = 17 965 602 bytes per core, below
    // 128 MiB and above 4 MiB, so that is the split; ⌈1 073 741 824 ÷ 17 965 602⌉ = 60 tasks:
    // one full wave.
    let s = scan_numbers(1024, &Workload::default(), &seed_view());
    assert_eq!(s.split_bytes, 17_965_602);
    assert_eq!((s.tasks, s.waves, s.idle_slots_last_wave), (60, 1, 0));

    // 16 MiB: (16 + 4) MiB ÷ 60 is below the 4 MiB open cost, so splits of 4 MiB: 4 tasks.
    let s = scan_numbers(16, &Workload::default(), &seed_view());
    assert_eq!((s.split_bytes, s.tasks), (4 * MIB, 4));
    assert_eq!(
        (s.waves, s.last_wave_tasks, s.idle_slots_last_wave),
        (1, 4, 56)
    );
}

/// Issue 27 item 4: Spark packs files into splits file by file. `PartitionedFileUtil.splitFiles`
/// cuts a splittable file into pieces of maxSplitBytes (a gzip file is one piece:
/// `TextFileFormat.isSplitable`), and `FilePartition.getFilePartitions` adds pieces, largest
/// first, to a task while the task's bytes plus the next piece stay within maxSplitBytes, each
/// piece counting its length plus `openCostInBytes` (4 MiB).
#[test]
fn scan_tasks_count_files_and_whether_they_split() {
    // 1 000 files of 100 MiB on 30 cores: totalBytes = 1 000 × 104 MiB; ÷ 30 is above 128 MiB,
    // so maxSplitBytes is 128 MiB; a task holds one file (100 + 4 + 100 > 128): 1 000 tasks,
    // where one 100 000 MiB file would be ⌈100 000 ÷ 128⌉ = 782.
    let thirty = ExecutorView {
        executors: 3,
        task_slots_per_executor: 10,
        ..seed_view()
    };
    let files = |n: u32, splittable: bool| Workload {
        files: Some(n),
        splittable,
        ..Workload::default()
    };
    let one_file = scan_numbers(100_000, &Workload::default(), &thirty);
    assert_eq!(one_file.tasks, 782);
    let s = scan_numbers(100_000, &files(1_000, true), &thirty);
    assert_eq!((s.split_bytes, s.tasks), (128 * MIB, 1_000));
    // 10 gzip files of 1 GiB do not split: one task each, whatever the split.
    let s = scan_numbers(10_240, &files(10, false), &thirty);
    assert_eq!(s.tasks, 10);
    // Splittable, the same files are 8 pieces of 128 MiB each: 80 tasks.
    let s = scan_numbers(10_240, &files(10, true), &thirty);
    assert_eq!(s.tasks, 80);
    // 10 000 files of 1 MiB: a task takes j files while 5j + 1 ≤ 128 MiB, so 26 of them:
    // ⌈10 000 ÷ 26⌉ = 385 tasks.
    let s = scan_numbers(10_000, &files(10_000, true), &thirty);
    assert_eq!(s.tasks, 385);
    let note = &workload_notes(&workload_numbers(
        &Workload {
            input_mib: Some(100_000),
            ..files(1_000, false)
        },
        &thirty,
    ))[0];
    assert!(
        note.message
            .contains("1000 files of 100 MiB that do not split")
            && note.message.contains("takes 1000 tasks"),
        "{}",
        note.message
    );
}

/// Issue 27 item 5: `spark.default.parallelism` replaces the executors' cores in
/// `FilePartition.maxSplitBytes` (`leafNodeDefaultParallelism` falls back to
/// `SparkContext.defaultParallelism`, which reads `spark.default.parallelism` first in
/// `CoarseGrainedSchedulerBackend`), and EMR's `maximizeResourceAllocation` sets it to 2 × the
/// vCPUs of the core nodes (EMR Release Guide, "Configure Spark").
#[test]
fn default_parallelism_sets_the_split_and_emr_maximize_sets_it() {
    // 1 GiB on 60 cores with spark.default.parallelism=600: (1 GiB + 4 MiB) ÷ 600 = 1 796 560
    // bytes, below the 4 MiB open cost, so splits of 4 MiB: 256 tasks, not 60.
    let w = Workload {
        default_parallelism: Some(600),
        ..Workload::default()
    };
    let s = scan_numbers(1024, &w, &seed_view());
    assert_eq!(
        (s.default_parallelism, s.split_bytes, s.tasks),
        (600, 4 * MIB, 256)
    );
    // EMR: 9 r5.4xlarge core nodes (16 vCPUs) under maximizeResourceAllocation: 2 × 9 × 16.
    let mut emr = planner::emr::EmrInput {
        maximize_resource_allocation: true,
        ..planner::emr::EmrInput::default()
    };
    emr.workload.input_mib = Some(1024);
    let scenario = Scenario::Emr(emr);
    let fit = job_fit(&scenario, &plan(&scenario)).expect("valid");
    let scan = fit.workload.and_then(|n| n.scan).expect("input given");
    assert_eq!(scan.default_parallelism, 288);
    // The link carries the new fields and reads them back.
    let query = "v=1&wfiles=1000&wsplits=0&dpar=600&win=100";
    let decoded = scenario_from_query(query);
    assert!(decoded.bad.is_empty() && decoded.unknown.is_empty());
    let Scenario::Yarn(input) = &decoded.scenario else {
        panic!("YARN");
    };
    let w = input.spark.workload;
    assert_eq!(
        (w.files, w.splittable, w.default_parallelism),
        (Some(1000), false, Some(600))
    );
    assert_eq!(
        scenario_from_query(&scenario_to_query(&decoded.scenario)).scenario,
        decoded.scenario
    );
}

/// Issue 27 item 6: AQE coalesces by default. `ShufflePartitionsUtil.coalescePartitions`
/// targets ⌈shuffle ÷ minNumPartitions⌉, at most the advisory size and at least
/// `coalescePartitions.minPartitionSize` (1 MiB); `CoalesceShufflePartitions` takes
/// minNumPartitions as the default parallelism under `parallelismFirst` (Spark's default) and 1
/// without it (the settings the page emits).
#[test]
fn aqe_coalescing_is_said_as_it_happens() {
    assert_eq!(
        coalesce_target(10 * MIB, 64 * MIB, 60),
        MIB,
        "never below 1 MiB"
    );
    assert_eq!(coalesce_target(1024 * MIB, 64 * MIB, 60), 17_895_698);
    assert_eq!(coalesce_target(1024 * MIB, 64 * MIB, 1), 64 * MIB);
    // 1 GiB on 60 slots: 16 partitions of 64 MiB rounded up to a wave of 60 (17.07 MiB each);
    // AQE then merges 3 neighbours up to 64 MiB: about 20 tasks run, not 60.
    let s = shuffle_numbers_with(1024, &seed_view(), 60);
    assert_eq!((s.partitions, s.coalesced_partitions), (60, 20));
    assert_eq!(s.spark_default_target_bytes, 17_895_698);
    let n = workload_numbers(
        &Workload {
            shuffle_mib: Some(1024),
            ..Workload::default()
        },
        &seed_view(),
    );
    let note = &workload_notes(&n)[0];
    assert!(
        note.message.contains("about 20 run, not 60"),
        "{}",
        note.message
    );
    // 100 GiB: 1 620 partitions of about 63.2 MiB; two would exceed 64 MiB, so all stay.
    let s = shuffle_numbers(102_400, &seed_view());
    assert_eq!(s.coalesced_partitions, 1620);
}

#[test]
fn waves_at_the_boundaries() {
    assert_eq!(waves_of(60, 60), (1, 60, 0)); // exactly one full wave
    assert_eq!(waves_of(61, 60), (2, 1, 59)); // one task over: a second wave of one
    assert_eq!(waves_of(0, 60), (0, 0, 0));
    assert_eq!(waves_of(10, 0), (0, 0, 0)); // no slots: no waves, no division by zero
    assert_eq!(waves_of(u64::MAX, 1), (u64::MAX, 1, 0));
}

#[test]
fn shuffle_partitions_by_hand() {
    // 100 GiB at AQE's 64 MiB target (each task is guaranteed 686.7 MiB, more than 64 MiB):
    // 102 400 ÷ 64 = 1 600 partitions, rounded up to whole waves of 60: 27 × 60 = 1 620, each
    // about 107 374 182 400 ÷ 1 620 = 66 280 359 bytes; Spark's 200 give 512 MiB each.
    let s = shuffle_numbers(102_400, &seed_view());
    assert_eq!(s.reason, TargetReason::AdvisoryDefault);
    assert_eq!((s.target_bytes, s.partitions_for_target), (64 * MIB, 1600));
    assert_eq!((s.partitions, s.average_bytes), (1620, 66_280_359));
    assert_eq!(s.default_average_bytes, 512 * MIB);

    // A 1g executor with 4 tasks: usable 724 MiB = 759 169 024 bytes, unified 455 501 414,
    // storage 227 750 707, execution 227 750 707; guaranteed ÷ 8 = 28 468 838 bytes, below
    // 64 MiB, so that is the target: ⌈10 GiB ÷ 28 468 838⌉ = 378, in waves of 8 slots: 384.
    let small = ExecutorView {
        executors: 2,
        cores: 4,
        task_slots_per_executor: 4,
        heap_mib: 1024,
        memory: unified_memory(1024 * MIB, MemoryFractions::default(), 0, 4).ok(),
        driver_heap_mib: 1024,
        collected_mib: None,
        max_result_size_mib: 1024,
    };
    let s = shuffle_numbers(10_240, &small);
    assert_eq!(s.reason, TargetReason::GuaranteedTaskMemory);
    assert_eq!(s.target_bytes, 28_468_838);
    assert_eq!((s.partitions_for_target, s.partitions), (378, 384));
}

#[test]
fn per_task_check_at_its_boundaries() {
    let v = seed_view();
    let verdict = |bytes| task_check(bytes, TaskSource::Given, &v).unwrap().verdict;
    assert_eq!(verdict(0), TaskVerdict::Fits);
    assert_eq!(verdict(720_057_139), TaskVerdict::Fits); // exactly the guarantee
    assert_eq!(verdict(720_057_140), TaskVerdict::Tight); // one byte over
    assert_eq!(verdict(1_440_114_278), TaskVerdict::Tight); // exactly the most a task may take
    assert_eq!(verdict(1_440_114_279), TaskVerdict::DoesNotFit); // one byte over
    assert_eq!(verdict(u64::MAX), TaskVerdict::DoesNotFit);
    // No pools (a heap Spark refuses): no check rather than a wrong one.
    let no_pools = ExecutorView { memory: None, ..v };
    assert!(task_check(1, TaskSource::Given, &no_pools).is_none());
}

fn yarn_with(query: &str) -> Scenario {
    let d = scenario_from_query(query);
    assert!(
        d.bad.is_empty() && d.unknown.is_empty(),
        "{query}: {:?} {:?}",
        d.bad,
        d.unknown
    );
    d.scenario
}

#[test]
fn the_out_of_memory_preset_shows_the_verdict_and_the_usual_fix() {
    let s = Scenario::Yarn(preset("oom-10-cores-45g").expect("preset").input);
    let fit = job_fit(&s, &plan(&s)).expect("plans");
    let task = fit.workload.and_then(|n| n.task).expect("a task is given");
    // 4 GiB against at most 1 373.4 MiB a task (execution ÷ 10 of a 45g heap).
    assert_eq!(task.task_bytes, 4096 * MIB);
    assert_eq!(task.max_bytes, 1_440_114_278);
    assert_eq!(task.verdict, TaskVerdict::DoesNotFit);
    // The seeds' own arithmetic: 10 × 4 GiB = 40 GiB.
    assert_eq!(task.all_tasks_bytes, 40 * 1024 * MIB);

    // Seed 001's fix: 4 cores, 21 GB containers (19g heap), more executors (17 against 6).
    let fix = fit
        .remedies
        .iter()
        .find(|r| r.kind == RemedyKind::SmallerExecutorsMore)
        .expect("the smaller-executors remedy");
    assert_eq!((fix.row.cores, fix.row.heap_mib), (4, 19_456));
    assert_eq!((fix.row.container_mib, fix.row.executors), (21_504, 17));
    // What it really gives a task: 1 436.7 MiB, more than 1 373.4 but short of 4 GiB.
    assert_eq!(fix.per_task_max_bytes, 1_506_489_139);
    assert!(!fix.fits);
    // Fewer cores at the same 45g: 8 cores give 1 716.7 MiB a task.
    let fewer = fit
        .remedies
        .iter()
        .find(|r| r.kind == RemedyKind::FewerCores)
        .expect("the fewer-cores remedy");
    assert_eq!(
        (fewer.row.cores, fewer.per_task_max_bytes),
        (8, 1_800_142_848)
    );

    // One click applies it: the adopted scenario plans 17 × 4 cores × 19g.
    let Outcome::Yarn(c) = plan(&fix.scenario) else {
        panic!("the remedy plans on YARN")
    };
    let p = c.selected_plan();
    assert_eq!((p.instances, p.cores(), p.heap_mib()), (17, 4, 19_456));
    let after = job_fit(&fix.scenario, &plan(&fix.scenario)).unwrap();
    assert_eq!(
        after.workload.unwrap().task.unwrap().max_bytes,
        1_506_489_139
    );

    // And the job can be made to fit: tasks of at most 1 373 MiB, 4 GiB in 3 salt buckets.
    let smaller = fit.smaller_tasks.expect("smaller tasks");
    assert_eq!(
        (smaller.target_bytes, smaller.salt_buckets),
        (1_440_114_278, 3)
    );
}

/// No filled shape on 64 GiB × 16-core nodes gives a task 4 GiB (a node's memory per core
/// bounds them all), so the same six 45g executors with `spark.task.cpus=3` are offered: 3
/// tasks at once in 10 cores share the 14 401 142 784 bytes of execution memory (46 080 MiB
/// heap − 300 MiB reserved, × 0.6 × 0.5), 4 800 380 928 bytes (4 578 MiB) each ≥ 4 GiB.
#[test]
fn the_out_of_memory_preset_offers_fewer_tasks_at_once_which_fits() {
    let s = Scenario::Yarn(preset("oom-10-cores-45g").expect("preset").input);
    let fit = job_fit(&s, &plan(&s)).expect("plans");
    let r = fit
        .remedies
        .iter()
        .find(|r| r.kind == RemedyKind::FewerTasksAtOnce)
        .expect("the spark.task.cpus remedy");
    assert_eq!(r.task_cpus, 3);
    assert_eq!(
        (r.row.cores, r.row.heap_mib, r.row.executors),
        (10, 46_080, 6)
    );
    assert_eq!(r.row.task_slots_per_executor, 3);
    assert_eq!(r.per_task_max_bytes, 14_401_142_784 / 3);
    assert!(
        r.fits && !r.fits_guaranteed,
        "3 tasks: within execution ÷ 3, not ÷ 6"
    );
    assert_eq!(
        planner::job_fit::remedy_words(r),
        "Fewer tasks at once in the same 6 executors × 10 cores × 45g: spark.task.cpus=3 runs 3 \
         tasks at a time in each executor, 1 core idle. Each task may take up to 4578 MiB \
         — the largest task fits only while the tasks beside it take less."
    );
    // One click applies it: the same executors, and the task is no longer short (it fits
    // while the two tasks beside it take less, as every remedy's "fits" means).
    let Outcome::Yarn(c) = plan(&r.scenario) else {
        panic!("the remedy plans on YARN")
    };
    let p = c.selected_plan();
    assert_eq!((p.instances, p.cores(), p.heap_mib()), (6, 10, 46_080));
    let after = job_fit(&r.scenario, &plan(&r.scenario)).unwrap();
    let task = after.workload.unwrap().task.unwrap();
    assert_eq!(task.verdict, TaskVerdict::Tight);
    assert_eq!(task.max_bytes, 14_401_142_784 / 3);
    assert!(after
        .remedies
        .iter()
        .all(|r| r.kind != RemedyKind::FewerTasksAtOnce));
    // A task larger than a whole executor's execution memory has no such remedy.
    let mut huge = preset("oom-10-cores-45g").unwrap().input;
    huge.spark.workload.largest_task_mib = Some(14_000);
    let huge = Scenario::Yarn(huge);
    let fit = job_fit(&huge, &plan(&huge)).unwrap();
    assert!(fit
        .remedies
        .iter()
        .all(|r| r.kind != RemedyKind::FewerTasksAtOnce));
}

/// Skew is of keys, so of shuffle partitions: with an input size and a skew factor but no
/// shuffle size, no largest task is made up from the scan's 128 MiB splits (the review saw
/// "1 024 MiB" and two remedies for 500 GiB at skew 8); a note asks for the shuffle size.
#[test]
fn a_skew_factor_sizes_only_shuffle_tasks() {
    let s = yarn_with("win=512000&wskew=8");
    let fit = job_fit(&s, &plan(&s)).expect("plans");
    let n = fit.workload.expect("a workload");
    assert!(n.task.is_none(), "{:?}", n.task);
    assert!(fit.remedies.is_empty());
    let notes = planner::workload::workload_notes(&n);
    assert!(
        notes.iter().any(|w| w
            .message
            .starts_with("The skew factor sizes the largest task from the shuffle")
            && w.field == Some(FieldId::ShuffleDataSize)),
        "{notes:?}"
    );
    // With the shuffle: 8 × the average partition.
    let s = yarn_with("win=512000&wsh=102400&wskew=8");
    let n = job_fit(&s, &plan(&s)).unwrap().workload.unwrap();
    let shuffle = n.shuffle.unwrap();
    assert_eq!(n.task.unwrap().task_bytes, shuffle.average_bytes * 8);
}

/// The verdict's explanation is there when the task is short: the seeds' arithmetic only then,
/// and for a skewed shuffle partition, where AQE's skew join helps and where it does not.
#[test]
fn a_short_task_explains_itself_and_one_that_fits_does_not() {
    let note = |query: &str| {
        let s = yarn_with(query);
        let n = job_fit(&s, &plan(&s)).unwrap().workload.unwrap();
        planner::workload::workload_notes(&n)
            .into_iter()
            .find(|w| w.field == Some(FieldId::LargestTaskInput))
            .expect("the task note")
            .message
    };
    let fits = note("wtask=100");
    assert!(!fits.contains("rule of thumb's arithmetic"), "{fits}");
    let skewed = note("wsh=204800&wskew=40");
    assert!(skewed.contains("does not fit"), "{skewed}");
    assert!(skewed.contains("rule of thumb's arithmetic"), "{skewed}");
    assert!(skewed.contains("AQE's skew-join splitting"), "{skewed}");
    let given = note("wtask=4096");
    assert!(
        !given.contains("AQE"),
        "a task size typed is not known to be skew: {given}"
    );
}

#[test]
fn a_small_task_fits_and_offers_no_remedy() {
    let mut input = preset("oom-10-cores-45g").unwrap().input;
    input.spark.workload.largest_task_mib = Some(512); // below the 686.7 MiB guarantee
    let s = Scenario::Yarn(input);
    let fit = job_fit(&s, &plan(&s)).unwrap();
    assert_eq!(
        fit.workload.unwrap().task.unwrap().verdict,
        TaskVerdict::Fits
    );
    assert!(fit.remedies.is_empty() && fit.smaller_tasks.is_none());
}

#[test]
fn skew_sizes_the_largest_task_from_the_shuffle() {
    // 100 GiB shuffled into 1 620 partitions of 66 280 359 bytes; skew 2.5 makes the largest
    // 165 700 897 bytes (2.5 × 66 280 359 = 165 700 897.5, truncated).
    let mut input = preset("oom-10-cores-45g").unwrap().input;
    input.spark.workload.largest_task_mib = None;
    input.spark.workload.shuffle_mib = Some(102_400);
    input.spark.workload.skew_factor = Some(2.5);
    let s = Scenario::Yarn(input);
    let task = job_fit(&s, &plan(&s))
        .unwrap()
        .workload
        .unwrap()
        .task
        .unwrap();
    assert_eq!(task.source, TaskSource::SkewOfShuffle);
    assert_eq!(task.task_bytes, 165_700_897);
    assert_eq!(task.verdict, TaskVerdict::Fits);
}

#[test]
fn nothing_typed_changes_nothing() {
    for m in ClusterManager::ALL {
        let s = Scenario::default_for(m);
        let fit = job_fit(&s, &plan(&s)).unwrap();
        assert!(fit.workload.is_none(), "{m:?}");
        assert!(fit.remedies.is_empty());
    }
}

#[test]
fn zero_and_absurd_sizes_are_refused_naming_the_field() {
    let cases = [
        ("win=0", FieldId::InputDataSize, "Input data size is 0 MiB; allowed: 1 MiB to 1\u{202f}048\u{202f}576 TiB"),
        ("win=2000000t", FieldId::InputDataSize, "Input data size is 2\u{202f}000\u{202f}000 TiB; allowed: 1 MiB to 1\u{202f}048\u{202f}576 TiB"),
        ("wtask=100t", FieldId::LargestTaskInput, "Largest task's input is 100 TiB; allowed: 1 MiB to 64 TiB"),
        ("wbc=0", FieldId::BroadcastTableSize, "Table to broadcast is 0 MiB; allowed: 1 MiB to 64 TiB"),
        ("wskew=0.5", FieldId::SkewFactor, "Skew factor is 0.5; allowed: from 1 up to 1\u{202f}000\u{202f}000"),
        ("daidle=99999999", FieldId::ExecutorIdleTimeout, "spark.dynamicAllocation.executorIdleTimeout is 99\u{202f}999\u{202f}999 s; allowed: 0 s to 31\u{202f}536\u{202f}000 s"),
    ];
    for m in ["", "cm=k8s&", "cm=emr&"] {
        for (query, field, message) in cases {
            let s = yarn_with(&format!("{m}{query}"));
            let Outcome::Invalid(d) = plan(&s) else {
                panic!("{m}{query} should be refused")
            };
            assert_eq!(d.len(), 1, "{m}{query}: {d:?}");
            assert_eq!(d[0].field, Some(field), "{m}{query}");
            assert_eq!(d[0].message, message, "{m}{query}");
        }
    }
}

/// Spark's `Utils.getDynamicAllocationInitialExecutors`: `Seq(minExecutors,
/// initialExecutors, spark.executor.instances.getOrElse(0)).max`, logging "… less than
/// spark.dynamicAllocation.minExecutors is invalid, ignoring its setting, please update your
/// configs." for initialExecutors or spark.executor.instances below minExecutors.
#[test]
fn the_initial_count_follows_spark() {
    let on = |min, initial, max| {
        let mut da = DynamicAllocation::spark_default();
        da.enabled = true;
        da.settings.min_executors = min;
        da.settings.initial_executors = initial;
        da.settings.max_executors = max;
        da
    };
    let n = allocation_numbers(&on(2, Some(4), Some(40)), ClusterManager::Yarn, 17, 17);
    assert_eq!((n.initial_setting, n.initial, n.reachable), (4, 17, 17));
    let n = allocation_numbers(&on(20, None, Some(40)), ClusterManager::Yarn, 17, 30);
    assert_eq!((n.initial_setting, n.initial, n.reachable), (20, 20, 30));
    let ignored: Vec<_> = allocation_notes(&n)
        .into_iter()
        .filter(|w| w.code == Code::DynamicAllocationIgnored)
        .collect();
    assert_eq!(ignored.len(), 1);
    assert!(ignored[0].message.contains("\"spark.executor.instances less than spark.dynamicAllocation.minExecutors is invalid, ignoring its setting, please update your configs.\""));
    let n = allocation_numbers(&on(3, Some(1), Some(40)), ClusterManager::Yarn, 5, 30);
    assert_eq!(n.initial, 5);
    assert!(allocation_notes(&n)
        .iter()
        .any(|w| w.field == Some(FieldId::InitialExecutors)
            && w.message.contains("initialExecutors less than")));
}

/// `ExecutorAllocationManager.validateSettings` and `maxExecutors`' default, `Int.MaxValue`.
#[test]
fn the_ceiling_and_refusals_follow_spark() {
    let mut da = DynamicAllocation::spark_default();
    da.enabled = true;
    // Unset: unbounded, "a job can eat up the whole cluster".
    let n = allocation_numbers(&da, ClusterManager::Yarn, 17, 17);
    assert_eq!((n.ceiling, n.reachable), (None, 17));
    let notes = allocation_notes(&n);
    assert_eq!(notes[0].code, Code::DynamicAllocationUnbounded);
    assert!(notes[0]
        .message
        .contains("a job can eat up the whole cluster"));
    // Above what fits.
    da.settings.max_executors = Some(100);
    let n = allocation_numbers(&da, ClusterManager::Yarn, 17, 17);
    assert_eq!(n.reachable, 17);
    assert!(allocation_notes(&n)
        .iter()
        .any(|w| w.code == Code::DynamicAllocationAboveFit));
    // Exactly what fits: no ceiling note.
    da.settings.max_executors = Some(17);
    let n = allocation_numbers(&da, ClusterManager::Yarn, 17, 17);
    assert!(allocation_notes(&n)
        .iter()
        .all(|w| w.code == Code::DynamicAllocationCount));
    // Spark's refusals.
    da.settings.max_executors = Some(0);
    assert_eq!(
        allocation_numbers(&da, ClusterManager::Yarn, 1, 17).refusal,
        Some(Refusal::MaxIsZero)
    );
    da.settings.max_executors = Some(3);
    da.settings.min_executors = 5;
    let n = allocation_numbers(&da, ClusterManager::Yarn, 1, 17);
    assert_eq!(n.refusal, Some(Refusal::MinAboveMax { min: 5, max: 3 }));
    assert!(allocation_notes(&n)[0].message.contains(
        "\"spark.dynamicAllocation.minExecutors (5) must be less than or equal to spark.dynamicAllocation.maxExecutors (3)!\""
    ));
    // No way to keep shuffle files: Spark's own message.
    da.settings = Default::default();
    da.settings.shuffle = ShuffleKeeping::None;
    let n = allocation_numbers(&da, ClusterManager::Yarn, 1, 17);
    assert_eq!(n.refusal, Some(Refusal::NoShuffleKeeping));
    assert!(allocation_notes(&n)[0]
        .message
        .contains("\"Dynamic allocation of executors requires one of the following conditions"));
    // Kubernetes has no external shuffle service: Spark's check passes
    // (`validateSettings` accepts spark.shuffle.service.enabled), and each executor then fails
    // to register with the service (`BlockManager.registerWithExternalShuffleServer`).
    da.settings.shuffle = ShuffleKeeping::ExternalService;
    let n = allocation_numbers(&da, ClusterManager::Kubernetes, 1, 17);
    assert_eq!(n.refusal, Some(Refusal::NoShuffleServiceOnKubernetes));
    let refused = &allocation_notes(&n)[0];
    assert_eq!(refused.field, Some(FieldId::ShuffleKeeping));
    assert!(
        refused.message.contains("Spark starts")
            && refused.message.contains("fails to register")
            && !refused.message.contains("refuses to start"),
        "{}",
        refused.message
    );
    assert_eq!(
        allocation_numbers(&da, ClusterManager::Yarn, 1, 17).refusal,
        None
    );
    // Off: nothing to refuse and nothing to say.
    da.enabled = false;
    da.settings.shuffle = ShuffleKeeping::None;
    let n = allocation_numbers(&da, ClusterManager::Yarn, 1, 17);
    assert_eq!(n.refusal, None);
    assert!(allocation_notes(&n).is_empty());
}

#[test]
fn dynamic_allocation_is_in_every_export() {
    use planner::exports;
    // YARN: on, with a ceiling and decommissioning.
    let s = yarn_with("n=6&c=16&m=64&dyn=1&damin=2&damax=40&dash=decommission");
    let Outcome::Yarn(c) = plan(&s) else { panic!() };
    let conf = exports::yarn_spark_conf(&c, c.selected);
    let tail: Vec<String> = conf[conf.len() - 7..]
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    assert_eq!(
        tail,
        [
            "spark.dynamicAllocation.enabled=true",
            "spark.dynamicAllocation.minExecutors=2",
            "spark.dynamicAllocation.maxExecutors=40",
            "spark.dynamicAllocation.shuffleTracking.enabled=false",
            "spark.decommission.enabled=true",
            // Migration needs the storage switch as well as the shuffle blocks one.
            "spark.storage.decommission.enabled=true",
            "spark.storage.decommission.shuffleBlocks.enabled=true",
        ]
    );
    assert!(exports::submit_flags(&conf)
        .contains(&"spark.dynamicAllocation.maxExecutors=40".to_string()));

    // Kubernetes: the operator's dynamicAllocation block, the count marked as initial.
    let s = yarn_with("cm=k8s&dyn=1&dainit=4&damax=32");
    let (Scenario::Kubernetes(input), Outcome::Kubernetes(p)) = (&s, plan(&s)) else {
        panic!()
    };
    let yaml = exports::k8s::spark_operator_yaml(&p, &input.spark);
    assert!(
        yaml.contains("    instances: 16  # the initial count: dynamic allocation scales it\n"),
        "{yaml}"
    );
    assert!(yaml.contains("  dynamicAllocation:\n    enabled: true\n    initialExecutors: 4\n    minExecutors: 0\n    maxExecutors: 32\n"), "{yaml}");
    assert!(
        !yaml.contains("spark.dynamicAllocation.maxExecutors"),
        "covered by the block: {yaml}"
    );
    let flags = exports::k8s::spark_submit_flags(&p, &input.spark);
    assert!(flags.contains(&"spark.dynamicAllocation.enabled=true".to_string()));

    // EMR: on by default (nothing to emit), off or bounded when set.
    let s = yarn_with("cm=emr&damax=20");
    let Outcome::Emr(p) = plan(&s) else { panic!() };
    let json = exports::emr::classification_json(&p);
    assert!(
        json.contains("\"spark.dynamicAllocation.maxExecutors\": \"20\""),
        "{json}"
    );
    assert!(!json.contains("dynamicAllocation.enabled"), "{json}");
    let s = yarn_with("cm=emr&dyn=0");
    let Outcome::Emr(p) = plan(&s) else { panic!() };
    assert!(exports::emr::classification_json(&p)
        .contains("\"spark.dynamicAllocation.enabled\": \"false\""));
}

/// A shuffle size recommends `spark.sql.shuffle.partitions` and AQE's settings, and every
/// export carries them with the same count the workload section shows. Case 1 with a 100 GiB
/// shuffle: 17 executors × 5 cores = 85 slots; 102 400 MiB ÷ 64 MiB = 1 600 partitions,
/// rounded up to whole waves: ⌈1 600 ÷ 85⌉ = 19 waves × 85 = 1 615.
#[test]
fn the_recommended_sql_settings_are_in_every_export() {
    use planner::exports;
    let s = yarn_with("wsh=102400");
    let Outcome::Yarn(c) = plan(&s) else { panic!() };
    let conf = exports::yarn_spark_conf(&c, c.selected);
    let lines: Vec<String> = conf.iter().map(|(k, v)| format!("{k}={v}")).collect();
    for expected in [
        "spark.sql.shuffle.partitions=1615",
        "spark.sql.adaptive.coalescePartitions.parallelismFirst=false",
    ] {
        assert!(lines.iter().any(|l| l == expected), "{expected}: {lines:?}");
    }
    // AQE, its coalescing and its skew join are Spark's defaults since 3.2: not repeated.
    assert!(
        lines
            .iter()
            .all(|l| !l.ends_with("=true") || !l.starts_with("spark.sql.")),
        "{lines:?}"
    );
    assert!(exports::submit_flags(&conf).contains(&"spark.sql.shuffle.partitions=1615".to_string()));
    let no_workload = yarn_with("n=6");
    let Outcome::Yarn(c) = plan(&no_workload) else {
        panic!()
    };
    assert!(exports::yarn_spark_conf(&c, c.selected)
        .iter()
        .all(|(k, _)| !k.starts_with("spark.sql.")));

    for query in ["cm=k8s&wsh=102400", "cm=emr&wsh=102400"] {
        let s = yarn_with(query);
        let outcome = plan(&s);
        let shown = job_fit(&s, &outcome)
            .and_then(|f| f.workload)
            .and_then(|n| n.shuffle)
            .expect("the workload section's partitions")
            .partitions;
        let conf = match (&s, &outcome) {
            (Scenario::Kubernetes(input), Outcome::Kubernetes(p)) => {
                exports::k8s::spark_conf(p, &input.spark)
            }
            (_, Outcome::Emr(p)) => exports::emr::spark_conf(p),
            _ => panic!("{query}"),
        };
        let partitions = format!("spark.sql.shuffle.partitions={shown}");
        assert!(
            conf.iter().any(|(k, v)| format!("{k}={v}") == partitions),
            "{query}: {partitions} in {conf:?}"
        );
    }
}

/// What the form sets for the job is in the job's configuration: `spark.task.cpus` (the
/// out-of-memory remedy) and `spark.driver.maxResultSize` (the driver load's fix), on every
/// cluster manager, and nothing when they are Spark's defaults.
#[test]
fn task_cpus_and_max_result_size_are_in_every_export() {
    use planner::exports;
    let lines = |conf: Vec<(String, String)>| -> Vec<String> {
        conf.into_iter().map(|(k, v)| format!("{k}={v}")).collect()
    };
    let conf_of = |query: &str| -> Vec<String> {
        let s = yarn_with(query);
        lines(match (&s, plan(&s)) {
            (Scenario::Yarn(_), Outcome::Yarn(c)) => exports::yarn_spark_conf(&c, c.selected),
            (Scenario::Kubernetes(input), Outcome::Kubernetes(p)) => {
                exports::k8s::spark_conf(&p, &input.spark)
            }
            (_, Outcome::Emr(p)) => exports::emr::spark_conf(&p),
            (_, other) => panic!("{query}: {other:?}"),
        })
    };
    for manager in ["", "cm=k8s&", "cm=emr&"] {
        let conf = conf_of(&format!("{manager}tc=2&mrs=4096"));
        for expected in ["spark.task.cpus=2", "spark.driver.maxResultSize=4g"] {
            assert!(
                conf.iter().any(|l| l == expected),
                "{manager}{expected}: {conf:?}"
            );
        }
        let unlimited = conf_of(&format!("{manager}mrs=0"));
        assert!(
            unlimited
                .iter()
                .any(|l| l == "spark.driver.maxResultSize=0"),
            "{unlimited:?}"
        );
        let defaults = conf_of(manager.trim_end_matches('&'));
        assert!(
            defaults.iter().all(|l| !l.starts_with("spark.task.cpus")
                && !l.starts_with("spark.driver.maxResultSize")),
            "{manager}: {defaults:?}"
        );
    }
}

/// Case 1 holds 17 executors of its shape. A floor of 30 leaves 13 pending for the whole job.
#[test]
fn a_floor_above_what_fits_is_said() {
    let notes_of = |query: &str| {
        let s = yarn_with(query);
        let fit = job_fit(&s, &plan(&s)).expect("plans");
        assert_eq!(fit.allocation.holds, 17, "{query}");
        planner::job_fit::job_fit_notes(&fit)
    };
    let floor = notes_of("dyn=1&damin=30&damax=40");
    assert!(
        floor.iter().any(|w| w.field == Some(FieldId::MinExecutors)
            && w.message.contains("holds 17 executors")
            && w.message.contains("so 13 stay pending")),
        "{floor:?}"
    );
    let quiet = notes_of("dyn=1&damin=2&damax=40");
    assert!(
        quiet
            .iter()
            .all(|w| !w.message.contains("stay pending for the whole job")
                && w.severity != planner::Severity::Error),
        "{quiet:?}"
    );
}

/// Spark's `SchedulerBackendUtils.getInitialTargetExecutorNumber` (called at start by YARN's
/// allocator and client backend and by Kubernetes' backend) requires `minExecutors ≤ initial ≤
/// maxExecutors`, the initial count being `Utils.getDynamicAllocationInitialExecutors`' largest
/// of minExecutors, initialExecutors and spark.executor.instances: "requirement failed: initial
/// executor number 17 must between min executor number 0 and max executor number 5".
#[test]
fn a_start_above_max_executors_is_refused_with_sparks_words() {
    let mut da = DynamicAllocation::spark_default();
    da.enabled = true;
    da.settings.max_executors = Some(5);
    let n = allocation_numbers(&da, ClusterManager::Yarn, 17, 17);
    assert_eq!(
        n.refusal,
        Some(Refusal::InitialAboveMax {
            initial: 17,
            min: 0,
            max: 5
        })
    );
    let refused = &allocation_notes(&n)[0];
    assert_eq!(refused.severity, planner::Severity::Error);
    assert!(refused.message.contains(
        "\"requirement failed: initial executor number 17 must between min executor number 0 and max executor number 5\""
    ), "{}", refused.message);
    assert!(allocation_notes(&n)
        .iter()
        .all(|w| !w.message.contains("first update")));
    // initialExecutors above the ceiling, instances below it: refused too, naming the field.
    da.settings.initial_executors = Some(8);
    let n = allocation_numbers(&da, ClusterManager::Kubernetes, 2, 17);
    assert_eq!(
        n.refusal,
        Some(Refusal::InitialAboveMax {
            initial: 8,
            min: 0,
            max: 5
        })
    );
    assert_eq!(
        allocation_notes(&n)[0].field,
        Some(FieldId::InitialExecutors)
    );
    // Exactly the ceiling starts.
    da.settings.initial_executors = Some(5);
    assert_eq!(
        allocation_numbers(&da, ClusterManager::Yarn, 5, 17).refusal,
        None
    );
}

/// The form's plan of 17 executors with maxExecutors 5: the exports start 5 (Spark would refuse
/// 17, `getInitialTargetExecutorNumber`), and the section says so in Spark's words; no export
/// of any manager, in any format, carries an initial count above the maximum.
#[test]
fn no_export_starts_above_max_executors() {
    use planner::report::{try_render, Format};
    let s = yarn_with("dyn=1&damax=5");
    let fit = job_fit(&s, &plan(&s)).expect("plans");
    assert_eq!((fit.allocation.instances, fit.allocation.initial), (5, 5));
    assert_eq!(fit.allocation.capped_from, Some(17));
    assert_eq!(fit.allocation.refusal, None);
    let notes = allocation_notes(&fit.allocation);
    assert!(
        notes.iter().any(|w| w.field == Some(FieldId::MaxExecutors)
            && w.message.contains("initial executor number 17 must between min executor number 0 and max executor number 5")
            && w.message.contains("the exports start 5 executors")),
        "{notes:?}"
    );
    // Every format flattened (no spaces, quotes, `=`, `:` or JSON's "key"/"value"), so that
    // `spark.executor.instances 17`, `=17`, `"value": "17"` and `instances: 17` all read alike.
    let flat = |text: &str| -> String {
        text.replace("\"value\"", "")
            .chars()
            .filter(|c| !matches!(c, ' ' | '"' | ':' | '=' | ',' | '\n' | '\\' | '{' | '}'))
            .collect()
    };
    let bad = [
        "spark.executor.instances17",
        "spark.executor.instances16",
        "spark.executor.instances50",
        "--num-executors17",
        "instances16",
        "instances17",
        "initialExecutors9",
    ];
    for query in [
        "dyn=1&damax=5",
        "dyn=1&dainit=9&damax=5",
        "cm=k8s&dyn=1&dainit=9&damax=5",
        "cm=emr&damax=5&dainit=9",
    ] {
        let s = yarn_with(query);
        let outcome = plan(&s);
        let mut rendered = 0;
        for format in Format::ALL {
            let Some(text) = try_render(&s, &outcome, *format) else {
                continue;
            };
            rendered += 1;
            let text = flat(&text);
            for b in bad {
                assert!(!text.contains(b), "{query} {format:?}: {b} in\n{text}");
            }
            if matches!(
                format,
                Format::Conf | Format::Submit | Format::EmrJson | Format::Yaml
            ) {
                assert!(
                    text.contains("maxExecutors5"),
                    "{query} {format:?}:\n{text}"
                );
            }
        }
        assert!(rendered >= 5, "{query}");
    }
}

#[test]
fn emr_models_dynamic_allocation_on_with_the_shuffle_service() {
    let s = Scenario::default_for(ClusterManager::Emr);
    let fit = job_fit(&s, &plan(&s)).unwrap();
    assert!(fit.allocation.enabled);
    assert_eq!(
        fit.allocation.settings.shuffle,
        ShuffleKeeping::ExternalService
    );
    // 50 requested; 45 requests fit on the 9 nodes.
    assert_eq!((fit.allocation.initial, fit.allocation.holds), (50, 45));
    assert!(allocation_conf(&DynamicAllocation::emr_default(), ClusterManager::Emr).is_empty());
}

#[test]
fn new_fields_round_trip_in_links_and_old_links_still_open() {
    let queries = [
        "n=6&c=16&m=64&win=102400&wsplit=256&wsh=51200&wtask=4096&wskew=2.5&wbc=64&dyn=1&damin=2&dainit=4&damax=40&daidle=120&dabl=5&dash=service",
        "cm=k8s&win=1024&wskew=1.25&dyn=1&damax=10&dash=decommission",
        "cm=emr&wtask=2048&wbc=8&dyn=0&damin=1&dash=tracking",
    ];
    for q in queries {
        let s = yarn_with(q);
        let again = scenario_from_query(&scenario_to_query(&s));
        assert!(again.bad.is_empty());
        assert_eq!(again.scenario, s, "{q}");
    }
    // Old links: nothing described, dynamic allocation as each manager's default.
    for (q, on) in [
        ("n=6&c=16&m=64", false),
        ("cm=k8s&n=8", false),
        ("cm=emr&n=9", true),
    ] {
        let s = yarn_with(q);
        let fit = job_fit(&s, &plan(&s)).unwrap();
        assert!(fit.workload.is_none(), "{q}");
        assert_eq!(fit.allocation.enabled, on, "{q}");
        assert!(!scenario_to_query(&s).contains("win="));
    }
}

proptest::proptest! {
    /// Any workload and dynamic allocation, on every manager: checks and words, no panic.
    #[test]
    fn any_workload_is_checked_without_panic(
        sizes in proptest::collection::vec(proptest::option::of(0u64..(1 << 42)), 5),
        skew in proptest::option::of(0u32..2_000_000),
        counts in (0u32..200, proptest::option::of(0u32..200), proptest::option::of(0u32..200)),
        manager in 0usize..3,
        on in proptest::bool::ANY,
    ) {
        let mut q = String::from(["", "cm=k8s&", "cm=emr&"][manager]);
        for (key, v) in ["win", "wsh", "wtask", "wbc", "wsplit"].iter().zip(&sizes) {
            if let Some(v) = v {
                q += &format!("{key}={v}&");
            }
        }
        if let Some(s) = skew {
            q += &format!("wskew={}.{}&", s / 100, s % 100);
        }
        q += &format!("dyn={}&damin={}&", u8::from(on), counts.0);
        if let Some(i) = counts.1 { q += &format!("dainit={i}&"); }
        if let Some(m) = counts.2 { q += &format!("damax={m}"); }
        let s = scenario_from_query(&q).scenario;
        let outcome = plan(&s);
        if let Some(fit) = job_fit(&s, &outcome) {
            let _ = planner::job_fit::job_fit_notes(&fit);
            for r in &fit.remedies {
                proptest::prop_assert!(!matches!(plan(&r.scenario), Outcome::Invalid(_)));
            }
        }
        let _ = planner::report::render(&s, &outcome, planner::report::Format::Markdown);
    }
}

/// Execution may borrow the storage region that nothing cached holds
/// (`UnifiedMemoryManager.computeMaxExecutionPoolSize`): with 5 tasks on a 19g heap each may take
/// up to unified ÷ 5 = 12 051 913 113 ÷ 5 = 2 410 382 622 bytes (2 298.7 MiB) with nothing
/// cached, against execution ÷ 5 = 1 205 191 311 (1 149.4 MiB) while cached data holds its
/// region. A task between the two is a warning that names the condition; above both, a warning
/// that it spills (it does not fail).
#[test]
fn a_task_that_fits_only_with_nothing_cached_is_a_warning_and_one_above_spills() {
    let note = |query: &str| {
        let s = yarn_with(query);
        let n = job_fit(&s, &plan(&s)).unwrap().workload.unwrap();
        let check = n.task.expect("a task check");
        assert_eq!(check.max_uncached_bytes, 2_410_382_622);
        assert_eq!(check.verdict, TaskVerdict::DoesNotFit);
        planner::workload::workload_notes(&n)
            .into_iter()
            .find(|w| w.field == Some(FieldId::LargestTaskInput))
            .expect("the task note")
    };
    let borrowed = note("wtask=2298");
    assert_eq!(borrowed.severity, planner::Severity::Warning);
    assert!(
        borrowed
            .message
            .contains("fits only while nothing is cached and the tasks beside it take less"),
        "{}",
        borrowed.message
    );
    assert!(
        borrowed
            .message
            .contains("2298 MiB each with nothing cached"),
        "{}",
        borrowed.message
    );
    let short = note("wtask=2299");
    assert_eq!(short.severity, planner::Severity::Warning);
    assert!(
        short.message.contains("does not fit in memory")
            && short.message.contains("spill the rest to disk"),
        "{}",
        short.message
    );
}

/// Shuffle tracking keeps executors that hold shuffle data until the shuffle is cleaned up or
/// `spark.dynamicAllocation.shuffleTracking.timeout` passes, whose default is `Long.MaxValue`
/// (`DYN_ALLOCATION_SHUFFLE_TRACKING_TIMEOUT`): said once, with tracking only.
#[test]
fn shuffle_tracking_says_why_executors_stay() {
    let mut da = DynamicAllocation::spark_default();
    da.enabled = true;
    da.settings.max_executors = Some(10);
    let said = |da: &DynamicAllocation, m| {
        allocation_notes(&allocation_numbers(da, m, 2, 17))
            .iter()
            .filter(|w| {
                w.message
                    .contains("spark.dynamicAllocation.shuffleTracking.timeout")
            })
            .count()
    };
    assert_eq!(said(&da, ClusterManager::Kubernetes), 1);
    let note = allocation_notes(&allocation_numbers(&da, ClusterManager::Kubernetes, 2, 17))
        .into_iter()
        .find(|w| w.message.contains("shuffleTracking.timeout"))
        .expect("the note");
    assert!(note.message.contains("(default: infinity)"));
    assert!(note.message.contains("do not scale down"));
    assert_eq!(note.field, Some(FieldId::ShuffleKeeping));
    for other in [
        ShuffleKeeping::Decommission,
        ShuffleKeeping::ExternalService,
    ] {
        da.settings.shuffle = other;
        assert_eq!(said(&da, ClusterManager::Yarn), 0, "{other:?}");
    }
}

/// With `spark.memory.offHeap.enabled`, Spark's Tungsten memory mode is off heap
/// (`MemoryManager.tungstenMemoryMode`): Spark SQL's operators take their pages from the
/// off-heap execution pool (`offHeapExecutionMemoryPool`: size × (1 − storageFraction)), beside
/// the heap's. By hand, 8g heap + 8g off-heap, 4 tasks: usable 7 892 MiB = 8 275 361 792 bytes,
/// unified 4 965 217 075, storage 2 482 608 537, execution 2 482 608 538; off heap 8 589 934 592
/// × 0.5 = 4 294 967 296. Together 6 777 575 834: ÷ 8 = 847 196 979 guaranteed, ÷ 4 =
/// 1 694 393 958 (1 615.9 MiB) at most, so a 1 500 MiB task fits while the tasks beside it take
/// less. On heap only, ÷ 4 = 620 652 134 and with nothing cached 4 965 217 075 ÷ 4: it does not.
#[test]
fn off_heap_execution_memory_counts_for_a_task() {
    let with = ExecutorView::of_shape(4, 4, 4, 8192, 8192, MemoryFractions::default());
    let t = task_check(1500 * MIB, TaskSource::Given, &with).expect("pools");
    assert_eq!((t.min_bytes, t.max_bytes), (847_196_979, 1_694_393_958));
    assert_eq!(t.max_uncached_bytes, 3_388_787_916);
    assert_eq!(t.verdict, TaskVerdict::Tight);
    let without = ExecutorView::of_shape(4, 4, 4, 8192, 0, MemoryFractions::default());
    let t = task_check(1500 * MIB, TaskSource::Given, &without).expect("pools");
    assert_eq!(
        (t.max_bytes, t.verdict),
        (620_652_134, TaskVerdict::DoesNotFit)
    );

    // Through the form, on Kubernetes: the verdict and its words.
    let s = yarn_with("cm=k8s&cpe=4&em=8192&off=1&offs=8192&wtask=1500");
    let fit = job_fit(&s, &plan(&s)).expect("plans");
    let task = fit.workload.and_then(|w| w.task).expect("the task check");
    assert_eq!(task.verdict, TaskVerdict::Tight);
    let notes = planner::job_fit::job_fit_notes(&fit);
    assert!(
        notes.iter().any(|w| w.code == Code::TaskMemoryTight
            && w.message.contains("off-heap execution's 4096 MiB included")),
        "{notes:?}"
    );
}

/// A task above the most it may take spills: Spark's sorters and aggregation maps spill to disk
/// when `TaskMemoryManager` grants no more (`Spillable.maybeSpill`, `UnsafeExternalSorter.spill`),
/// so the verdict is a warning, not an error; what cannot spill is named: a hash join's build
/// side (`HashedRelation`, built whole in memory: "There is not enough memory to build hash
/// map") and a single row bigger than memory.
#[test]
fn a_task_above_its_share_spills_and_does_not_fail() {
    let t = task_check(u64::MAX / 2, TaskSource::Given, &seed_view()).expect("pools");
    assert_eq!(t.verdict, TaskVerdict::DoesNotFit);
    let s = yarn_with("amax=51200&vmax=16&cpe=10&wtask=65536");
    let fit = job_fit(&s, &plan(&s)).expect("plans");
    let notes = planner::job_fit::job_fit_notes(&fit);
    let verdict = notes
        .iter()
        .find(|w| w.code == Code::TaskMemoryShort && w.field == Some(FieldId::LargestTaskInput))
        .expect("the verdict");
    assert_eq!(verdict.severity, planner::Severity::Warning, "{verdict:?}");
    for words in [
        "spill the rest to disk",
        "does not fail",
        "hash join's build side",
        "cannot spill",
    ] {
        assert!(
            verdict.message.contains(words),
            "{words}: {}",
            verdict.message
        );
    }
    assert!(
        notes.iter().all(|w| w.severity != planner::Severity::Error),
        "{notes:?}"
    );
}

/// `BroadcastExchangeExec` collects the table's rows through the driver
/// (`executeCollectIterator`), so `spark.driver.maxResultSize` (`TaskSetManager
/// .canFetchMoreResults`) applies to them; it then refuses the relation it built when
/// `dataSize >= MAX_BROADCAST_TABLE_BYTES` (8 GiB): exactly 8 GiB is refused.
#[test]
fn a_broadcast_goes_through_the_driver_and_8_gib_is_refused() {
    let notes_of = |query: &str| {
        let s = yarn_with(query);
        planner::job_fit::job_fit_notes(&job_fit(&s, &plan(&s)).expect("plans"))
    };
    let refused = |notes: &[planner::Warning]| {
        notes.iter().any(|w| {
            w.severity == planner::Severity::Error && w.message.contains("cannot be broadcast")
        })
    };
    assert!(refused(&notes_of("wbc=8192&mrs=0")));
    assert!(!refused(&notes_of("wbc=8191&mrs=0")));
    // 2 GiB through a driver whose maxResultSize is Spark's 1g.
    let notes = notes_of("wbc=2048");
    let limit = notes
        .iter()
        .find(|w| w.field == Some(FieldId::MaxResultSize))
        .expect("maxResultSize named");
    assert!(
        limit
            .message
            .contains("spark.driver.maxResultSize (1024 MiB) applies")
            && limit.message.contains("Raise it to at least 2g"),
        "{}",
        limit.message
    );
    assert!(notes_of("wbc=2048&mrs=4096")
        .iter()
        .all(|w| w.field != Some(FieldId::MaxResultSize)));
    assert!(notes_of("wbc=2048&mrs=0")
        .iter()
        .all(|w| w.field != Some(FieldId::MaxResultSize)));
}
