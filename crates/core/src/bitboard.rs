//! Bitboards and the attack tables every bitboard backend shares.
//!
//! A [`Bitboard`] is a set of squares in a `u64`, bit `i` for the square with index `i` (a1 is
//! bit 0, h8 bit 63). The leaper tables (knight, king, pawn captures) and the `between`/`line`
//! tables live here so the rotated and magic backends use the same ones; how each finds the
//! attacks of sliding pieces is that backend's own technique. [`slider_attacks_slow`] walks rays
//! square by square: it builds the backends' tables and checks them in tests, and is never used
//! on a hot path.

use crate::{Color, Piece, Role, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A set of squares, one bit per square (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The a-file.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// The h-file.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// The first rank.
    pub const RANK_1: Bitboard = Bitboard(0xff);
    /// The eighth rank.
    pub const RANK_8: Bitboard = Bitboard(0xff << 56);

    /// The set holding just `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u8)
    }

    /// The squares of one file (`0` = a).
    #[inline]
    pub const fn file(file: usize) -> Bitboard {
        Bitboard(Self::FILE_A.0 << (file & 7))
    }

    /// The squares of one rank (`0` = the first).
    #[inline]
    pub const fn rank(rank: usize) -> Bitboard {
        Bitboard(Self::RANK_1.0 << (8 * (rank & 7)))
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq as u8 & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has more than one square.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index(self.0.trailing_zeros() as u8))
        }
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u8)
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u8))
    }

    /// The set moved one rank towards `color`'s opponent (white: up), squares falling off dropped.
    #[inline]
    pub const fn forward(self, color: Color) -> Bitboard {
        match color {
            Color::White => Bitboard(self.0 << 8),
            Color::Black => Bitboard(self.0 >> 8),
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    /// Yields the squares lowest first, removing each.
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl fmt::Debug for Bitboard {
    /// An 8x8 grid, rank 8 on top, `X` for a square in the set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let bit = self.0 >> (rank * 8 + file) & 1;
                f.write_str(if bit != 0 { " X" } else { " ." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident $op:tt),*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    )*};
}

bit_ops!(
    BitAnd bitand BitAndAssign bitand_assign &,
    BitOr bitor BitOrAssign bitor_assign |,
    BitXor bitxor BitXorAssign bitxor_assign ^
);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl Shl<u32> for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn shl(self, n: u32) -> Bitboard {
        Bitboard(self.0 << n)
    }
}

impl Shr<u32> for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn shr(self, n: u32) -> Bitboard {
        Bitboard(self.0 >> n)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter()
            .fold(Bitboard::EMPTY, |set, sq| set.with(sq))
    }
}

/// The four directions a rook slides, as (file step, rank step).
pub const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four directions a bishop slides, as (file step, rank step).
pub const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The eight directions a queen slides: the rook's four, then the bishop's four.
pub const QUEEN_DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
/// The eight jumps of a knight, as (file step, rank step), clockwise from one file right and
/// two ranks up.
pub const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

const fn step_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut bits = 0u64;
        let mut i = 0;
        while i < steps.len() {
            if let Some(to) = Square::from_index(sq as u8).offset(steps[i].0, steps[i].1) {
                bits |= 1 << to as u8;
            }
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

/// The relevant squares of a slider on `sq`: each ray of `directions` without its last square,
/// since a piece on the edge blocks nothing beyond it. The occupancy of these squares alone
/// decides the slider's attacks, which is what every table-driven slider technique indexes by.
pub fn relevant_mask(sq: Square, directions: &[(i8, i8); 4]) -> Bitboard {
    let mut mask = Bitboard::EMPTY;
    for &(df, dr) in directions {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if next.offset(df, dr).is_none() {
                break;
            }
            mask = mask.with(next);
            cur = next;
        }
    }
    mask
}

/// Every subset of `mask`, the empty set first, by the carry-rippler trick: subtracting the
/// mask and masking again steps to the next subset in binary order.
pub fn subsets(mask: Bitboard) -> impl Iterator<Item = Bitboard> {
    let mut next = Some(0u64);
    std::iter::from_fn(move || {
        let current = next?;
        let following = current.wrapping_sub(mask.0) & mask.0;
        next = (following != 0).then_some(following);
        Some(Bitboard(current))
    })
}

/// The squares a sliding piece on `sq` attacks along `directions`, stopping at (and including)
/// the first occupied square of each ray. Slow (a walk per ray); for building and checking tables.
pub const fn slider_attacks_slow(
    sq: Square,
    occupied: Bitboard,
    directions: &[(i8, i8); 4],
) -> Bitboard {
    let mut bits = 0u64;
    let mut d = 0;
    while d < 4 {
        let mut cur = sq;
        while let Some(next) = cur.offset(directions[d].0, directions[d].1) {
            bits |= 1 << next as u8;
            if occupied.0 >> next as u8 & 1 != 0 {
                break;
            }
            cur = next;
        }
        d += 1;
    }
    Bitboard(bits)
}

static KNIGHT_ATTACKS: [Bitboard; 64] = step_table(&KNIGHT_STEPS);
static KING_ATTACKS: [Bitboard; 64] = step_table(&KING_STEPS);
static PAWN_ATTACKS: [[Bitboard; 64]; 2] = [
    step_table(&[(-1, 1), (1, 1)]),
    step_table(&[(-1, -1), (1, -1)]),
];

/// The squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT_ATTACKS[sq as usize]
}

/// The squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING_ATTACKS[sq as usize]
}

/// The squares a pawn of `color` on `sq` attacks (captures onto).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN_ATTACKS[color as usize][sq as usize]
}

