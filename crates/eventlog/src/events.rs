//! The events the analysis reads, as Spark's `JsonProtocol` writes them (apache/spark,
//! `core/src/main/scala/org/apache/spark/util/JsonProtocol.scala`, Spark 2.x to 4.x): typed
//! structs of only the fields needed, so that serde passes over the rest (RDD infos,
//! accumulables, stack traces, classpaths) without building values. Every field is optional or
//! defaulted: older Spark versions lack many of them.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

use crate::metrics::Peaks;

/// `SparkListenerLogStart`.
#[derive(Deserialize)]
pub(crate) struct LogStart<'a> {
    #[serde(rename = "Spark Version", borrow, default)]
    pub(crate) spark_version: Option<Cow<'a, str>>,
}

/// `SparkListenerApplicationStart`.
#[derive(Deserialize)]
pub(crate) struct ApplicationStart<'a> {
    #[serde(rename = "App Name", borrow, default)]
    pub(crate) name: Option<Cow<'a, str>>,
    #[serde(rename = "App ID", borrow, default)]
    pub(crate) id: Option<Cow<'a, str>>,
    #[serde(rename = "Timestamp", default)]
    pub(crate) timestamp: Option<i64>,
    #[serde(rename = "User", borrow, default)]
    pub(crate) user: Option<Cow<'a, str>>,
    #[serde(rename = "App Attempt ID", borrow, default)]
    pub(crate) attempt: Option<Cow<'a, str>>,
}

/// `SparkListenerApplicationEnd`.
#[derive(Deserialize)]
pub(crate) struct ApplicationEnd {
    #[serde(rename = "Timestamp", default)]
    pub(crate) timestamp: Option<i64>,
}

/// `SparkListenerEnvironmentUpdate`: the Spark properties and the Hadoop properties (Spark
/// 3.0+), each a JSON object of strings, kept in the order written.
#[derive(Deserialize)]
pub(crate) struct EnvironmentUpdate {
    #[serde(rename = "Spark Properties", default)]
    pub(crate) spark: Pairs,
    #[serde(rename = "Hadoop Properties", default)]
    pub(crate) hadoop: Pairs,
    #[serde(rename = "JVM Information", default)]
    pub(crate) jvm: Pairs,
}

/// A JSON object of string values as key/value pairs in order (other values are skipped).
#[derive(Default)]
pub(crate) struct Pairs(pub(crate) Vec<(String, String)>);

impl<'de> Deserialize<'de> for Pairs {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pairs, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Pairs;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of strings")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Pairs, A::Error> {
                let mut pairs = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    if let StringOrOther(Some(v)) = map.next_value::<StringOrOther>()? {
                        pairs.push((key, v));
                    }
                }
                Ok(Pairs(pairs))
            }
            // Spark 1.x wrote some properties as a list of [key, value] pairs.
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Pairs, A::Error> {
                let mut pairs = Vec::new();
                while let Some(p) = seq.next_element::<Option<(String, String)>>()? {
                    pairs.extend(p);
                }
                Ok(Pairs(pairs))
            }
        }
        d.deserialize_any(V)
    }
}

/// A string, or anything else (skipped).
struct StringOrOther(Option<String>);

