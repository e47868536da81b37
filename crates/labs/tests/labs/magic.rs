//! `magic_index`, `magic_search`: the index against the magic backend, and every subset of
//! the mask tried against the magic found.

use crate::{occupancies, pass, rejects, Checked};
use boardlab_core::bitboard::{
    slider_attacks_slow, BISHOP_DIRECTIONS, QUEEN_DIRECTIONS, ROOK_DIRECTIONS,
};
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
    boardlab_labs::scaffold::magic::subsets(mask)
        .into_iter()
        .all(|blockers| {
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

/// A slider of an invented geometry: from a random square, two to four of the eight
/// directions, each ray cut at a random length, and attacked up to and including its first
/// blocker. Its mask is every ray's squares but the last, as a chess slider's mask leaves out
/// the edge. Mixed directions and cut rays make masks no chess piece has.
struct Geometry {
    rays: Vec<Vec<Square>>,
}

impl Geometry {
    /// Four to ten mask bits in all, from at least two rays, and not a chess mask (a rook's
    /// two full rays from a corner would be one).
    fn random(rng: &mut StdRng) -> Geometry {
        loop {
            let from = Square::ALL[rng.gen_range(0..64)];
            let mut directions = QUEEN_DIRECTIONS.to_vec();
            let mut rays = Vec::new();
            for _ in 0..rng.gen_range(2..=4) {
                let (df, dr) = directions.swap_remove(rng.gen_range(0..directions.len()));
                let mut ray = Vec::new();
                let mut at = from;
                while let Some(next) = at.offset(df, dr) {
                    ray.push(next);
                    at = next;
                }
                if ray.len() >= 2 {
                    ray.truncate(rng.gen_range(2..=ray.len()));
                    rays.push(ray);
                }
            }
            let geometry = Geometry { rays };
            let mask = geometry.mask();
            if geometry.rays.len() >= 2
                && (4..=10).contains(&mask.count())
                && !chess_masks().contains(&mask)
            {
                return geometry;
            }
        }
    }

    fn mask(&self) -> Bitboard {
        self.rays
            .iter()
            .flat_map(|ray| &ray[..ray.len() - 1])
            .fold(Bitboard::EMPTY, |mask, &sq| mask.with(sq))
    }

    fn attacks(&self, blockers: Bitboard) -> Bitboard {
        let mut attacked = Bitboard::EMPTY;
        for ray in &self.rays {
            for &sq in ray {
                attacked = attacked.with(sq);
                if blockers.contains(sq) {
                    break;
                }
            }
        }
        attacked
    }
}

/// Every rook and bishop mask of the board, which the random masks must not be.
fn chess_masks() -> Vec<Bitboard> {
    Square::ALL
        .iter()
        .flat_map(|&sq| {
            [
                boardlab_magic::relevant_mask(sq, &ROOK_DIRECTIONS),
                boardlab_magic::relevant_mask(sq, &BISHOP_DIRECTIONS),
            ]
        })
        .collect()
}

/// 60 searches on invented geometries, none of them a chess mask; returns how many.
fn check_search_random(find_magic: FindMagic) -> Checked<usize> {
    let chess = chess_masks();
    let mut rng = StdRng::seed_from_u64(15);
    let mut draw = StdRng::seed_from_u64(16);
    let mut random = move || draw.gen::<u64>();
    let mut checked = 0;
    for _ in 0..60 {
        let geometry = Geometry::random(&mut rng);
        let mask = geometry.mask();
        assert!(!chess.contains(&mask), "a random mask is a chess mask");
        let attacks = |blockers: Bitboard| geometry.attacks(blockers);
        let found = find_magic(mask, &attacks, &mut random);
        if !magic_works(mask, found, &attacks) {
            return Err(format!(
                "the invented mask {mask:?}: {found:#x} sends two attack sets to one slot"
            ));
        }
        checked += 1;
    }
    Ok(checked)
}

#[test]
fn magic_search_finds_working_magics() {
    assert_eq!(pass(check_search(magic::find_magic)), 64 + 8);
    assert_eq!(pass(check_search_random(magic::find_magic)), 60);
}

#[test]
fn magic_search_random_geometry_reference_is_what_it_claims() {
    // The invented geometries are what they claim: their attack sets differ between subsets
    // (so a magic has work to do) and share some (so constructive collisions happen), and
    // the magic of zero fails them.
    let mut rng = StdRng::seed_from_u64(15);
    for _ in 0..60 {
        let geometry = Geometry::random(&mut rng);
        let mask = geometry.mask();
        let subsets = boardlab_labs::scaffold::magic::subsets(mask);
        let distinct: std::collections::BTreeSet<u64> =
            subsets.iter().map(|&b| geometry.attacks(b).0).collect();
        assert!(distinct.len() > 1 && distinct.len() < subsets.len());
        assert!(!magic_works(mask, 0, &|b| geometry.attacks(b)));
    }
}

/// The magic backend's published numbers looked up by mask, and a guess for any other mask:
/// right on every chess mask, and no search at all.
fn published_by_mask(
    mask: Bitboard,
    _attacks: &dyn Fn(Bitboard) -> Bitboard,
    random: &mut dyn FnMut() -> u64,
) -> u64 {
    Square::ALL
        .iter()
        .flat_map(|&sq| {
            [
                boardlab_magic::rook_magic(sq),
                boardlab_magic::bishop_magic(sq),
            ]
        })
        .find(|entry| entry.mask == mask)
        .map_or_else(|| random() & random() & random(), |entry| entry.magic)
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
    // The published magics pass every chess mask, and fail the invented ones.
    assert_eq!(pass(check_search(published_by_mask)), 64 + 8);
    rejects(
        "the published magics looked up by mask",
        check_search_random(published_by_mask),
    );
    // A magic of zero sends every subset to slot 0.
    let mask = boardlab_magic::relevant_mask(Square::A1, &ROOK_DIRECTIONS);
    assert!(!magic_works(mask, 0, &|b| slider_attacks_slow(
        Square::A1,
        b,
        &ROOK_DIRECTIONS
    )));
}
