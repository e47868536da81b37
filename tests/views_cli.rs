//! `boardlab show` and `boardlab explain` on the command line: every backend answers, and bad
//! input is one error line with status 2.

use std::process::{Command, Output};

const BOARDLAB: &str = env!("CARGO_BIN_EXE_boardlab");

fn boardlab(args: &[&str]) -> Output {
    Command::new(BOARDLAB)
        .args(args)
        .output()
        .expect("boardlab runs")
}

fn assert_bad_input(args: &[&str], expected: &str) {
    let output = boardlab(args);
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert!(
        err.contains(expected),
        "{args:?}: {err:?} lacks {expected:?}"
    );
    assert!(output.stdout.is_empty(), "{args:?} printed to stdout");
}

#[test]
fn show_all_draws_every_backend_in_turn() {
    let output = boardlab(&["show", "--backend", "all", "--square", "e4"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let headers = text.lines().filter(|line| line.starts_with("== ")).count();
    assert!(headers >= 4, "{text}");
    assert_eq!(
        text.matches("fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .count(),
        headers
    );
}

#[test]
fn explain_all_agrees_on_the_legal_moves() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let output = boardlab(&[
        "explain",
        "--backend",
        "all",
        "--fen",
        fen,
        "--square",
        "e5",
    ]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let headers = text.lines().filter(|line| line.starts_with("== ")).count();
    // The knight on e5 has seven legal moves (f3 holds its own queen) whichever representation finds them.
    assert_eq!(
        text.matches("legal moves from e5 (generate): 7").count(),
        headers,
        "{text}"
    );
}

#[test]
fn bad_squares_and_empty_squares_are_one_line() {
    assert_bad_input(
        &["explain", "--backend", "mailbox", "--square", "e4"],
        "no piece on e4",
    );
    assert_bad_input(
        &["explain", "--backend", "x88", "--square", "e9"],
        "invalid square \"e9\"",
    );
    assert_bad_input(
        &["show", "--backend", "rotated", "--square", "z1"],
        "invalid square \"z1\"",
    );
    assert_bad_input(
        &[
            "explain",
            "--backend",
            "piece-list",
            "--fen",
            "8/8/8 w - - 0 1",
            "--square",
            "a1",
        ],
        "invalid FEN",
    );
    assert_bad_input(&["explain", "--backend", "mailbox"], "--square");
}
