//! The move-generation vocabulary every generator in boardlab speaks: which moves to produce
//! ([`GenKind`]), and where they go ([`MoveSink`], with its listing sink [`Lister`] and its
//! counting sink [`MoveCounter`]).
//!
//! A generator is written once, generic over the sink, as
//! [`Board::generate_into`](crate::Board::generate_into). The sink's type says which kind of
//! move it takes ([`MoveSink::KIND`], a constant), so a generator that tests
//! `S::KIND.wants_quiet()` before working out the quiet moves has that test decided at compile
//! time, and the same source compiles to a lister of captures for quiescence search, a lister of
//! everything, and a counter for the last ply of bulk perft.
//!
//! ```
//! use boardlab_core::{Board, BoardExt, GenKind, Lister, MoveCounter, MoveList, NoisyMoves};
//! use boardlab_reference::ReferenceBoard;
//!
//! // The position after 1.e4 d5: exd5 is the only capture among White's 31 moves.
//! let board = ReferenceBoard::from_fen(
//!     "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
//! )
//! .unwrap();
//! let mut counter = MoveCounter::new();
//! board.generate_into(&mut counter);
//! assert_eq!(counter.count(), 31);
//!
//! let mut captures = MoveList::new();
//! board.generate_into(&mut Lister::<NoisyMoves>::new(&mut captures));
//! assert_eq!(captures.len(), 1);
//! assert_eq!(captures[0].to_string(), "e4d5");
//! ```

use crate::{Bitboard, Move, MoveFlag, MoveList, Role, Square};
use std::marker::PhantomData;

/// Which legal moves a generation produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GenKind {
    /// Every legal move.
    All,
    /// Captures (en passant included) and promotions: what quiescence search looks at.
    Noisy,
    /// Every legal move that is not noisy.
    Quiet,
}

impl GenKind {
    /// Whether the kind takes captures and promotions.
    #[inline(always)]
    pub const fn wants_noisy(self) -> bool {
        !matches!(self, GenKind::Quiet)
    }

    /// Whether the kind takes the moves that neither capture nor promote.
    #[inline(always)]
    pub const fn wants_quiet(self) -> bool {
        !matches!(self, GenKind::Noisy)
    }

    /// Whether `mv` is a move of this kind.
    #[inline(always)]
    pub const fn includes(self, mv: Move) -> bool {
        if mv.is_noisy() {
            self.wants_noisy()
        } else {
            self.wants_quiet()
        }
    }
}

/// The order in which every generator lists a pawn's four promotions, so that the move lists
/// of all backends, and their divide output, come out alike.
pub const PROMOTION_ORDER: [Role; 4] = [Role::Queen, Role::Knight, Role::Rook, Role::Bishop];

/// Where a generator delivers legal moves.
///
/// [`push`](MoveSink::push) takes one move; it is all a generator needs, and all a sink must
/// implement. The other methods take several moves at once, in the shapes array and bitboard
/// generators find them in, and have default bodies written with `push`. A sink that only
/// counts answers [`tally`](MoveSink::tally) with its running count, and then every default
/// adds the number of moves instead of building each one: a bitboard generator's targets become
/// one popcount.
///
/// A generator may push moves of any kind; a sink keeps those of its [`KIND`](MoveSink::KIND)
/// and drops the rest. A generator that tests the kind first skips the work of finding moves
/// that would be dropped, and since `KIND` is a constant of the sink's type, the test costs
/// nothing at run time.
pub trait MoveSink {
    /// The kind of moves this sink takes.
    const KIND: GenKind;

    /// Takes one legal move.
    fn push(&mut self, mv: Move);

    /// The running count of a sink that only counts, `None` for one that keeps the moves.
    ///
    /// A generator may add to the count directly for moves it knows are legal and of the
    /// sink's kind, without building each move. Only a sink whose kind is [`GenKind::All`]
    /// may answer `Some`, so such a count never has to ask which moves are noisy.
    #[inline(always)]
    fn tally(&mut self) -> Option<&mut u64> {
        None
    }

    /// Takes the four promotions of a pawn from `from` to `to`, in [`PROMOTION_ORDER`].
    #[inline(always)]
    fn push_promotions(&mut self, from: Square, to: Square, capture: bool) {
        if !Self::KIND.wants_noisy() {
            return;
        }
        if let Some(count) = self.tally() {
            *count += 4;
            return;
        }
        for role in PROMOTION_ORDER {
            self.push(Move::new(from, to, MoveFlag::promotion(role, capture)));
        }
    }

