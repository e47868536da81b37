//! A chess search over any [`Board`](boardlab_core::Board) that answers the
//! [`EngineQueries`]: iterative deepening, principal-variation alpha-beta, quiescence, a
//! transposition table, null-move pruning and the usual move ordering.
//!
//! The search is written once, generic over the board, and visits exactly the same tree on every
//! backend: moves are ordered by keys that end in the move's own 16 bits, the evaluation is a sum
//! over pieces and of engine queries every backend answers alike, static exchanges give the same
//! values everywhere, and the tables start from the same state. So a depth- or node-limited search gives the same best move, score and
//! node count on all backends; only the time differs, which is what makes the node rates
//! comparable.
//!
//! # The pieces
//!
//! - [`Searcher::search`] deepens one ply at a time until a [`Limits`] bound or the stop flag
//!   ends it, calling back after each completed iteration with a [`SearchInfo`].
//! - Each iteration is a principal-variation search (the first move with the full window, the
//!   others with a null window, re-searched when they beat it), extended by a ply in check, with
//!   null-move pruning (not in check, not at PV nodes, and only while the side to move has a
//!   piece other than pawns, since pawn endings are where zugzwang lives) and late-move
//!   reductions for quiet moves ordered late.
//! - Below the root and out of check, a node's moves are generated in stages
//!   ([`MoveGeneration::Staged`], `staged.rs`): the hash move is tested on the board and
//!   searched before anything is generated, then the captures, the killers and last the quiet
//!   moves are generated only when the search gets to them.
//! - Moves are ordered by the hash move, the captures and promotions that do not lose material
//!   by static exchange ([`EngineQueries::see`]) by MVV-LVA, the killers, the losing captures, and the
//!   quiet moves by history (`ordering.rs` says why in that order).
//! - At depth zero, quiescence search plays out captures and promotions
//!   ([`GenKind::Noisy`]) by MVV-LVA, with stand-pat, leaving out those that lose material by
//!   static exchange; in check it searches every evasion instead. Its nodes are counted apart
//!   as well ([`SearchResult::qnodes`]).
//! - The evaluation is [`EvalTerms::Pst`] or [`EvalTerms::Full`]
//!   ([`Searcher::set_eval_terms`]), used wherever the search evaluates: stand-pat, the
//!   reverse-futility and null-move tests, and the horizon at [`MAX_PLY`].
//! - Draws: inside the search tree, a position that repeats one seen since the root scores
//!   zero (repeating once is as good as repeating three times for a side that wants the draw);
//!   a position whose earlier occurrences are all in the game before the root (the root
//!   included) must have occurred twice already, a real threefold repetition. The 50-move rule
//!   scores zero too (unless the side to move is mated). Positions count as the same by the
//!   search hash, so an en-passant square whose capture is illegal does not tell them apart.
//! - Mate scores count plies from the root: `MATE - n` mates in `n` plies. The transposition
//!   table stores them relative to the stored node, so they stay right wherever they are probed.

mod limits;
mod ordering;
mod staged;
#[cfg(test)]
mod tests;
mod tt;

pub use limits::Limits;
pub use staged::{staged_order, GenerationCounts};

use crate::eval::{evaluate_detail_with, EvalTerms};
use crate::EngineQueries;
use boardlab_core::{BoardExt, GenKind, Move, MoveList, Zobrist, MAX_DEPTH};
use ordering::{Heuristics, MovePicker};
use staged::StagedPicker;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
pub use tt::Bound;
use tt::TranspositionTable;

/// The deepest ply the search reaches, extensions and quiescence included: twice
/// [`MAX_DEPTH`], the last iteration iterative deepening starts, for the check extensions and
/// quiescence below it.
pub const MAX_PLY: usize = 2 * MAX_DEPTH as usize;
/// The score of mate at the root; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores at least this far from zero are mates.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Above every score.
const INFINITY: i32 = MATE + 1;
/// Nodes between looks at the clock and the stop flag (a power of two).
const POLL_INTERVAL: u64 = 1024;

