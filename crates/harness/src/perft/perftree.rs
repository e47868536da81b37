//! `boardlab perftree`: boardlab as a script for the perftree tool, or for any program that
//! speaks its protocol.
//!
//! Run as `boardlab perftree DEPTH FEN [MOVES]`, it prints one `move count` line per legal move
//! of the position after MOVES (one argument, UCI moves separated by spaces), a blank line and
//! the total: exactly what `boardlab diff --protocol perftree` reads from a program.

use crate::{write_divide, Backend, Error, Outcome, PerftOptions, PerftRunner, PositionArgs};
use boardlab_core::Board;
use std::io::Write;

/// Arguments of `boardlab perftree`.
#[derive(Debug, Clone, clap::Args)]
pub struct PerftreeArgs {
    /// Plies to count.
    #[arg(value_parser = clap::value_parser!(u32).range(1..=crate::commands::perft::MAX_DEPTH as i64))]
    pub depth: u32,
    /// The position in FEN.
    pub fen: String,
    /// The moves played from FEN first, in UCI notation, as one argument separated by spaces.
    #[arg(default_value = "", hide_default_value = true)]
    pub moves: String,
    /// The backend to count with; by default the default backend, or one that plays Chess960
    /// when the position needs it.
    #[arg(long, value_enum)]
    pub backend: Option<Backend>,
    /// Chess960: castling moves read and written as the king taking its own rook (e1h1). A FEN
    /// that leaves no doubt turns it on by itself.
    #[arg(long)]
    pub chess960: bool,
}

/// Runs `boardlab perftree`.
///
/// # Errors
///
/// A bad FEN or move.
pub fn run(args: &PerftreeArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let position = PositionArgs {
        fen: args.fen.clone(),
        moves: args.moves.split_whitespace().map(str::to_string).collect(),
        chess960: args.chess960,
    };
    let chess960 = position.is_chess960()?;
    let backend = args
        .backend
        .unwrap_or_else(|| Backend::default_for(position.root().is_ok_and(|s| s.is_chess960())));
    let runner = PerftRunner::new(PerftOptions::default())?;
    backend.available()?;
    let divide: Vec<(String, u64)> = with_backend!(backend, B => {
        let board: B = position.board()?;
        runner
            .divide(&board, args.depth)
            .into_iter()
            .map(|(mv, nodes)| (board.move_text(mv, chess960), nodes))
            .collect()
    });
    write_divide(&divide, out)?;
    Ok(Outcome::Success)
}
