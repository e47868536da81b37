//! The edge-test counter (feature `count-edge-tests`): how many times [`Grid8x8`]'s step asked
//! whether a step stays on the board, counted per thread so that tests running side by side
//! do not mix their counts.
//!
//! [`Grid8x8`]: crate::Grid8x8

use crate::Array8x8Board;
use boardlab_core::{Board, GenKind, MoveList};
use std::cell::Cell;

thread_local! {
    static EDGE_TESTS: Cell<u64> = const { Cell::new(0) };
}

#[inline(always)]
pub(crate) fn add_one() {
    EDGE_TESTS.with(|count| count.set(count.get() + 1));
}

/// The edge tests this thread has made so far.
pub fn count() -> u64 {
    EDGE_TESTS.with(Cell::get)
}

/// Sets this thread's count back to zero.
pub fn reset() {
    EDGE_TESTS.with(|count| count.set(0));
}

/// The edge tests of `f`, run on this thread.
pub fn of<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = count();
    let value = f();
    (value, count() - before)
}

/// What a perft walk cost in edge tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EdgeTestReport {
    /// The positions whose moves were generated (every node above the leaves).
    pub positions: u64,
    /// The legal moves generated there, the same as the leaves of the walk.
    pub moves: u64,
    /// The edge tests made while generating them, attack tests included.
    pub edge_tests: u64,
}

impl EdgeTestReport {
    /// Edge tests per generated move.
    pub fn per_move(&self) -> f64 {
        self.edge_tests as f64 / self.moves.max(1) as f64
    }
}

/// Walks every line `depth` plies deep from `board`, generating the full list of legal moves
/// at each position above the leaves, and counts the edge tests of those generations alone
/// (make and unmake test nothing).
pub fn perft_report(board: &mut Array8x8Board, depth: u32) -> EdgeTestReport {
    let mut report = EdgeTestReport {
        positions: 0,
        moves: 0,
        edge_tests: 0,
    };
    walk(board, depth, &mut report);
    report
}

fn walk(board: &mut Array8x8Board, depth: u32, report: &mut EdgeTestReport) {
    if depth == 0 {
        return;
    }
    let mut moves = MoveList::new();
    let ((), tests) = of(|| board.generate(GenKind::All, &mut moves));
    report.positions += 1;
    report.moves += moves.len() as u64;
    report.edge_tests += tests;
    for &mv in moves.iter() {
        let undo = board.make(mv);
        walk(board, depth - 1, report);
        board.unmake(mv, undo);
    }
}
