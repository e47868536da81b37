//! The given part of the `magic` lab: what its exercises are written against and its
//! tests read. It lives outside the file a student writes (`crates/labs/src/magic.rs`), so
//! that the grading command uses this version whatever the student changed in theirs.

use boardlab_core::Bitboard;

/// Every subset of `mask`, the empty set first: the blocker boards a magic must number.
/// (The "carry-rippler": `next = (subset - mask) & mask` walks them all.)
pub fn subsets(mask: Bitboard) -> Vec<Bitboard> {
    let mut all = Vec::with_capacity(1 << mask.count());
    let mut subset = 0u64;
    loop {
        all.push(Bitboard(subset));
        subset = subset.wrapping_sub(mask.0) & mask.0;
        if subset == 0 {
            return all;
        }
    }
}
