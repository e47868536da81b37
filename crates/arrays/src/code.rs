//! The survey's signed piece codes: `0` empty, `+1` white pawn, `-1` black pawn, `+2` knight,
//! `+3` bishop, `+4` rook, `+5` queen, `+6` king, the sign giving the colour.

use boardlab_core::{Color, Piece, Role};

/// An empty cell.
pub const EMPTY: i8 = 0;
/// A pawn's magnitude.
pub const PAWN: i8 = 1;
/// A knight's magnitude.
pub const KNIGHT: i8 = 2;
/// A bishop's magnitude.
pub const BISHOP: i8 = 3;
/// A rook's magnitude.
pub const ROOK: i8 = 4;
/// A queen's magnitude.
pub const QUEEN: i8 = 5;
/// A king's magnitude.
pub const KING: i8 = 6;
/// The survey's off-board marker, filling the frame of the boards that have one: its
/// magnitude is no piece's, and it is positive, so a sign test alone would take it for white.
pub const SENTINEL: i8 = 99;

/// `+1` for white, `-1` for black: a piece's code is its magnitude times its side's sign.
#[inline(always)]
pub const fn sign(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The code of `piece`.
#[inline(always)]
pub const fn code_of(piece: Piece) -> i8 {
    (piece.role as i8 + 1) * sign(piece.color)
}

/// The code of `color`'s piece of `role`.
#[inline(always)]
pub const fn code(color: Color, role: Role) -> i8 {
    (role as i8 + 1) * sign(color)
}

/// The piece of each code from `-6` to `+6`, at `code + 6`.
pub(crate) const PIECES: [Option<Piece>; 13] = {
    let mut pieces = [None; 13];
    let mut role = 0;
    while role < 6 {
        let r = Role::ALL[role];
        pieces[6 + role + 1] = Some(Piece::new(Color::White, r));
        pieces[6 - role - 1] = Some(Piece::new(Color::Black, r));
        role += 1;
    }
    pieces
};

/// The piece a code stands for; `None` for an empty cell or the sentinel.
#[inline]
pub const fn piece_of(code: i8) -> Option<Piece> {
    let index = code as isize + 6;
    if index < 0 || index >= 13 {
        return None;
    }
    PIECES[index as usize]
}

/// Whether the code of a cell on the board is a piece of the side whose sign is `sign`: one
/// sign test, since no square holds the sentinel.
#[inline(always)]
pub const fn is_own(code: i8, sign: i8) -> bool {
    code * sign > 0
}

/// Whether the code of a cell on the board is a piece of the side opposed to `sign`.
#[inline(always)]
pub const fn is_enemy(code: i8, sign: i8) -> bool {
    code * sign < 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_the_sentinel_is_no_piece() {
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                assert_eq!(piece_of(code_of(piece)), Some(piece));
            }
        }
        assert_eq!(code(Color::Black, Role::Pawn), -1);
        assert_eq!(code(Color::White, Role::King), 6);
        assert_eq!(piece_of(EMPTY), None);
        assert_eq!(piece_of(SENTINEL), None);
        assert!(is_enemy(-3, 1) && is_own(-3, -1) && !is_own(EMPTY, 1) && !is_enemy(EMPTY, -1));
    }
}