/// A search score as reported to the outside: centipawns, or a forced mate.
///
/// # Examples
///
/// ```
/// use boardlab_engine::{MATE, Score};
/// assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
/// assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
/// assert_eq!(Score::from_internal(35), Score::Cp(35));
/// assert_eq!(Score::Mate(-1).to_string(), "mate -1");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns from the side to move's point of view.
    Cp(i32),
    /// Mate in this many moves (not plies): positive when the side to move mates, negative
    /// when it is mated, `0` when it is already checkmated.
    Mate(i32),
}

impl Score {
    /// The score for an internal value (`MATE - plies` for a mate).
    pub fn from_internal(value: i32) -> Score {
        if value >= MATE_BOUND {
            Score::Mate((MATE - value + 1) / 2)
        } else if value <= -MATE_BOUND {
            Score::Mate(-((MATE + value) / 2))
        } else {
            Score::Cp(value)
        }
    }

    /// Whether the score is a mate (for either side).
    pub fn is_mate(self) -> bool {
        matches!(self, Score::Mate(_))
    }
}

impl fmt::Display for Score {
    /// The UCI form: `cp 35`, `mate 2`, `mate -1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(moves) => write!(f, "mate {moves}"),
        }
    }
}

/// What one completed iteration found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchInfo {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The deepest ply any line reached, quiescence included.
    pub seldepth: u32,
    /// The root's score.
    pub score: Score,
    /// Nodes visited since the search began.
    pub nodes: u64,
    /// Of those, the nodes visited in quiescence search.
    pub qnodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The principal variation, the best move first.
    pub pv: Vec<Move>,
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
}

impl SearchInfo {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        nodes_per_second(self.nodes, self.elapsed)
    }
}

fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    let nanos = elapsed.as_nanos().max(1);
    (u128::from(nodes) * 1_000_000_000 / nanos).min(u128::from(u64::MAX)) as u64
}

/// What a search returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when there is no legal move.
    pub best_move: Option<Move>,
    /// The score of the last completed iteration: `Mate(0)` when the side to move is
    /// checkmated, `Cp(0)` in stalemate.
    pub score: Score,
    /// The depth of the last completed iteration (0 when none completed).
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Of those, the nodes visited in quiescence search.
    pub qnodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// The principal variation of the last completed iteration.
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        nodes_per_second(self.nodes, self.elapsed)
    }

    /// The share of the nodes visited in quiescence search, in permille (0 when no node was
    /// visited).
    pub fn qnodes_permille(&self) -> u64 {
        (self.qnodes * 1000).checked_div(self.nodes).unwrap_or(0)
    }
}

/// How the search produces a node's moves below the root.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum MoveGeneration {
    /// In stages, each kind generated only when the search reaches it: the hash move before
    /// anything, captures next, then the killers, then the quiet moves.
    #[default]
    Staged,
    /// Every legal move at once ([`GenKind::All`]), then picked in the same order.
    Whole,
}

/// A search engine's memory between moves: the transposition table and the ordering tables.
///
/// # Examples
///
/// Any backend works the same way; here the reference board.
///
/// ```
/// use boardlab_core::BoardExt;
/// use boardlab_engine::{Limits, Score, Searcher};
/// use boardlab_reference::ReferenceBoard;
/// use std::sync::atomic::AtomicBool;
/// let mut board = ReferenceBoard::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
/// let mut searcher = Searcher::new(16);
/// let result = searcher.search(&mut board, &[], &Limits::depth(3), &AtomicBool::new(false), |_| {});
/// assert_eq!(result.best_move.unwrap().to_string(), "a1a8");
/// assert_eq!(result.score, Score::Mate(1));
/// ```
pub struct Searcher {
    table: TranspositionTable,
    heuristics: Box<Heuristics>,
    pv: Box<PvTable>,
    generation: MoveGeneration,
    generation_counts: GenerationCounts,
    eval_terms: EvalTerms,
}

