// Spark Sizer's JS API (spark_sizer.js): types of plan(), render(), check() and analyze() and their results
// (check()'s in reports/check.d.ts, analyze()'s in analyzer/analysis.d.ts). Kept in step with the
// Rust types (planner::view) by crates/api/tests/typescript.rs.
//

/**
 * Loads the wasm module (spark_sizer_wasm_bg.wasm next to spark_sizer.js, or `moduleOrPath`).
 * Await it once before calling plan().
 */
export default function init(moduleOrPath?: string | URL | Request | Response | BufferSource | WebAssembly.Module): Promise<void>;

/**
 * Plans Spark executors for YARN, Kubernetes or Amazon EMR. Never throws: a problem with the
 * input comes back in `diagnostics` (with `status: "invalid"` when nothing can be planned).
 *
 * `input` is one of:
 * - a share link of the page (`https://host/sizer/?v=1&c=32`) or its query (`v=1&c=32`,
 *   `?v=1&c=32`); a URL or URLSearchParams;
 * - an object of fields, by link key (`{ c: 32 }`) or by the field's name on the page
 *   (`{ coresPerNode: 32 }`, `{ "Cores per node": 32 }`, `{ "spark.executor.memory": "8g" }`;
 *   letter case, spaces and punctuation are ignored), with `cm: "k8s"` or `cm: "emr"` for
 *   Kubernetes or Amazon EMR (YARN when absent).
 *
 * Values mean what they mean in a link: a bare number for a Spark memory setting is MiB, for a
 * node's memory (YARN `m`) GiB; `true`/`false` are on/off. Fields left out keep the page's
 * defaults (`plan({})` is the page's first plan: 17 executors × 5 cores × 19g).
 */
export function plan(input?: string | URL | URLSearchParams | PlanFields | null): PlanResult;

/**
 * The plan of `input` (anything plan() takes) in a report format. Loads the reports module
 * (reports/ next to this file) on its first call. Resolves to "" for a format not known, one
 * with nothing to show for this input (the SVG layout of an invalid link; its reports say what
 * to fix), or an object or other non-link input that does not plan (plan() says why: the
 * defaults are never rendered in its place).
 */
export function render(input: string | URL | URLSearchParams | PlanFields | null | undefined, format: ReportFormat): Promise<string>;

/**
 * Checks a configuration that runs today on the cluster of `input` (anything plan() takes; the
 * page's first cluster when absent): a spark-submit command, a spark-defaults.conf, an EMR
 * configuration (JSON) or a SparkApplication manifest (YAML), or several, recognised by their
 * content and read as Spark reads them. Loads the reports module (reports/ next to this file)
 * on its first call. Problems with the text come back in `diagnostics`, with their line; a
 * cluster `input` that does not plan gives `not-planned` with plan()'s diagnostics (the
 * default cluster is never checked in its place).
 */
export function check(text: string, input?: string | URL | URLSearchParams | PlanFields | null): Promise<CheckResult>;

/**
 * Analyses Spark event logs — what the run used, its executors per host, measured memory peaks,
 * stages, findings, the right-sized plan and the what-if of executor counts — in a Web Worker
 * (the analyser module, analyzer/ next to this file, loaded on the first call). Resolves to the
 * document `spark-sizer analyze --format json` prints, with `diagnostics` (what the command
 * line writes on stderr, and what could not be read); never throws.
 *
 * `input`: bytes, a Blob or File, a ReadableStream, or an array of them (several files, or a
 * folder's files from `<input webkitdirectory>` or a drop: a rolling log's parts are read in
 * their order; `{ name, data }` names bytes or a stream). Every codec Spark writes, `.gz` and
 * `.zip`, `.inprogress` logs.
 */
export function analyze(input: AnalyzeInput, options?: AnalyzeOptions): Promise<AnalysisResult>;

/** One file for analyze(). */
export type AnalyzeSource = Uint8Array | ArrayBuffer | ArrayBufferView | Blob | ReadableStream<Uint8Array>;

/** What analyze() reads. */
export type AnalyzeInput = AnalyzeSource | FileList | Array<AnalyzeSource | { name: string; data: AnalyzeSource }>;

