//! The commands over perft suites: `boardlab suite` checks a suite's counts, `boardlab compare`
//! times every backend over one (the suite files are read by boardlab-harness).

pub(crate) mod command;
pub(crate) mod compare;
