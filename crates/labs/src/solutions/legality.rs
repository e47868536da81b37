//! Solution of the pin exercise.

use boardlab_core::bitboard::{between, line};
use boardlab_core::{Bitboard, Role, Setup};

/// Each enemy slider on a line with the king that it moves along, with exactly one piece
/// between, and that piece ours.
pub fn pinned(setup: &Setup) -> Bitboard {
    let us = setup.turn;
    let Some(king) = setup.king(us) else {
        return Bitboard::EMPTY;
    };
    let occupied = setup.occupied();
    let mut pinned = Bitboard::EMPTY;
    for (slider, piece) in setup.pieces() {
        if piece.color == us || slider == king {
            continue;
        }
        if line(king, slider).is_empty() {
            continue;
        }
        let straight = king.file() == slider.file() || king.rank() == slider.rank();
        let moves_along = match piece.role {
            Role::Queen => true,
            Role::Rook => straight,
            Role::Bishop => !straight,
            _ => false,
        };
        if !moves_along {
            continue;
        }
        let blockers = between(king, slider) & occupied;
        if blockers.count() == 1 {
            if let Some(blocker) = blockers.first() {
                if setup.piece_at(blocker).is_some_and(|p| p.color == us) {
                    pinned = pinned.with(blocker);
                }
            }
        }
    }
    pinned
}
