//! Piece codes: one byte per cell, micro-Max's codes exactly.
//!
//! ```text
//!  bit   5         4       3       2 1 0
//!        unmoved   black   white   kind
//!
//!  kind  0 empty   1 white pawn (P+)   2 black pawn (P-)   3 knight   4 king
//!        5 bishop   6 rook   7 queen
//!
//!  code  white  9 P   11 N   12 K   13 B   14 R   15 Q    (+32 unmoved: 44 K, 46 R)
//!        black 18 p   19 n   20 k   21 b   22 r   23 q    (+32 unmoved: 52 k, 54 r)
//! ```
//!
//! The colour bits let one `&` ask "is there a piece of this colour here" (an empty cell is `0`).
//! The pawns have a kind per colour because they move one way each; the leapers take the low
//! kinds and the sliders the high ones, so `kind >= BISHOP` tells a slider from a leaper in one
//! comparison. Among the sliders, bit 0 marks the diagonal movers (bishop 5, queen 7) and bit 1
//! the straight movers (rook 6, queen 7), so a queen is a bishop and a rook at once.
//!
//! Bit 5, [`UNMOVED`], is set at setup on the king and on each rook that carries a castling right,
//! and cleared on the piece that moves: a castling right is live only while its king and its rook
//! both carry it.

use boardlab_core::{Color, Piece, Role};

/// An empty cell.
pub(crate) const EMPTY: u8 = 0;
/// The colour bit of white pieces.
pub(crate) const WHITE: u8 = 8;
/// The colour bit of black pieces.
pub(crate) const BLACK: u8 = 16;
/// The bit of a king or castling rook that has not moved since the setup.
pub(crate) const UNMOVED: u8 = 32;
/// The low three bits: the kind.
pub(crate) const KIND_MASK: u8 = 7;

/// White's pawn, which moves up the board (micro-Max's P+).
pub(crate) const WHITE_PAWN: u8 = 1;
/// Black's pawn, which moves down the board (micro-Max's P-).
pub(crate) const BLACK_PAWN: u8 = 2;
pub(crate) const KNIGHT: u8 = 3;
pub(crate) const KING: u8 = 4;
pub(crate) const BISHOP: u8 = 5;
pub(crate) const ROOK: u8 = 6;
pub(crate) const QUEEN: u8 = 7;

/// The colour bit of `color`.
#[inline]
pub(crate) const fn color_bit(color: Color) -> u8 {
    WHITE << color as u8
}

/// The kind of a code.
#[inline]
pub(crate) const fn kind(code: u8) -> u8 {
    code & KIND_MASK
}

/// Whether a kind is a pawn's, of either colour: the two lowest kinds.
#[inline]
pub(crate) const fn is_pawn(kind: u8) -> bool {
    kind != EMPTY && kind < KNIGHT
}

/// The full code of `color`'s pawn, colour bit and kind.
#[inline]
pub(crate) const fn pawn_code(color: Color) -> u8 {
    match color {
        Color::White => WHITE | WHITE_PAWN,
        Color::Black => BLACK | BLACK_PAWN,
    }
}

/// Whether a kind slides along lines (bishop, rook, queen): the one comparison the ordering
/// of kinds was chosen for.
#[inline]
pub(crate) const fn is_slider(kind: u8) -> bool {
    kind >= BISHOP
}

/// Whether a slider moves along diagonals (bishop, queen).
#[inline]
pub(crate) const fn slides_diagonally(kind: u8) -> bool {
    is_slider(kind) && kind & 1 != 0
}

/// Whether a slider moves along ranks and files (rook, queen).
#[inline]
pub(crate) const fn slides_straight(kind: u8) -> bool {
    is_slider(kind) && kind & 2 != 0
}

/// The kind of a piece; a pawn's depends on its colour.
#[inline]
pub(crate) const fn kind_of(piece: Piece) -> u8 {
    match piece.role {
        Role::Pawn => match piece.color {
            Color::White => WHITE_PAWN,
            Color::Black => BLACK_PAWN,
        },
        Role::Knight => KNIGHT,
        Role::Bishop => BISHOP,
        Role::Rook => ROOK,
        Role::Queen => QUEEN,
        Role::King => KING,
    }
}

