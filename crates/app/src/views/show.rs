//! `boardlab show`: a position as one backend holds it, with that representation's internals
//! drawn (its arrays and their padding, its piece lists, its bitboards).

use super::{draw, View, ViewArgs};
use crate::{Error, Outcome};
use boardlab_core::Square;
use boardlab_harness::{BoardType, Position};
use boardlab_views::Explanation;
use std::io::Write;

/// Arguments of `boardlab show`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct ShowArgs {
    #[command(flatten)]
    pub view: ViewArgs,
    /// A square to draw the per-square tables of (the magic masks and table offsets).
    #[arg(long, value_name = "SQUARE")]
    pub square: Option<Square>,
}

impl View for ShowArgs {
    fn of(&self, board_type: &dyn BoardType, position: &Position) -> Result<Explanation, Error> {
        Ok(board_type.show(position, self.square))
    }
}

/// Runs `boardlab show`.
///
/// # Errors
///
/// A bad FEN or move.
pub(crate) fn run(args: &ShowArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    draw(&args.view, args, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Backend;
    use boardlab_core::START_FEN;

    #[test]
    fn every_backend_draws_the_position() {
        for &backend in Backend::ALL {
            let args = ShowArgs {
                view: super::super::view_args(backend, START_FEN),
                square: Some(Square::E4),
            };
            let mut out = Vec::new();
            run(&args, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert!(text.contains(START_FEN), "{backend}: {text}");
        }
    }
}
