//! Moves packed in 16 bits, and a fixed-capacity move list.

use crate::{CastlingRights, CastlingSide, Role, Square, UciMove};
use std::fmt;
use std::mem::MaybeUninit;
use std::ops::{Deref, DerefMut};

/// What kind of move a [`Move`] is: the top four bits of its encoding.
///
/// Bit 2 (`4`) marks captures and bit 3 (`8`) promotions, so "is this a capture" and "is this
/// a promotion" are single bit tests, and the low two bits of a promotion name the new role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveFlag {
    Quiet = 0,
    DoublePush = 1,
    KingCastle = 2,
    QueenCastle = 3,
    Capture = 4,
    EnPassant = 5,
    PromoteKnight = 8,
    PromoteBishop = 9,
    PromoteRook = 10,
    PromoteQueen = 11,
    CapturePromoteKnight = 12,
    CapturePromoteBishop = 13,
    CapturePromoteRook = 14,
    CapturePromoteQueen = 15,
}

impl MoveFlag {
    const FROM_BITS: [Option<MoveFlag>; 16] = [
        Some(MoveFlag::Quiet),
        Some(MoveFlag::DoublePush),
        Some(MoveFlag::KingCastle),
        Some(MoveFlag::QueenCastle),
        Some(MoveFlag::Capture),
        Some(MoveFlag::EnPassant),
        None,
        None,
        Some(MoveFlag::PromoteKnight),
        Some(MoveFlag::PromoteBishop),
        Some(MoveFlag::PromoteRook),
        Some(MoveFlag::PromoteQueen),
        Some(MoveFlag::CapturePromoteKnight),
        Some(MoveFlag::CapturePromoteBishop),
        Some(MoveFlag::CapturePromoteRook),
        Some(MoveFlag::CapturePromoteQueen),
    ];

    /// The promotion flag for `role`, as a capture or not. `role` must be one of
    /// [`Role::PROMOTIONS`]; anything else is treated as a queen.
    #[inline]
    pub const fn promotion(role: Role, capture: bool) -> MoveFlag {
        let low = match role {
            Role::Knight => 0,
            Role::Bishop => 1,
            Role::Rook => 2,
            _ => 3,
        };
        match (capture, low) {
            (false, 0) => MoveFlag::PromoteKnight,
            (false, 1) => MoveFlag::PromoteBishop,
            (false, 2) => MoveFlag::PromoteRook,
            (false, _) => MoveFlag::PromoteQueen,
            (true, 0) => MoveFlag::CapturePromoteKnight,
            (true, 1) => MoveFlag::CapturePromoteBishop,
            (true, 2) => MoveFlag::CapturePromoteRook,
            (true, _) => MoveFlag::CapturePromoteQueen,
        }
    }
}

/// A move in 16 bits, the same encoding for every backend so move lists compare exactly:
///
/// ```text
/// bit  15 14 13 12 | 11 10  9  8  7  6 | 5  4  3  2  1  0
///      flag        | to square         | from square
/// ```
///
/// `from` and `to` are [`Square`] indexes (a1 = 0). The flag is a [`MoveFlag`]: `4` is set on
/// every capture (en passant included), `8` on every promotion, and a promotion's low two bits
/// pick knight, bishop, rook or queen. Castling is the king's move (`e1g1`) with a castle flag,
/// in Chess960 too: `to` is the king's destination on the g- or c-file and the flag says which
/// right (so which rook) is used. A Chess960 king that castles without moving (king on g1 with
/// its rook on h1) has `from == to`, still one distinct value thanks to the flag; the rook's
/// square is the position's business ([`CastlingRights::rook`]). Only the text differs: a
/// Chess960 engine writes castling as the king taking its own rook (`g1h1`), which
/// [`Move::to_uci`] produces given the rights.
/// The all-zero value (`a1a1`, quiet) is never a legal move and serves as [`Move::NULL`].
///
/// # Examples
///
/// ```
/// use boardlab_core::{Move, MoveFlag, Square};
/// let mv = Move::new(Square::E2, Square::E4, MoveFlag::DoublePush);
/// assert_eq!(mv.to_string(), "e2e4");
/// assert_eq!(mv.bits(), 12 | 28 << 6 | 1 << 12);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Move(u16);

impl Move {
    /// The null move: no legal move encodes to zero.
    pub const NULL: Move = Move(0);

