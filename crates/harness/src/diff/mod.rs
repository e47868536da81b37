//! The descent: from two divide oracles whose counts differ to the first position where their
//! legal move lists differ.
//!
//! Both oracles divide the root. While their move lists agree, a move whose counts differ is
//! played and both divide again, one ply shallower; the first position whose move lists differ
//! is the answer, with the moves that led there and the moves only one side has. Each oracle is
//! asked exactly once per position on the way down, so a slow outside program is run `depth`
//! times at most. Among several moves whose counts differ, the one with the smallest subtree is
//! followed: it leads to the same kind of answer and costs the least to ask about.
//!
//! Every answer is checked before it is used. A move listed twice, a move no generator of the
//! position could list, a count other than 1 at depth 1, or counts below a move that do not add
//! up to what the same oracle said about that move one step earlier: none of these is a
//! divergence to report, they are an oracle that cannot be believed, and end the descent with
//! an error naming it.
//!
//! Reports write a position's FEN with its en-passant square whenever a pawn stands ready to
//! take, legal or not ([`Setup::to_fen_pseudo_legal_ep`]): the capture a buggy generator gets
//! wrong is often just that one, and the position pasted back into it must still offer it.
//!
//! [`Setup::to_fen_pseudo_legal_ep`]: boardlab_core::Setup::to_fen_pseudo_legal_ep

pub mod named;
pub mod oracle;
pub mod perftree_program;
pub mod program;
mod report;
pub mod uci_engine;

pub use named::{backend_oracle, named, oracle_named, program_oracle, Named, Protocol};
pub use oracle::{BoardOracle, Divide, DivideOracle};
pub use perftree_program::parse_answer;
pub use program::{find_program, ProgramOptions};
pub use report::texts;
pub use report::{DiffReport, Divergence};

use crate::output::progress_bar_after;
use crate::{Error, Position};
use boardlab_core::UciMove;
use itertools::Itertools;
use oracle::impossible_move;
use std::collections::HashMap;
use std::time::Duration;

/// Compares `a` and `b` below `root` to `depth` plies and descends to where they part (see the
/// module docs).
///
/// # Examples
///
/// ```
/// use boardlab_harness::{diff, BoardOracle, Position};
/// use boardlab_magic::MagicBoard;
/// use boardlab_x88::X88Board;
///
/// let root = Position::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false)?;
/// let mut a = BoardOracle::<X88Board>::new();
/// let mut b = BoardOracle::<MagicBoard>::new();
/// let report = diff(&root, &mut a, &mut b, 3)?;
/// assert!(report.divergence.is_none());
/// assert_eq!(report.to_string(), "no divergence: x88 and magic agree to depth 3\n");
/// # Ok::<(), boardlab_harness::Error>(())
/// ```
///
/// # Errors
///
/// A bad root position, an oracle that fails, or one whose answers cannot be right.
pub fn diff(
    root: &Position,
    a: &mut dyn DivideOracle,
    b: &mut dyn DivideOracle,
    depth: u32,
) -> Result<DiffReport, Error> {
    if depth == 0 {
        return Err(Error::Usage(
            "a diff needs a depth of at least 1".to_string(),
        ));
    }
    let mut at = root.clone();
    let mut report = DiffReport {
        a: a.name().to_string(),
        b: b.name().to_string(),
        depth,
        fen: at.setup().to_fen_pseudo_legal_ep(),
        divergence: None,
    };
    let progress = progress_bar_after(u64::from(depth), Duration::from_secs(1));
    let mut path: Vec<UciMove> = Vec::new();
    let mut remaining = depth;
    // What each oracle said, one step up, about the move that led here.
    let mut promised: Option<(u64, u64)> = None;
    loop {
        let after = if path.is_empty() {
            String::new()
        } else {
            format!(" after {}", path.iter().join(" "))
        };
        progress.set_message(format!("asking {} at depth {remaining}{after}", a.name()));
        let ours = ask(a, root, &at, &path, remaining, promised.map(|p| p.0))?;
        progress.set_message(format!("asking {} at depth {remaining}{after}", b.name()));
        let theirs = ask(b, root, &at, &path, remaining, promised.map(|p| p.1))?;
        progress.inc(1);

        let theirs_by_move: HashMap<UciMove, u64> = theirs.iter().copied().collect();
        let ours_by_move: HashMap<UciMove, u64> = ours.iter().copied().collect();
        let only_in = |these: &Divide, others: &HashMap<UciMove, u64>| -> Vec<UciMove> {
            these
                .iter()
                .map(|&(mv, _)| mv)
                .filter(|mv| !others.contains_key(mv))
                .sorted()
                .collect()
        };
        let only_in_a = only_in(&ours, &theirs_by_move);
        let only_in_b = only_in(&theirs, &ours_by_move);
        if !only_in_a.is_empty() || !only_in_b.is_empty() {
            report.divergence = Some(Divergence {
                path,
                fen: at.setup().to_fen_pseudo_legal_ep(),
                only_in_a,
                only_in_b,
            });
            return Ok(report);
        }
        // The same moves: follow the smallest subtree whose counts differ. Below the root the
        // lists' totals were checked against the counts one step up, which differed, so some
        // count differs here too; at the root, none differing means the oracles agree. At depth
        // 1 every count was checked to be 1, so the descent never goes below it.
        let differing = ours
            .iter()
            .filter_map(|&(mv, n)| {
                let m = theirs_by_move[&mv];
                (m != n).then_some((mv, n, m))
            })
            .min_by_key(|&(mv, n, m)| (n.max(m), mv));
        let Some((mv, n, m)) = differing else {
            return Ok(report);
        };
        at.play_uci(mv)?;
        path.push(mv);
        promised = Some((n, m));
        remaining -= 1;
    }
}

/// Asks `oracle` to divide the position `at` that `path` reaches from `root` and checks its
/// answer (see the module docs); `promised` is the count it gave for the last move of `path`
/// one step earlier.
pub fn ask(
    oracle: &mut dyn DivideOracle,
    root: &Position,
    at: &Position,
    path: &[UciMove],
    depth: u32,
    promised: Option<u64>,
) -> Result<Divide, Error> {
    let answer = oracle.divide(root, path, depth)?;
    let fen = at.setup().to_fen_pseudo_legal_ep();
    let setup = at.setup();
    if let Some(twice) = answer.iter().map(|(mv, _)| mv).duplicates().next() {
        return Err(oracle.broken(format!("listed {twice} twice in {fen}")));
    }
    if let Some(problem) = answer
        .iter()
        .find_map(|&(mv, _)| impossible_move(&setup, mv))
    {
        return Err(oracle.broken(format!(
            "listed a move no generator could find in {fen}: {problem}"
        )));
    }
    if depth == 1 {
        if let Some((mv, n)) = answer.iter().find(|(_, n)| *n != 1) {
            return Err(oracle.broken(format!(
                "counted {n} leaves below {mv} at depth 1 in {fen}, where each move is one leaf"
            )));
        }
    }
    if let (Some(promised), Some(last)) = (promised, path.last()) {
        let total: u64 = answer.iter().map(|(_, n)| n).sum();
        if total != promised {
            return Err(oracle.broken(format!(
                "contradicts itself: {promised} leaves below {last} at depth {}, but its moves \
                 after {} add up to {total} at depth {depth}",
                depth + 1,
                path.iter().join(" ")
            )));
        }
    }
    Ok(answer)
}
