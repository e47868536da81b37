//! The conformance checks every backend must pass (cargo feature `testkit`).
//!
//! A backend's test file is a few lines:
//!
//! ```no_run
//! use boardlab_core::testkit;
//! # use boardlab_core::ReferenceBoard as MyBoard;
//! #[test]
//! fn conforms() {
//!     testkit::check_all::<MyBoard>(2_000_000);
//! }
//! ```
//!
//! The checks panic with a message naming the position, the move path and what differed,
//! with the arguments that reach it ready to paste into `boardlab diff`. Node budgets never
//! cut a check short in silence: a walk covers whole trees and says when the tree it was asked
//! for was too big, and a suite check says how many of the suite's counts fitted its budget.

pub mod positions;

use crate::epd::{
    parse_perft_suite, BUG_CATCHERS, CHESS960_SUITE, PERFT_SUITE, STANDARD_SUITE, TRICKY_SUITE,
};
use crate::{perft, Board, GenKind, Move, MoveList, PerftMode, Setup, Zobrist};
use std::fmt;

/// Positions whose trees reach the rules' corners: castling through and out of check, en
/// passant with the rank pin and with checks, every promotion, rights lost by rook capture.
pub const WALK_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    // En passant that would expose the king along the rank, for both colours.
    "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
    "7K/8/8/8/R2Pp2k/8/8/8 b - d3 0 1",
    // En passant as the only way out of a pawn check, and a discovered check through it.
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    // Promotions with and without captures, both colours, with a check on the line.
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    // Castling through an attacked square and out of check are refused.
    "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1",
    // Halfmove clock near the 50-move limit.
    "4k3/8/8/8/8/8/8/4K2R w K - 98 80",
    // Sixteen white pieces, fifteen of them queens: piece lists full, 241 legal moves.
    "krQ4Q/rr2Q3/QQ4Q1/3Q4/Q4Q2/Q1Q4Q/4Q3/1Q4QK w - - 0 1",
];

/// Chess960 positions whose trees reach the castling rules' corners, for [`check_chess960`].
pub const CHESS960_WALK_POSITIONS: &[&str] = &[
    // A start position, king g1 between rooks f1 and h1.
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
    // The b1 rook shields the king's destination c1 from the queen on a1.
    "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1",
    // Queen side castling leaves the king on c1: a king that does not move.
    "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
    // King side castling leaves the rook on f1: a rook that does not move.
    "r1k2r1q/p1pppppp/8/8/8/8/P1PPPPPP/R1K2R1Q w KQkq - 0 1",
    // King and rook swap squares (king d1 to c1, rook c1 to d1), both colours.
    "2rk4/8/8/8/8/8/8/2RK4 w Qq - 0 1",
    // The king lands on its rook's square (e1 to c1 with the c1 rook).
    "8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q - 0 1",
    // Rooks facing each other on their home squares: captures there drop rights.
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
];

/// What every check covered, one line each (see [`SuiteCoverage`] and [`WalkCoverage`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coverage {
    /// The perft suites, in the order checked.
    pub suites: Vec<SuiteCoverage>,
    /// The walks, one per position of [`WALK_POSITIONS`].
    pub walks: Vec<WalkCoverage>,
}

impl fmt::Display for Coverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for suite in &self.suites {
            writeln!(f, "{suite}")?;
        }
        for walk in &self.walks {
            writeln!(f, "{walk}")?;
        }
        Ok(())
    }
}

/// Every check with the given node budget for the perft suites (expectations above the budget
/// are left out, and counted). The invariant walks use a tenth of it per position.
pub fn check_all<B: Board>(max_nodes: u64) -> Coverage {
    let suites = vec![
        check_perft_suite::<B>(STANDARD_SUITE, max_nodes, PerftMode::Bulk),
        check_perft_suite::<B>(PERFT_SUITE, max_nodes, PerftMode::Bulk),
        check_perft_suite::<B>(BUG_CATCHERS, max_nodes, PerftMode::Bulk),
        check_perft_suite::<B>(STANDARD_SUITE, max_nodes / 10, PerftMode::FullMake),
    ];
    let walks = WALK_POSITIONS
        .iter()
        .map(|fen| check_walk::<B>(fen, 3, max_nodes / 10))
        .collect();
    Coverage { suites, walks }
}

