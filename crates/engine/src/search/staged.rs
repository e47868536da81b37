//! Staged move generation: a node's moves are generated a kind at a time, only when the search
//! gets that far.
//!
//! Most nodes that fail high do so on their first or second move: the hash move, or a good
//! capture. Generating every legal move before trying the first one wastes the generation of the
//! moves that are never tried. The [`StagedPicker`] hands the moves out in the same order as the
//! whole-list [`MovePicker`](super::ordering::MovePicker), but in four stages:
//!
//! 1. the hash move, after a direct legality test on the board ([`Board::is_legal`](boardlab_core::Board::is_legal)), before
//!    anything is generated;
//! 2. captures and promotions ([`GenKind::Noisy`]) by MVV-LVA, generated on reaching the stage;
//!    those that lose material by static exchange are put aside as they come up;
//! 3. the ply's two killers, each tested directly like the hash move, still before any quiet
//!    move is generated;
//! 4. the captures and promotions put aside, in the order they came up;
//! 5. the other quiet moves ([`GenKind::Quiet`]) by history, generated only now.
//!
//! That is the order of the whole-list picker (see `ordering.rs` for why losing captures sit
//! between the killers and the quiet moves), so both pickers visit exactly the same tree and
//! the difference between them is the generation work alone.

use super::ordering::{loses_material, noisy_key, quiet_key, Heuristics, MovePicker};
use crate::EngineQueries;
use boardlab_core::{GenKind, Move};

/// How often a search called [`Board::generate`](boardlab_core::Board::generate), by kind: what staged generation saves is
/// read off these.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GenerationCounts {
    /// Calls for every legal move ([`GenKind::All`]).
    pub all: u64,
    /// Calls for captures and promotions ([`GenKind::Noisy`]).
    pub noisy: u64,
    /// Calls for quiet moves ([`GenKind::Quiet`]).
    pub quiet: u64,
}

impl GenerationCounts {
    /// All calls of every kind.
    pub fn total(&self) -> u64 {
        self.all + self.noisy + self.quiet
    }
}

/// Where a [`StagedPicker`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    TableMove,
    GenerateNoisy,
    Noisy,
    Killers,
    LosingNoisy,
    GenerateQuiet,
    Quiet,
    Done,
}

/// Hands out a node's legal moves in the search's order, generating each kind only when its
/// stage is reached (see the module docs).
///
/// It borrows nothing: the search plays each move between two calls of [`next`](Self::next),
/// so the board and the heuristics come in with every call.
pub struct StagedPicker {
    stage: Stage,
    table_move: Move,
    ply: usize,
    /// The killers already handed out, so the quiet stage skips them.
    killers_played: [Move; 2],
    killer_index: usize,
    /// How many of the captures and promotions put aside (kept at the front of the picker's
    /// list until the quiet moves replace them) have been handed out.
    losing_index: usize,
    /// The current stage's moves, best first.
    picker: MovePicker,
}

impl StagedPicker {
    /// A picker for the node at `ply` whose transposition-table move is `table_move`
    /// ([`Move::NULL`] for none; it may be any move, legal here or not).
    pub fn new(table_move: Move, ply: usize) -> StagedPicker {
        StagedPicker {
            stage: Stage::TableMove,
            table_move,
            ply,
            killers_played: [Move::NULL; 2],
            killer_index: 0,
            losing_index: 0,
            picker: MovePicker::empty(),
        }
    }

