//! boardlab-harness: what boardlab does with boards, as a library: the position a command
//! works on, the one perft walk, divide oracles and the descent between two of them, `check`,
//! work units, and the engine workloads; with one place where a backend's name becomes its
//! board type.
//!
//! - `position`: a FEN, moves played from it and the notation, resolved once into a
//!   [`Position`].
//! - `perft`: the one perft walk ([`PerftRunner`]: threads, a hash table, a stop flag),
//!   counting leaves or their statistics ([`PerftStats`], [`perft_stats`]).
//! - `diff`: divide oracles (a [`Board`](boardlab_core::Board), a UCI engine, a perftree
//!   program) and the one [descent](diff()) between two of them.
//! - `check`: a generator over a suite and random positions, every mismatch descended and
//!   grouped by kind ([`check()`]).
//! - `units`: perft cut into de-duplicated, weighted work units, and merged back.
//! - `workload`: the engine's workloads that `boardlab compare` times.
//! - [`board_type`]: the registry's [`Backend`] as a [`BoardType`], what every command asks of
//!   a backend behind one object, so that each walk is compiled once per backend, here, and
//!   the command line (boardlab-app) names no board type.
//!
//! Functions write to any [`std::io::Write`] and return an [`Outcome`] (exit status 0 or 1) or
//! an [`Error`] (one line, exit status 2). The command line, the UCI engine, the web
//! application and the report are boardlab-app's, which builds on this crate; this crate
//! builds without a web framework or a chart library.

// The registry's `with_backend!`, for the one module below that names board types.
#[macro_use]
extern crate boardlab_backends;

mod board_type;
pub mod check;
pub mod diff;
mod error;
mod outcome;
pub mod output;
pub mod perft;
pub mod position;
mod suite;
pub mod units;
pub mod workload;

pub use board_type::{board_type, BoardType};

/// What the library's own tests (`tests/unit`) reach below its interface: they are built
/// against the library as every user builds it, so that the library is compiled once.
#[doc(hidden)]
pub mod internals {
    pub use crate::check::answers::{Answers, Asked};
    pub use crate::check::positions::CheckPosition;
    pub use crate::check::random::{chess960_start, random_games};
    pub use crate::check::tags::tags;
    pub use crate::perft::stats::can_move;
    pub use crate::perft::table::{PerftTable, Slot, MAX_COUNT};
    pub use crate::perft::table_key::{SeededZobrist, TableKey};
    pub use crate::units::file::parse_result;
}
pub use boardlab_backends::{Backend, BackendChoice};
pub use check::{check, CheckOptions, CheckReport, DrawnKinds, Failure, Group, RandomGames, Tag};
pub use diff::{diff, BoardOracle, DiffReport, Divergence, Divide, DivideOracle, Protocol};
pub use error::{io_clause, Error};
pub use outcome::Outcome;
pub use perft::{perft_stats, PerftOptions, PerftRunner, PerftStats};
pub use position::Position;
pub use suite::{case_name, read_suite};
