//! Solution of the staged move picker.

use crate::picker::mvv_lva;
use boardlab_core::{Board, BoardExt, GenKind, Move, MoveList};

/// Where the picker is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    HashMove,
    GenerateNoisy,
    Noisy,
    GenerateQuiet,
    Killers,
    Quiet,
    Done,
}

/// The staged picker: each list is generated when its stage is first reached.
pub struct StagedPicker<'a, B: Board> {
    board: &'a B,
    hash_move: Option<Move>,
    killers: [Option<Move>; 2],
    stage: Stage,
    moves: MoveList,
    next_index: usize,
    killer_index: usize,
}

impl<'a, B: Board> StagedPicker<'a, B> {
    /// A picker for the moves of `board`; nothing is generated yet.
    pub fn new(board: &'a B, hash_move: Option<Move>, killers: [Option<Move>; 2]) -> Self {
        StagedPicker {
            board,
            hash_move,
            killers,
            stage: Stage::HashMove,
            moves: MoveList::new(),
            next_index: 0,
            killer_index: 0,
        }
    }

    /// Takes the next unpicked move of the current list, skipping the hash move.
    fn next_from_list(&mut self) -> Option<Move> {
        while let Some(&mv) = self.moves.get(self.next_index) {
            self.next_index += 1;
            if Some(mv) != self.hash_move {
                return Some(mv);
            }
        }
        None
    }
}

impl<B: Board> Iterator for StagedPicker<'_, B> {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        loop {
            match self.stage {
                Stage::HashMove => {
                    self.stage = Stage::GenerateNoisy;
                    if self.hash_move.is_some() {
                        return self.hash_move;
                    }
                }
                Stage::GenerateNoisy => {
                    self.board.generate(GenKind::Noisy, &mut self.moves);
                    let board = self.board;
                    // A stable sort keeps the generation order among equal keys.
                    self.moves
                        .sort_by_key(|&mv| std::cmp::Reverse(mvv_lva(board, mv)));
                    self.next_index = 0;
                    self.stage = Stage::Noisy;
                }
                Stage::Noisy => match self.next_from_list() {
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::GenerateQuiet,
                },
                Stage::GenerateQuiet => {
                    self.board.generate(GenKind::Quiet, &mut self.moves);
                    self.next_index = 0;
                    self.stage = Stage::Killers;
                }
                Stage::Killers => {
                    // Each killer found among the quiet moves is taken out of the list, so the
                    // last stage does not yield it again.
                    while let Some(&candidate) = self.killers.get(self.killer_index) {
                        self.killer_index += 1;
                        let Some(killer) = candidate else {
                            continue;
                        };
                        if Some(killer) == self.hash_move {
                            continue;
                        }
                        if self.moves.contains(&killer) {
                            self.moves.retain(|mv| mv != killer);
                            return Some(killer);
                        }
                    }
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => match self.next_from_list() {
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }
}
