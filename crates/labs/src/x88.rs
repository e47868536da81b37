//! Lab exercises for the 0x88 chapter: leaper and slider targets with the `cell & 0x88`
//! off-board test, and the unit step read from a difference of two cells.
//!
//! The cell of a square is `16 * rank + file` ([`cell`]); a cell is on the board exactly when
//! `cell & 0x88 == 0`. Work in `u8` with wrapping arithmetic: a step below the first rank wraps
//! to 240 or more, which sets bit 7.

use boardlab_core::{Bitboard, Square};

/// The knight's eight steps on the 0x88 board.
pub const KNIGHT_STEPS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];
/// The rook's four unit steps: east, west, north, south.
pub const ROOK_STEPS: [i8; 4] = [1, -1, 16, -16];
/// The bishop's four unit steps.
pub const BISHOP_STEPS: [i8; 4] = [17, 15, -15, -17];
/// The queen's eight unit steps.
pub const QUEEN_STEPS: [i8; 8] = [1, -1, 16, -16, 17, 15, -15, -17];

/// The 0x88 cell of `sq`: the 64-square index `8 * rank + file` with the rank bits moved one
/// place up, `index + (index & 0x38)`.
pub const fn cell(sq: Square) -> u8 {
    let index = sq as u8;
    index + (index & 0x38)
}

/// The square of an on-board cell (`cell & 0x88 == 0`), or `None` for a cell off the board.
pub const fn square_of_cell(cell: u8) -> Option<Square> {
    if cell & 0x88 != 0 {
        return None;
    }
    Square::new((cell >> 4) * 8 + (cell & 7))
}

/// Exercise `x88_knight`: the squares a knight on `sq` attacks, found by adding each of
/// [`KNIGHT_STEPS`] to the square's [`cell`] and keeping the cells that pass the 0x88 test.
///
/// Checked against `boardlab_core::bitboard::knight_attacks` on all 64 squares.
#[cfg(not(feature = "solutions"))]
pub fn knight_targets(sq: Square) -> Bitboard {
    todo!("exercise x88_knight: add each knight step to the cell and keep the cells with cell & 0x88 == 0")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::x88::knight_targets;

/// Exercise `x88_slider`: the squares a slider on `sq` attacks along `steps` (for instance
/// [`ROOK_STEPS`]) when the squares in `occupied` hold pieces: each ray runs until it leaves the
/// board or meets a piece, and the piece's square is included.
///
/// Checked against `boardlab_core::bitboard::slider_attacks_slow` on random occupancies.
#[cfg(not(feature = "solutions"))]
pub fn slider_targets(sq: Square, occupied: Bitboard, steps: &[i8]) -> Bitboard {
    todo!("exercise x88_slider: walk each step from the cell until cell & 0x88 != 0 or a piece")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::x88::slider_targets;

/// Exercise `x88_step`: the unit step (one of [`QUEEN_STEPS`]) that leads from `from` to `to`
/// on an empty board, or `None` when the two squares share no rank, file or diagonal (or are
/// the same square).
///
/// Use only the difference `cell(to) - cell(from)`: on the 0x88 board it names the rank change
/// and the file change without ambiguity, so a table of 239 entries indexed by
/// `difference + 119` (or a loop over the steps and distances) answers it. On the 64-square
/// board the same idea fails: a difference of 7 is a step along a rank or a diagonal step.
///
/// Checked against `boardlab_core::bitboard::line` on all 4096 pairs of squares.
#[cfg(not(feature = "solutions"))]
pub fn step_between(from: Square, to: Square) -> Option<i8> {
    todo!("exercise x88_step: find the step s and distance k with cell(to) - cell(from) == k * s")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::x88::step_between;
