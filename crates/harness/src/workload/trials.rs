//! The `trials` workload: the model search of H.G. Muller's "mailbox trials" (talkchess, March
//! 2021), in which he timed how fast a mailbox board can search, run over one fixed tree on
//! every backend.
//!
//! The model, as he set it: an alpha-beta search with no transposition table and no killer or
//! history heuristic, below it a quiescence search of captures alone with delta pruning, the
//! captures tried most valuable victim first and, among equal victims, least valuable attacker
//! first (MVV/LVA), and a piece-square evaluation. Here the search is of one fixed depth,
//! without the null-move pruning and the previous iteration's principal variation that his
//! `mailbox7.c` also uses, so that the tree is the same on every backend and set by the rules
//! alone. Here the victims and attackers are weighed by boardlab-engine's SEE values and
//! the evaluation is the engine's piece-square one ([`evaluate`], PeSTO's tapered tables).
//!
//! How this differs from Muller's: his boards left out castling, en passant and promotions and
//! generated pseudo-legal moves, a move that leaves the king attacked being taken back after
//! it is made. Here every backend
//! plays the full rules through its own legal move generator: castling (Chess960's included),
//! en passant, all four promotions; a node of the main search without a legal move scores mate
//! or stalemate. As in his model, quiescence stands pat in check too, looks at captures only
//! (en passant and capture-promotions, not quiet promotions), and neither repetitions nor the
//! 50-move rule are scored.
//!
//! Every backend must visit the same tree, so the order of moves owes nothing to a backend's
//! generator: captures come first by MVV/LVA, then the other moves, and every tie is broken by
//! the move's 16-bit encoding ([`Move::bits`]), which is boardlab-core's and so every
//! backend's.
//!
//! The positions ([`TRIALS_POSITIONS`]) are KiwiPete, the trials' own position, and endings with
//! queens on the board, where boards that keep attack maps up to date are said to lose: three
//! from the suites boardlab-core embeds and two queen-and-pawn endings written out by hand.

use super::{Measured, MeasuredPart};
use crate::Error;
use boardlab_core::{Board, BoardExt, GenKind, Move, MoveList, Role, Setup};
use boardlab_engine::{evaluate, see_value, EngineQueries};
use std::time::Instant;

/// How far above the best score so far a capture's gain must be able to lift the static
/// evaluation before quiescence tries it: a capture that cannot reach `alpha` by the
/// victim's value plus this margin is skipped (delta pruning).
pub const DELTA_MARGIN: i32 = 200;

/// A score beyond every evaluation: the bounds of the root's window.
const INFINITE: i32 = 32_000;

/// The score of being mated at the root; a mate `ply` plies down scores `MATE - ply`.
const MATE: i32 = 31_000;

/// One position of the workload, with the depth the main search goes to.
#[derive(Debug, Clone, Copy)]
pub struct TrialsPosition {
    /// The name the results list it by.
    pub name: &'static str,
    pub fen: &'static str,
    /// The depth of the main search when `--depth` does not say.
    pub depth: u32,
    /// The kind of position it stands for, [`MIDDLE_GAME`] or [`QUEEN_ENDINGS`]: the rates
    /// are given for each kind as well as for all.
    pub part: &'static str,
}

/// The part of the workload that is KiwiPete, the trials' own position.
pub const MIDDLE_GAME: &str = "middle game";

/// The part of the workload that is endings with queens, where attack maps are said to lose.
pub const QUEEN_ENDINGS: &str = "queen endings";

