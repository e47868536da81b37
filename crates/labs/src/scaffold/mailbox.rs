//! The given part of the `mailbox` lab: what its exercises are written against and its
//! tests read. It lives outside the file a student writes (`crates/labs/src/mailbox.rs`), so
//! that the grading command uses this version whatever the student changed in theirs.

use boardlab_core::{Bitboard, Square};
use std::cell::Cell;
use std::ops::Index;

/// An empty cell.
pub const EMPTY: u8 = 0;
/// A cell holding a piece (in this lab, any piece: the ray stops on it and includes it).
pub const PIECE: u8 = 1;
/// A frame cell: the ray stops before it.
pub const SENTINEL: u8 = 0xff;

/// The rook's four unit steps on the 10x12 board.
pub const ROOK_STEPS: [isize; 4] = [1, -1, 10, -10];
/// The bishop's four unit steps on the 10x12 board.
pub const BISHOP_STEPS: [isize; 4] = [11, 9, -9, -11];

/// The 10x12 cell of `sq`: `21 + file + 10 * rank`.
pub const fn cell(sq: Square) -> usize {
    21 + sq.file().index() + 10 * sq.rank().index()
}

/// The square of a playing cell, or `None` for a frame cell or an index past the array.
pub fn square_of_cell(cell: usize) -> Option<Square> {
    let (row, column) = (cell / 10, cell % 10);
    if !(2..10).contains(&row) || !(1..9).contains(&column) {
        return None;
    }
    Square::new(((row - 2) * 8 + column - 1) as u8)
}

/// The 120 cells of a mailbox board, read as an array (`cells[index]`), which remember which
/// cells were read: the lab's test uses that to see that a slide looks at the cells of its
/// ray and at no other.
pub struct Cells {
    cells: [u8; 120],
    /// Bit `i` is set once cell `i` has been read.
    read: Cell<u128>,
}

impl Cells {
    /// The cells for a set of occupied squares: [`PIECE`] on them, [`EMPTY`] on the other
    /// squares, [`SENTINEL`] on the frame.
    pub fn new(occupied: Bitboard) -> Cells {
        let mut cells = [SENTINEL; 120];
        for sq in Square::ALL {
            cells[cell(sq)] = if occupied.contains(sq) { PIECE } else { EMPTY };
        }
        Cells {
            cells,
            read: Cell::new(0),
        }
    }

    /// The cells read since the last call, as a set of bits (bit `i` for cell `i`), and a
    /// fresh start.
    pub fn take_reads(&self) -> u128 {
        self.read.replace(0)
    }
}

impl Index<usize> for Cells {
    type Output = u8;

    /// The cell's content; an index past the 120 cells panics, as an array's does.
    fn index(&self, index: usize) -> &u8 {
        let content = &self.cells[index];
        self.read.set(self.read.get() | 1 << index);
        content
    }
}
