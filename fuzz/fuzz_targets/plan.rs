//! libFuzzer target: [`planner::fuzz_targets::plan_scenario_bytes`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| planner::fuzz_targets::plan_scenario_bytes(data));
