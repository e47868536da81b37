//! `boardlab book` against a real Polyglot book, with python-chess's reader as the reference.
//!
//! The book is Debian's gnuchess-book; when it or python-chess is missing, the comparison
//! prints a note and passes, except under `CI=true`, where it fails (CI installs both).

use crate::support;

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;
use support::{boardlab, BOOK};

/// Positions in and around the book: the start, main lines, castling and en passant.
const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r1bqk2r/2ppbppp/p1n2n2/1p2p3/4P3/1B3N2/PPPP1PPP/RNBQR1K1 b kq - 1 7",
    "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkbnr/ppp1pppp/8/8/2pP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/8/8/8/5k2/8/5K2 w - - 0 1",
];

/// Our listing: `(move, weight)` in book order.
fn our_moves(book: &str, fen: &str) -> Vec<(String, u64)> {
    let output = boardlab(&["book", "--book", book, "--fen", fen, "--json"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).unwrap();
            (
                value["move"].as_str().unwrap().to_string(),
                value["weight"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// python-chess's listing for every position, all weights included, one JSON list per line;
/// `None` when python-chess is not installed (see [`support::python_chess`]).
fn python_chess_moves(book: &str, fens: &[&str]) -> Option<Vec<Vec<(String, u64)>>> {
    let script = r#"
import json, sys
import chess, chess.polyglot
with chess.polyglot.open_reader(sys.argv[1]) as reader:
    for fen in sys.stdin.read().splitlines():
        board = chess.Board(fen)
        entries = reader.find_all(board, minimum_weight=0)
        print(json.dumps([[board.uci(e.move), e.weight] for e in entries]))
"#;
    if !support::python_chess() {
        return None;
    }
    let mut command = Command::new("python3");
    command.args(["-c", script, book]);
    let output = support::feed_within(command, fens.join("\n") + "\n", support::RUN_PATIENCE);
    assert!(output.status.success(), "{}", support::stderr(&output));
    let lists = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str::<Vec<(String, u64)>>(line).unwrap())
        .collect();
    Some(lists)
}

#[test]
fn listings_match_python_chess() {
    if !support::book() {
        return;
    }
    let Some(expected) = python_chess_moves(BOOK, POSITIONS) else {
        return;
    };
    let mut found = 0;
    for (fen, theirs) in POSITIONS.iter().zip(&expected) {
        let ours = our_moves(BOOK, fen);
        assert_eq!(&ours, theirs, "{fen}");
        found += ours.len();
    }
    assert!(
        found > 20,
        "the positions should be in the book ({found} moves)"
    );
}

#[test]
fn castling_entries_read_as_king_moves() {
    if !support::book() {
        return;
    }
    // After 1.e4 e5 2.Nf3 Nc6 3.Bb5 Nf6, castling is the book's main move.
    let moves = our_moves(BOOK, POSITIONS[4]);
    assert!(moves.iter().any(|(mv, _)| mv == "e1g1"), "{moves:?}");
    assert!(!moves.iter().any(|(mv, _)| mv == "e1h1"), "{moves:?}");
}

fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardlab-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn files_that_are_not_books_get_one_clear_error() {
    let mut garbage = Vec::new();
    for i in 0..64u32 {
        garbage.extend_from_slice(&(i.wrapping_mul(2_654_435_761)).to_be_bytes());
    }
    let cases = [
        (scratch("truncated.bin", &[0u8; 40]), "not a multiple of 16"),
        (scratch("garbage.bin", &garbage), "not a Polyglot book"),
        (scratch("empty.bin", &[]), "empty"),
        (PathBuf::from("/nonexistent/book.bin"), "cannot read"),
    ];
    for (path, expected) in &cases {
        let output = boardlab(&["book", "--book", path.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{}: {stderr}",
            path.display()
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(expected), "{}: {stderr}", path.display());
        assert!(output.stdout.is_empty());
    }
    let _ = std::fs::remove_dir_all(cases[0].0.parent().unwrap());
}

#[test]
fn a_position_out_of_book_lists_nothing() {
    if !support::book() {
        return;
    }
    assert!(our_moves(BOOK, "8/8/8/8/8/5k2/8/5K2 w - - 0 1").is_empty());
}
