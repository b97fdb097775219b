// Spark Sizer's JS API (spark_sizer.js): types of plan(), render() and check() and their results.
// Kept in step with crates/api/src/view.rs and the planner's report::check_json by
// crates/api/tests/typescript.rs.
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

/** The report formats, named as the command line's `--format` names them. */
export type ReportFormat =
  | "markdown-table" | "confluence" | "html" | "svg" | "conf" | "submit" | "emr-json" | "yaml"
  | "markdown" | "text" | "table";

/** Fields by link key or name; values as a link would hold them. */
export type PlanFields = Record<string, string | number | boolean | null | undefined>;

/** What plan() returns. Keys are snake_case; memory in MiB (`_mib`), CPU in millicores (`_millis`). */
export interface PlanResult {
  /** The version of this shape: fields are added, never renamed or removed, within a schema. */
  schema: 1;
  /** The cluster manager planned for (the link's `cm`). */
  manager: "yarn" | "k8s" | "emr";
  /** `invalid`: nothing could be planned (`plans` is empty; `diagnostics` says why). */
  status: "planned" | "invalid";
  /** The input as read, as a share-link query (`v=1&c=32`), unreadable values left out. */
  link: string;
  /** About the input: values not read or not allowed, unknown or repeated keys; most severe first. */
  diagnostics: Diagnostic[];
  /** One plan per method (YARN: `rule-of-thumb` and `spark-exact`; else one); one is `selected`. */
  plans: Plan[];
  /** YARN: why the two methods' answers differ. */
  differences: Diagnostic[];
}

/** A warning about a plan, or a problem with the input. */
export interface Diagnostic {
  /**
   * Stable kebab-case code: the planner's (`invalid-value`, `unreadable-value`,
   * `fewer-executors-fit`, ...) or the API's own about the input (`unknown-key`,
   * `repeated-key`, `link-version`, `manager-case`, and `not-initialized` or
   * `internal-error` from spark_sizer.js).
   */
  code: string;
  severity: "info" | "warning" | "error";
  /** The link key of the input at fault, when one is (as given, for an unknown key). */
  field?: string;
  /** What is wrong and what is allowed, in words and numbers. */
  message: string;
}

/** One method's answer. */
export interface Plan {
  method: "rule-of-thumb" | "spark-exact" | "kubernetes" | "emr";
  /** Whether this is the answer the page shows first. */
  selected: boolean;
  /** Executors asked for (`spark.executor.instances`). */
  executors: number;
  /** Executors that run (EMR: launched, possibly merged). */
  executors_running: number;
  /** `spark.executor.cores`. */
  cores_per_executor: number;
  /** `spark.executor.memory` as emitted (`"19g"`). */
  executor_memory: string;
  /** The executor heap. */
  heap_mib: number;
  /** Tasks at once. */
  task_slots: number;
  /** Whether at least one executor runs. */
  fits: boolean;
  /** Executor, ApplicationMaster or driver containers (pods on Kubernetes). */
  containers: Container[];
  /** Per-node layout, identical consecutive nodes grouped. */
  layout: NodeGroup[];
  /** Sums over the layout. */
  totals: Totals;
  /** Findings, most severe first. */
  warnings: Diagnostic[];
  /** What to paste. */
  exports: Exports;
}

/** A container or pod; quantities its cluster manager lacks are absent. */
export interface Container {
  role: "executor" | "executor-launched" | "application-master" | "driver";
  /** How many run. */
  count: number;
  heap_mib?: number;
  overhead_mib?: number;
  offheap_mib?: number;
  pyspark_mib?: number;
  /** Memory requested (a pod's request, equal to its limit). */
  requested_mib: number;
  /** YARN, EMR: memory granted (rounded up by the scheduler). */
  granted_mib?: number;
  /** Cores Spark runs tasks on. */
  cores?: number;
  /** YARN, EMR: vcores the ResourceManager records. */
  yarn_vcores?: number;
  /** Kubernetes: the pod's CPU request as written (`"500m"`). */
  cpu_request?: string;
  /** Kubernetes: the pod's CPU limit, when set. */
  cpu_limit?: string;
  /** EMR: executor requests merged into each launched executor. */
  merged_requests?: number;
  /** The node the ApplicationMaster runs on (1-based). */
  node?: number;
}

