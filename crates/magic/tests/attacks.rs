//! The magic slider lookups against the slow ray walk of boardlab-core.

use boardlab_core::bitboard::{slider_attacks_slow, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use boardlab_core::{Bitboard, Square};
use boardlab_magic::{
    bishop_attacks, bishop_magic, find_magic, queen_attacks, relevant_mask, rook_attacks,
    rook_magic, search_seed, subsets, Magic, Slider,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The relevant occupancies of all rook squares (the sum of 2^mask size), and of all bishop
/// squares: the published sizes of fancy magic tables.
const ROOK_SLOTS: u64 = 102_400;
const BISHOP_SLOTS: u64 = 5_248;

/// The occupied squares that matter to a slider on `sq` are its mask; the rest of the board
/// must not change the answer, so each subset is also tried with random noise outside it.
fn check_every_subset(
    name: &str,
    lookup: impl Fn(Square, Bitboard) -> Bitboard,
    directions: &[(i8, i8); 4],
    slots: u64,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
    let mut checked = 0u64;
    for sq in Square::ALL {
        let mask = relevant_mask(sq, directions);
        for occupied in subsets(mask) {
            let expected = slider_attacks_slow(sq, occupied, directions);
            let noise = Bitboard(rng.gen::<u64>()) & !mask;
            for occupied in [occupied, occupied | noise] {
                let got = lookup(sq, occupied);
                assert_eq!(got, expected, "{name} on {sq} with {occupied:?}");
                checked += 1;
            }
        }
    }
    // Every subset of every mask, bare and with noise.
    assert_eq!(checked, 2 * slots);
}

#[test]
fn rook_attacks_match_the_ray_walk_for_every_relevant_occupancy() {
    check_every_subset("rook_attacks", rook_attacks, &ROOK_DIRECTIONS, ROOK_SLOTS);
}

#[test]
fn bishop_attacks_match_the_ray_walk_for_every_relevant_occupancy() {
    check_every_subset(
        "bishop_attacks",
        bishop_attacks,
        &BISHOP_DIRECTIONS,
        BISHOP_SLOTS,
    );
}

#[test]
fn queen_attacks_are_rook_and_bishop_attacks_on_random_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..20_000 {
        let sq = Square::ALL[rng.gen_range(0..64)];
        // Sparse and dense boards both: AND or OR of two draws.
        let a = Bitboard(rng.gen::<u64>());
        let b = Bitboard(rng.gen::<u64>());
        for occupied in [a & b, a | b, a] {
            let expected = slider_attacks_slow(sq, occupied, &ROOK_DIRECTIONS)
                | slider_attacks_slow(sq, occupied, &BISHOP_DIRECTIONS);
            assert_eq!(queen_attacks(sq, occupied), expected, "queen on {sq}");
        }
    }
}

/// The slices of all 128 entries, laid end to end, cover the shared table exactly once.
#[test]
fn magic_slices_tile_the_table() {
    let mut entries: Vec<Magic> = Square::ALL
        .iter()
        .flat_map(|&sq| [rook_magic(sq), bishop_magic(sq)])
        .collect();
    entries.sort_by_key(|entry| entry.offset);
    let mut next = 0;
    for entry in &entries {
        assert_eq!(
            entry.offset as usize, next,
            "{entry:?} does not follow its neighbour"
        );
        assert_eq!(entry.shift, 64 - entry.mask.count());
        assert_eq!(entry.len(), 1 << entry.mask.count());
        next += entry.len();
    }
    assert_eq!(next as u64, ROOK_SLOTS + BISHOP_SLOTS);
}

#[test]
fn masks_leave_out_the_edges_of_each_ray() {
    let rook = rook_magic(Square::D4).mask;
    assert!(rook.contains(Square::D7) && !rook.contains(Square::D8));
    assert!(rook.contains(Square::B4) && !rook.contains(Square::A4));
    assert_eq!(rook.count(), 10);
    let bishop = bishop_magic(Square::A1).mask;
    assert!(bishop.contains(Square::G7) && !bishop.contains(Square::H8));
    assert_eq!(bishop.count(), 6);
    assert_eq!(
        relevant_mask(Square::A1, &ROOK_DIRECTIONS),
        rook_magic(Square::A1).mask
    );
}

/// The search is reproducible: searching again from each square's seed finds the number in
/// the table, after the same number of candidates.
#[test]
fn the_search_finds_the_same_magics_again() {
    for sq in Square::ALL {
        for (slider, entry) in [
            (Slider::Rook, rook_magic(sq)),
            (Slider::Bishop, bishop_magic(sq)),
        ] {
            let seed = search_seed(slider, sq);
            let first = find_magic(sq, slider, seed, u32::MAX).expect("an unlimited search ends");
            let again = find_magic(sq, slider, seed, u32::MAX).expect("an unlimited search ends");
            assert_eq!(first, again, "{slider:?} on {sq}");
            assert_eq!(first.0.magic, entry.magic, "{slider:?} on {sq}");
            assert_eq!((first.0.mask, first.0.shift), (entry.mask, entry.shift));
        }
    }
}

#[test]
fn a_search_gives_up_after_its_attempts() {
    // Zero attempts cannot find anything.
    assert_eq!(find_magic(Square::A1, Slider::Rook, 0, 0), None);
}
