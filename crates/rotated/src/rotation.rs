//! The four square maps of the occupancy boards, and the occupancy kept in all four at once.
//!
//! Each map sends a square to a bit so that one kind of line (rank, file, diagonal or
//! anti-diagonal) lies in consecutive bits, lowest square of the line in the lowest bit. The
//! lines of a map are packed one after the other into *rows*: eight rows of eight for ranks and
//! files, fifteen rows of 1, 2, …, 8, …, 2, 1 squares for the two diagonal directions.

use boardlab_core::{Bitboard, Square};
use boardlab_sliders::lines::Line;
use std::fmt;

/// One of the four occupancy boards, named by how the board is turned before its squares are
/// read off rank by rank (bottom row first, left to right).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Rotation {
    /// The board as it stands: ranks are the rows (a1 = bit 0, h8 = bit 63).
    Normal,
    /// Turned a quarter left: files are the rows, the a-file first, each read from rank 8 down.
    Left90,
    /// Turned 45 degrees left: the anti-diagonals (a8-h1 direction) are the rows, a1 first.
    Left45,
    /// Turned 45 degrees right: the diagonals (a1-h8 direction) are the rows, h1 first.
    Right45,
}

/// Where the rows of a 45-degree map start: the rows hold 1, 2, …, 8, …, 2, 1 squares.
const DIAGONAL_ROW_START: [u8; 15] = [0, 1, 3, 6, 10, 15, 21, 28, 36, 43, 49, 54, 58, 61, 63];

/// A square's place in a map: its row, and its position within the row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RowPosition {
    /// The row (rank, file or diagonal number), `0` for the row in the lowest bits.
    pub row: u8,
    /// The position along the row, `0` for the square in the row's lowest bit.
    pub position: u8,
}

const fn min(a: u8, b: u8) -> u8 {
    if a < b {
        a
    } else {
        b
    }
}

const fn diagonal_row_length(row: u8) -> u8 {
    if row <= 7 {
        row + 1
    } else {
        15u8.saturating_sub(row)
    }
}

impl Rotation {
    /// The four maps.
    pub const ALL: [Rotation; 4] = [
        Rotation::Normal,
        Rotation::Left90,
        Rotation::Left45,
        Rotation::Right45,
    ];

    /// The map in which the squares of `line` are consecutive bits.
    #[inline]
    pub const fn of(line: Line) -> Rotation {
        match line {
            Line::Rank => Rotation::Normal,
            Line::File => Rotation::Left90,
            Line::Diagonal => Rotation::Right45,
            Line::AntiDiagonal => Rotation::Left45,
        }
    }

