//! Will the job fit: the workload checks of seed 001 ("it depends on data distribution, skew,
//! joins, shuffle"), as numbers from a described workload and one executor shape. Numbers first
//! ([`workload_numbers`]); the words are [`workload_notes`]. A leaf below the scenario: the
//! remedies that need the cluster (other executor shapes) are in [`crate::job_fit`].
//!
//! Spark's defaults used here, from Spark's `SQLConf` and core source:
//! - `spark.sql.files.maxPartitionBytes` 128 MiB and `spark.sql.files.openCostInBytes` 4 MiB;
//!   `FilePartition.maxSplitBytes` = min(maxPartitionBytes, max(openCostInBytes,
//!   totalBytes ÷ defaultParallelism)), totalBytes counting every file's length plus its open
//!   cost; `CoarseGrainedSchedulerBackend.defaultParallelism` is `spark.default.parallelism`,
//!   else max(total executor cores, 2). `PartitionedFileUtil.splitFiles` cuts a splittable
//!   file into pieces of maxSplitBytes (a non-splittable one, gzip, stays whole) and
//!   `FilePartition.getFilePartitions` packs the pieces, largest first, into one task until the
//!   next would take it above maxSplitBytes, each piece adding its open cost.
//! - `spark.sql.shuffle.partitions` 200; AQE (`spark.sql.adaptive.enabled`, on since 3.2)
//!   coalesces shuffle partitions towards `spark.sql.adaptive.advisoryPartitionSizeInBytes`
//!   (64 MiB) — but only when `spark.sql.adaptive.coalescePartitions.parallelismFirst` is false
//!   (default true: "It's recommended to set this config to false on a busy cluster");
//!   `ShufflePartitionsUtil.coalescePartitions` targets min(advisory, ⌈shuffle ÷
//!   minNumPartitions⌉), never below `coalescePartitions.minPartitionSize` (1 MiB), where
//!   minNumPartitions is the default parallelism under parallelismFirst and 1 without it
//!   (`CoalesceShufflePartitions`), and merges neighbouring partitions up to that target;
//!   `skewJoin.skewedPartitionFactor` 5.0 and `skewedPartitionThresholdInBytes` 256 MiB.
//! - `spark.sql.autoBroadcastJoinThreshold` 10 MiB. `BroadcastExchangeExec` collects the table's
//!   rows to the driver (`executeCollectIterator`: compressed rows, counted against
//!   `spark.driver.maxResultSize` by `TaskSetManager.canFetchMoreResults`), builds the relation
//!   there, and refuses it when the built relation's size is `>=` 8 GiB (`dataSize >=
//!   MAX_BROADCAST_TABLE_BYTES`: "Cannot broadcast the table that is larger than 8GB"); the
//!   relation holds at least the rows, so a table of 8 GiB or more is refused.
//! - `UnifiedMemoryManager` / `ExecutionMemoryPool`: with N tasks running in an executor, each
//!   may take at most execution ÷ N and is guaranteed execution ÷ (2N) before it spills.
//!
//! ```
//! use planner::memory::{unified_memory, MemoryFractions};
//! use planner::workload::{workload_numbers, ExecutorView, TaskVerdict, Workload};
//!
//! // Seed 001: executors of 45 GiB and 10 cores, each task reading 4 GiB.
//! let memory = unified_memory(45 * 1024 << 20, MemoryFractions::default(), 0, 10).unwrap();
//! let view = ExecutorView { executors: 6, cores: 10, task_slots_per_executor: 10, heap_mib: 45 * 1024,
//!     memory: Some(memory), driver_heap_mib: 1024, collected_mib: None, max_result_size_mib: 1024 };
//! let w = Workload { largest_task_mib: Some(4096), ..Workload::default() };
//! let n = workload_numbers(&w, &view);
//! assert_eq!(n.task.unwrap().verdict, TaskVerdict::DoesNotFit); // 4 GiB > 1 373 MiB a task
//! ```

use crate::catalog::FieldId;
use crate::fixed::{format_f64, format_percent};
use crate::format;
use crate::memory::{UnifiedMemory, RESERVED_BYTES};
use crate::spark_keys as keys;
use crate::units::MIB;
use crate::warning::{Code, Severity, Warning};

/// `spark.sql.files.maxPartitionBytes`'s default, in MiB.
pub const DEFAULT_SPLIT_MIB: u64 = 128;
/// `spark.sql.files.openCostInBytes`'s default (4 MiB), in bytes.
pub const OPEN_COST_BYTES: u64 = 4 * MIB;
/// `spark.sql.shuffle.partitions`'s default.
pub const DEFAULT_SHUFFLE_PARTITIONS: u64 = 200;
/// `spark.sql.adaptive.advisoryPartitionSizeInBytes`'s default (64 MiB), in bytes.
pub const ADVISORY_PARTITION_BYTES: u64 = 64 * MIB;
/// `spark.sql.adaptive.skewJoin.skewedPartitionFactor`'s default.
pub const SKEWED_PARTITION_FACTOR: u64 = 5;
/// `spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes`'s default (256 MiB), in bytes.
pub const SKEWED_PARTITION_THRESHOLD_BYTES: u64 = 256 * MIB;
/// `spark.sql.autoBroadcastJoinThreshold`'s default, in MiB.
pub const AUTO_BROADCAST_THRESHOLD_MIB: u64 = 10;
/// The largest table Spark broadcasts (`BroadcastExchangeExec.maxBroadcastTableBytes`, 8 GiB),
/// in MiB.
pub const MAX_BROADCAST_MIB: u64 = 8 * 1024;

