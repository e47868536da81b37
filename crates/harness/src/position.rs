//! The position a command works on: `--fen` and `--moves` played from it, and `--chess960`.

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
    /// Chess960: castling is written as the king taking its own rook (e1h1), in moves given and
    /// printed, and outside engines are told so. A FEN whose castling field or placement leaves
    /// no doubt (Shredder-FEN letters, rights with the king or a rook off its standard square)
    /// turns it on by itself.
    #[arg(long)]
    pub chess960: bool,
}

impl Default for PositionArgs {
    fn default() -> PositionArgs {
        PositionArgs {
            fen: START_FEN.to_string(),
            moves: Vec::new(),
            chess960: false,
        }
    }
}

impl PositionArgs {
    /// The position given by a FEN alone.
    pub fn from_fen(fen: &str) -> PositionArgs {
        PositionArgs {
            fen: fen.to_string(),
            moves: Vec::new(),
            chess960: false,
        }
    }

    /// Whether moves are read and written the Chess960 way: `--chess960`, or a FEN that says
    /// so (see [`Setup::from_fen_960`]).
    ///
    /// # Errors
    ///
    /// [`Error::Fen`] for a bad FEN.
    pub fn is_chess960(&self) -> Result<bool, Error> {
        Ok(self.chess960 || Setup::from_fen_960(&self.fen)?.1)
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
    /// [`Error::Fen`] for a bad FEN, [`Error::Usage`] for a Chess960 position given to a
    /// backend that does not play Chess960, [`Error::Move`] for the first move that is not
    /// legal.
    pub fn board<B: Board>(&self) -> Result<B, Error> {
        let root = self.root()?;
        refuse_unsupported::<B>(&root)?;
        let chess960 = self.is_chess960()?;
        let mut board = B::from_setup(&root);
        for text in &self.moves {
            let mv = board.parse_move(text, chess960)?;
            board.make(mv);
        }
        Ok(board)
    }
}

/// Refuses a position that needs the Chess960 castling rules on a backend that does not have
/// them, rather than let it count wrong.
///
/// # Errors
///
/// [`Error::Usage`] naming the backend.
pub fn refuse_unsupported<B: Board>(setup: &Setup) -> Result<(), Error> {
    if setup.is_chess960() && !B::CHESS960 {
        return Err(Error::Usage(format!(
            "backend {} does not play Chess960 castling yet, which {} needs (castling {}); \
             these do: {}",
            B::NAME,
            setup.to_fen(),
            setup.castling.shredder(),
            crate::Backend::chess960_names()
        )));
    }
    Ok(())
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

    #[test]
    fn chess960_moves_castle_as_king_takes_rook() {
        // King b1, rooks a1 and f1: Shredder letters turn Chess960 on.
        let fen = "r5k1/8/8/8/8/8/8/RK3R2 w FA - 0 1";
        let mut args = PositionArgs::from_fen(fen);
        assert!(args.is_chess960().unwrap());
        args.moves = vec!["b1f1".into()];
        let board: ReferenceBoard = args.board().unwrap();
        assert_eq!(board.to_fen(), "r5k1/8/8/8/8/8/8/R4RK1 b - - 1 1");
        // In standard notation b1g1 is the same castling; in Chess960 it means nothing.
        args.moves = vec!["b1g1".into()];
        assert!(args.board::<ReferenceBoard>().is_err());
        // A standard FEN castles e1g1 unless --chess960 asks for e1h1.
        let mut args = PositionArgs::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        args.moves = vec!["e1g1".into()];
        assert!(!args.is_chess960().unwrap());
        assert!(args.board::<ReferenceBoard>().is_ok());
        args.chess960 = true;
        assert!(args.board::<ReferenceBoard>().is_err());
        args.moves = vec!["e1h1".into()];
        assert!(args.board::<ReferenceBoard>().is_ok());
    }
}
