//! The attack test, walking out from the attacked cell by fixed offsets: a ray runs while it
//! reads empty cells and stops at the first that is not, a piece or the sentinel, which is no
//! piece's code and so never an attacker.

use boardlab_arrays::code::{sign, BISHOP, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK};
use boardlab_arrays::{offsets, DIAGONAL, KNIGHT_JUMPS, STRAIGHT};
use boardlab_core::Color;

/// The cell `offset` away from `cell`: inside the array for every on-board cell and every
/// step a piece makes, the frame being two rows deep above and below and the left and right
/// frame columns together two wide.
#[inline(always)]
fn at(cell: usize, offset: isize) -> usize {
    cell.wrapping_add_signed(offset)
}

/// Whether a piece of `by` attacks `target` on a framed board `WIDTH` cells wide.
#[inline]
pub(crate) fn attacked<const CELLS: usize, const WIDTH: usize>(
    cells: &[i8; CELLS],
    target: usize,
    by: Color,
) -> bool {
    let w = WIDTH as isize;
    let knight_offsets = offsets(KNIGHT_JUMPS, w);
    let straight_offsets = offsets(STRAIGHT, w);
    let diagonal_offsets = offsets(DIAGONAL, w);
    let theirs = sign(by);
    let behind = -(by.forward() as isize) * w;
    let pawn = PAWN * theirs;
    if cells[at(target, behind - 1)] == pawn || cells[at(target, behind + 1)] == pawn {
        return true;
    }
    let knight = KNIGHT * theirs;
    if knight_offsets
        .iter()
        .any(|&offset| cells[at(target, offset)] == knight)
    {
        return true;
    }
    let (queen, king) = (QUEEN * theirs, KING * theirs);
    for (offsets, slider) in [
        (straight_offsets, ROOK * theirs),
        (diagonal_offsets, BISHOP * theirs),
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