impl Searcher {
    /// A searcher with a transposition table of about `hash_megabytes` MB.
    pub fn new(hash_megabytes: usize) -> Searcher {
        Searcher {
            table: TranspositionTable::new(hash_megabytes),
            heuristics: Box::default(),
            pv: Box::new(PvTable::new()),
            generation: MoveGeneration::default(),
            generation_counts: GenerationCounts::default(),
            eval_terms: EvalTerms::default(),
        }
    }

    /// Chooses the terms the evaluation adds up ([`EvalTerms`]): the tables alone, or every
    /// term the board's engine queries answer.
    pub fn set_eval_terms(&mut self, terms: EvalTerms) {
        self.eval_terms = terms;
    }

    /// The terms the evaluation adds up.
    pub fn eval_terms(&self) -> EvalTerms {
        self.eval_terms
    }

    /// Chooses how the search generates its moves. Both ways visit the same tree; only the
    /// work of generating differs.
    pub fn set_move_generation(&mut self, generation: MoveGeneration) {
        self.generation = generation;
    }

    /// How often the last search called [`Board::generate`](boardlab_core::Board::generate), by kind.
    pub fn generation_counts(&self) -> GenerationCounts {
        self.generation_counts
    }

    /// Replaces the transposition table with an empty one of about `megabytes` MB.
    pub fn resize_table(&mut self, megabytes: usize) {
        self.table = TranspositionTable::new(megabytes);
    }

    /// The transposition table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets everything learned (for a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.heuristics.clear();
    }

    /// Searches `board` within `limits`, or until `stop` is raised, and returns the best move.
    ///
    /// `game` holds the search hashes ([`Board::search_zobrist`](boardlab_core::Board::search_zobrist)) of the positions played
    /// before this one, oldest first, so that repetitions of the game's earlier positions count
    /// as draws. `on_iteration` is called
    /// after each completed iteration. The board is left as it was given.
    ///
    /// A position with legal moves always gets a move back, even when the limits end the
    /// search before its first iteration completes.
    pub fn search<B: EngineQueries>(
        &mut self,
        board: &mut B,
        game: &[Zobrist],
        limits: &Limits,
        stop: &AtomicBool,
        mut on_iteration: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        self.table.new_search();
        self.heuristics.clear();
        let in_check = board.in_check();
        let mut root_moves = board.legal_moves();
        if root_moves.is_empty() {
            return SearchResult {
                best_move: None,
                score: if in_check {
                    Score::Mate(0)
                } else {
                    Score::Cp(0)
                },
                depth: 0,
                seldepth: 0,
                nodes: 0,
                qnodes: 0,
                elapsed: start.elapsed(),
                pv: Vec::new(),
            };
        }
        if root_moves.iter().any(|mv| limits.searchmoves.contains(mv)) {
            root_moves.retain(|mv| limits.searchmoves.contains(&mv));
        }
        let mut keys = Vec::with_capacity(game.len() + MAX_PLY + 1);
        keys.extend_from_slice(game);
        keys.push(board.search_zobrist());
        let mut worker = Worker {
            board,
            table: &mut self.table,
            heuristics: &mut self.heuristics,
            pv: &mut self.pv,
            keys,
            root: game.len(),
            null_barrier: 0,
            nodes: 0,
            qnodes: 0,
            seldepth: 0,
            aborted: false,
            start,
            limits: limits.clone(),
            exhaustive: limits.mate.is_some(),
            stop,
            root_moves: root_moves.clone(),
            root_best: Move::NULL,
            generation: self.generation,
            counts: GenerationCounts::default(),
            eval_terms: self.eval_terms,
        };
        // Before the first iteration completes, the best-ordered root move stands in.
        let fallback =
            MovePicker::new(&*worker.board, root_moves, Move::NULL, 0, worker.heuristics)
                .next_move(&*worker.board)
                .unwrap_or(Move::NULL);
        let mut result = SearchResult {
            best_move: Some(fallback),
            score: Score::Cp(0),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            qnodes: 0,
            elapsed: Duration::ZERO,
            pv: vec![fallback],
        };
        // A mate in `n` moves is `2n - 1` plies deep; the exhaustive search finds it there.
        let mate_depth = limits
            .mate
            .map(|moves| moves.saturating_mul(2).saturating_sub(1));
        let max_depth = [limits.depth, mate_depth]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(MAX_DEPTH)
            .clamp(1, MAX_DEPTH);
        let mut previous_score = 0;
        for depth in 1..=max_depth {
            let score = worker.aspiration(depth as i32, previous_score, in_check);
            if worker.aborted {
                break;
            }
            previous_score = score;
            let pv = worker.pv.line(0).to_vec();
            worker.root_best = pv.first().copied().unwrap_or(Move::NULL);
            let info = SearchInfo {
                depth,
                seldepth: worker.seldepth,
                score: Score::from_internal(score),
                nodes: worker.nodes,
                qnodes: worker.qnodes,
                elapsed: start.elapsed(),
                pv: pv.clone(),
                hashfull: worker.table.hashfull(),
            };
            on_iteration(&info);
            result = SearchResult {
                best_move: pv.first().copied().or(Some(fallback)),
                score: info.score,
                depth,
                seldepth: info.seldepth,
                nodes: info.nodes,
                qnodes: info.qnodes,
                elapsed: info.elapsed,
                pv,
            };
            let mate_found = limits
                .mate
                .is_some_and(|wanted| matches!(info.score, Score::Mate(m) if m > 0 && m.unsigned_abs() <= wanted));
            if mate_found || worker.soft_time_is_up() {
                break;
            }
        }
        self.generation_counts = worker.counts;
        result.nodes = worker.nodes;
        result.qnodes = worker.qnodes;
        result.seldepth = result.seldepth.max(worker.seldepth);
        result.elapsed = start.elapsed();
        result
    }
}

