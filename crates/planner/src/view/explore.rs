//! The trade-off explorer's rows as the view gives them: a sweep of every cores-per-executor
//! count ([`crate::explorer::explore`]), made only while its section is open, each row with its
//! marks, what it triggers and the link that adopts it.

use super::parts::findings;
use super::Finding;
use crate::catalog::ClusterManager;
use crate::explorer::{self, ExplorerView, ShapeRow};
use crate::scenario::Scenario;

/// The explorer's table: its rows in the order asked for, and what they trigger.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct ExplorerTable {
    /// Whose numbers.
    pub manager: ClusterManager,
    /// One row per cores-per-executor count that gives a placeable executor, in the order of
    /// the view's sort.
    pub rows: Vec<ExplorerRow>,
    /// The memory target per executor (YARN's `tgt`), in MiB, when one is set.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub memory_target_mib: Option<u64>,
    /// The distinct guidance of the rows, each with the reason of the first row that triggers
    /// it, in the order of the rows by cores.
    pub guidance: Vec<Finding>,
    /// Seed 001's fat-or-slim split of one memory budget, per task, with the scenario's
    /// `spark.task.cpus`.
    pub fat_or_slim: FatOrSlimView,
}

/// One memory budget split two ways (seed 001's 50 GB as 10 × 5 GB or 5 × 10 GB).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FatOrSlimView {
    /// The example's id (an anchor).
    pub id: String,
    /// The total executor memory, in GiB.
    pub total_gib: u64,
    /// Cores per executor in both splits.
    pub cores_per_executor: u32,
    /// `spark.task.cpus` the numbers are for.
    pub task_cpus: u32,
    /// Slim first, then fat.
    pub splits: Vec<SplitView>,
}

/// One split of the budget, per task.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct SplitView {
    /// Executors.
    pub executors: u32,
    /// Heap of each, in GiB.
    pub heap_gib: u64,
    /// The split with more, smaller executors.
    pub slim: bool,
    /// Tasks at once.
    pub task_slots: u64,
    /// Execution memory per task with every slot busy (absent below 450 MiB or when a task
    /// needs more CPUs than the executor has).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub per_task: Option<crate::explorer::PerTaskMemory>,
    /// One executor's storage region: where a broadcast table and cached blocks live.
    pub storage_bytes: u64,
    /// One executor's unified region: the most one task can use alone (a skewed key).
    pub unified_bytes: u64,
}

/// Seed 001's fat-or-slim split with `task_cpus` CPUs per task.
pub fn fat_or_slim(task_cpus: u32) -> FatOrSlimView {
    let f = crate::presets::fat_or_slim();
    let fewest = f.splits[0].executors.min(f.splits[1].executors);
    let mut splits = Vec::with_capacity(f.splits.len());
    for s in f.splits {
        let n = explorer::split_numbers(s, f.cores_per_executor, task_cpus);
        splits.push(SplitView {
            executors: s.executors,
            heap_gib: s.heap_gib,
            slim: s.executors > fewest,
            task_slots: n.task_slots,
            per_task: n.per_task,
            storage_bytes: n.storage_bytes,
            unified_bytes: n.unified_bytes,
        });
    }
    FatOrSlimView {
        id: f.id.to_string(),
        total_gib: f.total_gib,
        cores_per_executor: f.cores_per_executor,
        task_cpus,
        splits,
    }
}

/// One executor shape of the sweep, with its marks.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ExplorerRow {
    /// The shape's numbers: cores, executors placed, heap, overhead, container, task slots,
    /// execution memory per task, executors per node and what a node leaves unused.
    pub shape: ShapeRow,
    /// The plan on the form.
    pub current: bool,
    /// The rule of thumb's choice of cores (YARN, EMR).
    pub rule_of_thumb: bool,
    /// Spark-exact's choice of cores (YARN, EMR).
    pub spark_exact: bool,
    /// Its heap reaches the memory target.
    pub reaches_target: bool,
    /// The stable codes of what the shape triggers (`many-cores-per-executor`, ...).
    pub guidance_codes: Vec<String>,
    /// The share-link query of the scenario whose plan is this row (Adopt).
    pub adopt_link: String,
}

/// The explorer's table for `scenario`, sorted as `shown` asks; `None` when the scenario cannot
/// be planned.
pub fn explorer(scenario: &Scenario, shown: ExplorerView) -> Option<ExplorerTable> {
    let e = explorer::explore(scenario)?;
    let m = e.manager;
    let mut rows = Vec::with_capacity(e.rows.len());
    for r in explorer::sorted_rows(&e.rows, shown) {
        let codes = explorer::guidance(&r, m)
            .iter()
            .map(|w| w.code.as_str().to_string())
            .collect();
        rows.push(ExplorerRow {
            shape: r,
            current: e.is_current(&r),
            rule_of_thumb: e.rule_of_thumb_cores == Some(r.cores),
            spark_exact: e.spark_exact_cores == Some(r.cores),
            reaches_target: e.reaches_target(&r),
            guidance_codes: codes,
            adopt_link: crate::url::scenario_to_query(&explorer::adopt(scenario, &r)),
        });
    }
    Some(ExplorerTable {
        manager: m,
        rows,
        memory_target_mib: e.memory_target_mib,
        guidance: distinct_guidance(&e.rows, m),
        fat_or_slim: fat_or_slim(crate::scenario::task_cpus_of(scenario)),
    })
}

/// Each guidance code once, with the reason of the first row (by cores) that triggers it.
fn distinct_guidance(rows: &[ShapeRow], m: ClusterManager) -> Vec<Finding> {
    let mut seen = Vec::new();
    for r in rows {
        for w in explorer::guidance(r, m) {
            if seen
                .iter()
                .all(|s: &crate::warning::Warning| s.code != w.code)
            {
                seen.push(w);
            }
        }
    }
    findings(m, &seen)
}