/// KiwiPete (from boardlab-core's standard suite), then the endings with queens:
/// `queen against queen` is the perft suite's `K7/8/8/3Q4/4q3/8/8/7k w`, `discovered check` and
/// `castling prevented` are the bug catchers' positions of those names, and the two
/// queen-and-pawn endings are written out here. KiwiPete's depth 7 is a tree of the size of
/// Muller's published KiwiPete run (4.7 million nodes, 93.6% of them in quiescence); each ending
/// goes as deep as keeps its tree within a few million nodes.
pub const TRIALS_POSITIONS: [TrialsPosition; 6] = [
    TrialsPosition {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 7,
        part: MIDDLE_GAME,
    },
    TrialsPosition {
        name: "queen against queen",
        fen: "K7/8/8/3Q4/4q3/8/8/7k w - - 0 1",
        depth: 7,
        part: QUEEN_ENDINGS,
    },
    TrialsPosition {
        name: "discovered check",
        fen: "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1",
        depth: 7,
        part: QUEEN_ENDINGS,
    },
    TrialsPosition {
        name: "castling prevented",
        fen: "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
        depth: 7,
        part: QUEEN_ENDINGS,
    },
    TrialsPosition {
        name: "queens and three pawns",
        fen: "6k1/5pp1/7p/8/3q4/1Q5P/5PP1/6K1 w - - 0 1",
        depth: 7,
        part: QUEEN_ENDINGS,
    },
    TrialsPosition {
        name: "queens and two pawns",
        fen: "8/6k1/1p4p1/3Q4/5P2/6PK/8/4q3 b - - 0 1",
        depth: 6,
        part: QUEEN_ENDINGS,
    },
];

/// What a search visited. Every node is counted once: a node of the main search, or one of
/// quiescence, of which some stand pat.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TrialsCounts {
    /// Every node, quiescence included.
    pub nodes: u64,
    /// The nodes of the quiescence search.
    pub quiescence_nodes: u64,
    /// The quiescence nodes whose static evaluation alone reached `beta`, so that they
    /// returned without generating a capture.
    pub stand_pat_nodes: u64,
}

/// What a search of one position found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrialsResult {
    /// The best move at the root (none at depth 0, with no legal move, or when the node limit
    /// came before the first root move was searched out).
    pub best_move: Option<Move>,
    /// The score in centipawns from the side to move's point of view.
    pub score: i32,
    pub counts: TrialsCounts,
}

/// The trials' search (see the module docs), with its counts and its order buffers.
#[derive(Debug)]
pub struct TrialsSearch {
    delta_pruning: bool,
    node_limit: u64,
    counts: TrialsCounts,
    stopped: bool,
    best_move: Option<Move>,
    /// One buffer of sort keys per ply, kept from search to search so that no node allocates.
    orders: Vec<Vec<u64>>,
}

impl Default for TrialsSearch {
    fn default() -> TrialsSearch {
        TrialsSearch::new()
    }
}

impl TrialsSearch {
    /// The model search: delta pruning on, no node limit.
    pub fn new() -> TrialsSearch {
        TrialsSearch {
            delta_pruning: true,
            node_limit: u64::MAX,
            counts: TrialsCounts::default(),
            stopped: false,
            best_move: None,
            orders: Vec::new(),
        }
    }

    /// The same search with delta pruning on or off (off: quiescence tries every capture).
    pub fn with_delta_pruning(mut self, on: bool) -> TrialsSearch {
        self.delta_pruning = on;
        self
    }

    /// The same search, giving up once it has visited `limit` nodes: every node after it
    /// scores 0, so a limited search still visits the same nodes on every backend.
    pub fn with_node_limit(mut self, limit: u64) -> TrialsSearch {
        self.node_limit = limit;
        self
    }

    /// Searches `board` to `depth` plies and quiescence below; the board comes back as given.
    pub fn search<B: EngineQueries>(&mut self, board: &mut B, depth: u32) -> TrialsResult {
        self.counts = TrialsCounts::default();
        self.stopped = false;
        self.best_move = None;
        let score = self.alpha_beta(board, depth, -INFINITE, INFINITE, 0);
        TrialsResult {
            best_move: self.best_move,
            score,
            counts: self.counts,
        }
    }

    /// Counts a node, or says that the node limit has come.
    #[inline]
    fn enter(&mut self) -> bool {
        if self.counts.nodes >= self.node_limit {
            self.stopped = true;
            return false;
        }
        self.counts.nodes += 1;
        true
    }