/// The workload as the user describes it; every size optional, in MiB.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Workload {
    /// The input data the job reads.
    pub input_mib: Option<u64>,
    /// `spark.sql.files.maxPartitionBytes` (default 128 MiB).
    pub split_mib: u64,
    /// How many files the input is (`None`: one large file).
    pub files: Option<u32>,
    /// Whether the files split (gzip does not).
    pub splittable: bool,
    /// `spark.default.parallelism` (`None`: max(total executor cores, 2)).
    pub default_parallelism: Option<u32>,
    /// The shuffle data of the largest stage (Spark UI: the stage's Shuffle Read).
    pub shuffle_mib: Option<u64>,
    /// The largest task's input (Spark UI: the stage's Max task input).
    pub largest_task_mib: Option<u64>,
    /// The largest partition ÷ the average (when the largest task is not known).
    pub skew_factor: Option<f64>,
    /// The table to broadcast (the small side of a join).
    pub broadcast_mib: Option<u64>,
}

impl Default for Workload {
    fn default() -> Workload {
        Workload {
            input_mib: None,
            split_mib: DEFAULT_SPLIT_MIB,
            files: None,
            splittable: true,
            default_parallelism: None,
            shuffle_mib: None,
            largest_task_mib: None,
            skew_factor: None,
            broadcast_mib: None,
        }
    }
}

impl Workload {
    /// Whether nothing was described (the checks have nothing to say).
    pub fn is_empty(&self) -> bool {
        self.input_mib.is_none()
            && self.shuffle_mib.is_none()
            && self.largest_task_mib.is_none()
            && self.skew_factor.is_none()
            && self.broadcast_mib.is_none()
    }
}

/// The executor shape and driver the checks run against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExecutorView {
    /// Executors running.
    pub executors: u32,
    /// `spark.executor.cores`.
    pub cores: u32,
    /// Tasks one executor runs at once (cores ÷ `spark.task.cpus`).
    pub task_slots_per_executor: u32,
    /// `spark.executor.memory` in MiB.
    pub heap_mib: u64,
    /// The executor's memory pools (`None`: the heap is below Spark's 450 MiB).
    pub memory: Option<UnifiedMemory>,
    /// `spark.driver.memory` in MiB.
    pub driver_heap_mib: u64,
    /// Results collected to the driver (the driver's load), in MiB.
    pub collected_mib: Option<u64>,
    /// `spark.driver.maxResultSize` in MiB (0: no limit, or no driver described).
    pub max_result_size_mib: u64,
}

impl ExecutorView {
    /// `executors` executors of `cores` cores running `slots` tasks at once in a `heap_mib`
    /// heap (with `offheap_mib` off-heap, split by `fractions`); no driver described.
    pub fn of_shape(
        executors: u32,
        cores: u32,
        slots: u32,
        heap_mib: u64,
        offheap_mib: u64,
        fractions: crate::memory::MemoryFractions,
    ) -> ExecutorView {
        ExecutorView {
            executors,
            cores,
            task_slots_per_executor: slots,
            heap_mib,
            memory: crate::memory::unified_memory(
                heap_mib.saturating_mul(MIB),
                fractions,
                offheap_mib.saturating_mul(MIB),
                slots,
            )
            .ok(),
            driver_heap_mib: 0,
            collected_mib: None,
            max_result_size_mib: 0,
        }
    }

    /// Tasks the cluster runs at once.
    pub fn task_slots(&self) -> u64 {
        u64::from(self.executors).saturating_mul(u64::from(self.task_slots_per_executor))
    }
}

/// Spark's default parallelism: `spark.default.parallelism` when set, else max(total executor
/// cores, 2) (`CoarseGrainedSchedulerBackend.defaultParallelism`).
pub fn default_parallelism(w: &Workload, view: &ExecutorView) -> u64 {
    let total_cores = u64::from(view.executors).saturating_mul(u64::from(view.cores));
    w.default_parallelism
        .map_or(total_cores.max(2), |p| u64::from(p).max(1))
}

