//! `boardlab show`: a position as one backend holds it, with that representation's internals
//! drawn (its arrays and their padding, its piece lists, its bitboards).

use crate::{BackendChoice, Error, Outcome, PositionArgs};
use boardlab_core::{Square, Views};
use std::io::Write;

/// Arguments of `boardlab show`.
#[derive(Debug, Clone, clap::Args)]
pub struct ShowArgs {
    /// The backend whose internals to draw, or `all` for each in turn.
    #[arg(long, value_enum, default_value_t = BackendChoice::DEFAULT)]
    pub backend: BackendChoice,
    #[command(flatten)]
    pub position: PositionArgs,
    /// A square to draw the per-square tables of (the magic masks and table offsets).
    #[arg(long, value_name = "SQUARE")]
    pub square: Option<Square>,
    #[command(flatten)]
    pub drawing: super::SvgArgs,
}

fn view<B: Views>(
    position: &PositionArgs,
    focus: Option<Square>,
    svg: bool,
) -> Result<String, Error> {
    let board = position.board::<B>()?;
    Ok(if svg {
        board.show_svg(focus).to_svg()
    } else {
        board.show(focus)
    })
}

/// Runs `boardlab show`.
///
/// # Errors
///
/// A bad FEN or move.
pub fn run(args: &ShowArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let svg = args.drawing.svg;
    args.drawing.write(
        &args
            .backend
            .backends_for(args.position.root()?.is_chess960())?,
        out,
        |backend| with_backend!(backend, B => view::<B>(&args.position, args.square, svg)),
    )?;
    Ok(Outcome::Success)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Backend;

    #[test]
    fn every_backend_draws_the_position() {
        for &backend in Backend::ALL {
            let args = ShowArgs {
                backend: backend.into(),
                position: PositionArgs::default(),
                square: Some(Square::E4),
                drawing: Default::default(),
            };
            let mut out = Vec::new();
            run(&args, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert!(
                text.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
                "{backend}: {text}"
            );
        }
    }
}
