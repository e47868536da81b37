//! The kinds of position and of move that move generators get wrong, told apart in one place:
//! the testkit counts them to show that a test's positions cover them, `boardlab check` groups
//! its failures by them and steers its random games towards them, and `boardlab perft --stats`
//! counts its checks with them.
//!
//! - [`Checks`]: who gives check to the side to move, and which of them the last move
//!   uncovered rather than moved.
//! - [`pinned`]: the pieces pinned to their king.
//! - [`PositionKinds`]: the [`PositionKind`]s of a position (check, double check, pin, the
//!   en-passant kinds, castling, promotions), the moves judged by the [`ReferenceBoard`].
//! - [`MoveKinds`]: the [`MoveKind`]s of a move as any generator may write it, a wrong one
//!   too (castling, an en-passant capture and whether it uncovers its own king, a promotion
//!   and whether it under-promotes, a move of a pinned piece).

use crate::ReferenceBoard;
use boardlab_core::bitboard::between;
use boardlab_core::{
    Bitboard, Board, CastlingRights, Color, Move, Piece, Role, Setup, Square, UciMove,
};

/// The pieces giving check to the side to move, and those of them the last move did not put
/// where they stand.
///
/// # Examples
///
/// ```
/// use boardlab_core::{Move, MoveFlag, Setup, Square};
/// use boardlab_reference::Checks;
///
/// // The knight went from d4 to b3 and uncovered the rook on d1.
/// let after = Setup::from_fen("3k4/8/8/8/8/1N6/8/3RK3 b - - 1 1").unwrap();
/// let last = Move::new(Square::D4, Square::B3, MoveFlag::Quiet);
/// let checks = Checks::of(&after, Some(last));
/// assert_eq!(checks.checkers.count(), 1);
/// assert!(checks.is_discovered());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Checks {
    /// The pieces that attack the king of the side to move.
    pub checkers: Bitboard,
    /// The checkers that stand neither on the last move's destination nor, for castling, on
    /// its rook's: the move uncovered them. Empty when no last move is known.
    pub uncovered: Bitboard,
}

impl Checks {
    /// The checks in `setup`, reached by `last` when it is known (`last` was played by the
    /// side not to move).
    pub fn of(setup: &Setup, last: Option<Move>) -> Checks {
        let us = setup.turn;
        let checkers = setup.king(us).map_or(Bitboard::EMPTY, |king| {
            setup.attackers(king, !us, setup.occupied())
        });
        let uncovered = match last {
            Some(last) => checkers & !moved_to(last, !us),
            None => Bitboard::EMPTY,
        };
        Checks {
            checkers,
            uncovered,
        }
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        !self.checkers.is_empty()
    }

    /// Whether two pieces give check.
    pub fn is_double(&self) -> bool {
        self.checkers.more_than_one()
    }

    /// Whether the one piece giving check was uncovered by the last move: a discovered check
    /// as chessprogramming.org's perft tables count it, where a discovered check that is also
    /// a double check counts as a double check only.
    pub fn is_discovered(&self) -> bool {
        self.checkers.count() == 1 && self.uncovered == self.checkers
    }
}

/// The squares `last`, played by `mover`, put a piece on: its destination, and for castling
/// the rook's.
fn moved_to(last: Move, mover: Color) -> Bitboard {
    let squares = Bitboard::from_square(last.to());
    match last.castling_side() {
        Some(side) => squares.with(side.rook_to(mover)),
        None => squares,
    }
}

/// The pieces of the side to move pinned to their king: those whose removal would let an enemy
/// piece attack the king along the line they stand on.
///
/// # Examples
///
/// ```
/// use boardlab_core::{Bitboard, Setup, Square};
/// use boardlab_reference::pinned;
/// let pinned_bishop = Setup::from_fen("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
/// assert_eq!(pinned(&pinned_bishop), Bitboard::from_square(Square::E2));
/// ```
pub fn pinned(setup: &Setup) -> Bitboard {
    let us = setup.turn;
    let Some(king) = setup.king(us) else {
        return Bitboard::EMPTY;
    };
    let occupied = setup.occupied();
    let attackers = setup.attackers(king, !us, occupied);
    setup
        .pieces()
        .filter(|&(sq, piece)| {
            piece.color == us && piece.role != Role::King && {
                let uncovered = setup.attackers(king, !us, occupied.without(sq));
                uncovered != attackers
            }
        })
        .map(|(sq, _)| sq)
        .collect()
}