/** analyze()'s options. */
export type AnalyzeOptions = {
  /** The file name of unnamed bytes or a stream (its codec is read from it, checked against the bytes). */
  name?: string;
  /** A share link or its query: the cluster to place the recommended plan on (the run's own when absent). */
  cluster?: string | URL;
  /** Called at most every 100 ms while reading, and once at the end. */
  onProgress?: (progress: AnalysisProgress) => void;
  /** Cancels the analysis: it resolves with the `cancelled` diagnostic. */
  signal?: AbortSignal;
};

export type { AnalysisResult, AnalysisProgress } from "./analyzer/analysis";
import type { AnalysisResult, AnalysisProgress } from "./analyzer/analysis";
export type * from "./reports/check";
import type { CheckView } from "./reports/check";

/** The report formats, named as the command line's `--format` names them. */
export type ReportFormat =
  | "markdown-table" | "confluence" | "html" | "svg" | "conf" | "submit" | "emr-json" | "yaml"
  | "markdown" | "text" | "table";

/** Fields by link key or name; values as a link would hold them. */
export type PlanFields = Record<string, string | number | boolean | null | undefined>;

/** What plan() returns: the planner's view of the plan (`View` below). Keys are snake_case; memory in MiB (`_mib`) or bytes (`_bytes`), CPU in millicores (`_millis`). */
export type PlanResult = View;

/** What check() returns: the check's view (its types are in reports/check.d.ts). */
export type CheckResult = CheckView;

/** A warning about a plan, or a problem with the input (`code`: the planner's stable codes, or the API's own about the input: `unknown-key`, `repeated-key`, `link-version`, `manager-case`, and `not-initialized` or `internal-error` from spark_sizer.js). */
export type Diagnostic = Finding;

// ---- Generated from the Rust types (planner::view) by crates/api/tests/typescript.rs: do not edit below. ----
/**
 * What a block of a node is.
 */
export type BlockKindView = "os-reserved" | "system-reserved" | "daemonsets" | "application-master" | "driver" | "executor" | "unused";

/**
 * A block of a node.
 */
export type BlockView = { 
/**
 * `os-reserved`, `application-master`, `executor`, `unused` (YARN, EMR);
 * `system-reserved`, `daemonsets`, `driver`, `executor`, `unused` (Kubernetes).
 */
kind: BlockKindView, 
/**
 * Vcores (YARN, EMR).
 */
vcores?: number, 
/**
 * CPU requested, in millicores (Kubernetes).
 */
cpu_millis?: number, 
/**
 * Memory.
 */
memory_mib: number, 
/**
 * Memory parts of a container.
 */
parts: Array<PartView>, };

/**
 * The cluster manager a scenario plans for (in a view's JSON, its link's `cm` value).
 */
export type ClusterManager = "yarn" | "k8s" | "emr";

/**
 * A Spark setting.
 */
export type ConfEntry = { 
/**
 * The Spark key.
 */
key: string, 
/**
 * Its value as emitted.
 */
value: string, };

/**
 * Whose container or pod.
 */
export type ContainerRole = "executor" | "executor-launched" | "application-master" | "driver";

/**
 * A container or pod, with the quantities its cluster manager has.
 */
export type ContainerView = { 
/**
 * `executor`, `executor-launched` (EMR, merged), `application-master` or `driver`.
 */
role: ContainerRole, 
/**
 * How many run (EMR's `executor`: requested).
 */
count: number, 
/**
 * JVM heap.
 */
heap_mib?: number, 
/**
 * Memory overhead.
 */
overhead_mib?: number, 
/**
 * Off-heap memory.
 */
offheap_mib?: number, 
/**
 * PySpark worker memory.
 */
pyspark_mib?: number, 
/**
 * Memory requested (a pod's request, equal to its limit).
 */
requested_mib: number, 
/**
 * Memory YARN grants (YARN and EMR).
 */
granted_mib?: number, 
/**
 * Cores Spark runs tasks on.
 */
cores?: number, 
/**
 * Vcores the ResourceManager records (YARN and EMR).
 */
yarn_vcores?: number, 
/**
 * A pod's CPU request as written (`500m`; Kubernetes).
 */
cpu_request?: string, 
/**
 * A pod's CPU limit, when set (Kubernetes).
 */
cpu_limit?: string, 
/**
 * Requests merged into each (EMR's launched executors).
 */
merged_requests?: number, 
/**
 * The node the ApplicationMaster runs on (1-based).
 */
node?: number, };