/// The principal variations found below each ply: row `ply` holds the best line from that ply.
struct PvTable {
    moves: [[Move; MAX_PLY + 1]; MAX_PLY + 1],
    len: [usize; MAX_PLY + 1],
}

impl PvTable {
    fn new() -> PvTable {
        PvTable {
            moves: [[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1],
            len: [0; MAX_PLY + 1],
        }
    }

    /// The line from `ply`.
    fn line(&self, ply: usize) -> &[Move] {
        &self.moves[ply][..self.len[ply]]
    }

    /// Empties the line from `ply`.
    #[inline]
    fn clear(&mut self, ply: usize) {
        self.len[ply] = 0;
    }

    /// The line from `ply` becomes `mv` followed by the line from `ply + 1`.
    #[inline]
    fn update(&mut self, ply: usize, mv: Move) {
        let child_len = if ply < MAX_PLY { self.len[ply + 1] } else { 0 };
        let (head, tail) = self.moves.split_at_mut(ply + 1);
        let row = &mut head[ply];
        row[0] = mv;
        let mut len = 1;
        if child_len > 0 {
            let child = &tail[0][..child_len];
            let room = child_len.min(MAX_PLY);
            row[1..1 + room].copy_from_slice(&child[..room]);
            len += room;
        }
        self.len[ply] = len;
    }
}

/// One search in progress.
struct Worker<'a, B: EngineQueries> {
    board: &'a mut B,
    table: &'a mut TranspositionTable,
    heuristics: &'a mut Heuristics,
    pv: &'a mut PvTable,
    /// The search hashes of the game's positions and of the path from the root, the current one
    /// last.
    keys: Vec<Zobrist>,
    /// The index of the root's hash in `keys`.
    root: usize,
    /// The index in `keys` of the position after the latest null move on the path: repetitions
    /// are not looked for across it, since the null move is not a move of the game.
    null_barrier: usize,
    nodes: u64,
    /// The nodes counted in quiescence search (part of `nodes`).
    qnodes: u64,
    seldepth: u32,
    aborted: bool,
    start: Instant,
    limits: Limits,
    /// Whether to search without the cuts that can hide a mate (for [`Limits::mate`]).
    exhaustive: bool,
    stop: &'a AtomicBool,
    /// The moves searched at the root: every legal move, or those of [`Limits::searchmoves`].
    root_moves: MoveList,
    /// The previous iteration's best move, searched first at the root.
    root_best: Move,
    generation: MoveGeneration,
    counts: GenerationCounts,
    eval_terms: EvalTerms,
}

