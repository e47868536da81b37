//! The attack test: the eight rays walked out from the attacked cell to their first piece,
//! which the difference table then judges in one lookup, and the eight knight cells.

use crate::difference::{code_bits, entry};
use crate::WIDTH;
use boardlab_arrays::code::{sign, EMPTY, KING, KNIGHT};
use boardlab_arrays::{offsets, KING_STEPS, KNIGHT_JUMPS};
use boardlab_core::Color;

const W: isize = WIDTH as isize;
/// The knight's jumps as cell offsets.
const KNIGHT_OFFSETS: [isize; 8] = offsets(KNIGHT_JUMPS, W);
/// The eight rays as cell offsets.
const RAY_OFFSETS: [isize; 8] = offsets(KING_STEPS, W);

/// The cell `offset` away from `cell`, masked to a byte: the array has 256 cells, so the mask
/// replaces the bounds check, and the four-deep frame keeps every step a piece makes inside.
#[inline(always)]
fn at(cell: usize, offset: isize) -> usize {
    cell.wrapping_add_signed(offset) & 0xff
}

/// Whether a piece of `by` attacks `target`. Each ray stops at its first
/// cell that is not empty; if that holds a piece of `by`, the difference
/// table's entry for the vector from it to the target says whether its kind attacks that way
/// (a pawn or king only from next to the target, a slider from any distance along its lines).
#[inline]
pub(crate) fn attacked(cells: &[i8; 256], target: usize, by: Color) -> bool {
    let theirs = sign(by);
    let knight = KNIGHT * theirs;
    if KNIGHT_OFFSETS
        .iter()
        .any(|&offset| cells[at(target, offset)] == knight)
    {
        return true;
    }
    for offset in RAY_OFFSETS {
        let mut cell = at(target, offset);
        while cells[cell] == EMPTY {
            cell = at(cell, offset);
        }
        let found = cells[cell];
        // A piece of `by`: its code times `by`'s sign is 1 to 6 (the sentinel's is 99 or -99).
        let kind = found * theirs;
        if kind > 0 && kind <= KING && entry(cell, target) & code_bits(found) != 0 {
            return true;
        }
    }
    false
}
