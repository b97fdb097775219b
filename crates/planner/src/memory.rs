//! The unified memory manager's pools inside an executor heap (Spark's `UnifiedMemoryManager`).
//!
//! Spark works in bytes here; so does this module. Pools are computed as Spark does:
//! `usable = heap − 300 MiB`, `unified = (usable × fraction).toLong`,
//! `storage = (unified × storageFraction).toLong`, `execution = unified − storage`.

use std::fmt;

use crate::units::MIB;

/// Memory Spark reserves inside every heap (300 MiB).
pub const RESERVED_BYTES: u64 = 300 * MIB;
/// The smallest heap Spark accepts, in MiB: `ceil(1.5 × 300 MiB)` = 450 MiB
/// (`UnifiedMemoryManager.getMaxMemory`: `minSystemMemory = (reservedMemory * 1.5).ceil`).
pub const MIN_HEAP_MIB: u64 = 450;
/// The smallest heap Spark accepts, in bytes (471 859 200, the number in Spark's message).
pub const MIN_HEAP_BYTES: u64 = MIN_HEAP_MIB * MIB;

/// From this heap on HotSpot turns compressed object pointers off: with the default 8-byte
/// object alignment a 32-bit reference addresses 32 GiB (`OopEncodingHeapMax`), and HotSpot
/// keeps `UseCompressedOops` only while `MaxHeapSize <= max_heap_for_compressed_oops()`, that
/// limit less a page-aligned heap base (OpenJDK `arguments.cpp`, `set_use_compressed_oops`): so
/// `-Xmx32g` runs with 8-byte references (Azul, "JVM Memory Layout Terminology: OOPs and
/// Compressed OOPs").
pub const COMPRESSED_OOPS_LIMIT_MIB: u64 = 32 * 1024;
/// Below this heap, 8-byte references cost more than the heap above 32 GiB gives: Atlassian,
/// "Do not use heap sizes between 32 GB and 47 GB" (a 31 GiB heap holds about as much).
pub const COMPRESSED_OOPS_BREAK_EVEN_MIB: u64 = 48 * 1024;
/// The largest whole-GiB heap that keeps compressed object pointers: `31g`.
pub const LARGEST_COMPRESSED_OOPS_HEAP_MIB: u64 = COMPRESSED_OOPS_LIMIT_MIB - 1024;

/// Whether a heap of `heap_mib` runs without compressed object pointers yet below the heap that
/// makes up for them: the heaps a 31g heap holds about as much as.
pub fn loses_compressed_oops(heap_mib: u64) -> bool {
    (COMPRESSED_OOPS_LIMIT_MIB..COMPRESSED_OOPS_BREAK_EVEN_MIB).contains(&heap_mib)
}

/// `spark.memory.fraction` and `spark.memory.storageFraction`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MemoryFractions {
    /// Share of (heap − 300 MiB) for execution and storage (default 0.6).
    pub memory_fraction: f64,
    /// Share of the unified region immune to eviction (default 0.5).
    pub storage_fraction: f64,
}

impl Default for MemoryFractions {
    fn default() -> MemoryFractions {
        MemoryFractions {
            memory_fraction: 0.6,
            storage_fraction: 0.5,
        }
    }
}

/// The pools of one executor, in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnifiedMemory {
    /// The heap Spark sees (`Runtime.maxMemory`, taken to equal -Xmx).
    pub heap_bytes: u64,
    /// Reserved memory (300 MiB).
    pub reserved_bytes: u64,
    /// User memory: (heap − reserved) × (1 − fraction); Spark does not manage it.
    pub user_bytes: u64,
    /// The unified region M shared by execution and storage.
    pub unified_bytes: u64,
    /// The storage region R, immune to eviction by execution.
    pub storage_bytes: u64,
    /// The execution region, M − R (execution may borrow more while storage is unused).
    pub execution_bytes: u64,
    /// Off-heap storage pool (from `spark.memory.offHeap.size`, even when disabled).
    pub offheap_storage_bytes: u64,
    /// Off-heap execution pool.
    pub offheap_execution_bytes: u64,
    /// Tasks running at once (executor cores ÷ `spark.task.cpus`).
    pub concurrent_tasks: u32,
    /// Execution memory each task is guaranteed before spilling: execution ÷ (2 × tasks).
    pub per_task_min_bytes: u64,
    /// Execution memory each task may take when storage holds its full region: execution ÷ tasks.
    pub per_task_max_bytes: u64,
    /// Execution memory each task may take when nothing is cached: unified ÷ tasks.
    pub per_task_max_uncached_bytes: u64,
}

impl UnifiedMemory {
    /// The execution memory a task draws on: the on-heap execution region plus the off-heap
    /// one. With `spark.memory.offHeap.enabled` Spark's Tungsten memory mode is off heap
    /// (`MemoryManager.tungstenMemoryMode`), so Spark SQL's operators (sorts, aggregations, hash
    /// maps) take their pages from the off-heap pool and the rest from the heap's. The off-heap
    /// pools count only as given: the views pass an off-heap size only when it is enabled.
    pub fn task_execution_bytes(&self) -> u64 {
        self.execution_bytes
            .saturating_add(self.offheap_execution_bytes)
    }

