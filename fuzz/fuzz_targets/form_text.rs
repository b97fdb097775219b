//! libFuzzer target: [`planner::fuzz_targets::form_text`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| planner::fuzz_targets::form_text(data));