/// The scan stage: tasks and waves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScanNumbers {
    /// The input, in bytes.
    pub input_bytes: u64,
    /// Files read (`None`: not given, one file counted).
    pub files: Option<u64>,
    /// Whether they split.
    pub splittable: bool,
    /// Whether `spark.default.parallelism` was given.
    pub parallelism_set: bool,
    /// `maxPartitionBytes`, in bytes.
    pub max_split_bytes: u64,
    /// Spark's default parallelism (see [`default_parallelism`]).
    pub default_parallelism: u64,
    /// The split Spark uses: min(maxPartitionBytes, max(4 MiB, (input + files × 4 MiB) ÷
    /// parallelism)).
    pub split_bytes: u64,
    /// Tasks: the files' pieces packed into splits.
    pub tasks: u64,
    /// Task slots of the cluster.
    pub task_slots: u64,
    /// Waves: ⌈tasks ÷ slots⌉.
    pub waves: u64,
    /// Tasks in the last wave.
    pub last_wave_tasks: u64,
    /// Slots the last wave leaves idle (0 when it is full).
    pub idle_slots_last_wave: u64,
}

/// Why the recommended shuffle partition size is what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetReason {
    /// AQE's own target, `advisoryPartitionSizeInBytes`' default of 64 MiB.
    AdvisoryDefault,
    /// Smaller: the execution memory each task is guaranteed (execution ÷ 2N).
    GuaranteedTaskMemory,
}

/// The recommended `spark.sql.shuffle.partitions` for the largest stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShuffleNumbers {
    /// Shuffle data, in bytes.
    pub shuffle_bytes: u64,
    /// The target partition size, in bytes.
    pub target_bytes: u64,
    /// Why.
    pub reason: TargetReason,
    /// ⌈shuffle ÷ target⌉.
    pub partitions_for_target: u64,
    /// Task slots of the cluster.
    pub task_slots: u64,
    /// The recommendation: rounded up to a whole number of waves (a multiple of the slots).
    pub partitions: u64,
    /// Each partition's average size at that count, in bytes.
    pub average_bytes: u64,
    /// With Spark's default 200 partitions, each partition's average size, in bytes.
    pub default_average_bytes: u64,
    /// Spark's default parallelism (see [`default_parallelism`]).
    pub default_parallelism: u64,
    /// AQE's coalescing target under the settings emitted (parallelismFirst false, so
    /// minNumPartitions 1): min(target, shuffle), at least 1 MiB, in bytes.
    pub coalesce_target_bytes: u64,
    /// The partitions AQE leaves of `partitions` equal ones merged up to that target.
    pub coalesced_partitions: u64,
    /// AQE's target under Spark's defaults (parallelismFirst true): min(64 MiB, ⌈shuffle ÷
    /// default parallelism⌉), at least 1 MiB, in bytes.
    pub spark_default_target_bytes: u64,
}

/// `spark.sql.adaptive.coalescePartitions.minPartitionSize`'s default (1 MiB), in bytes.
pub const MIN_COALESCED_PARTITION_BYTES: u64 = MIB;

/// AQE's coalescing target (`ShufflePartitionsUtil.coalescePartitions`): ⌈shuffle ÷
/// minNumPartitions⌉, at most the advisory size, at least 1 MiB.
pub fn coalesce_target(shuffle_bytes: u64, advisory_bytes: u64, min_partitions: u64) -> u64 {
    shuffle_bytes
        .div_ceil(min_partitions.max(1))
        .min(advisory_bytes)
        .max(MIN_COALESCED_PARTITION_BYTES)
}

/// The partitions left when AQE merges neighbours of `partitions` equal partitions of
/// `shuffle_bytes` while a merged one stays within `target_bytes`.
pub fn coalesced(shuffle_bytes: u64, partitions: u64, target_bytes: u64) -> u64 {
    let partitions = partitions.max(1);
    let average = (shuffle_bytes / partitions).max(1);
    let per_merged = (target_bytes / average).max(1);
    partitions.div_ceil(per_merged)
}

/// How the largest task's input compares with the memory a task may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaskVerdict {
    /// At most the guaranteed share: execution ÷ 2N.
    Fits,
    /// Above the guarantee but at most execution ÷ N: fits only while the other tasks take less.
    Tight,
    /// Above execution ÷ N: spills heavily or runs out of memory.
    DoesNotFit,
}

/// Where the largest task's size came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaskSource {
    /// Given.
    Given,
    /// Skew factor × the average shuffle partition at the recommended count.
    SkewOfShuffle,
}

/// The per-task memory check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaskMemoryCheck {
    /// The largest task's input, in bytes.
    pub task_bytes: u64,
    /// Where it came from.
    pub source: TaskSource,
    /// Tasks running at once in one executor (N).
    pub tasks_at_once: u32,
    /// Guaranteed per task: execution ÷ 2N, in bytes.
    pub min_bytes: u64,
    /// The most per task while cached data holds its storage region: execution ÷ N, in bytes.
    pub max_bytes: u64,
    /// The most per task with nothing cached: execution borrows the whole unified region
    /// (`UnifiedMemoryManager.computeMaxExecutionPoolSize`), unified ÷ N, in bytes.
    pub max_uncached_bytes: u64,
    /// The executor's off-heap execution pool, counted in the shares above (0: off-heap off).
    pub offheap_execution_bytes: u64,
    /// The seeds' arithmetic: N tasks × the task's input, against the heap, in bytes.
    pub all_tasks_bytes: u64,
    /// The verdict.
    pub verdict: TaskVerdict,
}

