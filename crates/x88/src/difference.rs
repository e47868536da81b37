//! The 0x88 difference table: which pieces can attack along a vector, and with which step.
//!
//! On the 0x88 board the difference `to - from` of two on-board cells names the file change
//! and the rank change together, with no two pairs sharing a difference: files differ by -7 to
//! 7, so `16 * rank change + file change` never aliases. The differences run from -119 to 119;
//! the table is indexed by `to - from + 119`. For each vector it holds:
//!
//! - `attackers`: a bit for each kind of piece that, standing on `from`, attacks `to` on an
//!   empty board (pawns have one bit per colour, since they attack forward only);
//! - `step`: for a vector along a rank, file or diagonal, the one-cell step from `from` toward
//!   `to`; otherwise 0.
//!
//! An attack test then costs one lookup per piece, plus a walk of the cells between for a
//! slider on a matching line. The same lookups find checks and pins from the king.

use crate::piece::{
    pawn_code, slides_diagonally, slides_straight, BISHOP, KING, KNIGHT, QUEEN, ROOK, WHITE,
};
use crate::square::Sq88;
use boardlab_core::Color;

/// A white pawn standing on `from` attacks `to`.
pub(crate) const WHITE_PAWN_BIT: u8 = 1 << 0;
/// A black pawn standing on `from` attacks `to`.
pub(crate) const BLACK_PAWN_BIT: u8 = 1 << 1;
/// A knight on `from` attacks `to`.
pub(crate) const KNIGHT_BIT: u8 = 1 << 2;
/// A king on `from` attacks `to`.
pub(crate) const KING_BIT: u8 = 1 << 3;
/// `to` lies on a diagonal through `from`.
pub(crate) const DIAGONAL_BIT: u8 = 1 << 4;
/// `to` lies on a rank or file through `from`.
pub(crate) const STRAIGHT_BIT: u8 = 1 << 5;

/// One entry of the difference table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Vector {
    /// The attack bits of the pieces that attack along this vector (see the module docs).
    pub(crate) attackers: u8,
    /// The unit step from `from` toward `to` along a line, or 0 off the lines.
    pub(crate) step: i8,
}

/// The entry for the vector from `from` to `to`.
#[inline]
pub(crate) fn vector(from: Sq88, to: Sq88) -> Vector {
    // Wrapping byte arithmetic gives `to - from + 119` modulo 256, which for two on-board
    // cells is the exact index, and a `u8` index into 256 entries needs no bounds check.
    DIFFERENCES[usize::from(to.0.wrapping_sub(from.0).wrapping_add(119))]
}

/// The attack bit of a piece code: the bit its kind (and, for pawns, colour) has in
/// [`Vector::attackers`]. A queen has both line bits. Empty cells have none.
#[inline]
pub(crate) fn attack_bit(code: u8) -> u8 {
    ATTACK_BITS[usize::from(code)]
}

/// The bytes of the static tables this module keeps.
pub(crate) const TABLE_BYTES: usize =
    std::mem::size_of::<[Vector; 256]>() + 3 * std::mem::size_of::<[u8; 256]>();

/// Indexed by the whole code byte, so that neither the unmoved bit nor a bounds check costs an
/// instruction: codes that differ only in bits above the colour bits share an entry.
static ATTACK_BITS: [u8; 256] = {
    let mut bits = [0u8; 256];
    bits[pawn_code(Color::White) as usize] = WHITE_PAWN_BIT;
    bits[pawn_code(Color::Black) as usize] = BLACK_PAWN_BIT;
    let kinds = [KNIGHT, KING, BISHOP, ROOK, QUEEN];
    let mut i = 0;
    while i < kinds.len() {
        let kind = kinds[i];
        let mut bit = 0;
        if kind == KNIGHT {
            bit |= KNIGHT_BIT;
        }
        if kind == KING {
            bit |= KING_BIT;
        }
        if slides_diagonally(kind) {
            bit |= DIAGONAL_BIT;
        }
        if slides_straight(kind) {
            bit |= STRAIGHT_BIT;
        }
        bits[(WHITE | kind) as usize] = bit;
        bits[(crate::piece::BLACK | kind) as usize] = bit;
        i += 1;
    }
    let mut code = 32;
    while code < 256 {
        bits[code] = bits[code & 31];
        code += 1;
    }
    bits
};

