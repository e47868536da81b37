//! An implementation of boardlab-core's `Board` trait using a 16x16 array: the 8x8 board in
//! the middle of 256 cells, a frame of the sentinel `99` four cells deep around it, a cell's
//! rank and file in its two nibbles, and a difference table that says from the vector between
//! two cells alone which kinds of piece could attack along it.
//!
//! # The index map
//!
//! A square's cell is `(rank + 4) << 4 | (file + 4)`, written here in hex so the nibbles show:
//!
//! ```text
//!            0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f
//!     f0-c0  frame (four rows)
//!       8   .  .  .  .  b4 b5 b6 b7 b8 b9 ba bb  .  .  .  .
//!       7   .  .  .  .  a4 a5 a6 a7 a8 a9 aa ab  .  .  .  .
//!       6   .  .  .  .  94 95 96 97 98 99 9a 9b  .  .  .  .
//!       5   .  .  .  .  84 85 86 87 88 89 8a 8b  .  .  .  .
//!       4   .  .  .  .  74 75 76 77 78 79 7a 7b  .  .  .  .
//!       3   .  .  .  .  64 65 66 67 68 69 6a 6b  .  .  .  .
//!       2   .  .  .  .  54 55 56 57 58 59 5a 5b  .  .  .  .
//!       1   .  .  .  .  44 45 46 47 48 49 4a 4b  .  .  .  .
//!     30-00  frame (four rows)       a  b  c  d  e  f  g  h
//!
//!  . the frame, every cell 99
//!  rank = (cell >> 4) - 4, file = (cell & 15) - 4, square = rank << 3 | file: shifts only
//!  steps  +16 north  -16 south  +1 east  -1 west  +17 +15 -15 -17 diagonals
//!  knight jumps +-14 +-18 +-31 +-33
//! ```
//!
//! # What 16x16 buys
//!
//! - **Rank and file by shifts.** Converting between the cell and core's square, or reading a
//!   pawn's rank, takes two shifts and a subtraction, where the 12x12 board needs a table or
//!   a division by 12.
//! - **A frame.** As on the 12x12 board, a step reads the cell it lands on and the sentinel
//!   says it left the board (boardlab-arrays' `framed_step`): no rank or file test.
//! - **A difference table.** With sixteen cells to a row, the difference `to - from` of two
//!   on-board cells is `16 * rank change + file change` and names the vector without aliasing
//!   (a row is more than twice the board's width). The `difference` module's table, indexed by
//!   `to - from + 119`, holds the kinds of piece that attack along each of the 239 vectors. The
//!   attack test (`attack` module) walks the eight rays out from the attacked cell to their
//!   first piece and asks the table once about that piece, whatever it is, pawn, king or slider
//!   at any distance; the eight knight cells are read as they are.
//!
//! # What the board keeps and how legality is decided
//!
//! Beside the 256 cells, the kings' cells and boardlab-core's `PositionState` (side to move,
//! castling rights, en passant, clocks, the incrementally kept Zobrist hash), kept by
//! boardlab-arrays' `ArrayPosition`, whose make saves the state in the undo record. There is no
//! piece list: move generation scans the 64 squares' cells.
//!
//! Legal moves are generated directly by boardlab-arrays' generator, every step of which is
//! this board's frame read: checks and pins are found from the king first; pinned pieces keep
//! to their pin line, in check the other pieces only capture the checker or block, the king
//! steps only to cells the attack test finds unattacked, and only en passant is tried on a
//! copy of the cells.
//!
//! # Examples
//!
//! ```
//! use boardlab_core::{perft, BoardExt, PerftMode, START_FEN};
//! use boardlab_array16x16::Array16x16Board;
//!
//! let mut board = Array16x16Board::from_fen(START_FEN).unwrap();
//! assert_eq!(perft(&mut board, 3, PerftMode::Bulk), 8902);
//! ```

mod attack;
mod difference;
mod views;

use boardlab_arrays::{framed_board, framed_step, Dir, Geometry};
use boardlab_core::{Color, Square};

/// Cells in a row of the array.
pub(crate) const WIDTH: usize = 16;
/// The depth of the frame: the board's first rank and file are the fifth of the array.
pub(crate) const FRAME: usize = 4;
/// The cells of the array.
pub(crate) const CELLS: usize = WIDTH * WIDTH;

/// The cell of a square: its rank and file, each moved past the frame, in the two nibbles.
#[inline(always)]
pub(crate) const fn cell_of(sq: usize) -> usize {
    ((sq >> 3) + FRAME) << 4 | ((sq & 7) + FRAME)
}

/// The square of an on-board cell.
#[inline(always)]
pub(crate) const fn square_of(cell: usize) -> usize {
    ((cell >> 4) - FRAME) << 3 | ((cell & 15) - FRAME)
}

/// The 16x16 board's geometry: 256 cells, a frame four deep, rank and file in the nibbles.
pub struct Grid16x16;

const SQUARE_CELLS: [u8; 64] = {
    let mut cells = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        cells[i] = cell_of(i) as u8;
        i += 1;
    }
    cells
};

impl Geometry for Grid16x16 {
    type Cells = [i8; CELLS];

    const EMPTY_BOARD: [i8; CELLS] = framed_board(&SQUARE_CELLS);
    const BOARD_CELLS: [u8; 64] = SQUARE_CELLS;

    #[inline(always)]
    fn cell(sq: Square) -> usize {
        cell_of(sq.index())
    }

    #[inline(always)]
    fn square(cell: usize) -> Square {
        Square::from_index(square_of(cell) as u8 & 63)
    }

    #[inline(always)]
    fn rank(cell: usize) -> u8 {
        ((cell >> 4) - FRAME) as u8
    }

    #[inline(always)]
    fn step(cells: &[i8; CELLS], cell: usize, dir: Dir) -> Option<usize> {
        framed_step(cells, WIDTH as isize, cell & 0xff, dir)
    }

    #[inline(always)]
    fn attacked(cells: &[i8; CELLS], target: usize, by: Color) -> bool {
        attack::attacked(cells, target, by)
    }
}

boardlab_arrays::array_board!(
    /// A chess position on a 16x16 array with a frame and a difference table; see the
    /// [crate docs](crate).
    Array16x16Board,
    Grid16x16,
    "16x16",
    boardlab_arrays::SHARED_TABLE_BYTES + difference::TABLE_BYTES
);

// The engine's queries answered on the cells (boardlab-arrays' `queries`): the walks out from
// a square or a piece take the framed step, ending where a cell reads the sentinel. The
// difference table stays the attack test's: the attacker walk judges each ray's first piece by
// its code and the ray's kind, as on the other array boards.
boardlab_arrays::engine_queries!(Array16x16Board);