/// The Chess960 checks: python-chess's tricky suite, the 960 start positions with Shredder-FEN
/// castling as published and again written back in X-FEN (both forms must read the same
/// position), and walks of [`CHESS960_WALK_POSITIONS`] with a tenth of the budget.
///
/// # Panics
///
/// On the first difference, as the other checks.
pub fn check_chess960<B: Board>(max_nodes: u64) -> Coverage {
    let cases = parse_perft_suite(CHESS960_SUITE).expect("the Chess960 suite parses");
    let mut xfen_suite = String::new();
    for case in &cases {
        let xfen = case.setup.to_fen();
        let reread = Setup::from_fen(&xfen).expect("X-FEN output reads back");
        assert_eq!(reread, case.setup, "X-FEN {xfen} of {}", case.fen);
        xfen_suite.push_str(&xfen);
        for (depth, nodes) in &case.expected {
            xfen_suite.push_str(&format!(" ;D{depth} {nodes}"));
        }
        xfen_suite.push('\n');
    }
    let suites = vec![
        check_perft_suite::<B>(TRICKY_SUITE, max_nodes, PerftMode::Bulk),
        check_perft_suite::<B>(CHESS960_SUITE, max_nodes, PerftMode::Bulk),
        check_perft_suite::<B>(&xfen_suite, max_nodes / 10, PerftMode::FullMake),
    ];
    let walks = CHESS960_WALK_POSITIONS
        .iter()
        .map(|fen| check_walk::<B>(fen, 3, max_nodes / 10))
        .collect();
    Coverage { suites, walks }
}

/// How much of a perft suite fitted the node budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SuiteCoverage {
    /// The counts compared.
    pub checked: usize,
    /// The counts left out because they are above the budget.
    pub over_budget: usize,
    /// The budget.
    pub max_nodes: u64,
    /// The perft mode.
    pub mode: PerftMode,
}

impl fmt::Display for SuiteCoverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "checked {} perft counts ({}); {} above the budget of {} nodes left out",
            self.checked,
            self.mode.name(),
            self.over_budget,
            self.max_nodes
        )
    }
}

/// Runs perft on every case of an EPD suite whose expected count is at most `max_nodes`, and
/// panics listing every mismatch, each with the `boardlab diff` arguments that find where it
/// goes wrong. Returns how many counts it compared and how many were over the budget.
pub fn check_perft_suite<B: Board>(suite: &str, max_nodes: u64, mode: PerftMode) -> SuiteCoverage {
    let cases = parse_perft_suite(suite).expect("the suite parses");
    let mut failures = Vec::new();
    let mut coverage = SuiteCoverage {
        checked: 0,
        over_budget: 0,
        max_nodes,
        mode,
    };
    for case in &cases {
        let mut board = B::from_setup(&case.setup);
        for &(depth, expected) in &case.expected {
            if expected > max_nodes {
                coverage.over_budget += 1;
                continue;
            }
            let nodes = perft(&mut board, depth, mode);
            coverage.checked += 1;
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
                    diff_arguments(&case.fen, &[]),
                ));
            }
        }
    }
    assert!(
        coverage.checked > 0,
        "no perft expectation fits the budget of {max_nodes} nodes"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    if coverage.over_budget > 0 {
        eprintln!("testkit: {}: {coverage}", B::NAME);
    }
    coverage
}

/// `--fen '…' --moves …`: the position after `path` from `fen`, as `boardlab diff` (and every
/// command that takes a position) reads it.
fn diff_arguments(fen: &str, path: &[String]) -> String {
    let mut arguments = format!("--fen '{fen}'");
    if !path.is_empty() {
        arguments.push_str(" --moves ");
        arguments.push_str(&path.join(" "));
    }
    arguments
}

/// What a walk covered: the whole tree below its position to `depth_walked` plies, which is
/// `depth_asked` unless that tree has more nodes than the budget.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WalkCoverage {
    /// The position walked from.
    pub fen: String,
    /// The depth asked for.
    pub depth_asked: u32,
    /// The depth of the whole tree walked: the deepest at most `depth_asked` within budget.
    pub depth_walked: u32,
    /// The positions checked: every node of that tree, the root included.
    pub nodes: u64,
    /// The nodes of the tree one ply deeper, when it was left out for the budget.
    pub next_depth_nodes: Option<u64>,
    /// The budget.
    pub max_nodes: u64,
}

impl WalkCoverage {
    /// Whether the whole tree asked for was walked.
    pub fn is_complete(&self) -> bool {
        self.depth_walked == self.depth_asked
    }
}