    /// The map's name as the teaching views print it.
    pub const fn name(self) -> &'static str {
        match self {
            Rotation::Normal => "normal",
            Rotation::Left90 => "rotated 90 left",
            Rotation::Left45 => "rotated 45 left",
            Rotation::Right45 => "rotated 45 right",
        }
    }

    /// The number of rows the map packs: 8 or 15.
    pub const fn rows(self) -> u8 {
        match self {
            Rotation::Normal | Rotation::Left90 => 8,
            Rotation::Left45 | Rotation::Right45 => 15,
        }
    }

    /// The squares in `row`: 8 for ranks and files, 1 to 8 for diagonals, and 0 for a diagonal
    /// row past the last.
    pub const fn row_length(self, row: u8) -> u8 {
        match self {
            Rotation::Normal | Rotation::Left90 => 8,
            Rotation::Left45 | Rotation::Right45 => diagonal_row_length(row),
        }
    }

    /// The bit where `row` starts (rows past the last are taken modulo the number of rows).
    pub const fn row_start(self, row: u8) -> u8 {
        match self {
            Rotation::Normal | Rotation::Left90 => (row & 7) * 8,
            Rotation::Left45 | Rotation::Right45 => DIAGONAL_ROW_START[row as usize % 15],
        }
    }

    /// The row of `sq` in this map and its position in that row.
    pub const fn row_position(self, sq: Square) -> RowPosition {
        let file = sq as u8 & 7;
        let rank = sq as u8 >> 3;
        let (row, position) = match self {
            Rotation::Normal => (rank, file),
            // Reading each file from rank 8 down is what a quarter turn to the left gives.
            Rotation::Left90 => (file, 7 - rank),
            Rotation::Left45 => (file + rank, file - (file + rank).saturating_sub(7)),
            Rotation::Right45 => (7 + rank - file, min(file, rank)),
        };
        RowPosition { row, position }
    }

    /// The square at `position` in `row`; the inverse of [`row_position`](Rotation::row_position).
    /// Out-of-range arguments are taken modulo the board.
    pub const fn square_at(self, row: u8, position: u8) -> Square {
        let (file, rank) = match self {
            Rotation::Normal => (position, row),
            Rotation::Left90 => (row, 7u8.wrapping_sub(position)),
            Rotation::Left45 => {
                let file = row.saturating_sub(7) + position;
                (file, row.wrapping_sub(file))
            }
            Rotation::Right45 => {
                // Row 7 is the long diagonal a1-h8; rows below it start on the first rank.
                if row <= 7 {
                    (7 - row + position, position)
                } else {
                    (position, row - 7 + position)
                }
            }
        };
        Square::from_index((rank & 7) * 8 + (file & 7))
    }

    /// The squares of the row through `sq`, from the one in the row's lowest bit; the teaching
    /// views pair them with the bits of a line's state (state bit `i` is square `i + 1`).
    pub fn row_squares(self, sq: Square) -> Vec<Square> {
        let RowPosition { row, .. } = self.row_position(sq);
        (0..self.row_length(row))
            .map(|position| self.square_at(row, position))
            .collect()
    }

    /// The bit that `sq` occupies in this map.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardlab_core::Square;
    /// use boardlab_rotated::Rotation;
    /// assert_eq!(Rotation::Normal.bit(Square::B1), 1);
    /// assert_eq!(Rotation::Left90.bit(Square::A1), 7);
    /// assert_eq!(Rotation::Left45.bit(Square::B1), 2);
    /// assert_eq!(Rotation::Right45.bit(Square::A1), 28);
    /// ```
    #[inline]
    pub const fn bit(self, sq: Square) -> u8 {
        let RowPosition { row, position } = self.row_position(sq);
        self.row_start(row) + position
    }

    /// The map as an 8x8 grid, rank 8 on top: each square shows the bit it goes to.
    pub fn square_map(self) -> String {
        let mut out = String::from("     a  b  c  d  e  f  g  h\n");
        for rank in (0..8u8).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..8u8 {
                let sq = Square::from_index(rank * 8 + file);
                out.push_str(&format!(" {:2}", self.bit(sq)));
            }
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// For each square, its single bit in the three rotated maps (`Left90`, `Left45`, `Right45`):
/// what make and unmake XOR in and out.
static ROTATED_BITS: [[u64; 3]; 64] = {
    let mut table = [[0u64; 3]; 64];
    let mut sq = 0;
    while sq < 64 {
        let square = Square::from_index(sq as u8);
        table[sq] = [
            1 << Rotation::Left90.bit(square),
            1 << Rotation::Left45.bit(square),
            1 << Rotation::Right45.bit(square),
        ];
        sq += 1;
    }
    table
};

/// The bytes of the per-square bit table make and unmake use.
pub(crate) const ROTATED_BITS_BYTES: usize = std::mem::size_of::<[[u64; 3]; 64]>();

/// The occupied squares, kept in all four maps at once. Make and unmake flip a square in each
/// map with [`toggle`](RotatedOccupancy::toggle); nothing is rebuilt for a lookup.
///
/// # Examples
///
/// ```
/// use boardlab_core::{Bitboard, Square};
/// use boardlab_rotated::{RotatedOccupancy, Rotation};
/// let mut occupancy = RotatedOccupancy::EMPTY;
/// occupancy.toggle(Square::B1);
/// assert_eq!(occupancy.occupied(), Bitboard::from_square(Square::B1));
/// assert_eq!(occupancy.board(Rotation::Left90), 1 << 15);
/// assert_eq!(occupancy, RotatedOccupancy::from_occupied(occupancy.occupied()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RotatedOccupancy {
    normal: u64,
    left90: u64,
    left45: u64,
    right45: u64,
}

