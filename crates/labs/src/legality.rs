//! Lab exercise for the legality chapter: pin detection.

pub use crate::scaffold::legality::*;
use boardlab_core::Bitboard;

/// Exercise `pins`: the pieces of the side to move that are pinned to their own king: each
/// stands alone between the king and an enemy rook or queen on a rank or file, or an enemy
/// bishop or queen on a diagonal.
///
/// One way: for each enemy slider (`board.sliders`), if it shares a line it moves along with
/// the king (`boardlab_core::bitboard::line`), look at the occupied squares between them
/// (`boardlab_core::bitboard::between`).
///
/// Checked on random positions against a brute force: a piece is pinned when lifting it off
/// the board lets a new enemy slider attack the king. The brute force asks an attack query
/// per piece, and the test counts the queries ([`PinBoard::attackers`], two allowed a
/// position) and the squares read off the king's lines ([`PinBoard::piece_at`], none
/// allowed), so it is not an answer.
#[cfg(not(feature = "solutions"))]
pub fn pinned<P: PinBoard>(board: &P) -> Bitboard {
    todo!("exercise pins: read docs/src/legality.md, \"Three ways to legal moves\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::legality::pinned;