/**
 * Dynamic allocation's effective counts.
 */
export type DynamicAllocationView = { 
/**
 * Executors Spark starts with: the largest of min, initial and instances.
 */
initial: number, 
/**
 * `minExecutors`.
 */
min_executors: number, 
/**
 * `initialExecutors` as Spark reads it (`minExecutors` when unset).
 */
initial_executors: number, 
/**
 * `spark.executor.instances` as the plan emits it.
 */
instances: number, 
/**
 * `maxExecutors` (absent: unbounded).
 */
max_executors?: number, 
/**
 * Executors the queue or the cluster holds.
 */
cluster_holds: number, 
/**
 * The line under the headline: the executor count is only where Spark starts.
 */
initial_note?: string, 
/**
 * The findings, worded.
 */
notes: Array<Finding>, };

/**
 * Amazon EMR's own parts of the answer.
 */
export type EmrView = { 
/**
 * The core nodes' instance, for people ("m5.4xlarge", "a custom instance (...)").
 */
instance: string, 
/**
 * Core nodes.
 */
core_nodes: number, 
/**
 * Executor requests (`spark.executor.instances`).
 */
requested: number, 
/**
 * One request as asked: memory and vcores.
 */
request_mib: number, 
/**
 * One request's vcores as asked.
 */
request_vcores: number, 
/**
 * One request as YARN grants it.
 */
granted_mib: number, 
/**
 * One request's vcores as granted.
 */
granted_vcores: number, 
/**
 * The executors that run, by shape, most merged first.
 */
launched: Array<LaunchedView>, 
/**
 * Requests the launched executors cover.
 */
covered_requests: number, 
/**
 * Requests YARN leaves pending.
 */
pending_requests: number, 
/**
 * Whether EMR merges requests (then the launched executors are a model of EMR's).
 */
merged: boolean, 
/**
 * How EMR turns the requests into executors, in one sentence.
 */
how: string, };

/**
 * One executor shape of the sweep, with its marks.
 */
export type ExplorerRow = { 
/**
 * The shape's numbers: cores, executors placed, heap, overhead, container, task slots,
 * execution memory per task, executors per node and what a node leaves unused.
 */
shape: ShapeRow, 
/**
 * The plan on the form.
 */
current: boolean, 
/**
 * The rule of thumb's choice of cores (YARN, EMR).
 */
rule_of_thumb: boolean, 
/**
 * Spark-exact's choice of cores (YARN, EMR).
 */
spark_exact: boolean, 
/**
 * Its heap reaches the memory target.
 */
reaches_target: boolean, 
/**
 * The stable codes of what the shape triggers (`many-cores-per-executor`, ...).
 */
guidance_codes: Array<string>, 
/**
 * The share-link query of the scenario whose plan is this row (Adopt).
 */
adopt_link: string, };

/**
 * The explorer's table: its rows in the order asked for, and what they trigger.
 */
export type ExplorerTable = { 
/**
 * Whose numbers.
 */
manager: ClusterManager, 
/**
 * One row per cores-per-executor count that gives a placeable executor, in the order of
 * the view's sort.
 */
rows: Array<ExplorerRow>, 
/**
 * The memory target per executor (YARN's `tgt`), in MiB, when one is set.
 */
memory_target_mib?: number, 
/**
 * The distinct guidance of the rows, each with the reason of the first row that triggers
 * it, in the order of the rows by cores.
 */
guidance: Array<Finding>, 
/**
 * Seed 001's fat-or-slim split of one memory budget, per task, with the scenario's
 * `spark.task.cpus`.
 */
fat_or_slim: FatOrSlimView, };

/**
 * What to paste.
 */
