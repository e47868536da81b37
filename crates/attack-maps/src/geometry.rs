//! The layout of the 192 cells and the fixed tables over it: the eight ray steps, the knight's
//! jumps, and the alignment of two cells.

use boardlab_core::Square;

/// The cells: 12 rows of 16, the 64 squares in columns 4 to 11 of rows 2 to 9.
pub(crate) const CELLS: usize = 192;

/// The length of every array indexed by a cell: 256, so that an index of one byte needs no
/// bounds check. The 64 entries past the last row are guards that no step reaches.
pub(crate) const SPAN: usize = 256;

/// The cell of a square: `16 * (rank + 2) + file + 4`.
#[inline]
pub(crate) const fn cell_of(sq: Square) -> u8 {
    let index = sq as u8;
    (index >> 3) * 16 + (index & 7) + 36
}

/// The square of a cell on the board: one load from [`SQUARES`], where the arithmetic of the
/// layout took five instructions on every move built and every piece the evaluation visits.
#[inline(always)]
pub(crate) fn square_of(cell: u8) -> Square {
    SQUARES[usize::from(cell)]
}

/// Per cell, its square (a guard's entry is a1 and never read).
static SQUARES: [Square; SPAN] = {
    let mut table = [Square::A1; SPAN];
    let mut index = 0;
    while index < 64 {
        table[((index >> 3) * 16 + (index & 7) + 36) as usize] = Square::ALL[index as usize];
        index += 1;
    }
    table
};

/// Whether `cell` is one of the 64 squares rather than a guard.
#[inline]
pub(crate) const fn on_board(cell: u8) -> bool {
    let (row, column) = (cell >> 4, cell & 15);
    row >= 2 && row <= 9 && column >= 4 && column <= 11
}

/// The eight directions, numbered so that `d ^ 4` is the opposite of `d`: east, north-east,
/// north, north-west, west, south-west, south, south-east. Odd numbers are the diagonals.
pub(crate) const STEPS: [i8; 8] = [1, 17, 16, 15, -1, -17, -16, -15];

/// The knight's eight jumps.
pub(crate) const KNIGHT_JUMPS: [i8; 8] = [-33, -31, -18, -14, 14, 18, 31, 33];

/// The direction sets of the sliders, one bit per direction of [`STEPS`].
pub(crate) const DIAGONALS: u8 = 0b1010_1010;
pub(crate) const STRAIGHTS: u8 = 0b0101_0101;

/// The cell `step` away; the rim keeps every step from a board cell inside the array.
#[inline(always)]
pub(crate) const fn offset(cell: u8, step: i8) -> u8 {
    cell.wrapping_add(step as u8)
}

/// No direction: two cells not on one line.
pub(crate) const NO_DIRECTION: u8 = 8;

/// Indexed by `to - from + 128`: the direction from `from` to `to` when they share a rank, file
/// or diagonal, else [`NO_DIRECTION`]. Rows of sixteen make
/// every difference of two board cells name one file and rank change, as on a 0x88 board.
static ALIGNMENT: [u8; 256] = {
    let mut table = [NO_DIRECTION; 256];
    let mut d = 0;
    while d < 8 {
        let mut k = 1;
        while k < 8 {
            let diff = 128 + k * STEPS[d] as i32;
            table[diff as usize] = d as u8;
            k += 1;
        }
        d += 1;
    }
    table
};

/// The direction from `from` to `to`, or [`NO_DIRECTION`].
#[inline(always)]
pub(crate) fn direction(from: u8, to: u8) -> u8 {
    ALIGNMENT[usize::from(to.wrapping_sub(from).wrapping_add(128))]
}

/// Indexed by `to - from + 128`: whether a knight jumps from `from` to `to`.
static KNIGHT_APART: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 8 {
        table[(128 + KNIGHT_JUMPS[i] as i32) as usize] = true;
        i += 1;
    }
    table
};

/// Whether a knight on the board cell `from` attacks the board cell `to`.
#[inline(always)]
pub(crate) fn knight_apart(from: u8, to: u8) -> bool {
    KNIGHT_APART[usize::from(to.wrapping_sub(from).wrapping_add(128))]
}

/// Per direction, indexed by `to - from + 136`: how many steps of that direction lead from
/// `from` to `to`, for `to` up to eight steps away (a guard beyond the far edge included,
/// where [`ALIGNMENT`]'s differences would alias).
static STEPS_ALONG: [[u8; 273]; 8] = {
    let mut table = [[0u8; 273]; 8];
    let mut d = 0;
    while d < 8 {
        let mut k = 1;
        while k <= 8 {
            table[d][(136 + k * STEPS[d] as i32) as usize] = k as u8;
            k += 1;
        }
        d += 1;
    }
    table
};

/// How many steps in direction `d` lead from the board cell `from` to `to`, the nearest
/// non-empty cell that way (a piece or a guard).
#[inline(always)]
pub(crate) fn steps_along(d: usize, from: u8, to: u8) -> u8 {
    STEPS_ALONG[d][(i16::from(to) - i16::from(from) + 136) as usize]
}

/// The bytes of the tables above.
pub(crate) const TABLE_BYTES: usize =
    256 + 256 + std::mem::size_of::<[[u8; 273]; 8]>() + 8 + 8 + SPAN;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_squares_round_trip_and_the_rim_is_two_wide() {
        for sq in Square::ALL {
            let cell = cell_of(sq);
            assert!(on_board(cell));
            assert_eq!(square_of(cell), sq);
            for jump in KNIGHT_JUMPS.iter().chain(STEPS.iter()) {
                let to = i32::from(cell) + i32::from(*jump);
                assert!((0..CELLS as i32).contains(&to), "{sq} {jump}");
                let twice = to + i32::from(*jump);
                // A ray's second step is only taken from a board cell.
                if on_board(to as u8) {
                    assert!((0..CELLS as i32).contains(&twice));
                }
            }
        }
        assert_eq!((0..CELLS as u8).filter(|&c| on_board(c)).count(), 64);
    }

    #[test]
    fn alignment_names_direction_and_steps() {
        let (a1, h8, a8) = (
            cell_of(Square::A1),
            cell_of(Square::H8),
            cell_of(Square::A8),
        );
        assert_eq!(direction(a1, h8), 1);
        assert_eq!(direction(h8, a1), 5);
        assert_eq!(direction(a1, a8), 2);
        assert_eq!(direction(a1, cell_of(Square::B3)), NO_DIRECTION);
        // From a8 the guard above is one step north; from a1 the one below h8's row is eight.
        assert_eq!(steps_along(2, a8, offset(a8, 16)), 1);
        assert_eq!(steps_along(1, a1, offset(h8, 17)), 8);
    }
}