/// The broadcast check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BroadcastNumbers {
    /// The table, in MiB.
    pub table_mib: u64,
    /// Under `autoBroadcastJoinThreshold` (10 MiB): Spark broadcasts it by itself.
    pub automatic: bool,
    /// 8 GiB or more: the relation built from it reaches Spark's limit, which refuses it.
    pub above_spark_limit: bool,
    /// `spark.driver.maxResultSize` in MiB when the table is above it (the rows go through the
    /// driver), else `None` (or no limit).
    pub above_max_result_size_mib: Option<u64>,
    /// Each executor's storage region (immune to eviction), in bytes.
    pub storage_bytes: u64,
    /// Whether the table fits in it.
    pub fits_storage: bool,
    /// The driver's usable heap (heap − 300 MiB), in bytes.
    pub driver_usable_bytes: u64,
    /// The table plus the results collected to the driver, in bytes.
    pub driver_needs_bytes: u64,
    /// Whether the driver holds them.
    pub fits_driver: bool,
}

/// Every workload number; each part only when its inputs were given.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WorkloadNumbers {
    /// The workload.
    pub workload: Workload,
    /// The executor shape checked.
    pub view: ExecutorView,
    /// The scan stage (input given).
    pub scan: Option<ScanNumbers>,
    /// The shuffle (shuffle size given).
    pub shuffle: Option<ShuffleNumbers>,
    /// The per-task memory check (largest task, or skew with a shuffle or an input).
    pub task: Option<TaskMemoryCheck>,
    /// The broadcast check (table given).
    pub broadcast: Option<BroadcastNumbers>,
}

/// The workload's numbers on `view`.
pub fn workload_numbers(w: &Workload, view: &ExecutorView) -> WorkloadNumbers {
    let scan = w.input_mib.map(|mib| scan_numbers(mib, w, view));
    let shuffle = w
        .shuffle_mib
        .map(|mib| shuffle_numbers_with(mib, view, default_parallelism(w, view)));
    let task = largest_task(w, shuffle.as_ref())
        .and_then(|(bytes, source)| task_check(bytes, source, view));
    let broadcast = w.broadcast_mib.map(|mib| broadcast_numbers(mib, view));
    WorkloadNumbers {
        workload: *w,
        view: *view,
        scan,
        shuffle,
        task,
        broadcast,
    }
}

/// Scan tasks and waves for `input_mib` read as `w` says (split size, files, whether they
/// split, the default parallelism).
pub fn scan_numbers(input_mib: u64, w: &Workload, view: &ExecutorView) -> ScanNumbers {
    let input_bytes = input_mib.saturating_mul(MIB);
    let max_split_bytes = w.split_mib.max(1).saturating_mul(MIB);
    let default_parallelism = default_parallelism(w, view);
    let files = w.files.map_or(1, |f| u64::from(f).max(1));
    // Each file costs its open cost on top of its length.
    let total = input_bytes.saturating_add(files.saturating_mul(OPEN_COST_BYTES));
    let split_bytes = max_split_bytes.min(OPEN_COST_BYTES.max(total / default_parallelism));
    let tasks = packed_tasks(input_bytes, files, w.splittable, split_bytes);
    let task_slots = view.task_slots();
    let (waves, last_wave_tasks, idle) = waves_of(tasks, task_slots);
    ScanNumbers {
        input_bytes,
        files: w.files.map(u64::from),
        splittable: w.splittable,
        parallelism_set: w.default_parallelism.is_some(),
        max_split_bytes,
        default_parallelism,
        split_bytes,
        tasks,
        task_slots,
        waves,
        last_wave_tasks,
        idle_slots_last_wave: idle,
    }
}

/// Tasks for `files` files of equal size making `input_bytes`, packed as
/// `FilePartition.getFilePartitions` packs them into splits of at most `split_bytes`: a
/// splittable file gives whole pieces of the split and a remainder, a non-splittable one a
/// single piece; whole pieces fill a task each, and the smaller pieces share tasks while the
/// next still fits (each adding the 4 MiB open cost).
pub fn packed_tasks(input_bytes: u64, files: u64, splittable: bool, split_bytes: u64) -> u64 {
    let files = files.max(1);
    let split = split_bytes.max(1);
    let file_bytes = input_bytes / files;
    let (whole, piece) = if splittable {
        (file_bytes / split, file_bytes % split)
    } else {
        (0, file_bytes)
    };
    let whole_tasks = files.saturating_mul(whole);
    if piece == 0 {
        return whole_tasks.max(1);
    }
    // A task holding j pieces has j × (piece + open cost) in it; it takes one more while that
    // plus the piece stays within the split.
    let per_task = if piece >= split {
        1
    } else {
        (split - piece) / piece.saturating_add(OPEN_COST_BYTES) + 1
    };
    whole_tasks.saturating_add(files.div_ceil(per_task))
}

