//! The given part of the `board_search` lab: what its exercises are written against and its
//! tests read. It lives outside the file a student writes (`crates/labs/src/board_search.rs`),
//! so that the grading command uses this version whatever the student changed in theirs.
//!
//! The search's nodes are the moves made on a [`Counted`] board: every board of that type
//! adds each `make` to one counter of its thread, which only grows ([`moves_made`]), so a
//! search cannot hide its nodes by cloning the board, by building another from its setup, or
//! by resetting the count.

use boardlab_core::epd::{parse_epd, BRATKO_KOPEC};
use boardlab_core::{Board, BoardExt, Color, GenKind, Move, MoveList, MoveSink, Role, Setup};
use boardlab_engine::EngineQueries;
use std::cell::Cell;

pub use crate::scaffold::picker::mvv_lva;

/// The score of a side that mates at the root: a mate `n` plies from the root scores
/// `MATE - n` for the side that mates and `-(MATE - n)` for the side mated.
pub const MATE: i32 = 30_000;
/// Scores beyond this (either sign) are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Larger than any score: the full window is `(-INFINITY, INFINITY)`.
pub const INFINITY: i32 = 32_000;
/// The deepest ply the killers are kept for: no test searches deeper than this from the root
/// (quiescence, which keeps no killers, aside).
pub const MAX_PLY: usize = 64;

thread_local! {
    static MOVES_MADE: Cell<u64> = const { Cell::new(0) };
}

/// The moves (and null moves) made on every [`Counted`] board of this thread so far. It only
/// grows: a search's nodes are the difference of two readings.
pub fn moves_made() -> u64 {
    MOVES_MADE.with(Cell::get)
}

fn count_a_move() {
    MOVES_MADE.with(|made| made.set(made.get() + 1));
}

/// A board that counts every move made on it in this thread's [`moves_made`]; its clones and
/// the boards it makes from a setup count there too.
#[derive(Clone)]
pub struct Counted<B: Board> {
    inner: B,
}

impl<B: Board> Counted<B> {
    /// `inner`, counted.
    pub fn new(inner: B) -> Counted<B> {
        Counted { inner }
    }
}

impl<B: Board> Board for Counted<B> {
    type Undo = B::Undo;
    const NAME: &'static str = "counted";
    fn from_setup(setup: &Setup) -> Self {
        Counted::new(B::from_setup(setup))
    }
    boardlab_core::delegate_board!(inner => state, piece_at, king_square, in_check, is_attacked,
        unmake, unmake_null);
    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        self.inner.generate_into(sink)
    }
    fn make(&mut self, mv: Move) -> Self::Undo {
        count_a_move();
        self.inner.make(mv)
    }
    fn make_null(&mut self) -> Self::Undo {
        count_a_move();
        self.inner.make_null()
    }
}

/// The generic answers of the engine's questions (the static exchange the quiescence search
/// asks), over the counted moves.
impl<B: Board> EngineQueries for Counted<B> {}

/// What a search may spend, and which of its parts are switched on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration.
    pub depth: u32,
    /// The most moves the search may make; `None` for no limit.
    pub nodes: Option<u64>,
    /// Whether the search probes and stores the transposition table.
    pub table: bool,
    /// Whether the search orders quiet moves by killers and history, and keeps them.
    pub killers_history: bool,
}

impl Limits {
    /// To `depth`, without a node limit, with nothing switched on.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            nodes: None,
            table: false,
            killers_history: false,
        }
    }
}

/// What a search found: the last completed iteration's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    /// The best move at the root; `None` with no legal move or no completed iteration.
    pub best_move: Option<Move>,
    /// Its score, for the side to move at the root.
    pub score: i32,
    /// The depth of the last completed iteration (0 when none completed).
    pub depth: u32,
}

/// What a transposition-table score is, against the true value of its position: the
/// engine's own [`Bound`], which its search stores the same way.
pub use boardlab_engine::search::Bound;

/// An entry of the transposition table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The position's search key (`board.search_zobrist().key`).
    pub key: u64,
    /// The depth the position was searched to.
    pub depth: u32,
    /// The score found, mate scores counted from this position (not from the root).
    pub score: i32,
    /// What the score is.
    pub bound: Bound,
    /// The best move found, if any move was searched.
    pub best_move: Option<Move>,
}

/// The transposition table: one entry a slot, the slot `key % slots`, a new entry always
/// replacing the old.
pub struct Tt {
    slots: Vec<Option<Entry>>,
}

impl Tt {
    /// A table of `slots` entries (at least one).
    pub fn new(slots: usize) -> Tt {
        Tt {
            slots: vec![None; slots.max(1)],
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key % self.slots.len() as u64) as usize
    }

    /// The entry of `key`, if its slot holds one of that key.
    pub fn get(&self, key: u64) -> Option<Entry> {
        self.slots[self.slot(key)].filter(|entry| entry.key == key)
    }

    /// Stores `entry` in its key's slot.
    pub fn put(&mut self, entry: Entry) {
        let slot = self.slot(entry.key);
        self.slots[slot] = Some(entry);
    }

    /// How many slots hold an entry.
    pub fn filled(&self) -> usize {
        self.slots.iter().filter(|slot| slot.is_some()).count()
    }
}

/// The killers and the history of a search.
pub struct Heuristics {
    /// Two killers a ply, the newer first: quiet moves that cut off at that ply.
    pub killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
}

impl Default for Heuristics {
    fn default() -> Heuristics {
        Heuristics {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * 64 * 64],
        }
    }
}

impl Heuristics {
    fn index(color: Color, mv: Move) -> usize {
        (color.index() * 64 + mv.from().index()) * 64 + mv.to().index()
    }

