//! Perft: counting the leaves of the legal move tree, the standard test of a move generator.

use crate::{Board, GenKind, Move, MoveList};

/// The deepest depth boardlab goes to: the deepest perft, divide, diff or search any command
/// accepts, and the last iteration a search starts. Far beyond what finishes, but bounded, so
/// that every fixed-size structure below a depth (the search's tables, the work units' paths)
/// provably suffices.
pub const MAX_DEPTH: u32 = 64;

/// How the last ply is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PerftMode {
    /// At depth 1, count the legal moves without playing them (what engines report).
    Bulk,
    /// Make and unmake every leaf move: measures make/unmake as well as generation.
    FullMake,
}

impl PerftMode {
    /// `"bulk"` or `"full-make"`, as the CLI's JSON reports it.
    pub const fn name(self) -> &'static str {
        match self {
            PerftMode::Bulk => "bulk",
            PerftMode::FullMake => "full-make",
        }
    }
}

/// The number of leaf nodes `depth` plies below `board`.
///
/// # Examples
///
/// Any backend works the same way; a board type is all that changes.
///
/// ```
/// use boardlab_core::{perft, BoardExt, PerftMode, START_FEN};
/// use boardlab_reference::ReferenceBoard;
/// let mut board = ReferenceBoard::from_fen(START_FEN).unwrap();
/// assert_eq!(perft(&mut board, 3, PerftMode::Bulk), 8902);
/// ```
pub fn perft<B: Board>(board: &mut B, depth: u32, mode: PerftMode) -> u64 {
    match (depth, mode) {
        (0, _) => 1,
        (1, PerftMode::Bulk) => board.count_legal(),
        _ => {
            let mut moves = MoveList::new();
            board.generate(GenKind::All, &mut moves);
            if depth == 1 {
                for &mv in moves.iter() {
                    let undo = board.make(mv);
                    // Nothing reads the board between make and unmake, so without this the
                    // compiler may drop the leaf makes it can see through; full-make perft is
                    // there to time them.
                    std::hint::black_box(&mut *board);
                    board.unmake(mv, undo);
                }
                return moves.len() as u64;
            }
            let mut nodes = 0;
            if depth == 2 && mode == PerftMode::Bulk {
                for &mv in moves.iter() {
                    let undo = board.make(mv);
                    nodes += board.count_legal();
                    board.unmake(mv, undo);
                }
                return nodes;
            }
            for &mv in moves.iter() {
                let undo = board.make(mv);
                nodes += perft(board, depth - 1, mode);
                board.unmake(mv, undo);
            }
            nodes
        }
    }
}

/// Perft split by root move, as Stockfish's `go perft` prints it: each legal move with the leaf
/// count below it, in generation order. Depth 0 gives an empty list.
pub fn divide<B: Board>(board: &mut B, depth: u32, mode: PerftMode) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = MoveList::new();
    board.generate(GenKind::All, &mut moves);
    moves
        .iter()
        .map(|&mv| {
            let undo = board.make(mv);
            let nodes = perft(board, depth - 1, mode);
            board.unmake(mv, undo);
            (mv, nodes)
        })
        .collect()
}
