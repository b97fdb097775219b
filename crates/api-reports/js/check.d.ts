// Spark Sizer's reports module (reports/ next to spark_sizer.js): the types of what the JS API's
// check() resolves to, the check's view (`CheckView`) that the page's "Check my configuration"
// draws and `spark-sizer --check --format json` prints. Kept in step with the Rust types
// (planner::view::check) by crates/api/tests/typescript.rs.
//
// ---- Generated from the Rust types (planner::view::check) by crates/api/tests/typescript.rs: do not edit below. ----
import type { BlockKindView, BlockView, ClusterManager, ContainerRole, ContainerView, NodeGroupView, PartKindView, PartView, Severity } from "../spark_sizer";

/**
 * The pasted settings planned.
 */
export type CheckAnswer = { 
/**
 * The comparable numbers.
 */
numbers: SideNumbers, 
/**
 * Every container or pod, as requested and as granted.
 */
containers: Array<ContainerView>, 
/**
 * Where executors run, identical consecutive nodes grouped.
 */
layout: Array<NodeGroupView>, };

/**
 * A key left out of the link.
 */
export type CheckDropped = { 
/**
 * The key.
 */
key: string, 
/**
 * `secret`, `not-needed` or `unsafe` (characters a link does not carry, or too long).
 */
reason: string, };

/**
 * A configuration to paste.
 */
export type CheckExport = { 
/**
 * The report format's name (`submit`, `conf`, `emr-json`, `yaml`).
 */
format: string, 
/**
 * Its name for people ("spark-submit command", "spark-defaults.conf").
 */
name: string, 
/**
 * The text.
 */
text: string, };

/**
 * A finding of the check, with the line of the pasted text it is about.
 */
export type CheckFinding = { 
/**
 * The stable code.
 */
code: string, 
/**
 * `info`, `warning` or `error`.
 */
severity: Severity, 
/**
 * The line (1-based) of the pasted text, when the finding is about one.
 */
line?: number, 
/**
 * The explanation.
 */
message: string, };

/**
 * What a share link of the check holds: never the text, never a secret.
 */
export type CheckLink = { 
/**
 * The value of the link's `ck` key (empty when no setting travels).
 */
ck: string, 
/**
 * Keys left out of the link (their values are never repeated).
 */
dropped: Array<CheckDropped>, 
/**
 * What the page's link holds of the check, in words.
 */
note: string, };

/**
 * One part of a text of several, checked on its own.
 */
export type CheckPart = { 
/**
 * Its number (1 is the first; the command line's `--part`).
 */
number: number, 
/**
 * `spark-submit` or `spark-application` (as in `formats`).
 */
format: string, 
/**
 * Its first line.
 */
first_line: number, 
/**
 * Its last line.
 */
last_line: number, 
/**
 * What it runs: the application's file name, or the SparkApplication's name.
 */
name: string, 
/**
 * Its check's status.
 */
status: CheckStatus, 
/**
 * Its check's headline.
 */
headline: string, 
/**
 * Whether this view is of this part.
 */
this: boolean, };

/**
 * The plan beside the check.
 */
export type CheckPlan = { 
/**
 * The comparable numbers.
 */
numbers: SideNumbers, 
/**
 * The plan in one sentence, as the check words its answer.
 */
headline: string, 
/**
 * The form's share-link query: `plan()` of it gives the plan with all its exports.
 */
link: string, 
/**
 * The plan's configuration in the pasted format, to paste back.
 */
export?: CheckExport, };

/**
 * A key's value that stands, where it came from.
 */
export type CheckSetting = { 
/**
 * The key.
 */
key: string, 
/**
 * The value (`(hidden)` when the key or the value looks secret).
 */
value: string, 
/**
 * The kind of text it was read from (as in `formats`).
 */
format: string, 
/**
 * Its line (1-based; 0 for a link).
 */
line: number, 
/**
 * The lines of the settings of the same key it replaced (Spark's order of precedence).
 */
replaces: Array<number>, 
/**
 * The setting in words: `spark.executor.memory = 8g (line 3, replaces 1)`.
 */
words: string, };

/**
 * Whether the pasted settings were checked.
 */
export type CheckStatus = "checked" | "not-planned" | "nothing-read";

/**
 * The check of a pasted configuration on the form's cluster.
 */
