//! The four-bit codes and the word-wide (SWAR) operations on a packed rank.
//!
//! A rank is a `u32` holding eight nibbles, file a in bits 0-3 and file h in bits 28-31. Most
//! questions about a rank are answered for all eight squares at once: each operation below
//! turns a rank word into a *nibble mask*, a word with bit `4 * file` set for every square that
//! answers yes (and every other bit clear). Because the files of two ranks sit at the same bit
//! positions, masks of different ranks combine with plain `&` and `|`, and a shift by 4 moves a
//! whole mask one file sideways, the h-file dropping off the top of the word and the a-file off
//! the bottom.

use boardlab_core::{Color, Piece, Role};

/// The empty square's code.
pub(crate) const EMPTY: u32 = 0;
/// The kinds, in the low three bits of a code: the leapers low, the sliders with bit 2 set,
/// bit 0 of a slider for the diagonals and bit 1 for the lines (the queen has both). Kind 4 is
/// never used.
pub(crate) const PAWN: u32 = 1;
pub(crate) const KNIGHT: u32 = 2;
pub(crate) const KING: u32 = 3;
pub(crate) const BISHOP: u32 = 5;
pub(crate) const ROOK: u32 = 6;
pub(crate) const QUEEN: u32 = 7;
/// Bit 3 of a code: the piece is black.
pub(crate) const BLACK: u32 = 8;

/// Bit 0 of every nibble: the mask of all eight squares of a rank.
pub(crate) const LOW: u32 = 0x1111_1111;

/// The code of `color`'s pieces of kind `kind`.
#[inline(always)]
pub(crate) const fn code(color: Color, kind: u32) -> u32 {
    kind | ((color as u32) * BLACK)
}

/// The code of a piece.
#[inline]
pub(crate) const fn code_of(piece: Piece) -> u32 {
    // By `Role`'s order: pawn, knight, bishop, rook, queen, king.
    const KIND_OF_ROLE: [u32; 6] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING];
    code(piece.color, KIND_OF_ROLE[piece.role as usize])
}

/// The piece a code names, for each of the sixteen codes (`None` for empty and the unused
/// kinds 4 and 12).
pub(crate) static PIECE_OF: [Option<Piece>; 16] = {
    // Indexed by kind: kind 4 and empty name no role.
    const ROLES: [Option<Role>; 8] = [
        None,
        Some(Role::Pawn),
        Some(Role::Knight),
        Some(Role::King),
        None,
        Some(Role::Bishop),
        Some(Role::Rook),
        Some(Role::Queen),
    ];
    let mut table = [None; 16];
    let mut code = 0;
    while code < 16 {
        let color = if code & BLACK as usize == 0 {
            Color::White
        } else {
            Color::Black
        };
        if let Some(role) = ROLES[code & 7] {
            table[code] = Some(Piece::new(color, role));
        }
        code += 1;
    }
    table
};

/// The piece a code names.
#[inline(always)]
pub(crate) fn piece_of(code: u32) -> Option<Piece> {
    PIECE_OF[(code & 15) as usize]
}

/// The code of the square on `file` of `word`: a shift and a mask.
#[inline(always)]
pub(crate) const fn nibble(word: u32, file: u32) -> u32 {
    (word >> (4 * file)) & 15
}

/// `word` with the square on `file` holding `code`.
#[inline(always)]
pub(crate) const fn with_nibble(word: u32, file: u32, code: u32) -> u32 {
    (word & !(15 << (4 * file))) | code << (4 * file)
}

/// The occupied squares of a rank. Every piece's kind is non-zero, so OR-ing the three kind
/// bits of each nibble down into its bit 0 finds them.
#[inline(always)]
pub(crate) const fn occupied(word: u32) -> u32 {
    (word | word >> 1 | word >> 2) & LOW
}

/// The black pieces of a rank: bit 3 of each nibble, moved down to bit 0 (an empty square's
/// nibble is zero, so it never shows).
#[inline(always)]
pub(crate) const fn blacks(word: u32) -> u32 {
    (word >> 3) & LOW
}

/// The pieces of `color` in a rank.
#[inline(always)]
pub(crate) const fn of_color(word: u32, color: Color) -> u32 {
    match color {
        Color::White => occupied(word) & !blacks(word),
        Color::Black => blacks(word),
    }
}