/** Consecutive nodes holding the same blocks. */
export interface NodeGroup {
  /** First node, 1-based. */
  first_node: number;
  /** Last node, inclusive. */
  last_node: number;
  /** Each node's blocks, in order. */
  blocks: Block[];
}

/** A block of a node. */
export interface Block {
  kind: "os-reserved" | "system-reserved" | "daemonsets" | "application-master" | "driver" | "executor" | "unused";
  /** YARN, EMR. */
  vcores?: number;
  /** Kubernetes: CPU requested. */
  cpu_millis?: number;
  memory_mib: number;
  /** A container's memory parts. */
  parts: Part[];
}

/** A memory part of a block. */
export interface Part {
  kind: "heap" | "overhead" | "off-heap" | "pyspark" | "rounding";
  mib: number;
}

/** Sums over a layout. */
export interface Totals {
  /** Executors placed. */
  executors: number;
  /** Tasks at once. */
  task_slots: number;
  /** Memory granted to containers (YARN, EMR) or requested by pods (Kubernetes). */
  memory_used_mib: number;
  /** NodeManager memory (YARN, EMR) or allocatable memory beside daemonsets (Kubernetes), all nodes. */
  memory_available_mib: number;
  /** YARN, EMR: vcores held by containers. */
  vcores_used?: number;
  /** YARN, EMR: NodeManager vcores, all nodes. */
  vcores_available?: number;
  /** Kubernetes: CPU requested by Spark's pods. */
  cpu_used_millis?: number;
  /** Kubernetes: allocatable CPU beside daemonsets, all nodes. */
  cpu_available_millis?: number;
}

/** A Spark setting. */
export interface ConfEntry {
  key: string;
  value: string;
}

/** What to paste. */
export interface Exports {
  /**
   * The Spark configuration, in order. plan() does not check a workload, so the workload's
   * recommended `spark.sql.*` settings are not here; `render(input, "conf")` has them.
   */
  spark_conf: ConfEntry[];
  /** The same settings as `spark-defaults.conf` lines (`key value`). */
  spark_defaults_conf: string;
  /** `spark-submit`'s arguments, without the application. */
  spark_submit_args: string[];
  /** The `spark-submit` command to paste into a shell. */
  spark_submit: string;
  /** Kubernetes: the Spark operator's `SparkApplication` fragment (YAML). */
  spark_operator_yaml?: string;
  /** EMR: the `spark-defaults` configuration classification (JSON text). */
  emr_configurations_json?: string;
}

/** What check() returns. Memory in MiB (`_mib`), CPU in millicores (`_millis`). */
export interface CheckResult {
  /** The version of this shape: fields are added, never renamed or removed, within a schema. */
  schema: 1;
  /** The cluster manager of the cluster checked against. */
  manager: "yarn" | "k8s" | "emr";
  /** `checked`: the settings were planned (`answer`); `not-planned`: they cannot be planned on this cluster or Spark refuses a value (no `answer`; `diagnostics` says why); `nothing-read`. */
  status: "checked" | "not-planned" | "nothing-read";
  /** The kinds of text read, in the order met: `spark-submit`, `spark-defaults`, `emr-configuration`, `emr-on-eks-job-run`, `emr-serverless-job-run`, `spark-application` (`link` for a share link's settings). */
  formats: string[];
  /** The answer in one sentence. */
  headline: string;
  /** Each key's value that stands after Spark's order of precedence, in the order of the text. */
  settings: CheckSetting[];
  /** The settings planned on the cluster, when they can be. */
  answer?: CheckAnswer;
  /** What reading found and the answer's warnings (Spark's refusals in Spark's words), most severe first. */
  diagnostics: CheckDiagnostic[];
  /** The planner's plan for the same cluster, when the cluster can be planned. */
  plan?: CheckPlan;
  /** What changes from the pasted settings to the plan, worded. */
  changes: string[];
  /** The share-link query that puts the pasted settings into the page's form ("Use these settings"). */
  use_these_settings: string;
  /** What a share link of this check holds. */
  link: CheckLink;
  /** A text of several spark-submit commands or SparkApplications: each, checked on its own, in the order of the text (absent for a text of one). This result is of the part whose `this` is true (the first). */
  parts?: CheckPart[];
}

