//! The check the fuzz targets and the robustness tests ask of every position they make.

use crate::Backend;
use boardlab_core::{Board, BoardExt, Move, MoveList, Setup, Zobrist};
use boardlab_reference::ReferenceBoard;

/// Checks that every backend this processor can run holds `setup` as the reference board
/// does: the same setup and hash back, the same legal moves, each move made to the position
/// [`Setup::play`] reaches and unmade to the setup and hash it started from.
///
/// # Errors
///
/// The first disagreement, naming the backend (and the move, where one is involved).
pub fn every_backend_holds(setup: &Setup) -> Result<(), String> {
    let sorted = |moves: &MoveList| -> Vec<Move> {
        let mut moves = moves.iter().copied().collect::<Vec<_>>();
        moves.sort_unstable();
        moves
    };
    let expected = sorted(&ReferenceBoard::from_setup(setup).legal_moves());
    let hash = Zobrist::of(setup);
    let differs = |what: String, held: &Setup, hash_held| {
        if held != setup {
            Err(format!(
                "{what}: holds {} instead of {}",
                held.to_fen(),
                setup.to_fen()
            ))
        } else if hash_held != hash {
            Err(format!("{what}: the hash is {hash_held:?}, not {hash:?}"))
        } else {
            Ok(())
        }
    };
    for &backend in Backend::ALL {
        if backend.available().is_err() {
            continue;
        }
        with_backend!(backend, B => {
            let mut board = B::from_setup(setup);
            let name = B::NAME;
            differs(format!("{name}: set up"), &board.to_setup(), board.zobrist())?;
            let moves = sorted(&board.legal_moves());
            if moves != expected {
                return Err(format!(
                    "{name}: the legal moves {moves:?} of {} are not the reference board's \
                     {expected:?}",
                    setup.to_fen()
                ));
            }
            for mv in moves {
                let mut after = setup.clone();
                after.play(mv);
                let undo = board.make(mv);
                if board.to_setup() != after {
                    return Err(format!(
                        "{name}: {mv} makes {} instead of {}",
                        board.to_setup().to_fen(),
                        after.to_fen()
                    ));
                }
                board.unmake(mv, undo);
                differs(format!("{name}: {mv} undone"), &board.to_setup(), board.zobrist())?;
            }
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_backend_holds_a_position_with_every_kind_of_move() {
        // Castling both ways, an en-passant capture and promotions with and without capture.
        let setup = Setup::from_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
        let moves = ReferenceBoard::from_setup(&setup).legal_moves();
        assert!(moves.len() > 30, "{}", moves.len());
        assert_eq!(every_backend_holds(&setup), Ok(()));
    }
}
