//! Sliding attacks from the rotated occupancy boards: shift a line's bits down, mask them, and
//! read the attacks for that *state* from a table built at compile time.
//!
//! Only the inner squares of a line make its state: the squares at either end are attacked or
//! not whatever stands on them, so a line of `n` squares has `n - 2` state bits and at most 64
//! states. The tables hold, for each of the four kinds of [`Line`], each square and each state,
//! the attacked squares as a normal [`Bitboard`].
//!
//! [`Line`]: boardlab_sliders::lines::Line

use crate::rotation::{RotatedOccupancy, Rotation, RowPosition, ROTATED_BITS_BYTES};
use boardlab_core::{Bitboard, Square};
use boardlab_sliders::lines::Line;

/// Where a line's state sits in its map: the state is `(board >> shift) & mask`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LineSlot {
    /// The bit of the line's second square (its first inner square).
    pub shift: u8,
    /// One bit per inner square: `0b11_1111` for a line of eight, `0` for lines of one or two.
    pub mask: u8,
}

impl LineSlot {
    /// Where the state of `line` through `sq` sits in its map ([`Rotation::of`] the line).
    ///
    /// # Examples
    ///
    /// ```
    /// use boardlab_core::Square;
    /// use boardlab_rotated::{Line, LineSlot};
    /// // The rank of e4 starts at bit 24; its inner squares b4..g4 are bits 25..30.
    /// assert_eq!(LineSlot::of(Line::Rank, Square::E4), LineSlot { shift: 25, mask: 0b11_1111 });
    /// // c1's anti-diagonal c1-b2-a3 has one inner square, b2.
    /// assert_eq!(LineSlot::of(Line::AntiDiagonal, Square::C1), LineSlot { shift: 4, mask: 0b1 });
    /// ```
    #[inline]
    pub fn of(line: Line, sq: Square) -> LineSlot {
        LINE_SLOTS[line as usize][sq as usize]
    }
}

impl RotatedOccupancy {
    /// The state of `line` through `sq`: one bit per inner square, set when it is occupied.
    #[inline]
    pub fn state(&self, line: Line, sq: Square) -> u8 {
        let LineSlot { shift, mask } = LineSlot::of(line, sq);
        (self.board(Rotation::of(line)) >> shift) as u8 & mask
    }
}

/// The squares a slider on `sq` attacks along `line` when the line's state is `state`.
#[inline]
pub fn attacks_for_state(line: Line, sq: Square, state: u8) -> Bitboard {
    LINE_ATTACKS[line as usize][sq as usize][state as usize & 63]
}

/// The squares a slider on `sq` attacks along `line`.
#[inline]
pub fn line_attacks(line: Line, sq: Square, occupancy: &RotatedOccupancy) -> Bitboard {
    attacks_for_state(line, sq, occupancy.state(line, sq))
}

const fn line_slot(line: Line, sq: Square) -> LineSlot {
    let rotation = Rotation::of(line);
    let RowPosition { row, .. } = rotation.row_position(sq);
    let length = rotation.row_length(row);
    let start = rotation.row_start(row);
    LineSlot {
        // A line of one square at bit 63 has no inner squares; its shift only has to stay
        // below 64.
        shift: if start < 63 { start + 1 } else { 63 },
        mask: if length > 2 {
            (1u8 << (length - 2)) - 1
        } else {
            0
        },
    }
}

/// The attacks of a slider at `position` on a row of `length` squares whose inner squares are
/// occupied as the bits of `state` say, as a set of positions. This is the whole technique in
/// one dimension: walk each way until the end of the row or the first occupied square.
const fn row_attacks(position: u8, length: u8, state: u8) -> u8 {
    let mut attacked = 0u8;
    let mut p = position + 1;
    while p < length {
        attacked |= 1 << p;
        if p == length - 1 || state >> (p - 1) & 1 != 0 {
            break;
        }
        p += 1;
    }
    let mut p = position;
    while p > 0 {
        p -= 1;
        attacked |= 1 << p;
        if p == 0 || state >> (p - 1) & 1 != 0 {
            break;
        }
    }
    attacked
}

