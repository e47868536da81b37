//! What one cell of the 10x12 board holds: nothing, a piece, or the off-board sentinel.

use boardlab_core::{Color, Piece, Role};

/// The content of a cell in one byte.
///
/// ```text
/// bit   4      3      2 1 0
///       black  white  role + 1 (1 pawn .. 6 king)
/// ```
///
/// The sentinel sets both colour bits. A move generator for `us` may land on a cell exactly when
/// `cell & us_bit == 0`: that is true of empty cells and enemy pieces and false of its own pieces
/// and of the border alike, so walking off the board needs no test of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Cell(u8);

impl Cell {
    /// An empty playing square.
    pub(crate) const EMPTY: Cell = Cell(0);
    /// A border cell outside the 8x8 board.
    pub(crate) const OFF_BOARD: Cell = Cell(Cell::WHITE_BIT | Cell::BLACK_BIT);

    const WHITE_BIT: u8 = 0b0_1000;
    const BLACK_BIT: u8 = 0b1_0000;
    const ROLE_MASK: u8 = 0b0_0111;

    /// The colour bit of `color`'s pieces.
    #[inline]
    pub(crate) const fn color_bit(color: Color) -> u8 {
        Cell::WHITE_BIT << color as u8
    }

    /// The cell holding `piece`.
    #[inline]
    pub(crate) const fn new(piece: Piece) -> Cell {
        Cell(Cell::color_bit(piece.color) | (piece.role as u8 + 1))
    }

    /// The cell holding a piece of `color` and `role`.
    #[inline]
    pub(crate) const fn of(color: Color, role: Role) -> Cell {
        Cell::new(Piece::new(color, role))
    }

    /// Whether the cell is an empty playing square.
    #[inline]
    pub(crate) const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the owner of `color_bit` may land here: empty or an enemy piece.
    #[inline]
    pub(crate) const fn is_open_to(self, color_bit: u8) -> bool {
        self.0 & color_bit == 0
    }

    /// Whether the cell holds a piece whose colour bit is `color_bit` (never the border).
    #[inline]
    pub(crate) const fn has_piece_of(self, color_bit: u8) -> bool {
        self.0 & (Cell::WHITE_BIT | Cell::BLACK_BIT) == color_bit
    }

    /// The piece in the cell, if any.
    #[inline]
    pub(crate) const fn piece(self) -> Option<Piece> {
        let color = match self.0 & (Cell::WHITE_BIT | Cell::BLACK_BIT) {
            Cell::WHITE_BIT => Color::White,
            Cell::BLACK_BIT => Color::Black,
            _ => return None,
        };
        match self.0 & Cell::ROLE_MASK {
            1..=6 => Some(Piece::new(
                color,
                Role::ALL[(self.0 & Cell::ROLE_MASK) as usize - 1],
            )),
            _ => None,
        }
    }

    /// The role of a cell known to hold a piece.
    #[inline]
    pub(crate) const fn role(self) -> Role {
        match self.0 & Cell::ROLE_MASK {
            1 => Role::Pawn,
            2 => Role::Knight,
            3 => Role::Bishop,
            4 => Role::Rook,
            5 => Role::Queen,
            _ => Role::King,
        }
    }

    /// The piece of a cell known to hold one.
    #[inline]
    pub(crate) const fn occupant(self) -> Piece {
        let color = if self.0 & Cell::BLACK_BIT != 0 {
            Color::Black
        } else {
            Color::White
        };
        Piece::new(color, self.role())
    }

    /// The piece's [`Piece::index`] (`role * 2 + colour`) for a cell known to hold a piece.
    #[inline]
    pub(crate) const fn piece_index(self) -> usize {
        let role = (self.0 & Cell::ROLE_MASK).wrapping_sub(1) as usize;
        role * 2 + (self.0 >> 4 & 1) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_round_trip_and_index_like_core() {
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                let cell = Cell::new(piece);
                assert_eq!(cell.piece(), Some(piece));
                assert_eq!(cell.role(), role);
                assert_eq!(cell.occupant(), piece);
                assert_eq!(cell.piece_index(), piece.index());
                assert!(cell.has_piece_of(Cell::color_bit(color)));
                assert!(!cell.has_piece_of(Cell::color_bit(!color)));
                assert!(!cell.is_open_to(Cell::color_bit(color)));
                assert!(cell.is_open_to(Cell::color_bit(!color)));
            }
        }
    }

    #[test]
    fn the_sentinel_is_closed_to_both_sides_and_holds_no_piece() {
        for color in Color::ALL {
            let bit = Cell::color_bit(color);
            assert!(!Cell::OFF_BOARD.is_open_to(bit));
            assert!(!Cell::OFF_BOARD.has_piece_of(bit));
            assert!(Cell::EMPTY.is_open_to(bit));
            assert!(!Cell::EMPTY.has_piece_of(bit));
        }
        assert_eq!(Cell::OFF_BOARD.piece(), None);
        assert_eq!(Cell::EMPTY.piece(), None);
        assert!(Cell::EMPTY.is_empty() && !Cell::OFF_BOARD.is_empty());
    }
}
