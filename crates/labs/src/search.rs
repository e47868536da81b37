//! Lab exercises for the search chapter: negamax and alpha-beta over a game tree, and a
//! quiescence search over a real board.
//!
//! The tree exercises are written over [`GameTree`], a tree that hands out a position's
//! children and scores its leaves and nothing else, so that the test can count what a search
//! visits: a search in a fixed move order visits exactly one set of nodes, and a search that
//! prunes too little or too much visits another.

pub use crate::scaffold::search::*;
use boardlab_engine::EngineQueries;

/// Exercise `negamax`: the value of `position` for the side to move there: a leaf's score,
/// or the largest of the children's values negated.
///
/// Ask [`GameTree::children`] once per position visited, and [`GameTree::evaluate`] once per
/// leaf. Checked on random trees against a minimax written with max and min nodes, and the
/// nodes visited counted: every node, once.
#[cfg(not(feature = "solutions"))]
pub fn negamax<T: GameTree>(tree: &T, position: T::Position) -> i32 {
    todo!("exercise negamax: read docs/src/search.md, \"From minimax to negamax\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::search::negamax;
/// Exercise `alpha_beta`: negamax with the window `(alpha, beta)`, fail-soft: search the
/// children in the order given, each with the window `(-beta, -alpha)` negated, raise `alpha`
/// to the best value so far, and stop as soon as it reaches `beta`. Return the best value
/// found, which may lie outside the window (fail-soft): at most `alpha` when every child
/// failed low, at least `beta` after a cut-off.
///
/// Ask [`GameTree::children`] once per position visited and [`GameTree::evaluate`] once per
/// leaf visited. Checked on the book's figure tree and on random trees: the value with the
/// full window is negamax's; with narrow windows the fail-soft value, exactly; and the counts
/// of positions and leaves visited are those of the fixed order, so a search that cuts
/// too little (or too much) fails though its value may be right.
#[cfg(not(feature = "solutions"))]
pub fn alpha_beta<T: GameTree>(tree: &T, position: T::Position, alpha: i32, beta: i32) -> i32 {
    todo!("exercise alpha_beta: read docs/src/search.md, \"Alpha-beta and its window\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::search::alpha_beta;
/// Exercise `quiescence`: the quiescence search of `board` in the window `(alpha, beta)`,
/// fail-soft, for the side to move:
///
/// 1. **Stand pat**: the side to move may decline every capture, so `evaluate(board)` is a
///    lower bound of the value. If it reaches `beta`, return it; otherwise it raises `alpha`
///    and is the best value so far.
/// 2. **Captures and promotions** only: the legal moves of `GenKind::Noisy`, each with its
///    static exchange value `board.see(mv)`; skip every move whose value is negative, and
///    search the others from the largest value down, moves of equal value by their 16 bits
///    (`mv.bits()`), smallest first, so that the order is the same on every board.
/// 3. Each move: make it, search the position below with the window negated
///    (`-quiescence(board, -beta, -alpha, evaluate)`), unmake it; keep the best value, raise
///    `alpha`, and return at once when a value reaches `beta`.
///
/// Check is not treated apart here (the chapter says what an engine does instead). Call
/// `evaluate` once per position visited, and nothing else that evaluates. Checked on random
/// positions with a material evaluation against the rules above: the value with several
/// windows, the positions evaluated and the moves made, counted.
#[cfg(not(feature = "solutions"))]
pub fn quiescence<B: EngineQueries>(
    board: &mut B,
    alpha: i32,
    beta: i32,
    evaluate: &mut dyn FnMut(&B) -> i32,
) -> i32 {
    todo!("exercise quiescence: read docs/src/search.md, \"Quiescence: stand pat and SEE\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::search::quiescence;
