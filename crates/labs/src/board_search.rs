//! Lab exercises for the search chapter: a real search on a real board. Iterative deepening
//! with mate and draw scores (`deepening`), a transposition table with bounds (`tt_bounds`),
//! and killers and history (`killers_history`).
//!
//! The search runs on any board of boardlab's `Board` trait; its tests give it a
//! [`Counted`] board, whose moves made are the search's nodes, and compare the nodes, the
//! score, the best move and the depth with the search the doc of [`iterative_deepening`]
//! specifies, on fixed positions at fixed depths, then count the Bratko-Kopec positions it
//! solves within a node budget. The library can reach boardlab-engine, whose `Searcher` is a
//! search of its own: it is not an answer (its evaluation, its order and its pruning are
//! others, and the test sees its nodes on the counted board).

pub use crate::scaffold::board_search::*;
use boardlab_core::{Board, Move};
use boardlab_engine::EngineQueries;

/// Exercise `deepening` (and, once `limits.table` or `limits.killers_history` is on, the
/// search the other two exercises change): iterative deepening to `limits.depth`.
///
/// `game` holds the search keys (`board.search_zobrist().key`) of the game's positions
/// before this one, oldest first. Iterations 1 to `limits.depth`, each a fail-soft
/// alpha-beta search of the root with the full window `(-INFINITY, INFINITY)`; the report is
/// the last completed iteration's best move, score and depth. A position with no legal move
/// reports no move, depth 0 and the score `-MATE` in check, 0 otherwise.
///
/// A node `depth` plies from the leaves at `ply` plies from the root, with the window
/// `(alpha, beta)`:
///
/// 1. Below the root (`ply > 0`), a draw scores 0: the half-move clock at 100 or more, unless
///    the side to move is checkmated; or the node's search key among the keys of `game` and of
///    the positions from the root down to this node's parent.
/// 2. At `depth == 0`, the value is your quiescence search's (the `quiescence` exercise),
///    `quiescence(board, alpha, beta, &mut |b| evaluate(b))` with [`evaluate`].
/// 3. With `limits.table`, below the root, the table's entry of the key (`tables.tt.get`), if
///    there is one, gives the hash move, and [`tt_probe`] may end the node with its score.
///    At the root the hash move is the last iteration's best move (with or without the table).
/// 4. No legal move: `-(MATE - ply)` in check (mated here, `ply` plies from the root), 0 in
///    stalemate.
/// 5. The legal moves in the order of [`basic_order`], or with `limits.killers_history` of
///    [`order_moves`]; each made, searched with `(-beta, -alpha)` at `depth - 1` and
///    `ply + 1`, negated, and unmade. The best score (and the first move that reached it) is
///    kept and raises `alpha`; when `alpha` reaches `beta` the node ends, after
///    [`reward`] for a quiet move (not `mv.is_noisy()`) with `limits.killers_history`.
/// 6. With `limits.table`, the node's entry, [`tt_entry`] with the window it was entered
///    with, is put into the table (`tables.tt.put`), at the root too.
///
/// With `limits.nodes`, before each move the search makes in step 5, if the moves made since
/// the search began ([`moves_made`] read at its start and now) have reached the budget, the
/// search stops and the iteration under way is not reported.
///
/// Checked on the counted board against that search: the report and the moves made, exactly,
/// on positions with mates, stalemates, repetitions and the fifty-move rule at depths 2 to 6.
#[cfg(not(feature = "solutions"))]
pub fn iterative_deepening<B: EngineQueries>(
    board: &mut B,
    game: &[u64],
    limits: &Limits,
    tables: &mut Tables,
) -> Report {
    todo!("exercise deepening: read docs/src/search.md, \"Iterative deepening, mates and draws\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::board_search::iterative_deepening;

/// Exercise `tt_bounds`: whether the table's `entry` ends a node searched `depth` plies deep
/// at `ply` with the window `(alpha, beta)`, and with what score.
///
/// Only an entry searched at least `depth` deep counts. Its score, a mate score counted from
/// the entry's position (beyond `MATE_BOUND` either way), is counted from the root: a mate
/// for the side to move `ply` plies further away, `score - ply`, a mate against it
/// `score + ply`. Then an exact score ends the node; a lower bound when it reaches `beta`; an
/// upper bound when it is at most `alpha`.
///
/// Checked on every bound, depth and window on the edges of each, with mate scores, and in
/// the search with `limits.table`.
#[cfg(not(feature = "solutions"))]
pub fn tt_probe(entry: &Entry, depth: u32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    todo!("exercise tt_bounds: read docs/src/search.md, \"The transposition table and its bounds\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::board_search::tt_probe;

/// Exercise `tt_bounds`: the entry of a node `depth` plies deep at `ply` that was entered
/// with the window `(alpha, beta)` and returned `score` (fail-soft), with `best_move`.
///
/// The bound: `Upper` when the score is at most `alpha` (every move failed low), `Lower`
/// when it is at least `beta` (a cut-off), `Exact` between. A mate score (beyond
/// `MATE_BOUND` either way), counted from the root, is stored counted from the node: a mate
/// for the side to move `score + ply`, a mate against it `score - ply`.
#[cfg(not(feature = "solutions"))]
pub fn tt_entry(
    key: u64,
    depth: u32,
    ply: usize,
    score: i32,
    alpha: i32,
    beta: i32,
    best_move: Option<Move>,
) -> Entry {
    todo!("exercise tt_bounds: read docs/src/search.md, \"The transposition table and its bounds\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::board_search::tt_entry;

/// Exercise `killers_history`: `moves` (a node's legal moves at `ply`) in the search's order:
///
/// 1. the hash move, if it is among them;
/// 2. the noisy moves (`mv.is_noisy()`) by [`mvv_lva`], largest first;
/// 3. the ply's killers that are among the quiet moves, `heuristics.killers[ply][0]` then
///    `[1]`;
/// 4. the other quiet moves by `heuristics.history(side to move, mv)`, largest first;
///
/// equal keys within a class by the moves' 16 bits (`mv.bits()`), smallest first.
///
/// Checked on random positions with random killers and history, and in the search with
/// `limits.killers_history`, by its nodes.
#[cfg(not(feature = "solutions"))]
pub fn order_moves<B: Board>(
    board: &B,
    moves: &mut [Move],
    hash_move: Option<Move>,
    heuristics: &Heuristics,
    ply: usize,
) {
    todo!("exercise killers_history: read docs/src/search.md, \"Killers and history\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::board_search::order_moves;

/// Exercise `killers_history`: what the search keeps of the quiet move `mv` that cut off at
/// `ply`, `depth` plies from the leaves: `mv` becomes the ply's first killer, the first moving
/// to the second, unless `mv` is the first killer already (then both stay); and
/// `depth * depth` is added to the history of `mv` for the side to move.
#[cfg(not(feature = "solutions"))]
pub fn reward<B: Board>(heuristics: &mut Heuristics, board: &B, ply: usize, mv: Move, depth: u32) {
    todo!("exercise killers_history: read docs/src/search.md, \"Killers and history\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::board_search::reward;
