//! The one per-node layout model of YARN, EMR and Kubernetes: each node's CPU and memory as
//! blocks in order (reserved room, daemonsets, the ApplicationMaster or driver pod, executors,
//! what is left), and consecutive nodes with the same blocks grouped, so that 1,000 nodes cost
//! the same as 6. A leaf module: the cluster managers' modules build their layouts in it.
//!
//! CPU is held in millicores for all three: Kubernetes quantities are millicores already
//! (`500m`), and a YARN vcore is written as 1,000 millicores ([`MILLICORES_PER_VCORE`]), so a
//! YARN block's [`Block::vcores`] gives back the whole vcores it was built from.

/// Millicores that stand for one YARN vcore in a [`Block`].
pub const MILLICORES_PER_VCORE: u64 = 1000;

/// A YARN vcore count as the millicores a [`Block`] holds.
pub fn vcores_as_millicores(vcores: u32) -> u64 {
    u64::from(vcores) * MILLICORES_PER_VCORE
}

/// What a block on a node holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockKind {
    /// Kept outside the cluster manager: under YARN for the OS and Hadoop daemons (physical −
    /// NodeManager resources), under Kubernetes by the kubelet and the system (capacity −
    /// allocatable, eviction threshold included).
    Reserved,
    /// Kubernetes daemonset pods.
    DaemonSets,
    /// The YARN ApplicationMaster container (with the driver in cluster mode).
    ApplicationMaster,
    /// The Kubernetes driver pod (cluster mode).
    DriverPod,
    /// One executor container or pod.
    Executor,
    /// Left free.
    Unused,
}

/// What a part of a container's memory is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartKind {
    /// JVM heap.
    Heap,
    /// Memory overhead.
    Overhead,
    /// Off-heap memory.
    OffHeap,
    /// Python worker memory.
    PySpark,
    /// Granted by YARN's rounding beyond what was requested.
    Rounding,
}

impl PartKind {
    /// The part's name in words, as the layouts label it (`off-heap`, `YARN rounding`).
    pub fn name(self) -> &'static str {
        match self {
            PartKind::Heap => "heap",
            PartKind::Overhead => "overhead",
            PartKind::OffHeap => "off-heap",
            PartKind::PySpark => "PySpark",
            PartKind::Rounding => "YARN rounding",
        }
    }
}

/// A memory part of a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    /// What it is.
    pub kind: PartKind,
    /// Its size.
    pub mib: u64,
}

/// The non-empty memory parts of a container, in the order they are drawn: heap, overhead,
/// off-heap, PySpark, then what rounding added.
pub fn container_parts(
    heap: u64,
    overhead: u64,
    offheap: u64,
    pyspark: u64,
    rounding: u64,
) -> Vec<Part> {
    let mut parts = Vec::with_capacity(5);
    for (kind, mib) in [
        (PartKind::Heap, heap),
        (PartKind::Overhead, overhead),
        (PartKind::OffHeap, offheap),
        (PartKind::PySpark, pyspark),
        (PartKind::Rounding, rounding),
    ] {
        if mib > 0 {
            parts.push(Part { kind, mib });
        }
    }
    parts
}

/// One block of a node's CPU and memory, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// What it is.
    pub kind: BlockKind,
    /// CPU it holds, in millicores (a YARN vcore is [`MILLICORES_PER_VCORE`]): what the
    /// cluster manager accounts for it (YARN: the vcores it records; Kubernetes: the request).
    pub cpu_millis: u64,
    /// Memory it holds, in MiB.
    pub memory_mib: u64,
    /// The memory's parts (containers and pods only; empty for the others).
    pub parts: Vec<Part>,
}

impl Block {
    /// A block without memory parts (reserved, daemonsets, unused, a driver pod).
    pub fn plain(kind: BlockKind, cpu_millis: u64, memory_mib: u64) -> Block {
        Block {
            kind,
            cpu_millis,
            memory_mib,
            parts: Vec::new(),
        }
    }

    /// The CPU as whole YARN vcores (YARN blocks hold whole vcores).
    pub fn vcores(&self) -> u64 {
        self.cpu_millis / MILLICORES_PER_VCORE
    }

    /// Whether it is a container or pod Spark asked for (AM, driver pod, executor).
    pub fn is_container(&self) -> bool {
        matches!(
            self.kind,
            BlockKind::ApplicationMaster | BlockKind::DriverPod | BlockKind::Executor
        )
    }

    /// The MiB of its parts of `kind`.
    pub fn part_mib(&self, kind: PartKind) -> u64 {
        // Plain loops, here and in `NodeGroup`: smaller wasm modules than iterator sums.
        let mut mib = 0;
        for p in &self.parts {
            if p.kind == kind {
                mib += p.mib;
            }
        }
        mib
    }
}

