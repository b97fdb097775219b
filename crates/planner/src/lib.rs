//! Spark Sizer's planning core: plans Spark executors for a YARN cluster two ways — the seeds'
//! rule of thumb, reproduced exactly, and what Spark and YARN really compute — as well as pods on
//! Kubernetes and applications on Amazon EMR, and explains each number.
//!
//! Pure: no IO, no web or wasm dependencies, no panics on any input, integer MiB arithmetic.
//!
//! Entry points:
//! - [`plan()`]: both methods for a [`PlanInput`], side by side ([`Comparison`]).
//! - [`place()`]: a given executor shape placed on a cluster, with its findings
//!   ([`CheckedPlacement`]).
//! - [`spark::resources`]: Spark's own container math from a [`spark::SparkConf`].
//! - [`submit::parse_submit`]: a `spark-submit` argument list read as spark-submit reads it.
//! - [`k8s::plan_k8s`]: executor and driver pods on Kubernetes nodes (pod specs as Spark writes
//!   them, packing by CPU request and memory).
//! - [`scenario::plan`]: any of the three ([`scenario::Scenario`]) planned, or its
//!   diagnostics; [`scenario::presets`]: each cluster manager's presets.
//! - [`catalog`]: every input of the three as a typed [`catalog::FieldId`] with its URL key,
//!   label, unit, range and hint.
//! - [`url::scenario_to_query`] / [`url::scenario_from_query`]: any of the three as a link.
//! - [`emr::plan_emr`]: an application on Amazon EMR (heterogeneous executors: requested vs
//!   launched; `maximizeResourceAllocation`).
//! - [`report::render`]: an outcome as plain text, Markdown or (feature `json`) JSON.
//!
//! ```
//! use planner::{plan, presets::preset};
//!
//! let case2 = preset("case2").unwrap().input;
//! let c = plan(&case2).unwrap();
//! assert_eq!(c.rule_of_thumb.instances, 35);
//! assert_eq!(c.spark_exact.instances, 36); // the AM fits in the room executors leave
//! ```

pub mod catalog;
pub mod check;
pub mod driver;
pub mod dynamic_allocation;
pub mod emr;
pub mod emr_instances;
pub mod explorer;
pub mod exports;
pub mod fixed;
pub mod format;
#[cfg(feature = "fuzzing")]
pub mod fuzz_targets;
pub mod input;
pub mod job_fit;
pub mod k8s;
pub mod layout;
pub mod memory;
pub mod place;
pub mod plan;
pub mod plausible;
pub mod presets;
pub mod providers;
pub mod report;
pub mod resources;
pub mod scenario;
pub mod shortfall;
pub mod spark;
pub mod spark_keys;
pub mod submit;
pub mod text;
pub mod units;
pub mod url;
pub mod view;
pub mod warning;
pub mod workload;
pub mod yarn;

pub use catalog::{ClusterManager, FieldId};
pub use input::{
    Cluster, Field, FieldError, Granularity, InputErrors, MaximumAllocation, Method,
    NodeManagerResources, OffHeap, PlanInput, Policy, Scheduler, SparkSettings,
};
pub use place::{place, CheckedPlacement, ExecutorCount, PlaceInput, Placement};
pub use plan::{plan, Comparison, Plan, Step};
pub use scenario::{Outcome, Scenario};
pub use warning::{Code, Diagnostic, Severity, Warning};