    /// [`Self::task_execution_bytes`] with nothing cached: execution borrows both storage
    /// regions (off heap, only blocks persisted `OFF_HEAP` are stored at all).
    pub fn task_unified_bytes(&self) -> u64 {
        self.unified_bytes
            .saturating_add(self.offheap_execution_bytes)
            .saturating_add(self.offheap_storage_bytes)
    }

    /// (guaranteed, most while cached data holds its regions, most with nothing cached) for each
    /// of the tasks running at once, on heap and off heap together.
    pub fn task_shares(&self) -> (u64, u64, u64) {
        let tasks = u64::from(self.concurrent_tasks.max(1));
        let (min, max) = per_task_bytes(self.task_execution_bytes(), tasks);
        (min, max, self.task_unified_bytes() / tasks)
    }
}

/// The heap is below Spark's 450 MiB floor (1.5 × the 300 MiB reserved memory).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeapTooSmall {
    /// The heap in bytes.
    pub heap_bytes: u64,
    /// The minimum in bytes.
    pub minimum_bytes: u64,
}

impl fmt::Display for HeapTooSmall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "System memory {} must be at least {}",
            self.heap_bytes, self.minimum_bytes
        )
    }
}

/// Computes the pools for a heap of `heap_bytes`, or Spark's refusal when it is below 450 MiB.
pub fn unified_memory(
    heap_bytes: u64,
    fractions: MemoryFractions,
    offheap_size_bytes: u64,
    concurrent_tasks: u32,
) -> Result<UnifiedMemory, HeapTooSmall> {
    if heap_bytes < MIN_HEAP_BYTES {
        return Err(HeapTooSmall {
            heap_bytes,
            minimum_bytes: MIN_HEAP_BYTES,
        });
    }
    let usable = heap_bytes - RESERVED_BYTES;
    let unified = f64_to_u64(usable as f64 * fractions.memory_fraction).min(usable);
    let storage = f64_to_u64(unified as f64 * fractions.storage_fraction).min(unified);
    let execution = unified - storage;
    let offheap_storage =
        f64_to_u64(offheap_size_bytes as f64 * fractions.storage_fraction).min(offheap_size_bytes);
    let tasks = u64::from(concurrent_tasks.max(1));
    let (per_task_min_bytes, per_task_max_bytes) = per_task_bytes(execution, tasks);
    Ok(UnifiedMemory {
        heap_bytes,
        reserved_bytes: RESERVED_BYTES,
        user_bytes: usable - unified,
        unified_bytes: unified,
        storage_bytes: storage,
        execution_bytes: execution,
        offheap_storage_bytes: offheap_storage,
        offheap_execution_bytes: offheap_size_bytes - offheap_storage,
        concurrent_tasks: concurrent_tasks.max(1),
        per_task_min_bytes,
        per_task_max_bytes,
        per_task_max_uncached_bytes: unified / tasks,
    })
}

/// What each of `tasks` tasks running at once gets of an execution pool of `execution_bytes`:
/// (guaranteed before it must spill, the most it may take) = (pool ÷ 2N, pool ÷ N), Spark's
/// `ExecutionMemoryPool.acquireMemory`. No task: as one.
pub fn per_task_bytes(execution_bytes: u64, tasks: u64) -> (u64, u64) {
    let tasks = tasks.max(1);
    (
        execution_bytes / tasks.saturating_mul(2),
        execution_bytes / tasks,
    )
}

/// `f64 as u64` with Java's `double.toLong` truncation, saturating at the bounds (negative and
/// NaN give 0). Spark's pool and overhead formulas all truncate this way.
pub(crate) fn f64_to_u64(x: f64) -> u64 {
    if x.is_nan() || x <= 0.0 {
        0
    } else {
        x as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nineteen_gib_heap_matches_spark() {
        let m = unified_memory(19456 * MIB, MemoryFractions::default(), 0, 5).unwrap();
        // Spark: M = 11493.6 MiB, R = 5746.8 MiB.
        assert_eq!(
            m.unified_bytes,
            ((19456 - 300) as f64 * 0.6 * MIB as f64) as u64
        );
        assert_eq!(m.storage_bytes + m.execution_bytes, m.unified_bytes);
        assert_eq!(
            m.user_bytes + m.unified_bytes + m.reserved_bytes,
            m.heap_bytes
        );
        assert_eq!(m.per_task_max_bytes, m.execution_bytes / 5);
    }

    #[test]
    fn refuses_small_heaps() {
        assert!(unified_memory(449 * MIB, MemoryFractions::default(), 0, 1).is_err());
        assert!(unified_memory(450 * MIB, MemoryFractions::default(), 0, 1).is_ok());
    }
}
