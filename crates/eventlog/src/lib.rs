//! Spark event logs read and analysed, purely: bytes are pushed in chunks of any size, decoded
//! ([`decode`]), split into lines, parsed into typed events and folded into a [`Run`] of
//! aggregates ([`Reader`]); the analysis of a run is computed from those aggregates. No IO, no
//! clock: the same code serves a Web Worker reading a `Blob` in slices, the command line
//! reading files, and tests.

pub mod analysis;
pub mod decode;
mod events;
mod fold;
pub mod format;
#[cfg(feature = "fuzzing")]
pub mod fuzz_targets;
#[cfg(feature = "json")]
pub mod json;
pub mod kind;
mod lines;
pub mod metrics;
pub mod reader;
pub mod run;
pub mod view;
pub mod whatif;
pub mod words;

pub use analysis::{analyze, analyze_all, Analysis, Options};
pub use decode::Codec;
pub use kind::FileKind;
pub use metrics::{Metric, Peaks};
pub use reader::{FileRead, Limits, Problem, ProblemKind, Progress, Read, Reader};
pub use run::Run;