impl fmt::Display for WalkCoverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "walked the whole tree below {} to depth {} ({} nodes)",
            self.fen, self.depth_walked, self.nodes
        )?;
        if let Some(next) = self.next_depth_nodes {
            write!(
                f,
                "; depth {} was asked for, but to depth {} the tree has {next} nodes, over the \
                 budget of {}",
                self.depth_asked,
                self.depth_walked + 1,
                self.max_nodes
            )?;
        }
        Ok(())
    }
}

/// Walks the whole tree below `fen` to `depth` plies, or to the deepest depth whose whole tree
/// has at most `max_nodes` nodes (and says so on stderr, and in what it returns), and checks at
/// every node:
///
/// - `Noisy` and `Quiet` partition `All`, with no duplicate moves, and every move's text parses
///   back to it;
/// - the board agrees with the reference [`Setup`]: after each move, `to_setup()` equals the
///   parent's setup with [`Setup::play`] applied;
/// - `unmake` (and `unmake_null`) restores `to_setup()` and `zobrist()` exactly;
/// - the incremental Zobrist hash equals [`Zobrist::of`] the setup, and the search hash
///   [`Zobrist::for_search`];
/// - the FEN round-trips through `from_fen`;
/// - `in_check()` agrees with `is_attacked(king square)` and with the reference setup.
///
/// A failure names the board, the position, the moves from `fen` that reach it and what
/// differed, with the `boardlab diff` arguments for that position.
pub fn check_walk<B: Board>(fen: &str, depth: u32, max_nodes: u64) -> WalkCoverage {
    let mut board = B::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"));
    // The tree to depth d has perft(0) + … + perft(d) nodes.
    let mut nodes = 1;
    let mut depth_walked = 0;
    let mut next_depth_nodes = None;
    for d in 1..=depth {
        let deeper = nodes + perft(&mut board, d, PerftMode::Bulk);
        if deeper > max_nodes {
            next_depth_nodes = Some(deeper);
            break;
        }
        nodes = deeper;
        depth_walked = d;
    }
    let mut walker = Walker {
        root: board.to_fen(),
        path: Vec::new(),
        visited: 0,
    };
    walker.walk(&mut board, depth_walked);
    let coverage = WalkCoverage {
        fen: walker.root,
        depth_asked: depth,
        depth_walked,
        nodes: walker.visited,
        next_depth_nodes,
        max_nodes,
    };
    if !coverage.is_complete() {
        eprintln!("testkit: {}: {coverage}", B::NAME);
    }
    coverage
}

/// A walk in progress: where it started and the moves to where it stands.
struct Walker {
    root: String,
    path: Vec<Move>,
    visited: u64,
}

impl Walker {
    fn fail<B: Board>(&self, board: &B, what: String) -> ! {
        let path: Vec<String> = self.path.iter().map(Move::to_string).collect();
        let moves = if path.is_empty() {
            "(none)".to_string()
        } else {
            path.join(" ")
        };
        panic!(
            "{}: {what}\n  position: {}\n  reached from {} by the moves: {moves}\n  \
             for boardlab diff: {}",
            B::NAME,
            board.to_fen(),
            self.root,
            diff_arguments(&self.root, &path),
        );
    }

    fn walk<B: Board>(&mut self, board: &mut B, depth: u32) {
        self.visited += 1;
        let setup = board.to_setup();
        let zobrist = board.zobrist();
        self.check_node(board, &setup, zobrist);
        let moves = self.check_generation(board);
        if depth == 0 {
            return;
        }
        if !board.in_check() {
            let undo = board.make_null();
            let mut expected = setup.clone();
            expected.play_null();
            if board.to_setup() != expected {
                self.fail(
                    board,
                    format!(
                        "a null move gave {:?}, the reference gives {expected:?}",
                        board.to_setup()
                    ),
                );
            }
            if board.zobrist() != Zobrist::of(&expected) {
                self.fail(board, "the hash after a null move is wrong".to_string());
            }
            board.unmake_null(undo);
            if board.to_setup() != setup || board.zobrist() != zobrist {
                self.fail(
                    board,
                    "unmake_null did not restore the position".to_string(),
                );
            }
        }
        for &mv in moves.iter() {
            let undo = board.make(mv);
            self.path.push(mv);
            let mut expected = setup.clone();
            expected.play(mv);
            let got = board.to_setup();
            if got != expected {
                self.fail(
                    board,
                    format!("make gave {got:?}, the reference gives {expected:?}"),
                );
            }
            self.walk(board, depth - 1);
            self.path.pop();
            board.unmake(mv, undo);
            if board.to_setup() != setup || board.zobrist() != zobrist {
                self.fail(
                    board,
                    format!("unmake of {mv} did not restore the position (was {setup:?})"),
                );
            }
        }
    }

