//! boardlab-harness: everything the `boardlab` command does, over every backend.
//!
//! The [backend registry](backend) maps a name on the command line to a board type
//! through one macro, [`with_backend!`], so each command is written once, generic over
//! [`Board`](boardlab_core::Board), and monomorphized per backend. Around it: perft with threads
//! and a hash table ([`PerftRunner`]), and one module per command in [`commands`], each with
//! its clap arguments and a `run` function that writes to any [`std::io::Write`] and returns an
//! [`Outcome`] (exit status 0 or 1) or an [`Error`] (one line, exit status 2).

// The registry comes first: it defines `with_backend!`, which the modules below use.
#[macro_use]
pub mod backend;
pub mod commands;
mod descent;
mod engine;
mod error;
mod oracle;
mod outcome;
mod perft;
mod perftree;
mod position;
mod program;
mod progress;
pub mod report;
mod report_markdown;
mod report_page;
pub mod table;
pub mod uci;
pub mod units;
mod units_hash;

pub use backend::{Backend, BackendChoice};
pub use boardlab_core::ReferenceBoard;
pub use descent::{diff, report_fen, DiffReport, Divergence};
pub use engine::UciEngine;
pub use error::Error;
pub use oracle::{impossible_move, oracle_named, BoardOracle, Divide, DivideOracle, Protocol};
pub use outcome::Outcome;
pub use perft::{PerftOptions, PerftRunner};
pub use perftree::{parse_answer, write_divide, PerftreeProgram};
pub use position::PositionArgs;
pub use program::{find_program, ProgramOptions};
pub use progress::{progress_bar, progress_bar_after, DelayedProgress};
pub use table::{PerftTable, TableTally};
pub use units_hash::{count_unit, SeededZobrist, UnitHash};
