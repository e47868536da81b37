//! The labs' checks: each exercise against boardlab's own code, on many cases, counted.
//!
//! Run one exercise's checks by its name, `cargo test -p boardlab-labs x88_knight`. An unsolved
//! exercise fails here with its `todo!()` message.
//!
//! Each lab's checks are a function that takes the answer as an argument and returns what it
//! covered, or the first problem it found. The lab's test passes it the exercise; a second
//! test, named `…_check_rejects_wrong_answers`, passes it answers written wrong on purpose,
//! each with a mistake students make, and asserts that the check finds every one. Those tests
//! pass before any lab is solved: they show that each lab's test can fail.

mod board_search;
mod hyperbola;
mod legality;
mod magic;
mod mailbox;
mod move_encoding;
mod perft;
mod picker;
mod piece_list;
mod rotated;
mod search;
mod x88;
mod zobrist;

use boardlab_core::bitboard::slider_attacks_slow;
use boardlab_core::{Bitboard, Setup, Square};
use boardlab_mailbox::MailboxBoard;
use boardlab_testkit::positions::random_position;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// What a check found: what it covered, or the first problem.
type Checked<T> = Result<T, String>;

/// The covered count of a check that must pass; its problem as the test's failure otherwise.
fn pass<T>(checked: Checked<T>) -> T {
    checked.unwrap_or_else(|problem| panic!("{problem}"))
}

/// Asserts that a check rejects a wrong answer, and returns the problem it named.
fn rejects<T: std::fmt::Debug>(what: &str, checked: Checked<T>) -> String {
    match checked {
        Ok(covered) => panic!("the check accepted {what} (covered {covered:?})"),
        Err(problem) => problem,
    }
}

/// The first read of a cell that an answer had no business reading. It is reported only
/// after every answer has been compared, so that an answer both wrong and reading too much is
/// reported for what it answers.
#[derive(Default)]
struct StrayReads(Option<String>);

impl StrayReads {
    /// Notes `describe(stray)` if `read` holds cells outside `allowed` and nothing was noted yet.
    fn check(&mut self, read: u128, allowed: u128, describe: impl FnOnce(u128) -> String) {
        let stray = read & !allowed;
        if stray != 0 && self.0.is_none() {
            self.0 = Some(describe(stray));
        }
    }

    /// `covered`, or the stray read as the check's problem.
    fn verdict<T>(self, covered: T) -> Checked<T> {
        self.0.map_or(Ok(covered), Err)
    }
}

/// Asserts that a lab test's own ray walk is core's slow walk: on 20 random occupancies, from
/// every square along every one of `steps` (the eight directions), `reached(sq, occupied,
/// step)` is the set `slider_attacks_slow` finds in `direction(step)`.
fn assert_walk_is_the_slow_walk<Step: Copy + std::fmt::Debug>(
    seed: u64,
    steps: &[Step],
    direction: impl Fn(Step) -> (i8, i8),
    reached: impl Fn(Square, Bitboard, Step) -> Bitboard,
) {
    let directions: std::collections::BTreeSet<(i8, i8)> =
        steps.iter().map(|&step| direction(step)).collect();
    assert_eq!(directions.len(), 8, "the steps cover the eight directions");
    let mut rays = 0;
    for occupied in occupancies(seed, 20) {
        for sq in Square::ALL {
            for &step in steps {
                let slow = slider_attacks_slow(sq, occupied, &[direction(step); 4]);
                assert_eq!(reached(sq, occupied, step), slow, "{sq} step {step:?}");
                rays += 1;
            }
        }
    }
    assert_eq!(rays, 20 * 64 * 8);
}

/// The squares core's slow walk attacks from `sq` in direction `(df, dr)` on `occupied`, in
/// ray order, nearest first: the shortcut of the wrong answers that read every cell into a
/// bitboard and ask core.
fn slow_walk_in_ray_order(sq: Square, occupied: Bitboard, (df, dr): (i8, i8)) -> Vec<Square> {
    let attacks = slider_attacks_slow(sq, occupied, &[(df, dr); 4]);
    let mut reached = Vec::new();
    let mut current = sq;
    while let Some(next) = current.offset(df, dr) {
        if attacks.contains(next) {
            reached.push(next);
        }
        current = next;
    }
    reached
}

/// Positions the random games start from: the start position, kiwipete, and two endings rich
/// in en passant and promotions.
const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

/// Random occupancies, some sparse and some dense, from a fixed seed.
fn occupancies(seed: u64, count: usize) -> Vec<Bitboard> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count)
        .map(|i| match i % 3 {
            0 => Bitboard(rng.gen::<u64>() & rng.gen::<u64>() & rng.gen::<u64>()),
            1 => Bitboard(rng.gen::<u64>() & rng.gen::<u64>()),
            _ => Bitboard(rng.gen()),
        })
        .collect()
}

/// Random valid positions from a fixed seed.
fn positions(seed: u64, count: usize) -> Vec<Setup> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count)
        .map(|_| random_position::<MailboxBoard>(&mut rng, STARTS))
        .collect()
}

/// The course's chapter gives the number of exercises the grading command marks: the rows of
/// the exercises' table in the labs' `lib.rs`, the capstone's apart.
#[test]
fn course_counts_the_exercises_of_the_sources() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).expect("the labs' lib.rs");
    let exercises = lib
        .lines()
        .filter(|line| line.starts_with("//! | `") && !line.starts_with("//! | `capstone`"))
        .count();
    let course =
        std::fs::read_to_string(root.join("../../docs/src/course.md")).expect("the course");
    let said = format!("a line per exercise ({exercises}, and the capstone's)");
    assert!(
        course.contains(&said),
        "docs/src/course.md does not say \"{said}\""
    );
}
