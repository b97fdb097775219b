// Spark Sizer's analyser module (analyzer/ next to spark_sizer.js): the types of what the JS
// API's analyze() resolves to, the document `spark-sizer analyze --format json` prints with
// `diagnostics` beside it. Keys are Spark's own words where the log has them (executor ids,
// hosts, metric names such as `JVMHeapMemory`, configuration keys); sizes in bytes (`_bytes`)
// or MiB (`_mib`), times in ms (`_ms`, epoch ms for `start_ms`, `end_ms`, `submitted_ms`,
// `completed_ms`). Kept in step with the Rust types by crates/api/tests/typescript.rs.
//
// `AnalysisResult.diagnostics` holds what the command line writes on stderr, each with a code:
// `not-analysed` (error: nothing could be analysed, and why), `not-an-event-log`, the reading's
// problems by kind (`not-json`, `cut-short`, `decode`, `wrong-shape`, `not-an-event`,
// `overlong`, `codec-mismatch`, `lines-not-read`), `invalid-cluster` (the `cluster` option's
// link does not read: the plan is placed on the run's cluster), and from spark_sizer.js
// `invalid-input`, `cancelled`, `no-worker`, `analyzer-not-loaded`, `internal-error`.

/** The counters of a progress message (`analyze()`'s `onProgress`). */
export type AnalysisProgress = Progress & {
  /** Milliseconds since the worker began. */
  elapsed_ms: number;
  /** The analyser module's linear memory, bytes (it never shrinks: its peak so far). */
  wasm_memory_bytes: number;
};

// ---- Generated from the Rust types (eventlog, api-analyzer) by crates/api/tests/typescript.rs: do not edit below. ----
import type { Finding, Severity } from "../spark_sizer";
import type { CpuCounted, SideNumbers } from "../reports/check";

/**
 * The analysis of one run.
 */
export type Analysis = { 
/**
 * The application.
 */
run: RunSummary, 
/**
 * Its settings as the configuration check reads them.
 */
settings: RunSettings, 
/**
 * Its executors as they ran.
 */
executors: ExecutorsSummary, 
/**
 * Measured peaks.
 */
peaks: PeaksSummary, 
/**
 * Stage attempts, in the order they were submitted.
 */
stages: Array<StageSummary>, 
/**
 * Findings, most important first.
 */
findings: Array<RunFinding>, 
/**
 * The right-sized plan (none when there is nothing to size from: no tasks, or a local
 * run).
 */
plan: Recommendation | null, 
/**
 * What the log cannot tell.
 */
unknowns: Array<Unknown>, 
/**
 * Jobs, in the order started (for the what-if of executor counts).
 */
jobs: Array<Job>, 
/**
 * What if: the run's time for every executor count of its shape (none: no task ran).
 */
what_if: WhatIf | null, 
/**
 * What reading found about this run's files.
 */
problems: Array<Problem>, };

/**
 * The answer as `analyze()` returns it: the command line's JSON document with `diagnostics`
 * beside its fields.
 */
export type AnalysisResult = { diagnostics: Array<Finding>, kind: string, schema: number, files: Array<FileRead>, progress: Progress, 
/**
 * Whether reading stopped at a line it could not read.
 */
stopped: boolean, problems: Array<Problem>, runs: Array<Analysis>, };

/**
 * The model against the run as it ran.
 */
export type Check = { 
/**
 * The run's real duration, ms.
 */
real_ms: number, 
/**
 * The most executors alive at once in the run.
 */
executors: number, 
/**
 * Their cores.
 */
cores: number, 
/**
 * The estimate with that many executors there from the first executor's arrival, ms.
 */
estimated_ms: number, 
/**
 * (estimate − real) ÷ real, at that count.
 */
error: number, 
/**
 * The estimate with the executors as they came and went in the run, ms (none: the log
 * names no executor).
 */
replayed_ms: number | null, 
/**
 * (replayed − real) ÷ real.
 */
replay_error: number | null, };

/**
 * A compression codec, as Spark names it (`spark.eventLog.compression.codec`), or how people
 * store logs (gzip, ZIP).
 */
export type Codec = "none" | "zstd" | "lz4" | "snappy" | "lzf" | "gzip" | "zip";

/**
 * How the executor count was chosen.
 */
export type CountBasis = "most-busy-slots" | "all-slots-busy";

/**
 * What went wrong in a compressed stream.
 */
