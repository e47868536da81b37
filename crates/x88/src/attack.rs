//! Attack tests, checks and pins, all driven by the difference table.

use crate::board::{pawn_step, X88Board, PAWN_SLOTS, SLOTS};
use crate::difference::{attack_bit, near_king, vector};
use crate::piece::{color_bit, is_slider, kind, pawn_code, EMPTY};
use crate::square::Sq88;
use boardlab_core::Color;

/// Whether a piece of `by` attacks `target` on `cells`, with the cell `hole` taken as empty
/// (the king's own square when testing where the king may go, so that a slider's line runs on
/// through it). `officers` are the squares of `by`'s king and pieces; pawns are found by looking
/// at the two cells they would attack from, which is cheaper than walking the pawn list.
#[inline]
pub(crate) fn attacked(
    cells: &[u8; 256],
    officers: &[Sq88],
    target: Sq88,
    by: Color,
    hole: Sq88,
) -> bool {
    let pawn = pawn_code(by);
    let behind = -pawn_step(by);
    for step in [behind - 1, behind + 1] {
        let from = target.offset(step);
        if !from.is_off_board() && cells[from.index()] == pawn {
            return true;
        }
    }
    for &from in officers {
        let code = cells[from.index()];
        let line = vector(from, target);
        if line.attackers & attack_bit(code) == 0 {
            continue;
        }
        if !is_slider(kind(code)) {
            return true;
        }
        let mut cell = from.offset(line.step);
        loop {
            if cell == target {
                return true;
            }
            if cells[cell.index()] != EMPTY && cell != hole {
                break;
            }
            cell = cell.offset(line.step);
        }
    }
    false
}

/// What the side to move's king faces: the checks on it and the pieces pinned to it.
pub(crate) struct KingSafety {
    /// How many pieces give check.
    pub(crate) checkers: u32,
    /// The square of a checking piece (the only one when `checkers == 1`).
    pub(crate) checker: Sq88,
    /// For a sliding checker, the step from the king toward it; 0 for a pawn or knight.
    pub(crate) check_step: i8,
    /// Per list slot of the side to move, the step from the king toward the pinning piece
    /// (a pinned piece may move only along it, either way), or 0 for a free piece.
    pub(crate) pins: [i8; SLOTS],
    /// Whether any piece of the side to move is pinned.
    pub(crate) pinned: bool,
    /// The enemy king and pieces that could attack a cell next to the king on an empty board,
    /// in their first `near_count` entries: the only ones the king's steps need testing
    /// against. Collected in the same pass, this saves about 4.8% of the instructions of a
    /// bulk perft of kiwipete without its d5 pawn at depth 4, and 2.1% of the start
    /// position's at depth 5 (callgrind).
    pub(crate) near: [Sq88; PAWN_SLOTS],
    pub(crate) near_count: usize,
}

impl KingSafety {
    /// The enemy king and pieces that could attack a cell next to the king.
    #[inline]
    pub(crate) fn near_officers(&self) -> &[Sq88] {
        &self.near[..self.near_count]
    }
}

impl X88Board {
    /// Finds checks and pins from the king: each enemy piece is looked up once in the
    /// difference table, and only a slider on a line through the king costs a walk.
    ///
    /// Always inlined into the generator: with only the `#[inline]` hint, a bulk perft takes
    /// 1.2% more instructions on kiwipete at depth 4 and 1.5% more on the start position at
    /// depth 5 (callgrind).
    #[inline(always)]
    pub(crate) fn king_safety(&self) -> KingSafety {
        let us = self.state.turn;
        let them = !us;
        let own = color_bit(us);
        let king = self.king(us);
        let mut safety = KingSafety {
            checkers: 0,
            checker: Sq88::NONE,
            check_step: 0,
            pins: [0; SLOTS],
            pinned: false,
            near: [Sq88::NONE; PAWN_SLOTS],
            near_count: 0,
        };
        let their_pawn = pawn_code(them);
        let ahead = pawn_step(us);
        for step in [ahead - 1, ahead + 1] {
            let from = king.offset(step);
            if !from.is_off_board() && self.cells[from.index()] == their_pawn {
                safety.checkers += 1;
                safety.checker = from;
            }
        }
        for &from in self.officers(them) {
            let code = self.cells[from.index()];
            let bit = attack_bit(code);
            if near_king(from, king) & bit != 0 {
                safety.near[safety.near_count] = from;
                safety.near_count += 1;
            }
            let line = vector(from, king);
            if line.attackers & bit == 0 {
                continue;
            }
            if !is_slider(kind(code)) {
                safety.checkers += 1;
                safety.checker = from;
                continue;
            }
            let step = -line.step;
            let mut cell = king.offset(step);
            let mut blocker = Sq88::NONE;
            while cell != from {
                let content = self.cells[cell.index()];
                if content != EMPTY {
                    if content & own == 0 || blocker != Sq88::NONE {
                        break;
                    }
                    blocker = cell;
                }
                cell = cell.offset(step);
            }
            if cell == from {
                if blocker == Sq88::NONE {
                    safety.checkers += 1;
                    safety.checker = from;
                    safety.check_step = step;
                } else {
                    // The phantom cell of an occupied square holds its list slot, below SLOTS.
                    safety.pins[usize::from(self.cells[blocker.phantom_index()])] = step;
                    safety.pinned = true;
                }
            }
        }
        safety
    }
}
