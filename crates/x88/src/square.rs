//! `Sq88`: a square as an index into the 128 cells of the 0x88 board.

use boardlab_core::Square;

/// An index into the 128 cells: `16 * rank + file`. Files 0 to 7 are the real board; files 8 to
/// 15 (bit 3 set) are the phantom board. Any step off the real board, sideways or past the first
/// or eighth rank, lands on an index with bit 3 or bit 7 set, so one test, `index & 0x88`, tells
/// whether a square is on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Sq88(pub(crate) u8);

impl Sq88 {
    /// The off-board square that stands for "none" (for the en-passant square).
    pub(crate) const NONE: Sq88 = Sq88(0x88);

    /// The king's home cell in standard chess, which the tests use.
    #[cfg(test)]
    pub(crate) const E1: Sq88 = Sq88(0x04);

    /// The cell of a square (`a1 = 0` … `h8 = 63` becomes `0x00` … `0x77`).
    #[inline]
    pub(crate) const fn from_square(sq: Square) -> Sq88 {
        let index = sq as u8;
        Sq88(index + (index & 0x38))
    }

    /// The square of an on-board cell.
    #[inline]
    pub(crate) const fn square(self) -> Square {
        Square::from_index((self.0 & 7) | (self.0 >> 1 & 0x38))
    }

    /// Whether the cell lies off the real board (on the phantom board or past either end).
    #[inline]
    pub(crate) const fn is_off_board(self) -> bool {
        self.0 & 0x88 != 0
    }

    /// The cell `step` away; wraps around so that steps past either end stay off the board.
    #[inline]
    pub(crate) const fn offset(self, step: i8) -> Sq88 {
        Sq88(self.0.wrapping_add(step as u8))
    }

    /// The array index of the cell. The cell array has one byte for every value a `u8` can
    /// take, so indexing it needs neither a mask nor a bounds check.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// The array index of the cell's twin on the phantom board, eight cells to the right.
    #[inline]
    pub(crate) const fn phantom_index(self) -> usize {
        (self.0 | 8) as usize
    }

    /// The rank, `0` for the first.
    #[inline]
    pub(crate) const fn rank(self) -> u8 {
        self.0 >> 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_through_cells() {
        for sq in Square::ALL {
            let cell = Sq88::from_square(sq);
            assert!(!cell.is_off_board());
            assert_eq!(cell.square(), sq);
            assert_eq!(cell.rank() as usize, sq.rank().index());
            assert_eq!(cell.0 as usize & 7, sq.file().index());
        }
        assert_eq!(Sq88::from_square(Square::H8), Sq88(0x77));
        assert_eq!(Sq88::from_square(Square::E1), Sq88::E1);
    }

    #[test]
    fn every_step_off_the_board_is_caught_by_the_0x88_test() {
        // (step, file change, rank change) for every king and knight step.
        let steps: [(i8, i8, i8); 16] = [
            (1, 1, 0),
            (-1, -1, 0),
            (16, 0, 1),
            (-16, 0, -1),
            (15, -1, 1),
            (-15, 1, -1),
            (17, 1, 1),
            (-17, -1, -1),
            (14, -2, 1),
            (-14, 2, -1),
            (18, 2, 1),
            (-18, -2, -1),
            (31, -1, 2),
            (-31, 1, -2),
            (33, 1, 2),
            (-33, -1, -2),
        ];
        for sq in Square::ALL {
            for (step, df, dr) in steps {
                let cell = Sq88::from_square(sq).offset(step);
                match sq.offset(df, dr) {
                    Some(to) => assert_eq!(cell, Sq88::from_square(to), "{sq} + {step}"),
                    None => assert!(cell.is_off_board(), "{sq} + {step} should be off the board"),
                }
            }
        }
    }
}
