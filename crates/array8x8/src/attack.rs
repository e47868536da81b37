//! The attack test, walking out from the attacked cell with an edge test before every step.

use crate::Grid8x8;
use boardlab_arrays::code::{sign, BISHOP, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK};
use boardlab_arrays::{Dir, Geometry, KING_STEPS, KNIGHT_JUMPS};
use boardlab_core::Color;

/// Whether a piece of `by` attacks `target`, the two cells a pawn of
/// `by` would attack it from, the eight knight cells, then the eight rays out to their first
/// piece (a king counts only next to the target). Each step is one edge test.
#[inline]
pub(crate) fn attacked(cells: &[i8; 64], target: usize, by: Color) -> bool {
    let theirs = sign(by);
    for df in [-1, 1] {
        let from = Grid8x8::step(
            cells,
            target,
            Dir {
                df,
                dr: -by.forward(),
            },
        );
        if from.is_some_and(|from| cells[from] == PAWN * theirs) {
            return true;
        }
    }
    for jump in KNIGHT_JUMPS {
        let from = Grid8x8::step(cells, target, jump);
        if from.is_some_and(|from| cells[from] == KNIGHT * theirs) {
            return true;
        }
    }
    for dir in KING_STEPS {
        let slider = if dir.is_diagonal() { BISHOP } else { ROOK };
        let mut cell = target;
        let mut next_to = true;
        while let Some(next) = Grid8x8::step(cells, cell, dir) {
            cell = next;
            let content = cells[cell];
            if content == EMPTY {
                next_to = false;
                continue;
            }
            let kind = content * theirs;
            if kind == slider || kind == QUEEN || (kind == KING && next_to) {
                return true;
            }
            break;
        }
    }
    false
}
