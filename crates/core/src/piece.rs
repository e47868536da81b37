//! Colours, roles (piece kinds) and pieces.

use crate::Square;
use std::fmt;
use std::ops::Not;

/// A side: white or black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// The number of colours.
    pub const NUM: usize = 2;
    /// Both colours, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// `0` for white, `1` for black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `+1` for white, `-1` for black: the direction this side's pawns walk up the ranks.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// The FEN letter for the side to move, `'w'` or `'b'`.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The colour's name, `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opposite()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind of piece, regardless of colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    /// The number of roles.
    pub const NUM: usize = 6;
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// Every role but the king's: the pieces a position may have any number of, or none.
    pub const NOT_KING: [Role; 5] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ];
    /// The roles a pawn may promote to, in the order a move's promotion bits encode them.
    pub const PROMOTIONS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

    /// `0` for a pawn up to `5` for a king.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter, as in FEN for black and in UCI promotions.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role named by a letter of either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// Whether the role slides along lines (bishop, rook, queen).
    #[inline]
    pub const fn is_slider(self) -> bool {
        matches!(self, Role::Bishop | Role::Rook | Role::Queen)
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A piece: a colour and a role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// The number of distinct pieces.
    pub const NUM: usize = 12;

    /// The piece of `color` and `role`.
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// A dense index `0..12`: `role * 2 + color`, so white and black of a role sit side by side.
    #[inline]
    pub const fn index(self) -> usize {
        self.role as usize * 2 + self.color as usize
    }

    /// The FEN letter: uppercase for white, lowercase for black.
    #[inline]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.char().to_ascii_uppercase(),
            Color::Black => self.role.char(),
        }
    }

    /// Whether this piece on `from` moves to `to` by the way its kind moves, wherever the
    /// other pieces stand: a knight's jump, a king's step, a bishop's diagonal, a rook's rank or
    /// file, a queen's either; a pawn's step forward, diagonal step forward (a capture) or two
    /// steps forward from its home rank. Castling is not a move of the king here. The one
    /// statement of the pieces' geometry, which the legality test and the reading of outside
    /// programs' moves share.
    ///
    /// ```
    /// use boardlab_core::{Color, Piece, Role, Square};
    /// let knight = Piece::new(Color::White, Role::Knight);
    /// assert!(knight.reaches(Square::G1, Square::F3));
    /// assert!(!knight.reaches(Square::G1, Square::G3));
    /// let pawn = Piece::new(Color::Black, Role::Pawn);
    /// assert!(pawn.reaches(Square::E7, Square::E5));
    /// assert!(!pawn.reaches(Square::E6, Square::E4));
    /// ```
    pub const fn reaches(self, from: Square, to: Square) -> bool {
        let file_step = to.file().index() as i8 - from.file().index() as i8;
        let rank_step = to.rank().index() as i8 - from.rank().index() as i8;
        let (across, along) = (file_step.abs(), rank_step.abs());
        let straight = (across == 0) != (along == 0);
        let diagonal = across == along && across > 0;
        match self.role {
            Role::Knight => across * along == 2,
            Role::King => across <= 1 && along <= 1 && across + along > 0,
            Role::Bishop => diagonal,
            Role::Rook => straight,
            Role::Queen => diagonal || straight,
            Role::Pawn => {
                let forward = self.color.forward();
                let home_rank = match self.color {
                    Color::White => 1,
                    Color::Black => 6,
                };
                (rank_step == forward && across <= 1)
                    || (rank_step == 2 * forward && across == 0 && from.rank().index() == home_rank)
            }
        }
    }

    /// The piece named by a FEN letter.
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_letters_round_trip() {
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                assert_eq!(Piece::from_char(piece.char()), Some(piece));
            }
        }
        assert_eq!(Piece::from_char('x'), None);
        assert_eq!(Piece::new(Color::White, Role::Knight).char(), 'N');
    }

    #[test]
    fn piece_indexes_are_dense_and_distinct() {
        let mut seen = [false; Piece::NUM];
        for color in Color::ALL {
            for role in Role::ALL {
                let i = Piece::new(color, role).index();
                assert!(!seen[i]);
                seen[i] = true;
            }
        }
    }
}
