//! Lab exercises for the magic-bitboards chapter: the index of a blocker pattern, and the
//! search for a magic number.

pub use crate::scaffold::magic::*;
use boardlab_core::Bitboard;

/// Exercise `magic_index`: the slot, within its square's slice, of the occupancy `occupied`:
/// keep the bits of `mask` (the blocker mask), multiply by `magic` with wrapping arithmetic,
/// and keep the top bits by shifting right by `shift`.
///
/// Checked against the magic backend's `Magic::index` for the rook and bishop magics of every
/// square on random occupancies. The library cannot reach that backend, and boardlab-core has
/// no magics.
#[cfg(not(feature = "solutions"))]
pub fn magic_index(occupied: Bitboard, mask: Bitboard, magic: u64, shift: u32) -> usize {
    todo!("exercise magic_index: read docs/src/magic.md, \"The idea\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::magic::magic_index;
/// Exercise `magic_search`: a magic number for the blocker mask `mask`: with
/// `shift = 64 - popcount(mask)`, [`magic_index`] must send any two subsets of `mask` whose
/// attacks (`attacks(subset)`) differ to different slots. Two subsets with the same attacks may
/// share a slot.
///
/// Try candidates until one works; `random()` gives uniform random 64-bit numbers, and the AND
/// of three of them (a sparse number) succeeds far more often than one. Try each candidate on
/// every subset, with a table of `1 << popcount(mask)` slots that remembers which attack set
/// each slot holds.
///
/// Checked on every square for bishops and on a sample of squares for rooks: every subset of
/// the mask is tried against the magic returned, with the test's own index. The library
/// cannot reach the magic backend's numbers or its search.
#[cfg(not(feature = "solutions"))]
pub fn find_magic(
    mask: Bitboard,
    attacks: &dyn Fn(Bitboard) -> Bitboard,
    random: &mut dyn FnMut() -> u64,
) -> u64 {
    todo!("exercise magic_search: read docs/src/magic.md, \"The idea\" and \"The magics here\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::magic::find_magic;
