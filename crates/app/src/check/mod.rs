//! `boardlab check`: boardlab-harness's check of a move generator, from the command line.

pub(crate) mod command;
