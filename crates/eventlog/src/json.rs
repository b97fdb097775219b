//! The analysis as JSON (`"kind": "spark-sizer-analysis"`), serialized from its own types:
//! Spark's names for executor ids, hosts and metrics, sizes in bytes, times in ms, settings as
//! Spark configuration keys and values.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use crate::analysis::Analysis;
use crate::reader::{FileRead, Problem, Progress, Read};

/// The document's schema version.
pub const SCHEMA: u32 = 1;

/// The document, borrowing what it holds: serialized as JSON text by [`document`], and by
/// the worker module into JavaScript objects (serde-wasm-bindgen), the same fields either way.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Document<'a> {
    kind: &'static str,
    schema: u32,
    files: &'a [FileRead],
    progress: Progress,
    /// Whether reading stopped at a line it could not read.
    stopped: bool,
    problems: &'a [Problem],
    runs: &'a [Analysis],
}

impl<'a> Document<'a> {
    /// The document of what was read and its analyses.
    pub fn of(read: &'a Read, analyses: &'a [Analysis]) -> Document<'a> {
        Document {
            kind: "spark-sizer-analysis",
            schema: SCHEMA,
            files: &read.files,
            progress: read.progress,
            stopped: read.stopped,
            problems: &read.problems,
            runs: analyses,
        }
    }
}

/// The document for what was read and its analyses, as JSON text.
pub fn document(read: &Read, analyses: &[Analysis]) -> String {
    serde_json::to_string_pretty(&Document::of(read, analyses)).unwrap_or_else(|e| {
        format!(
            "{{\"kind\":\"spark-sizer-analysis\",\"error\":{:?}}}",
            e.to_string()
        )
    })
}

/// Key/value pairs as a JSON object, in order.
pub(crate) fn as_map<S: Serializer, K: Serialize, V: Serialize>(
    pairs: &[(K, V)],
    s: S,
) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        map.serialize_entry(k, v)?;
    }
    map.end()
}