export type ExportsView = { 
/**
 * The Spark configuration, in order.
 */
spark_conf: Array<ConfEntry>, 
/**
 * The same settings as `spark-defaults.conf` lines (`key value`).
 */
spark_defaults_conf: string, 
/**
 * `spark-submit`'s arguments (without the application).
 */
spark_submit_args: Array<string>, 
/**
 * The `spark-submit` command to paste into a shell.
 */
spark_submit: string, 
/**
 * Kubernetes: the Spark operator's `SparkApplication` fragment (YAML).
 */
spark_operator_yaml?: string, 
/**
 * EMR: the configuration classifications, as JSON text.
 */
emr_configurations_json?: string, 
/**
 * EMR: the `YarnAllocator` lines of the driver log, as EMR writes them.
 */
driver_log?: Array<string>, };

/**
 * One memory budget split two ways (seed 001's 50 GB as 10 × 5 GB or 5 × 10 GB).
 */
export type FatOrSlimView = { 
/**
 * The example's id (an anchor).
 */
id: string, 
/**
 * The total executor memory, in GiB.
 */
total_gib: number, 
/**
 * Cores per executor in both splits.
 */
cores_per_executor: number, 
/**
 * `spark.task.cpus` the numbers are for.
 */
task_cpus: number, 
/**
 * Slim first, then fat.
 */
splits: Array<SplitView>, };

/**
 * A warning, a note, or a problem with the input.
 */
export type Finding = { 
/**
 * The stable kebab-case code (`invalid-value`, `fewer-executors-fit`).
 */
code: string, 
/**
 * `info`, `warning` or `error`.
 */
severity: Severity, 
/**
 * The link key of the input at fault, when one is.
 */
field?: string, 
/**
 * What is wrong or worth knowing, with its numbers.
 */
message: string, };

/**
 * The GPUs of a plan whose executors or tasks ask for them.
 */
export type GpusView = { 
/**
 * GPUs each executor asks for (`spark.executor.resource.gpu.amount`).
 */
per_executor: number, 
/**
 * GPUs each task asks for, as Spark's key writes it (`0.25`; `0`: none).
 */
per_task: string, 
/**
 * GPUs per node.
 */
per_node: number, 
/**
 * Whether the GPUs hold fewer tasks per executor than its cores would.
 */
limit_tasks: boolean, 
/**
 * Whether the GPUs hold fewer executors per node than its memory and cores would.
 */
limit_executors: boolean, };

/**
 * Kubernetes' own parts of the answer.
 */
export type KubernetesView = { 
/**
 * What a node keeps and what is left for Spark's pods.
 */
node: NodeReservationView, 
/**
 * Executor pods that fit on a node beside its daemonsets.
 */
executor_pods_per_node: number, 
/**
 * Executor pods the cluster holds with the driver pod in place.
 */
cluster_capacity: number, 
/**
 * Executor pods asked for (as many as fit: the capacity).
 */
asked: number, 
/**
 * The overhead factor Spark used (`0.1`).
 */
overhead_factor: string, 
/**
 * The executor pod's CPU request in millicores.
 */
executor_cpu_millis: number, 
/**
 * The executor pod's memory request (= limit), in MiB.
 */
executor_memory_mib: number, 
/**
 * When a node's pod limit holds the pods: in words.
 */
pod_limit?: string, };

/**
 * Executors of one shape that EMR launches.
 */
export type LaunchedView = { 
/**
 * How many run.
 */
count: number, 
/**
 * Requests merged into each.
 */
merged: number, 
/**
 * Container memory.
 */
memory_mib: number, 
/**
 * Cores (task slots).
 */
cores: number, 
/**
 * Vcores YARN records.
 */
yarn_vcores: number, 
/**
 * JVM heap.
 */
heap_mib: number, 
/**
 * Overhead: the rest of the container.
 */
overhead_mib: number, };

/**
 * Which kind of nearest plan ([`crate::shortfall::Nearest`]).
 */
export type NearestKind = "heap" | "spark-exact" | "fewer" | "smaller-heap" | "largest-that-fits";

/**
 * A plan that runs, near the one asked for.
 */