impl<B: EngineQueries> Worker<'_, B> {
    /// The static evaluation with the searcher's terms.
    #[inline]
    fn evaluate(&self) -> i32 {
        evaluate_detail_with(&*self.board, self.eval_terms).score
    }

    /// Counts a node and decides whether the search must end: at exactly the node limit (so
    /// node-limited searches repeat exactly), and every `POLL_INTERVAL` nodes on the stop flag
    /// and the clock.
    #[inline]
    fn visit(&mut self, ply: usize) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        if self.limits.nodes.is_some_and(|limit| self.nodes >= limit) {
            self.aborted = true;
        } else if self.nodes & (POLL_INTERVAL - 1) == 0 {
            if self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            } else if let Some(movetime) = self.limits.movetime {
                if self.start.elapsed() >= movetime {
                    self.aborted = true;
                }
            }
        }
        self.aborted
    }

    fn soft_time_is_up(&self) -> bool {
        let elapsed = self.start.elapsed();
        self.limits.soft_time.is_some_and(|soft| elapsed >= soft)
            || self.limits.movetime.is_some_and(|hard| elapsed >= hard)
            || self.stop.load(Ordering::Relaxed)
    }

    /// Whether the current position is drawn by repetition (see [`is_repetition_draw`]).
    #[inline]
    fn is_repetition(&self) -> bool {
        let last = self.keys.len() - 1;
        let reach = (self.board.halfmove_clock() as usize)
            .min(last)
            .min(last - self.null_barrier);
        is_repetition_draw(&self.keys, self.root, reach)
    }

    /// Whether the 50-move rule has ended the game: a hundred half-moves without a capture or
    /// a pawn move, unless the move that reached it gave mate.
    #[inline]
    fn is_fifty_move_draw(&self, in_check: bool) -> bool {
        self.board.halfmove_clock() >= 100 && (!in_check || self.board.count_legal() > 0)
    }

    #[inline]
    fn make(&mut self, mv: Move) -> B::Undo {
        let undo = self.board.make(mv);
        self.keys.push(self.board.search_zobrist());
        undo
    }

    #[inline]
    fn unmake(&mut self, mv: Move, undo: B::Undo) {
        self.keys.pop();
        self.board.unmake(mv, undo);
    }

    /// The root searched `depth` plies deep, first in a narrow window around the previous
    /// iteration's score (most iterations land there, and a narrow window prunes more), widened
    /// on the side that fails until the score falls inside.
    fn aspiration(&mut self, depth: i32, previous: i32, in_check: bool) -> i32 {
        if depth < 4 || previous.abs() >= MATE_BOUND {
            return self.negamax(depth, 0, -INFINITY, INFINITY, in_check, true);
        }
        let mut delta = 30;
        let mut alpha = previous - delta;
        let mut beta = previous + delta;
        loop {
            let score = self.negamax(depth, 0, alpha, beta, in_check, true);
            if self.aborted {
                return score;
            }
            if score <= alpha {
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta *= 2;
            if delta > 500 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// The score of the current position searched `depth` plies deep within `(alpha, beta)`,
    /// fail-soft. `in_check` is whether the side to move is in check (the caller knows it).
    fn negamax(
        &mut self,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        in_check: bool,
        allow_null: bool,
    ) -> i32 {
        let is_root = ply == 0;
        let is_pv = beta - alpha > 1;
        self.pv.clear(ply);
        if !is_root {
            if self.is_repetition() || self.is_fifty_move_draw(in_check) {
                return 0;
            }
            // Mate-distance pruning: no line from here can beat a mate already found nearer
            // the root.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence(ply, alpha, beta, in_check);
        }
        if self.visit(ply) {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.evaluate();
        }

        let zobrist = self.board.search_zobrist();
        let mut table_move = Move::NULL;
        if let Some(hit) = self.table.probe(zobrist) {
            table_move = hit.best_move;
            if !is_pv && hit.depth >= depth && !self.exhaustive {
                let score = score_from_table(hit.score, ply);
                let cutoff = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cutoff {
                    return score;
                }
            }
        }
        if is_root && self.root_best != Move::NULL {
            table_move = self.root_best;
        }

        if !is_pv && !in_check && !self.exhaustive {
            let evaluation = evaluate_detail_with(&*self.board, self.eval_terms);
            // Reverse futility: near the leaves, a position whose static score beats beta by
            // more than a margin per ply is taken to hold (beta is not a mate score here).
            if depth <= 6 && beta.abs() < MATE_BOUND && evaluation.score - 80 * depth >= beta {
                return evaluation.score;
            }
            // Null move: if passing still fails high, a real move would too. Unsound in
            // zugzwang, so only with a piece besides pawns, and never twice in a row.
            let us = self.board.side_to_move();
            if allow_null
                && depth >= 3
                && evaluation.score >= beta
                && evaluation.has_pieces[us as usize]
            {
                let reduction = if depth >= 7 { 3 } else { 2 };
                let undo = self.board.make_null();
                self.keys.push(self.board.search_zobrist());
                let barrier = std::mem::replace(&mut self.null_barrier, self.keys.len() - 1);
                let score = -self.negamax(
                    depth - 1 - reduction,
                    ply + 1,
                    -beta,
                    -beta + 1,
                    false,
                    false,
                );
                self.null_barrier = barrier;
                self.keys.pop();
                self.board.unmake_null(undo);
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    // A null-move mate is not a proven mate.
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        // The root's moves are known already (and may be restricted). In check, the evasions
        // are few and all of them are usually searched, so staging would only add the cost of
        // two generations and of testing the remembered moves. Elsewhere the moves are
        // generated whole or in stages.
        let mut picker = if is_root || in_check || self.generation == MoveGeneration::Whole {
            let mut moves = MoveList::new();
            if is_root {
                moves.clone_from(&self.root_moves);
            } else {
                self.board.generate(GenKind::All, &mut moves);
                self.counts.all += 1;
            }
            NodePicker::Whole(MovePicker::new(
                &*self.board,
                moves,
                table_move,
                ply,
                self.heuristics,
            ))
        } else {
            NodePicker::Staged(StagedPicker::new(table_move, ply))
        };

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = Move::NULL;
        let us = self.board.side_to_move();
        let mut searched = 0;
        while let Some(mv) = picker.next(self.board, self.heuristics, &mut self.counts) {
            let index = searched;
            searched += 1;
            let quiet = !mv.is_noisy();
            let killer = self.heuristics.is_killer(mv, ply);
            let undo = self.make(mv);
            let gives_check = self.board.in_check();
            let score = if index == 0 {
                -self.negamax(depth - 1, ply + 1, -beta, -alpha, gives_check, true)
            } else {
                // Late quiet moves are searched shallower first; a move that beats alpha there
                // earns the full depth.
                let reduction = if !self.exhaustive
                    && depth >= 3
                    && index >= 3
                    && quiet
                    && !killer
                    && !in_check
                    && !gives_check
                {
                    if index >= 8 && depth >= 6 {
                        2
                    } else {
                        1
                    }
                } else {
                    0
                };
                let mut score = -self.negamax(
                    depth - 1 - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    gives_check,
                    true,
                );
                if score > alpha && reduction > 0 {
                    score =
                        -self.negamax(depth - 1, ply + 1, -alpha - 1, -alpha, gives_check, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(depth - 1, ply + 1, -beta, -alpha, gives_check, true);
                }
                score
            };
            self.unmake(mv, undo);
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    self.pv.update(ply, mv);
                    if score >= beta {
                        if quiet {
                            self.heuristics.reward(us, mv, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        if searched == 0 {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(
            zobrist,
            depth,
            score_to_table(best_score, ply),
            bound,
            best_move,
        );
        best_score
    }

    /// Captures and promotions until the position is quiet, with the static evaluation as a
    /// floor (the side to move may decline every capture). In check, every evasion is searched
    /// and there is no floor, so mates at the horizon are seen.
    ///
    /// Out of check, a capture or promotion that loses material by static exchange is not
    /// searched: the side to move can stand pat instead, and the exchange says the capture
    /// leaves it worse off. Promotions are judged the same way, since the exchange counts what
    /// the promotion gains: a queen pushed to a square where it is simply taken loses the pawn.
    /// In check nothing is left out, since standing pat is not allowed there.
    fn quiescence(&mut self, ply: usize, mut alpha: i32, beta: i32, in_check: bool) -> i32 {
        self.pv.clear(ply);
        // The node that reaches a node limit is counted too, so that `qnodes` stays the share
        // of exactly the nodes `nodes` counts.
        let nodes_before = self.nodes;
        let stop = self.visit(ply);
        self.qnodes += self.nodes - nodes_before;
        if stop {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.evaluate();
        }
        let mut best_score;
        let mut moves = MoveList::new();
        let stand_pat;
        if in_check {
            self.board.generate(GenKind::All, &mut moves);
            self.counts.all += 1;
            if moves.is_empty() {
                return -MATE + ply as i32;
            }
            best_score = -INFINITY;
            stand_pat = -INFINITY;
        } else {
            stand_pat = self.evaluate();
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
            self.board.generate(GenKind::Noisy, &mut moves);
            self.counts.noisy += 1;
        }
        let picker = MovePicker::noisy(&*self.board, moves);
        for mv in picker {
            // Delta pruning: a capture that cannot lift the score to alpha even with a margin
            // for the position is not worth a look.
            if !in_check && !mv.is_promotion() {
                let gain = ordering::noisy_score(&*self.board, mv) / 8 + 200;
                if stand_pat + gain <= alpha {
                    continue;
                }
            }
            if !in_check && ordering::loses_material(&*self.board, mv) {
                continue;
            }
            let undo = self.make(mv);
            let gives_check = self.board.in_check();
            let score = -self.quiescence(ply + 1, -beta, -alpha, gives_check);
            self.unmake(mv, undo);
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    self.pv.update(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best_score
    }
}

/// A node's moves, from a whole list or in stages.
enum NodePicker {
    Whole(MovePicker),
    Staged(StagedPicker),
}

impl NodePicker {
    #[inline]
    fn next<B: EngineQueries>(
        &mut self,
        board: &mut B,
        heuristics: &Heuristics,
        counts: &mut GenerationCounts,
    ) -> Option<Move> {
        match self {
            NodePicker::Whole(picker) => picker.next_move(&*board),
            NodePicker::Staged(picker) => picker.next(board, heuristics, counts),
        }
    }
}

/// Whether the last position of `keys` is drawn by repetition, looking back `reach` plies (no
/// further than the last irreversible move): one earlier occurrence after `root` (an index into
/// `keys`) is enough, since a side that can repeat once can repeat again; earlier occurrences
/// at or before the root must number two, as the threefold-repetition rule asks. Only every
/// other position can match (the same side to move), and the nearest is four plies back.
fn is_repetition_draw(keys: &[Zobrist], root: usize, reach: usize) -> bool {
    let last = keys.len() - 1;
    let current = keys[last];
    let mut in_game = 0;
    for index in (4..=reach).step_by(2).map(|back| last - back) {
        if keys[index] == current {
            if index > root {
                return true;
            }
            in_game += 1;
            if in_game == 2 {
                return true;
            }
        }
    }
    false
}

/// A score as the table stores it: mates counted from the stored node rather than the root.
#[inline]
fn score_to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score brought back to the root's reckoning at `ply`.
#[inline]
fn score_from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
