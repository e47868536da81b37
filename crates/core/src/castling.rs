//! Castling rights, kept as the squares of the castling rooks so that Chess960 fits.
//!
//! In standard chess the king starts on the e-file and the rooks on the a- and h-files; in
//! Chess960 they may start anywhere on the back rank with the king between the rooks. A right is
//! therefore stored as the square of the rook it castles with, together with the square of the
//! king it belongs to. The standard squares are one case among the 960, so the same code plays
//! both; the few standard-only helpers ([`CastlingSide::rook_from`] and friends) stay for code
//! that only ever sees standard positions.

use crate::{Bitboard, Color, File, Square};
use std::fmt;

/// The castling rights of both sides (see the module docs).
///
/// Each of the four rights (white king side, white queen side, black king side, black queen
/// side, the order of FEN's `KQkq` and of the Polyglot keys) is either absent or the square of
/// its rook; each side with a right also records its king's square. Rights change only through
/// [`CastlingRights::after_move`], which drops every right whose king or rook square a move
/// leaves or lands on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights {
    /// The rook square of each right, indexed `2 * colour + side`, or [`NO_SQUARE`].
    rooks: [u8; 4],
    /// The king square of each colour while it holds a right, or [`NO_SQUARE`].
    kings: [u8; 2],
}

/// The marker for "no square" in [`CastlingRights`]' arrays; a zeroed value means no rights,
/// so the marker is 0 and squares are stored plus one.
const NO_SQUARE: u8 = 0;

/// One side of the board to castle to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    King,
    Queen,
}

/// Where king and rook stand and land for one castling move, and the squares the rules look at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CastlePath {
    /// The king's square before castling.
    pub king_from: Square,
    /// The king's square after castling (g- or c-file), possibly the square it starts on.
    pub king_to: Square,
    /// The rook's square before castling.
    pub rook_from: Square,
    /// The rook's square after castling (f- or d-file), possibly the square it starts on.
    pub rook_to: Square,
    /// Every square king or rook passes through or lands on, without the king's and rook's own
    /// squares: all of them must be empty.
    pub must_be_empty: Bitboard,
    /// The squares the king stands on, passes through and lands on: none may be attacked, with
    /// the king and the castling rook lifted off the board (see [`CastlePath::lifted`]).
    pub king_path: Bitboard,
}

impl CastlePath {
    /// The two pieces that move, as a set: take them out of the occupancy before asking whether
    /// the king's path is attacked. The rook may stand between an enemy rook or queen on the
    /// back rank and the king's destination; once it has moved to its own destination, that
    /// enemy would attack the king.
    #[inline]
    pub fn lifted(&self) -> Bitboard {
        Bitboard::from_square(self.king_from).with(self.rook_from)
    }
}