export type NearestPlan = { 
/**
 * `heap` (a heap setting changed), `spark-exact`, `fewer`, `smaller-heap` or
 * `largest-that-fits`.
 */
kind: NearestKind, 
/**
 * The link key of the heap setting changed (`heap`).
 */
field?: string, 
/**
 * Its value, in MiB (`heap`).
 */
setting_mib?: number, 
/**
 * Executors that run with it.
 */
executors: number, 
/**
 * Cores per executor.
 */
cores: number, 
/**
 * Heap per executor, in MiB.
 */
heap_mib: number, 
/**
 * The plan in words, as the answer says it.
 */
message: string, };

/**
 * Consecutive nodes holding the same blocks.
 */
export type NodeGroupView = { 
/**
 * First node, 1-based.
 */
first_node: number, 
/**
 * Last node, inclusive.
 */
last_node: number, 
/**
 * "Node 1", "Nodes 2–6 (5 nodes)".
 */
title: string, 
/**
 * What each node holds: "ApplicationMaster + 2 executors".
 */
holds: string, 
/**
 * Executors (pods) on each node.
 */
executors_per_node: number, 
/**
 * Each node's memory: its blocks added, reserved and free included, in MiB.
 */
memory_mib: number, 
/**
 * Each node's CPU, its blocks added, in millicores (a YARN vcore is 1,000).
 */
cpu_millis: number, 
/**
 * Each node's blocks, in order.
 */
blocks: Array<BlockView>, };

/**
 * A Kubernetes node's reservation, as `kubectl describe node` shows it.
 */
export type NodeReservationView = { 
/**
 * `custom`, `eks`, `gke` or `aks`.
 */
provider: string, 
/**
 * The provider's name ("Amazon EKS"; "custom").
 */
provider_name: string, 
/**
 * What the formula is and where it is published, in a sentence.
 */
source: string, 
/**
 * Capacity, reservations, allocatable, daemonsets and what is left, in order.
 */
rows: Array<ReservationRow>, };

/**
 * What a headline says when no executor runs.
 */
export type NothingRuns = "none-asked" | "no-executor-fits" | "driver-does-not-fit";

/**
 * A part of a container's memory.
 */
export type PartKindView = "heap" | "overhead" | "off-heap" | "pyspark" | "rounding";

/**
 * A memory part of a block.
 */
export type PartView = { 
/**
 * `heap`, `overhead`, `off-heap`, `pyspark` or `rounding`.
 */
kind: PartKindView, 
/**
 * Its size.
 */
mib: number, };

/**
 * Execution memory one running task of an executor may use, in bytes. Spark's
 * `ExecutionMemoryPool` lets each of N running tasks take at most 1/N of the execution pool
 * and guarantees it at least 1/(2N) before it must spill (`ExecutionMemoryPool.scala`,
 * `acquireMemory`); `memory::unified_memory` computes both.
 */
export type PerTaskMemory = { 
/**
 * Guaranteed before spilling: execution ÷ (2 × tasks).
 */
min_bytes: number, 
/**
 * The most one task may take: execution ÷ tasks.
 */
max_bytes: number, };

/**
 * Which method a plan is.
 */
export type PlanMethod = "rule-of-thumb" | "spark-exact" | "kubernetes" | "emr";

/**
 * One method's answer.
 */
