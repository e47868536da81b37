//! One module per `boardlab` subcommand: its clap arguments and its `run` function.

pub mod compare;
pub mod diff;
pub mod explain;
pub mod hash;
pub mod perft;
pub mod show;
pub mod suite;