/// The code of a piece, without the unmoved bit.
#[inline]
pub(crate) const fn code_of(piece: Piece) -> u8 {
    color_bit(piece.color) | kind_of(piece)
}

/// The piece a code stands for, `None` for an empty cell or a code no piece has. The unmoved
/// bit does not change the piece.
#[inline]
pub(crate) const fn piece_of(code: u8) -> Option<Piece> {
    PIECE_OF_CODE[(code & 31) as usize]
}

static PIECE_OF_CODE: [Option<Piece>; 32] = {
    let mut table = [None; 32];
    let roles = Role::ALL;
    let mut i = 0;
    while i < roles.len() {
        let white = Piece::new(Color::White, roles[i]);
        let black = Piece::new(Color::Black, roles[i]);
        table[code_of(white) as usize] = Some(white);
        table[code_of(black) as usize] = Some(black);
        i += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_are_distinct() {
        let mut seen = Vec::new();
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                let code = code_of(piece);
                assert_eq!(piece_of(code), Some(piece));
                assert!(!seen.contains(&code), "{piece} shares code {code}");
                assert_ne!(code, EMPTY);
                seen.push(code);
            }
        }
        assert_eq!(piece_of(EMPTY), None);
        // A pawn of the other colour's kind is no piece.
        assert_eq!(piece_of(WHITE | BLACK_PAWN), None);
        assert_eq!(piece_of(BLACK | WHITE_PAWN), None);
        // The unmoved bit leaves the piece as it is.
        let king = Piece::new(Color::White, Role::King);
        assert_eq!(piece_of(code_of(king) | UNMOVED), Some(king));
    }

    #[test]
    fn colour_bits_mark_the_side() {
        for role in Role::ALL {
            let white = code_of(Piece::new(Color::White, role));
            let black = code_of(Piece::new(Color::Black, role));
            assert_eq!(white & color_bit(Color::White), WHITE);
            assert_eq!(white & color_bit(Color::Black), 0);
            assert_eq!(black & color_bit(Color::Black), BLACK);
            assert_eq!(black & color_bit(Color::White), 0);
            if role == Role::Pawn {
                assert_eq!((kind(white), kind(black)), (WHITE_PAWN, BLACK_PAWN));
                assert_eq!(
                    (white, black),
                    (pawn_code(Color::White), pawn_code(Color::Black))
                );
            } else {
                assert_eq!(kind(white), kind(black));
            }
            assert_eq!(is_pawn(kind(white)), role == Role::Pawn);
            assert_eq!(is_pawn(kind(black)), role == Role::Pawn);
        }
    }

    #[test]
    fn the_codes_are_micro_max_s() {
        // micro-Max's numbering: P+ 1, P- 2, N 3, K 4, B 5, R 6, Q 7; colours 8 and 16.
        let code = |color, role| code_of(Piece::new(color, role));
        let expected = [
            (Role::Pawn, 9, 18),
            (Role::Knight, 11, 19),
            (Role::King, 12, 20),
            (Role::Bishop, 13, 21),
            (Role::Rook, 14, 22),
            (Role::Queen, 15, 23),
        ];
        for (role, white, black) in expected {
            assert_eq!(code(Color::White, role), white, "{role}");
            assert_eq!(code(Color::Black, role), black, "{role}");
        }
    }

    #[test]
    fn one_comparison_tells_sliders_and_their_lines() {
        for role in Role::ALL {
            let k = kind_of(Piece::new(Color::Black, role));
            assert_eq!(is_slider(k), role.is_slider(), "{role}");
            assert_eq!(
                slides_diagonally(k),
                matches!(role, Role::Bishop | Role::Queen),
                "{role}"
            );
            assert_eq!(
                slides_straight(k),
                matches!(role, Role::Rook | Role::Queen),
                "{role}"
            );
        }
        assert!(!is_slider(EMPTY));
    }
}
