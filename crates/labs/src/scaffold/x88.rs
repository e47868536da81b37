//! The given part of the `x88` lab: what its exercises are written against and its
//! tests read. It lives outside the file a student writes (`crates/labs/src/x88.rs`), so
//! that the grading command uses this version whatever the student changed in theirs.

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
