//! Solution of the perft exercise.

use crate::perft::MoveTree;

/// Make, count below, unmake.
pub fn perft<T: MoveTree>(tree: &mut T, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for &mv in tree.moves().iter() {
        let undo = tree.play(mv);
        nodes += perft(tree, depth - 1);
        tree.take_back(mv, undo);
    }
    nodes
}
