//! The shared conformance checks, run against `MagicBoard`.
//!
//! `testkit::check_all` would walk every tree of its positions three plies deep, checking each
//! node against the slow reference `Setup`, which alone takes most of a minute; the walks here
//! get a node budget of their own instead, while the perft suites keep the full budget.

use boardlab_core::epd::{PERFT_SUITE, STANDARD_SUITE};
use boardlab_core::{testkit, PerftMode};
use boardlab_magic::MagicBoard;

const PERFT_NODES: u64 = 2_000_000;
const WALK_NODES: u64 = 10_000;

#[test]
fn bulk_perft_matches_the_standard_positions() {
    testkit::check_perft_suite::<MagicBoard>(STANDARD_SUITE, PERFT_NODES, PerftMode::Bulk);
}

#[test]
fn bulk_perft_matches_the_perft_suite() {
    testkit::check_perft_suite::<MagicBoard>(PERFT_SUITE, PERFT_NODES, PerftMode::Bulk);
}

#[test]
fn full_make_perft_matches_the_standard_positions() {
    testkit::check_perft_suite::<MagicBoard>(STANDARD_SUITE, PERFT_NODES / 4, PerftMode::FullMake);
}

#[test]
fn full_make_perft_matches_the_perft_suite() {
    testkit::check_perft_suite::<MagicBoard>(PERFT_SUITE, PERFT_NODES / 20, PerftMode::FullMake);
}

#[test]
fn walks_agree_with_the_reference() {
    for fen in testkit::WALK_POSITIONS {
        testkit::check_walk::<MagicBoard>(fen, 3, WALK_NODES);
    }
}

#[test]
fn passes_the_chess960_checks() {
    let coverage = testkit::check_chess960::<MagicBoard>(200_000);
    // The tricky suite, the 960 starts in Shredder-FEN and again in X-FEN, and seven walks.
    assert!(coverage.suites[1].checked >= 960 * 3, "{coverage}");
    assert!(coverage.suites[2].checked >= 960 * 2, "{coverage}");
    assert_eq!(coverage.walks.len(), 7);
}