/// The entry for a rank change `dr` and a file change `df` (not both 0): the geometry the
/// table encodes, which the unit tests check against walks on the board itself.
const fn entry(dr: i32, df: i32) -> Vector {
    let (adf, adr) = (df.abs(), dr.abs());
    let mut attackers = 0;
    let mut step = 0;
    if df == 0 || dr == 0 || adf == adr {
        step = 16 * dr.signum() + df.signum();
        attackers |= if df == 0 || dr == 0 {
            STRAIGHT_BIT
        } else {
            DIAGONAL_BIT
        };
        if adf <= 1 && adr <= 1 {
            attackers |= KING_BIT;
            if adf == 1 && dr == 1 {
                attackers |= WHITE_PAWN_BIT;
            }
            if adf == 1 && dr == -1 {
                attackers |= BLACK_PAWN_BIT;
            }
        }
    }
    if (adf == 1 && adr == 2) || (adf == 2 && adr == 1) {
        attackers |= KNIGHT_BIT;
    }
    Vector {
        attackers,
        step: step as i8,
    }
}

/// The table index of a rank change and a file change.
const fn table_index(dr: i32, df: i32) -> usize {
    (16 * dr + df + 119) as usize
}

static DIFFERENCES: [Vector; 256] = {
    let mut table = [Vector {
        attackers: 0,
        step: 0,
    }; 256];
    let mut dr: i32 = -7;
    while dr <= 7 {
        let mut df: i32 = -7;
        while df <= 7 {
            if dr != 0 || df != 0 {
                table[table_index(dr, df)] = entry(dr, df);
            }
            df += 1;
        }
        dr += 1;
    }
    table
};

/// The attack bits of the pieces that, standing on `from`, attack at least one cell next to
/// the king on `king`, on an empty board. A piece without its bit here cannot stop the king
/// from stepping anywhere, so the king's moves test only the pieces that have it.
#[inline]
pub(crate) fn near_king(from: Sq88, king: Sq88) -> u8 {
    NEAR_KING[usize::from(king.0.wrapping_sub(from.0).wrapping_add(119))]
}

/// For each vector from a piece to the king, the union of the table entries from the piece to
/// the eight cells around the king. A neighbour more than seven files or ranks from the piece
/// is off the board, and the piece's own cell is one it cannot attack; both are left out.
static NEAR_KING: [u8; 256] = union_table(&[
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
]);

/// The attack bits of the pieces that, standing on `from`, attack the king's cell or one of the
/// four cells one or two files beside it on its rank, on an empty board: the cells a king
/// crosses and lands on when castling in standard chess, and the one a Chess960 king that does
/// not move must not be attacked on. Only pieces with their bit here can forbid such a
/// castling.
#[inline]
pub(crate) fn near_castling(from: Sq88, king: Sq88) -> u8 {
    NEAR_CASTLING[usize::from(king.0.wrapping_sub(from.0).wrapping_add(119))]
}

/// Like [`NEAR_KING`], for the king's cell and the cells two files either side of it on its
/// rank.
static NEAR_CASTLING: [u8; 256] = union_table(&[(0, -2), (0, -1), (0, 0), (0, 1), (0, 2)]);