export type DecodeError = { "kind": "corrupt", 
/**
 * The codec.
 */
codec: Codec, 
/**
 * Byte offset in the compressed stream where the bad unit starts.
 */
at_byte: number, 
/**
 * What is wrong, in the decoder's words.
 */
reason: string, } | { "kind": "truncated", 
/**
 * The codec.
 */
codec: Codec, 
/**
 * Compressed bytes read.
 */
at_byte: number, } | { "kind": "unsupported", 
/**
 * What it is.
 */
what: string, };

/**
 * An executor's (or the driver's) peaks.
 */
export type ExecutorPeaks = { 
/**
 * `Executor ID` (`driver`).
 */
executor: string, 
/**
 * Its peaks, by Spark's metric names, only those reported.
 */
peaks: Record<string, number>, 
/**
 * What they rest on.
 */
samples: Samples, 
/**
 * Task GC time ÷ task time on it, in thousandths (none without tasks).
 */
gc_permille: number | null, };

/**
 * One executor.
 */
export type ExecutorSummary = { 
/**
 * `Executor ID`.
 */
id: string, 
/**
 * `Host`.
 */
host: string, 
/**
 * `Total Cores`.
 */
cores: number, 
/**
 * Its resource profile.
 */
resource_profile: number, 
/**
 * Added, ms after the run's start.
 */
added_ms: number | null, 
/**
 * Removed, ms after the run's start (none: alive at the end).
 */
removed_ms: number | null, 
/**
 * `Removed Reason` as Spark wrote it.
 */
removed_reason: string | null, 
/**
 * The reason, read.
 */
loss: LossCause | null, 
/**
 * Tasks it ran.
 */
tasks: number, 
/**
 * Of them, failed.
 */
failed_tasks: number, 
/**
 * Task time on it, ms.
 */
task_ms: number, 
/**
 * Its time alive, ms.
 */
alive_ms: number, 
/**
 * Its longest time without a task while alive, ms.
 */
longest_idle_ms: number, };

/**
 * The executors as they ran.
 */
export type ExecutorsSummary = { 
/**
 * Each executor, in the order added.
 */
executors: Array<ExecutorSummary>, 
/**
 * Hosts, in the order first used.
 */
hosts: Array<HostSummary>, 
/**
 * The most executors alive at once.
 */
most_alive: number, 
/**
 * The most tasks running at once.
 */
most_busy_slots: number, 
/**
 * The most task slots alive at once.
 */
most_slots: number, 
/**
 * Sum over executors of slots × time alive, ms.
 */
slot_ms: number, 
/**
 * Sum of task durations × `spark.task.cpus` ÷ cores per slot: slot time used, ms.
 */
busy_slot_ms: number, 
/**
 * Executors alive and slots busy over time (at most 240 points: each the largest count of
 * its interval).
 */
timeline: Array<TimelinePoint>, 
/**
 * One executor's container as the settings ask it (heap, overhead, off-heap, PySpark), MiB.
 */
container_mib: number, 
/**
 * The heap of it, MiB.
 */
heap_mib: number, 
/**
 * The rest of it, MiB.
 */
overhead_mib: number, };

/**
 * A kind of failure with its first words and how often it happened.
 */
export type FailureCount = { 
/**
 * The kind.
 */
kind: FailureKind, 
/**
 * Spark's words: the exception's class and message, or the loss reason (first 300
 * characters).
 */
reason: string, 
/**
 * How many tasks.
 */
count: number, };

/**
 * What made tasks fail, in kinds a person reads.
 */
export type FailureKind = "out-of-memory" | "executor-lost" | "fetch-failed" | "exception" | "killed" | "resubmitted" | "other";

/**
 * What a file is, when it is not an event log.
 */
export type FileKind = "empty" | "pdf" | "image" | "zip-of-other-files" | "other-archive" | "executable" | "data-file" | "markup" | "other-json" | "csv" | "spark-log" | "other-log" | "text" | "binary" | "damaged-compressed";

/**
 * A file read.
 */
export type FileRead = { 
/**
 * Its name.
 */
name: string, 
/**
 * The codec it was read with.
 */
codec: Codec, 
/**
 * Bytes as stored.
 */
bytes: number, 
/**
 * Bytes decoded.
 */
decoded_bytes: number, 
/**
 * Lines read.
 */
lines: number, 
/**
 * What it is, when it is not an event log.
 */
not_an_event_log: FileKind | null, };