/// A kind of position that move generators find hard. A position may be of several kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PositionKind {
    /// The side to move is in check.
    Check,
    /// The side to move is in check from two pieces.
    DoubleCheck,
    /// A piece of the side to move is pinned to its king (see [`pinned`]).
    Pin,
    /// An en-passant square is set, which by [`Setup`]'s rule means a pawn of the side to move
    /// stands beside the pawn that just double-pushed, ready to take it, legally or not.
    EnPassant,
    /// An en-passant capture is legal.
    LegalEnPassant,
    /// An en-passant capture is refused: a pawn of the side to move stands ready to take en
    /// passant ([`Setup::ep_capturers`]), but the rules refuse that pawn's capture because it
    /// would leave its own king attacked. A pin does that, through the capturing pawn or
    /// through the captured one (the two pawns leaving one rank between king and rook), and so
    /// does a check the capture does not answer. A position where one pawn may take and the
    /// other may not is of this kind as well as of [`LegalEnPassant`](Self::LegalEnPassant).
    RefusedEnPassant,
    /// Some castling right is held.
    CastlingRight,
    /// A castling move is legal.
    Castling,
    /// A promotion is legal.
    Promotion,
}

impl PositionKind {
    /// Every kind, in declaration order.
    pub const ALL: [PositionKind; 9] = [
        PositionKind::Check,
        PositionKind::DoubleCheck,
        PositionKind::Pin,
        PositionKind::EnPassant,
        PositionKind::LegalEnPassant,
        PositionKind::RefusedEnPassant,
        PositionKind::CastlingRight,
        PositionKind::Castling,
        PositionKind::Promotion,
    ];

    /// The kind's name in messages.
    pub const fn name(self) -> &'static str {
        match self {
            PositionKind::Check => "check",
            PositionKind::DoubleCheck => "double check",
            PositionKind::Pin => "pin",
            PositionKind::EnPassant => "en-passant square",
            PositionKind::LegalEnPassant => "legal en passant",
            PositionKind::RefusedEnPassant => "refused en passant",
            PositionKind::CastlingRight => "castling right",
            PositionKind::Castling => "legal castling",
            PositionKind::Promotion => "legal promotion",
        }
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// The kinds ([`PositionKind`]) one position is of.
///
/// # Examples
///
/// ```
/// use boardlab_core::Setup;
/// use boardlab_reference::{PositionKind, PositionKinds};
/// // The pawns on d5 and e5 are all that stand between the king on a5 and the rook on h5.
/// let rank_pin = Setup::from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1").unwrap();
/// let kinds = PositionKinds::of(&rank_pin);
/// assert!(kinds.contains(PositionKind::RefusedEnPassant));
/// assert!(!kinds.contains(PositionKind::LegalEnPassant));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PositionKinds(u16);

impl PositionKinds {
    /// The kinds `setup` is of; the moves are the reference board's.
    pub fn of(setup: &Setup) -> PositionKinds {
        let checks = Checks::of(setup, None);
        let mut moves = boardlab_core::MoveList::new();
        ReferenceBoard::from_setup(setup).generate(boardlab_core::GenKind::All, &mut moves);
        let legal_en_passant = moves.iter().filter(|mv| mv.is_en_passant()).count();
        let present = [
            (PositionKind::Check, checks.is_check()),
            (PositionKind::DoubleCheck, checks.is_double()),
            (PositionKind::Pin, !pinned(setup).is_empty()),
            (PositionKind::EnPassant, setup.ep_square.is_some()),
            (PositionKind::LegalEnPassant, legal_en_passant > 0),
            (
                PositionKind::RefusedEnPassant,
                legal_en_passant < setup.ep_capturers().count() as usize,
            ),
            (
                PositionKind::CastlingRight,
                setup.castling != CastlingRights::NONE,
            ),
            (
                PositionKind::Castling,
                moves.iter().any(|mv| mv.is_castle()),
            ),
            (
                PositionKind::Promotion,
                moves.iter().any(|mv| mv.is_promotion()),
            ),
        ];
        let bits = present
            .into_iter()
            .filter(|&(_, held)| held)
            .fold(0, |bits, (kind, _)| bits | kind.bit());
        PositionKinds(bits)
    }

    /// Whether the position is of `kind`.
    pub fn contains(self, kind: PositionKind) -> bool {
        self.0 & kind.bit() != 0
    }

