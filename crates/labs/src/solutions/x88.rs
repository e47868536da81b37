//! Solutions of the 0x88 exercises.

use crate::x88::{Cells, EMPTY, KNIGHT_STEPS, QUEEN_STEPS};

/// The knight's targets: one addition and one mask test per step.
pub fn knight_targets(from: u8) -> Vec<u8> {
    KNIGHT_STEPS
        .iter()
        .map(|&step| from.wrapping_add_signed(step))
        .filter(|&to| to & 0x88 == 0)
        .collect()
}

/// A slider's targets: each ray stops when the cell leaves the board (any bit of 0x88 set),
/// tested before the cell is read, or holds a piece, whose cell is kept.
pub fn slider_targets(cells: &Cells, from: u8, steps: &[i8]) -> Vec<u8> {
    let mut targets = Vec::new();
    for &step in steps {
        let mut to = from.wrapping_add_signed(step);
        while to & 0x88 == 0 {
            targets.push(to);
            if cells[to] != EMPTY {
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

/// The step of a difference: one look-up, for the differences the table covers.
pub fn step_of(difference: i16) -> Option<i8> {
    let index = usize::try_from(i32::from(difference) + 119).ok()?;
    match step_table().get(index) {
        None | Some(0) => None,
        Some(&step) => Some(step),
    }
}