/// The squares of `rank` from file `a` to file `b`, both included, in either order.
const fn rank_span(rank: usize, a: usize, b: usize) -> Bitboard {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    let width = high - low + 1;
    Bitboard((((1u64 << width) - 1) << low) << (8 * rank))
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

    /// The side's name in prose: "king side" or "queen side".
    pub const fn name(self) -> &'static str {
        match self {
            CastlingSide::King => "king side",
            CastlingSide::Queen => "queen side",
        }
    }

    /// Where the king stands before castling in standard chess.
    #[inline]
    pub const fn king_from(color: Color) -> Square {
        match color {
            Color::White => Square::E1,
            Color::Black => Square::E8,
        }
    }

    /// Where the king lands, in standard chess and in Chess960 alike.
    #[inline]
    pub const fn king_to(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::King, Color::White) => Square::G1,
            (CastlingSide::Queen, Color::White) => Square::C1,
            (CastlingSide::King, Color::Black) => Square::G8,
            (CastlingSide::Queen, Color::Black) => Square::C8,
        }
    }

    /// Where the rook stands before castling in standard chess.
    #[inline]
    pub const fn rook_from(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::King, Color::White) => Square::H1,
            (CastlingSide::Queen, Color::White) => Square::A1,
            (CastlingSide::King, Color::Black) => Square::H8,
            (CastlingSide::Queen, Color::Black) => Square::A8,
        }
    }

    /// Where the rook lands, in standard chess and in Chess960 alike.
    #[inline]
    pub const fn rook_to(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::King, Color::White) => Square::F1,
            (CastlingSide::Queen, Color::White) => Square::D1,
            (CastlingSide::King, Color::Black) => Square::F8,
            (CastlingSide::Queen, Color::Black) => Square::D8,
        }
    }

    /// The squares between king and rook in standard chess, which must be empty.
    pub const fn empty_squares(self, color: Color) -> &'static [Square] {
        match (self, color) {
            (CastlingSide::King, Color::White) => &[Square::F1, Square::G1],
            (CastlingSide::Queen, Color::White) => &[Square::D1, Square::C1, Square::B1],
            (CastlingSide::King, Color::Black) => &[Square::F8, Square::G8],
            (CastlingSide::Queen, Color::Black) => &[Square::D8, Square::C8, Square::B8],
        }
    }

    /// The squares the king stands on, crosses and lands on in standard chess, none of which may
    /// be attacked.
    pub const fn king_path(self, color: Color) -> [Square; 3] {
        match (self, color) {
            (CastlingSide::King, Color::White) => [Square::E1, Square::F1, Square::G1],
            (CastlingSide::Queen, Color::White) => [Square::E1, Square::D1, Square::C1],
            (CastlingSide::King, Color::Black) => [Square::E8, Square::F8, Square::G8],
            (CastlingSide::Queen, Color::Black) => [Square::E8, Square::D8, Square::C8],
        }
    }

    /// The side a rook on `rook` castles to with the king on `king` (same rank): the king side
    /// when the rook stands on a higher file, `None` on the king's own file.
    pub const fn of_rook(king: Square, rook: Square) -> Option<CastlingSide> {
        let (k, r) = (king.file() as u8, rook.file() as u8);
        if r > k {
            Some(CastlingSide::King)
        } else if r < k {
            Some(CastlingSide::Queen)
        } else {
            None
        }
    }

    /// The castling flag of a move to this side.
    #[inline]
    pub const fn flag(self) -> crate::MoveFlag {
        match self {
            CastlingSide::King => crate::MoveFlag::KingCastle,
            CastlingSide::Queen => crate::MoveFlag::QueenCastle,
        }
    }
}

const fn stored(sq: Square) -> u8 {
    sq as u8 + 1
}

