//! `boardlab search` as a user runs it: the JSON contract, positions without a move, bad input.

use crate::support;

use boardlab_backends::Backend;
use serde_json::Value;
use support::{backends_of, boardlab, is_checkmate, legal_moves, runnable_backends};

/// The JSON objects printed by a successful `boardlab search --json`, one per line.
fn search_json(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["search", "--json"];
    all.extend_from_slice(args);
    let output = boardlab(&all);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|err| panic!("{line}: {err}")))
        .collect()
}

#[test]
fn json_reports_move_score_depth_nodes_and_pv() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let result = &search_json(&["--fen", fen, "--depth", "3"])[0];
    assert_eq!(result["backend"], Backend::DEFAULT.name());
    assert_eq!(result["bestmove"], "h5f7");
    assert_eq!(result["score"], serde_json::json!({ "mate": 1 }));
    assert_eq!(result["depth"], 3);
    assert!(result["nodes"].as_u64().unwrap() > 0);
    assert_eq!(result["pv"][0], "h5f7");
    assert!(is_checkmate(fen, &["h5f7"]), "the move mates");
}

/// The helpers these tests judge the engine's moves by: a stalemate is not a mate, and the
/// legal moves are the rules' (the reference board's, not a backend's under test).
#[test]
fn the_helpers_tell_mate_from_stalemate() {
    let start = boardlab_core::START_FEN;
    // The fool's mate.
    let fools_mate = ["f2f3", "e7e5", "g2g4", "d8h4"];
    assert!(legal_moves(start, &fools_mate).is_empty());
    assert!(is_checkmate(start, &fools_mate));
    // Black to move has no move and is not in check.
    let stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    assert!(legal_moves(stalemate, &[]).is_empty());
    assert!(!is_checkmate(stalemate, &[]));
    // In check with a way out.
    assert!(!is_checkmate(start, &["e2e4", "f7f6", "d1h5"]));
    assert_eq!(legal_moves(start, &["e2e4", "f7f6", "d1h5"]), ["g7g6"]);
    assert_eq!(legal_moves(start, &[]).len(), 20);
}

#[test]
fn each_limit_gives_a_legal_move() {
    let fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
    let legal = legal_moves(fen, &[]);
    for limit in [["--depth", "3"], ["--nodes", "2000"], ["--movetime", "100"]] {
        let result = &search_json(&["--fen", fen, limit[0], limit[1]])[0];
        let best = result["bestmove"].as_str().expect("a move");
        assert!(legal.contains(&best.to_string()), "{limit:?}: {best}");
        assert!(result["score"]["cp"].is_i64(), "{result}");
        if limit[0] == "--nodes" {
            assert_eq!(result["nodes"], 2000);
        }
    }
}

#[test]
fn moves_played_first_are_searched_from() {
    let result = &search_json(&["--moves", "e2e4", "e7e5", "--depth", "2"])[0];
    let best = result["bestmove"].as_str().unwrap().to_string();
    assert!(legal_moves(boardlab_core::START_FEN, &["e2e4", "e7e5"]).contains(&best));
}

#[test]
fn mated_and_stalemated_positions_are_reported() {
    let mated = &search_json(&["--fen", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "--depth", "3"])[0];
    assert_eq!(mated["bestmove"], Value::Null);
    assert_eq!(mated["score"], serde_json::json!({ "mate": 0 }));
    assert_eq!(mated["pv"], serde_json::json!([]));
    let stalemate = &search_json(&["--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "--nodes", "100"])[0];
    assert_eq!(stalemate["bestmove"], Value::Null);
    assert_eq!(stalemate["score"], serde_json::json!({ "cp": 0 }));
    let text = boardlab(&[
        "search",
        "--fen",
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
        "--depth",
        "2",
    ]);
    assert!(text.status.success());
    assert!(String::from_utf8_lossy(&text.stdout).contains("bestmove 0000 score mate 0"));
}

#[test]
fn all_backends_agree_on_move_score_and_nodes() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let results = search_json(&["--backend", "all", "--fen", fen, "--depth", "4"]);
    // Each backend answers once, in the registry's order: twelve answers from one board fail.
    assert_eq!(backends_of(&results), runnable_backends());
    for result in &results[1..] {
        for field in ["bestmove", "score", "depth", "nodes", "pv"] {
            assert_eq!(
                result[field], results[0][field],
                "{field}: {} vs {}",
                result["backend"], results[0]["backend"]
            );
        }
    }
}

#[test]
fn bad_input_is_one_line_on_stderr_and_status_2() {
    for args in [
        &[
            "search",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "--depth",
            "2",
        ][..],
        &[
            "search",
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "--depth",
            "2",
        ],
        &["search", "--moves", "e2e5", "--depth", "2"],
        &["search"],
        &["search", "--depth", "2", "--nodes", "5"],
        &["search", "--depth", "0"],
        &["search", "--depth", "deep"],
        &["search", "--movetime", "-4"],
        &["search", "--backend", "abacus", "--depth", "1"],
    ] {
        let output = boardlab(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}