impl<'de> Deserialize<'de> for StringOrOther {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<StringOrOther, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = StringOrOther;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a value")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<StringOrOther, E> {
                Ok(StringOrOther(Some(v.to_string())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<StringOrOther, E> {
                Ok(StringOrOther(Some(v)))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<StringOrOther, E> {
                Ok(StringOrOther(Some(v.to_string())))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<StringOrOther, E> {
                Ok(StringOrOther(Some(v.to_string())))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<StringOrOther, E> {
                Ok(StringOrOther(Some(v.to_string())))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<StringOrOther, E> {
                Ok(StringOrOther(None))
            }
            fn visit_unit<E: de::Error>(self) -> Result<StringOrOther, E> {
                Ok(StringOrOther(None))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<StringOrOther, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(StringOrOther(None))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<StringOrOther, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(StringOrOther(None))
            }
        }
        d.deserialize_any(V)
    }
}

/// One resource request of a resource profile (`"Executor Resource Requests"` values).
#[derive(Deserialize)]
pub(crate) struct ResourceRequest {
    #[serde(rename = "Resource Name", default)]
    pub(crate) name: String,
    #[serde(rename = "Amount", default)]
    pub(crate) amount: f64,
}

/// `SparkListenerResourceProfileAdded` (Spark 3.1+).
#[derive(Deserialize)]
pub(crate) struct ResourceProfileAdded {
    #[serde(rename = "Resource Profile Id", default)]
    pub(crate) id: i64,
    #[serde(rename = "Executor Resource Requests", default)]
    pub(crate) executor: BTreeMap<String, ResourceRequest>,
    #[serde(rename = "Task Resource Requests", default)]
    pub(crate) task: BTreeMap<String, ResourceRequest>,
}

/// `"Executor Info"` of `SparkListenerExecutorAdded`.
#[derive(Deserialize, Default)]
pub(crate) struct ExecutorInfo<'a> {
    #[serde(rename = "Host", borrow, default)]
    pub(crate) host: Option<Cow<'a, str>>,
    #[serde(rename = "Total Cores", default)]
    pub(crate) cores: Option<i64>,
    #[serde(rename = "Resource Profile Id", default)]
    pub(crate) resource_profile: Option<i64>,
    #[serde(rename = "Resources", default)]
    pub(crate) resources: BTreeMap<String, IgnoredAny>,
}

/// `SparkListenerExecutorAdded`.
#[derive(Deserialize)]
pub(crate) struct ExecutorAdded<'a> {
    #[serde(rename = "Timestamp", default)]
    pub(crate) timestamp: Option<i64>,
    #[serde(rename = "Executor ID", borrow)]
    pub(crate) id: Cow<'a, str>,
    #[serde(rename = "Executor Info", borrow, default)]
    pub(crate) info: ExecutorInfo<'a>,
}

/// `SparkListenerExecutorRemoved`.
#[derive(Deserialize)]
pub(crate) struct ExecutorRemoved<'a> {
    #[serde(rename = "Timestamp", default)]
    pub(crate) timestamp: Option<i64>,
    #[serde(rename = "Executor ID", borrow)]
    pub(crate) id: Cow<'a, str>,
    #[serde(rename = "Removed Reason", borrow, default)]
    pub(crate) reason: Option<Cow<'a, str>>,
}

/// `"Block Manager ID"`.
#[derive(Deserialize)]
pub(crate) struct BlockManagerId<'a> {
    #[serde(rename = "Executor ID", borrow)]
    pub(crate) executor: Cow<'a, str>,
    #[serde(rename = "Host", borrow, default)]
    pub(crate) host: Option<Cow<'a, str>>,
}

/// `SparkListenerBlockManagerAdded`: the storage memory each block manager has.
#[derive(Deserialize)]
pub(crate) struct BlockManagerAdded<'a> {
    #[serde(rename = "Block Manager ID", borrow)]
    pub(crate) id: BlockManagerId<'a>,
    #[serde(rename = "Maximum Memory", default)]
    pub(crate) max_memory: Option<i64>,
    #[serde(rename = "Timestamp", default)]
    pub(crate) timestamp: Option<i64>,
}

/// The stage graph's part of a `"Stage Info"`.
#[derive(Deserialize)]
pub(crate) struct StageInfo<'a> {
    #[serde(rename = "Stage ID")]
    pub(crate) id: i64,
    #[serde(rename = "Stage Attempt ID", default)]
    pub(crate) attempt: i64,
    #[serde(rename = "Stage Name", borrow, default)]
    pub(crate) name: Option<Cow<'a, str>>,
    #[serde(rename = "Number of Tasks", default)]
    pub(crate) tasks: Option<i64>,
    #[serde(rename = "Parent IDs", default)]
    pub(crate) parents: Vec<i64>,
    #[serde(rename = "Submission Time", default)]
    pub(crate) submitted: Option<i64>,
    #[serde(rename = "Completion Time", default)]
    pub(crate) completed: Option<i64>,
    #[serde(rename = "Failure Reason", borrow, default)]
    pub(crate) failure: Option<Cow<'a, str>>,
    #[serde(rename = "Resource Profile Id", default)]
    pub(crate) resource_profile: Option<i64>,
}

