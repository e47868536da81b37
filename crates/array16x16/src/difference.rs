//! The difference table: for each vector `to - from` between two on-board cells, the kinds
//! of piece that attack `to` from `from` when nothing stands between them.

use crate::WIDTH;
use boardlab_arrays::code::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};

/// The kind bits of an entry. White and black pawns attack along opposite vectors.
pub(crate) const WHITE_PAWN_BIT: u8 = 1;
pub(crate) const BLACK_PAWN_BIT: u8 = 2;
pub(crate) const KNIGHT_BIT: u8 = 4;
pub(crate) const BISHOP_BIT: u8 = 8;
pub(crate) const ROOK_BIT: u8 = 16;
pub(crate) const QUEEN_BIT: u8 = 32;
pub(crate) const KING_BIT: u8 = 64;

/// What `to - from` is moved by to index the table: for two on-board cells it lies in
/// `-119..=119`, so the entries are `0..239`.
pub(crate) const MIDDLE: usize = 119;
/// The table's length: the entries, padded to every value of a byte so that an index masked
/// to a byte needs no bounds check.
const TABLE_LEN: usize = 256;
/// The bytes of the tables: the entries and the kind bits of the thirteen codes.
pub(crate) const TABLE_BYTES: usize = TABLE_LEN + 13;

/// The kind bits of each code from `-6` to `+6`, at `code + 6`.
pub(crate) static CODE_BITS: [u8; 13] = {
    let mut bits = [0u8; 13];
    let mut code = -6i8;
    while code <= 6 {
        let kind = code.unsigned_abs() as i8;
        bits[(code + 6) as usize] = match kind {
            PAWN if code > 0 => WHITE_PAWN_BIT,
            PAWN => BLACK_PAWN_BIT,
            KNIGHT => KNIGHT_BIT,
            BISHOP => BISHOP_BIT,
            ROOK => ROOK_BIT,
            QUEEN => QUEEN_BIT,
            KING => KING_BIT,
            _ => 0,
        };
        code += 1;
    }
    bits
};

/// The table, built from each vector's file and rank change.
pub(crate) static ATTACKS: [u8; TABLE_LEN] = {
    let mut table = [0u8; TABLE_LEN];
    let mut dr = -7i32;
    while dr <= 7 {
        let mut df = -7i32;
        while df <= 7 {
            let index = (dr * WIDTH as i32 + df + MIDDLE as i32) as usize;
            let (f, r) = (df.abs(), dr.abs());
            let mut bits = 0;
            if f == r && f != 0 {
                bits |= BISHOP_BIT | QUEEN_BIT;
            }
            if (f == 0) != (r == 0) {
                bits |= ROOK_BIT | QUEEN_BIT;
            }
            if f <= 1 && r <= 1 && f + r != 0 {
                bits |= KING_BIT;
            }
            if (f == 1 && r == 2) || (f == 2 && r == 1) {
                bits |= KNIGHT_BIT;
            }
            // A white pawn attacks one rank up, a black pawn one rank down.
            if f == 1 && dr == 1 {
                bits |= WHITE_PAWN_BIT;
            }
            if f == 1 && dr == -1 {
                bits |= BLACK_PAWN_BIT;
            }
            table[index] = bits;
            df += 1;
        }
        dr += 1;
    }
    table
};

/// The entry for an attacker on `from` and a target on `to`, both on the board.
#[inline(always)]
pub(crate) fn entry(from: usize, to: usize) -> u8 {
    ATTACKS[(to + MIDDLE).wrapping_sub(from) & 0xff]
}

/// The kind bits of `code` (the sentinel has none).
#[inline(always)]
pub(crate) fn code_bits(code: i8) -> u8 {
    CODE_BITS
        .get(code.wrapping_add(6) as u8 as usize)
        .copied()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell_of;
    use boardlab_core::{Color, Piece, Role, Square};

    #[test]
    fn every_entry_agrees_with_core_on_an_empty_board() {
        for from in Square::ALL {
            for to in Square::ALL {
                if from == to {
                    continue;
                }
                let bits = entry(cell_of(from.index()), cell_of(to.index()));
                for (role, bit) in [
                    (Role::Knight, KNIGHT_BIT),
                    (Role::Bishop, BISHOP_BIT),
                    (Role::Rook, ROOK_BIT),
                    (Role::Queen, QUEEN_BIT),
                    (Role::King, KING_BIT),
                ] {
                    let reaches = Piece::new(Color::White, role).reaches(from, to);
                    assert_eq!(bits & bit != 0, reaches, "{role:?} {from}{to}");
                }
                let white = to.rank().index() == from.rank().index() + 1
                    && from.file().index().abs_diff(to.file().index()) == 1;
                assert_eq!(bits & WHITE_PAWN_BIT != 0, white, "white pawn {from}{to}");
            }
        }
    }
}
