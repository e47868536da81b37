//! Iterative deepening over a real board, with mate and draw scores, a transposition table
//! with bounds, and killers and history.

use crate::scaffold::board_search::{
    basic_order, evaluate, legal_vec, moves_made, mvv_lva, Bound, Entry, Heuristics, Limits,
    Report, Tables, INFINITY, MATE, MATE_BOUND,
};
use crate::search::quiescence;
use boardlab_core::{Board, Move};
use boardlab_engine::EngineQueries;

/// Depths 1 to `limits.depth`, each with the full window; the last completed one's answer.
pub fn iterative_deepening<B: EngineQueries>(
    board: &mut B,
    game: &[u64],
    limits: &Limits,
    tables: &mut Tables,
) -> Report {
    let mut search = Search {
        limits: *limits,
        tables,
        start: moves_made(),
        stopped: false,
        path: game.to_vec(),
        root_move: None,
    };
    let mut report = Report {
        best_move: None,
        score: 0,
        depth: 0,
    };
    if legal_vec(board).is_empty() {
        report.score = if board.in_check() { -MATE } else { 0 };
        return report;
    }
    for depth in 1..=limits.depth {
        let score = search.negamax(board, depth, 0, -INFINITY, INFINITY);
        if search.stopped {
            break;
        }
        report = Report {
            best_move: search.root_move,
            score,
            depth,
        };
    }
    report
}

struct Search<'a> {
    limits: Limits,
    tables: &'a mut Tables,
    start: u64,
    stopped: bool,
    /// The keys of the game's positions before the root, then of the line from the root to
    /// the parent of the node being searched.
    path: Vec<u64>,
    root_move: Option<Move>,
}

impl Search<'_> {
    fn negamax<B: EngineQueries>(
        &mut self,
        board: &mut B,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let key = board.search_zobrist().key;
        if ply > 0 {
            let mated = || board.in_check() && legal_vec(board).is_empty();
            if board.halfmove_clock() >= 100 && !mated() {
                return 0;
            }
            if self.path.contains(&key) {
                return 0;
            }
        }
        if depth == 0 {
            return quiescence(board, alpha, beta, &mut |b: &B| evaluate(b));
        }
        let alpha_at_entry = alpha;
        let mut hash_move = if ply == 0 { self.root_move } else { None };
        if self.limits.table {
            if let Some(entry) = self.tables.tt.get(key) {
                if ply > 0 {
                    hash_move = entry.best_move;
                    if let Some(score) = tt_probe(&entry, depth, ply, alpha, beta) {
                        return score;
                    }
                }
            }
        }
        let mut moves = legal_vec(board);
        if moves.is_empty() {
            return if board.in_check() {
                -(MATE - ply as i32)
            } else {
                0
            };
        }
        if self.limits.killers_history {
            order_moves(board, &mut moves, hash_move, &self.tables.heuristics, ply);
        } else {
            basic_order(board, &mut moves, hash_move);
        }
        let mut best = -INFINITY;
        let mut best_move = None;
        self.path.push(key);
        for mv in moves {
            if self
                .limits
                .nodes
                .is_some_and(|budget| moves_made() - self.start >= budget)
            {
                self.stopped = true;
            }
            if self.stopped {
                break;
            }
            let undo = board.make(mv);
            let score = -self.negamax(board, depth - 1, ply + 1, -beta, -alpha);
            board.unmake(mv, undo);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                if self.limits.killers_history && !mv.is_noisy() {
                    reward(&mut self.tables.heuristics, board, ply, mv, depth);
                }
                break;
            }
        }
        self.path.pop();
        if self.stopped {
            return 0;
        }
        if ply == 0 {
            self.root_move = best_move;
        }
        if self.limits.table {
            self.tables.tt.put(tt_entry(
                key,
                depth,
                ply,
                best,
                alpha_at_entry,
                beta,
                best_move,
            ));
        }
        best
    }
}

/// The entry's score, mate scores counted from the root, if it decides the node.
pub fn tt_probe(entry: &Entry, depth: u32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    if entry.depth < depth {
        return None;
    }
    let score = if entry.score > MATE_BOUND {
        entry.score - ply as i32
    } else if entry.score < -MATE_BOUND {
        entry.score + ply as i32
    } else {
        entry.score
    };
    match entry.bound {
        Bound::Exact => Some(score),
        Bound::Lower => (score >= beta).then_some(score),
        Bound::Upper => (score <= alpha).then_some(score),
    }
}

/// The entry of a node searched with the window `(alpha, beta)`, mate scores counted from the
/// node.
pub fn tt_entry(
    key: u64,
    depth: u32,
    ply: usize,
    score: i32,
    alpha: i32,
    beta: i32,
    best_move: Option<Move>,
) -> Entry {
    let bound = if score <= alpha {
        Bound::Upper
    } else if score >= beta {
        Bound::Lower
    } else {
        Bound::Exact
    };
    let stored = if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    };
    Entry {
        key,
        depth,
        score: stored,
        bound,
        best_move,
    }
}

/// The hash move, the noisy moves by MVV-LVA, the ply's killers, the other quiet moves by
/// history; equal keys by the moves' bits.
pub fn order_moves<B: Board>(
    board: &B,
    moves: &mut [Move],
    hash_move: Option<Move>,
    heuristics: &Heuristics,
    ply: usize,
) {
    let us = board.side_to_move();
    let killers = heuristics.killers[ply];
    moves.sort_by_key(|&mv| {
        let (class, key) = if Some(mv) == hash_move {
            (0, 0)
        } else if mv.is_noisy() {
            (1, -mvv_lva(board, mv))
        } else if Some(mv) == killers[0] {
            (2, 0)
        } else if Some(mv) == killers[1] {
            (3, 0)
        } else {
            (4, -heuristics.history(us, mv))
        };
        (class, key, mv.bits())
    });
}

/// A quiet move that cut off at `ply`, `depth` from the leaves: the ply's newer killer (the
/// older one moving down unless it is the move), and `depth * depth` on its history.
pub fn reward<B: Board>(heuristics: &mut Heuristics, board: &B, ply: usize, mv: Move, depth: u32) {
    let killers = &mut heuristics.killers[ply];
    if killers[0] != Some(mv) {
        killers[1] = killers[0];
        killers[0] = Some(mv);
    }
    *heuristics.history_mut(board.side_to_move(), mv) += (depth * depth) as i32;
}