    fn check_node<B: Board>(&self, board: &B, setup: &Setup, zobrist: Zobrist) {
        if zobrist != Zobrist::of(setup) {
            self.fail(
                board,
                format!(
                    "incremental hash {zobrist:?} differs from {:?}",
                    Zobrist::of(setup)
                ),
            );
        }
        if board.search_zobrist() != Zobrist::for_search(setup) {
            self.fail(
                board,
                format!(
                    "search hash {:?} differs from {:?}",
                    board.search_zobrist(),
                    Zobrist::for_search(setup)
                ),
            );
        }
        if let Err(err) = setup.validate() {
            self.fail(board, format!("to_setup() is not a valid position: {err}"));
        }
        let fen = board.to_fen();
        match B::from_fen(&fen) {
            Ok(again) if again.to_fen() == fen => {}
            Ok(again) => self.fail(board, format!("FEN {fen} reads back as {}", again.to_fen())),
            Err(err) => self.fail(board, format!("own FEN {fen} does not parse: {err}")),
        }
        let us = board.side_to_move();
        let king = board.king_square(us);
        if setup.king(us) != Some(king) {
            self.fail(board, format!("king_square says {king}"));
        }
        let check = board.in_check();
        if check != board.is_attacked(king, !us) || check != setup.in_check() {
            self.fail(
                board,
                format!(
                    "in_check() = {check}, is_attacked(king) = {}, reference = {}",
                    board.is_attacked(king, !us),
                    setup.in_check()
                ),
            );
        }
        for by in crate::Color::ALL {
            let attacked = setup.attacked_squares(by);
            for sq in crate::Square::ALL {
                if board.is_attacked(sq, by) != attacked.contains(sq) {
                    self.fail(
                        board,
                        format!(
                            "is_attacked({sq}, {by}) = {}, the reference says {}",
                            board.is_attacked(sq, by),
                            attacked.contains(sq)
                        ),
                    );
                }
            }
        }
    }

    fn check_generation<B: Board>(&self, board: &B) -> MoveList {
        let mut all = MoveList::new();
        let mut noisy = MoveList::new();
        let mut quiet = MoveList::new();
        board.generate(GenKind::All, &mut all);
        board.generate(GenKind::Noisy, &mut noisy);
        board.generate(GenKind::Quiet, &mut quiet);
        let sorted = |list: &MoveList| {
            let mut v = list.to_vec();
            v.sort();
            v
        };
        let all_sorted = sorted(&all);
        if let Some(twice) = all_sorted.windows(2).find(|w| w[0] == w[1]) {
            self.fail(board, format!("{} is generated twice", twice[0]));
        }
        if noisy.iter().any(|mv| !mv.is_noisy()) || quiet.iter().any(|mv| mv.is_noisy()) {
            self.fail(
                board,
                format!("noisy {noisy:?} / quiet {quiet:?} misclassified"),
            );
        }
        let mut both = sorted(&noisy);
        both.extend(quiet.iter().copied());
        both.sort();
        if both != all_sorted {
            self.fail(
                board,
                format!("noisy {noisy:?} + quiet {quiet:?} != all {all:?}"),
            );
        }
        if board.count_legal() != all.len() as u64 {
            self.fail(
                board,
                format!(
                    "count_legal() = {} but {} moves",
                    board.count_legal(),
                    all.len()
                ),
            );
        }
        // The Chess960 text (castling as king takes rook) names every move unambiguously; the
        // standard text does too, unless a Chess960 king's castling destination is also a
        // square it can step to.
        let standard = board.castling().is_standard();
        for &mv in all.iter() {
            let text = board.move_text(mv, true);
            if board.parse_move(&text, true) != Ok(mv) {
                self.fail(board, format!("{text} does not parse back to itself"));
            }
            if standard && board.parse_uci_move(&mv.to_string()) != Ok(mv) {
                self.fail(board, format!("{mv} does not parse back to itself"));
            }
        }
        all
    }
}
