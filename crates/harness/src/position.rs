//! The position a command works on: `--fen` and `--moves` played from it.

use crate::Error;
use boardlab_core::{Board, Setup, START_FEN};

/// The `--fen` and `--moves` arguments shared by the commands that take a position.
#[derive(Debug, Clone, clap::Args)]
pub struct PositionArgs {
    /// The position in FEN (four or six fields); the start position when left out.
    #[arg(long, value_name = "FEN", default_value = START_FEN, hide_default_value = true)]
    pub fen: String,
    /// Moves in UCI notation (e2e4, e7e8q, e1g1) played from the position first.
    #[arg(long, value_name = "MOVE", num_args = 1..)]
    pub moves: Vec<String>,
}

impl Default for PositionArgs {
    fn default() -> PositionArgs {
        PositionArgs {
            fen: START_FEN.to_string(),
            moves: Vec::new(),
        }
    }
}

impl PositionArgs {
    /// The position given by a FEN alone.
    pub fn from_fen(fen: &str) -> PositionArgs {
        PositionArgs {
            fen: fen.to_string(),
            moves: Vec::new(),
        }
    }

    /// The `--fen` position, validated, before any move.
    ///
    /// # Errors
    ///
    /// [`Error::Fen`] naming the field that is wrong.
    pub fn root(&self) -> Result<Setup, Error> {
        Ok(Setup::from_fen(&self.fen)?)
    }

    /// The board after playing `--moves` from `--fen`.
    ///
    /// # Errors
    ///
    /// [`Error::Fen`] for a bad FEN, [`Error::Move`] for the first move that is not legal.
    pub fn board<B: Board>(&self) -> Result<B, Error> {
        let mut board = B::from_setup(&self.root()?);
        for text in &self.moves {
            let mv = board.parse_uci_move(text)?;
            board.make(mv);
        }
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ReferenceBoard;

    #[test]
    fn moves_are_played_from_the_fen() {
        let args = PositionArgs {
            moves: vec!["e2e4".into(), "c7c5".into()],
            ..PositionArgs::default()
        };
        let board: ReferenceBoard = args.board().unwrap();
        assert_eq!(
            board.to_fen(),
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
    }

    #[test]
    fn bad_input_names_what_is_wrong() {
        let bad_fen = PositionArgs::from_fen("8/8/8 w - - 0 1");
        let err = bad_fen.board::<ReferenceBoard>().unwrap_err().to_string();
        assert!(
            err.starts_with("invalid FEN: piece placement field"),
            "{err}"
        );
        let illegal = PositionArgs {
            moves: vec!["e2e5".into()],
            ..PositionArgs::default()
        };
        let err = illegal.board::<ReferenceBoard>().unwrap_err().to_string();
        assert!(err.starts_with("illegal move \"e2e5\""), "{err}");
    }
}