    /// Whether the position is of no kind at all.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// A kind of move that move generators get wrong. A move may be of several kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// The king's move is castling as UCI writes it: two or more files along its home rank, or
    /// onto its own rook (king takes rook, Chess960).
    Castling,
    /// A pawn's diagonal step onto the en-passant square.
    EnPassant,
    /// An en-passant capture that leaves its own king attacked along a line through one of the
    /// two squares the pawns leave: the capture a pinned pawn must not make.
    UncoveringEnPassant,
    /// A promotion.
    Promotion,
    /// A promotion to a knight, bishop or rook.
    UnderPromotion,
    /// A move of a piece pinned to its king.
    PinnedPiece,
}

impl MoveKind {
    /// Every kind, in declaration order.
    pub const ALL: [MoveKind; 6] = [
        MoveKind::Castling,
        MoveKind::EnPassant,
        MoveKind::UncoveringEnPassant,
        MoveKind::Promotion,
        MoveKind::UnderPromotion,
        MoveKind::PinnedPiece,
    ];

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The kinds ([`MoveKind`]) of one move, as any generator may write it in UCI notation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoveKinds(u8);

impl MoveKinds {
    /// The kinds of `mv` in `setup`. A buggy generator's moves are not legal, so `mv` is read
    /// as squares and a promotion, not resolved; a move from a square without a piece of the
    /// side to move is of no kind.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardlab_core::Setup;
    /// use boardlab_reference::{MoveKind, MoveKinds};
    /// // The rank pin of en passant: both pawns leave the fifth rank between king and rook.
    /// let rank_pin = Setup::from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1").unwrap();
    /// let kinds = MoveKinds::of(&rank_pin, "e5d6".parse().unwrap());
    /// assert!(kinds.contains(MoveKind::EnPassant));
    /// assert!(kinds.contains(MoveKind::UncoveringEnPassant));
    /// ```
    pub fn of(setup: &Setup, mv: UciMove) -> MoveKinds {
        let UciMove {
            from,
            to,
            promotion,
        } = mv;
        let us = setup.turn;
        let mut kinds = MoveKinds::default();
        let Some(piece) = setup.piece_at(from).filter(|piece| piece.color == us) else {
            return kinds;
        };
        if is_written_castling(setup, piece, from, to) {
            kinds.add(MoveKind::Castling);
        }
        if piece.role == Role::Pawn && setup.ep_square == Some(to) && from.file() != to.file() {
            kinds.add(MoveKind::EnPassant);
            if en_passant_uncovers_king(setup, from, to) {
                kinds.add(MoveKind::UncoveringEnPassant);
            }
        }
        if let Some(role) = promotion {
            kinds.add(MoveKind::Promotion);
            if role != Role::Queen {
                kinds.add(MoveKind::UnderPromotion);
            }
        }
        if pinned(setup).contains(from) {
            kinds.add(MoveKind::PinnedPiece);
        }
        kinds
    }

    fn add(&mut self, kind: MoveKind) {
        self.0 |= kind.bit();
    }

