//! Solutions of the magic-bitboard exercises.

use crate::magic::subsets;
use boardlab_core::Bitboard;

/// The index: mask, multiply, keep the top bits.
pub fn magic_index(occupied: Bitboard, mask: Bitboard, magic: u64, shift: u32) -> usize {
    ((occupied.0 & mask.0).wrapping_mul(magic) >> shift) as usize
}

/// Trial and error: sparse candidates, each tried on every subset of the mask.
pub fn find_magic(
    mask: Bitboard,
    attacks: &dyn Fn(Bitboard) -> Bitboard,
    random: &mut dyn FnMut() -> u64,
) -> u64 {
    let shift = 64 - mask.count();
    let blockers = subsets(mask);
    let answers: Vec<Bitboard> = blockers.iter().map(|&blocker| attacks(blocker)).collect();
    let mut table: Vec<Option<Bitboard>> = vec![None; blockers.len()];
    loop {
        let candidate = random() & random() & random();
        // A magic must move enough of the mask's bits into the top byte of the product; a
        // candidate that does not rarely numbers the subsets, and is skipped without a trial.
        // (Six is the usual bar for the rook's and bishop's masks; a mask of fewer bits cannot
        // be asked for more than it has.)
        if (mask.0.wrapping_mul(candidate) >> 56).count_ones() < mask.count().min(6) {
            continue;
        }
        table.fill(None);
        let works = blockers.iter().zip(&answers).all(|(&blocker, &answer)| {
            let slot = &mut table[magic_index(blocker, mask, candidate, shift)];
            match *slot {
                None => {
                    *slot = Some(answer);
                    true
                }
                // The same attack set may share a slot (a constructive collision).
                Some(held) => held == answer,
            }
        });
        if works {
            return candidate;
        }
    }
}
