//! Solutions of the 0x88 exercises.

use crate::x88::{cell, square_of_cell, KNIGHT_STEPS, QUEEN_STEPS};
use boardlab_core::{Bitboard, Square};

/// The knight's targets: one addition and one mask test per step.
pub fn knight_targets(sq: Square) -> Bitboard {
    let from = cell(sq);
    KNIGHT_STEPS
        .iter()
        .filter_map(|&step| square_of_cell(from.wrapping_add_signed(step)))
        .collect()
}

/// A slider's targets: each ray stops when the cell leaves the board (any bit of 0x88 set) or
/// holds a piece, whose square is kept.
pub fn slider_targets(sq: Square, occupied: Bitboard, steps: &[i8]) -> Bitboard {
    let mut targets = Bitboard::EMPTY;
    for &step in steps {
        let mut to = cell(sq).wrapping_add_signed(step);
        while let Some(target) = square_of_cell(to) {
            targets = targets.with(target);
            if occupied.contains(target) {
                break;
            }
            to = to.wrapping_add_signed(step);
        }
    }
    targets
}

/// For each difference between two on-board cells, the unit step along which it lies: built
/// once, indexed by `difference + 119`. The difference of a step taken `k` times is
/// `k * step`, and no two (step, distance) pairs give the same difference on the 0x88 board.
fn step_table() -> &'static [i8; 239] {
    static TABLE: std::sync::OnceLock<[i8; 239]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [0i8; 239];
        for step in QUEEN_STEPS {
            for distance in 1..8i16 {
                table[(119 + distance * i16::from(step)) as usize] = step;
            }
        }
        table
    })
}

/// The step from `from` to `to`: one look-up by the difference of their cells.
pub fn step_between(from: Square, to: Square) -> Option<i8> {
    let difference = i16::from(cell(to)) - i16::from(cell(from));
    match step_table()[(difference + 119) as usize] {
        0 => None,
        step => Some(step),
    }
}
