//! A board with one classic bug planted: what an outside crate's buggy board looks like to
//! boardlab. It wraps the magic backend and changes one thing, the legality test of en
//! passant, which it makes as if the captured pawn stayed on its square. That is the bug of a
//! generator that checks pins on the moving pawn alone: when the capturing pawn and the
//! captured one are the only pieces between the king and a rook on their rank, taking en
//! passant empties both squares and leaves the king in check, and this board allows it.

use boardlab_core::{Board, GenKind, Move, MoveFlag, MoveList, MoveSink, Piece, Role, Setup};
use boardlab_magic::MagicBoard;

/// [`MagicBoard`] with en passant through the rank pin allowed (see the module docs).
#[derive(Clone, Debug)]
pub struct EnPassantBugBoard {
    inner: MagicBoard,
}

// ANCHOR: bug
impl EnPassantBugBoard {
    /// The en-passant captures the buggy test lets through: illegal ones that would be legal
    /// if the captured pawn stayed where it is.
    fn pinned_en_passant(&self, out: &mut MoveList) {
        let Some(target) = self.inner.ep_square() else {
            return;
        };
        let setup = self.inner.to_setup();
        let us = setup.turn;
        let king = self.inner.king_square(us);
        for from in setup.ep_capturers() {
            let capture = Move::new(from, target, MoveFlag::EnPassant);
            if out.contains(&capture) {
                continue;
            }
            let mut as_if = setup.clone();
            as_if.board[from.index()] = None;
            as_if.board[target.index()] = Some(Piece::new(us, Role::Pawn));
            if !as_if.is_attacked(king, !us) {
                out.push(capture);
            }
        }
    }
}
// ANCHOR_END: bug

impl Board for EnPassantBugBoard {
    type Undo = <MagicBoard as Board>::Undo;
    const NAME: &'static str = "ep-bug";

    fn from_setup(setup: &Setup) -> EnPassantBugBoard {
        EnPassantBugBoard {
            inner: MagicBoard::from_setup(setup),
        }
    }

    // The other required methods pass straight through to the magic board.
    boardlab_core::delegate_board!(inner => state, piece_at, king_square, in_check, is_attacked,
        make, unmake, make_null, unmake_null);

    // ANCHOR: generate
    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        let mut moves = MoveList::new();
        self.inner.generate(S::KIND, &mut moves);
        if S::KIND != GenKind::Quiet {
            self.pinned_en_passant(&mut moves);
        }
        // After the bug has left a king in check, the other side could take it. The board
        // underneath is built for chess positions only, so such a capture is left out; a
        // correct generator never lists one, so nothing else changes.
        let their_king = self.inner.king_square(!self.inner.side_to_move());
        for &mv in moves.iter().filter(|mv| mv.to() != their_king) {
            sink.push(mv);
        }
    }
    // ANCHOR_END: generate
}
