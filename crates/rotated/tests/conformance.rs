//! The shared conformance checks of boardlab-core's testkit.

use boardlab_core::epd::{PERFT_SUITE, STANDARD_SUITE};
use boardlab_core::{testkit, PerftMode};
use boardlab_rotated::RotatedBoard;

/// Every check of the kit; the budget is set by its invariant walks, which test each node
/// against the slow reference and dominate the time.
#[test]
fn passes_the_conformance_kit() {
    testkit::check_all::<RotatedBoard>(100_000);
}

/// Bulk counting is cheap here, so the perft suites go deeper than the kit's budget takes them.
#[test]
fn counts_the_perft_suites_to_five_million_nodes() {
    testkit::check_perft_suite::<RotatedBoard>(PERFT_SUITE, 5_000_000, PerftMode::Bulk);
    testkit::check_perft_suite::<RotatedBoard>(STANDARD_SUITE, 5_000_000, PerftMode::Bulk);
    testkit::check_perft_suite::<RotatedBoard>(STANDARD_SUITE, 1_000_000, PerftMode::FullMake);
}

#[test]
fn passes_the_chess960_checks() {
    let coverage = testkit::check_chess960::<RotatedBoard>(200_000);
    // The tricky suite, the 960 starts in Shredder-FEN and again in X-FEN, and seven walks.
    assert!(coverage.suites[1].checked >= 960 * 3, "{coverage}");
    assert!(coverage.suites[2].checked >= 960 * 2, "{coverage}");
    assert_eq!(coverage.walks.len(), 7);
}