/**
 * The executor heap.
 */
export type HeapAdvice = { 
/**
 * The run's `spark.executor.memory`, MiB.
 */
configured_mib: number, 
/**
 * The executors' `JVMHeapMemory` peak, bytes.
 */
peak_bytes: number | null, 
/**
 * Samples of executor metrics it rests on.
 */
samples: number, 
/**
 * The headroom added, percent.
 */
headroom_percent: number, 
/**
 * The recommended `spark.executor.memory`, MiB (whole GiB).
 */
heap_mib: number, 
/**
 * Why.
 */
basis: HeapBasis, };

/**
 * Where the heap comes from.
 */
export type HeapBasis = "measured-peak" | "out-of-memory" | "not-measured";

/**
 * A host and what ran on it.
 */
export type HostSummary = { 
/**
 * The host as the log names it.
 */
host: string, 
/**
 * Executors it ever ran.
 */
executors: number, 
/**
 * The most alive on it at once.
 */
most_at_once: number, 
/**
 * Their cores then.
 */
cores_at_once: number, };

/**
 * A job.
 */
export type Job = { 
/**
 * `Job ID`.
 */
id: number, 
/**
 * `Submission Time`.
 */
submitted_ms: number | null, 
/**
 * `Completion Time` (none: not ended in the log).
 */
completed_ms: number | null, 
/**
 * Its stages' ids.
 */
stage_ids: Array<number>, 
/**
 * `JobSucceeded` (none: not ended).
 */
succeeded: boolean | null, 
/**
 * `spark.sql.execution.id`: jobs of one SQL query share it.
 */
sql_execution: number | null, };

/**
 * Where a line is: the file (its name as given) and the line, 1-based.
 */
export type Location = { 
/**
 * The file's name.
 */
file: string, 
/**
 * The line.
 */
line: number, };

/**
 * Why an executor was lost, from Spark's `Removed Reason` or a task's `Loss Reason`.
 */
export type LossCause = "yarn-memory-limit" | "oom-killed" | "heap-out-of-memory" | "heartbeat-timeout" | "node-lost" | "preempted" | "released-by-driver" | "other";

/**
 * Where the application ran, from `spark.master`.
 */
export type Master = { "kind": "yarn", 
/**
 * Amazon EMR's build of Spark (`…-amzn-…`).
 */
emr: boolean, } | { "kind": "kubernetes" } | { "kind": "standalone" } | { "kind": "local", 
/**
 * `local[N]`'s N (`*`: the machine's cores, not in the log).
 */
threads: number | null, } | { "kind": "other", 
/**
 * `spark.master` as written, if any.
 */
master: string | null, };

/**
 * What `spark.dynamicAllocation.maxExecutors` the run could use.
 */
export type MaxExecutors = { 
/**
 * Cores per executor.
 */
cores: number, 
/**
 * The most executors the run could keep busy at once: its most runnable tasks at once ÷
 * slots per executor, rounded up (more never start a task).
 */
could_use: number, 
/**
 * The knee, for the run's own cores (more executors save little).
 */
knee: number | null, };

/**
 * One metric's peak and where.
 */
export type MetricPeak = { 
/**
 * Spark's name of the metric (`JVMHeapMemory`, …).
 */
metric: string, 
/**
 * The largest value (bytes, or ms and counts for the GC metrics).
 */
value: number, 
/**
 * The executor that reached it (`driver` for the driver).
 */
executor: string, };

/**
 * The executor overhead.
 */
export type OverheadAdvice = { 
/**
 * The overhead the run's containers had, MiB.
 */
configured_mib: number, 
/**
 * The largest process-tree RSS (JVM, Python, other) minus `JVMHeapMemory` of one executor,
 * bytes.
 */
measured_bytes: number | null, 
/**
 * `spark.executor.memoryOverhead` to set, MiB (none: Spark's rule).
 */
overhead_mib: number | null, 
/**
 * Why.
 */
basis: OverheadBasis, };

/**
 * Where the overhead comes from.
 */
export type OverheadBasis = "measured" | "killed-for-memory" | "spark-rule";

/**
 * The run's peaks.
 */
