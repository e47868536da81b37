//! Lab exercise for the Zobrist chapter: the incremental update of the hash for one move.

pub use crate::scaffold::zobrist::*;
use boardlab_core::{Move, Zobrist};

/// Exercise `zobrist_update`: the Polyglot hash of the position after `mv`, from `hash` (the
/// hash of `before`) and what `before` says about the move, without hashing the new position
/// from scratch.
///
/// XOR out what the move takes away and XOR in what it adds ([`Zobrist::piece`],
/// [`Zobrist::castling`], [`Zobrist::en_passant`], [`Zobrist::white_to_move`]):
///
/// - the mover leaves its square and arrives on the target, as the promoted piece for a
///   promotion;
/// - a captured piece leaves its square, which for en passant is behind the target;
/// - castling moves the rook too (its square is in the castling rights);
/// - the castling rights change by `CastlingRights::after_move`;
/// - the en-passant file counts before the move when `before.ep_capturers()` is not empty,
///   and after it when the move is a double push with a pawn of the other side beside the
///   target square (the Polyglot rule, see the chapter);
/// - the side to move changes.
///
/// Checked against `Zobrist::of` of the position after each legal move of many random
/// positions. The library can reach boardlab-core, whose `Zobrist::of` hashes a position from
/// scratch: that is not an answer. The test sees it two ways: it gives some updates a `hash`
/// that is not the position's own (an update must carry the difference through, since XOR
/// moves every hash alike), and it counts the squares read (a few, where a hash from scratch
/// needs all 64).
#[cfg(not(feature = "solutions"))]
pub fn update(hash: Zobrist, before: &Before, mv: Move) -> Zobrist {
    todo!("exercise zobrist_update: read docs/src/zobrist.md, \"The key is the Polyglot key\" and \"The en-passant rule\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::zobrist::update;
