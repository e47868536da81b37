//! A Rust board with a planted bug, debugged the way an outside crate would debug its own:
//! the published perft count is wrong, and boardlab's diff, called as a library, finds the
//! position where the bug shows and names the move.
//!
//! ```sh
//! cargo run --release --example planted_bug
//! ```
//!
//! It exits with status 0 when the diff finds the planted bug, 1 when it does not, and 2 on an
//! error.

pub mod board;

use board::EnPassantBugBoard;
use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{perft, Board, PerftMode};
use boardlab_harness::{diff, BoardOracle, DiffReport, Error, Position};
use boardlab_magic::MagicBoard;
use std::process::ExitCode;

/// The standard suite's third position: a rook-and-pawn ending where the white king on a5 and
/// the black rook on h5 share a rank, so black's c7c5 invites the en passant b5c6 that would
/// leave the king in check.
const POSITION: &str = "position3";
const DEPTH: u32 = 3;

/// Counts the buggy board against the published figure, then diffs it against a backend.
pub fn run() -> Result<(u64, u64, DiffReport), Error> {
    let cases = parse_perft_suite(STANDARD_SUITE).expect("the embedded suite parses");
    let case = cases
        .iter()
        .find(|case| case.id.as_deref() == Some(POSITION))
        .expect("the suite has position3");
    let published = case
        .expected
        .iter()
        .find(|&&(depth, _)| depth == DEPTH)
        .map(|&(_, nodes)| nodes)
        .expect("position3 has a published count at this depth");
    let counted = perft(
        &mut EnPassantBugBoard::from_setup(&case.setup),
        DEPTH,
        PerftMode::Bulk,
    );
    // ANCHOR: diff
    let root = Position::from_fen(&case.fen, false)?;
    let mut mine = BoardOracle::<EnPassantBugBoard>::new();
    let mut trusted = BoardOracle::<MagicBoard>::new();
    let report = diff(&root, &mut mine, &mut trusted, DEPTH)?;
    // ANCHOR_END: diff
    Ok((published, counted, report))
}

/// What the example prints, and whether the diff found the planted bug: one move that only
/// the buggy board lists.
pub fn describe(published: u64, counted: u64, report: &DiffReport) -> (String, bool) {
    let text = format!(
        "perft {DEPTH} of {POSITION}: published {published}, ep-bug counts {counted}\n{report}{}\n",
        report.to_json()
    );
    let found = report
        .divergence
        .as_ref()
        .is_some_and(|d| d.only_in_a.len() == 1 && d.only_in_b.is_empty());
    (text, found)
}

fn main() -> ExitCode {
    match run() {
        Ok((published, counted, report)) => {
            let (text, found) = describe(published, counted, &report);
            print!("{text}");
            ExitCode::from(if found { 0 } else { 1 })
        }
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::from(2)
        }
    }
}