export type PeaksSummary = { 
/**
 * Each metric's largest value over the executors.
 */
executors_max: Array<MetricPeak>, 
/**
 * Each executor's.
 */
executors: Array<ExecutorPeaks>, 
/**
 * The driver's.
 */
driver: ExecutorPeaks | null, 
/**
 * Samples in all (task ends with metrics, stage peaks, heartbeats).
 */
samples: number, 
/**
 * Whether stage peaks were logged (`spark.eventLog.logStageExecutorMetrics`).
 */
stage_peaks_logged: boolean, 
/**
 * Whether process-tree RSS was logged (`spark.executor.processTreeMetrics.enabled`).
 */
process_tree_logged: boolean, 
/**
 * Task GC time ÷ task time over every executor, in thousandths.
 */
gc_permille: number | null, 
/**
 * The settings that would make the next run's log more telling, as Spark keys and values.
 */
next_run_settings: Record<string, string>, };

/**
 * The plan placed on a cluster.
 */
export type Placed = { 
/**
 * The recommended settings' numbers on the cluster.
 */
recommended: SideNumbers | null, 
/**
 * The run's settings' numbers on the same cluster.
 */
as_ran: SideNumbers | null, 
/**
 * The share link's query of the recommended plan (the form's scenario and the settings in
 * `ck`, as the configuration check's links carry them).
 */
link: string, };

/**
 * One executor count.
 */
export type Point = { 
/**
 * Executors.
 */
executors: number, 
/**
 * Cores each.
 */
cores: number, 
/**
 * The estimated wall-clock time of the run, ms.
 */
estimated_ms: number, 
/**
 * Busy share of the executors' task slots while they are reserved (0 to 1).
 */
utilisation: number, 
/**
 * Perfect parallelism: the total task time ÷ the slots, ms (a lower bound).
 */
perfect_ms: number, 
/**
 * Cores reserved × hours (executors, from their arrival to the run's end).
 */
core_hours: number, 
/**
 * GiB reserved × hours (each executor's container as the planner computes it from the
 * run's settings; none when the run has no executor containers, as in local mode).
 */
gib_hours: number | null, };

/**
 * A problem and where it is.
 */
export type Problem = { 
/**
 * Where (line 0: the file as a whole).
 */
at: Location, } & ({ "kind": "not-json", 
/**
 * The parser's message.
 */
message: string, 
/**
 * The column where it broke.
 */
column: number, } | { "kind": "cut-short", 
/**
 * Bytes of the partial line.
 */
bytes: number, } | { "kind": "not-an-event" } | { "kind": "wrong-shape", 
/**
 * The event's name.
 */
event: string, 
/**
 * The parser's message.
 */
message: string, } | { "kind": "overlong", 
/**
 * Its length.
 */
bytes: number, 
/**
 * The event's name, when its start says it.
 */
event: string | null, } | { "kind": "decode" } & DecodeError | { "kind": "codec-mismatch", 
/**
 * Codec of the name.
 */
named: Codec, 
/**
 * Codec of the bytes.
 */
found: Codec, } | { "kind": "lines-not-read", 
/**
 * How many (the last may be partial).
 */
lines: number, });

/**
 * A resource profile the run declared (`SparkListenerResourceProfileAdded`): what its
 * executors and tasks ask for, by Spark's resource names (`cores`, `memory` in MiB, `gpu`,
 * `cpus`, ...), and how many of the run's executors and stages used it.
 */
export type ProfileSummary = { 
/**
 * Its id (0: the default profile, from the application's settings).
 */
id: number, 
/**
 * Each executor request: name and amount, as the shortest decimal (`4`, `1024`): the
 * document carries no float, which JSON writers round-trip differently (`1.0` or `1`).
 */
executor: Array<[string, string]>, 
/**
 * Each task request: name and amount (`1`, `0.25`).
 */
task: Array<[string, string]>, 
/**
 * Executors of the run that had it.
 */
executors: number, 
/**
 * Stages of the run that asked for it.
 */
stages: number, };

/**
 * Counters of the reading so far, for a progress bar.
 */
export type Progress = { 
/**
 * Bytes pushed (as stored: compressed when the file is).
 */
bytes_read: number, 
/**
 * Bytes of the files begun, when their sizes were given.
 */
bytes_total: number | null, 
/**
 * Bytes after decoding.
 */
bytes_decoded: number, 
/**
 * Lines read.
 */
lines: number, 
/**
 * Events read.
 */
events: number, 
/**
 * Files begun.
 */
files: number, };

/**
 * Task durations of a stage, ms.
 */
