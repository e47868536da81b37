//! The units target: see `boardlab_fuzz::check_units` for what it feeds the parser and asserts.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| boardlab_fuzz::check_units(data));
