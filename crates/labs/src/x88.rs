//! Lab exercises for the 0x88 chapter: leaper and slider targets with the `cell & 0x88`
//! off-board test, and the unit step read from a difference of two cells.
//!
//! The cell of a square is `16 * rank + file` ([`cell`]); a cell is on the board exactly when
//! `cell & 0x88 == 0`. Work in `u8` with wrapping arithmetic: a step below the first rank wraps
//! to 223 or more, which sets bit 7.

pub use crate::scaffold::x88::*;

/// Exercise `x88_knight`: the cells a knight on cell `from` attacks, in the order of
/// [`KNIGHT_STEPS`]: add each step to `from` and keep the cells that pass the 0x88 test.
///
/// Checked on all 64 squares against the knight's jumps worked out in the test from file and
/// rank changes, in the same order. The library can reach only boardlab-core, whose
/// `knight_attacks` gives the same squares as a set in square order: not the answer's order,
/// and not an answer.
#[cfg(not(feature = "solutions"))]
pub fn knight_targets(from: u8) -> Vec<u8> {
    todo!("exercise x88_knight: read docs/src/x88.md, the chapter's opening section")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::x88::knight_targets;
/// Exercise `x88_slider`: the cells a slider on cell `from` attacks along `steps` (for
/// instance [`ROOK_STEPS`] or [`QUEEN_STEPS`]): step by step in the order given, each ray
/// nearest first, running until it leaves the board or meets a piece, whose cell is
/// included.
///
/// Test each cell with `& 0x88` before reading it from `cells`: the test fails an answer that
/// reads a cell off the board.
///
/// Checked on random occupancies, for the rook's, the bishop's and the queen's steps, against
/// a square-by-square walk written in the test: the same cells in the same order, and no cell
/// read but the ones reached. Building a bitboard from all the cells and asking core's
/// `slider_attacks_slow` is not an answer, and the test sees it by the cells it reads.
#[cfg(not(feature = "solutions"))]
pub fn slider_targets(cells: &Cells, from: u8, steps: &[i8]) -> Vec<u8> {
    todo!("exercise x88_slider: read docs/src/x88.md, the chapter's opening section")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::x88::slider_targets;
/// Exercise `x88_step`: given only `difference = cell(to) - cell(from)` of two on-board
/// cells, the unit step (one of [`QUEEN_STEPS`]) that leads from `from` to `to` along a rank,
/// file or diagonal; `None` when no line joins them, when the difference is 0, and for any
/// number that is not the difference of two on-board cells.
///
/// On the 0x88 board a difference names the rank change and the file change without
/// ambiguity, so the difference alone answers; on the 64-square board it would not (a
/// difference of 7 is a step along a rank or a diagonal step).
///
/// Checked on every difference of two on-board cells (all 4096 pairs of squares) against the
/// file and rank changes of the pair, and on numbers no pair gives.
#[cfg(not(feature = "solutions"))]
pub fn step_of(difference: i16) -> Option<i8> {
    todo!("exercise x88_step: read docs/src/x88.md, \"The difference table\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::x88::step_of;
