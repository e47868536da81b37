//! Whether a square is attacked, found by looking outwards from it.

use crate::cell::Cell;
use crate::square120::{direction, Sq120, CELLS};
use boardlab_core::{Color, Role};

/// The 120 cells of a board.
pub(crate) type Cells = [Cell; CELLS];

/// Whether a piece of `by` attacks `target` on `cells`.
///
/// It looks from `target` outwards for each kind of attacker: pawns and knights on their fixed
/// squares, then the eight rays, where the first piece met decides. Cheap tests come first so
/// that most attacked squares are found before a ray is walked.
#[inline]
pub(crate) fn is_attacked(cells: &Cells, target: Sq120, by: Color) -> bool {
    let at = |sq: Sq120| cells[sq.index()];
    let pawn = Cell::of(by, Role::Pawn);
    // A pawn of `by` attacks diagonally forwards, so it stands one rank behind the target.
    let behind = -10 * by.forward();
    if at(target.offset(behind + 1)) == pawn || at(target.offset(behind - 1)) == pawn {
        return true;
    }
    let knight = Cell::of(by, Role::Knight);
    if direction::KNIGHT
        .iter()
        .any(|&jump| at(target.offset(jump)) == knight)
    {
        return true;
    }
    let king = Cell::of(by, Role::King);
    let queen = Cell::of(by, Role::Queen);
    let rook = Cell::of(by, Role::Rook);
    let bishop = Cell::of(by, Role::Bishop);
    for step in direction::ORTHOGONAL {
        let mut sq = target.offset(step);
        let first = at(sq);
        if first == king {
            return true;
        }
        let mut cell = first;
        while cell.is_empty() {
            sq = sq.offset(step);
            cell = at(sq);
        }
        if cell == rook || cell == queen {
            return true;
        }
    }
    for step in direction::DIAGONAL {
        let mut sq = target.offset(step);
        let first = at(sq);
        if first == king {
            return true;
        }
        let mut cell = first;
        while cell.is_empty() {
            sq = sq.offset(step);
            cell = at(sq);
        }
        if cell == bishop || cell == queen {
            return true;
        }
    }
    false
}
