//! `x88_knight`, `x88_slider`, `x88_step`: cells in order against walks by file and rank, no
//! cell read off the board or off the rays, and every difference of two cells; and the
//! chapter's counts of the difference table.

use crate::{
    assert_walk_is_the_slow_walk, occupancies, pass, rejects, slow_walk_in_ray_order, Checked,
    StrayReads,
};
use boardlab_core::bitboard::{king_attacks, knight_attacks, line, pawn_attacks};
use boardlab_core::{Bitboard, Color, Square};
use boardlab_labs::scaffold::x88::{
    cell, square_of_cell, Cells, BISHOP_STEPS, KNIGHT_STEPS, QUEEN_STEPS, ROOK_STEPS,
};
use boardlab_labs::x88;

/// The file and rank change of a 0x88 step: the rank change is the step rounded to the
/// nearest multiple of 16, the file change what is left.
fn direction(step: i8) -> (i8, i8) {
    let rank = (step + 8).div_euclid(16);
    (step - 16 * rank, rank)
}

/// The cells of the ray from `sq` along `step`, nearest first, worked out by file and rank:
/// up to the edge or the first occupied square, which is included.
fn walk(sq: Square, occupied: Bitboard, step: i8) -> Vec<u8> {
    let (df, dr) = direction(step);
    let mut reached = Vec::new();
    let mut current = sq;
    while let Some(next) = current.offset(df, dr) {
        reached.push(cell(next));
        if occupied.contains(next) {
            break;
        }
        current = next;
    }
    reached
}

type KnightTargets = fn(u8) -> Vec<u8>;

/// The knight on every square; returns the number of squares.
fn check_knight(knight_targets: KnightTargets) -> Checked<usize> {
    let mut squares = 0;
    for sq in Square::ALL {
        let expected: Vec<u8> = KNIGHT_STEPS
            .iter()
            .filter_map(|&step| {
                let (df, dr) = direction(step);
                sq.offset(df, dr).map(cell)
            })
            .collect();
        let targets = knight_targets(cell(sq));
        if targets != expected {
            return Err(format!(
                "knight on {sq}: {targets:?}, expected {expected:?} (in the order of \
                 KNIGHT_STEPS)"
            ));
        }
        squares += 1;
    }
    Ok(squares)
}

#[test]
fn x88_knight_targets_follow_the_steps() {
    assert_eq!(pass(check_knight(x88::knight_targets)), 64);
}

/// The test's knight is the knight of boardlab-core, as sets.
#[test]
fn x88_knight_walk_agrees_with_the_knight_table() {
    for sq in Square::ALL {
        let squares: Bitboard = KNIGHT_STEPS
            .iter()
            .filter_map(|&step| {
                let (df, dr) = direction(step);
                sq.offset(df, dr)
            })
            .collect();
        assert_eq!(squares, knight_attacks(sq), "{sq}");
    }
}

/// Core's knight table, in square order.
fn knight_from_the_table(from: u8) -> Vec<u8> {
    square_of_cell(from).map_or(Vec::new(), |sq| knight_attacks(sq).map(cell).collect())
}

/// Every cell below 128 taken for the board: the phantom half forgotten.
fn knight_below_128(from: u8) -> Vec<u8> {
    KNIGHT_STEPS
        .iter()
        .map(|&step| from.wrapping_add_signed(step))
        .filter(|&to| to < 128)
        .collect()
}

#[test]
fn x88_knight_check_rejects_wrong_answers() {
    rejects(
        "core's table in square order",
        check_knight(knight_from_the_table),
    );
    rejects(
        "the phantom half taken for the board",
        check_knight(knight_below_128),
    );
}

type SliderTargets = fn(&Cells, u8, &[i8]) -> Vec<u8>;