/// Consecutive nodes with the same blocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeGroup {
    /// First node, 1-based.
    pub first_node: u32,
    /// Last node, inclusive.
    pub last_node: u32,
    /// The blocks of each of these nodes, in order: reserved, daemonsets, AM or driver pod,
    /// executors, unused.
    pub blocks: Vec<Block>,
}

impl NodeGroup {
    /// How many nodes the group stands for.
    pub fn node_count(&self) -> u32 {
        self.last_node - self.first_node + 1
    }

    /// Executors on each node of the group.
    pub fn executors_per_node(&self) -> u32 {
        let mut executors: usize = 0;
        for b in &self.blocks {
            if b.kind == BlockKind::Executor {
                executors += 1;
            }
        }
        executors as u32
    }

    /// Whether the YARN ApplicationMaster runs on (the one node of) this group.
    pub fn has_am(&self) -> bool {
        self.has(BlockKind::ApplicationMaster)
    }

    /// Whether the Kubernetes driver pod runs on (the one node of) this group.
    pub fn has_driver_pod(&self) -> bool {
        self.has(BlockKind::DriverPod)
    }

    fn has(&self, kind: BlockKind) -> bool {
        self.blocks.iter().any(|b| b.kind == kind)
    }

    /// The memory of one node of the group: all its blocks, in MiB.
    pub fn memory_mib(&self) -> u64 {
        let mut mib = 0;
        for b in &self.blocks {
            mib += b.memory_mib;
        }
        mib
    }

    /// The CPU of one node of the group: all its blocks, in millicores.
    pub fn cpu_millis(&self) -> u64 {
        let mut millis = 0;
        for b in &self.blocks {
            millis += b.cpu_millis;
        }
        millis
    }
}

/// What Spark puts on each node of a run: the blocks of a node follow from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeLoad {
    /// Whether the node holds the driver's container (YARN's AM, Kubernetes' driver pod).
    pub driver: bool,
    /// Executors on the node (EMR's heterogeneous executors: executor requests, merged into
    /// executors when the blocks are built).
    pub executors: u64,
}

/// Consecutive nodes with the same load.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeRun {
    /// First node, 1-based.
    pub first_node: u32,
    /// Last node, inclusive.
    pub last_node: u32,
    /// What each of these nodes holds.
    pub load: NodeLoad,
}

impl NodeRun {
    /// Nodes `first_node..=last_node`, each with the driver's container when `driver` and
    /// `executors` executors.
    pub fn new(first_node: u32, last_node: u32, driver: bool, executors: u64) -> NodeRun {
        NodeRun {
            first_node,
            last_node,
            load: NodeLoad { driver, executors },
        }
    }

    /// How many nodes the run stands for.
    pub fn node_count(&self) -> u32 {
        self.last_node - self.first_node + 1
    }
}

/// The one grouping of nodes: joins consecutive runs with the same load, then builds each
/// group's blocks once with `blocks_of` (so the layout costs the same for 6 nodes or 1,000).
/// Runs must be in node order and adjacent.
pub fn group_nodes(
    runs: impl IntoIterator<Item = NodeRun>,
    mut blocks_of: impl FnMut(&NodeRun) -> Vec<Block>,
) -> Vec<NodeGroup> {
    group_runs(&mut runs.into_iter(), &mut blocks_of)
}

/// [`group_nodes`]' one body: behind `dyn`, so the wasm modules hold one copy instead of one
/// per caller (YARN, Kubernetes, EMR); it runs once per plan.
fn group_runs(
    runs: &mut dyn Iterator<Item = NodeRun>,
    blocks_of: &mut dyn FnMut(&NodeRun) -> Vec<Block>,
) -> Vec<NodeGroup> {
    let mut joined: Vec<NodeRun> = Vec::new();
    for run in runs {
        match joined.last_mut() {
            Some(last) if last.load == run.load => last.last_node = run.last_node,
            _ => joined.push(run),
        }
    }
    let mut groups = Vec::with_capacity(joined.len());
    for run in &joined {
        groups.push(NodeGroup {
            first_node: run.first_node,
            last_node: run.last_node,
            blocks: blocks_of(run),
        });
    }
    groups
}

/// `placed` executors spread evenly over `nodes` nodes (node 1 holding at most `first_cap`, the
/// others `other_cap`), node 1 holding the driver's container when `driver_on_first`, as runs
/// for [`group_nodes`]. YARN and Kubernetes place this way.
pub fn spread_runs(
    nodes: u32,
    driver_on_first: bool,
    first_cap: u64,
    other_cap: u64,
    placed: u64,
) -> Vec<NodeRun> {
    let (first, level, bumped, base) = spread(u64::from(nodes), first_cap, other_cap, placed);
    let bumped = u32::try_from(bumped).unwrap_or(u32::MAX); // ≤ nodes − 1
    let mut runs = vec![NodeRun::new(1, 1, driver_on_first, first)];
    if bumped > 0 {
        runs.push(NodeRun::new(2, 1 + bumped, false, level));
    }
    if 1 + bumped < nodes {
        runs.push(NodeRun::new(2 + bumped, nodes, false, base));
    }
    runs
}

