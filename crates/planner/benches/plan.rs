//! Benchmarks for the planner (filled in below).
fn main() {}