impl RotatedOccupancy {
    /// No square occupied.
    pub const EMPTY: RotatedOccupancy = RotatedOccupancy {
        normal: 0,
        left90: 0,
        left45: 0,
        right45: 0,
    };

    /// The four maps of `occupied`, built square by square: for setting up a board and for
    /// checking the incremental updates, never for a lookup.
    pub fn from_occupied(occupied: Bitboard) -> RotatedOccupancy {
        let mut occupancy = RotatedOccupancy::EMPTY;
        for sq in occupied {
            occupancy.toggle(sq);
        }
        occupancy
    }

    /// The occupied squares in the normal map.
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.normal)
    }

    /// The occupancy in one map: bit `rotation.bit(sq)` is set when `sq` is occupied.
    #[inline]
    pub const fn board(&self, rotation: Rotation) -> u64 {
        match rotation {
            Rotation::Normal => self.normal,
            Rotation::Left90 => self.left90,
            Rotation::Left45 => self.left45,
            Rotation::Right45 => self.right45,
        }
    }

    /// Flips `sq` between empty and occupied in all four maps.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        let [left90, left45, right45] = ROTATED_BITS[sq as usize];
        self.normal ^= 1 << sq as u8;
        self.left90 ^= left90;
        self.left45 ^= left45;
        self.right45 ^= right45;
    }
}

impl RotatedOccupancy {
    /// Flips two different squares at once, as a piece moving to an empty square does.
    #[inline]
    pub fn toggle_both(&mut self, a: Square, b: Square) {
        let [a90, a45l, a45r] = ROTATED_BITS[a as usize];
        let [b90, b45l, b45r] = ROTATED_BITS[b as usize];
        self.normal ^= 1 << a as u8 | 1 << b as u8;
        self.left90 ^= a90 | b90;
        self.left45 ^= a45l | b45l;
        self.right45 ^= a45r | b45r;
    }
}

impl fmt::Debug for RotatedOccupancy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RotatedOccupancy")
            .field("normal", &format_args!("{:#018x}", self.normal))
            .field("left90", &format_args!("{:#018x}", self.left90))
            .field("left45", &format_args!("{:#018x}", self.left45))
            .field("right45", &format_args!("{:#018x}", self.right45))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_map_is_a_permutation_of_the_squares() {
        for rotation in Rotation::ALL {
            let mut seen = 0u64;
            for sq in Square::ALL {
                let bit = rotation.bit(sq);
                assert!(bit < 64, "{rotation}: {sq} goes to bit {bit}");
                assert_eq!(seen >> bit & 1, 0, "{rotation}: bit {bit} used twice");
                seen |= 1 << bit;
            }
            assert_eq!(seen, !0);
        }
    }

    #[test]
    fn square_at_inverts_row_position() {
        for rotation in Rotation::ALL {
            for sq in Square::ALL {
                let RowPosition { row, position } = rotation.row_position(sq);
                assert!(row < rotation.rows());
                assert!(position < rotation.row_length(row));
                assert_eq!(rotation.square_at(row, position), sq, "{rotation}");
            }
        }
    }

    #[test]
    fn rows_follow_their_line() {
        // Consecutive squares of a row are one step apart along the map's line.
        let steps = [(1, 0), (0, -1), (1, -1), (1, 1)];
        for (rotation, (df, dr)) in Rotation::ALL.into_iter().zip(steps) {
            for row in 0..rotation.rows() {
                for position in 1..rotation.row_length(row) {
                    let prev = rotation.square_at(row, position - 1);
                    assert_eq!(prev.offset(df, dr), Some(rotation.square_at(row, position)));
                }
            }
        }
    }
}
