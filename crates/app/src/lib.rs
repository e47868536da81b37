//! boardlab-app: the `boardlab` command, over boardlab-harness.
//!
//! [`Cli`] is the whole command line, one clap definition that the `boardlab` binary parses
//! and the CLI contract test walks; each command's arguments and `run` function live with its
//! feature:
//!
//! - `perft`, `suite` (suite and compare), `diff`, `check`, `units`, `position` (`key`): the
//!   harness's walks, oracles and units, asked of each backend through
//!   [`board_type`](boardlab_harness::board_type), so that this crate names no board type and
//!   compiles none of the walks;
//! - `engine` (`eval`, `see`), `uci` (the engine and `search`), `book` (the Polyglot reader),
//!   `views` (show, explain and the idea figures), `report`, `serve` (the local web
//!   application);
//! - `args`: the arguments several commands share.
//!
//! Each `run` writes to any [`std::io::Write`] and returns an [`Outcome`] (exit status 0 or 1)
//! or an [`Error`] (one line, exit status 2).

mod args;
mod book;
mod check;
mod cli;
mod diff;
mod engine;
// Entry points for the fuzz targets and their replay test only; see the module.
#[doc(hidden)]
pub mod fuzzing;
mod perft;
mod position;
mod report;
mod serve;
mod suite;
mod uci;
mod units;
mod views;

pub use boardlab_harness::{Backend, BackendChoice, Error, Outcome, Position};
pub use book::{Book, BookError, BookMove};
pub use cli::Cli;
