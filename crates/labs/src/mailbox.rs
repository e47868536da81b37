//! Lab exercise for the 10x12 mailbox chapter: the sliding loop that needs no bounds test
//! because a frame of sentinel cells surrounds the board.

pub use crate::scaffold::mailbox::*;

/// Exercise `mailbox_slide`: the cells a slider on cell `from` reaches with `step` (one of
/// [`ROOK_STEPS`] or [`BISHOP_STEPS`]), nearest first, each once: the empty cells, then the
/// first [`PIECE`] cell if the ray meets one. A [`SENTINEL`] ends the ray and is not included.
///
/// Write it as the mailbox does: a loop that stops on the first non-empty cell, with no test
/// of files, ranks or array bounds; the frame is two rows deep, so `from + step` of a playing
/// cell is always inside the array.
///
/// Checked on random occupancies against a square-by-square walk written in the test: the
/// same cells in the same order, and no cell read that is not on the ray. The library can
/// reach only boardlab-core; building a bitboard from all 64 cells and asking core's
/// `slider_attacks_slow` is not an answer, and the test sees it by the cells it reads.
#[cfg(not(feature = "solutions"))]
pub fn slide(cells: &Cells, from: usize, step: isize) -> Vec<usize> {
    todo!(
        "exercise mailbox_slide: read docs/src/mailbox.md, \"One byte per cell, and the sentinel\""
    )
}
#[cfg(feature = "solutions")]
pub use crate::solutions::mailbox::slide;
