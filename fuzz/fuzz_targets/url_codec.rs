//! libFuzzer target: [`planner::fuzz_targets::url_codec`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| planner::fuzz_targets::url_codec(data));
