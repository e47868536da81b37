//! The root package's integration tests (`tests/`), one module per file, built as one test
//! binary.
//!
//! One binary rather than one per file: most files link the harness or the backends and walk
//! the same generic code over every backend, and as separate binaries each file compiled and
//! linked that shared code again, which was most of a cold `cargo test --workspace`. libtest
//! runs every module's tests in one process on one pool of threads, so the process id no
//! longer tells their files apart: a scratch file or folder a test makes in the temporary
//! directory is named after its module (`boardlab-<module>-…`). Run one file's tests by
//! its module path, for instance `cargo test --test integration uci::`.
//!
//! `tests/README.md` says which kind of test goes in which file.

#[path = "../support/mod.rs"]
mod support;

#[path = "../serve_support/mod.rs"]
mod serve_support;

/// The example `examples/planted_bug/`: a board with a planted bug and the diff that finds it,
/// which the planted_bug, check and docs_generated modules drive. Its `main` is the example's
/// alone.
#[allow(dead_code)]
#[path = "../../examples/planted_bug/main.rs"]
mod planted_bug_example;

mod against_shakmaty;
mod book;
mod book_commands;
mod check;
mod chess960;
mod chess960_random;
mod cli;
mod cli_contract;
mod deadlines;
mod diff;
mod differential;
mod docs_claims;
mod docs_generated;
mod engine_cli;
mod engine_references;
mod engine_search;
mod explain_json;
mod fuzz_regressions;
mod layout;
mod measured_engine;
mod perft_stats;
mod perftree;
mod planted_bug;
mod portable;
mod report;
mod robustness;
mod search_backends;
mod search_bratko_kopec;
mod search_cli;
mod search_staged;
mod serve;
mod serve_browser;
mod slurm;
mod student_kit;
mod uci;
mod uci_python;
mod units;
mod validation_python;
mod views_cli;
