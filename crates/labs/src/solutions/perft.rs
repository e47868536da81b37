//! Solution of the perft exercise.

use boardlab_core::Board;

/// Make, count below, unmake.
pub fn perft<B: Board>(board: &mut B, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for &mv in board.legal_moves().iter() {
        let undo = board.make(mv);
        nodes += perft(board, depth - 1);
        board.unmake(mv, undo);
    }
    nodes
}
