//! The Rust path of debugging an outside generator, on the board of
//! `examples/planted_bug/` (the magic backend with en passant through the rank pin allowed):
//! the library diff finds the bug where it shows, and the conformance testkit fails it with
//! messages that lead there.

use crate::planted_bug_example as planted_bug;

use boardlab_core::epd::STANDARD_SUITE;
use boardlab_core::{Board, BoardExt, Move, PerftMode, Setup};
use boardlab_harness::{BoardOracle, DivideOracle, Position};
use boardlab_reference::ReferenceBoard;
use boardlab_testkit as testkit;
use planted_bug::board::EnPassantBugBoard;

const POSITION3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

#[test]
fn an_outside_board_without_chess960_castling_is_refused_a_position_that_needs_it() {
    // The planted-bug board keeps the trait's default, `PLAYS_CHESS960 = false`.
    let chess960 = Position::from_fen(
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
        false,
    )
    .unwrap();
    let mut oracle = BoardOracle::<EnPassantBugBoard>::new();
    let err = oracle.divide(&chess960, &[], 1).unwrap_err().to_string();
    assert!(
        err.contains("does not play Chess960 castling") && err.contains("HFhf"),
        "{err}"
    );
    // Chess960 notation alone asks nothing of the board: standard castling is the same.
    let standard = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true).unwrap();
    let divide = oracle.divide(&standard, &[], 1).unwrap();
    assert_eq!(divide.len(), 26, "{divide:?}");
    assert!(
        divide.iter().any(|(mv, _)| mv.to_string() == "e1h1"),
        "{divide:?}"
    );
}

#[test]
fn the_library_diff_finds_the_planted_bug_where_it_shows() {
    let (published, counted, report) = planted_bug::run().expect("the diff runs");
    assert_eq!(published, 2812);
    assert_ne!(counted, published);
    let divergence = report.divergence.expect("the bug is found");
    // After e2e4 the pawns on e4 and f4 are all that stands between the rook on b4 and the
    // king on h4: f4xe3 en passant would leave the king in check along the rank.
    assert_eq!(divergence.path, ["e2e4".parse().unwrap()]);
    assert_eq!(divergence.fen, "8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - e3 0 1");
    assert_eq!(divergence.only_in_a, ["f4e3".parse().unwrap()]);
    assert!(divergence.only_in_b.is_empty());
    let mut after: Setup = Setup::from_fen(&divergence.fen).unwrap();
    let capture = EnPassantBugBoard::from_setup(&after)
        .parse_uci_move("f4e3")
        .expect("the buggy board lists it");
    assert!(capture.is_en_passant());
    after.play(capture);
    assert!(
        after.validate().is_err(),
        "the capture leaves black's king in check"
    );
}

#[test]
fn the_testkit_names_the_count_and_the_position_to_diff() {
    let message = testkit::panic_message(|| {
        testkit::check_perft_suite::<EnPassantBugBoard>(STANDARD_SUITE, 100_000, PerftMode::Bulk);
    });
    assert!(
        message.contains("ep-bug perft 3 (bulk): 2848, expected 2812 (published)"),
        "{message}"
    );
    assert!(
        message.contains(&format!(
            "position (position3): {POSITION3}\n  to find the position where it goes wrong: \
             boardlab diff --fen '{POSITION3}' --depth 3 --against"
        )),
        "{message}"
    );
}

#[test]
fn the_testkit_walk_stops_where_the_bug_shows_with_the_path_there() {
    let message = testkit::panic_message(|| {
        testkit::check_walk::<EnPassantBugBoard>(POSITION3, 2, 100_000);
    });
    let line = |prefix: &str| testkit::message_line(&message, prefix);
    assert!(message.starts_with("ep-bug: "), "{message}");
    // The walk goes depth first in the board's own move order. Wherever it stops, the moves
    // it names must lead from position3 to the position it prints, and there the board must
    // offer an en passant that the rules refuse: the bug, on display.
    let moves = line(&format!("reached from {POSITION3} by the moves: "));
    let moves: Vec<String> = moves.split(' ').map(str::to_string).collect();
    let mut reference = ReferenceBoard::from_fen(POSITION3).unwrap();
    for text in &moves {
        let mv = reference.parse_uci_move(text).expect("a legal path");
        reference.make(mv);
    }
    assert_eq!(line("position: "), reference.to_fen(), "{message}");
    let buggy = EnPassantBugBoard::from_setup(&reference.to_setup());
    let legal = reference.legal_moves();
    let extra: Vec<Move> = buggy
        .legal_moves()
        .iter()
        .copied()
        .filter(|mv| !legal.contains(mv))
        .collect();
    assert!(!extra.is_empty(), "{message}");
    assert!(extra.iter().all(|mv| mv.is_en_passant()), "{extra:?}");
    assert_eq!(
        line("for boardlab diff: "),
        format!("--fen '{POSITION3}' --moves {}", moves.join(" "))
    );
}

#[test]
fn a_correct_board_passes_and_the_walk_says_what_it_covered() {
    // The start position's tree to depth 3 has 1 + 20 + 400 + 8902 nodes (the published
    // counts); a budget below that fails the walk before it starts, naming what to change.
    type Magic = boardlab_magic::MagicBoard;
    let start = boardlab_core::START_FEN;
    let whole = testkit::check_walk::<Magic>(start, 3, 10_000);
    assert_eq!((whole.depth, whole.nodes), (3, 9323));
    assert_eq!(
        whole.to_string(),
        format!("walked {start} to depth 3: 9323 nodes (budget 10000)")
    );
    let over = testkit::panic_message(|| {
        testkit::check_walk::<Magic>(start, 3, 5_000);
    });
    assert_eq!(
        over,
        format!(
            "magic: the tree below {start} to depth 3 is over the walk budget of 5000 nodes \
             (9323 nodes to depth 3); walk it to depth 2 or less, or raise the budget"
        )
    );
    let suite = testkit::check_perft_suite::<Magic>(STANDARD_SUITE, 10_000, PerftMode::Bulk);
    // Of the 38 counts in standard.epd, 15 are at most 10,000: 20, 400, 8902; 48, 2039; 14,
    // 191, 2812; 6, 264, 9467; 44, 1486; 46, 2079.
    assert_eq!((suite.checked, suite.over_budget), (15, 23));
}