/// The job's properties the analysis reads.
#[derive(Deserialize, Default)]
pub(crate) struct JobProperties<'a> {
    #[serde(rename = "spark.sql.execution.id", borrow, default)]
    pub(crate) sql_execution: Option<Cow<'a, str>>,
}

/// `SparkListenerJobStart`.
#[derive(Deserialize)]
pub(crate) struct JobStart<'a> {
    #[serde(rename = "Job ID")]
    pub(crate) id: i64,
    #[serde(rename = "Submission Time", default)]
    pub(crate) submitted: Option<i64>,
    #[serde(rename = "Stage Infos", borrow, default)]
    pub(crate) stages: Vec<StageInfo<'a>>,
    #[serde(rename = "Properties", borrow, default)]
    pub(crate) properties: Option<JobProperties<'a>>,
}

/// `"Job Result"`.
#[derive(Deserialize, Default)]
pub(crate) struct JobResult<'a> {
    #[serde(rename = "Result", borrow, default)]
    pub(crate) result: Option<Cow<'a, str>>,
}

/// `SparkListenerJobEnd`.
#[derive(Deserialize)]
pub(crate) struct JobEnd<'a> {
    #[serde(rename = "Job ID")]
    pub(crate) id: i64,
    #[serde(rename = "Completion Time", default)]
    pub(crate) completed: Option<i64>,
    #[serde(rename = "Job Result", borrow, default)]
    pub(crate) result: JobResult<'a>,
}

/// `SparkListenerStageSubmitted` and `SparkListenerStageCompleted`.
#[derive(Deserialize)]
pub(crate) struct StageEvent<'a> {
    #[serde(rename = "Stage Info", borrow)]
    pub(crate) info: StageInfo<'a>,
}

/// `"Task Info"`.
#[derive(Deserialize)]
pub(crate) struct TaskInfo<'a> {
    #[serde(rename = "Launch Time", default)]
    pub(crate) launch: i64,
    #[serde(rename = "Executor ID", borrow)]
    pub(crate) executor: Cow<'a, str>,
    #[serde(rename = "Host", borrow, default)]
    pub(crate) host: Option<Cow<'a, str>>,
    #[serde(rename = "Speculative", default)]
    pub(crate) speculative: bool,
    #[serde(rename = "Finish Time", default)]
    pub(crate) finish: i64,
    #[serde(rename = "Failed", default)]
    pub(crate) failed: bool,
    #[serde(rename = "Killed", default)]
    pub(crate) killed: bool,
}

/// `SparkListenerTaskStart`.
#[derive(Deserialize)]
pub(crate) struct TaskStart<'a> {
    #[serde(rename = "Stage ID")]
    pub(crate) stage: i64,
    #[serde(rename = "Stage Attempt ID", default)]
    pub(crate) attempt: i64,
    #[serde(rename = "Task Info", borrow)]
    pub(crate) info: TaskInfo<'a>,
}

/// `"Task End Reason"`: why a task ended (`Success`, `ExceptionFailure`, `ExecutorLostFailure`,
/// `FetchFailed`, `TaskKilled`, …) with the words Spark gives.
#[derive(Deserialize, Default)]
pub(crate) struct TaskEndReason<'a> {
    #[serde(rename = "Reason", borrow, default)]
    pub(crate) reason: Option<Cow<'a, str>>,
    #[serde(rename = "Class Name", borrow, default)]
    pub(crate) class_name: Option<Cow<'a, str>>,
    #[serde(rename = "Description", borrow, default)]
    pub(crate) description: Option<Cow<'a, str>>,
    #[serde(rename = "Loss Reason", borrow, default)]
    pub(crate) loss_reason: Option<Cow<'a, str>>,
    #[serde(rename = "Kill Reason", borrow, default)]
    pub(crate) kill_reason: Option<Cow<'a, str>>,
    #[serde(rename = "Message", borrow, default)]
    pub(crate) message: Option<Cow<'a, str>>,
}

/// `"Shuffle Read Metrics"`.
#[derive(Deserialize, Default)]
pub(crate) struct ShuffleRead {
    #[serde(rename = "Remote Bytes Read", default)]
    pub(crate) remote_bytes: i64,
    #[serde(rename = "Local Bytes Read", default)]
    pub(crate) local_bytes: i64,
    #[serde(rename = "Fetch Wait Time", default)]
    pub(crate) fetch_wait_ms: i64,
    #[serde(rename = "Total Records Read", default)]
    pub(crate) records: i64,
}

