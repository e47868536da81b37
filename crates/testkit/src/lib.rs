//! boardlab-testkit: the conformance checks every backend runs, and random valid positions.
//!
//! A backend's conformance test file is one line:
//!
//! ```ignore
//! boardlab_testkit::conformance_tests!(boardlab_magic::MagicBoard);
//! ```
//!
//! The macro writes one `#[test]` function per check of [`conformance`] (see
//! [`conformance_tests!`]), each with the kit's budgets, which are the same for every backend.
//!
//! What the checks are made of:
//!
//! - [`check_perft_suite`] counts an EPD suite's positions with perft and compares every count
//!   within a node budget with the published one ([`suite`]).
//! - [`check_walk`] visits every node of a tree to a given depth and checks each against
//!   boardlab-core's slow [`ReferenceBoard`](boardlab_reference::ReferenceBoard) and `Setup`: the
//!   same legal moves, the same position after each make, the hash, the FEN, the attacks
//!   ([`walk`]). [`STANDARD_WALKS`], [`CORNER_WALKS`] and [`CHESS960_WALKS`] list the positions
//!   walked and to what depth.
//! - [`positions`] draws random valid positions and games, and counts the kinds of position
//!   ([`Feature`]) they hold.
//! - [`ci`] says whether the tests run under CI, where a missing outside tool fails its test and
//!   a snapshot test refuses to rewrite its committed files.
//!
//! A check fails by panicking with a message that names the backend, the position, the moves
//! that reach it and what differed, with the arguments that take `boardlab diff` there. A node
//! budget never cuts a check short in silence: a walk whose tree is bigger than its budget
//! fails, and so does a suite check that leaves a position of the suite uncounted.

pub mod ci;
pub mod conformance;
pub mod positions;
pub mod suite;
pub mod walk;

pub use positions::{Feature, FeatureCount, Features, PLACEMENT_FLOORS};
pub use suite::{check_perft_suite, SuiteCoverage};
pub use walk::{
    check_walk, check_walks, walk_with_exact_unmake, WalkCase, WalkCoverage, CHESS960_WALKS,
    CHESS960_WALK_POSITIONS, CORNER_WALKS, STANDARD_WALKS, WALK_POSITIONS,
};

/// The message of the panic that `check` raises, for tests that show a check failing with the
/// words a reader would see.
///
/// # Panics
///
/// When `check` does not panic: a check that was meant to fail passed.
pub fn panic_message(check: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let payload = std::panic::catch_unwind(check).expect_err("the check fails");
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// The rest of the line of a check's `message` that starts with `prefix` (leading spaces
/// ignored), for tests that read one field of a failure report.
///
/// # Panics
///
/// When no line starts with `prefix`: the report lacks the field.
pub fn message_line(message: &str, prefix: &str) -> String {
    message
        .lines()
        .find_map(|line| line.trim().strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no {prefix:?} line in {message}"))
        .to_string()
}

/// The conformance tests of a board type, one `#[test]` function per check of [`conformance`].
///
/// The checks are separate test functions rather than one, so that cargo's test runner runs
/// them on separate threads (the walks, the heaviest, beside the perft counts) and reports each
/// failure under its own name, instead of stopping at the first.
///
/// The functions are written where the macro is called. A file that tests several board types
/// names a module for each, and the macro writes each type's functions in its module:
///
/// ```ignore
/// boardlab_testkit::conformance_tests!(
///     hyperbola => boardlab_bitboard::HyperbolaBoard,
///     obstruction => boardlab_bitboard::ObstructionBoard,
/// );
/// ```
///
/// The board type implements boardlab-engine's `EngineQueries` as well as `Board` (an empty
/// `impl` keeps the generic answers), since one of the checks compares its answers with the
/// generic ones.
#[macro_export]
macro_rules! conformance_tests {
    ($($module:ident => $board:ty),+ $(,)?) => {
        $(
            mod $module {
                $crate::conformance_tests!($board);
            }
        )+
    };
    ($board:ty) => {
        #[test]
        fn perft_counts_match_the_suites_in_bulk() {
            $crate::conformance::perft_counts_in_bulk::<$board>();
        }

        #[test]
        fn perft_counts_match_the_suites_with_every_leaf_made() {
            $crate::conformance::perft_counts_with_every_leaf_made::<$board>();
        }

        #[test]
        fn walks_of_the_standard_positions_agree_with_the_reference() {
            $crate::conformance::walks_of_the_standard_positions::<$board>();
        }

        #[test]
        fn walks_of_the_rules_corners_agree_with_the_reference() {
            $crate::conformance::walks_of_the_rules_corners::<$board>();
        }

        #[test]
        fn chess960_counts_match_the_suites() {
            $crate::conformance::chess960_counts::<$board>();
        }

        #[test]
        fn chess960_walks_agree_with_the_reference() {
            $crate::conformance::chess960_walks::<$board>();
        }

        #[test]
        fn engine_queries_give_the_generic_answers() {
            $crate::conformance::engine_queries::<$board>();
        }
    };
}

/// `--fen '…' --moves …`: the position after `path` from `fen`, as `boardlab diff` (and every
/// command that takes a position) reads it.
pub(crate) fn diff_arguments(fen: &str, path: &[String]) -> String {
    let mut arguments = format!("--fen '{fen}'");
    if !path.is_empty() {
        arguments.push_str(" --moves ");
        arguments.push_str(&path.join(" "));
    }
    arguments
}
