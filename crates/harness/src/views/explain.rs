//! `boardlab explain`: how one backend finds the moves of one piece, step by step.

use crate::{BackendChoice, Error, Outcome, PositionArgs};
use boardlab_core::{Square, Views};
use std::io::Write;

/// Arguments of `boardlab explain`.
#[derive(Debug, Clone, clap::Args)]
pub struct ExplainArgs {
    /// The backend whose move generation to follow, or `all` for each in turn.
    #[arg(long, value_enum, default_value_t = BackendChoice::DEFAULT)]
    pub backend: BackendChoice,
    #[command(flatten)]
    pub position: PositionArgs,
    /// The square of the piece to explain.
    #[arg(long, value_name = "SQUARE")]
    pub square: Square,
    #[command(flatten)]
    pub drawing: super::SvgArgs,
}

fn explanation<B: Views>(position: &PositionArgs, sq: Square, svg: bool) -> Result<String, Error> {
    let board = position.board::<B>()?;
    let drawn = if svg {
        board.explain_svg(sq).map(|figure| figure.to_svg())
    } else {
        board.explain(sq)
    };
    drawn.map_err(|err| Error::Usage(err.to_string()))
}

/// Runs `boardlab explain`.
///
/// # Errors
///
/// A bad FEN or move, or an empty square.
pub fn run(args: &ExplainArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let svg = args.drawing.svg;
    args.drawing.write(
        &args
            .backend
            .backends_for(args.position.root()?.is_chess960())?,
        out,
        |backend| with_backend!(backend, B => explanation::<B>(&args.position, args.square, svg)),
    )?;
    Ok(Outcome::Success)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Backend;

    fn explain(backend: Backend, fen: &str, sq: Square) -> Result<String, Error> {
        let args = ExplainArgs {
            backend: backend.into(),
            position: PositionArgs::from_fen(fen),
            square: sq,
            drawing: Default::default(),
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
