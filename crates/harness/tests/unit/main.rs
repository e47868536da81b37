//! The library's tests, built against the library as its users build it: a second, test-only
//! build of the crate would compile every backend's walks again.

// The registry's `with_backend!`, for the runner's test on the default backend.
#[macro_use]
extern crate boardlab_backends;

mod check_answers;
mod check_random;
mod check_tags;
mod diff;
mod diff_oracle;
mod diff_perftree_program;
mod diff_program;
mod diff_report;
mod diff_uci_engine;
mod error;
mod perft_divide;
mod perft_runner;
mod perft_stats;
mod perft_table;
mod perft_table_key;
mod position;
mod units;
mod units_file;
mod units_merge;
mod workload;
mod workload_trials;
