//! Every technique against the plain ray walk, for every square, on edge cases and on thousands
//! of seeded random occupancies of several densities.

use boardlab_core::{Bitboard, Square};
use boardlab_sliders::bit_lines::LineBytes;
use boardlab_sliders::{
    black_magic, hyperbola, kindergarten, kogge_stone, obstruction, pext, reference_attacks, Slider,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

type Lookup = fn(Square, Bitboard) -> Bitboard;

fn bit_lines_rook(sq: Square, occupied: Bitboard) -> Bitboard {
    LineBytes::from_occupancy(occupied).rook_attacks(sq)
}

fn bit_lines_bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    LineBytes::from_occupancy(occupied).bishop_attacks(sq)
}

/// (name, rook lookup, bishop lookup) for every technique.
const TECHNIQUES: [(&str, Lookup, Lookup); 7] = [
    ("bit-lines", bit_lines_rook, bit_lines_bishop),
    (
        "kindergarten",
        kindergarten::rook_attacks,
        kindergarten::bishop_attacks,
    ),
    (
        "hyperbola",
        hyperbola::rook_attacks,
        hyperbola::bishop_attacks,
    ),
    (
        "obstruction",
        obstruction::rook_attacks,
        obstruction::bishop_attacks,
    ),
    (
        "kogge-stone",
        kogge_stone::rook_attacks,
        kogge_stone::bishop_attacks,
    ),
    (
        "black-magic",
        black_magic::rook_attacks,
        black_magic::bishop_attacks,
    ),
    ("pext", pext::rook_attacks, pext::bishop_attacks),
];

/// Checks every technique for every square on `occupied`, with and without the slider's own
/// square in the set (a board always has it; the lookups must not care). Returns the number of
/// (technique, slider, square, occupancy) cases checked.
fn check(occupied: Bitboard) -> usize {
    let mut cases = 0;
    for sq in Square::ALL {
        for occupancy in [occupied.with(sq), occupied.without(sq)] {
            let rook = reference_attacks(Slider::Rook, sq, occupancy);
            let bishop = reference_attacks(Slider::Bishop, sq, occupancy);
            for (name, rook_lookup, bishop_lookup) in TECHNIQUES {
                assert_eq!(
                    rook_lookup(sq, occupancy),
                    rook,
                    "{name}: rook on {sq}, occupied {:#018x}",
                    occupancy.0
                );
                assert_eq!(
                    bishop_lookup(sq, occupancy),
                    bishop,
                    "{name}: bishop on {sq}, occupied {:#018x}",
                    occupancy.0
                );
                cases += 2;
            }
        }
    }
    cases
}

#[test]
fn edge_cases_match_the_ray_walk() {
    let edges = Bitboard::RANK_1 | Bitboard::RANK_8 | Bitboard::FILE_A | Bitboard::FILE_H;
    let occupancies = [
        Bitboard::EMPTY,
        Bitboard::FULL,
        edges,
        !edges,
        Bitboard::RANK_1 | Bitboard::RANK_8,
        Bitboard::FILE_A | Bitboard::FILE_H,
        // The corners, and the two long diagonals.
        Bitboard(0x8100_0000_0000_0081),
        Bitboard(0x8040_2010_0804_0201),
        Bitboard(0x0102_0408_1020_4080),
        // The squares next to the edge: the last relevant squares of the tables.
        Bitboard(0x007e_4242_4242_7e00),
        // A checkerboard of each colour.
        Bitboard(0xaa55_aa55_aa55_aa55),
        Bitboard(0x55aa_55aa_55aa_55aa),
    ];
    let mut cases = 0;
    for occupied in occupancies {
        cases += check(occupied);
    }
    // 12 occupancies x 64 squares x 2 (own square or not) x 7 techniques x 2 sliders.
    assert_eq!(cases, 12 * 64 * 2 * 7 * 2);
}

#[test]
fn every_single_blocker_matches_the_ray_walk() {
    let mut cases = 0;
    for blocker in Square::ALL {
        cases += check(Bitboard::from_square(blocker));
        cases += check(!Bitboard::from_square(blocker));
    }
    assert_eq!(cases, 2 * 64 * 64 * 2 * 7 * 2);
}

#[test]
fn random_occupancies_match_the_ray_walk() {
    let mut rng = StdRng::seed_from_u64(0x0511_3e75);
    let mut occupancies = 0;
    let mut cases = 0;
    // Sparse boards (the AND of three draws, about 8 pieces), middle-game boards (two draws,
    // about 16), and dense ones (one draw, about 32).
    for round in 0..3000 {
        let occupied = match round % 3 {
            0 => rng.gen::<u64>() & rng.gen::<u64>() & rng.gen::<u64>(),
            1 => rng.gen::<u64>() & rng.gen::<u64>(),
            _ => rng.gen::<u64>(),
        };
        cases += check(Bitboard(occupied));
        occupancies += 1;
    }
    assert_eq!(occupancies, 3000);
    assert_eq!(cases, 3000 * 64 * 2 * 7 * 2);
}

#[test]
fn incremental_line_bytes_follow_a_random_walk_of_toggles() {
    let mut rng = StdRng::seed_from_u64(17);
    let mut occupied = Bitboard(0xffff_0000_0000_ffff);
    let mut lines = LineBytes::from_occupancy(occupied);
    let mut steps = 0;
    for _ in 0..20_000 {
        let sq = Square::ALL[rng.gen_range(0..64)];
        lines.toggle(sq);
        occupied = Bitboard(occupied.0 ^ Bitboard::from_square(sq).0);
        assert_eq!(lines, LineBytes::from_occupancy(occupied));
        let probe = Square::ALL[rng.gen_range(0..64)];
        assert_eq!(
            lines.queen_attacks(probe),
            reference_attacks(Slider::Rook, probe, occupied)
                | reference_attacks(Slider::Bishop, probe, occupied)
        );
        steps += 1;
    }
    assert_eq!(steps, 20_000);
}

#[test]
fn queens_are_rooks_and_bishops() {
    let occupied = Bitboard(0x0042_0018_2400_8100);
    let queens: [(&str, Lookup); 6] = [
        ("kindergarten", kindergarten::queen_attacks),
        ("hyperbola", hyperbola::queen_attacks),
        ("obstruction", obstruction::queen_attacks),
        ("kogge-stone", kogge_stone::queen_attacks),
        ("black-magic", black_magic::queen_attacks),
        ("pext", pext::queen_attacks),
    ];
    for sq in Square::ALL {
        let expected = reference_attacks(Slider::Rook, sq, occupied)
            | reference_attacks(Slider::Bishop, sq, occupied);
        for (name, queen) in queens {
            assert_eq!(queen(sq, occupied), expected, "{name} queen on {sq}");
        }
    }
}
