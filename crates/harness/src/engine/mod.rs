//! The engine half of the comparison: what a search asks a board besides its moves.
//!
//! - `eval`: `boardlab eval`, a position's evaluation and every term it adds up, per backend.
//! - `see`: `boardlab see`, the static exchange value of every capture, with its swap list.
//! - `workload`: the search, evaluation, exchange and attack-map workloads `boardlab compare
//!   --workload` times side by side, each a fixed amount of work every backend must count alike.

pub(crate) mod eval;
pub(crate) mod see;
pub(crate) mod workload;

use boardlab_core::{Board, GenKind, Move, MoveList};
use boardlab_engine::EvalTerms;

/// `--eval`: the terms an evaluation adds up, as the command line names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum EvalChoice {
    /// Material and piece-square tables only.
    Pst,
    /// The tables with mobility, attacked squares, attacks on the king's zone and pawn
    /// structure.
    Full,
}

impl From<EvalChoice> for EvalTerms {
    fn from(choice: EvalChoice) -> EvalTerms {
        match choice {
            EvalChoice::Pst => EvalTerms::Pst,
            EvalChoice::Full => EvalTerms::Full,
        }
    }
}

/// The legal captures of `board` (en passant and capture-promotions included, quiet promotions
/// not), as the board's own generator finds them, in its order.
pub(crate) fn captures<B: Board>(board: &B) -> MoveList {
    let mut moves = MoveList::new();
    board.generate(GenKind::Noisy, &mut moves);
    moves.retain(Move::is_capture);
    moves
}