/// For each vector from a piece to the king, the union of the table entries from the piece to
/// the cells at the given (rank, file) offsets from the king. A cell more than seven files or
/// ranks from the piece is off the board, and the piece's own cell is one it cannot attack;
/// both are left out.
const fn union_table(offsets: &[(i32, i32)]) -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut dr: i32 = -7;
    while dr <= 7 {
        let mut df: i32 = -7;
        while df <= 7 {
            let mut near = 0;
            let mut i = 0;
            while i < offsets.len() {
                let (r, f) = (dr + offsets[i].0, df + offsets[i].1);
                if (r != 0 || f != 0) && r.abs() <= 7 && f.abs() <= 7 {
                    near |= entry(r, f).attackers;
                }
                i += 1;
            }
            if dr != 0 || df != 0 {
                table[table_index(dr, df)] = near;
            }
            df += 1;
        }
        dr += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{code_of, kind_of, QUEEN};
    use boardlab_core::{Piece, Role, Square};

    const LINE_STEPS: [i8; 8] = [1, -1, 16, -16, 15, -15, 17, -17];
    const KNIGHT_STEPS: [i8; 8] = [14, -14, 18, -18, 31, -31, 33, -33];

    fn cells() -> impl Iterator<Item = Sq88> {
        Square::ALL.into_iter().map(Sq88::from_square)
    }

    /// What a walk over the board says about the vector from `from` to `to`.
    fn walked(from: Sq88, to: Sq88) -> Vector {
        let mut expected = Vector {
            attackers: 0,
            step: 0,
        };
        for step in LINE_STEPS {
            let mut cell = from.offset(step);
            let mut distance = 1;
            while !cell.is_off_board() {
                if cell == to {
                    expected.step = step;
                    expected.attackers |= if step.abs() == 1 || step.abs() == 16 {
                        STRAIGHT_BIT
                    } else {
                        DIAGONAL_BIT
                    };
                    if distance == 1 {
                        expected.attackers |= KING_BIT;
                        if step == 15 || step == 17 {
                            expected.attackers |= WHITE_PAWN_BIT;
                        }
                        if step == -15 || step == -17 {
                            expected.attackers |= BLACK_PAWN_BIT;
                        }
                    }
                }
                cell = cell.offset(step);
                distance += 1;
            }
        }
        for step in KNIGHT_STEPS {
            let cell = from.offset(step);
            if !cell.is_off_board() && cell == to {
                expected.attackers |= KNIGHT_BIT;
            }
        }
        expected
    }

    #[test]
    fn every_entry_agrees_with_a_walk_on_the_board() {
        let mut used = [false; 256];
        for from in cells() {
            for to in cells() {
                let entry = vector(from, to);
                assert_eq!(
                    entry,
                    walked(from, to),
                    "{} to {}",
                    from.square(),
                    to.square()
                );
                used[to.0 as usize + 119 - from.0 as usize] = true;
            }
        }
        // Entries no pair of squares reaches stay empty.
        for (index, entry) in DIFFERENCES.iter().enumerate() {
            if !used[index] {
                assert_eq!(entry.attackers, 0, "index {index}");
                assert_eq!(entry.step, 0, "index {index}");
            }
        }
        assert_eq!(used.iter().filter(|&&u| u).count(), 15 * 15);
    }

    #[test]
    fn the_near_king_bits_cover_every_attack_next_to_the_king() {
        let mut exact_somewhere = 0;
        for from in cells() {
            for king in cells() {
                if from == king {
                    continue;
                }
                // What the piece really attacks around this king, from the vector table.
                let mut exact = 0;
                for step in LINE_STEPS {
                    let next = king.offset(step);
                    if !next.is_off_board() && next != from {
                        exact |= vector(from, next).attackers;
                    }
                }
                let near = near_king(from, king);
                assert_eq!(exact & !near, 0, "{} near {}", from.square(), king.square());
                // Away from the edges no neighbour is missing, so the two agree exactly.
                let inner = |c: Sq88| (1..7).contains(&(c.0 & 7)) && (1..7).contains(&c.rank());
                if inner(king) {
                    assert_eq!(exact, near, "{} near {}", from.square(), king.square());
                    exact_somewhere += 1;
                }
            }
        }
        assert_eq!(exact_somewhere, 36 * 63);
        let cell = |sq| Sq88::from_square(sq);
        // A knight on a1 reaches nothing around a king on h8; a rook on a7 reaches g7.
        assert_eq!(
            near_king(cell(Square::A1), cell(Square::H8)) & KNIGHT_BIT,
            0
        );
        assert_ne!(
            near_king(cell(Square::A7), cell(Square::H8)) & STRAIGHT_BIT,
            0
        );
        assert_eq!(
            near_king(cell(Square::A6), cell(Square::H8)) & STRAIGHT_BIT,
            0
        );
    }

    #[test]
    fn the_near_castling_bits_cover_every_attack_on_the_castling_cells() {
        let mut tested = 0;
        for from in cells() {
            for king in cells() {
                if from == king {
                    continue;
                }
                let mut exact = 0;
                for step in [-2, -1, 0, 1, 2] {
                    let cell = king.offset(step);
                    // A step that leaves the rank is off the board or on another rank.
                    if cell.is_off_board() || cell.rank() != king.rank() || cell == from {
                        continue;
                    }
                    exact |= vector(from, cell).attackers;
                    tested += 1;
                }
                let near = near_castling(from, king);
                assert_eq!(exact & !near, 0, "{} near {}", from.square(), king.square());
            }
        }
        // Per rank, the cells within two files of each king file: 3 + 4 + 5 + 5 + 5 + 5 + 4 + 3
        // = 34, so 8 * 34 = 272 pairs of king and cell. Each is tested against the 63 other
        // cells for `from`, except the 272 - 64 pairs whose cell is not the king's own, where
        // one `from` stands on the cell itself.
        assert_eq!(tested, 272 * 63 - (272 - 64));
        let cell = |sq| Sq88::from_square(sq);
        // A knight on e3 reaches g2 and f1 but not g1; a bishop on a6 reaches f1; a rook on
        // h5 reaches h1, three files from e1, and no cell of the castling span.
        assert_ne!(
            near_castling(cell(Square::E3), cell(Square::E1)) & KNIGHT_BIT,
            0
        );
        assert_ne!(
            near_castling(cell(Square::A6), cell(Square::E1)) & DIAGONAL_BIT,
            0
        );
        assert_eq!(
            near_castling(cell(Square::H5), cell(Square::E1)) & STRAIGHT_BIT,
            0
        );
    }

    #[test]
    fn the_step_leads_from_from_to_to() {
        for from in cells() {
            for to in cells() {
                let step = vector(from, to).step;
                if step == 0 {
                    continue;
                }
                let mut cell = from;
                while cell != to {
                    cell = cell.offset(step);
                    assert!(!cell.is_off_board());
                }
            }
        }
    }

    #[test]
    fn attack_bits_match_the_pieces() {
        let bit = |color, role| attack_bit(code_of(Piece::new(color, role)));
        assert_eq!(bit(Color::White, Role::Pawn), WHITE_PAWN_BIT);
        assert_eq!(bit(Color::Black, Role::Pawn), BLACK_PAWN_BIT);
        for color in Color::ALL {
            assert_eq!(bit(color, Role::Knight), KNIGHT_BIT);
            assert_eq!(bit(color, Role::King), KING_BIT);
            assert_eq!(bit(color, Role::Bishop), DIAGONAL_BIT);
            assert_eq!(bit(color, Role::Rook), STRAIGHT_BIT);
            assert_eq!(bit(color, Role::Queen), DIAGONAL_BIT | STRAIGHT_BIT);
        }
        assert_eq!(attack_bit(0), 0);
        // The unmoved bit does not change what a piece attacks.
        let king = code_of(Piece::new(Color::Black, Role::King));
        assert_eq!(attack_bit(king | crate::piece::UNMOVED), KING_BIT);
        assert_eq!(kind_of(Piece::new(Color::White, Role::Queen)), QUEEN);
    }

    #[test]
    fn known_vectors() {
        let cell = |sq| Sq88::from_square(sq);
        // e1 to e8: a file, step up one rank.
        let e1e8 = vector(cell(Square::E1), cell(Square::E8));
        assert_eq!((e1e8.attackers, e1e8.step), (STRAIGHT_BIT, 16));
        // g1 to f3: a knight's jump, on no line.
        let g1f3 = vector(cell(Square::G1), cell(Square::F3));
        assert_eq!((g1f3.attackers, g1f3.step), (KNIGHT_BIT, 0));
        // d4 to e5: a white pawn's capture, a king's step, a bishop's diagonal.
        let d4e5 = vector(cell(Square::D4), cell(Square::E5));
        assert_eq!(d4e5.attackers, WHITE_PAWN_BIT | KING_BIT | DIAGONAL_BIT);
        assert_eq!(d4e5.step, 17);
        // h1 to a8: the long diagonal, walked toward the upper left.
        assert_eq!(vector(cell(Square::H1), cell(Square::A8)).step, 15);
        // a1 to h2: nothing.
        assert_eq!(vector(cell(Square::A1), cell(Square::H2)).attackers, 0);
    }
}
