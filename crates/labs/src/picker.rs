//! Lab exercise for the search chapter: a staged move picker.
//!
//! A search usually cuts off after the first or second move it tries, so a picker that
//! generates moves in stages, each only when it is reached, often never generates the quiet
//! moves at all. The order is the search's: the hash move, then captures and promotions by
//! [`mvv_lva`], then the killer moves, then the other quiet moves.

pub use crate::scaffold::picker::*;
use boardlab_core::{Board, Move};
#[cfg(not(feature = "solutions"))]
use std::marker::PhantomData;

/// Exercise `staged_picker`: yields every legal move of `board` once, in stages:
///
/// 1. the hash move, if there is one (the caller gives only a legal hash move), before any
///    generation;
/// 2. the noisy moves (`GenKind::Noisy`, generated when this stage is reached), by
///    [`mvv_lva`] from the largest, without the hash move;
/// 3. the killers that are legal quiet moves here, in the order given, without the hash move
///    (killers come from other positions, so they may not be legal here: look for them in the
///    quiet moves, generated when this stage is reached with `GenKind::Quiet`);
/// 4. the other quiet moves, in the order they were generated.
///
/// Checked on random positions against the order above, move for move, with a board that
/// records the generations asked of it: none before the hash move is returned, then one of
/// `GenKind::Noisy` when the noisy stage is reached and one of `GenKind::Quiet` when the
/// killers' stage is, and nothing else (no move made on the board either). The library can
/// reach boardlab-engine, whose search has a staged picker of its own (`staged_order`): it is
/// not an answer, and the test sees it by the moves it makes on the board to test the hash
/// move and the killers, and by its order.
#[cfg(not(feature = "solutions"))]
pub struct StagedPicker<'a, B: Board> {
    // Add the stage, the generated lists and a position in them.
    _board: PhantomData<&'a B>,
}

#[cfg(not(feature = "solutions"))]
impl<'a, B: Board> StagedPicker<'a, B> {
    /// A picker for the moves of `board`.
    pub fn new(board: &'a B, hash_move: Option<Move>, killers: [Option<Move>; 2]) -> Self {
        todo!("exercise staged_picker: read docs/src/search.md, \"Staged move generation\"")
    }
}

#[cfg(not(feature = "solutions"))]
impl<B: Board> Iterator for StagedPicker<'_, B> {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        todo!("exercise staged_picker: read docs/src/search.md, \"Staged move generation\"")
    }
}

#[cfg(feature = "solutions")]
pub use crate::solutions::picker::StagedPicker;
