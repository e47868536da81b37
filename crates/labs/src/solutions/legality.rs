//! Solution of the pin exercise.

use crate::legality::PinBoard;
use boardlab_core::bitboard::{between, line};
use boardlab_core::Bitboard;

/// Each enemy slider on a line with the king that it moves along, with exactly one piece
/// between, and that piece ours.
pub fn pinned<P: PinBoard>(board: &P) -> Bitboard {
    let us = board.side_to_move();
    let king = board.king(us);
    let occupied = board.occupied();
    let mut pinned = Bitboard::EMPTY;
    for straight in [true, false] {
        for slider in board.sliders(!us, straight) {
            if line(king, slider).is_empty() {
                continue;
            }
            let on_a_straight_line = king.file() == slider.file() || king.rank() == slider.rank();
            if on_a_straight_line != straight {
                continue;
            }
            let blockers = between(king, slider) & occupied;
            if blockers.count() != 1 {
                continue;
            }
            if let Some(blocker) = blockers.first() {
                if board
                    .piece_at(blocker)
                    .is_some_and(|piece| piece.color == us)
                {
                    pinned = pinned.with(blocker);
                }
            }
        }
    }
    pinned
}