const fn loaded(value: u8) -> Option<Square> {
    if value == NO_SQUARE {
        None
    } else {
        Some(Square::from_index(value - 1))
    }
}

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights {
        rooks: [NO_SQUARE; 4],
        kings: [NO_SQUARE; 2],
    };
    /// All four rights of standard chess: kings on e1 and e8, rooks on a1, h1, a8 and h8.
    pub const ALL: CastlingRights = CastlingRights::from_bits(0b1111);

    #[inline]
    const fn slot(color: Color, side: CastlingSide) -> usize {
        color as usize * 2 + side as usize
    }

    /// The standard-chess rights from their bits (white king side `1`, white queen side `2`,
    /// black king side `4`, black queen side `8`; only the low four are kept).
    pub const fn from_bits(bits: u8) -> CastlingRights {
        let mut rights = CastlingRights::NONE;
        let mut i = 0;
        while i < 4 {
            if bits >> i & 1 != 0 {
                let color = if i < 2 { Color::White } else { Color::Black };
                let side = if i % 2 == 0 {
                    CastlingSide::King
                } else {
                    CastlingSide::Queen
                };
                rights = rights.with(color, side);
            }
            i += 1;
        }
        rights
    }

    /// Which rights are held, as the bits [`CastlingRights::from_bits`] reads (whatever the
    /// rook squares).
    #[inline]
    pub const fn bits(self) -> u8 {
        // The four rook bytes as one word: a byte's top bit is set in `held` when the byte is
        // not `NO_SQUARE` (0), and the multiplication gathers the four top bits into bits 24
        // to 27. Make asks this on every move that touches a castling square.
        let rooks = u32::from_le_bytes(self.rooks);
        let held = ((rooks & 0x7f7f_7f7f).wrapping_add(0x7f7f_7f7f) | rooks) & 0x8080_8080;
        ((held >> 7).wrapping_mul(0x0102_0408) >> 24) as u8 & 15
    }

    /// The bit for one right.
    #[inline]
    pub const fn flag(color: Color, side: CastlingSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    /// Whether `color` may still castle to `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.rooks[Self::slot(color, side)] != NO_SQUARE
    }

    /// Whether `color` holds any right.
    #[inline]
    pub const fn has_any(self, color: Color) -> bool {
        self.kings[color as usize] != NO_SQUARE
    }

    /// These rights with one more, for the standard squares (king on the e-file, rook on the
    /// h- or a-file).
    #[inline]
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        self.with_rook(color, CastlingSide::king_from(color), side.rook_from(color))
    }

    /// These rights with one more: `color`'s king on `king` castling with the rook on `rook`,
    /// to the side the rook stands on. The squares are not checked; [`Setup::validate`](crate::Setup::validate)
    /// (crate::Setup::validate) does that. A rook on the king's own square is ignored.
    pub const fn with_rook(self, color: Color, king: Square, rook: Square) -> CastlingRights {
        let Some(side) = CastlingSide::of_rook(king, rook) else {
            return self;
        };
        let mut rights = self;
        // A king square other than the recorded one replaces it with this right alone: a side
        // has one king, so its rights share one square.
        if rights.kings[color as usize] != stored(king) {
            rights.rooks[Self::slot(color, CastlingSide::King)] = NO_SQUARE;
            rights.rooks[Self::slot(color, CastlingSide::Queen)] = NO_SQUARE;
        }
        rights.kings[color as usize] = stored(king);
        rights.rooks[Self::slot(color, side)] = stored(rook);
        rights
    }

    /// These rights without one.
    #[inline]
    pub const fn without(self, color: Color, side: CastlingSide) -> CastlingRights {
        let mut rights = self;
        rights.rooks[Self::slot(color, side)] = NO_SQUARE;
        rights.tidy()
    }

    /// Forgets the king square of a side left without rights, so equal rights compare equal.
    const fn tidy(mut self) -> CastlingRights {
        let mut color = 0;
        while color < 2 {
            if self.rooks[2 * color] == NO_SQUARE && self.rooks[2 * color + 1] == NO_SQUARE {
                self.kings[color] = NO_SQUARE;
            }
            color += 1;
        }
        self
    }

    /// The square of the rook `color` castles to `side` with, if the right is held.
    #[inline]
    pub const fn rook(self, color: Color, side: CastlingSide) -> Option<Square> {
        loaded(self.rooks[Self::slot(color, side)])
    }

    /// The square the rook of `color`'s castling to `side` starts from: the rook the right
    /// names, or the standard corner where `color` holds no such right (a castling move the
    /// generator would not make), so that a board's make and unmake of it still mirror each
    /// other.
    #[inline]
    pub fn rook_or_corner(self, color: Color, side: CastlingSide) -> Square {
        self.rook(color, side).unwrap_or(side.rook_from(color))
    }

    /// The square of `color`'s king, if `color` holds a right.
    #[inline]
    pub const fn king(self, color: Color) -> Option<Square> {
        loaded(self.kings[color as usize])
    }

    /// The squares of every castling rook, both colours.
    pub fn rook_squares(self) -> Bitboard {
        let mut squares = Bitboard::EMPTY;
        for slot in self.rooks {
            if let Some(sq) = loaded(slot) {
                squares = squares.with(sq);
            }
        }
        squares
    }

    /// The squares of one castling move, if `color` holds the right to `side`.
    pub fn path(self, color: Color, side: CastlingSide) -> Option<CastlePath> {
        let king_from = self.king(color)?;
        let rook_from = self.rook(color, side)?;
        let king_to = side.king_to(color);
        let rook_to = side.rook_to(color);
        let rank = king_from.rank().index();
        let king_span = rank_span(rank, king_from.file().index(), king_to.file().index());
        let rook_span = rank_span(rank, rook_from.file().index(), rook_to.file().index());
        let lifted = Bitboard::from_square(king_from).with(rook_from);
        Some(CastlePath {
            king_from,
            king_to,
            rook_from,
            rook_to,
            must_be_empty: (king_span | rook_span) & !lifted,
            king_path: king_span,
        })
    }

    /// The rights left after a move from `from` to `to`: a move from a king's square drops
    /// both of its side's rights, and a move from or onto a castling rook's square (the rook
    /// moving, or being captured) drops that rook's right. Castling itself leaves the king's
    /// square, so it drops both.
    #[inline]
    pub const fn after_move(self, from: Square, to: Square) -> CastlingRights {
        let (from, to) = (stored(from), stored(to));
        let mut rights = self;
        let mut i = 0;
        while i < 4 {
            if rights.rooks[i] == from || rights.rooks[i] == to {
                rights.rooks[i] = NO_SQUARE;
            }
            i += 1;
        }
        let mut color = 0;
        while color < 2 {
            if rights.kings[color] == from {
                rights.rooks[2 * color] = NO_SQUARE;
                rights.rooks[2 * color + 1] = NO_SQUARE;
            }
            color += 1;
        }
        rights.tidy()
    }

    /// Whether no right is left.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.kings[0] == NO_SQUARE && self.kings[1] == NO_SQUARE
    }

    /// Whether every right held is one of standard chess: king on the e-file, rook on the h-
    /// (king side) or a-file (queen side). Rights that are not need Chess960 to be played.
    pub fn is_standard(self) -> bool {
        Color::ALL.into_iter().all(|color| {
            CastlingSide::ALL.into_iter().all(|side| {
                self.rook(color, side).is_none_or(|rook| {
                    rook == side.rook_from(color)
                        && self.king(color) == Some(CastlingSide::king_from(color))
                })
            })
        })
    }

    /// The rights as Shredder-FEN writes them: the rook's file letter for each right,
    /// upper case for white, king side first (`HAha`), or `-`.
    pub fn shredder(self) -> String {
        self.letters(|_, _, _| false)
    }

    /// The castling field with each right written as `K`/`Q` (`k`/`q` for black) where
    /// `outermost` says the rook is the outermost of its side, and as its file letter otherwise.
    pub(crate) fn letters(self, outermost: impl Fn(Color, CastlingSide, Square) -> bool) -> String {
        let mut text = String::new();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let Some(rook) = self.rook(color, side) else {
                    continue;
                };
                let upper = if outermost(color, side, rook) {
                    match side {
                        CastlingSide::King => 'K',
                        CastlingSide::Queen => 'Q',
                    }
                } else {
                    rook.file().char().to_ascii_uppercase()
                };
                text.push(match color {
                    Color::White => upper,
                    Color::Black => upper.to_ascii_lowercase(),
                });
            }
        }
        if text.is_empty() {
            text.push('-');
        }
        text
    }
}

