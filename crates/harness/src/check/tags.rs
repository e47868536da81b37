//! What a failure is about: tags read off the position where the move lists differ and the
//! moves that differ, so that failures with the same cause fall into one group.

use crate::Position;
use boardlab_core::UciMove;
use boardlab_reference::kinds::{Checks, MoveKind, MoveKinds};
use std::fmt;

/// A kind of failure. A failure may have several; one with none is [`Tag::Other`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tag {
    /// A differing move is castling.
    Castling,
    /// A differing move is castling, in a Chess960 position.
    Chess960Castling,
    /// A differing move is an en-passant capture.
    EnPassant,
    /// A differing move is an en-passant capture that uncovers a line to its own king (through
    /// the capturing or the captured pawn): the capture a pinned pawn must not make.
    EnPassantPin,
    /// A differing move promotes.
    Promotion,
    /// A differing move promotes to a knight, bishop or rook.
    UnderPromotion,
    /// The side to move is in check: the moves differ among the evasions.
    CheckEvasion,
    /// The side to move is in check from two pieces.
    DoubleCheck,
    /// A differing move is made by a piece pinned to its king.
    PinnedPiece,
    /// The side to move is in check from a piece the last move uncovered.
    DiscoveredCheck,
    /// None of the above.
    Other,
}

impl Tag {
    /// Every tag, in the order groups are reported.
    pub const ALL: [Tag; 11] = [
        Tag::Castling,
        Tag::Chess960Castling,
        Tag::EnPassant,
        Tag::EnPassantPin,
        Tag::Promotion,
        Tag::UnderPromotion,
        Tag::CheckEvasion,
        Tag::DoubleCheck,
        Tag::PinnedPiece,
        Tag::DiscoveredCheck,
        Tag::Other,
    ];

