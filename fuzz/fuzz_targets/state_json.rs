#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| spieltisch_fuzz::state_json(data));