/// The squares of a rank holding exactly `code`: XOR-ing the code into every nibble leaves a
/// zero nibble where it stood, and a zero nibble is one with none of its four bits set.
#[inline(always)]
pub(crate) const fn matching(word: u32, code: u32) -> u32 {
    let diff = word ^ code.wrapping_mul(LOW);
    !(diff | diff >> 1 | diff >> 2 | diff >> 3) & LOW
}

/// A nibble mask squeezed to eight bits, bit `file` for bit `4 * file`: three shift-or steps,
/// each halving the gaps between the bits.
#[inline(always)]
pub(crate) const fn squeeze(mask: u32) -> u32 {
    let pairs = (mask | mask >> 3) & 0x0303_0303;
    let quads = (pairs | pairs >> 6) & 0x000f_000f;
    (quads | quads >> 12) & 0xff
}

/// A nibble mask of rank `rank` as a set of squares.
#[inline(always)]
pub(crate) const fn rank_set(mask: u32, rank: u32) -> u64 {
    (squeeze(mask) as u64) << (8 * rank)
}

/// The nibble mask of the files of an eight-bit set, the inverse of [`squeeze`].
#[inline(always)]
pub(crate) const fn spread(files: u32) -> u32 {
    let quads = (files | files << 12) & 0x000f_000f;
    let pairs = (quads | quads << 6) & 0x0303_0303;
    (pairs | pairs << 3) & LOW
}

/// The squares of a rank a rook on `file` reaches along it, as eight bits: the empty squares
/// either side up to and including the first occupied one, given the rank's occupied `files`
/// (eight bits). The nearest blocker above is the lowest set bit above the rook, the nearest
/// below the highest set bit below it; a missing blocker is taken as the edge.
#[inline(always)]
pub(crate) const fn rank_reach(files: u32, file: u32) -> u32 {
    let rook = 1u32 << file;
    let above = files & !(rook | (rook - 1)) | 0x80;
    let first_above = above & above.wrapping_neg();
    let east = (first_above << 1).wrapping_sub(rook << 1);
    let below = files & (rook - 1) | 1;
    let first_below = 1u32 << (31 - below.leading_zeros());
    let west = rook.wrapping_sub(first_below);
    (east | west) & !rook
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_reads_back_as_its_piece() {
        for code in 0..16 {
            if let Some(piece) = piece_of(code) {
                assert_eq!(code_of(piece), code, "{piece}");
            }
        }
        assert_eq!(code(Color::Black, QUEEN), 15);
    }

    #[test]
    fn the_word_masks_find_the_squares_of_a_hand_built_rank() {
        // R . . k . b P q  (a..h): white rook a, black king d, black bishop f, white pawn g,
        // black queen h in the top nibble.
        let word = ROOK
            | (BLACK | KING) << 12
            | (BLACK | BISHOP) << 20
            | PAWN << 24
            | (BLACK | QUEEN) << 28;
        assert_eq!(word, 0xf1d0_b006);
        assert_eq!(squeeze(occupied(word)), 0b1110_1001);
        assert_eq!(squeeze(blacks(word)), 0b1010_1000);
        assert_eq!(squeeze(of_color(word, Color::White)), 0b0100_0001);
        assert_eq!(squeeze(matching(word, BLACK | QUEEN)), 0b1000_0000);
        assert_eq!(squeeze(matching(word, EMPTY)), 0b0001_0110);
        assert_eq!(nibble(word, 7), BLACK | QUEEN);
        assert_eq!(with_nibble(word, 7, EMPTY), 0x01d0_b006);
    }

    #[test]
    fn squeeze_and_spread_are_inverse() {
        for files in 0..256 {
            assert_eq!(squeeze(spread(files)), files);
            assert_eq!(spread(files).count_ones(), files.count_ones());
        }
    }

    #[test]
    fn rank_reach_stops_at_the_first_piece_each_way_and_at_the_edges() {
        // Rook on d (3), pieces on b (1) and g (6): reaches c, b and e, f, g.
        assert_eq!(rank_reach(0b0100_1010, 3), 0b0111_0110);
        // Alone on a: the whole rank; alone on h: the whole rank.
        assert_eq!(rank_reach(0b0000_0001, 0), 0b1111_1110);
        assert_eq!(rank_reach(0b1000_0000, 7), 0b0111_1111);
        // Hemmed in on both sides.
        assert_eq!(rank_reach(0b0011_1000, 4), 0b0010_1000);
    }
}
