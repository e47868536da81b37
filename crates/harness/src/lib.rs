//! boardlab-harness: everything the `boardlab` command does, over every backend, organised by
//! feature.
//!
//! - The backends come from boardlab-backends' registry ([`Backend`], [`BackendChoice`]), whose
//!   one macro, [`with_backend!`](boardlab_backends::with_backend), maps a name on the command
//!   line to a board type, so each command is written once, generic over
//!   [`Board`](boardlab_core::Board), and monomorphized per backend.
//! - `position`: the command line's `--fen`, `--moves` and `--chess960` resolved once into a
//!   [`Position`].
//! - `perft`: the one perft walk, with threads, a hash table and a stop flag, behind every
//!   command that counts.
//! - `diff`: divide oracles (a [`Board`](boardlab_core::Board), a UCI engine, a perftree
//!   program) and the one [descent](diff()) between two of them.
//! - `check`: a generator over a suite and random positions, every mismatch descended and
//!   grouped by kind ([`check()`]).
//! - `engine`: `eval`, `see` and the engine workloads of `compare` (search, evaluation, SEE,
//!   attack maps).
//! - `suite`, `uci`, `book`, `views`, `report`, `units`, `serve`: the other commands.
//!
//! Each feature holds its commands' clap arguments and `run` functions, which write to any
//! [`std::io::Write`] and return an [`Outcome`] (exit status 0 or 1) or an [`Error`] (one line,
//! exit status 2); [`Cli`] gathers them into the command line. Features use the registry,
//! `position` and `perft`, never the other way round.

// The registry's `with_backend!`, for every module below.
#[macro_use]
extern crate boardlab_backends;

mod args;
mod book;
mod check;
mod cli;
mod diff;
mod engine;
mod error;
// Entry points for the fuzz targets and their replay test only; see the module.
#[doc(hidden)]
pub mod fuzzing;
mod outcome;
mod output;
mod perft;
mod position;
mod report;
mod serve;
mod suite;
mod uci;
mod units;
mod views;

pub use boardlab_backends::{Backend, BackendChoice};
pub use boardlab_reference::ReferenceBoard;
pub use book::{Book, BookError, BookMove};
pub use check::{check, CheckOptions, CheckReport, DrawnKinds, Failure, Group, RandomGames, Tag};
pub use cli::Cli;
pub use diff::{diff, BoardOracle, DiffReport, Divergence, Divide, DivideOracle};
pub use error::Error;
pub use outcome::Outcome;
pub use perft::{perft_stats, PerftStats};
pub use position::Position;
