//! Perft suites: every published count within a node budget, compared.

use boardlab_core::epd::parse_perft_suite;
use boardlab_core::{perft, Board, PerftMode};
use std::fmt;

/// What a perft suite check compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SuiteCoverage {
    /// The positions of the suite, each counted to at least one depth.
    pub positions: usize,
    /// The counts compared.
    pub checked: usize,
    /// The counts left out because they are above the budget.
    pub over_budget: usize,
    /// The shallowest of the positions' deepest counted depths: every position of the suite
    /// was counted to at least this depth.
    pub shallowest: u32,
    /// The budget: the largest published count compared.
    pub max_nodes: u64,
    /// The perft mode.
    pub mode: PerftMode,
}

impl fmt::Display for SuiteCoverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} perft counts of {} positions ({}), each position to depth {} or deeper; {} \
             above the budget of {} nodes left out",
            self.checked,
            self.positions,
            self.mode.name(),
            self.shallowest,
            self.over_budget,
            self.max_nodes
        )
    }
}

/// Runs perft on every case of an EPD suite whose expected count is at most `max_nodes`, and
/// panics listing every mismatch, each with the `boardlab diff` arguments that find where it
/// goes wrong. Returns what it compared.
///
/// # Panics
///
/// On a count that differs from the published one, on a suite that does not parse, and when a
/// position of the suite has no count within the budget (the check would leave it out).
pub fn check_perft_suite<B: Board>(suite: &str, max_nodes: u64, mode: PerftMode) -> SuiteCoverage {
    let cases = parse_perft_suite(suite).unwrap_or_else(|err| panic!("the suite: {err}"));
    assert!(!cases.is_empty(), "the suite has no positions");
    let mut failures = Vec::new();
    let mut coverage = SuiteCoverage {
        positions: cases.len(),
        checked: 0,
        over_budget: 0,
        shallowest: u32::MAX,
        max_nodes,
        mode,
    };
    for case in &cases {
        let mut board = B::from_setup(&case.setup);
        let mut deepest = None;
        for &(depth, expected) in &case.expected {
            if expected > max_nodes {
                coverage.over_budget += 1;
                continue;
            }
            let nodes = perft(&mut board, depth, mode);
            coverage.checked += 1;
            deepest = deepest.max(Some(depth));
            if nodes != expected {
                let name = case
                    .id
                    .as_ref()
                    .map(|id| format!(" ({id})"))
                    .unwrap_or_default();
                failures.push(format!(
                    "{} perft {depth} ({}): {nodes}, expected {expected} (published)\n  \
                     position{name}: {}\n  \
                     to find the position where it goes wrong: boardlab diff {} --depth {depth} \
                     --against <a program you trust>",
                    B::NAME,
                    mode.name(),
                    case.fen,
                    crate::diff_arguments(&case.fen, &[]),
                ));
            }
        }
        let Some(deepest) = deepest else {
            panic!(
                "{}: no perft count of {} is within the budget of {max_nodes} nodes, so the \
                 suite check would leave the position out",
                B::NAME,
                case.fen
            );
        };
        coverage.shallowest = coverage.shallowest.min(deepest);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    coverage
}
