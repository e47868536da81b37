//! An implementation of boardlab-core's `Board` trait using the survey's 12x12 array: the 8x8
//! board inside a frame two cells deep filled with the sentinel `99`, so that the read of the
//! cell a step lands on also says whether the step stayed on the board.
//!
//! # The index map
//!
//! A square's cell is `26 + 12 * rank + file`:
//!
//! ```text
//!          #   #   a   b   c   d   e   f   g   h   #   #
//!     #   132 133 134 135 136 137 138 139 140 141 142 143
//!     #   120 121 122 123 124 125 126 127 128 129 130 131
//!     8   108 109 110 111 112 113 114 115 116 117 118 119
//!     7    96  97  98  99 100 101 102 103 104 105 106 107
//!     6    84  85  86  87  88  89  90  91  92  93  94  95
//!     5    72  73  74  75  76  77  78  79  80  81  82  83
//!     4    60  61  62  63  64  65  66  67  68  69  70  71
//!     3    48  49  50  51  52  53  54  55  56  57  58  59
//!     2    36  37  38  39  40  41  42  43  44  45  46  47
//!     1    24  25  26  27  28  29  30  31  32  33  34  35
//!     #    12  13  14  15  16  17  18  19  20  21  22  23
//!     #     0   1   2   3   4   5   6   7   8   9  10  11
//!
//!  # the frame: two rows above and below, two columns left and right, every cell 99
//!  on the board: a1 = 26, h1 = 33, a8 = 110, h8 = 117
//!  steps  +12 north  -12 south  +1 east  -1 west  +13 +11 -11 -13 diagonals
//!  knight jumps +-10 +-14 +-23 +-25: two cells of frame catch the longest jump
//! ```
//!
//! Each cell holds the survey's signed code (`0` empty, `±1` pawn to `±6` king, white
//! positive) or the sentinel. A step adds a fixed offset and reads the cell: no rank or file is
//! ever computed, and the sentinel, being neither empty nor any piece's code, stops a ray, is
//! no capture and no attacker. The frame is two deep on every side, so no step from a square,
//! a knight's jump included, leaves the 144 cells; left and right the two frame columns of one
//! row and of the next lie side by side, which is what the 10x12 board shares between rows.
//!
//! # The 10x12 board on the same code
//!
//! The cells, tables and attack test are written for any framed width (`Framed`), so the
//! crate also holds [`Array10x12Board`]: the same board with one frame column each side
//! instead of two, 120 cells. Beside the 12x12 board it measures the survey's claim that the
//! 10x12 board does what the 12x12 does in less memory, with nothing else different.
//!
//! # What the board keeps and how legality is decided
//!
//! Beside the 144 cells, the kings' cells and boardlab-core's `PositionState` (side to move,
//! castling rights, en passant, clocks, the incrementally kept Zobrist hash), kept by
//! boardlab-arrays' `ArrayPosition`, whose make saves the state in the undo record. There is no
//! piece list: move generation scans the 64 squares' cells.
//!
//! Legal moves are generated directly by boardlab-arrays' generator, every step of which is
//! this board's sentinel read: checks and pins are found from the king first; pinned pieces
//! keep to their pin line, in check the other pieces only capture the checker or block, the
//! king steps only to unattacked cells, and only en passant is tried on a copy of the cells.
//! The attack test (`attack` module) walks out from the attacked cell, each ray running
//! until its first cell that is not empty, piece or sentinel.
//!
//! # Examples
//!
//! ```
//! use boardlab_core::{perft, BoardExt, PerftMode, START_FEN};
//! use boardlab_array12x12::Array12x12Board;
//!
//! let mut board = Array12x12Board::from_fen(START_FEN).unwrap();
//! assert_eq!(perft(&mut board, 3, PerftMode::Bulk), 8902);
//! ```

mod attack;
mod views;

use boardlab_arrays::{framed_board, framed_step, Dir, Geometry};
use boardlab_core::{Color, Square};

/// Cells in a row of the 12x12 array.
pub(crate) const WIDTH: usize = 12;
/// The cells of the 12x12 array.
pub(crate) const CELLS: usize = WIDTH * WIDTH;

