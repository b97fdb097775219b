//! libFuzzer target: [`eventlog::fuzz_targets::decoders`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| eventlog::fuzz_targets::decoders(data));
