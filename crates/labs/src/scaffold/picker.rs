//! The given part of the `picker` lab: what its exercises are written against and its
//! tests read. It lives outside the file a student writes (`crates/labs/src/picker.rs`), so
//! that the grading command uses this version whatever the student changed in theirs.

use boardlab_core::{Board, Move};

/// The ordering key of a noisy move (capture or promotion), larger first: the most valuable
/// victim, and among equal victims the least valuable attacker; a promotion adds the value of
/// the promoted piece's role.
pub fn mvv_lva<B: Board>(board: &B, mv: Move) -> i32 {
    let victim = if mv.is_en_passant() {
        1
    } else {
        board
            .piece_at(mv.to())
            .map_or(0, |piece| piece.role.index() as i32 + 1)
    };
    let attacker = board
        .piece_at(mv.from())
        .map_or(0, |piece| piece.role.index() as i32);
    let promotion = mv.promotion().map_or(0, |role| role.index() as i32 + 1);
    16 * victim + 8 * promotion - attacker
}