type LineTable = [[[Bitboard; 64]; 64]; 4];

const fn build_line_attacks() -> LineTable {
    let mut table = [[[Bitboard::EMPTY; 64]; 64]; 4];
    let mut line = 0;
    while line < 4 {
        let rotation = Rotation::of(Line::ALL[line]);
        let mut sq = 0;
        while sq < 64 {
            let RowPosition { row, position } = rotation.row_position(Square::from_index(sq));
            let length = rotation.row_length(row);
            let mut state = 0;
            while state < 64 {
                let attacked = row_attacks(position, length, state);
                let mut bits = 0u64;
                let mut p = 0;
                while p < length {
                    if attacked >> p & 1 != 0 {
                        bits |= 1 << rotation.square_at(row, p) as u8;
                    }
                    p += 1;
                }
                table[line][sq as usize][state as usize] = Bitboard(bits);
                state += 1;
            }
            sq += 1;
        }
        line += 1;
    }
    table
}

/// `LINE_ATTACKS[line][square][state]`: 4 x 64 x 64 bitboards, 128 KiB.
static LINE_ATTACKS: LineTable = build_line_attacks();

static LINE_SLOTS: [[LineSlot; 64]; 4] = {
    let mut slots = [[LineSlot { shift: 0, mask: 0 }; 64]; 4];
    let mut line = 0;
    while line < 4 {
        let mut sq = 0;
        while sq < 64 {
            slots[line][sq] = line_slot(Line::ALL[line], Square::from_index(sq as u8));
            sq += 1;
        }
        line += 1;
    }
    slots
};

/// The bytes of the lookup tables this representation adds: the attack tables, the line slots
/// and the per-square bits of the rotated maps.
pub const TABLE_BYTES: usize = std::mem::size_of::<LineTable>()
    + std::mem::size_of::<[[LineSlot; 64]; 4]>()
    + ROTATED_BITS_BYTES;

/// The squares a slider on `sq` attacks along its rank.
///
/// Ranks and files fill whole bytes of their maps, so their shifts are computed, not looked up.
#[inline]
pub fn rank_attacks(sq: Square, occupancy: &RotatedOccupancy) -> Bitboard {
    let shift = (sq as u32 & 56) + 1;
    let state = (occupancy.board(Rotation::Normal) >> shift) as usize & 63;
    LINE_ATTACKS[Line::Rank as usize][sq as usize][state]
}

/// The squares a slider on `sq` attacks along its file.
#[inline]
pub fn file_attacks(sq: Square, occupancy: &RotatedOccupancy) -> Bitboard {
    let shift = (sq as u32 & 7) * 8 + 1;
    let state = (occupancy.board(Rotation::Left90) >> shift) as usize & 63;
    LINE_ATTACKS[Line::File as usize][sq as usize][state]
}

/// The squares a slider on `sq` attacks along a diagonal `line`, for the move generator.
///
/// It takes the six bits above the line's first square whole, without the line's mask: on a
/// diagonal shorter than eight, the bits past its inner squares belong to the next diagonal, but
/// a table entry depends only on the inner squares' bits (see [`row_attacks`]), so the states
/// with and without those bits read the same attacks. Skipping the mask's load and AND saved
/// about 2% of rotated bulk perft's instructions (kiwipete without its d5 pawn, callgrind).
#[inline]
fn diagonal_line_attacks(line: Line, sq: Square, occupancy: &RotatedOccupancy) -> Bitboard {
    let shift = LINE_SLOTS[line as usize][sq as usize].shift;
    let state = (occupancy.board(Rotation::of(line)) >> shift) as usize & 63;
    LINE_ATTACKS[line as usize][sq as usize][state]
}

/// The squares a slider on `sq` attacks along its a1-h8 diagonal.
#[inline]
pub fn diagonal_attacks(sq: Square, occupancy: &RotatedOccupancy) -> Bitboard {
    diagonal_line_attacks(Line::Diagonal, sq, occupancy)
}

/// The squares a slider on `sq` attacks along its a8-h1 diagonal.
#[inline]
pub fn anti_diagonal_attacks(sq: Square, occupancy: &RotatedOccupancy) -> Bitboard {
    diagonal_line_attacks(Line::AntiDiagonal, sq, occupancy)
}

