//! libFuzzer target: [`eventlog::fuzz_targets::lines`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| eventlog::fuzz_targets::lines(data));