export type Quantiles = { 
/**
 * The median (the lower middle of an even count).
 */
median_ms: number, 
/**
 * The 95th percentile (nearest rank).
 */
p95_ms: number, 
/**
 * The longest.
 */
max_ms: number, };

/**
 * The right-sized plan.
 */
export type Recommendation = { 
/**
 * The heap.
 */
heap: HeapAdvice, 
/**
 * The overhead.
 */
overhead: OverheadAdvice, 
/**
 * `spark.executor.cores`.
 */
cores: number, 
/**
 * Executors (with dynamic allocation: its maximum).
 */
executors: number, 
/**
 * Why that many.
 */
executors_basis: CountBasis, 
/**
 * Executors alive at once in the run, at most.
 */
executors_as_ran: number, 
/**
 * `spark.sql.shuffle.partitions` for the largest shuffle seen (none: no shuffle).
 */
shuffle_partitions: number | null, 
/**
 * `spark.driver.memory`, MiB, from the driver's peak (none: not measured).
 */
driver_memory_mib: number | null, 
/**
 * The recommended settings, as Spark configuration keys and values.
 */
settings: Record<string, string>, 
/**
 * Usage as the run ran.
 */
usage_as_ran: Usage, 
/**
 * Reserved with the recommended plan for the same task time (estimate).
 */
usage_recommended: Usage, 
/**
 * Whether the plan is placed on the run's own cluster (not a given one).
 */
cluster_from_run: boolean, 
/**
 * Whether the nodes' sizes were in the log (YARN's NodeManager resources).
 */
node_sizes_known: boolean, 
/**
 * The placement (none where the planner has no cluster manager for the run: local mode,
 * standalone, without a cluster given).
 */
placed: Placed | null, };

/**
 * A finding.
 */
export type RunFinding = { "kind": "executors-lost", 
/**
 * The cause, read.
 */
cause: LossCause, 
/**
 * Their ids.
 */
executors: Array<string>, 
/**
 * Spark's words, of the first.
 */
reason: string, } | { "kind": "task-failures", 
/**
 * The kind.
 */
failure: FailureKind, 
/**
 * Tasks.
 */
tasks: number, 
/**
 * The stages they failed in.
 */
stages: Array<number>, 
/**
 * Spark's words, of the most frequent.
 */
reason: string, } | { "kind": "skew", 
/**
 * `Stage ID`.
 */
stage: number, 
/**
 * Its median task, ms.
 */
median_ms: number, 
/**
 * Its longest task, ms.
 */
max_ms: number, 
/**
 * The largest task's shuffle read, bytes.
 */
max_task_shuffle_read_bytes: number, 
/**
 * Its tasks.
 */
tasks: number, } | { "kind": "spill", 
/**
 * `Stage ID`.
 */
stage: number, 
/**
 * `Memory Bytes Spilled`.
 */
memory_bytes: number, 
/**
 * `Disk Bytes Spilled`.
 */
disk_bytes: number, } | { "kind": "high-gc", 
/**
 * GC ÷ task time, thousandths.
 */
permille: number, } | { "kind": "few-tasks", 
/**
 * `Stage ID`.
 */
stage: number, 
/**
 * Its tasks.
 */
tasks: number, 
/**
 * Slots alive (the most at once).
 */
slots: number, 
/**
 * Its duration, ms.
 */
duration_ms: number, } | { "kind": "idle-executors", 
/**
 * How many.
 */
executors: number, 
/**
 * The longest idle time, ms.
 */
longest_ms: number, 
/**
 * The executor with it.
 */
executor: string, } | { "kind": "low-utilisation", 
/**
 * Busy slot time ÷ slot time, thousandths.
 */
permille: number, };

/**
 * The run's settings.
 */
