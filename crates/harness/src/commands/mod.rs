//! One module per `boardlab` subcommand: its clap arguments and its `run` function.

pub mod compare;
pub mod diff;
pub mod hash;
pub mod perft;
pub mod suite;
