//! Lab exercise for the perft chapter: perft itself.

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

/// Exercise `perft`: the number of move paths of exactly `depth` plies from the position of
/// `tree` (1 at depth 0). The position must be back where it started when the function
/// returns.
///
/// Checked against the published counts of `crates/core/data/standard.epd` on two backends,
/// for the depths whose counts stay under a node budget, and the position is compared before
/// and after. boardlab-core's `perft` is out of reach through [`MoveTree`].
#[cfg(not(feature = "solutions"))]
pub fn perft<T: MoveTree>(tree: &mut T, depth: u32) -> u64 {
    todo!("exercise perft: read docs/src/perft.md, \"Counting the tree\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::perft::perft;