export type RunSettings = { 
/**
 * Where it ran.
 */
master: Master, 
/**
 * `spark.submit.deployMode` (`client` when not set).
 */
deploy_mode: string, 
/**
 * The properties that shape resources (keys the configuration check knows), as Spark
 * configuration keys and values, in the log's order.
 */
resource_properties: Record<string, string>, 
/**
 * `spark.executor.memory`, MiB (Spark's default 1024).
 */
executor_memory_mib: number, 
/**
 * `spark.executor.cores` (none: not set; YARN and Kubernetes then use 1, standalone all).
 */
executor_cores: number | null, 
/**
 * `spark.executor.memoryOverhead`, MiB, when set.
 */
executor_overhead_mib: number | null, 
/**
 * `spark.task.cpus`.
 */
task_cpus: number, 
/**
 * `spark.driver.memory`, MiB.
 */
driver_memory_mib: number, 
/**
 * `spark.dynamicAllocation.enabled`.
 */
dynamic_allocation: boolean, 
/**
 * `spark.executor.instances`, when set.
 */
executor_instances: number | null, 
/**
 * `spark.eventLog.logStageExecutorMetrics`.
 */
stage_metrics_logged: boolean, 
/**
 * `spark.executor.processTreeMetrics.enabled`.
 */
process_tree_metrics: boolean, 
/**
 * What the check's reader found about the settings (deprecated keys, values Spark
 * refuses), in its words.
 */
notes: Array<string>, };

/**
 * The application and its run.
 */
export type RunSummary = { 
/**
 * `App Name`.
 */
name: string | null, 
/**
 * `App ID`.
 */
id: string | null, 
/**
 * `App Attempt ID`.
 */
attempt: string | null, 
/**
 * `User`.
 */
user: string | null, 
/**
 * `Spark Version`.
 */
spark_version: string | null, 
/**
 * The application's start, ms since the epoch.
 */
start_ms: number | null, 
/**
 * Its end (`SparkListenerApplicationEnd`; none: the log ends before it).
 */
end_ms: number | null, 
/**
 * End − start; for a log without an end, up to its last event.
 */
duration_ms: number, 
/**
 * Whether the log holds the application's end.
 */
ended: boolean, 
/**
 * The files read, in order.
 */
files: Array<string>, 
/**
 * The log's last line read (where a log cut short ends).
 */
last_line: Location | null, 
/**
 * Jobs started but not ended in the log.
 */
jobs_not_ended: Array<number>, 
/**
 * Stage attempts submitted but not completed in the log: (stage, tasks ended, tasks
 * declared).
 */
stages_not_completed: Array<[number, number, number | null]>, 
/**
 * The resource profiles the log declares (stage-level scheduling, Spark 3.1+), in id
 * order, each with the executors and stages of the run that used it.
 */
resource_profiles: Array<ProfileSummary>, };

/**
 * How many samples a peak rests on, by source.
 */
export type Samples = { 
/**
 * `SparkListenerTaskEnd`s carrying `Task Executor Metrics`.
 */
task_ends: number, 
/**
 * `SparkListenerStageExecutorMetrics` (`spark.eventLog.logStageExecutorMetrics`).
 */
stage_peaks: number, 
/**
 * Heartbeats' `Executor Metrics Updated`.
 */
heartbeats: number, };

/**
 * A stage attempt.
 */
export type StageSummary = { 
/**
 * `Stage ID`.
 */
id: number, 
/**
 * `Stage Attempt ID`.
 */
attempt: number, 
/**
 * `Stage Name`.
 */
name: string, 
/**
 * Tasks that ended.
 */
tasks: number, 
/**
 * `Number of Tasks` as declared.
 */
tasks_declared: number | null, 
/**
 * Tasks started but not ended in the log.
 */
tasks_unfinished: number, 
/**
 * Submission to completion, ms (none: not completed in the log).
 */
duration_ms: number | null, 
/**
 * Durations of its successful tasks.
 */
task_time: Quantiles, 
/**
 * Its tasks' summed durations, ms.
 */
task_ms_total: number, 
/**
 * The metrics' totals.
 */
totals: StageTotals, 
/**
 * Why tasks failed.
 */
failures: Array<FailureCount>, 
/**
 * `Failure Reason`, when the stage failed.
 */
failure: string | null, 
/**
 * Its parents in the stage graph.
 */
parents: Array<number>, };

/**
 * What a stage's ended tasks added up to.
 */
