//! The kinds of position move generators get wrong, told apart in one place: the testkit counts
//! them to show that a test's positions cover them, and `boardlab check` counts them among the
//! positions it draws and steers its random games towards them.

use crate::{Bitboard, Board, CastlingRights, ReferenceBoard, Role, Setup};

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
/// use boardlab_core::{PositionKind, PositionKinds, Setup};
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
        let us = setup.turn;
        let checkers = setup.king(us).map_or(Bitboard::EMPTY, |king| {
            setup.attackers(king, !us, setup.occupied())
        });
        let moves = ReferenceBoard::from_setup(setup).legal_moves();
        let legal_en_passant = moves.iter().filter(|mv| mv.is_en_passant()).count();
        let present = [
            (PositionKind::Check, !checkers.is_empty()),
            (PositionKind::DoubleCheck, checkers.more_than_one()),
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

/// The pieces of the side to move pinned to their king: those whose removal would let an enemy
/// piece attack the king along the line they stand on.
///
/// # Examples
///
/// ```
/// use boardlab_core::{pinned, Bitboard, Setup, Square};
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

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(fen: &str) -> Vec<PositionKind> {
        let kinds = PositionKinds::of(&Setup::from_fen(fen).unwrap());
        PositionKind::ALL
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
}