    /// Takes the moves of a piece on `from` to each square of `targets`: captures onto the
    /// squares of `theirs`, quiet moves onto the others. (Not for pawns, whose moves carry
    /// other flags.)
    #[inline(always)]
    fn push_targets(&mut self, from: Square, targets: Bitboard, theirs: Bitboard) {
        if let Some(count) = self.tally() {
            *count += u64::from(targets.count());
            return;
        }
        if Self::KIND.wants_noisy() {
            for to in targets & theirs {
                self.push(Move::new(from, to, MoveFlag::Capture));
            }
        }
        if Self::KIND.wants_quiet() {
            for to in targets & !theirs {
                self.push(Move::new(from, to, MoveFlag::Quiet));
            }
        }
    }

    /// Takes pawn moves that do not promote, one onto each square of `targets`, each from the
    /// square `delta` indices behind it (8 for a white push, 16 for a white double push, 7 or 9
    /// for a white capture, negative for black), all with `flag`.
    #[inline(always)]
    fn push_pawn_moves(&mut self, targets: Bitboard, delta: i8, flag: MoveFlag) {
        let noisy = matches!(flag, MoveFlag::Capture | MoveFlag::EnPassant);
        let wanted = if noisy {
            Self::KIND.wants_noisy()
        } else {
            Self::KIND.wants_quiet()
        };
        if !wanted {
            return;
        }
        if let Some(count) = self.tally() {
            *count += u64::from(targets.count());
            return;
        }
        for to in targets {
            self.push(Move::new(behind(to, delta), to, flag));
        }
    }

    /// Takes the four promotions onto each square of `targets`, each from the square `delta`
    /// indices behind it (see [`push_pawn_moves`](MoveSink::push_pawn_moves)).
    #[inline(always)]
    fn push_pawn_promotions(&mut self, targets: Bitboard, delta: i8, capture: bool) {
        if !Self::KIND.wants_noisy() {
            return;
        }
        if let Some(count) = self.tally() {
            *count += 4 * u64::from(targets.count());
            return;
        }
        for to in targets {
            self.push_promotions(behind(to, delta), to, capture);
        }
    }
}

/// The square `delta` indices below `to`; the caller's `delta` keeps it on the board.
#[inline(always)]
fn behind(to: Square, delta: i8) -> Square {
    Square::from_index((to as i8).wrapping_sub(delta) as u8)
}

/// The kinds of [`GenKind`] as types, so that a [`Lister`]'s kind is part of its type (stable
/// Rust has no constant parameters of enum type).
pub trait ListKind {
    /// The kind this type stands for.
    const KIND: GenKind;
}

/// [`GenKind::All`] as a type.
#[derive(Debug, Clone, Copy)]
pub struct AllMoves;

/// [`GenKind::Noisy`] as a type.
#[derive(Debug, Clone, Copy)]
pub struct NoisyMoves;

/// [`GenKind::Quiet`] as a type.
#[derive(Debug, Clone, Copy)]
pub struct QuietMoves;

impl ListKind for AllMoves {
    const KIND: GenKind = GenKind::All;
}

impl ListKind for NoisyMoves {
    const KIND: GenKind = GenKind::Noisy;
}

impl ListKind for QuietMoves {
    const KIND: GenKind = GenKind::Quiet;
}

/// The listing sink: appends the moves of kind `K` to a [`MoveList`].
pub struct Lister<'a, K: ListKind> {
    out: &'a mut MoveList,
    kind: PhantomData<K>,
}

impl<'a, K: ListKind> Lister<'a, K> {
    /// A lister appending to `out`.
    #[inline(always)]
    pub fn new(out: &'a mut MoveList) -> Lister<'a, K> {
        Lister {
            out,
            kind: PhantomData,
        }
    }
}

impl<K: ListKind> MoveSink for Lister<'_, K> {
    const KIND: GenKind = K::KIND;

    #[inline(always)]
    fn push(&mut self, mv: Move) {
        if K::KIND.includes(mv) {
            self.out.push(mv);
        }
    }
}