export type StageTotals = { 
/**
 * `Executor Run Time`, ms.
 */
run_ms: number, 
/**
 * `Executor CPU Time`, ns.
 */
cpu_ns: number, 
/**
 * `JVM GC Time`, ms.
 */
gc_ms: number, 
/**
 * `Input Metrics` `Bytes Read`.
 */
input_bytes: number, 
/**
 * `Output Metrics` `Bytes Written`.
 */
output_bytes: number, 
/**
 * Shuffle bytes read, remote and local.
 */
shuffle_read_bytes: number, 
/**
 * `Shuffle Records Read`.
 */
shuffle_read_records: number, 
/**
 * `Shuffle Bytes Written`.
 */
shuffle_write_bytes: number, 
/**
 * `Memory Bytes Spilled`.
 */
memory_spilled_bytes: number, 
/**
 * `Disk Bytes Spilled`.
 */
disk_spilled_bytes: number, 
/**
 * The largest task's `Peak Execution Memory`.
 */
max_peak_execution_memory: number, 
/**
 * The largest task's input bytes.
 */
max_task_input_bytes: number, 
/**
 * The largest task's shuffle read bytes.
 */
max_task_shuffle_read_bytes: number, 
/**
 * `Fetch Wait Time`, ms.
 */
fetch_wait_ms: number, 
/**
 * Tasks that failed.
 */
failed: number, 
/**
 * Tasks that were killed.
 */
killed: number, 
/**
 * Speculative copies.
 */
speculative: number, };

/**
 * A point of the timeline.
 */
export type TimelinePoint = { 
/**
 * ms after the run's start.
 */
at_ms: number, 
/**
 * Executors alive.
 */
executors: number, 
/**
 * Their task slots.
 */
slots: number, 
/**
 * Tasks running.
 */
busy: number, };

/**
 * What the log cannot tell, said instead of guessed.
 */
export type Unknown = "no-executor-metrics" | "no-metric-samples" | "local-mode" | "node-sizes" | "no-process-tree-metrics" | "cut-short" | "no-tasks" | "profiles-of-their-own";

/**
 * Core-hours and GiB-hours, in ms-units (core-ms, MiB-ms) so that the words divide once.
 */
export type Usage = { 
/**
 * Cores held × time, core-ms.
 */
core_ms_reserved: number, 
/**
 * Task time × `spark.task.cpus`, core-ms.
 */
core_ms_used: number, 
/**
 * Container memory × time, MiB-ms.
 */
mib_ms_reserved: number, 
/**
 * Measured peak memory × time (RSS when logged, else heap), MiB-ms.
 */
mib_ms_used: number | null, };

/**
 * The what-if of a run.
 */
export type WhatIf = { 
/**
 * The time with unlimited executors, ms.
 */
critical_path_ms: number, 
/**
 * The knee of the curve.
 */
knee_executors: number, 
/**
 * The share the knee is defined by.
 */
knee_share: number, 
/**
 * The model's error against the run as it ran: (estimate − real) ÷ real, with the executors
 * as they came and went (else with the most alive at once).
 */
model_error: number | null, 
/**
 * The detail of that check.
 */
check: Check | null, 
/**
 * `spark.task.cpus`.
 */
task_cpus: number, 
/**
 * The run's duration, ms.
 */
run_ms: number, 
/**
 * The driver's own time: the run's duration minus the time in which a job was running, ms.
 */
driver_ms: number, 
/**
 * Sum of every task's duration, ms.
 */
task_ms: number, 
/**
 * Tasks simulated (every task that ended, failed ones included: they held a slot).
 */
tasks: number, 
/**
 * Stages that ran.
 */
stages: number, 
/**
 * Jobs.
 */
jobs: number, 
/**
 * When the curve's executors arrive (the run's first executor), ms from the start.
 */
executors_arrive_ms: number, 
/**
 * Each executor's container, MiB (what GiB-hours are computed from).
 */
container_mib: number | null, 
/**
 * A new executor's warm-up on each slot's first task, ms.
 */
warmup_ms: number, 
/**
 * The scheduler's lag before a stage's first task, ms.
 */
stage_lag_ms: number, 
/**
 * Bytes spilled to disk (more memory might spill less: not modelled).
 */
disk_spilled_bytes: number, 
/**
 * What `spark.dynamicAllocation.maxExecutors` the run could use, with its cores.
 */
max_executors: MaxExecutors, 
/**
 * The stage graph could not be followed everywhere (a hostile log).
 */
graph_forced: boolean, 
/**
 * Cores per executor.
 */
cores: number, 
/**
 * Task slots per executor (`cores ÷ spark.task.cpus`, rounded down).
 */
slots_per_executor: number, 
/**
 * The points, by executor count.
 */
points: Array<Point>, 
/**
 * The most tasks runnable at once (with unlimited executors).
 */
peak_tasks: number, 
/**
 * The count beyond which nothing changes (every runnable task has a slot).
 */
saturation_executors: number, };