/// A board framed by sentinels, `WIDTH` cells to a row and twelve rows of `CELLS / 12`
/// cells each: two frame rows above and below the eight ranks, the frame columns split
/// between left and right. The 12x12 board is `Framed<12, 144>`, with two frame columns each
/// side; `Framed<10, 120>` is the 10x12 board, one each side, the left column of a row and
/// the right column of the row below lying side by side as the two cells a sideways jump
/// meets.
pub struct Framed<const WIDTH: usize, const CELLS: usize>;

/// The 12x12 board's geometry: 144 cells, the sentinel frame two deep.
pub type Grid12x12 = Framed<12, 144>;

/// The 10x12 board's geometry on the same code, for measuring one against the other: 120
/// cells, two frame rows above and below, one frame column each side.
pub type Grid10x12 = Framed<10, 120>;

impl<const WIDTH: usize, const CELLS: usize> Framed<WIDTH, CELLS> {
    /// The cell of a1: past two frame rows and the left frame columns.
    const A1: usize = 2 * WIDTH + (WIDTH - 8) / 2;

    /// The cell of each square, a1 first.
    const SQUARE_CELLS: [u8; 64] = {
        let mut cells = [0u8; 64];
        let mut i = 0;
        while i < 64 {
            cells[i] = (Self::A1 + WIDTH * (i / 8) + i % 8) as u8;
            i += 1;
        }
        cells
    };

    /// The square of each cell (frame cells hold 64, which no lookup reads).
    const CELL_SQUARES: [u8; CELLS] = {
        let mut squares = [64u8; CELLS];
        let mut i = 0;
        while i < 64 {
            squares[Self::SQUARE_CELLS[i] as usize] = i as u8;
            i += 1;
        }
        squares
    };
}

impl<const WIDTH: usize, const CELLS: usize> Geometry for Framed<WIDTH, CELLS> {
    type Cells = [i8; CELLS];

    const EMPTY_BOARD: [i8; CELLS] = framed_board(&Self::SQUARE_CELLS);
    const BOARD_CELLS: [u8; 64] = Self::SQUARE_CELLS;

    #[inline(always)]
    fn cell(sq: Square) -> usize {
        usize::from(Self::SQUARE_CELLS[sq.index()])
    }

    #[inline(always)]
    fn square(cell: usize) -> Square {
        Square::from_index(Self::CELL_SQUARES[cell] & 63)
    }

    #[inline(always)]
    fn rank(cell: usize) -> u8 {
        Self::CELL_SQUARES[cell] >> 3
    }

    /// The sentinel read: add the step's offset, and the cell it lands on is off the board
    /// exactly when it holds `99`.
    #[inline(always)]
    fn step(cells: &[i8; CELLS], cell: usize, dir: Dir) -> Option<usize> {
        framed_step(cells, WIDTH as isize, cell, dir)
    }

    #[inline(always)]
    fn attacked(cells: &[i8; CELLS], target: usize, by: Color) -> bool {
        attack::attacked::<CELLS, WIDTH>(cells, target, by)
    }
}

boardlab_arrays::array_board!(
    /// A chess position on the survey's 12x12 array; see the [crate docs](crate).
    Array12x12Board,
    Grid12x12,
    "12x12",
    boardlab_arrays::SHARED_TABLE_BYTES + std::mem::size_of::<[u8; CELLS]>()
);

boardlab_arrays::array_board!(
    /// The 10x12 board on the 12x12 board's code, one frame column each side instead of two:
    /// the survey's "same functionality with better use of memory", measured with nothing else
    /// changed. It has no views of its own; boardlab's 10x12 backend is boardlab-mailbox.
    Array10x12Board,
    Grid10x12,
    "10x12-array",
    boardlab_arrays::SHARED_TABLE_BYTES + std::mem::size_of::<[u8; 120]>()
);

// The engine's queries answered on the cells (boardlab-arrays' `queries`): the walks out from
// a square or a piece take the framed step, ending where a cell reads the sentinel.
boardlab_arrays::engine_queries!(Array10x12Board);
boardlab_arrays::engine_queries!(Array12x12Board);