export type PlanView = { 
/**
 * `rule-of-thumb`, `spark-exact`, `kubernetes` or `emr`.
 */
method: PlanMethod, 
/**
 * Whether this is the answer shown first.
 */
selected: boolean, 
/**
 * Executors asked for (`spark.executor.instances`; Kubernetes: executor pods, EMR:
 * executor requests).
 */
executors: number, 
/**
 * Executors that run (EMR: launched, possibly merged).
 */
executors_running: number, 
/**
 * `spark.executor.cores` asked for.
 */
cores_per_executor: number, 
/**
 * `spark.executor.memory` as emitted (`19g`).
 */
executor_memory: string, 
/**
 * The executor heap asked for.
 */
heap_mib: number, 
/**
 * Tasks at once on the executors that run.
 */
task_slots: number, 
/**
 * Executors (pods, EMR requests) that fit on a node without the ApplicationMaster or
 * driver pod.
 */
executors_per_node: number, 
/**
 * Whether at least one executor runs.
 */
fits: boolean, 
/**
 * The GPUs of executors and tasks, when they ask for any.
 */
gpus?: GpusView, 
/**
 * What runs: `executors_running` executors of this shape (EMR: its largest launched shape,
 * merged requests; `None` when nothing runs).
 */
runs?: Running, 
/**
 * When nothing runs, what the headline says instead of a shape.
 */
nothing_runs?: NothingRuns, 
/**
 * Why the plan does not run in full (or what Spark or YARN refuses), and the nearest plans
 * that run.
 */
refusal?: Refusal, 
/**
 * Executor, ApplicationMaster or driver containers (pods on Kubernetes).
 */
containers: Array<ContainerView>, 
/**
 * Per-node layout, identical consecutive nodes grouped.
 */
layout: Array<NodeGroupView>, 
/**
 * Sums over the layout.
 */
totals: TotalsView, 
/**
 * The unified-memory pools of one executor's heap (YARN), when Spark accepts the heap.
 */
unified_memory?: UnifiedMemoryView, 
/**
 * Spark's refusal of the heap, in Spark's words, when it is below its 450 MiB floor
 * (YARN): "System memory 419430400 must be at least 471859200".
 */
heap_refused?: string, 
/**
 * The derivation, in order.
 */
working: Array<Step>, 
/**
 * The plan's warnings, most severe first.
 */
warnings: Array<Finding>, 
/**
 * What the plan's executor shape triggers beyond its warnings (a heap without compressed
 * object pointers, a small executor…); [`PlanView::findings`] lists both, as the page's
 * Warnings section and the wiki exports do.
 */
guidance: Array<Finding>, 
/**
 * What to paste.
 */
exports: ExportsView, };

/**
 * Why a plan does not run in full, or what would refuse it.
 */
export type Refusal = { 
/**
 * `error` when nothing runs (or Spark or YARN refuses the plan), else `warning`.
 */
severity: Severity, 
/**
 * Executors asked for (EMR: executor requests; 0 when the refusal is not a shortfall).
 */
asked: number, 
/**
 * Executors that run (EMR: the requests they cover).
 */
runs: number, 
/**
 * Why, by how much, in one or two sentences.
 */
message: string, 
/**
 * The nearest plans that run, in the order to say them.
 */
nearest: Array<NearestPlan>, };

/**
 * A remedy that is an executor shape: one click applies it.
 */
export type RemedyView = { 
/**
 * What it is, worded.
 */
description: string, 
/**
 * Whether the largest task fits in it.
 */
fits: boolean, 
/**
 * The share-link query of the scenario it plans.
 */
link_query: string, };

/**
 * A row of a node's reservation.
 */
export type ReservationRow = { 
/**
 * "Capacity", "− kube-reserved", "= Allocatable".
 */
label: string, 
/**
 * Whether the row is a total (`=`).
 */
total: boolean, 
/**
 * CPU in millicores (absent: the row has none).
 */
cpu_millis?: number, 
/**
 * Memory in MiB (absent: the row has none).
 */
memory_mib?: number, };

/**
 * The shape that runs.
 */
export type Running = { 
/**
 * Executors (pods) that run.
 */
executors: number, 
/**
 * Cores of each (EMR: of the largest, merged executor).
 */
cores: number, 
/**
 * Heap of each (EMR: of the largest), in MiB.
 */
heap_mib: number, 
/**
 * EMR: the executors run in more than one shape (this is the largest).
 */
largest_of_several: boolean, };

/**
 * The scan stage's tasks and waves.
 */
export type ScanView = { 
/**
 * Tasks in the scan stage.
 */
tasks: number, 
/**
 * Tasks running at once across the executors.
 */
task_slots: number, 
/**
 * ⌈tasks ÷ slots⌉.
 */
waves: number, 
/**
 * Tasks in the last wave.
 */
last_wave_tasks: number, 
/**
 * Slots idle in the last wave.
 */
idle_slots_last_wave: number, };

/**
 * How much a finding matters (in a view's JSON, [`Severity::as_str`]).
 */
export type Severity = "info" | "warning" | "error";

