//! The labs' checks: each exercise against boardlab's own code, on many cases, counted.
//!
//! Run one exercise's checks by its name, `cargo test -p boardlab-labs x88_knight`. Without the
//! `solutions` feature an unsolved exercise fails here with its `todo!()` message.
//!
//! Each lab's checks are a function that takes the answer as an argument and returns what it
//! covered, or the first problem it found. The lab's test passes it the exercise; a second
//! test, named `…_check_rejects_wrong_answers`, passes it answers written wrong on purpose,
//! each with a mistake students make, and asserts that the check finds every one. Those tests
//! pass without the solutions: they show that each lab's test can fail.

mod hyperbola;
mod legality;
mod magic;
mod mailbox;
mod move_encoding;
mod perft;
mod picker;
mod piece_list;
mod rotated;
mod x88;
mod zobrist;

use boardlab_core::{Bitboard, Setup};
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