/// A slider on every square, with the rook's, the bishop's and the queen's steps, on 200
/// random occupancies; returns the number of (occupancy, square, piece) cases.
fn check_slider(slider_targets: SliderTargets) -> Checked<usize> {
    let mut cases = 0;
    let mut stray_reads = StrayReads::default();
    for occupied in occupancies(1, 200) {
        let cells = Cells::new(occupied);
        for sq in Square::ALL {
            for (piece, steps) in [
                ("rook", &ROOK_STEPS[..]),
                ("bishop", &BISHOP_STEPS[..]),
                ("queen", &QUEEN_STEPS[..]),
            ] {
                let expected: Vec<u8> = steps
                    .iter()
                    .flat_map(|&step| walk(sq, occupied, step))
                    .collect();
                cells.take_reads();
                let targets = slider_targets(&cells, cell(sq), steps);
                let (read, off_board) = cells.take_reads();
                if targets != expected {
                    return Err(format!(
                        "{piece} on {sq}: {targets:?}, expected {expected:?} (step by step in \
                         the order given, nearest first), occupied {occupied:?}"
                    ));
                }
                if off_board != 0 {
                    return Err(format!(
                        "{piece} on {sq}: read {off_board} cells off the board (test `& 0x88` \
                         before reading a cell)"
                    ));
                }
                let reached = expected.iter().fold(0u128, |set, &c| set | 1 << c);
                stray_reads.check(read, reached, |stray| {
                    format!("{piece} on {sq}: read cells that no ray reaches ({stray:#x})")
                });
                cases += 1;
            }
        }
    }
    stray_reads.verdict(cases)
}

#[test]
fn x88_slider_targets_match_the_ray_walk() {
    assert_eq!(pass(check_slider(x88::slider_targets)), 200 * 64 * 3);
}

/// The test's walk is the slow walk of boardlab-core, as sets, for all eight directions.
#[test]
fn x88_slider_walk_agrees_with_the_slow_walk() {
    assert_walk_is_the_slow_walk(1, &QUEEN_STEPS, direction, |sq, occupied, step| {
        walk(sq, occupied, step)
            .into_iter()
            .map(|c| square_of_cell(c).expect("an on-board cell"))
            .collect()
    });
}

/// The shortcut: every on-board cell read into a bitboard, and each step's squares from
/// core's slow walk, in ray order. The cells come out right; the reads give it away.
fn by_the_slow_walk(cells: &Cells, from: u8, steps: &[i8]) -> Vec<u8> {
    let occupied: Bitboard = Square::ALL
        .into_iter()
        .filter(|&sq| cells[cell(sq)] != boardlab_labs::scaffold::x88::EMPTY)
        .collect();
    let Some(sq) = square_of_cell(from) else {
        return Vec::new();
    };
    steps
        .iter()
        .flat_map(|&step| slow_walk_in_ray_order(sq, occupied, direction(step)))
        .map(cell)
        .collect()
}

/// The shortcut on the first four steps only: a rook's or a bishop's right, a queen's half.
fn four_steps_only(cells: &Cells, from: u8, steps: &[i8]) -> Vec<u8> {
    by_the_slow_walk(cells, from, &steps[..steps.len().min(4)])
}

/// The shortcut after a look at the first step's cell, made before the 0x88 test.
fn reads_before_testing(cells: &Cells, from: u8, steps: &[i8]) -> Vec<u8> {
    if let Some(&first) = steps.first() {
        let _ = cells[from.wrapping_add_signed(first)];
    }
    by_the_slow_walk(cells, from, steps)
}

#[test]
fn x88_slider_check_rejects_wrong_answers() {
    let problem = rejects("four of the queen's steps", check_slider(four_steps_only));
    assert!(problem.starts_with("queen"), "{problem}");
    let problem = rejects("a read before the test", check_slider(reads_before_testing));
    assert!(problem.contains("off the board"), "{problem}");
    let problem = rejects("core's slow walk", check_slider(by_the_slow_walk));
    assert!(problem.contains("no ray reaches"), "{problem}");
}

type StepOf = fn(i16) -> Option<i8>;

