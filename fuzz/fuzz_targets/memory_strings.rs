//! libFuzzer target: [`planner::fuzz_targets::memory_strings`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| planner::fuzz_targets::memory_strings(data));
