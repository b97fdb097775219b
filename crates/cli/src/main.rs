//! `spark-sizer`: Spark Sizer on the command line. Plans Spark executors for YARN, Kubernetes
//! or Amazon EMR from flags, a preset or a share link, and prints the plan as a terminal table,
//! a report, a wiki export or a configuration file. The planning is the page's own
//! (`planner`); this crate only reads arguments and writes text.
//!
//! Exit status: 0 when a plan is printed (its warnings included), 1 when the input cannot be
//! planned (the problems on stderr, each naming its field, unit and allowed range, or its line
//! in a checked file), 2 for a usage error (an unknown flag, a field given twice, a format of
//! another cluster manager), 3 when the plan runs no executor (why on stderr; the deployable
//! exports print nothing). `spark-sizer analyze LOG...` reads event logs ([`analyze`]).

mod analyze;
mod fields;
mod run;

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let outcome = match args.get(1) {
        Some(a) if a == "analyze" => analyze::run(&args[2..]),
        _ => run::run(args),
    };
    if !outcome.stdout.is_empty() {
        let mut stdout = std::io::stdout().lock();
        // A closed pipe (`| head`) is not an error worth reporting.
        let _ = stdout.write_all(outcome.stdout.as_bytes());
        let _ = stdout.flush();
    }
    if !outcome.stderr.is_empty() {
        let _ = std::io::stderr().write_all(outcome.stderr.as_bytes());
    }
    ExitCode::from(outcome.status)
}
