//! `magic_index`, `magic_search`: the index against the magic backend, and every subset of
//! the mask tried against the magic found.

use crate::{occupancies, pass, rejects, Checked};
use boardlab_core::bitboard::{slider_attacks_slow, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use boardlab_core::{Bitboard, Square};
use boardlab_labs::magic;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

type MagicIndex = fn(Bitboard, Bitboard, u64, u32) -> usize;

/// The rook and bishop magics of every square on 100 random occupancies; returns the number
/// of cases.
fn check_index(magic_index: MagicIndex) -> Checked<usize> {
    let mut cases = 0;
    for occupied in occupancies(4, 100) {
        for sq in Square::ALL {
            for entry in [
                boardlab_magic::rook_magic(sq),
                boardlab_magic::bishop_magic(sq),
            ] {
                let index = magic_index(occupied, entry.mask, entry.magic, entry.shift);
                let expected = entry.index(occupied);
                if index != expected {
                    return Err(format!(
                        "{sq}, magic {:#x}: index {index}, expected {expected}, occupied \
                         {occupied:?}",
                        entry.magic
                    ));
                }
                cases += 1;
            }
        }
    }
    Ok(cases)
}

#[test]
fn magic_index_matches_the_backend() {
    assert_eq!(pass(check_index(magic::magic_index)), 100 * 64 * 2);
}

/// The occupancy multiplied whole, without the mask: squares outside it change the index.
fn index_without_the_mask(occupied: Bitboard, _mask: Bitboard, magic: u64, shift: u32) -> usize {
    (occupied.0.wrapping_mul(magic) >> shift) as usize
}

#[test]
fn magic_index_check_rejects_wrong_answers() {
    rejects("no mask", check_index(index_without_the_mask));
}

/// Whether `magic` numbers the subsets of `mask` with no harmful collision.
fn magic_works(mask: Bitboard, magic: u64, attacks: &dyn Fn(Bitboard) -> Bitboard) -> bool {
    let shift = 64 - mask.count();
    let mut slots = vec![None; 1 << mask.count()];
    magic::subsets(mask).into_iter().all(|blockers| {
        // The test's own index, not the student's: the magic must work in the real lookup.
        let index = ((blockers.0 & mask.0).wrapping_mul(magic) >> shift) as usize;
        let answer = attacks(blockers);
        *slots[index].get_or_insert(answer) == answer
    })
}

type FindMagic = fn(Bitboard, &dyn Fn(Bitboard) -> Bitboard, &mut dyn FnMut() -> u64) -> u64;

/// A search on every bishop square and every eighth rook square (rook searches take longer);
/// returns the number of squares.
fn check_search(find_magic: FindMagic) -> Checked<usize> {
    let mut rng = StdRng::seed_from_u64(5);
    let mut random = move || rng.gen::<u64>();
    let mut checked = 0;
    for (directions, squares) in [
        (&BISHOP_DIRECTIONS, Square::ALL.iter().step_by(1)),
        (&ROOK_DIRECTIONS, Square::ALL.iter().step_by(8)),
    ] {
        for &sq in squares {
            let mask = boardlab_magic::relevant_mask(sq, directions);
            let attacks = |blockers: Bitboard| slider_attacks_slow(sq, blockers, directions);
            let found = find_magic(mask, &attacks, &mut random);
            if !magic_works(mask, found, &attacks) {
                return Err(format!(
                    "{sq}: {found:#x} sends two attack sets to one slot"
                ));
            }
            checked += 1;
        }
    }
    Ok(checked)
}

#[test]
fn magic_search_finds_working_magics() {
    assert_eq!(pass(check_search(magic::find_magic)), 64 + 8);
}

/// The first sparse number drawn, never tried.
fn first_candidate(
    _mask: Bitboard,
    _attacks: &dyn Fn(Bitboard) -> Bitboard,
    random: &mut dyn FnMut() -> u64,
) -> u64 {
    random() & random() & random()
}

#[test]
fn magic_search_check_rejects_wrong_answers() {
    rejects("an untried candidate", check_search(first_candidate));
    // A magic of zero sends every subset to slot 0.
    let mask = boardlab_magic::relevant_mask(Square::A1, &ROOK_DIRECTIONS);
    assert!(!magic_works(mask, 0, &|b| slider_attacks_slow(
        Square::A1,
        b,
        &ROOK_DIRECTIONS
    )));
}