/// (waves, tasks in the last wave, idle slots in it) for `tasks` on `slots` (no slots: no waves).
pub fn waves_of(tasks: u64, slots: u64) -> (u64, u64, u64) {
    if slots == 0 || tasks == 0 {
        return (0, 0, 0);
    }
    let waves = tasks.div_ceil(slots);
    let last = tasks - (waves - 1) * slots;
    (waves, last, slots - last)
}

/// The recommended shuffle partitions for `shuffle_mib` on `view`, with Spark's default
/// parallelism of its cores.
pub fn shuffle_numbers(shuffle_mib: u64, view: &ExecutorView) -> ShuffleNumbers {
    shuffle_numbers_with(
        shuffle_mib,
        view,
        default_parallelism(&Workload::default(), view),
    )
}

/// The recommended shuffle partitions for `shuffle_mib` on `view` with `parallelism` as Spark's
/// default parallelism.
pub fn shuffle_numbers_with(
    shuffle_mib: u64,
    view: &ExecutorView,
    parallelism: u64,
) -> ShuffleNumbers {
    let shuffle_bytes = shuffle_mib.saturating_mul(MIB);
    let guaranteed = view.memory.map(|m| m.task_shares().0);
    let (target_bytes, reason) = match guaranteed {
        Some(g) if g < ADVISORY_PARTITION_BYTES => (g.max(MIB), TargetReason::GuaranteedTaskMemory),
        _ => (ADVISORY_PARTITION_BYTES, TargetReason::AdvisoryDefault),
    };
    let partitions_for_target = shuffle_bytes.div_ceil(target_bytes).max(1);
    let task_slots = view.task_slots();
    let partitions = if task_slots == 0 {
        partitions_for_target
    } else {
        partitions_for_target
            .div_ceil(task_slots)
            .saturating_mul(task_slots)
    };
    let coalesce_target_bytes = coalesce_target(shuffle_bytes, target_bytes, 1);
    ShuffleNumbers {
        shuffle_bytes,
        target_bytes,
        reason,
        partitions_for_target,
        task_slots,
        partitions,
        average_bytes: shuffle_bytes / partitions.max(1),
        default_average_bytes: shuffle_bytes / DEFAULT_SHUFFLE_PARTITIONS,
        default_parallelism: parallelism,
        coalesce_target_bytes,
        coalesced_partitions: coalesced(shuffle_bytes, partitions, coalesce_target_bytes),
        spark_default_target_bytes: coalesce_target(
            shuffle_bytes,
            ADVISORY_PARTITION_BYTES,
            parallelism,
        ),
    }
}

fn largest_task(w: &Workload, shuffle: Option<&ShuffleNumbers>) -> Option<(u64, TaskSource)> {
    if let Some(mib) = w.largest_task_mib {
        return Some((mib.saturating_mul(MIB), TaskSource::Given));
    }
    // Skew is a property of keys, so of shuffle partitions: a scan's splits are cut by size
    // (at most maxPartitionBytes each), and a scan streams its split rather than holding it.
    let skew = w.skew_factor?;
    let s = shuffle?;
    Some((scaled(s.average_bytes, skew), TaskSource::SkewOfShuffle))
}

/// `bytes × factor` truncated, as a Java `(long) (bytes * factor)` would be (a double product:
/// no 128-bit division in the page).
fn scaled(bytes: u64, factor: f64) -> u64 {
    crate::memory::f64_to_u64(bytes as f64 * factor)
}

/// The per-task memory check of a task of `task_bytes` on `view` (`None`: no memory pools).
pub fn task_check(
    task_bytes: u64,
    source: TaskSource,
    view: &ExecutorView,
) -> Option<TaskMemoryCheck> {
    let m = view.memory?;
    let (min_bytes, max_bytes, max_uncached_bytes) = m.task_shares();
    let verdict = if task_bytes <= min_bytes {
        TaskVerdict::Fits
    } else if task_bytes <= max_bytes {
        TaskVerdict::Tight
    } else {
        TaskVerdict::DoesNotFit
    };
    Some(TaskMemoryCheck {
        task_bytes,
        source,
        tasks_at_once: m.concurrent_tasks,
        min_bytes,
        max_bytes,
        max_uncached_bytes,
        offheap_execution_bytes: m.offheap_execution_bytes,
        all_tasks_bytes: task_bytes.saturating_mul(u64::from(m.concurrent_tasks)),
        verdict,
    })
}

fn broadcast_numbers(table_mib: u64, view: &ExecutorView) -> BroadcastNumbers {
    let table_bytes = table_mib.saturating_mul(MIB);
    let storage_bytes = view.memory.map_or(0, |m| m.storage_bytes);
    let driver_usable_bytes = view
        .driver_heap_mib
        .saturating_mul(MIB)
        .saturating_sub(RESERVED_BYTES);
    let driver_needs_bytes =
        table_bytes.saturating_add(view.collected_mib.unwrap_or(0).saturating_mul(MIB));
    BroadcastNumbers {
        table_mib,
        automatic: table_mib <= AUTO_BROADCAST_THRESHOLD_MIB,
        above_spark_limit: table_mib >= MAX_BROADCAST_MIB,
        above_max_result_size_mib: Some(view.max_result_size_mib)
            .filter(|limit| *limit > 0 && table_mib > *limit),
        storage_bytes,
        fits_storage: table_bytes <= storage_bytes,
        driver_usable_bytes,
        driver_needs_bytes,
        fits_driver: driver_needs_bytes <= driver_usable_bytes,
    }
}