/**
 * One executor shape: how it is sized and what it gives the cluster.
 */
export type ShapeRow = { 
/**
 * `spark.executor.cores`.
 */
cores: number, 
/**
 * Executors placed on the cluster (the ApplicationMaster or driver pod in place).
 */
executors: number, 
/**
 * `spark.executor.memory` in MiB.
 */
heap_mib: number, 
/**
 * The executor's memory overhead in MiB.
 */
overhead_mib: number, 
/**
 * The container (YARN, EMR: granted after rounding) or pod memory (Kubernetes), in MiB.
 */
container_mib: number, 
/**
 * Tasks one executor runs at once: cores ÷ `spark.task.cpus`.
 */
task_slots_per_executor: number, 
/**
 * Tasks the cluster runs at once.
 */
task_slots: number, 
/**
 * Execution memory per running task; `None` when the heap is below Spark's 450 MiB.
 */
per_task?: PerTaskMemory, 
/**
 * Executors on a node without the ApplicationMaster or driver pod.
 */
executors_per_node: number, 
/**
 * Memory such a node leaves unused, in MiB.
 */
unused_memory_mib_per_node: number, 
/**
 * Cores such a node leaves to no task, in millicores (YARN counts an executor's
 * `spark.executor.cores`, whatever vcores its calculator records).
 */
unused_cpu_millis_per_node: number, };

/**
 * The recommended shuffle partitions.
 */
export type ShuffleView = { 
/**
 * `spark.sql.shuffle.partitions`, in whole waves.
 */
partitions: number, 
/**
 * The partition size aimed at.
 */
target_bytes: number, 
/**
 * The average partition at that count.
 */
average_bytes: number, };

/**
 * One split of the budget, per task.
 */
export type SplitView = { 
/**
 * Executors.
 */
executors: number, 
/**
 * Heap of each, in GiB.
 */
heap_gib: number, 
/**
 * The split with more, smaller executors.
 */
slim: boolean, 
/**
 * Tasks at once.
 */
task_slots: number, 
/**
 * Execution memory per task with every slot busy (absent below 450 MiB or when a task
 * needs more CPUs than the executor has).
 */
per_task?: PerTaskMemory, 
/**
 * One executor's storage region: where a broadcast table and cached blocks live.
 */
storage_bytes: number, 
/**
 * One executor's unified region: the most one task can use alone (a skewed key).
 */
unified_bytes: number, };

/**
 * Whether a scenario was planned.
 */
export type Status = "planned" | "invalid";

/**
 * One working step.
 */
export type Step = { 
/**
 * What it decides.
 */
title: string, 
/**
 * The arithmetic with its numbers.
 */
detail: string, };

/**
 * The per-task memory check.
 */
export type TaskMemoryView = { 
/**
 * The largest task's input.
 */
task_bytes: number, 
/**
 * Tasks running at once in one executor (N).
 */
tasks_at_once: number, 
/**
 * Guaranteed per task: execution ÷ 2N.
 */
guaranteed_bytes: number, 
/**
 * The most per task: execution ÷ N.
 */
most_bytes: number, 
/**
 * `fits`, `tight` or `does-not-fit`.
 */
verdict: TaskVerdictView, };

/**
 * Whether the largest task fits.
 */
export type TaskVerdictView = "fits" | "tight" | "does-not-fit";

/**
 * Sums over a layout (YARN and EMR fill the vcore fields, Kubernetes the CPU ones).
 */
export type TotalsView = { 
/**
 * Executors placed.
 */
executors: number, 
/**
 * Tasks at once.
 */
task_slots: number, 
/**
 * Memory granted to containers (YARN, EMR) or requested by pods (Kubernetes).
 */
memory_used_mib: number, 
/**
 * NodeManager memory (YARN, EMR) or allocatable memory beside daemonsets (Kubernetes),
 * all nodes.
 */
memory_available_mib: number, 
/**
 * YARN, EMR: vcores held by containers.
 */
vcores_used?: number, 
/**
 * YARN, EMR: NodeManager vcores of all nodes.
 */
vcores_available?: number, 
/**
 * Kubernetes: CPU requested by Spark's pods.
 */
cpu_used_millis?: number, 
/**
 * Kubernetes: allocatable CPU beside daemonsets, all nodes.
 */
cpu_available_millis?: number, 
/**
 * YARN, EMR: memory the containers request before YARN's rounding.
 */
memory_requested_mib?: number, 
/**
 * YARN, EMR: the executors' heaps added.
 */
heap_mib?: number, 
/**
 * YARN, EMR: NodeManager memory no container holds, all nodes.
 */
unused_memory_mib?: number, 
/**
 * YARN, EMR: NodeManager vcores no container holds, all nodes.
 */
unused_vcores?: number, };