    /// The next move to search, or `None` when every legal move has been handed out. Each
    /// generation is added to `counts`.
    pub fn next<B: EngineQueries>(
        &mut self,
        board: &mut B,
        heuristics: &Heuristics,
        counts: &mut GenerationCounts,
    ) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TableMove => {
                    self.stage = Stage::GenerateNoisy;
                    if self.table_move != Move::NULL && board.is_legal(self.table_move) {
                        return Some(self.table_move);
                    }
                    // A move that is not legal here must not be skipped in the later stages
                    // as if it had been searched.
                    self.table_move = Move::NULL;
                }
                Stage::GenerateNoisy => {
                    let board = &*board;
                    self.picker.refill(
                        |list| board.generate(GenKind::Noisy, list),
                        |mv| noisy_key(board, mv),
                    );
                    counts.noisy += 1;
                    self.stage = Stage::Noisy;
                }
                Stage::Noisy => match self.select() {
                    Some(mv) if loses_material(board, mv) => self.picker.set_aside_last(),
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::Killers,
                },
                Stage::Killers => {
                    let killers = heuristics.killers(self.ply);
                    while let Some(&killer) = killers.get(self.killer_index) {
                        self.killer_index += 1;
                        if killer != Move::NULL
                            && killer != self.table_move
                            && !killer.is_noisy()
                            && !self.killers_played.contains(&killer)
                            && board.is_legal(killer)
                        {
                            self.killers_played[self.killer_index - 1] = killer;
                            return Some(killer);
                        }
                    }
                    self.stage = Stage::LosingNoisy;
                }
                Stage::LosingNoisy => match self.picker.set_aside().get(self.losing_index) {
                    Some(&mv) => {
                        self.losing_index += 1;
                        return Some(mv);
                    }
                    None => self.stage = Stage::GenerateQuiet,
                },
                Stage::GenerateQuiet => {
                    let side = board.side_to_move();
                    let board = &*board;
                    self.picker.refill(
                        |list| board.generate(GenKind::Quiet, list),
                        |mv| quiet_key(heuristics, side, mv),
                    );
                    counts.quiet += 1;
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => match self.select() {
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }

    /// The best-keyed move of the current list not yet handed out, skipping the moves an
    /// earlier stage gave.
    fn select(&mut self) -> Option<Move> {
        let (table_move, killers_played) = (self.table_move, self.killers_played);
        self.picker
            .by_ref()
            .find(|&mv| mv != table_move && !killers_played.contains(&mv))
    }
}

/// The first `take` moves the search's staged picker hands out on `board`, for a node whose hash
/// move is `table_move` and whose killers are `killers` (the most recent first; any moves, legal
/// here or not, [`Move::NULL`] for none), with empty history; and the generations that took.
///
/// It shows the staging from outside: `take = 1` with a legal hash move generates nothing.
///
/// # Examples
///
/// ```
/// use boardlab_core::{Board, BoardExt, Move};
/// use boardlab_engine::staged_order;
/// use boardlab_reference::ReferenceBoard;
/// let mut board = ReferenceBoard::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
/// let push = board.parse_uci_move("e4e5").unwrap();
/// let (first, counts) = staged_order(&mut board, push, [Move::NULL; 2], 1);
/// assert_eq!(first, [push]);
/// assert_eq!(counts.total(), 0);
/// let (all, counts) = staged_order(&mut board, push, [Move::NULL; 2], usize::MAX);
/// let names: Vec<String> = all.iter().map(|mv| mv.to_string()).collect();
/// assert_eq!(names[..2], ["e4e5", "e4d5"]);
/// assert_eq!(all.len(), board.legal_moves().len());
/// assert_eq!((counts.noisy, counts.quiet), (1, 1));
/// ```
pub fn staged_order<B: EngineQueries>(
    board: &mut B,
    table_move: Move,
    killers: [Move; 2],
    take: usize,
) -> (Vec<Move>, GenerationCounts) {
    let mut heuristics = Heuristics::new();
    // Killers are recorded most recent first, so the older one goes in first.
    for killer in killers.into_iter().rev().filter(|&mv| mv != Move::NULL) {
        heuristics.set_killer(killer, 0);
    }
    let mut counts = GenerationCounts::default();
    let mut picker = StagedPicker::new(table_move, 0);
    let mut moves = Vec::new();
    while moves.len() < take {
        match picker.next(board, &heuristics, &mut counts) {
            Some(mv) => moves.push(mv),
            None => break,
        }
    }
    (moves, counts)
}