/// The Spark SQL settings `w` recommends on the executors `view` gives (none when it describes
/// no shuffle, or without the `workload-conf` feature, which then compiles no view at all):
/// what the exports add to a plan's configuration.
pub fn sql_conf(
    w: &Workload,
    view: impl FnOnce() -> Option<ExecutorView>,
) -> Vec<(String, String)> {
    let Some(mib) = w.shuffle_mib.filter(|_| cfg!(feature = "workload-conf")) else {
        return Vec::new();
    };
    let Some(view) = view() else {
        return Vec::new();
    };
    let view = &view;
    // Only what differs from Spark's defaults travels: AQE, its coalescing and its skew join
    // are on by default since Spark 3.2 (the versions here are 3.5 and 4.0).
    let s = shuffle_numbers_with(mib, view, default_parallelism(w, view));
    let mut c = Vec::new();
    c.push((
        keys::SQL_SHUFFLE_PARTITIONS.into(),
        s.partitions.to_string(),
    ));
    let first = keys::SQL_ADAPTIVE_COALESCE_PARALLELISM_FIRST;
    c.push((first.into(), "false".into()));
    if s.target_bytes != ADVISORY_PARTITION_BYTES {
        let size = keys::SQL_ADAPTIVE_ADVISORY_PARTITION_SIZE;
        c.push((size.into(), format!("{}b", s.target_bytes)));
    }
    c
}

/// The Spark SQL settings the numbers recommend: `spark.sql.shuffle.partitions` and AQE's
/// (advisory size, coalescing towards it, skew-join splitting).
pub fn recommended_sql_conf(n: &WorkloadNumbers) -> Vec<(String, String)> {
    n.shuffle.map(|s| shuffle_sql_conf(&s)).unwrap_or_default()
}

/// The settings of [`recommended_sql_conf`] for the shuffle numbers `s`.
fn shuffle_sql_conf(s: &ShuffleNumbers) -> Vec<(String, String)> {
    let mut c = vec![
        (
            keys::SQL_SHUFFLE_PARTITIONS.to_string(),
            s.partitions.to_string(),
        ),
        (keys::SQL_ADAPTIVE_ENABLED.to_string(), "true".to_string()),
        (
            keys::SQL_ADAPTIVE_COALESCE_PARTITIONS.to_string(),
            "true".to_string(),
        ),
        (
            keys::SQL_ADAPTIVE_COALESCE_PARALLELISM_FIRST.to_string(),
            "false".to_string(),
        ),
    ];
    if s.target_bytes != ADVISORY_PARTITION_BYTES {
        c.push((
            keys::SQL_ADAPTIVE_ADVISORY_PARTITION_SIZE.to_string(),
            format!("{}b", s.target_bytes),
        ));
    }
    c.push((keys::SQL_ADAPTIVE_SKEW_JOIN.to_string(), "true".to_string()));
    c
}

/// The words the numbers call for, most severe first.
pub fn workload_notes(n: &WorkloadNumbers) -> Vec<Warning> {
    let mut notes: Vec<Warning> = Vec::new();
    notes.extend(n.task.map(|t| task_note(&t, n.view.heap_mib)));
    notes.extend(n.broadcast.map(|b| broadcast_notes(&b)).unwrap_or_default());
    notes.extend(n.scan.map(|s| scan_note(&s)));
    notes.extend(n.shuffle.map(|s| shuffle_note(&s)));
    let w = &n.workload;
    if w.skew_factor.is_some() && w.shuffle_mib.is_none() && w.largest_task_mib.is_none() {
        notes.push(
            Warning::new(
                Code::ShufflePartitions,
                Severity::Info,
                "The skew factor sizes the largest task from the shuffle: type the shuffle data \
                 of the largest stage too (a scan's splits are cut by size, so skew does not \
                 apply to them).",
            )
            .about(FieldId::ShuffleDataSize),
        );
    }
    crate::warning::most_severe_first(notes)
}