/**
 * The unified-memory pools of one executor's heap, in bytes as Spark computes them.
 */
export type UnifiedMemoryView = { 
/**
 * The heap Spark sees.
 */
heap_bytes: number, 
/**
 * Reserved memory (300 MiB).
 */
reserved_bytes: number, 
/**
 * User memory.
 */
user_bytes: number, 
/**
 * The storage region.
 */
storage_bytes: number, 
/**
 * The execution region.
 */
execution_bytes: number, 
/**
 * Tasks running at once in one executor.
 */
concurrent_tasks: number, 
/**
 * Execution memory each task is guaranteed before spilling.
 */
per_task_min_bytes: number, 
/**
 * Execution memory a task may take when storage holds its region.
 */
per_task_max_bytes: number, 
/**
 * Execution memory a task may take when nothing is cached.
 */
per_task_max_uncached_bytes: number, };

/**
 * Everything a front end shows of one planned (or unplannable) scenario.
 */
export type View = { 
/**
 * [`KIND`].
 */
kind: string, 
/**
 * [`SCHEMA`].
 */
schema: number, 
/**
 * `yarn`, `k8s` or `emr` (the link's `cm`).
 */
manager: ClusterManager, 
/**
 * `planned` or `invalid`.
 */
status: Status, 
/**
 * The scenario as a share-link query (`v=1&c=32`).
 */
link: string, 
/**
 * About the input: an invalid input's problems, one per field, most severe first (the JS
 * API adds what it did with a link's odd keys).
 */
diagnostics: Array<Finding>, 
/**
 * Values that read but no machine has ("64 MiB per node — did you mean 64 GiB?"); the plan
 * is still made.
 */
input_notes: Array<Finding>, 
/**
 * One plan per method (YARN: `rule-of-thumb` then `spark-exact`; else one), one selected.
 */
plans: Array<PlanView>, 
/**
 * YARN: why the two methods' answers differ.
 */
differences: Array<Finding>, 
/**
 * The driver's notes: results against `spark.driver.maxResultSize` and its heap, cores
 * for concurrent jobs, client mode's edge node.
 */
driver: Array<Finding>, 
/**
 * Kubernetes' own parts (its node reservation, pods per node).
 */
kubernetes?: KubernetesView, 
/**
 * Amazon EMR's own parts (requests against launched executors).
 */
emr?: EmrView, 
/**
 * The workload checks, when a workload is described.
 */
workload?: WorkloadView, 
/**
 * Dynamic allocation, when it is on.
 */
dynamic_allocation?: DynamicAllocationView, };

/**
 * The workload checks on the selected plan's executors.
 */
export type WorkloadView = { 
/**
 * The scan stage's tasks and waves.
 */
scan?: ScanView, 
/**
 * The recommended shuffle partitions.
 */
shuffle?: ShuffleView, 
/**
 * The largest task against the execution memory a task may take.
 */
task_memory?: TaskMemoryView, 
/**
 * The recommended Spark SQL settings (shuffle partitions, AQE).
 */
recommended_conf: Array<ConfEntry>, 
/**
 * Shapes that give the largest task more memory, each with the link query that plans it.
 */
remedies: Array<RemedyView>, 
/**
 * The verdict: the checks' findings and smaller tasks, most severe first (the shape
 * remedies are `remedies`, each with its button).
 */
verdict: Array<Finding>, 
/**
 * Every word of the section as a report lists it: the verdict with each remedy worded
 * among them, most severe first.
 */
notes: Array<Finding>, };