/** One part of a text of several, checked on its own. */
export interface CheckPart {
  /** 1 for the first. */
  number: number;
  /** `spark-submit` or `spark-application`. */
  format: string;
  first_line: number;
  last_line: number;
  /** What it runs: the application's file name, or the SparkApplication's name. */
  name: string;
  /** Its check's status, as `CheckResult.status`. */
  status: "checked" | "not-planned" | "nothing-read";
  /** Its check's answer in one sentence. */
  headline: string;
  /** Whether this result is of this part. */
  this: boolean;
}

/** A key's value that stands, and where it was read. */
export interface CheckSetting {
  key: string;
  /** `(hidden)` when the key or the value looks secret. */
  value: string;
  /** The kind of text it was read from (as in `formats`). */
  format: string;
  /** Its line, 1-based (0 for a link's settings). */
  line: number;
  /** The lines of earlier settings of the same key it replaced. */
  replaces: number[];
}

/** The comparable numbers of the pasted settings or of the plan. */
export interface CheckNumbers {
  /** Executors asked for (absent: as many as fit, with dynamic allocation and no maximum). */
  executors_asked?: number;
  executors_running: number;
  /** Executor requests those executors hold: more than `executors_running` when EMR merges
   * several requests on a node into one executor. */
  requests_running: number;
  /** Cores of one executor (EMR: of a launched, merged executor). */
  cores_per_executor: number;
  heap_mib: number;
  /** One executor's container (YARN, EMR: as granted) or pod memory. */
  container_mib: number;
  /** Tasks at once. */
  task_slots: number;
  /** Memory held by the application's containers or pods. */
  memory_used_mib: number;
  /** Memory the cluster has for them. */
  memory_available_mib: number;
  /** CPU they hold: Kubernetes the pods' CPU requests; YARN and EMR the vcores the
   * ResourceManager records × 1000 (under the DefaultResourceCalculator one per container). */
  cpu_reserved_millis: number;
  /** Whether every container can start. */
  runs: boolean;
}

/** The pasted settings planned. */
export interface CheckAnswer {
  numbers: CheckNumbers;
  /** Every container or pod, as requested and as granted. */
  containers: Container[];
  /** Where executors run, identical consecutive nodes grouped. */
  layout: NodeGroup[];
}

/** A finding of the check. */
export interface CheckDiagnostic {
  code: string;
  severity: "info" | "warning" | "error";
  /** The line of the pasted text it is about, when it is about one. */
  line?: number;
  message: string;
}

/** The plan beside the check. */
export interface CheckPlan {
  numbers: CheckNumbers;
  /** The plan in one sentence, worded as the check's headline. */
  headline: string;
  /** The form's share-link query: plan(link) gives the plan with every export. */
  link: string;
  /** The plan's configuration in the pasted format, to paste back. */
  export?: CheckExport;
}

/** A configuration to paste. */
export interface CheckExport {
  format: "submit" | "conf" | "emr-json" | "yaml";
  text: string;
}

/** What a share link of the check holds: never the text, never a secret. */
export interface CheckLink {
  /** The link's `ck` value: the settings that shape the answer in short form ("" when none). */
  ck: string;
  /** Keys left out, and why (values are never repeated). */
  dropped: CheckDropped[];
}

/** A key left out of the link. */
export interface CheckDropped {
  key: string;
  reason: "secret" | "not-needed" | "unsafe";
}
