//! Solution of the mailbox exercise.

use crate::mailbox::{Cells, EMPTY, PIECE};

/// The ray: step while the cell is empty; a piece ends it and is kept, the frame ends it and
/// is not.
pub fn slide(cells: &Cells, from: usize, step: isize) -> Vec<usize> {
    let mut reached = Vec::new();
    let mut to = from.wrapping_add_signed(step);
    while cells[to] == EMPTY {
        reached.push(to);
        to = to.wrapping_add_signed(step);
    }
    if cells[to] == PIECE {
        reached.push(to);
    }
    reached
}
