//! An implementation of boardlab-core's `Board` trait using the plain 8x8 array of the
//! board-representation survey: 64 cells, one signed code each, and no frame, so that every
//! step a piece takes is first tested against the board's edge by its rank and file.
//!
//! # The index map
//!
//! A cell's index is `8 * rank + file`, the same number as core's square:
//!
//! ```text
//!      8 | 56 57 58 59 60 61 62 63
//!      7 | 48 49 50 51 52 53 54 55
//!      6 | 40 41 42 43 44 45 46 47
//!      5 | 32 33 34 35 36 37 38 39
//!      4 | 24 25 26 27 28 29 30 31
//!      3 | 16 17 18 19 20 21 22 23
//!      2 |  8  9 10 11 12 13 14 15
//!      1 |  0  1  2  3  4  5  6  7
//!        +------------------------
//!           a  b  c  d  e  f  g  h
//!
//!  file = cell & 7, rank = cell >> 3; a step (df, dr) lands on
//!  cell + 8 * dr + df only if 0 <= file + df < 8 and 0 <= rank + dr < 8
//! ```
//!
//! Each cell holds the survey's code: `0` empty, `+1` white pawn, `-1` black pawn, `±2`
//! knight, `±3` bishop, `±4` rook, `±5` queen, `±6` king. The array knows nothing of the
//! board's edge: cell 7 (h1) plus one is cell 8 (a2), so a step east from the h-file would
//! wrap onto the next rank if it were not tested.
//!
//! # Where the edge tests are
//!
//! There is one edge test, [`Grid8x8`]'s `Geometry::step`: it adds the step to the cell's file
//! and rank and refuses the step unless both stay in `0..8`. Every step anything on this board
//! takes goes through it:
//!
//! - in move generation (boardlab-arrays' generator): each ray step of a bishop, rook or
//!   queen, each knight jump and king step, each pawn push and capture, and the walk from the
//!   king along the eight rays and the knight and pawn cells that finds checks and pins;
//! - in the attack test (`attack` module), from the attacked cell outwards: the two pawn
//!   cells, the eight knight cells and the eight rays, each step one test;
//! - the attack test runs for every king step, every square a castling king crosses and
//!   every en-passant capture, so most of a position's tests are spent there;
//! - in the engine's queries (boardlab-arrays' `queries`, through `engine_queries!`): each
//!   step of the walks out from a square or a piece. They are no part of move generation, so
//!   the counts of a perft walk (`edge_tests::perft_report`, the survey's) hold none of them.
//!
//! Make and unmake take no step of their own: the one question they ask about the board's
//! edge, which squares stand beside a pawn that double-pushed, goes to core's `Square`, as on
//! every array board, and is not counted.
//!
//! With the feature `count-edge-tests` each of them adds one to a per-thread counter
//! (the `edge_tests` module, and its example `edge_tests`); without it the counter does not
//! exist.
//!
//! # What the board keeps and how legality is decided
//!
//! Beside the 64 codes, the kings' cells and boardlab-core's `PositionState` (side to move,
//! castling rights, en passant, clocks, the incrementally kept Zobrist hash), all kept by
//! boardlab-arrays' `ArrayPosition`, whose make saves the state in the undo record. There is
//! no piece list: move generation scans the 64 cells, as the survey's board does.
//!
//! Legal moves are generated directly (boardlab-arrays' generator): checks and pins are found
//! from the king first; pinned pieces keep to their pin line, in check the other pieces only
//! capture the checker or block, the king steps only to unattacked cells, and only en passant
//! is tried on a copy of the cells.
//!
//! # Examples
//!
//! ```
//! use boardlab_core::{perft, BoardExt, PerftMode, START_FEN};
//! use boardlab_array8x8::Array8x8Board;
//!
//! let mut board = Array8x8Board::from_fen(START_FEN).unwrap();
//! assert_eq!(perft(&mut board, 3, PerftMode::Bulk), 8902);
//! ```

mod attack;
#[cfg(feature = "count-edge-tests")]
pub mod edge_tests;
mod views;

use boardlab_arrays::{Dir, Geometry};
use boardlab_core::{Color, Square};

/// The 8x8 board's geometry: 64 cells, no frame, edge tests by rank and file.
pub struct Grid8x8;

/// Adds one to the edge-test counter (with the feature `count-edge-tests`; nothing without).
#[inline(always)]
fn count_edge_test() {
    #[cfg(feature = "count-edge-tests")]
    edge_tests::add_one();
}

const SQUARE_CELLS: [u8; 64] = {
    let mut cells = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        cells[i] = i as u8;
        i += 1;
    }
    cells
};

impl Geometry for Grid8x8 {
    type Cells = [i8; 64];

    const EMPTY_BOARD: [i8; 64] = [0; 64];
    const BOARD_CELLS: [u8; 64] = SQUARE_CELLS;

    #[inline(always)]
    fn cell(sq: Square) -> usize {
        sq.index()
    }

    #[inline(always)]
    fn square(cell: usize) -> Square {
        Square::from_index(cell as u8 & 63)
    }

    #[inline(always)]
    fn rank(cell: usize) -> u8 {
        (cell >> 3) as u8
    }

    /// The edge test: the step's file and rank must both stay on the board.
    #[inline(always)]
    fn step(_cells: &[i8; 64], cell: usize, dir: Dir) -> Option<usize> {
        count_edge_test();
        let file = (cell & 7) as i8 + dir.df;
        let rank = (cell >> 3) as i8 + dir.dr;
        if (file as u8) < 8 && (rank as u8) < 8 {
            Some((rank * 8 + file) as usize)
        } else {
            None
        }
    }

    #[inline(always)]
    fn attacked(cells: &[i8; 64], target: usize, by: Color) -> bool {
        attack::attacked(cells, target, by)
    }
}

boardlab_arrays::array_board!(
    /// A chess position on the survey's plain 8x8 array; see the [crate docs](crate).
    Array8x8Board,
    Grid8x8,
    "8x8",
    boardlab_arrays::SHARED_TABLE_BYTES
);

// The engine's queries answered on the cells (boardlab-arrays' `queries`): the walks out from
// a square or a piece take this board's step, an edge test by rank and file at each.
boardlab_arrays::engine_queries!(Array8x8Board);
