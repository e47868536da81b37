//! Lab exercise for the perft chapter: perft itself.

use boardlab_core::Board;

/// Exercise `perft`: the number of move paths of exactly `depth` plies from the position of
/// `board` (1 at depth 0): for every legal move, make it, count the paths below it, unmake it.
/// The board must be back in its starting position when the function returns.
///
/// Checked against the published counts of `crates/core/data/standard.epd` on two backends,
/// for the depths whose counts stay under a node budget.
#[cfg(not(feature = "solutions"))]
pub fn perft<B: Board>(board: &mut B, depth: u32) -> u64 {
    todo!("exercise perft: make, recurse, unmake, and add up")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::perft::perft;
