//! Piece codes: one byte per cell, in the style of micro-Max.
//!
//! ```text
//!  bit   4       3       2 1 0
//!        black   white   kind
//!
//!  kind  0 empty   1 pawn   2 knight   3 king   (4 unused)   5 bishop   6 rook   7 queen
//!
//!  code  white  9 P   10 N   11 K   13 B   14 R   15 Q
//!        black 17 p   18 n   19 k   21 b   22 r   23 q
//! ```
//!
//! The colour bits let one `&` ask "is there a piece of this colour here" (an empty cell is `0`).
//! Leapers take the low kinds and sliders the high ones, so `kind >= BISHOP` tells a slider from
//! a leaper in one comparison; among the sliders, bit 0 marks the diagonal movers (bishop 5,
//! queen 7) and bit 1 the straight movers (rook 6, queen 7), so a queen is a bishop and a rook
//! at once.

use boardlab_core::{Color, Piece, Role};

/// An empty cell.
pub(crate) const EMPTY: u8 = 0;
/// The colour bit of white pieces.
pub(crate) const WHITE: u8 = 8;
/// The colour bit of black pieces.
pub(crate) const BLACK: u8 = 16;
/// The low three bits: the kind.
pub(crate) const KIND_MASK: u8 = 7;

pub(crate) const PAWN: u8 = 1;
pub(crate) const KNIGHT: u8 = 2;
pub(crate) const KING: u8 = 3;
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

/// The kind of a role.
#[inline]
pub(crate) const fn kind_of(role: Role) -> u8 {
    match role {
        Role::Pawn => PAWN,
        Role::Knight => KNIGHT,
        Role::Bishop => BISHOP,
        Role::Rook => ROOK,
        Role::Queen => QUEEN,
        Role::King => KING,
    }
}

/// The code of a piece.
#[inline]
pub(crate) const fn code_of(piece: Piece) -> u8 {
    color_bit(piece.color) | kind_of(piece.role)
}

/// The piece a code stands for, `None` for an empty cell or a code no piece has.
#[inline]
pub(crate) const fn piece_of(code: u8) -> Option<Piece> {
    PIECE_OF_CODE[(code & 31) as usize]
}

static PIECE_OF_CODE: [Option<Piece>; 32] = {
    let mut table = [None; 32];
    let roles = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
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
        assert_eq!(piece_of(WHITE | 4), None);
        assert_eq!(piece_of(BLACK | 4), None);
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
            assert_eq!(kind(white), kind(black));
        }
    }

    #[test]
    fn one_comparison_tells_sliders_and_their_lines() {
        for role in Role::ALL {
            let k = kind_of(role);
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
