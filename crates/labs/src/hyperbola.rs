//! Lab exercise for the slider chapter: hyperbola quintessence, a slider's attacks along one
//! line found by subtraction, with no table and no walk.
//!
//! Of the table-free techniques of the chapter, hyperbola quintessence is the one whose whole
//! idea fits in a few lines of code that can be worked out on paper: a subtraction borrows
//! through the empty squares above the slider and stops at the first blocker, and the same
//! subtraction on the board turned upside down (a byte swap) finds the squares below.
//! Kindergarten bitboards, the other candidate, needs a table of first-rank attacks and a
//! multiplier per kind of line set up before the idea can be tried.

pub use crate::scaffold::hyperbola::*;
use boardlab_core::{Bitboard, Square};

/// Exercise `hyperbola`: the squares of `line` that a slider on `sq` attacks when the squares
/// of `occupied` hold pieces. Going up from `sq`, rank by rank, the line's squares are
/// attacked up to and including the first occupied one; going down, the same.
///
/// `line` has at most one square on each rank and none on `sq`'s rank: a file or diagonal
/// through `sq` without `sq` itself ([`file_mask`], [`diagonal_mask`],
/// [`anti_diagonal_mask`]), or any other set of squares with one square per rank at most,
/// since the technique uses nothing else about the line. Write it with one subtraction for
/// the squares above and the same subtraction on the byte-swapped board for the squares below;
/// no loop.
///
/// Checked on random occupancies against a plain ray walk written in the test, for the file
/// and both diagonals of every square, and against a rank-by-rank walk on random lines of one
/// square per rank that are no line of the board. The library can reach boardlab-core, whose
/// `slider_attacks_slow` walks real lines only: it is not an answer, and the random lines show
/// it.
#[cfg(not(feature = "solutions"))]
pub fn hyperbola(sq: Square, occupied: Bitboard, line: Bitboard) -> Bitboard {
    todo!("exercise hyperbola: read docs/src/sliders.md, \"Hyperbola quintessence\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::hyperbola::hyperbola;
