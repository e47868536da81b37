//! `boardlab diff`: boardlab-harness's descent between two oracles, from the command line.

pub(crate) mod command;
