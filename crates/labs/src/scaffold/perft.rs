//! The given part of the `perft` lab: what its exercises are written against and its
//! tests read. It lives outside the file a student writes (`crates/labs/src/perft.rs`), so
//! that the grading command uses this version whatever the student changed in theirs.

use boardlab_core::{Board, BoardExt, Move, MoveList};

/// What perft needs from a board, and no more: its legal moves, and make and unmake. Every
/// [`Board`] is one.
///
/// The exercise is written over this trait rather than over `Board`, so that it cannot hand
/// the work to boardlab-core's own `perft` (which takes a `Board`).
pub trait MoveTree {
    /// What [`take_back`](MoveTree::take_back) needs to restore the position.
    type Undo;

    /// The legal moves of the position.
    fn moves(&self) -> MoveList;

    /// Plays `mv`, one of [`moves`](MoveTree::moves).
    fn play(&mut self, mv: Move) -> Self::Undo;

    /// Takes back `mv`, the last move played, with what [`play`](MoveTree::play) returned.
    fn take_back(&mut self, mv: Move, undo: Self::Undo);
}

impl<B: Board> MoveTree for B {
    type Undo = B::Undo;

    fn moves(&self) -> MoveList {
        self.legal_moves()
    }

    fn play(&mut self, mv: Move) -> B::Undo {
        self.make(mv)
    }

    fn take_back(&mut self, mv: Move, undo: B::Undo) {
        self.unmake(mv, undo);
    }
}
