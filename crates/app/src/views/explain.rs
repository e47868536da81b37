//! `boardlab explain`: how one backend finds the moves of one piece, step by step.

use super::{draw, View, ViewArgs};
use crate::{Error, Outcome};
use boardlab_core::Square;
use boardlab_harness::{BoardType, Position};
use boardlab_views::Explanation;
use std::io::Write;

/// Arguments of `boardlab explain`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct ExplainArgs {
    #[command(flatten)]
    pub view: ViewArgs,
    /// The square of the piece to explain.
    #[arg(long, value_name = "SQUARE")]
    pub square: Square,
}

impl View for ExplainArgs {
    fn of(&self, board_type: &dyn BoardType, position: &Position) -> Result<Explanation, Error> {
        board_type
            .explain(position, self.square)
            .map_err(|err| Error::Usage(err.to_string()))
    }
}

/// Runs `boardlab explain`.
///
/// # Errors
///
/// A bad FEN or move, or an empty square.
pub(crate) fn run(args: &ExplainArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    draw(&args.view, args, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Backend;

    fn explain(backend: Backend, fen: &str, square: Square) -> Result<String, Error> {
        let args = ExplainArgs {
            view: super::super::view_args(backend, fen),
            square,
        };
        let mut out = Vec::new();
        run(&args, &mut out).map(|_| String::from_utf8(out).unwrap())
    }

    #[test]
    fn every_backend_ends_with_the_legal_moves_of_the_piece() {
        for &backend in Backend::ALL {
            let text = explain(backend, boardlab_core::START_FEN, Square::G1).unwrap();
            assert!(
                text.contains("legal moves from g1 (generate): 2"),
                "{backend}: {text}"
            );
            let text = explain(backend, "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", Square::E5).unwrap();
            assert!(
                text.contains("legal moves from e5 (generate): 1"),
                "{backend}: {text}"
            );
        }
    }

    #[test]
    fn an_empty_square_is_one_line_naming_it() {
        for &backend in Backend::ALL {
            let err = explain(backend, boardlab_core::START_FEN, Square::E4).unwrap_err();
            assert_eq!(
                err.to_string(),
                "no piece on e4: explain needs the square of a piece"
            );
        }
    }
}
