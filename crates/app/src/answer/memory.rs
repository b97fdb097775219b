//! The executor's memory (YARN): the container's parts, and the unified-memory pools inside
//! the heap as a bar and a table, or Spark's refusal of the heap.

use leptos::prelude::*;
use planner::fixed::format_fixed;
use planner::view::{ContainerRole, PlanView, UnifiedMemoryView};

use crate::fmt;
use crate::layout::{item_memo, SegmentLabel};
use crate::reactive::{dynamic, indexed, keyed_by_text, memo, text, Part};

/// A row of a table with a colour swatch: the swatch's class, the label, the value and (for
/// the pools) what it holds.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SwatchRow {
    /// The swatch's class (`sw-heap`, `pool-storage`).
    pub swatch: &'static str,
    /// The row's heading.
    pub label: &'static str,
    /// The value.
    pub value: String,
    /// What it holds (the pools' table only).
    pub what: &'static str,
}

/// A pool's segment of the heap's bar.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PoolSegment {
    /// Left edge, percent.
    pub x: f64,
    /// Width, percent.
    pub w: f64,
    /// The pool's class suffix.
    pub class: &'static str,
    /// The pool's name (its label).
    pub label: String,
    /// The tooltip.
    pub title: String,
}

/// The heap's unified-memory pools.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Pools {
    /// The bar's segments.
    pub segments: Vec<PoolSegment>,
    /// The table's rows.
    pub rows: Vec<SwatchRow>,
    /// "Execution per task (5 at once)".
    pub per_task_label: String,
    /// "574.7 MiB – 1 149.4 MiB".
    pub per_task: String,
    /// What the range means.
    pub per_task_note: String,
}

/// The executor's memory as shown.
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryView {
    /// The container as granted: "21 504 MiB".
    pub granted: String,
    /// The container's parts.
    pub container: Vec<SwatchRow>,
    /// The heap as a person reads it: "19 GiB".
    pub heap: String,
    /// The pools, or Spark's refusal of the heap.
    pub pools: Result<Pools, String>,
}

impl Default for MemoryView {
    fn default() -> MemoryView {
        MemoryView {
            granted: String::new(),
            container: Vec::new(),
            heap: String::new(),
            pools: Ok(Pools::default()),
        }
    }
}

