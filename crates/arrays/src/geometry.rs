//! What each array board defines for itself: where its 64 squares lie among its cells, how a
//! step finds out that it left the board, and how an attack on a cell is found.

use boardlab_core::{Color, Square};
use std::ops::{Index, IndexMut};

/// A step on the board, as a file change and a rank change: each board turns it into its own
/// arithmetic (a rank-and-file test on 8x8, a fixed cell offset on the framed boards).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dir {
    /// The change of file, east positive.
    pub df: i8,
    /// The change of rank, north positive.
    pub dr: i8,
}

impl Dir {
    /// The step that undoes this one.
    #[inline(always)]
    pub const fn reverse(self) -> Dir {
        Dir {
            df: -self.df,
            dr: -self.dr,
        }
    }

    /// The cell offset of this step on a board `width` cells wide.
    #[inline(always)]
    pub const fn offset(self, width: isize) -> isize {
        self.dr as isize * width + self.df as isize
    }

    /// Whether the step runs along a diagonal.
    #[inline(always)]
    pub const fn is_diagonal(self) -> bool {
        self.df != 0 && self.dr != 0
    }
}

const fn dir(df: i8, dr: i8) -> Dir {
    Dir { df, dr }
}

/// The four straight steps.
pub const STRAIGHT: [Dir; 4] = [dir(0, 1), dir(1, 0), dir(0, -1), dir(-1, 0)];
/// The four diagonal steps.
pub const DIAGONAL: [Dir; 4] = [dir(1, 1), dir(1, -1), dir(-1, -1), dir(-1, 1)];
/// The eight king steps, the straight ones first.
pub const KING_STEPS: [Dir; 8] = [
    dir(0, 1),
    dir(1, 0),
    dir(0, -1),
    dir(-1, 0),
    dir(1, 1),
    dir(1, -1),
    dir(-1, -1),
    dir(-1, 1),
];
/// The eight knight jumps.
pub const KNIGHT_JUMPS: [Dir; 8] = [
    dir(1, 2),
    dir(2, 1),
    dir(2, -1),
    dir(1, -2),
    dir(-1, -2),
    dir(-2, -1),
    dir(-2, 1),
    dir(-1, 2),
];

/// One array board's layout and its two primitives. The generator and make/unmake in this
/// crate are written once over it; each board's crate implements it in the board's idiom.
pub trait Geometry: Sized + Send + Sync + 'static {
    /// The cells: one signed code each (see [`crate::code`]), sentinels in a frame if the board
    /// has one.
    /// Every layout's eight cells of a rank lie side by side, a-file first, so a rank is also
    /// one eight-byte slice of them (which the pawn scan of the engine queries reads).
    type Cells: Copy + Send + Sync + Index<usize, Output = i8> + IndexMut<usize> + AsRef<[i8]>;

    /// The cells of the empty board: empty squares, and the frame if there is one.
    const EMPTY_BOARD: Self::Cells;

    /// The cells of the 64 squares, a1 first, in core's square order.
    const BOARD_CELLS: [u8; 64];

    /// The cell of `sq`.
    fn cell(sq: Square) -> usize;

    /// The square of the on-board cell `cell`.
    fn square(cell: usize) -> Square;

    /// The rank of the on-board cell `cell`, 0 for the first.
    fn rank(cell: usize) -> u8;

    /// The cell one `dir` from the on-board cell `cell`, or `None` when the step leaves the
    /// board: the board's edge test.
    fn step(cells: &Self::Cells, cell: usize, dir: Dir) -> Option<usize>;

    /// Whether a piece of `by` attacks `target` on `cells` (the board's own cells, or a copy
    /// with pieces lifted or moved).
    fn attacked(cells: &Self::Cells, target: usize, by: Color) -> bool;
}

/// The step of a framed board `width` cells wide: add the step's offset, and the cell it
/// lands on is off the board exactly when it holds the sentinel. The frame must be deep enough
/// that no step from a square leaves the array.
#[inline(always)]
pub fn framed_step<C: Index<usize, Output = i8>>(
    cells: &C,
    width: isize,
    cell: usize,
    dir: Dir,
) -> Option<usize> {
    let to = cell.wrapping_add_signed(dir.offset(width));
    if cells[to] == crate::code::SENTINEL {
        None
    } else {
        Some(to)
    }
}

/// `dirs` as cell offsets on a board `width` cells wide.
pub const fn offsets<const N: usize>(dirs: [Dir; N], width: isize) -> [isize; N] {
    let mut offsets = [0; N];
    let mut i = 0;
    while i < N {
        offsets[i] = dirs[i].offset(width);
        i += 1;
    }
    offsets
}

/// The `N` cells of an empty framed board whose squares lie on `squares` (a1 first): the
/// squares empty, every other cell the sentinel.
pub const fn framed_board<const N: usize>(squares: &[u8; 64]) -> [i8; N] {
    let mut cells = [crate::code::SENTINEL; N];
    let mut i = 0;
    while i < 64 {
        cells[squares[i] as usize] = crate::code::EMPTY;
        i += 1;
    }
    cells
}

/// The words a framed board's views give a step: the cell arithmetic, what the cell holds,
/// and whether that is the sentinel. `hex` writes the cells in hex.
pub fn framed_step_words<C: Index<usize, Output = i8>>(
    cells: &C,
    width: isize,
    cell: usize,
    dir: Dir,
    hex: bool,
) -> String {
    let offset = dir.offset(width);
    let to = cell.wrapping_add_signed(offset);
    let name = |cell: usize| {
        if hex {
            format!("{cell:#04x}")
        } else {
            cell.to_string()
        }
    };
    let verdict = match framed_step(cells, width, cell, dir) {
        None => "the sentinel, stop",
        Some(_) => "on the board",
    };
    format!(
        "cell {}{offset:+}={} holds {}: {verdict}",
        name(cell),
        name(to),
        cells[to]
    )
}
