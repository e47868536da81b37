//! `boardlab perftree`: boardlab as a script for the perftree tool, or for any program that
//! speaks its protocol.
//!
//! Run as `boardlab perftree DEPTH FEN [MOVES]`, it prints one `move count` line per legal move
//! of the position after MOVES (one argument, UCI moves separated by spaces), a blank line and
//! the total: exactly what `boardlab diff --protocol perftree` reads from a program.

use crate::args;
use crate::position::PositionArgs;
use crate::{Backend, Error, Outcome};
use boardlab_harness::board_type;
use boardlab_harness::perft::{DivideFormat, PerftOptions, PerftRunner};
use std::io::Write;

/// Arguments of `boardlab perftree`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct PerftreeArgs {
    /// Plies to count.
    #[arg(value_parser = args::depth(1))]
    pub depth: u32,
    /// The position in FEN.
    pub fen: String,
    /// The moves played from FEN first, in UCI notation, as one argument separated by spaces.
    #[arg(default_value = "", hide_default_value = true)]
    pub moves: String,
    /// The backend to count with.
    #[arg(long, value_enum, value_name = "BACKEND", default_value_t = Backend::DEFAULT)]
    pub backend: Backend,
    /// Chess960: castling moves read and written as the king taking its own rook (e1h1). A FEN
    /// that leaves no doubt turns it on by itself.
    #[arg(long = "chess960")]
    pub king_takes_rook: bool,
}

/// Runs `boardlab perftree`.
///
/// # Errors
///
/// A bad FEN or move.
pub(crate) fn run(args: &PerftreeArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let position = PositionArgs {
        fen: args.fen.clone(),
        moves: args.moves.split_whitespace().map(str::to_string).collect(),
        king_takes_rook: args.king_takes_rook,
    }
    .resolve()?;
    let runner = PerftRunner::new(PerftOptions::default())?;
    let mut divide = Vec::new();
    let total = board_type(args.backend.available()?).divide(
        &runner,
        &position,
        args.depth,
        &mut |mv, nodes| divide.push((mv.to_string(), nodes)),
    )?;
    DivideFormat::Perftree.write(&divide, total, out)?;
    Ok(Outcome::Success)
}
