//! Lab exercise for the Zobrist chapter: the incremental update of the hash for one move.

use boardlab_core::{Move, Setup, Zobrist};

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
/// - castling moves the rook too (`CastlingSide::rook_from`, `rook_to`);
/// - the castling rights change by `CastlingRights::after_move`;
/// - the en-passant file counts before the move when `before.ep_capturers()` is not empty,
///   and after it when the move is a double push with a pawn of the other side beside the
///   target square (the Polyglot rule, see the chapter);
/// - the side to move changes.
///
/// Checked against `Zobrist::of` of the position after each legal move of many random
/// positions. Do not call `Zobrist::of` or `Setup::play` here.
#[cfg(not(feature = "solutions"))]
pub fn update(hash: Zobrist, before: &Setup, mv: Move) -> Zobrist {
    todo!("exercise zobrist_update: XOR out what the move removes, XOR in what it adds")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::zobrist::update;