fn task_note(t: &TaskMemoryCheck, heap_mib: u64) -> Warning {
    let task = crate::format::mib_of_bytes(t.task_bytes);
    let offheap = if t.offheap_execution_bytes > 0 {
        // MemoryManager.tungstenMemoryMode: Spark SQL's operators work off heap.
        format!(
            ", off-heap execution's {} included (spark.memory.offHeap.enabled)",
            crate::format::mib_of_bytes(t.offheap_execution_bytes)
        )
    } else {
        String::new()
    };
    let share = format!(
        "{} running at once each get {} to {} of execution memory{offheap} (Spark guarantees \
         execution ÷ {} and allows execution ÷ {} while cached data holds its storage region; \
         {} each with nothing cached)",
        format::counted(t.tasks_at_once.into(), "task"),
        crate::format::mib_of_bytes(t.min_bytes),
        crate::format::mib_of_bytes(t.max_bytes),
        2 * u64::from(t.tasks_at_once),
        t.tasks_at_once,
        crate::format::mib_of_bytes(t.max_uncached_bytes),
    );
    let seeds = format!(
        "The rule of thumb's arithmetic, {} × {} = {} of a {} heap, misses that execution gets \
         (heap − 300 MiB) × 0.6 × 0.5 while cached data holds its region, and never more than \
         (heap − 300 MiB) × 0.6.",
        t.tasks_at_once,
        task,
        crate::format::mib_of_bytes(t.all_tasks_bytes),
        crate::format::mib_of_bytes(heap_mib.saturating_mul(MIB))
    );
    let (code, severity, verdict) = task_verdict_words(t);
    let mut text = format!("The largest task's input of {task} {verdict}. {share}.");
    if t.verdict != TaskVerdict::Fits {
        text.push(' ');
        text.push_str(&seeds);
        if t.source == TaskSource::SkewOfShuffle {
            // AQE splits a skewed partition only on the sort-merge join side it can read.
            text.push_str(
                " In a sort-merge join, AQE's skew-join splitting (in the settings below) cuts a \
                 partition this skewed into smaller tasks; an aggregation or a window keeps it \
                 whole.",
            );
        }
    }
    Warning::new(code, severity, text).about(FieldId::LargestTaskInput)
}

/// The verdict's code, severity and words. A task above its share spills (Spark's sorters and
/// aggregation maps spill to disk when `TaskMemoryManager` cannot grant more: `Spillable`,
/// `UnsafeExternalSorter`): slower, not a failure, so no verdict is an error. What cannot
/// spill is named: a hash join's build side (`HashedRelation`, built whole in memory: "There is
/// not enough memory to build hash map") and a single row larger than the memory.
fn task_verdict_words(t: &TaskMemoryCheck) -> (Code, Severity, &'static str) {
    match t.verdict {
        TaskVerdict::Fits => (
            Code::TaskMemoryFits,
            Severity::Info,
            "fits in the share every task is guaranteed",
        ),
        TaskVerdict::Tight => (
            Code::TaskMemoryTight,
            Severity::Warning,
            "fits only while the tasks beside it take less: expect spilling",
        ),
        // Execution may borrow the storage region that nothing cached holds.
        TaskVerdict::DoesNotFit if t.task_bytes <= t.max_uncached_bytes => (
            Code::TaskMemoryShort,
            Severity::Warning,
            "fits only while nothing is cached and the tasks beside it take less: expect heavy \
             spilling",
        ),
        TaskVerdict::DoesNotFit => (
            Code::TaskMemoryShort,
            Severity::Warning,
            "does not fit in memory: sorts, aggregations and shuffles spill the rest to disk \
             (slow, but the task does not fail); a hash join's build side (broadcast or shuffled \
             hash join) and a single row bigger than memory cannot spill and fail out of memory",
        ),
    }
}

fn broadcast_notes(b: &BroadcastNumbers) -> Vec<Warning> {
    let table = format!("{} MiB", format::group(b.table_mib));
    let mut notes = Vec::new();
    if b.above_spark_limit {
        notes.push(Warning::new(
            Code::BroadcastNoRoom,
            Severity::Error,
            format!("A table of {table} cannot be broadcast: Spark refuses a broadcast once the relation it builds from the rows reaches 8 GiB (\"Cannot broadcast the table that is larger than 8GB\"). Join it with a shuffle."),
        ));
    } else if !b.automatic {
        notes.push(Warning::new(
            Code::BroadcastAboveThreshold,
            Severity::Info,
            format!("A table of {table} is above spark.sql.autoBroadcastJoinThreshold (10 MiB): Spark joins it with a shuffle unless a broadcast hint or a higher threshold asks for a broadcast."),
        ));
    }
    if let Some(limit) = b.above_max_result_size_mib {
        notes.push(Warning::new(
            Code::ResultsAboveMaxResultSize,
            Severity::Warning,
            format!("A broadcast table's rows are collected through the driver, so spark.driver.maxResultSize ({}) applies: {table}, less what compression saves, above it and Spark aborts the job (\"Total size of serialized results … is bigger than spark.driver.maxResultSize\"). Raise it to at least {}.", crate::format::mib(limit), format::spark_size_gib_at_least(b.table_mib)),
        ).about(FieldId::MaxResultSize));
    }
    if !b.fits_storage {
        notes.push(Warning::new(
            Code::BroadcastNoRoom,
            Severity::Warning,
            format!("Every executor holds a copy of a broadcast table: {table} is more than each executor's storage region of {} (the join holds the relation whole in memory: it cannot spill).", crate::format::mib_of_bytes(b.storage_bytes)),
        ));
    }
    if !b.fits_driver {
        notes.push(Warning::new(
            Code::BroadcastNoRoom,
            Severity::Warning,
            format!("The driver collects a broadcast table before sending it: {} (the table and the results collected) is more than the driver's usable heap of {}. Raise spark.driver.memory to at least {}.", crate::format::mib_of_bytes(b.driver_needs_bytes), crate::format::mib_of_bytes(b.driver_usable_bytes), format::spark_size_gib_at_least((b.driver_needs_bytes + RESERVED_BYTES).div_ceil(MIB))),
        ).about(FieldId::DriverMemory));
    }
    notes
        .into_iter()
        .map(|w| {
            if w.field.is_none() {
                w.about(FieldId::BroadcastTableSize)
            } else {
                w
            }
        })
        .collect()
}

