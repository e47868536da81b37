//! Solution of the Zobrist exercise.

use crate::zobrist::Before;
use boardlab_core::{CastlingSide, Move, MoveFlag, Piece, Role, Zobrist};

/// The hash after `mv`: each feature the move changes is XORed out and in.
pub fn update(hash: Zobrist, before: &Before, mv: Move) -> Zobrist {
    let us = before.turn();
    let them = !us;
    let (from, to) = (mv.from(), mv.to());
    let Some(mover) = before.piece_at(from) else {
        return hash;
    };
    let mut hash = hash ^ Zobrist::piece(mover, from);

    if let Some(side) = mv.castling_side() {
        // The king lands on `to`; the rook comes from the square its right names (any square
        // of the back rank in Chess960) and lands beside it.
        let rook = Piece::new(us, Role::Rook);
        let rook_from = before
            .castling()
            .rook(us, side)
            .unwrap_or(side.rook_from(us));
        hash ^= Zobrist::piece(mover, to);
        hash ^= Zobrist::piece(rook, rook_from) ^ Zobrist::piece(rook, side.rook_to(us));
    } else {
        let arriving = mv.promotion().map_or(mover, |role| Piece::new(us, role));
        hash ^= Zobrist::piece(arriving, to);
        if mv.is_en_passant() {
            if let Some(victim) = to.offset(0, -us.forward()) {
                hash ^= Zobrist::piece(Piece::new(them, Role::Pawn), victim);
            }
        } else if let Some(captured) = before.piece_at(to) {
            hash ^= Zobrist::piece(captured, to);
        }
    }

    let rights = before.castling().after_move(from, to);
    hash ^= Zobrist::castling(before.castling()) ^ Zobrist::castling(rights);

    if let Some(ep) = before.ep_square() {
        if !before.ep_capturers().is_empty() {
            hash ^= Zobrist::en_passant(ep.file());
        }
    }
    if mv.is_double_push() {
        let their_pawn = Some(Piece::new(them, Role::Pawn));
        let beside = [to.offset(-1, 0), to.offset(1, 0)];
        if beside
            .into_iter()
            .flatten()
            .any(|sq| before.piece_at(sq) == their_pawn)
        {
            hash ^= Zobrist::en_passant(to.file());
        }
    }

    hash ^ Zobrist::white_to_move()
}
