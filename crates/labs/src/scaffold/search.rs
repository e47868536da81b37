//! The given part of the `search` lab: what its exercises are written against and its
//! tests read. It lives outside the file a student writes (`crates/labs/src/search.rs`), so
//! that the grading command uses this version whatever the student changed in theirs.

/// A score no position reaches: the window `(-INFINITY, INFINITY)` is the full window.
pub const INFINITY: i32 = 1_000_000;

/// What the tree searches need from a game: the children of a position, in the order to search
/// them, and the score of a leaf.
pub trait GameTree {
    /// A position of the game, as the tree names it.
    type Position: Copy;

    /// The children of `position`, in the order they are to be searched; empty at a leaf.
    /// A search asks once for each position it visits.
    fn children(&self, position: Self::Position) -> Vec<Self::Position>;

    /// The score of a leaf, for the side to move there (the negamax convention: good for the
    /// side to move is positive). A search asks once for each leaf it visits.
    fn evaluate(&self, position: Self::Position) -> i32;
}