impl fmt::Debug for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CastlingRights({self})")
    }
}

impl fmt::Display for CastlingRights {
    /// The castling field without the board: `KQkq` letters for rooks on the a- and h-files,
    /// the rook's file letter otherwise (which is what X-FEN writes unless another rook stands
    /// further out; [`Setup::to_fen`](crate::Setup::to_fen) looks at the board), or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.letters(|color, side, rook| rook == side.rook_from(color));
        f.write_str(&text)
    }
}

/// The file letters of a castling field that name no standard right, for readers deciding
/// whether a FEN is Shredder-FEN.
pub(crate) fn is_file_letter(c: char) -> bool {
    File::from_char(c.to_ascii_lowercase()).is_some()
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
        assert_eq!(all.bits(), 0b1111);
        assert_eq!(CastlingRights::from_bits(0b0101).to_string(), "Kk");
    }

    /// The word operations of `bits` give what a test of each right gives, for every set of
    /// standard rights and for rights on other squares.
    #[test]
    fn bits_name_the_rights_held() {
        let one_by_one = |rights: CastlingRights| {
            let mut bits = 0;
            for (i, (color, side)) in [
                (Color::White, CastlingSide::King),
                (Color::White, CastlingSide::Queen),
                (Color::Black, CastlingSide::King),
                (Color::Black, CastlingSide::Queen),
            ]
            .into_iter()
            .enumerate()
            {
                if rights.has(color, side) {
                    bits |= 1 << i;
                }
            }
            bits
        };
        for held in 0..16 {
            let rights = CastlingRights::from_bits(held);
            assert_eq!(rights.bits(), held);
            assert_eq!(rights.bits(), one_by_one(rights));
        }
        // Rooks on every file with the king on b or g, where the stored bytes run 1 to 64.
        for rook in Square::ALL.into_iter().filter(|sq| sq.rank().index() == 0) {
            for king in [Square::B1, Square::G1] {
                let white = CastlingRights::NONE.with_rook(Color::White, king, rook);
                let black = white.with_rook(Color::Black, Square::H8, Square::A8);
                for rights in [white, black] {
                    assert_eq!(rights.bits(), one_by_one(rights), "{rights}");
                }
            }
        }
    }

    #[test]
    fn chess960_rights_follow_the_rook_squares() {
        // King on b1 with rooks on a1 and f1; black the same.
        let rights = CastlingRights::NONE
            .with_rook(Color::White, Square::B1, Square::F1)
            .with_rook(Color::White, Square::B1, Square::A1)
            .with_rook(Color::Black, Square::B8, Square::F8);
        assert_eq!(
            rights.rook(Color::White, CastlingSide::King),
            Some(Square::F1)
        );
        assert_eq!(
            rights.rook(Color::White, CastlingSide::Queen),
            Some(Square::A1)
        );
        assert_eq!(rights.shredder(), "FAf");
        assert!(!rights.is_standard());
        // The f1 rook captured: only that right goes.
        let after = rights.after_move(Square::F5, Square::F1);
        assert_eq!(after.shredder(), "Af");
        // The h1 square means nothing here.
        assert_eq!(rights.after_move(Square::H1, Square::H2), rights);
        // The king stepping off b1 drops both white rights and forgets its square.
        let after = rights.after_move(Square::B1, Square::C2);
        assert_eq!(after.shredder(), "f");
        assert_eq!(after.king(Color::White), None);
        assert_eq!(
            after,
            CastlingRights::NONE.with_rook(Color::Black, Square::B8, Square::F8)
        );
    }

    #[test]
    fn castle_paths_cover_both_pieces_travel() {
        // King b1, rook f1, king side: the king goes to g1 across c1..g1, the rook to f1 (stays).
        let rights = CastlingRights::NONE.with_rook(Color::White, Square::B1, Square::F1);
        let path = rights.path(Color::White, CastlingSide::King).unwrap();
        assert_eq!((path.king_to, path.rook_to), (Square::G1, Square::F1));
        let names = |b: Bitboard| b.map(|sq| sq.to_string()).collect::<Vec<_>>().join(" ");
        assert_eq!(names(path.must_be_empty), "c1 d1 e1 g1");
        assert_eq!(names(path.king_path), "b1 c1 d1 e1 f1 g1");
        // King d1, rook c1, queen side: they swap, and nothing else needs to be empty.
        let rights = CastlingRights::NONE.with_rook(Color::Black, Square::D8, Square::C8);
        let path = rights.path(Color::Black, CastlingSide::Queen).unwrap();
        assert_eq!((path.king_to, path.rook_to), (Square::C8, Square::D8));
        assert!(path.must_be_empty.is_empty());
        assert_eq!(names(path.king_path), "c8 d8");
        // The standard rights give the standard squares.
        let path = CastlingRights::ALL
            .path(Color::White, CastlingSide::Queen)
            .unwrap();
        assert_eq!(names(path.must_be_empty), "b1 c1 d1");
        assert_eq!(names(path.king_path), "c1 d1 e1");
    }
}
