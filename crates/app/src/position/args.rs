//! `--fen`, `--moves` and `--chess960`: the arguments of every command that takes a position.

use crate::Error;
use boardlab_core::START_FEN;
use boardlab_harness::Position;

/// The arguments that name a position, as typed; [`PositionArgs::resolve`] makes them one
/// [`Position`].
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct PositionArgs {
    /// The position in FEN (four or six fields); the start position when left out.
    #[arg(long, value_name = "FEN", default_value = START_FEN, hide_default_value = true)]
    pub fen: String,
    /// Moves in UCI notation (e2e4, e7e8q, e1g1) played from the position first.
    #[arg(long, value_name = "MOVE", num_args = 1..)]
    pub moves: Vec<String>,
    /// Chess960: castling is written as the king taking its own rook (e1h1), in moves given and
    /// printed, and outside engines are told so. A FEN whose castling field or placement leaves
    /// no doubt (Shredder-FEN letters, rights with the king or a rook off its standard square)
    /// turns it on by itself.
    #[arg(long = "chess960")]
    pub king_takes_rook: bool,
}

impl PositionArgs {
    /// The position the arguments name: the FEN, with the moves played from it.
    ///
    /// # Errors
    ///
    /// [`Error::Fen`] for a bad FEN, [`Error::Move`] for the first move that is not legal.
    pub fn resolve(&self) -> Result<Position, Error> {
        let mut position = Position::from_fen(&self.fen, self.king_takes_rook)?;
        for text in &self.moves {
            position.play(text)?;
        }
        Ok(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(fen: &str, moves: &[&str], king_takes_rook: bool) -> PositionArgs {
        PositionArgs {
            fen: fen.to_string(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            king_takes_rook,
        }
    }

    #[test]
    fn bad_input_names_what_is_wrong() {
        let err = args("8/8/8 w - - 0 1", &[], false).resolve().unwrap_err();
        assert!(
            err.to_string()
                .starts_with("invalid FEN: piece placement field"),
            "{err}"
        );
        let err = args(START_FEN, &["e2e4", "e2e4"], false)
            .resolve()
            .unwrap_err();
        assert!(
            err.to_string().starts_with("illegal move \"e2e4\""),
            "{err}"
        );
    }

    #[test]
    fn chess960_asks_for_king_takes_rook() {
        let standard = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        assert!(args(standard, &["e1g1"], false).resolve().is_ok());
        assert!(args(standard, &["e1g1"], true).resolve().is_err());
        let played = args(standard, &["e1h1"], true).resolve().unwrap();
        assert_eq!(played.move_texts(), ["e1h1"]);
    }
}
