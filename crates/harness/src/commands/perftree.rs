//! `boardlab perftree`: boardlab as a script for the perftree tool, or for any program that
//! speaks its protocol.
//!
//! Run as `boardlab perftree DEPTH FEN [MOVES]`, it prints one `move count` line per legal move
//! of the position after MOVES (one argument, UCI moves separated by spaces), a blank line and
//! the total: exactly what `boardlab diff --protocol perftree` reads from a program.

use crate::{write_divide, Backend, Error, Outcome, PerftOptions, PerftRunner, PositionArgs};
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
    /// The backend to count with.
    #[arg(long, value_enum, default_value_t = Backend::DEFAULT)]
    pub backend: Backend,
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
    };
    let runner = PerftRunner::new(PerftOptions::default())?;
    args.backend.available()?;
    let divide: Vec<(String, u64)> = with_backend!(args.backend, B => {
        let board: B = position.board()?;
        runner
            .divide(&board, args.depth)
            .into_iter()
            .map(|(mv, nodes)| (mv.to_string(), nodes))
            .collect()
    });
    write_divide(&divide, out)?;
    Ok(Outcome::Success)
}