/// The heap's pools in order: label, bytes, CSS class, what it holds.
fn pool_parts(m: &UnifiedMemoryView) -> [(&'static str, u64, &'static str, &'static str); 4] {
    [
        (
            "Reserved",
            m.reserved_bytes,
            "reserved",
            "Spark's fixed reserve",
        ),
        (
            "User memory",
            m.user_bytes,
            "user",
            "your data structures, UDFs; not managed by Spark",
        ),
        (
            "Storage",
            m.storage_bytes,
            "storage",
            "cached data immune to eviction (spark.memory.storageFraction)",
        ),
        (
            "Execution",
            m.execution_bytes,
            "execution",
            "shuffles, joins, sorts, aggregations; borrows from storage",
        ),
    ]
}

fn pools(m: &UnifiedMemoryView) -> Pools {
    let heap = m.heap_bytes.max(1) as f64;
    let mut x = 0.0;
    let mut segments = Vec::new();
    let mut rows = Vec::new();
    for (label, bytes, class, what) in pool_parts(m) {
        let w = bytes as f64 / heap * 100.0;
        segments.push(PoolSegment {
            x,
            w,
            class,
            label: label.to_string(),
            title: format!("{label}: {}", fmt::bytes_mib(bytes)),
        });
        x += w;
        rows.push(SwatchRow {
            swatch: class,
            label,
            value: fmt::bytes_mib(bytes),
            what,
        });
    }
    Pools {
        segments,
        rows,
        per_task_label: format!("Execution per task ({} at once)", m.concurrent_tasks),
        per_task: format!(
            "{} – {}",
            fmt::bytes_mib(m.per_task_min_bytes),
            fmt::bytes_mib(m.per_task_max_bytes)
        ),
        per_task_note: format!(
            "guaranteed before spilling – most while storage holds its region (up to {} when nothing is cached)",
            fmt::bytes_mib(m.per_task_max_uncached_bytes)
        ),
    }
}

/// The executor's memory of a plan.
pub fn memory_view(p: &PlanView) -> MemoryView {
    let Some(e) = super::card::container(p, ContainerRole::Executor) else {
        return MemoryView::default();
    };
    let granted = e.granted_mib.unwrap_or(e.requested_mib);
    let rounding = granted.saturating_sub(e.requested_mib);
    let heap = e.heap_mib.unwrap_or_default();
    let mut container = vec![
        ("Heap (spark.executor.memory)", heap, "heap"),
        ("Overhead", e.overhead_mib.unwrap_or_default(), "overhead"),
    ];
    let offheap = e.offheap_mib.unwrap_or_default();
    if offheap > 0 {
        container.push(("Off-heap", offheap, "offheap"));
    }
    let pyspark = e.pyspark_mib.unwrap_or_default();
    if pyspark > 0 {
        container.push(("PySpark workers", pyspark, "pyspark"));
    }
    if rounding > 0 {
        container.push(("YARN rounding", rounding, "rounding"));
    }
    MemoryView {
        granted: fmt::mib(granted),
        container: container
            .into_iter()
            .map(|(label, mib, class)| SwatchRow {
                swatch: class,
                label,
                value: fmt::mib(mib),
                what: "",
            })
            .collect(),
        heap: fmt::size(heap),
        pools: match (&p.unified_memory, &p.heap_refused) {
            (Some(m), _) => Ok(pools(m)),
            (None, refused) => Err(refused.clone().unwrap_or_default()),
        },
    }
}

/// The executor's memory: the container's parts and the pools in the heap.
#[component]
pub(crate) fn ExecutorMemory(memory: Part<MemoryView>) -> impl IntoView {
    let container = memo(move || memory.with(|m| m.container.clone()));
    let refused = memo(move || memory.with(|m| m.pools.as_ref().err().cloned()));
    let pools = memo(move || memory.with(|m| m.pools.clone().unwrap_or_default()));
    view! {
        <div class="memory-grid">
            <div>
                <h3 class="subhead">{text(move || format!("Container: {} granted", memory.with(|m| m.granted.clone())))}</h3>
                <table class="kv" id="memory-container">
                    <tbody>
                        {keyed_by_text(move || container.with(|c| c.iter().map(|r| r.swatch.to_string()).collect()), move |class| view! {
                            <ContainerRow row=memo(move || container.with(|c| {
                                c.iter().find(|r| r.swatch == class).cloned().unwrap_or_default()
                            }))/>
                        }.into_any())}
                    </tbody>
                </table>
            </div>
            <div>
                <h3 class="subhead">{text(move || format!("Inside the {} heap", memory.with(|m| m.heap.clone())))}</h3>
                {dynamic(move || match refused.get() {
                    Some(why) => view! { <p class="sev sev-error">{why}</p> }.into_any(),
                    None => view! { <HeapPools pools/> }.into_any(),
                })}
            </div>
        </div>
    }
}

#[component]
fn ContainerRow(row: Part<SwatchRow>) -> impl IntoView {
    view! {
        <tr>
            <th scope="row">
                <span class=text(move || row.with(|r| format!("swatch sw-{}", r.swatch))) aria-hidden="true"></span>
                {text(move || row.with(|r| r.label))}
            </th>
            <td>{text(move || row.with(|r| r.value.clone()))}</td>
        </tr>
    }
}

/// The heap's pools as a bar and a table.
#[component]
fn HeapPools(pools: Part<Pools>) -> impl IntoView {
    let segments = memo(move || pools.with(|p| p.segments.clone()));
    let rows = memo(move || pools.with(|p| p.rows.clone()));
    view! {
        <svg class="poolbar" width="100%" height="28" role="img"
            aria-label="Heap split into reserved, user, storage and execution memory">
            {indexed(move || segments.with(Vec::len), move |i| view! {
                <PoolView segment=item_memo(segments, i)/>
            }.into_any())}
        </svg>
        <table class="kv" id="memory-pools">
            <tbody>
                {indexed(move || rows.with(Vec::len), move |i| view! {
                    <PoolRow row=item_memo(rows, i)/>
                }.into_any())}
                <tr>
                    <th scope="row">{text(move || pools.with(|p| p.per_task_label.clone()))}</th>
                    <td>{text(move || pools.with(|p| p.per_task.clone()))}</td>
                    <td class="muted">{text(move || pools.with(|p| p.per_task_note.clone()))}</td>
                </tr>
            </tbody>
        </table>
    }
}

#[component]
fn PoolView(segment: Part<PoolSegment>) -> impl IntoView {
    view! {
        <svg x=text(move || segment.with(|s| format!("{}%", format_fixed(s.x, 3))))
            width=text(move || segment.with(|s| format!("{}%", format_fixed(s.w, 3))))
            height="100%" class="seg">
            <rect width="100%" height="100%" class=text(move || segment.with(|s| format!("pool pool-{}", s.class)))>
                <title>{text(move || segment.with(|s| s.title.clone()))}</title>
            </rect>
            <SegmentLabel w=memo(move || segment.with(|s| s.w))
                label=memo(move || segment.with(|s| s.label.clone()))/>
        </svg>
    }
}

#[component]
fn PoolRow(row: Part<SwatchRow>) -> impl IntoView {
    view! {
        <tr>
            <th scope="row">
                <span class=text(move || row.with(|r| format!("swatch pool-{}", r.swatch))) aria-hidden="true"></span>
                {text(move || row.with(|r| r.label))}
            </th>
            <td>{text(move || row.with(|r| r.value.clone()))}</td>
            <td class="muted">{text(move || row.with(|r| r.what))}</td>
        </tr>
    }
}