/// Every difference of two on-board cells, and numbers that are none; returns the number of
/// aligned pairs and of numbers no pair gives.
fn check_step(step_of: StepOf) -> Checked<(usize, usize)> {
    let mut aligned = 0;
    let mut differences = std::collections::BTreeSet::new();
    for from in Square::ALL {
        for to in Square::ALL {
            let expected = (from != to && !line(from, to).is_empty()).then(|| {
                let df = to.file().index() as i8 - from.file().index() as i8;
                let dr = to.rank().index() as i8 - from.rank().index() as i8;
                16 * dr.signum() + df.signum()
            });
            let difference = i16::from(cell(to)) - i16::from(cell(from));
            let step = step_of(difference);
            if step != expected {
                return Err(format!(
                    "from {from} to {to} (difference {difference}): {step:?}, expected \
                     {expected:?}"
                ));
            }
            differences.insert(difference);
            aligned += usize::from(expected.is_some());
        }
    }
    let mut others = 0;
    let far = [i16::MIN, -1000, 1000, i16::MAX];
    for difference in (-300..=300).chain(far).filter(|d| !differences.contains(d)) {
        if let Some(step) = step_of(difference) {
            return Err(format!(
                "{difference} is the difference of no two on-board cells, and gave {step}"
            ));
        }
        others += 1;
    }
    Ok((aligned, others))
}

#[test]
fn x88_step_names_every_line() {
    // Each square sees the others on its lines: 1456 ordered pairs (a queen's moves on an
    // empty board, summed over the 64 squares). Of -300..=300, 225 numbers are differences
    // of two cells; the other 376 and four far numbers are not.
    assert_eq!(pass(check_step(x88::step_of)), (1456, 376 + 4));
}

/// Rank and file changes read with truncating division, `difference / 16` and
/// `difference % 16`, which is wrong when the two changes have different signs (-15 is one
/// rank down and one file right, not fifteen files left).
fn step_by_truncation(difference: i16) -> Option<i8> {
    let (dr, df) = (difference / 16, difference % 16);
    let aligned = dr == 0 || df == 0 || dr.abs() == df.abs();
    (difference != 0 && aligned && dr.abs() < 8 && df.abs() < 8)
        .then(|| (16 * dr.signum() + df.signum()) as i8)
}

#[test]
fn x88_step_check_rejects_wrong_answers() {
    rejects("truncating division", check_step(step_by_truncation));
}

/// The figures the 0x88 chapter gives for its difference table, counted over every pair of
/// on-board cells: how many different differences occur, how many of them some piece attacks
/// along on an empty board, and the smallest cell a step below the first rank wraps to. Not an
/// exercise: it passes before any lab is solved.
#[test]
fn x88_difference_counts() {
    use std::collections::BTreeSet;
    let mut differences = BTreeSet::new();
    let mut attacked = BTreeSet::new();
    for from in Square::ALL {
        for to in Square::ALL {
            let difference = i16::from(cell(to)) - i16::from(cell(from));
            differences.insert(difference);
            let on_a_line = from != to && !line(from, to).is_empty();
            let leaper = knight_attacks(from).contains(to)
                || king_attacks(from).contains(to)
                || pawn_attacks(Color::White, from).contains(to)
                || pawn_attacks(Color::Black, from).contains(to);
            if on_a_line || leaper {
                attacked.insert(difference);
            }
        }
    }
    assert_eq!(
        differences.len(),
        225,
        "15 rank changes times 15 file changes"
    );
    assert_eq!(
        (differences.first(), differences.last()),
        (Some(&-119), Some(&119))
    );
    // Eight directions at seven distances, and the eight knight jumps; king and pawn steps
    // fall on the lines at distance one.
    assert_eq!(attacked.len(), 64);
    // Every step off the bottom of the board, as the generators take it (u8 arithmetic).
    let steps = QUEEN_STEPS.iter().chain(&KNIGHT_STEPS);
    let wrapped: Vec<u8> = Square::ALL
        .iter()
        .flat_map(|&sq| steps.clone().map(move |&step| (cell(sq), step)))
        .filter(|&(cell, step)| i16::from(cell) + i16::from(step) < 0)
        .map(|(cell, step)| cell.wrapping_add_signed(step))
        .collect();
    assert_eq!(wrapped.iter().min(), Some(&223), "a1 - 33");
    assert!(wrapped.iter().all(|&cell| cell & 0x88 != 0));
    assert!(wrapped.contains(&239), "a1 - 17");
}
