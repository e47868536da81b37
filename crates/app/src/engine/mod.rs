//! The engine half of the comparison: what a search asks a board besides its moves.
//!
//! - `eval`: `boardlab eval`, a position's evaluation and every term it adds up, per backend.
//! - `see`: `boardlab see`, the static exchange value of every capture, with its swap list.
//!
//! The workloads `boardlab compare --workload` times are boardlab-harness's (`workload`).

pub(crate) mod eval;
pub(crate) mod see;

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