fn scan_note(s: &ScanNumbers) -> Warning {
    let parallelism = if s.parallelism_set {
        keys::DEFAULT_PARALLELISM
    } else {
        "Spark's default parallelism"
    };
    let split = if s.split_bytes < s.max_split_bytes {
        format!(
            "splits of {} (the input ÷ {parallelism} of {}, which is below maxPartitionBytes)",
            crate::format::mib_of_bytes(s.split_bytes),
            s.default_parallelism
        )
    } else {
        format!(
            "splits of {} (maxPartitionBytes)",
            crate::format::mib_of_bytes(s.split_bytes)
        )
    };
    let last = if s.idle_slots_last_wave == 0 {
        "every wave is full".to_string()
    } else {
        format!(
            "the last wave runs {} and leaves {} of {} idle, {} %",
            format::counted(s.last_wave_tasks, "task"),
            s.idle_slots_last_wave,
            format::counted(s.task_slots, "slot"),
            format_percent(s.idle_slots_last_wave, s.task_slots, 0)
        )
    };
    let (files, after) = match s.files {
        Some(n) => (
            format!(
                " as {} of {}{}",
                format::counted(n, "file"),
                crate::format::mib_of_bytes(s.input_bytes / n.max(1)),
                if s.splittable {
                    ""
                } else {
                    " that do not split (one task each at least)"
                }
            ),
            "Spark packs whole files and pieces of files into splits, each file counting 4 MiB \
             more (spark.sql.files.openCostInBytes).",
        ),
        None => (
            String::new(),
            "Many small files take more tasks: each file costs 4 MiB \
             (spark.sql.files.openCostInBytes); type how many files.",
        ),
    };
    Warning::new(
        Code::ScanWaves,
        Severity::Info,
        format!(
            "Reading {}{files} in {split} takes {} on {}: {} ({last}). {after}",
            crate::format::mib_of_bytes(s.input_bytes),
            format::counted(s.tasks, "task"),
            format::counted(s.task_slots, "slot"),
            format::counted(s.waves, "wave"),
        ),
    )
    .about(FieldId::InputDataSize)
}

fn shuffle_note(s: &ShuffleNumbers) -> Warning {
    let why = match s.reason {
        TargetReason::AdvisoryDefault => {
            "AQE's own target, spark.sql.adaptive.advisoryPartitionSizeInBytes".to_string()
        }
        TargetReason::GuaranteedTaskMemory => {
            "the execution memory each task is guaranteed, below AQE's 64 MiB target".to_string()
        }
    };
    let coalesced = if s.coalesced_partitions < s.partitions {
        format!(
            "about {} run, not {}: AQE undoes the rounding to whole waves",
            s.coalesced_partitions, s.partitions
        )
    } else {
        format!("all {} stay", s.partitions)
    };
    Warning::new(
        Code::ShufflePartitions,
        Severity::Info,
        format!(
            "Shuffling {} at partitions of about {} ({why}) takes {}; rounded up to whole waves \
             of {}: spark.sql.shuffle.partitions={} (about {} each; Spark's default 200 \
             gives {} each). With these settings (parallelismFirst=false) AQE merges \
             neighbouring partitions up to {}, never below 1 MiB: {coalesced}. With Spark's \
             defaults it merges toward min(64 MiB, shuffle ÷ default parallelism of {}) = {}. \
             Skew joins split partitions above 5 × the median and 256 MiB.",
            crate::format::mib_of_bytes(s.shuffle_bytes),
            crate::format::mib_of_bytes(s.target_bytes),
            format::counted(s.partitions_for_target, "partition"),
            format::counted(s.task_slots, "slot"),
            s.partitions,
            crate::format::mib_of_bytes(s.average_bytes),
            crate::format::mib_of_bytes(s.default_average_bytes),
            crate::format::mib_of_bytes(s.coalesce_target_bytes),
            s.default_parallelism,
            crate::format::mib_of_bytes(s.spark_default_target_bytes),
        ),
    )
    .about(FieldId::ShuffleDataSize)
}

/// The skew factor as typed (`2.5`), for words.
pub fn skew_text(factor: f64) -> String {
    format_f64(factor)
}