    /// The sort-key buffer of `ply`, taken out so that the search can recurse while a node
    /// walks it ([`put_back`](TrialsSearch::put_back) returns it).
    fn take_order(&mut self, ply: usize) -> Vec<u64> {
        if self.orders.len() <= ply {
            self.orders.resize_with(ply + 1, Vec::new);
        }
        let mut order = std::mem::take(&mut self.orders[ply]);
        order.clear();
        order
    }

    fn put_back(&mut self, order: Vec<u64>, ply: usize) {
        self.orders[ply] = order;
    }

    fn alpha_beta<B: EngineQueries>(
        &mut self,
        board: &mut B,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if depth == 0 {
            return self.quiescence(board, alpha, beta, ply);
        }
        if !self.enter() {
            return 0;
        }
        let mut moves = MoveList::new();
        board.generate(GenKind::All, &mut moves);
        if moves.is_empty() {
            return if board.in_check() {
                ply as i32 - MATE
            } else {
                0
            };
        }
        let mut order = self.take_order(ply);
        order.extend(
            moves
                .iter()
                .enumerate()
                .map(|(i, &mv)| order_key(board, mv, i)),
        );
        order.sort_unstable();
        let mut best = -INFINITE;
        for &key in &order {
            let mv = moves[key_index(key)];
            let undo = board.make(mv);
            let score = -self.alpha_beta(board, depth - 1, -beta, -alpha, ply + 1);
            board.unmake(mv, undo);
            if self.stopped {
                best = 0;
                break;
            }
            let (better, cutoff) = raise(&mut best, &mut alpha, beta, score);
            if better && ply == 0 {
                self.best_move = Some(mv);
            }
            if cutoff {
                break;
            }
        }
        self.put_back(order, ply);
        best
    }

