#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| spieltisch_fuzz::action_in_play(data));
