//! Castling rights.

use crate::{Color, Square};
use std::fmt;

/// The four castling rights as bits: white king side `1`, white queen side `2`, black king side
/// `4`, black queen side `8` (the order of FEN's `KQkq` and of the Polyglot keys).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

/// One side of the board to castle to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    King,
    Queen,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

    /// Where the king stands before castling.
    #[inline]
    pub const fn king_from(color: Color) -> Square {
        match color {
            Color::White => Square::E1,
            Color::Black => Square::E8,
        }
    }

    /// Where the king lands.
    #[inline]
    pub const fn king_to(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::King, Color::White) => Square::G1,
            (CastlingSide::Queen, Color::White) => Square::C1,
            (CastlingSide::King, Color::Black) => Square::G8,
            (CastlingSide::Queen, Color::Black) => Square::C8,
        }
    }

    /// Where the rook stands before castling.
    #[inline]
    pub const fn rook_from(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::King, Color::White) => Square::H1,
            (CastlingSide::Queen, Color::White) => Square::A1,
            (CastlingSide::King, Color::Black) => Square::H8,
            (CastlingSide::Queen, Color::Black) => Square::A8,
        }
    }

    /// Where the rook lands.
    #[inline]
    pub const fn rook_to(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::King, Color::White) => Square::F1,
            (CastlingSide::Queen, Color::White) => Square::D1,
            (CastlingSide::King, Color::Black) => Square::F8,
            (CastlingSide::Queen, Color::Black) => Square::D8,
        }
    }

    /// The squares between king and rook, which must be empty.
    pub const fn empty_squares(self, color: Color) -> &'static [Square] {
        match (self, color) {
            (CastlingSide::King, Color::White) => &[Square::F1, Square::G1],
            (CastlingSide::Queen, Color::White) => &[Square::D1, Square::C1, Square::B1],
            (CastlingSide::King, Color::Black) => &[Square::F8, Square::G8],
            (CastlingSide::Queen, Color::Black) => &[Square::D8, Square::C8, Square::B8],
        }
    }

    /// The squares the king stands on, crosses and lands on, none of which may be attacked.
    pub const fn king_path(self, color: Color) -> [Square; 3] {
        match (self, color) {
            (CastlingSide::King, Color::White) => [Square::E1, Square::F1, Square::G1],
            (CastlingSide::Queen, Color::White) => [Square::E1, Square::D1, Square::C1],
            (CastlingSide::King, Color::Black) => [Square::E8, Square::F8, Square::G8],
            (CastlingSide::Queen, Color::Black) => [Square::E8, Square::D8, Square::C8],
        }
    }
}

/// For each square, the rights that survive a move from or to it (a king or rook leaving home,
/// or a rook captured at home). Make/unmake does `rights &= MASK[from] & MASK[to]`.
static KEEP_MASK: [u8; 64] = {
    let mut mask = [0b1111u8; 64];
    mask[Square::E1 as usize] = 0b1100;
    mask[Square::H1 as usize] = 0b1110;
    mask[Square::A1 as usize] = 0b1101;
    mask[Square::E8 as usize] = 0b0011;
    mask[Square::H8 as usize] = 0b1011;
    mask[Square::A8 as usize] = 0b0111;
    mask
};

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights.
    pub const ALL: CastlingRights = CastlingRights(0b1111);

    /// The rights from their bits (only the low four are kept).
    #[inline]
    pub const fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights(bits & 0b1111)
    }

    /// The rights as bits, see the type's docs.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The bit for one right.
    #[inline]
    pub const fn flag(color: Color, side: CastlingSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    /// Whether `color` may still castle to `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & Self::flag(color, side) != 0
    }

    /// These rights with one more.
    #[inline]
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 | Self::flag(color, side))
    }

    /// These rights without one.
    #[inline]
    pub const fn without(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 & !Self::flag(color, side))
    }

    /// The rights left after a move from `from` to `to`.
    #[inline]
    pub const fn after_move(self, from: Square, to: Square) -> CastlingRights {
        CastlingRights(self.0 & KEEP_MASK[from as usize] & KEEP_MASK[to as usize])
    }

    /// Whether no right is left.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for CastlingRights {
    /// The FEN castling field: `KQkq`, a subset of it, or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (bit, letter) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
            if self.0 & bit != 0 {
                write!(f, "{letter}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moving_king_or_rook_drops_rights() {
        let all = CastlingRights::ALL;
        assert_eq!(all.after_move(Square::E1, Square::E2).to_string(), "kq");
        assert_eq!(all.after_move(Square::H1, Square::H5).to_string(), "Qkq");
        assert_eq!(all.after_move(Square::B2, Square::A8).to_string(), "KQk");
        assert_eq!(all.after_move(Square::B2, Square::B3), all);
        assert_eq!(CastlingRights::NONE.to_string(), "-");
    }
}
