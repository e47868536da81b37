//! One module per `boardlab` subcommand: its clap arguments and its `run` function.

pub mod book;
pub mod compare;
pub mod diff;
pub mod explain;
pub mod hash;
pub mod perft;
pub mod search;
pub mod show;
pub mod suite;
pub mod uci;