    /// Whether the move is of `kind`.
    pub fn contains(self, kind: MoveKind) -> bool {
        self.0 & kind.bit() != 0
    }
}

/// Whether the king's move from `from` to `to` is castling as UCI writes it: two or more
/// files along its home rank, or onto its own rook (Chess960).
fn is_written_castling(setup: &Setup, piece: Piece, from: Square, to: Square) -> bool {
    let home = if piece.color == Color::White { 0 } else { 7 };
    piece.role == Role::King
        && from.rank().index() == home
        && to.rank().index() == home
        && (from.file().index().abs_diff(to.file().index()) >= 2
            || setup.piece_at(to) == Some(Piece::new(piece.color, Role::Rook)))
}

/// Whether the en-passant capture from `from` to `to` leaves its own king attacked along a line
/// through one of the two squares the pawns leave.
fn en_passant_uncovers_king(setup: &Setup, from: Square, to: Square) -> bool {
    let us = setup.turn;
    let (Some(king), Some(victim)) = (setup.king(us), to.offset(0, -us.forward())) else {
        return false;
    };
    let mut after = setup.clone();
    after.board[from.index()] = None;
    after.board[victim.index()] = None;
    after.board[to.index()] = Some(Piece::new(us, Role::Pawn));
    after
        .attackers(king, !us, after.occupied())
        .any(|attacker| {
            let line = between(attacker, king);
            line.contains(from) || line.contains(victim)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::MoveFlag;

    fn kinds(fen: &str) -> Vec<PositionKind> {
        let kinds = PositionKinds::of(&Setup::from_fen(fen).unwrap());
        PositionKind::ALL
            .into_iter()
            .filter(|&kind| kinds.contains(kind))
            .collect()
    }

    fn move_kinds(fen: &str, mv: &str) -> Vec<MoveKind> {
        let kinds = MoveKinds::of(&Setup::from_fen(fen).unwrap(), mv.parse().unwrap());
        MoveKind::ALL
            .into_iter()
            .filter(|&kind| kinds.contains(kind))
            .collect()
    }

    #[test]
    fn en_passant_is_refused_pawn_by_pawn() {
        use PositionKind::*;
        // The pawn on c5 may take; the one on e5 is pinned along the e-file by the rook.
        let one_of_two = kinds("4r2k/8/8/2PpP3/8/8/8/4K3 w - d6 0 1");
        assert!(one_of_two.contains(&LegalEnPassant), "{one_of_two:?}");
        assert!(one_of_two.contains(&RefusedEnPassant), "{one_of_two:?}");
        // The only capturer is free: nothing is refused.
        let free = kinds("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        assert_eq!(free, [EnPassant, LegalEnPassant]);
        // A check the capture does not answer refuses it too: the double push uncovered the
        // bishop's diagonal to the king.
        let in_check = kinds("2b1k3/8/8/3pP3/8/7K/8/8 w - d6 0 1");
        assert_eq!(in_check, [Check, EnPassant, RefusedEnPassant]);
        // No en-passant square: none of the en-passant kinds.
        assert_eq!(kinds("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1"), []);
    }

    #[test]
    fn checks_pins_castling_and_promotions_are_told_apart() {
        use PositionKind::*;
        assert_eq!(
            kinds("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
            [CastlingRight, Castling]
        );
        assert_eq!(kinds("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), [Promotion]);
        assert_eq!(kinds("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1"), [Pin]);
        assert_eq!(
            kinds("3k4/8/2N5/8/8/8/8/3RK3 b - - 0 1"),
            [Check, DoubleCheck]
        );
        let shield = Setup::from_fen("6k1/8/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
        assert!(pinned(&shield).is_empty());
    }

    #[test]
    fn a_check_is_discovered_only_when_its_one_checker_did_not_move() {
        let checks = |fen: &str, from: Square, to: Square, flag: MoveFlag| {
            Checks::of(
                &Setup::from_fen(fen).unwrap(),
                Some(Move::new(from, to, flag)),
            )
        };
        // Nd4-c6: the knight checks, and so does the rook it uncovered on d1.
        let double = checks(
            "3k4/8/2N5/8/8/8/8/3RK3 b - - 1 1",
            Square::D4,
            Square::C6,
            MoveFlag::Quiet,
        );
        assert!(double.is_double() && !double.is_discovered());
        assert_eq!(double.uncovered, Bitboard::from_square(Square::D1));
        // Ra1-a8 checks with the piece that moved.
        let direct = checks(
            "R3k3/8/8/8/8/8/8/4K3 b - - 1 1",
            Square::A1,
            Square::A8,
            MoveFlag::Quiet,
        );
        assert!(direct.is_check() && direct.uncovered.is_empty());
        // Castling checks with the rook, which moved too.
        let castled = checks(
            "5k2/8/8/8/8/8/8/5RK1 b - - 1 1",
            Square::E1,
            Square::G1,
            MoveFlag::KingCastle,
        );
        assert!(castled.is_check() && !castled.is_discovered());
    }

    #[test]
    fn each_kind_of_move_is_told_apart() {
        use MoveKind::*;
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        assert_eq!(move_kinds(kiwipete, "e1g1"), [Castling]);
        assert_eq!(move_kinds(kiwipete, "a2a3"), []);
        // The captured pawn shields the king on f3 from the bishop on a8.
        let diagonal = "b7/8/8/3pP3/8/5K2/8/7k w - d6 0 1";
        assert_eq!(
            move_kinds(diagonal, "e5d6"),
            [EnPassant, UncoveringEnPassant]
        );
        let promotions = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(move_kinds(promotions, "a7a8n"), [Promotion, UnderPromotion]);
        let pinned_bishop = "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1";
        assert_eq!(move_kinds(pinned_bishop, "e2d3"), [PinnedPiece]);
        // Chess960 castling written as the king taking its rook.
        assert_eq!(
            move_kinds("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", "g1b1"),
            [Castling]
        );
        // A move of the other side's piece is of no kind.
        assert_eq!(move_kinds(kiwipete, "e8g8"), []);
    }
}