/// The two sliding moves; a queen is both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slider {
    /// Along ranks and files.
    Rook,
    /// Along diagonals.
    Bishop,
}

impl Slider {
    /// Both sliders, rook first.
    pub const ALL: [Slider; 2] = [Slider::Rook, Slider::Bishop];

    /// The slider's name as the views print it.
    pub const fn name(self) -> &'static str {
        match self {
            Slider::Rook => "rook",
            Slider::Bishop => "bishop",
        }
    }

    /// The four directions of the slider, as (file step, rank step).
    pub const fn directions(self) -> &'static [(i8, i8); 4] {
        match self {
            Slider::Rook => &ROOK_DIRECTIONS,
            Slider::Bishop => &BISHOP_DIRECTIONS,
        }
    }

    /// The sliders a piece of `role` is made of: none for a leaper.
    pub const fn of(role: Role) -> &'static [Slider] {
        match role {
            Role::Rook => &[Slider::Rook],
            Role::Bishop => &[Slider::Bishop],
            Role::Queen => &[Slider::Rook, Slider::Bishop],
            _ => &[],
        }
    }
}

/// The squares `piece` on `sq` attacks when `occupied` are the occupied squares (a pawn: its
/// two capture squares), sliders by the slow ray walk: the one statement of how each kind of
/// piece attacks, which validation, the reference board and the generic engine queries share.
pub fn piece_attacks(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => pawn_attacks(piece.color, sq),
        Role::Knight => knight_attacks(sq),
        Role::King => king_attacks(sq),
        Role::Bishop => slider_attacks_slow(sq, occupied, &BISHOP_DIRECTIONS),
        Role::Rook => slider_attacks_slow(sq, occupied, &ROOK_DIRECTIONS),
        Role::Queen => {
            slider_attacks_slow(sq, occupied, &BISHOP_DIRECTIONS)
                | slider_attacks_slow(sq, occupied, &ROOK_DIRECTIONS)
        }
    }
}

/// The squares from `sq` (excluded) to the edge in direction `(df, dr)`, a (file step, rank
/// step): for building line tables at compile time.
pub const fn ray(sq: Square, df: i8, dr: i8) -> Bitboard {
    let mut bits = 0u64;
    let mut cur = sq;
    while let Some(next) = cur.offset(df, dr) {
        bits |= 1 << next as u8;
        cur = next;
    }
    Bitboard(bits)
}

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` when they share a rank, file or
/// diagonal. `LINE[a][b]`: the whole line through both, edge to edge. Walking each ray from
/// `a` once fills both rows, so the tables are built at compile time.
static BETWEEN_AND_LINE: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = {
    let mut between = [[Bitboard::EMPTY; 64]; 64];
    let mut line = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let from = Square::from_index(a as u8);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = QUEEN_DIRECTIONS[d];
            let full = ray(from, df, dr).0 | ray(from, -df, -dr).0 | 1 << a;
            let mut passed = 0u64;
            let mut cur = from;
            while let Some(next) = cur.offset(df, dr) {
                between[a][next as usize] = Bitboard(passed);
                line[a][next as usize] = Bitboard(full);
                passed |= 1 << next as u8;
                cur = next;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
};

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal; empty
/// otherwise.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN_AND_LINE.0[a as usize][b as usize]
}

/// The full line through `a` and `b` (edge to edge) when they share a rank, file or diagonal;
/// empty otherwise.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    BETWEEN_AND_LINE.1[a as usize][b as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaper_tables_count_their_targets() {
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(knight_attacks(Square::D4).count(), 8);
        assert_eq!(king_attacks(Square::H8).count(), 3);
        assert_eq!(
            pawn_attacks(Color::White, Square::E4),
            Bitboard::from_square(Square::D5) | Bitboard::from_square(Square::F5)
        );
        assert_eq!(
            pawn_attacks(Color::Black, Square::A7),
            Bitboard::from_square(Square::B6)
        );
    }

    #[test]
    fn between_and_line_follow_the_geometry() {
        assert_eq!(
            between(Square::A1, Square::D4),
            [Square::B2, Square::C3].into_iter().collect()
        );
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(line(Square::C1, Square::C5), Bitboard::file(2));
        assert_eq!(line(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(line(Square::A1, Square::A1), Bitboard::EMPTY);
        assert_eq!(between(Square::E4, Square::E4), Bitboard::EMPTY);
    }

    #[test]
    fn between_and_line_agree_with_ray_walks() {
        for a in Square::ALL {
            for directions in [&ROOK_DIRECTIONS, &BISHOP_DIRECTIONS] {
                let full_a = slider_attacks_slow(a, Bitboard::EMPTY, directions);
                for b in full_a {
                    let (a_bb, b_bb) = (Bitboard::from_square(a), Bitboard::from_square(b));
                    let expected_between = slider_attacks_slow(a, b_bb, directions)
                        & slider_attacks_slow(b, a_bb, directions);
                    assert_eq!(between(a, b), expected_between, "{a} {b}");
                    let full_b = slider_attacks_slow(b, Bitboard::EMPTY, directions);
                    assert_eq!(line(a, b), (full_a & full_b) | a_bb | b_bb, "{a} {b}");
                }
            }
        }
    }

    #[test]
    fn slow_slider_attacks_stop_at_blockers() {
        let occ: Bitboard = [Square::D6, Square::F4].into_iter().collect();
        let rook = slider_attacks_slow(Square::D4, occ, &ROOK_DIRECTIONS);
        assert!(rook.contains(Square::D6) && !rook.contains(Square::D7));
        assert!(rook.contains(Square::F4) && !rook.contains(Square::G4));
        assert_eq!(rook.count(), 3 + 2 + 2 + 3);
    }
}
