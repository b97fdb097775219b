//! libFuzzer target: [`planner::fuzz_targets::submit_line`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| planner::fuzz_targets::submit_line(data));
