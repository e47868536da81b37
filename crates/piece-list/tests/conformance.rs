//! The shared conformance checks. The perft suites are cheap for this board, so they get a
//! larger budget than the invariant walks, whose reference checks cost far more per node.

use boardlab_core::epd::{PERFT_SUITE, STANDARD_SUITE};
use boardlab_core::{testkit, PerftMode};
use boardlab_piece_list::PieceListBoard;

#[test]
fn perft_suites_match_in_bulk() {
    testkit::check_perft_suite::<PieceListBoard>(STANDARD_SUITE, 2_000_000, PerftMode::Bulk);
    testkit::check_perft_suite::<PieceListBoard>(PERFT_SUITE, 2_000_000, PerftMode::Bulk);
}

#[test]
fn standard_suite_matches_with_every_leaf_made() {
    testkit::check_perft_suite::<PieceListBoard>(STANDARD_SUITE, 500_000, PerftMode::FullMake);
}

#[test]
fn walks_agree_with_the_reference_at_every_node() {
    for fen in testkit::WALK_POSITIONS {
        testkit::check_walk::<PieceListBoard>(fen, 3, 10_000);
    }
}

#[test]
fn chess960_suites_and_walks_agree() {
    let coverage = testkit::check_chess960::<PieceListBoard>(200_000);
    // The tricky suite, the 960 starts in Shredder-FEN and again in X-FEN, and seven walks.
    assert_eq!(coverage.suites.len(), 3);
    assert!(coverage.suites[1].checked >= 960 * 3, "{coverage}");
    assert_eq!(coverage.walks.len(), 7);
}
