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
