//! `hyperbola`: the file and both diagonals of every square against a plain ray walk, and
//! random lines of one square per rank against a rank-by-rank walk.
//!
//! The rank-by-rank walk answers the exercise for any line, so the students' copy holds what it
//! answers on the check's random lines instead, in `tests/data/hyperbola.txt`.

use crate::{occupancies, pass, recorded, rejects, Checked, Want};
use boardlab_core::bitboard::{slider_attacks_slow, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use boardlab_core::{Bitboard, Square};
use boardlab_labs::hyperbola;
use boardlab_labs::scaffold::hyperbola::{anti_diagonal_mask, diagonal_mask, file_mask};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

type Hyperbola = fn(Square, Bitboard, Bitboard) -> Bitboard;

/// A plain ray walk: from `sq` along each direction, every square up to the edge or the first
/// occupied one, which is included.
fn ray_walk(sq: Square, occupied: Bitboard, directions: &[(i8, i8)]) -> Bitboard {
    let mut attacked = Bitboard::EMPTY;
    for &(df, dr) in directions {
        let mut current = sq;
        while let Some(next) = current.offset(df, dr) {
            attacked = attacked.with(next);
            if occupied.contains(next) {
                break;
            }
            current = next;
        }
    }
    attacked
}

// grading only:
/// The squares of `line` a slider on `sq` reaches going up and down rank by rank: in each
/// direction, every square of the line up to the first occupied one, which is included.
fn rank_walk(sq: Square, occupied: Bitboard, line: Bitboard) -> Bitboard {
    let on_rank = |rank: usize| (line & Bitboard::rank(rank)).first();
    let rank = sq.rank().index();
    let mut attacked = Bitboard::EMPTY;
    for ranks in [
        (rank + 1..8).collect::<Vec<_>>(),
        (0..rank).rev().collect::<Vec<_>>(),
    ] {
        for square in ranks.into_iter().filter_map(on_rank) {
            attacked = attacked.with(square);
            if occupied.contains(square) {
                break;
            }
        }
    }
    attacked
}
// end of grading only

/// A question to the rank-by-rank walk: the square, the occupancy and the line.
type Asked = (Square, Bitboard, Bitboard);

/// The rank-by-rank walk's answers: in the students' copy, its recorded figures.
#[allow(unreachable_code)]
fn rank_by_rank<'a>() -> Want<'a, Asked> {
    // grading only:
    return crate::live(|&(sq, occupied, line): &Asked| hex(rank_walk(sq, occupied, line)));
    // end of grading only
    recorded("hyperbola")
}

/// A set of squares as the figures write it.
fn hex(set: Bitboard) -> String {
    format!("{:#018x}", set.0)
}

/// A random set of squares with at most one on each rank and none on `sq`'s rank, on a
/// random file per rank: no line of the board, most of the time.
fn random_line(rng: &mut StdRng, sq: Square) -> Bitboard {
    let mut line = Bitboard::EMPTY;
    for rank in (0..8).filter(|&rank| rank != sq.rank().index()) {
        if rng.gen_bool(0.8) {
            let file = rng.gen_range(0..8);
            line = line.with(Square::from_index((8 * rank + file) as u8));
        }
    }
    line
}

/// The file and the two diagonals of every square on 200 random occupancies, then 50 random
/// lines per square; returns the numbers of cases of each.
fn check_hyperbola(hyperbola: Hyperbola, want: &mut Want<Asked>) -> Checked<(usize, usize)> {
    let mut lines = 0;
    for occupied in occupancies(12, 200) {
        for sq in Square::ALL {
            for (name, line, directions) in [
                ("file", file_mask(sq), [(0, 1), (0, -1)]),
                ("diagonal", diagonal_mask(sq), [(1, 1), (-1, -1)]),
                ("anti-diagonal", anti_diagonal_mask(sq), [(1, -1), (-1, 1)]),
            ] {
                let (attacked, expected) = (
                    hyperbola(sq, occupied, line),
                    ray_walk(sq, occupied, &directions),
                );
                if attacked != expected {
                    return Err(format!(
                        "the {name} of {sq}: {attacked:?} expected {expected:?} occupied \
                         {occupied:?}"
                    ));
                }
                lines += 1;
            }
        }
    }
    let mut rng = StdRng::seed_from_u64(13);
    let mut random_lines = 0;
    for (number, occupied) in occupancies(14, 50).into_iter().enumerate() {
        for sq in Square::ALL {
            let line = random_line(&mut rng, sq);
            let name = format!("occupancy {number}, {sq}: the random line {}", hex(line));
            let wanted = want(&name, &(sq, occupied, line));
            let attacked = hyperbola(sq, occupied, line);
            if hex(attacked) != wanted {
                let expected = u64::from_str_radix(wanted.trim_start_matches("0x"), 16)
                    .map_or(Bitboard::EMPTY, Bitboard);
                return Err(format!(
                    "the random line {line:?} through {sq}: {attacked:?} expected {expected:?} \
                     occupied {occupied:?}"
                ));
            }
            random_lines += 1;
        }
    }
    Ok((lines, random_lines))
}

#[test]
fn hyperbola_matches_the_ray_walks() {
    assert_eq!(
        pass(check_hyperbola(hyperbola::hyperbola, &mut rank_by_rank())),
        (200 * 64 * 3, 50 * 64)
    );
}

// grading only:
/// On the board's own lines, the two walks are one.
#[test]
fn hyperbola_walks_agree_on_the_board_lines() {
    let mut cases = 0;
    for occupied in occupancies(15, 50) {
        for sq in Square::ALL {
            for (line, directions) in [
                (file_mask(sq), [(0, 1), (0, -1)]),
                (diagonal_mask(sq), [(1, 1), (-1, -1)]),
                (anti_diagonal_mask(sq), [(1, -1), (-1, 1)]),
            ] {
                assert_eq!(
                    rank_walk(sq, occupied, line),
                    ray_walk(sq, occupied, &directions),
                    "{sq}"
                );
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 50 * 64 * 3);
}
// end of grading only

/// The shortcut: core's slow walk along the rook's and the bishop's directions, kept to the
/// line. Right on the board's lines, and blind to any other.
fn by_the_slow_walk(sq: Square, occupied: Bitboard, line: Bitboard) -> Bitboard {
    (slider_attacks_slow(sq, occupied, &ROOK_DIRECTIONS)
        | slider_attacks_slow(sq, occupied, &BISHOP_DIRECTIONS))
        & line
}

/// The slow walk along the rook's directions only, as if every line were a file.
fn rook_walk_for_every_line(sq: Square, occupied: Bitboard, line: Bitboard) -> Bitboard {
    slider_attacks_slow(sq, occupied, &ROOK_DIRECTIONS) & line
}

#[test]
fn hyperbola_check_rejects_wrong_answers() {
    let problem = rejects(
        "the rook's walk for a diagonal",
        check_hyperbola(rook_walk_for_every_line, &mut rank_by_rank()),
    );
    assert!(problem.starts_with("the diagonal"), "{problem}");
    let problem = rejects(
        "core's slow walk",
        check_hyperbola(by_the_slow_walk, &mut rank_by_rank()),
    );
    assert!(problem.starts_with("the random line"), "{problem}");
}

// repository only:
/// `tests/data/hyperbola.txt` is what the rank-by-rank walk answers on the check's random lines.
#[test]
fn hyperbola_figures_are_the_models() {
    crate::record("hyperbola", || {
        // On the board's lines the rank-by-rank walk is the ray walk.
        pass(check_hyperbola(rank_walk, &mut rank_by_rank()));
    });
}
// end of repository only