export type CheckView = { 
/**
 * [`super::SCHEMA`].
 */
schema: number, 
/**
 * The form's cluster manager.
 */
manager: ClusterManager, 
/**
 * `checked`, `not-planned` or `nothing-read`.
 */
status: CheckStatus, 
/**
 * The kinds of text read, in the order met (`spark-submit`, `spark-defaults`,
 * `emr-configuration`, `emr-on-eks-job-run`, `emr-serverless-job-run`,
 * `spark-application`, `link`, `event-log`).
 */
formats: Array<string>, 
/**
 * "Read as: a spark-submit command, then …." (absent when nothing was read).
 */
read_as?: string, 
/**
 * The answer in one sentence.
 */
headline: string, 
/**
 * The hint to switch the form's cluster manager, said once under the headline.
 */
switch_hint?: string, 
/**
 * Each key's value that stands, in the order of the text.
 */
settings: Array<CheckSetting>, 
/**
 * The pasted settings planned on the cluster (absent when they cannot be planned).
 */
answer?: CheckAnswer, 
/**
 * The containers in words, one line each.
 */
container_lines: Array<string>, 
/**
 * Where executors run, in words, one line per group of nodes.
 */
layout_lines: Array<string>, 
/**
 * What reading found and the answer's warnings (Spark's refusals in Spark's words), with
 * their line, most severe first.
 */
diagnostics: Array<CheckFinding>, 
/**
 * What the section lists under "What the check found": the diagnostics without the
 * switch hint, most severe first.
 */
findings: Array<CheckFinding>, 
/**
 * The planner's plan for the same cluster (absent when the form is invalid).
 */
plan?: CheckPlan, 
/**
 * Why the plan's configuration is not offered to paste back, when it is not.
 */
plan_not_offered?: string, 
/**
 * What changes from the pasted settings to the plan, worded.
 */
changes: Array<string>, 
/**
 * The share-link query that puts the pasted settings into the form.
 */
use_these_settings: string, 
/**
 * What "Use these settings" does, when it is offered (not for nothing read, nor for a
 * value Spark refuses).
 */
use_these_settings_note?: string, 
/**
 * What a share link of this check holds.
 */
link: CheckLink, 
/**
 * A text of several spark-submit commands or SparkApplications: each, checked on its
 * own, in the order of the text (empty for a text of one). This view is of the part
 * whose `this` is true.
 */
parts: Array<CheckPart>, 
/**
 * The heading of `parts_lines` ("Each command, checked on its own"; absent for a text of
 * one).
 */
parts_title?: string, 
/**
 * Each part with its answer in one sentence, in the order of the text, and the parts left
 * unchecked when there are more than the check reads (empty for a text of one).
 */
parts_lines: Array<string>, };

/**
 * What a side's CPU number counts.
 */
export type CpuCounted = "pod-requests" | "vcores" | "one-vcore-per-container";

/**
 * The numbers the comparison sets side by side, for the pasted settings or the plan (the
 * check's view, [`crate::view::check`], holds them as they are, field by field).
 */
export type SideNumbers = { 
/**
 * Executors asked for (`None`: as many as fit).
 */
executors_asked?: number, 
/**
 * Executors that run.
 */
executors_running: number, 
/**
 * Executor requests those executors hold: more than `executors_running` when EMR merges
 * several requests on a node into one executor.
 */
requests_running: number, 
/**
 * Cores of one executor (`spark.executor.cores`; EMR: of a launched, merged executor).
 */
cores_per_executor: number, 
/**
 * EMR: the launched executors differ in size (merged from different numbers of requests);
 * the numbers of one executor are then the largest's.
 */
several_sizes: boolean, 
/**
 * Heap of one executor in MiB.
 */
heap_mib: number, 
/**
 * One executor's container (YARN and EMR: granted) or pod memory, in MiB.
 */
container_mib: number, 
/**
 * Tasks that run at once.
 */
task_slots: number, 
/**
 * Memory the cluster hands to the application's containers or pods, in MiB.
 */
memory_used_mib: number, 
/**
 * Memory the cluster has for containers or pods, in MiB.
 */
memory_available_mib: number, 
/**
 * CPU the application's containers or pods hold, in millicores (YARN: vcores × 1000).
 */
cpu_reserved_millis: number, 
/**
 * What [`SideNumbers::cpu_reserved_millis`] counts: `pod-requests`, `vcores` or
 * `one-vcore-per-container`.
 */
cpu_counted: CpuCounted, 
/**
 * Whether every container can start (no refusal, the AM or driver fits).
 */
runs: boolean, };