/// The counting sink: counts every legal move without listing one, for the last ply of bulk
/// perft.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoveCounter {
    count: u64,
}

impl MoveCounter {
    /// A counter at zero.
    #[inline(always)]
    pub const fn new() -> MoveCounter {
        MoveCounter { count: 0 }
    }

    /// The moves counted so far.
    #[inline(always)]
    pub const fn count(&self) -> u64 {
        self.count
    }
}

impl MoveSink for MoveCounter {
    const KIND: GenKind = GenKind::All;

    #[inline(always)]
    fn push(&mut self, _mv: Move) {
        self.count += 1;
    }

    #[inline(always)]
    fn tally(&mut self) -> Option<&mut u64> {
        Some(&mut self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str, flag: MoveFlag) -> Move {
        let squares: crate::UciMove = text.parse().unwrap();
        Move::new(squares.from, squares.to, flag)
    }

    #[test]
    fn each_kind_takes_its_moves() {
        let quiet = mv("e2e4", MoveFlag::DoublePush);
        let capture = mv("e4d5", MoveFlag::Capture);
        let promotion = mv("a7a8", MoveFlag::PromoteQueen);
        let castle = mv("e1g1", MoveFlag::KingCastle);
        let mut all = MoveList::new();
        let mut noisy = MoveList::new();
        let mut quiet_list = MoveList::new();
        for m in [quiet, capture, promotion, castle] {
            Lister::<AllMoves>::new(&mut all).push(m);
            Lister::<NoisyMoves>::new(&mut noisy).push(m);
            Lister::<QuietMoves>::new(&mut quiet_list).push(m);
        }
        assert_eq!(&all[..], &[quiet, capture, promotion, castle]);
        assert_eq!(&noisy[..], &[capture, promotion]);
        assert_eq!(&quiet_list[..], &[quiet, castle]);
    }

    /// The set-wise methods list exactly what their per-move meaning says, and the counter
    /// counts as many moves as the all-moves lister lists.
    #[test]
    fn set_wise_moves_list_and_count_alike() {
        let e4: Square = "e4".parse().unwrap();
        let targets = Bitboard::from_square("d5".parse().unwrap())
            .with("e5".parse().unwrap())
            .with("f5".parse().unwrap());
        let theirs = Bitboard::from_square("d5".parse().unwrap());
        let pawn_targets = Bitboard::from_square("a8".parse().unwrap()).with("h8".parse().unwrap());

        fn feed<S: MoveSink>(
            sink: &mut S,
            e4: Square,
            targets: Bitboard,
            theirs: Bitboard,
            pawns: Bitboard,
        ) {
            sink.push_targets(e4, targets, theirs);
            sink.push_pawn_moves(targets, 8, MoveFlag::Quiet);
            sink.push_pawn_moves(theirs, 9, MoveFlag::Capture);
            sink.push_pawn_promotions(pawns, 8, false);
            sink.push_promotions("b7".parse().unwrap(), "a8".parse().unwrap(), true);
        }

        let mut all = MoveList::new();
        feed(
            &mut Lister::<AllMoves>::new(&mut all),
            e4,
            targets,
            theirs,
            pawn_targets,
        );
        let mut noisy = MoveList::new();
        feed(
            &mut Lister::<NoisyMoves>::new(&mut noisy),
            e4,
            targets,
            theirs,
            pawn_targets,
        );
        let mut quiet = MoveList::new();
        feed(
            &mut Lister::<QuietMoves>::new(&mut quiet),
            e4,
            targets,
            theirs,
            pawn_targets,
        );
        let mut counter = MoveCounter::new();
        feed(&mut counter, e4, targets, theirs, pawn_targets);

        let text = |list: &MoveList| {
            list.iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(
            text(&all),
            "e4d5 e4e5 e4f5 d4d5 e4e5 f4f5 c4d5 a7a8q a7a8n a7a8r a7a8b h7h8q h7h8n h7h8r h7h8b \
             b7a8q b7a8n b7a8r b7a8b"
        );
        assert_eq!(counter.count(), all.len() as u64);
        assert!(noisy.iter().all(|m| m.is_noisy()));
        assert!(quiet.iter().all(|m| !m.is_noisy()));
        assert_eq!(noisy.len() + quiet.len(), all.len());
        assert_eq!(noisy.len(), 1 + 1 + 8 + 4);
    }
}