    /// The history score of `mv` played by `color`.
    pub fn history(&self, color: Color, mv: Move) -> i32 {
        self.history[Heuristics::index(color, mv)]
    }

    /// The history score of `mv` played by `color`, to change.
    pub fn history_mut(&mut self, color: Color, mv: Move) -> &mut i32 {
        &mut self.history[Heuristics::index(color, mv)]
    }
}

/// What a search keeps from node to node: the table and the heuristics.
pub struct Tables {
    /// The transposition table.
    pub tt: Tt,
    /// The killers and the history.
    pub heuristics: Heuristics,
}

impl Tables {
    /// Empty tables, the transposition table of `slots` entries.
    pub fn new(slots: usize) -> Tables {
        Tables {
            tt: Tt::new(slots),
            heuristics: Heuristics::default(),
        }
    }
}

/// The table size the tests search with.
pub const TEST_SLOTS: usize = 1 << 16;

/// The lab's evaluation, for the side to move: material (100, 300, 300, 500, 900), a pawn's
/// ranks advanced times 4, and a knight's or bishop's distance from the edge times 6.
pub fn evaluate<B: Board>(board: &B) -> i32 {
    const VALUE: [i32; 6] = [100, 300, 300, 500, 900, 0];
    let us = board.side_to_move();
    let mut score = 0;
    board.for_each_piece(|sq, piece| {
        let file = sq.file().index() as i32;
        let rank = sq.rank().index() as i32;
        let bonus = match piece.role {
            Role::Pawn => {
                4 * if piece.color == Color::White {
                    rank - 1
                } else {
                    6 - rank
                }
            }
            Role::Knight | Role::Bishop => 6 * file.min(7 - file).min(rank).min(7 - rank),
            _ => 0,
        };
        let value = VALUE[piece.role.index()] + bonus;
        score += if piece.color == us { value } else { -value };
    });
    score
}

/// The order of a node's moves without killers and history: the hash move first (if it is
/// among them), then the noisy moves by [`mvv_lva`] from the largest, then the quiet moves;
/// equal keys by the moves' 16 bits, smallest first.
pub fn basic_order<B: Board>(board: &B, moves: &mut [Move], hash_move: Option<Move>) {
    moves.sort_by_key(|&mv| {
        let class = if Some(mv) == hash_move {
            0
        } else if mv.is_noisy() {
            1
        } else {
            2
        };
        let key = if class == 1 { -mvv_lva(board, mv) } else { 0 };
        (class, key, mv.bits())
    });
}

/// A Bratko-Kopec position: its name, the position, and the best move.
pub struct Problem {
    /// `BK.01` to `BK.24`.
    pub id: String,
    /// The position.
    pub setup: Setup,
    /// The moves the test names best (its `bm`, read from SAN): one, or for two positions two.
    pub best: Vec<Move>,
}

/// The 24 Bratko-Kopec positions of boardlab-core's data, each with its best moves resolved
/// on a board of type `B`.
pub fn bratko_kopec<B: Board>() -> Vec<Problem> {
    parse_epd(BRATKO_KOPEC)
        .expect("core's Bratko-Kopec data parses")
        .into_iter()
        .map(|epd| {
            let board = B::from_setup(&epd.setup);
            let san = epd.op("bm").expect("every position names its best move");
            let best = san
                .split_whitespace()
                .map(|san| {
                    san_move(&board, san)
                        .unwrap_or_else(|| panic!("{san} names one legal move of {}", epd.fen))
                })
                .collect();
            Problem {
                id: epd.op("id").unwrap_or("?").to_string(),
                setup: epd.setup.clone(),
                best,
            }
        })
        .collect()
}

/// The one legal move `san` names on `board`, if it names exactly one.
pub fn san_move<B: Board>(board: &B, san: &str) -> Option<Move> {
    let text = san.trim_end_matches(['+', '#', '!', '?']);
    let legal: MoveList = board.legal_moves();
    let castle = |file: usize| {
        legal
            .iter()
            .copied()
            .filter(|mv| mv.is_castle() && mv.to().file().index() == file)
            .collect::<Vec<_>>()
    };
    let found: Vec<Move> = match text {
        "O-O" => castle(6),
        "O-O-O" => castle(2),
        _ => {
            let (body, promotion) = match text.split_once('=') {
                Some((body, role)) => (body, role.chars().next().and_then(Role::from_char)),
                None => (text, None),
            };
            let role = match body.chars().next() {
                Some(c) if c.is_ascii_uppercase() => Role::from_char(c)?,
                _ => Role::Pawn,
            };
            let body = if role == Role::Pawn { body } else { &body[1..] };
            let body: String = body.chars().filter(|&c| c != 'x').collect();
            if body.len() < 2 {
                return None;
            }
            let (hint, to) = body.split_at(body.len() - 2);
            legal
                .iter()
                .copied()
                .filter(|mv| mv.to().to_string() == to && !mv.is_castle())
                .filter(|mv| board.piece_at(mv.from()).is_some_and(|p| p.role == role))
                .filter(|mv| mv.promotion() == promotion)
                .filter(|mv| {
                    let from = mv.from().to_string();
                    hint.chars().all(|c| from.contains(c))
                })
                .collect()
        }
    };
    match found.as_slice() {
        [mv] => Some(*mv),
        _ => None,
    }
}

/// The legal moves of `board` as a vector, in the board's order.
pub fn legal_vec<B: Board>(board: &B) -> Vec<Move> {
    let mut moves = MoveList::new();
    board.generate(GenKind::All, &mut moves);
    moves.iter().copied().collect()
}
