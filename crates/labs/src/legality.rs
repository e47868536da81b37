//! Lab exercise for the legality chapter: pin detection.

use boardlab_core::{Bitboard, Setup};

/// Exercise `pins`: the pieces of the side to move that are pinned to their own king: each
/// stands alone between the king and an enemy rook or queen on a rank or file, or an enemy
/// bishop or queen on a diagonal.
///
/// One way: for each enemy slider, if it shares a suitable line with the king
/// (`boardlab_core::bitboard::line`), look at the squares between them
/// (`boardlab_core::bitboard::between`).
///
/// Checked on random positions against a brute-force answer: a piece is pinned when lifting it
/// off the board lets a new enemy slider attack the king. boardlab-core has no pin finder;
/// the brute force itself (`Setup::attackers` asked again with each piece lifted) is within
/// reach, and is not the exercise, though the test cannot tell it from an answer.
#[cfg(not(feature = "solutions"))]
pub fn pinned(setup: &Setup) -> Bitboard {
    todo!("exercise pins: read docs/src/legality.md, \"Three ways to legal moves\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::legality::pinned;
