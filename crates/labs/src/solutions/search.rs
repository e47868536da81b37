//! Solutions of the search exercises.

use crate::search::{GameTree, INFINITY};
use boardlab_core::{GenKind, MoveList};
use boardlab_engine::EngineQueries;

/// A leaf's score, or the best child's value negated.
pub fn negamax<T: GameTree>(tree: &T, position: T::Position) -> i32 {
    let children = tree.children(position);
    if children.is_empty() {
        return tree.evaluate(position);
    }
    children
        .into_iter()
        .map(|child| -negamax(tree, child))
        .max()
        .unwrap_or(-INFINITY)
}

/// Fail-soft alpha-beta: the best value found, cut as soon as it reaches `beta`.
pub fn alpha_beta<T: GameTree>(tree: &T, position: T::Position, mut alpha: i32, beta: i32) -> i32 {
    let children = tree.children(position);
    if children.is_empty() {
        return tree.evaluate(position);
    }
    let mut best = -INFINITY;
    for child in children {
        let value = -alpha_beta(tree, child, -beta, -alpha);
        best = best.max(value);
        alpha = alpha.max(best);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Stand pat, then the captures that do not lose material by static exchange, best first.
pub fn quiescence<B: EngineQueries>(
    board: &mut B,
    mut alpha: i32,
    beta: i32,
    evaluate: &mut dyn FnMut(&B) -> i32,
) -> i32 {
    let stand_pat = evaluate(board);
    if stand_pat >= beta {
        return stand_pat;
    }
    alpha = alpha.max(stand_pat);
    let mut best = stand_pat;
    let mut noisy = MoveList::new();
    board.generate(GenKind::Noisy, &mut noisy);
    let mut captures: Vec<_> = noisy
        .iter()
        .map(|&mv| (board.see(mv), mv))
        .filter(|&(value, _)| value >= 0)
        .collect();
    // Equal exchange values in the order of the moves' bits, so that the order does not
    // depend on the order the board generates its moves in.
    captures.sort_by_key(|&(value, mv)| (std::cmp::Reverse(value), mv.bits()));
    for (_, mv) in captures {
        let undo = board.make(mv);
        let value = -quiescence(board, -beta, -alpha, evaluate);
        board.unmake(mv, undo);
        if value >= beta {
            return value;
        }
        best = best.max(value);
        alpha = alpha.max(value);
    }
    best
}