/// The squares a rook on `sq` attacks: its rank and its file.
///
/// # Examples
///
/// ```
/// use boardlab_core::{Bitboard, Square};
/// use boardlab_rotated::{rook_attacks, RotatedOccupancy};
/// let occupied: Bitboard = [Square::A1, Square::A4, Square::D1].into_iter().collect();
/// let attacks = rook_attacks(Square::A1, &RotatedOccupancy::from_occupied(occupied));
/// let expected: Bitboard =
///     [Square::A2, Square::A3, Square::A4, Square::B1, Square::C1, Square::D1].into_iter().collect();
/// assert_eq!(attacks, expected);
/// ```
#[inline]
pub fn rook_attacks(sq: Square, occupancy: &RotatedOccupancy) -> Bitboard {
    rank_attacks(sq, occupancy) | file_attacks(sq, occupancy)
}

/// The squares a bishop on `sq` attacks: its two diagonals.
#[inline]
pub fn bishop_attacks(sq: Square, occupancy: &RotatedOccupancy) -> Bitboard {
    diagonal_attacks(sq, occupancy) | anti_diagonal_attacks(sq, occupancy)
}

/// The squares a queen on `sq` attacks.
#[inline]
pub fn queen_attacks(sq: Square, occupancy: &RotatedOccupancy) -> Bitboard {
    rook_attacks(sq, occupancy) | bishop_attacks(sq, occupancy)
}

/// The squares a rook on `sq` attacks on an empty board.
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    LINE_ATTACKS[Line::Rank as usize][sq as usize][0]
        | LINE_ATTACKS[Line::File as usize][sq as usize][0]
}

/// The squares a bishop on `sq` attacks on an empty board.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    LINE_ATTACKS[Line::Diagonal as usize][sq as usize][0]
        | LINE_ATTACKS[Line::AntiDiagonal as usize][sq as usize][0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_attacks_stop_at_the_first_blocker_each_way() {
        // Slider at position 3 of 8, inner squares 1..=6 map to state bits 0..=5.
        assert_eq!(row_attacks(3, 8, 0), 0b1111_0111);
        // Blockers at positions 1 and 5.
        assert_eq!(row_attacks(3, 8, 0b01_0001), 0b0011_0110);
        assert_eq!(row_attacks(0, 1, 0), 0);
        assert_eq!(row_attacks(0, 2, 0), 0b10);
    }

    /// What [`diagonal_line_attacks`] relies on: state bits past a line's inner squares change
    /// no table entry.
    #[test]
    fn bits_outside_the_mask_do_not_change_the_attacks() {
        let mut checked = 0;
        for line in Line::ALL {
            for sq in Square::ALL {
                let mask = LineSlot::of(line, sq).mask;
                for state in 0..64u8 {
                    assert_eq!(
                        attacks_for_state(line, sq, state),
                        attacks_for_state(line, sq, state & mask),
                        "{line:?} {sq} state {state:#08b}"
                    );
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 4 * 64 * 64);
    }

    #[test]
    fn slots_of_short_diagonals_have_empty_masks() {
        assert_eq!(LineSlot::of(Line::Diagonal, Square::H1).mask, 0);
        assert_eq!(LineSlot::of(Line::Diagonal, Square::A8).mask, 0);
        assert_eq!(LineSlot::of(Line::AntiDiagonal, Square::H8).shift, 63);
        assert_eq!(LineSlot::of(Line::Diagonal, Square::D4).mask, 0b11_1111);
    }

    #[test]
    fn line_squares_list_the_whole_line() {
        use Square::*;
        let row = |line, sq| Rotation::of(line).row_squares(sq);
        assert_eq!(row(Line::File, C3), vec![C8, C7, C6, C5, C4, C3, C2, C1]);
        assert_eq!(row(Line::Diagonal, C1), vec![C1, D2, E3, F4, G5, H6]);
        assert_eq!(row(Line::AntiDiagonal, B2), vec![A3, B2, C1]);
    }
}