/// `"Shuffle Write Metrics"`.
#[derive(Deserialize, Default)]
pub(crate) struct ShuffleWrite {
    #[serde(rename = "Shuffle Bytes Written", default)]
    pub(crate) bytes: i64,
}

/// `"Input Metrics"` and `"Output Metrics"`.
#[derive(Deserialize, Default)]
pub(crate) struct Io {
    #[serde(rename = "Bytes Read", alias = "Bytes Written", default)]
    pub(crate) bytes: i64,
}

/// `"Task Metrics"`.
#[derive(Deserialize, Default)]
pub(crate) struct TaskMetrics {
    #[serde(rename = "Executor Run Time", default)]
    pub(crate) run_ms: i64,
    #[serde(rename = "Executor CPU Time", default)]
    pub(crate) cpu_ns: i64,
    #[serde(rename = "JVM GC Time", default)]
    pub(crate) gc_ms: i64,
    #[serde(rename = "Peak Execution Memory", default)]
    pub(crate) peak_execution_memory: i64,
    #[serde(rename = "Memory Bytes Spilled", default)]
    pub(crate) memory_spilled: i64,
    #[serde(rename = "Disk Bytes Spilled", default)]
    pub(crate) disk_spilled: i64,
    #[serde(rename = "Shuffle Read Metrics", default)]
    pub(crate) shuffle_read: ShuffleRead,
    #[serde(rename = "Shuffle Write Metrics", default)]
    pub(crate) shuffle_write: ShuffleWrite,
    #[serde(rename = "Input Metrics", default)]
    pub(crate) input: Io,
    #[serde(rename = "Output Metrics", default)]
    pub(crate) output: Io,
}

/// `SparkListenerTaskEnd`.
#[derive(Deserialize)]
pub(crate) struct TaskEnd<'a> {
    #[serde(rename = "Stage ID")]
    pub(crate) stage: i64,
    #[serde(rename = "Stage Attempt ID", default)]
    pub(crate) attempt: i64,
    #[serde(rename = "Task End Reason", borrow, default)]
    pub(crate) reason: TaskEndReason<'a>,
    #[serde(rename = "Task Info", borrow)]
    pub(crate) info: TaskInfo<'a>,
    #[serde(rename = "Task Executor Metrics", default)]
    pub(crate) executor_metrics: Option<Peaks>,
    #[serde(rename = "Task Metrics", default)]
    pub(crate) metrics: Option<TaskMetrics>,
}

/// `SparkListenerStageExecutorMetrics`: an executor's (or the driver's) peaks during a stage.
#[derive(Deserialize)]
pub(crate) struct StageExecutorMetrics<'a> {
    #[serde(rename = "Executor ID", borrow)]
    pub(crate) executor: Cow<'a, str>,
    #[serde(rename = "Stage ID", default)]
    pub(crate) stage: i64,
    #[serde(rename = "Stage Attempt ID", default)]
    pub(crate) attempt: i64,
    #[serde(rename = "Executor Metrics", default)]
    pub(crate) metrics: Peaks,
}

/// One entry of `"Executor Metrics Updated"`.
#[derive(Deserialize)]
pub(crate) struct StagePeaks {
    #[serde(rename = "Executor Metrics", default)]
    pub(crate) metrics: Peaks,
}

/// `SparkListenerExecutorMetricsUpdate`: a heartbeat's peaks (Spark 3.0+), the driver's too.
#[derive(Deserialize)]
pub(crate) struct ExecutorMetricsUpdate<'a> {
    #[serde(rename = "Executor ID", borrow)]
    pub(crate) executor: Cow<'a, str>,
    #[serde(rename = "Executor Metrics Updated", default)]
    pub(crate) updated: Vec<StagePeaks>,
}

/// The event's name, wherever it is in the line (the fast path reads it from the line's
/// start, where Spark writes it).
#[derive(Deserialize)]
pub(crate) struct EventName<'a> {
    #[serde(rename = "Event", borrow)]
    pub(crate) event: Cow<'a, str>,
}