    /// A move from `from` to `to` of kind `flag`.
    #[inline]
    pub const fn new(from: Square, to: Square, flag: MoveFlag) -> Move {
        Move(from as u16 | (to as u16) << 6 | (flag as u16) << 12)
    }

    /// The move from its 16 bits, or `None` if the flag bits are not a [`MoveFlag`].
    #[inline]
    pub const fn from_bits(bits: u16) -> Option<Move> {
        match MoveFlag::FROM_BITS[(bits >> 12) as usize] {
            Some(_) => Some(Move(bits)),
            None => None,
        }
    }

    /// The 16 bits.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 63) as u8)
    }

    /// The square the piece lands on (for castling, the king's destination).
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index((self.0 >> 6 & 63) as u8)
    }

    /// The kind of move.
    #[inline]
    pub const fn flag(self) -> MoveFlag {
        match MoveFlag::FROM_BITS[(self.0 >> 12) as usize] {
            Some(flag) => flag,
            None => MoveFlag::Quiet,
        }
    }

    /// The raw four flag bits.
    #[inline]
    pub const fn flag_bits(self) -> u8 {
        (self.0 >> 12) as u8
    }

    /// Whether the move captures (en passant included).
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.0 & (4 << 12) != 0
    }

    /// Whether the move promotes.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 & (8 << 12) != 0
    }

    /// Whether the move is a capture or a promotion: the moves [`GenKind::Noisy`](crate::GenKind)
    /// generates.
    #[inline]
    pub const fn is_noisy(self) -> bool {
        self.0 & (12 << 12) != 0
    }

    /// Whether the move is an en-passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 == MoveFlag::EnPassant as u16
    }

    /// Whether the move is castling (either side).
    #[inline]
    pub const fn is_castle(self) -> bool {
        let f = self.0 >> 12;
        f == MoveFlag::KingCastle as u16 || f == MoveFlag::QueenCastle as u16
    }

    /// The side a castling move castles to, `None` for any other move: the one reading of
    /// the two castling flags.
    ///
    /// ```
    /// use boardlab_core::{CastlingSide, Move, MoveFlag, Square};
    /// let long = Move::new(Square::E1, Square::C1, MoveFlag::QueenCastle);
    /// assert_eq!(long.castling_side(), Some(CastlingSide::Queen));
    /// assert_eq!(Move::new(Square::E1, Square::F1, MoveFlag::Quiet).castling_side(), None);
    /// ```
    #[inline]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        match self.0 >> 12 {
            f if f == MoveFlag::KingCastle as u16 => Some(CastlingSide::King),
            f if f == MoveFlag::QueenCastle as u16 => Some(CastlingSide::Queen),
            _ => None,
        }
    }

    /// Whether the move is a pawn's two-square first step.
    #[inline]
    pub const fn is_double_push(self) -> bool {
        self.0 >> 12 == MoveFlag::DoublePush as u16
    }

    /// The role a promotion makes, or `None`.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        if self.is_promotion() {
            Some(Role::PROMOTIONS[(self.0 >> 12 & 3) as usize])
        } else {
            None
        }
    }
}

impl Move {
    /// The move in UCI notation. With `king_takes_rook`, castling is written as the king taking
    /// its own rook (`e1h1`, `g1h1`), the rook found in `castling`, the rights before the move;
    /// without, as the king's move (`e1g1`), which is [`Move`]'s `Display`.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardlab_core::{CastlingRights, Move, MoveFlag, Square};
    /// let castle = Move::new(Square::E1, Square::G1, MoveFlag::KingCastle);
    /// assert_eq!(castle.to_uci(CastlingRights::ALL, false), "e1g1");
    /// assert_eq!(castle.to_uci(CastlingRights::ALL, true), "e1h1");
    /// ```
    pub fn to_uci(self, castling: CastlingRights, king_takes_rook: bool) -> String {
        UciMove::written(self, castling, king_takes_rook).to_string()
    }
}

impl fmt::Display for Move {
    /// UCI notation: `e2e4`, `e7e8q`, castling as the king's move `e1g1`; the null move is `0000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Move::NULL {
            return f.write_str("0000");
        }
        UciMove::from(*self).fmt(f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}({:?})", self.flag())
    }
}

