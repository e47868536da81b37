//! `boardlab units split|run|merge`: boardlab-harness's work units, from the command line.

pub(crate) mod command;
