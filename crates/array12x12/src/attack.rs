//! The attack test, walking out from the attacked cell by fixed offsets: a ray runs while it
//! reads empty cells and stops at the first that is not, a piece or the sentinel, which is no
//! piece's code and so never an attacker.

use crate::WIDTH;
use boardlab_arrays::code::{sign, BISHOP, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK};
use boardlab_arrays::{offsets, DIAGONAL, KNIGHT_JUMPS, STRAIGHT};
use boardlab_core::Color;

const W: isize = WIDTH as isize;
/// The knight's jumps as cell offsets.
const KNIGHT_OFFSETS: [isize; 8] = offsets(KNIGHT_JUMPS, W);
/// The straight and the diagonal steps as cell offsets.
const STRAIGHT_OFFSETS: [isize; 4] = offsets(STRAIGHT, W);
const DIAGONAL_OFFSETS: [isize; 4] = offsets(DIAGONAL, W);

/// The cell `offset` away from `cell`: inside the array for every on-board cell and every
/// step a piece makes, the frame being two deep.
#[inline(always)]
fn at(cell: usize, offset: isize) -> usize {
    cell.wrapping_add_signed(offset)
}

/// Whether a piece of `by` attacks `target`.
#[inline]
pub(crate) fn attacked(cells: &[i8; 144], target: usize, by: Color) -> bool {
    let theirs = sign(by);
    let behind = -(by.forward() as isize) * W;
    let pawn = PAWN * theirs;
    if cells[at(target, behind - 1)] == pawn || cells[at(target, behind + 1)] == pawn {
        return true;
    }
    let knight = KNIGHT * theirs;
    if KNIGHT_OFFSETS
        .iter()
        .any(|&offset| cells[at(target, offset)] == knight)
    {
        return true;
    }
    let (queen, king) = (QUEEN * theirs, KING * theirs);
    for (offsets, slider) in [
        (STRAIGHT_OFFSETS, ROOK * theirs),
        (DIAGONAL_OFFSETS, BISHOP * theirs),
    ] {
        for offset in offsets {
            let mut cell = at(target, offset);
            if cells[cell] == king {
                return true;
            }
            while cells[cell] == EMPTY {
                cell = at(cell, offset);
            }
            let found = cells[cell];
            if found == slider || found == queen {
                return true;
            }
        }
    }
    false
}
