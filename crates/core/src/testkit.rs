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
//! The checks panic with a message naming the position, the move path and what differed.

pub mod positions;

use crate::epd::{parse_perft_suite, PERFT_SUITE, STANDARD_SUITE};
use crate::{perft, Board, GenKind, Move, MoveList, PerftMode, Setup, Zobrist};

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

/// Every check with the given node budget for the perft suites (expectations above the budget
/// are skipped). The invariant walks use a tenth of it per position.
pub fn check_all<B: Board>(max_nodes: u64) {
    check_perft_suite::<B>(STANDARD_SUITE, max_nodes, PerftMode::Bulk);
    check_perft_suite::<B>(PERFT_SUITE, max_nodes, PerftMode::Bulk);
    check_perft_suite::<B>(STANDARD_SUITE, max_nodes / 10, PerftMode::FullMake);
    for fen in WALK_POSITIONS {
        check_walk::<B>(fen, 3, max_nodes / 10);
    }
}

/// Runs perft on every case of an EPD suite whose expected count is at most `max_nodes`, and
/// panics listing every mismatch.
pub fn check_perft_suite<B: Board>(suite: &str, max_nodes: u64, mode: PerftMode) {
    let cases = parse_perft_suite(suite).expect("the suite parses");
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in &cases {
        let mut board = B::from_setup(&case.setup);
        for &(depth, expected) in &case.expected {
            if expected > max_nodes {
                continue;
            }
            let nodes = perft(&mut board, depth, mode);
            checked += 1;
            if nodes != expected {
                failures.push(format!(
                    "{} perft {depth} ({}) of {}: {nodes}, expected {expected}",
                    B::NAME,
                    mode.name(),
                    case.fen
                ));
            }
        }
    }
    assert!(
        checked > 0,
        "no perft expectation fits the budget of {max_nodes} nodes"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Walks the tree below `fen` to `depth` plies (at most about `max_nodes` nodes) and checks at
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
pub fn check_walk<B: Board>(fen: &str, depth: u32, max_nodes: u64) {
    let mut board = B::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"));
    let mut path = Vec::new();
    let mut budget = max_nodes.max(1);
    walk(&mut board, depth, &mut path, &mut budget);
}

fn fail(board: &impl Board, path: &[Move], what: String) -> ! {
    let path: Vec<String> = path.iter().map(Move::to_string).collect();
    panic!(
        "{what}\n  position: {}\n  after moves: {}",
        board.to_fen(),
        path.join(" ")
    );
}

fn walk<B: Board>(board: &mut B, depth: u32, path: &mut Vec<Move>, budget: &mut u64) {
    if *budget == 0 {
        return;
    }
    *budget -= 1;
    let setup = board.to_setup();
    let zobrist = board.zobrist();
    check_node(board, &setup, zobrist, path);
    let moves = check_generation(board, path);
    if depth == 0 {
        return;
    }
    if !board.in_check() {
        let undo = board.make_null();
        let mut expected = setup.clone();
        expected.play_null();
        if board.to_setup() != expected {
            fail(
                board,
                path,
                format!(
                    "null move gave {:?}, expected {expected:?}",
                    board.to_setup()
                ),
            );
        }
        if board.zobrist() != Zobrist::of(&expected) {
            fail(
                board,
                path,
                "the hash after a null move is wrong".to_string(),
            );
        }
        board.unmake_null(undo);
        if board.to_setup() != setup || board.zobrist() != zobrist {
            fail(
                board,
                path,
                "unmake_null did not restore the position".to_string(),
            );
        }
    }
    for &mv in moves.iter() {
        let undo = board.make(mv);
        path.push(mv);
        let mut expected = setup.clone();
        expected.play(mv);
        let got = board.to_setup();
        if got != expected {
            fail(
                board,
                path,
                format!("make gave {got:?}, the reference gives {expected:?}"),
            );
        }
        walk(board, depth - 1, path, budget);
        path.pop();
        board.unmake(mv, undo);
        if board.to_setup() != setup || board.zobrist() != zobrist {
            fail(
                board,
                path,
                format!("unmake of {mv} did not restore the position (was {setup:?})"),
            );
        }
    }
}

fn check_node<B: Board>(board: &B, setup: &Setup, zobrist: Zobrist, path: &[Move]) {
    if zobrist != Zobrist::of(setup) {
        fail(
            board,
            path,
            format!(
                "incremental hash {zobrist:?} differs from {:?}",
                Zobrist::of(setup)
            ),
        );
    }
    if board.search_zobrist() != Zobrist::for_search(setup) {
        fail(
            board,
            path,
            format!(
                "search hash {:?} differs from {:?}",
                board.search_zobrist(),
                Zobrist::for_search(setup)
            ),
        );
    }
    if setup.validate().is_err() {
        fail(
            board,
            path,
            format!("to_setup() is not a valid position: {:?}", setup.validate()),
        );
    }
    let fen = board.to_fen();
    match B::from_fen(&fen) {
        Ok(again) if again.to_fen() == fen => {}
        Ok(again) => fail(
            board,
            path,
            format!("FEN {fen} reads back as {}", again.to_fen()),
        ),
        Err(err) => fail(board, path, format!("own FEN {fen} does not parse: {err}")),
    }
    let us = board.side_to_move();
    let king = board.king_square(us);
    if setup.king(us) != Some(king) {
        fail(board, path, format!("king_square says {king}"));
    }
    let check = board.in_check();
    if check != board.is_attacked(king, !us) || check != setup.in_check() {
        fail(
            board,
            path,
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
                fail(
                    board,
                    path,
                    format!("is_attacked({sq}, {by}) disagrees with the reference"),
                );
            }
        }
    }
}

fn check_generation<B: Board>(board: &B, path: &[Move]) -> MoveList {
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
    if all_sorted.windows(2).any(|w| w[0] == w[1]) {
        fail(board, path, format!("duplicate moves in {all:?}"));
    }
    if noisy.iter().any(|mv| !mv.is_noisy()) || quiet.iter().any(|mv| mv.is_noisy()) {
        fail(
            board,
            path,
            format!("noisy {noisy:?} / quiet {quiet:?} misclassified"),
        );
    }
    let mut both = sorted(&noisy);
    both.extend(quiet.iter().copied());
    both.sort();
    if both != all_sorted {
        fail(
            board,
            path,
            format!("noisy {noisy:?} + quiet {quiet:?} != all {all:?}"),
        );
    }
    if board.count_legal() != all.len() as u64 {
        fail(
            board,
            path,
            format!(
                "count_legal() = {} but {} moves",
                board.count_legal(),
                all.len()
            ),
        );
    }
    for &mv in all.iter() {
        if board.parse_uci_move(&mv.to_string()) != Ok(mv) {
            fail(board, path, format!("{mv} does not parse back to itself"));
        }
    }
    all
}