    /// The group's name in reports: `castling`, `en-passant-pin`, …
    pub const fn name(self) -> &'static str {
        match self {
            Tag::Castling => "castling",
            Tag::Chess960Castling => "chess960-castling",
            Tag::EnPassant => "en-passant",
            Tag::EnPassantPin => "en-passant-pin",
            Tag::Promotion => "promotion",
            Tag::UnderPromotion => "under-promotion",
            Tag::CheckEvasion => "check-evasion",
            Tag::DoubleCheck => "double-check",
            Tag::PinnedPiece => "pinned-piece",
            Tag::DiscoveredCheck => "discovered-check",
            Tag::Other => "other",
        }
    }

    /// What the group is about, in words.
    pub const fn meaning(self) -> &'static str {
        match self {
            Tag::Castling => "castling moves differ",
            Tag::Chess960Castling => "Chess960 castling moves differ",
            Tag::EnPassant => "en-passant captures differ",
            Tag::EnPassantPin => "en-passant captures that uncover a line to the king differ",
            Tag::Promotion => "promotions differ",
            Tag::UnderPromotion => "promotions to a knight, bishop or rook differ",
            Tag::CheckEvasion => "the moves out of check differ",
            Tag::DoubleCheck => "the moves out of a double check differ",
            Tag::PinnedPiece => "moves of a pinned piece differ",
            Tag::DiscoveredCheck => "the moves out of a discovered check differ",
            Tag::Other => "the moves differ in no way named above",
        }
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The tags of a failure whose move lists differ at `at` by the moves `differing` (those only
/// one side lists, in `at`'s notation; a buggy generator's are not legal, so they are read as
/// squares and a promotion, not resolved). The kinds of move and of check are boardlab-reference's
/// one classifier's ([`MoveKinds`], [`Checks`]); this only names the groups.
pub fn tags(at: &Position, differing: &[UciMove]) -> Vec<Tag> {
    let setup = at.setup();
    let mut found = Vec::new();
    let mut add = |tag: Tag| {
        if !found.contains(&tag) {
            found.push(tag);
        }
    };
    for &mv in differing {
        let kinds = MoveKinds::of(&setup, mv);
        if kinds.contains(MoveKind::Castling) {
            add(Tag::Castling);
            if at.king_takes_rook() || setup.has_chess960_castling() {
                add(Tag::Chess960Castling);
            }
        }
        for (kind, tag) in [
            (MoveKind::EnPassant, Tag::EnPassant),
            (MoveKind::UncoveringEnPassant, Tag::EnPassantPin),
            (MoveKind::Promotion, Tag::Promotion),
            (MoveKind::UnderPromotion, Tag::UnderPromotion),
            (MoveKind::PinnedPiece, Tag::PinnedPiece),
        ] {
            if kinds.contains(kind) {
                add(tag);
            }
        }
    }
    let checks = Checks::of(&setup, at.moves().last().copied());
    if checks.is_check() {
        add(Tag::CheckEvasion);
        if checks.is_double() {
            add(Tag::DoubleCheck);
        }
        // Any checker the last move uncovered, a double check's included.
        if !checks.uncovered.is_empty() {
            add(Tag::DiscoveredCheck);
        }
    }
    if found.is_empty() {
        found.push(Tag::Other);
    }
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tagged(fen: &str, moves: &[&str], differing: &[&str]) -> Vec<Tag> {
        let mut at = Position::from_fen(fen, false).unwrap();
        for mv in moves {
            at.play(mv).unwrap();
        }
        let differing: Vec<UciMove> = differing.iter().map(|m| m.parse().unwrap()).collect();
        tags(&at, &differing)
    }

    #[test]
    fn each_kind_of_move_gets_its_tag() {
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        assert_eq!(tagged(kiwipete, &[], &["e1g1"]), [Tag::Castling]);
        assert_eq!(tagged(kiwipete, &[], &["a2a3"]), [Tag::Other]);
        // The rank pin of en passant: both pawns leave the fifth rank between king and rook.
        let rank_pin = "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1";
        assert_eq!(
            tagged(rank_pin, &[], &["e5d6"]),
            [Tag::EnPassant, Tag::EnPassantPin]
        );
        // The captured pawn shields the king on f3 from the bishop on a8.
        let diagonal = "b7/8/8/3pP3/8/5K2/8/7k w - d6 0 1";
        assert_eq!(
            tagged(diagonal, &[], &["e5d6"]),
            [Tag::EnPassant, Tag::EnPassantPin]
        );
        let promotions = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(
            tagged(promotions, &[], &["a7a8n"]),
            [Tag::Promotion, Tag::UnderPromotion]
        );
        let pinned_bishop = "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1";
        assert_eq!(tagged(pinned_bishop, &[], &["e2d3"]), [Tag::PinnedPiece]);
    }

    #[test]
    fn checks_are_told_by_kind() {
        let direct = tagged("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &["a1a8"], &["e8e7"]);
        assert_eq!(direct, [Tag::CheckEvasion]);
        let discovered = tagged("3k4/8/8/8/3N4/8/8/3RK3 w - - 0 1", &["d4b3"], &["d8d7"]);
        assert_eq!(discovered, [Tag::CheckEvasion, Tag::DiscoveredCheck]);
        let both = tagged("3k4/8/8/8/3N4/8/8/3RK3 w - - 0 1", &["d4c6"], &["d8c7"]);
        assert_eq!(
            both,
            [Tag::CheckEvasion, Tag::DoubleCheck, Tag::DiscoveredCheck]
        );
    }

    #[test]
    fn chess960_castling_is_tagged_as_both() {
        let mut at = Position::from_fen("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", false).unwrap();
        assert!(at.king_takes_rook());
        let found = tags(&at, &["g1b1".parse().unwrap()]);
        assert_eq!(found, [Tag::Castling, Tag::Chess960Castling]);
        at.play("g1h1").unwrap();
        assert_eq!(tags(&at, &["a1a2".parse().unwrap()]), [Tag::Other]);
    }
}