    fn quiescence<B: EngineQueries>(
        &mut self,
        board: &mut B,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if !self.enter() {
            return 0;
        }
        self.counts.quiescence_nodes += 1;
        let stand_pat = evaluate(board);
        if stand_pat >= beta {
            self.counts.stand_pat_nodes += 1;
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut moves = MoveList::new();
        board.generate(GenKind::Noisy, &mut moves);
        let mut order = self.take_order(ply);
        order.extend(
            moves
                .iter()
                .enumerate()
                .filter(|(_, mv)| mv.is_capture())
                .map(|(i, &mv)| order_key(board, mv, i)),
        );
        order.sort_unstable();
        let mut best = stand_pat;
        for &key in &order {
            let mv = moves[key_index(key)];
            if self.delta_pruning && stand_pat + capture_gain(key, mv) + DELTA_MARGIN <= alpha {
                continue;
            }
            let undo = board.make(mv);
            let score = -self.quiescence(board, -beta, -alpha, ply + 1);
            board.unmake(mv, undo);
            if self.stopped {
                best = 0;
                break;
            }
            if raise(&mut best, &mut alpha, beta, score).1 {
                break;
            }
        }
        self.put_back(order, ply);
        best
    }
}

/// Takes a move's `score` into its node's `best` and `alpha`: whether the move is the best so
/// far, and whether it reached `beta`, so that the node's other moves need not be tried.
#[inline]
fn raise(best: &mut i32, alpha: &mut i32, beta: i32, score: i32) -> (bool, bool) {
    if score <= *best {
        return (false, false);
    }
    *best = score;
    *alpha = (*alpha).max(score);
    (true, score >= beta)
}

/// A weight above every victim's: the value of a king, which is never captured.
const NO_VICTIM: u64 = see_value(Role::King) as u64;

/// The key a move sorts by, smallest first: the victim's value (highest first; a move that
/// captures nothing comes after every capture), the attacker's (lowest first), the move's
/// encoding; and below all of it the move's index in the list, which the sort does not need
/// (the encoding already tells moves apart) but the search reads the move back by.
///
/// From the top: 16 bits of `NO_VICTIM` less the victim, 16 of the attacker, 16 of the
/// encoding, 16 of the index.
fn order_key<B: Board>(board: &B, mv: Move, index: usize) -> u64 {
    let (victim, attacker) = if mv.is_capture() {
        let role_on = |sq| board.piece_at(sq).map(|piece| piece.role);
        let victim = if mv.is_en_passant() {
            Some(Role::Pawn)
        } else {
            role_on(mv.to())
        };
        let weight = |role: Option<Role>| role.map_or(0, see_value) as u64;
        (weight(victim), weight(role_on(mv.from())))
    } else {
        (0, 0)
    };
    ((NO_VICTIM - victim) << 48) | (attacker << 32) | (u64::from(mv.bits()) << 16) | index as u64
}

/// The index in the move list a key was made from.
#[inline]
fn key_index(key: u64) -> usize {
    (key & 0xffff) as usize
}

/// What a capture can add to the material: its victim, read back from its key, and what a
/// promotion adds beside.
#[inline]
fn capture_gain(key: u64, mv: Move) -> i32 {
    let victim = NO_VICTIM as i32 - (key >> 48) as i32;
    let promotion = mv
        .promotion()
        .map_or(0, |role| see_value(role) - see_value(Role::Pawn));
    victim + promotion
}

/// The workload's positions, each with the depth it is searched to: `depth` for all of them
/// when given, each one's own otherwise.
///
/// # Errors
///
/// Only if a position's FEN were malformed.
pub fn trials_positions(depth: Option<u32>) -> Result<Vec<(TrialsPosition, Setup)>, Error> {
    TRIALS_POSITIONS
        .iter()
        .map(|position| {
            let setup = Setup::from_fen(position.fen)
                .map_err(|err| Error::Usage(format!("the trials' {}: {err}", position.name)))?;
            let depth = depth.unwrap_or(position.depth);
            Ok((TrialsPosition { depth, ..*position }, setup))
        })
        .collect()
}

/// Searches every position of the workload on board type `B`, each within an equal share of
/// `budget` nodes, to `depth` when given and to its own depth otherwise.
///
/// # Errors
///
/// As [`trials_positions`].
pub fn measure_trials<B: EngineQueries>(
    budget: u64,
    depth: Option<u32>,
) -> Result<Measured, Error> {
    let positions = trials_positions(depth)?;
    let share = if budget == u64::MAX {
        u64::MAX
    } else {
        (budget / positions.len() as u64).max(1)
    };
    let mut search = TrialsSearch::new().with_node_limit(share);
    let mut boards: Vec<B> = positions
        .iter()
        .map(|(_, setup)| B::from_setup(setup))
        .collect();
    let mut counts = TrialsCounts::default();
    let mut seconds = 0.0;
    let mut results = Vec::new();
    let mut parts: Vec<MeasuredPart> = Vec::new();
    for ((position, _), board) in positions.iter().zip(&mut boards) {
        let start = Instant::now();
        let found = search.search(board, position.depth);
        let elapsed = start.elapsed().as_secs_f64();
        seconds += elapsed;
        match parts.iter_mut().find(|part| part.name == position.part) {
            Some(part) => {
                part.nodes += found.counts.nodes;
                part.seconds += elapsed;
            }
            None => parts.push(MeasuredPart {
                name: position.part,
                nodes: found.counts.nodes,
                seconds: elapsed,
            }),
        }
        counts.nodes += found.counts.nodes;
        counts.quiescence_nodes += found.counts.quiescence_nodes;
        counts.stand_pat_nodes += found.counts.stand_pat_nodes;
        let best = found
            .best_move
            .map_or_else(|| "0000".to_string(), |mv| board.move_text(mv, false));
        results.push((
            format!("{} d{}", position.name, position.depth),
            format!(
                "bestmove {best} score cp {} nodes {} qnodes {} standpat {}",
                found.score,
                found.counts.nodes,
                found.counts.quiescence_nodes,
                found.counts.stand_pat_nodes
            ),
        ));
    }
    Ok(Measured {
        nodes: counts.nodes,
        seconds,
        quiescence_nodes: Some(counts.quiescence_nodes),
        stand_pat_nodes: Some(counts.stand_pat_nodes),
        results,
        parts,
    })
}