/// Spreads `placed` executors evenly: the smallest level L with Σ min(capᵢ, L) ≥ placed; every
/// node gets min(capᵢ, L − 1), and the remainder goes one each to the first nodes that have
/// room for L. Node 1 holds at most `first_cap`, the others `other_cap` each. Returns
/// (executors on node 1, executors on nodes 2..=1+k, k, on the rest).
pub(crate) fn spread(
    nodes: u64,
    first_cap: u64,
    other_cap: u64,
    placed: u64,
) -> (u64, u64, u64, u64) {
    let others = nodes.saturating_sub(1);
    let filled = |level: u64| {
        first_cap
            .min(level)
            .saturating_add(other_cap.min(level).saturating_mul(others))
    };
    let (mut lo, mut hi) = (0u64, first_cap.max(other_cap));
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if filled(mid) >= placed {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let level = lo;
    if level == 0 {
        return (0, 0, 0, 0);
    }
    let below = level - 1;
    let mut first = first_cap.min(below);
    let other_base = other_cap.min(below);
    let mut remainder = placed.saturating_sub(filled(below));
    if first_cap >= level && remainder > 0 {
        first = level;
        remainder -= 1;
    }
    let bumped = if other_cap >= level {
        remainder.min(others)
    } else {
        0
    };
    (first, level, bumped, other_base)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_fills_evenly() {
        // Case 2, 35 asked, node 1 holds 6 beside the AM, others 6.
        assert_eq!(spread(6, 6, 6, 35), (6, 6, 4, 5));
        // Everything.
        assert_eq!(spread(6, 2, 3, 17), (2, 3, 5, 2));
        assert_eq!(spread(1, 2, 3, 2), (2, 2, 0, 1));
        assert_eq!(spread(4, 3, 3, 0), (0, 0, 0, 0));
    }

    fn executors_block(run: &NodeRun) -> Vec<Block> {
        let mut blocks = Vec::new();
        if run.load.driver {
            blocks.push(Block::plain(BlockKind::DriverPod, 1000, 1024));
        }
        for _ in 0..run.load.executors {
            blocks.push(Block::plain(BlockKind::Executor, 2000, 4096));
        }
        blocks
    }

    #[test]
    fn grouping_joins_consecutive_nodes_with_the_same_load() {
        // 35 executors on 6 nodes, node 1 beside the driver: 6, then 6 on 2–5, 5 on node 6.
        let groups = group_nodes(spread_runs(6, true, 6, 6, 35), executors_block);
        let summary: Vec<(u32, u32, bool, u32)> = groups
            .iter()
            .map(|g| {
                let driver = g.has_driver_pod();
                (g.first_node, g.last_node, driver, g.executors_per_node())
            })
            .collect();
        assert_eq!(
            summary,
            vec![(1, 1, true, 6), (2, 5, false, 6), (6, 6, false, 5)]
        );
        // Without the driver, node 1 joins the nodes that hold as many executors.
        let groups = group_nodes(spread_runs(6, false, 6, 6, 36), executors_block);
        assert_eq!(groups.len(), 1);
        assert_eq!(
            (groups[0].node_count(), groups[0].cpu_millis()),
            (6, 12_000)
        );
        assert_eq!(groups[0].memory_mib(), 6 * 4096);
    }

    #[test]
    fn blocks_are_built_once_per_group() {
        let mut calls = 0;
        let runs = [
            NodeRun::new(1, 1, false, 2),
            NodeRun::new(2, 500, false, 2),
            NodeRun::new(501, 1000, false, 1),
        ];
        let groups = group_nodes(runs, |run| {
            calls += 1;
            executors_block(run)
        });
        assert_eq!(calls, 2);
        assert_eq!((groups[0].first_node, groups[0].last_node), (1, 500));
        assert_eq!(groups[1].node_count(), 500);
    }

    #[test]
    fn yarn_vcores_round_trip_through_millicores() {
        let b = Block::plain(BlockKind::Unused, vcores_as_millicores(7), 0);
        assert_eq!((b.cpu_millis, b.vcores()), (7000, 7));
        let parts = container_parts(100, 0, 0, 5, 3);
        let kinds: Vec<PartKind> = parts.iter().map(|p| p.kind).collect();
        assert_eq!(
            kinds,
            vec![PartKind::Heap, PartKind::PySpark, PartKind::Rounding]
        );
    }
}
