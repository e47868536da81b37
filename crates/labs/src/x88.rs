//! Lab exercises for the 0x88 chapter: leaper and slider targets with the `cell & 0x88`
//! off-board test, and the unit step read from a difference of two cells.
//!
//! The cell of a square is `16 * rank + file` ([`cell`]); a cell is on the board exactly when
//! `cell & 0x88 == 0`. Work in `u8` with wrapping arithmetic: a step below the first rank wraps
//! to 223 or more, which sets bit 7.

use boardlab_core::{Bitboard, Square};
use std::cell::Cell;
use std::ops::Index;

/// The knight's eight steps on the 0x88 board.
pub const KNIGHT_STEPS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];
/// The rook's four unit steps: east, west, north, south.
pub const ROOK_STEPS: [i8; 4] = [1, -1, 16, -16];
/// The bishop's four unit steps.
pub const BISHOP_STEPS: [i8; 4] = [17, 15, -15, -17];
/// The queen's eight unit steps.
pub const QUEEN_STEPS: [i8; 8] = [1, -1, 16, -16, 17, 15, -15, -17];

/// An empty cell.
pub const EMPTY: u8 = 0;
/// A cell holding a piece (in this lab, any piece: a ray stops on it and includes it).
pub const PIECE: u8 = 1;

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

/// The 128 cells of a 0x88 board, read as an array (`cells[cell]`), which remember which
/// cells were read. A cell off the board (`cell & 0x88 != 0`) is never meant to be read: the
/// 0x88 test comes first. Reading one answers [`PIECE`], so that a loop that forgot the test
/// still ends, and is counted; the lab's tests fail on it.
pub struct Cells {
    cells: [u8; 128],
    /// Bit `i` is set once cell `i` has been read.
    read: Cell<u128>,
    /// How many times a cell off the board was read.
    off_board: Cell<u32>,
}

impl Cells {
    /// The cells for a set of occupied squares: [`PIECE`] on them, [`EMPTY`] on the others.
    pub fn new(occupied: Bitboard) -> Cells {
        let mut cells = [EMPTY; 128];
        for sq in occupied {
            cells[usize::from(cell(sq))] = PIECE;
        }
        Cells {
            cells,
            read: Cell::new(0),
            off_board: Cell::new(0),
        }
    }

    /// The on-board cells read since the last call, as a set of bits (bit `i` for cell `i`),
    /// and the number of reads of cells off the board; both start again from nothing.
    pub fn take_reads(&self) -> (u128, u32) {
        (self.read.replace(0), self.off_board.replace(0))
    }
}

impl Index<u8> for Cells {
    type Output = u8;

    fn index(&self, cell: u8) -> &u8 {
        if cell & 0x88 != 0 {
            self.off_board.set(self.off_board.get() + 1);
            return &PIECE;
        }
        self.read.set(self.read.get() | 1 << cell);
        &self.cells[usize::from(cell)]
    }
}

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