/// The most moves a list holds: enough for every position that passes validation.
///
/// Validation allows at most 16 pieces a side, the king among them. No piece has more than 27
/// moves (a queen in the middle of an empty board; a rook has at most 14, a bishop 13, a knight
/// 8, a pawn 12 when it promotes), and the king has at most 8 steps and 2 castlings. So a side
/// has at most `15 * 27 + 8 + 2` = 415 legal moves. (The most known in a position reachable from
/// the start is 218; with 15 queens on the board, 241 are easy to reach.)
pub const MAX_MOVES: usize = 15 * 27 + 8 + 2;

/// A list of moves with fixed capacity, living on the stack: move generation never allocates.
#[derive(Clone)]
pub struct MoveList {
    /// Slots `..len` are initialised; the rest are not, so a new list costs no 512-byte fill.
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        // Only `len` is written. A struct literal with an uninitialised array compiled to a
        // fill of all 838 bytes with zeros at every `new`, about 1% of full-make perft's
        // instructions (callgrind).
        let mut list = MaybeUninit::<MoveList>::uninit();
        // SAFETY: `len` is written through a raw pointer, never a reference to uninitialised
        // memory; after it, every field is initialised but the array, whose slots are
        // `MaybeUninit` and may stay so.
        unsafe {
            std::ptr::addr_of_mut!((*list.as_mut_ptr()).len).write(0);
            list.assume_init()
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    ///
    /// When the list already holds [`MAX_MOVES`], which the legal moves of a validated position
    /// never reach (see there): a move is never dropped silently.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        let len = self.len;
        assert!(
            len < MAX_MOVES,
            "a move list holds at most {MAX_MOVES} moves"
        );
        self.moves[len] = MaybeUninit::new(mv);
        self.len = len + 1;
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` is true, preserving order.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self[i];
            if keep(mv) {
                self.moves[kept] = MaybeUninit::new(mv);
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        // SAFETY: the first `len` slots are initialised (every push writes before it counts),
        // and `MaybeUninit<Move>` has the layout of `Move`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
}

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        // SAFETY: as for `deref`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        for mv in iter {
            self.push(mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip_through_the_bits() {
        for from in Square::ALL {
            for to in [Square::A1, Square::H8, Square::E4] {
                for flag in MoveFlag::FROM_BITS.into_iter().flatten() {
                    let mv = Move::new(from, to, flag);
                    assert_eq!((mv.from(), mv.to(), mv.flag()), (from, to, flag));
                    assert_eq!(Move::from_bits(mv.bits()), Some(mv));
                }
            }
        }
        assert_eq!(Move::from_bits(6 << 12), None);
    }

    #[test]
    fn flag_bits_classify_moves() {
        let promo = Move::new(Square::E7, Square::D8, MoveFlag::CapturePromoteRook);
        assert!(promo.is_capture() && promo.is_promotion() && promo.is_noisy());
        assert_eq!(promo.promotion(), Some(Role::Rook));
        assert_eq!(promo.to_string(), "e7d8r");
        let ep = Move::new(Square::E5, Square::D6, MoveFlag::EnPassant);
        assert!(ep.is_capture() && ep.is_en_passant() && !ep.is_promotion());
        let castle = Move::new(Square::E1, Square::G1, MoveFlag::KingCastle);
        assert!(castle.is_castle() && !castle.is_noisy());
        assert_eq!(
            MoveFlag::promotion(Role::Bishop, true),
            MoveFlag::CapturePromoteBishop
        );
    }

    fn full_list() -> MoveList {
        let mut list = MoveList::new();
        for i in 0..MAX_MOVES as u16 {
            list.push(Move::from_bits(i + 1).unwrap());
        }
        list
    }

    #[test]
    fn move_list_fills_to_capacity_and_retains() {
        let mut list = full_list();
        assert_eq!(list.len(), MAX_MOVES);
        assert_eq!(list[MAX_MOVES - 1].bits(), MAX_MOVES as u16);
        list.retain(|mv| mv.bits() % 2 == 0);
        assert_eq!(list.len(), MAX_MOVES / 2);
        assert!(list.iter().all(|mv| mv.bits() % 2 == 0));
    }

    #[test]
    #[should_panic(expected = "a move list holds at most 415 moves")]
    fn a_push_past_capacity_fails_loudly() {
        full_list().push(Move::NULL);
    }
}
