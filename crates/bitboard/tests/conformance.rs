//! The shared conformance checks, run against each board of boardlab-bitboard's techniques.
//!
//! The seven boards share the generator that `MagicBoard` and `RotatedBoard` pass their own,
//! larger budgets with, so each board here gets a smaller one: enough to cross every suite
//! position's first plies, castling, en passant and promotion cases, and a walk of every
//! testkit position checked node by node against the slow reference `Setup`; and the Chess960
//! suites and walks, under a budget of their own.

use boardlab_bitboard::{
    BitLinesBoard, BlackMagicBoard, HyperbolaBoard, KindergartenBoard, KoggeStoneBoard,
    ObstructionBoard, PextBoard,
};
use boardlab_core::epd::{PERFT_SUITE, STANDARD_SUITE};
use boardlab_core::{testkit, PerftMode};

const BULK_NODES: u64 = 500_000;
const FULL_MAKE_NODES: u64 = 50_000;
const WALK_NODES: u64 = 3_000;
const CHESS960_NODES: u64 = 100_000;

/// The budgets must still reach every position of the suites: at least its depth-1 and depth-2
/// counts (every depth-2 count of both suites is below the smaller budget).
fn assert_covered(standard: &testkit::SuiteCoverage, suite: &testkit::SuiteCoverage) {
    assert!(standard.checked >= 2 * 6, "standard positions: {standard}");
    assert!(suite.checked >= 2 * 126, "perft suite: {suite}");
}

macro_rules! conformance {
    ($module:ident, $board:ty) => {
        mod $module {
            use super::*;

            #[test]
            fn bulk_perft_matches_the_suites() {
                let standard = testkit::check_perft_suite::<$board>(
                    STANDARD_SUITE,
                    BULK_NODES,
                    PerftMode::Bulk,
                );
                let suite =
                    testkit::check_perft_suite::<$board>(PERFT_SUITE, BULK_NODES, PerftMode::Bulk);
                assert_covered(&standard, &suite);
            }

            #[test]
            fn full_make_perft_matches_the_suites() {
                let standard = testkit::check_perft_suite::<$board>(
                    STANDARD_SUITE,
                    FULL_MAKE_NODES,
                    PerftMode::FullMake,
                );
                let suite = testkit::check_perft_suite::<$board>(
                    PERFT_SUITE,
                    FULL_MAKE_NODES,
                    PerftMode::FullMake,
                );
                assert_covered(&standard, &suite);
            }

            #[test]
            fn walks_agree_with_the_reference() {
                let mut nodes = 0;
                for fen in testkit::WALK_POSITIONS {
                    nodes += testkit::check_walk::<$board>(fen, 3, WALK_NODES).nodes;
                }
                // Each walk covers at least its root and the root's children.
                assert!(
                    nodes > 20 * testkit::WALK_POSITIONS.len() as u64,
                    "walked {nodes} nodes"
                );
            }

            #[test]
            fn passes_the_chess960_checks() {
                let coverage = testkit::check_chess960::<$board>(CHESS960_NODES);
                // The tricky suite, the 960 starts in Shredder-FEN to depth 3 and again in
                // X-FEN to depth 2 in full make, and seven walks.
                assert!(coverage.suites[1].checked >= 960 * 3, "{coverage}");
                assert!(coverage.suites[2].checked >= 960 * 2, "{coverage}");
                assert_eq!(coverage.walks.len(), 7);
            }
        }
    };
}

conformance!(bit_lines, BitLinesBoard);
conformance!(kindergarten, KindergartenBoard);
conformance!(hyperbola, HyperbolaBoard);
conformance!(obstruction, ObstructionBoard);
conformance!(kogge_stone, KoggeStoneBoard);
conformance!(black_magic, BlackMagicBoard);
// The lookups fall back to a portable bit loop on a processor without BMI2 (boardlab-sliders'
// pext module), so this board is checked on every machine; only its speed depends on BMI2.
conformance!(pext, PextBoard);
