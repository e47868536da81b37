//! The `boardlab` command line: counts, output formats, exit statuses and error lines.

use crate::support;

use std::path::PathBuf;
use std::process::Command;
use support::{assert_bad_input, boardlab, json_lines, stderr, stdout, BOARDLAB, RUN_PATIENCE};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardlab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn perft_counts_the_standard_positions() {
    let output = boardlab(&["perft", "--depth", "3", "--backend", "all", "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let lines = json_lines(&output);
    assert_eq!(support::backends_of(&lines), support::runnable_backends());
    for line in &lines {
        assert_eq!(line["nodes"], 8902);
        assert_eq!(line["depth"], 3);
        assert_eq!(line["mode"], "bulk");
        assert_eq!(
            line["fen"],
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        for key in ["backend", "seconds", "nps"] {
            assert!(line.get(key).is_some(), "{key} missing from {line}");
        }
    }
    let output = boardlab(&[
        "perft",
        "--fen",
        KIWIPETE,
        "--depth",
        "2",
        "--no-bulk",
        "--json",
    ]);
    let lines = json_lines(&output);
    assert_eq!(lines[0]["nodes"], 2039);
    assert_eq!(lines[0]["mode"], "full-make");
}

#[test]
fn threads_and_hash_change_nothing_but_speed() {
    for extra in [
        &["--threads", "2"][..],
        &["--hash", "1"],
        &["--threads", "3", "--hash", "2", "--no-bulk"],
    ] {
        let mut args = vec!["perft", "--fen", KIWIPETE, "--depth", "3", "--json"];
        args.extend_from_slice(extra);
        let lines = json_lines(&boardlab(&args));
        assert_eq!(lines[0]["nodes"], 97862, "{extra:?}");
    }
}

#[test]
fn each_backend_counts_with_a_table_of_its_own() {
    let output = boardlab(&[
        "perft",
        "--backend",
        "all",
        "--depth",
        "5",
        "--hash",
        "1",
        "--json",
    ]);
    let lines = json_lines(&output);
    assert_eq!(support::backends_of(&lines), support::runnable_backends());
    for line in &lines {
        assert_eq!(line["nodes"], 4865609, "{line}");
        let probes = line["hash_probes"].as_u64().unwrap();
        let hits = line["hash_hits"].as_u64().unwrap();
        // Every node of plies 0 to 3 is probed once (1 + 20 + 400 + 8902, the suite's startpos
        // counts), since nothing repeats within two plies and so no hit skips a probe below;
        // three plies in, transpositions (Nf3 e6 Nc3 / Nc3 e6 Nf3) make some probes hit. Had a
        // backend been handed the previous one's table, its probe of the root would already hit.
        assert_eq!(probes, 1 + 20 + 400 + 8902, "{line}");
        assert!(hits > 0 && hits < probes, "{line}");
    }
    let text = stdout(&boardlab(&["perft", "--depth", "4", "--hash", "1"]));
    assert!(
        text.lines().nth(1).is_some_and(|l| l.starts_with("hash: ")),
        "{text}"
    );
}

#[test]
fn divide_prints_as_stockfish_does() {
    let output = boardlab(&["perft", "--depth", "2", "--divide", "--moves", "e2e4"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.ends_with("\nNodes searched: 600\n\n"), "{text}");
    let moves: Vec<&str> = text.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(moves.len(), 20);
    assert!(moves.contains(&"g8f6: 30"), "{moves:?}");
    let sum: u64 = moves
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 600);
}

#[test]
fn key_prints_the_polyglot_key() {
    let output = boardlab(&["key", "--moves", "e2e4", "d7d5", "e4e5", "f7f5", "e1e2"]);
    // The last of the Polyglot format's published examples.
    assert_eq!(stdout(&output), "652a607ca3f242c1\n");
    let output = boardlab(&["key", "--json"]);
    let lines = json_lines(&output);
    assert_eq!(lines[0]["key"], "463b96181691fc9c");
    assert_eq!(lines[0]["lock"].as_str().unwrap().len(), 16);
}

#[test]
fn suite_checks_counts_and_fails_on_a_mismatch() {
    let good = temp_file(
        "good.epd",
        &format!("{KIWIPETE} ;D1 48 ;D2 2039 ;D3 97862\n# a comment\n\n4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n"),
    );
    let output = boardlab(&["suite", good.to_str().unwrap(), "--backend", "all"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert!(stdout(&output).contains(" 0 mismatches"));
    let output = boardlab(&[
        "suite",
        good.to_str().unwrap(),
        "--json",
        "--max-nodes",
        "100",
    ]);
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 3, "the counts above 100 are skipped");
    assert!(lines.iter().all(|l| l["ok"] == true));

    let bad = temp_file("bad.epd", &format!("{KIWIPETE} ;D1 48 ;D2 2040\n"));
    let output = boardlab(&["suite", bad.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("MISMATCH"), "{}", stdout(&output));
}

#[test]
fn every_backend_has_an_identity_of_its_own() {
    // The sizes that tell which board answered must cover every registered backend and be
    // distinct, or an answer from the wrong board could pass as the right one.
    let identities: Vec<(usize, usize)> = boardlab_backends::Backend::ALL
        .iter()
        .map(|backend| {
            support::board_identity(backend.name())
                .unwrap_or_else(|| panic!("{backend} has no identity in tests/support"))
        })
        .collect();
    let mut distinct = identities.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), identities.len(), "{identities:?}");
}

#[test]
fn compare_runs_every_backend_and_agrees() {
    let output = boardlab(&["compare", "--max-nodes", "20000", "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let lines = json_lines(&output);
    // Each backend answers once, in the registry's order, not one board under every name.
    assert_eq!(support::backends_of(&lines), support::runnable_backends());
    support::assert_answered_by_named_boards(&lines);
    for line in &lines {
        assert_eq!(line["agree"], true, "{line}");
        assert!(line["board_bytes"].as_u64().unwrap() > 0);
        assert_eq!(line["nodes"], lines[0]["nodes"]);
    }
    let output = boardlab(&["compare", "--max-nodes", "20000"]);
    let text = stdout(&output);
    assert!(
        text.contains("bulk Mnps") && text.contains("agreement"),
        "{text}"
    );
    let output = boardlab(&[
        "compare",
        "--max-nodes",
        "20000",
        "--backend",
        "mailbox",
        "--json",
    ]);
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(lines[0]["backend"], "mailbox");
}

#[test]
fn compare_fails_on_a_wrong_expectation() {
    let wrong = temp_file("wrong.epd", &format!("{KIWIPETE} ;D1 48 ;D2 2038\n"));
    let output = boardlab(&["compare", "--suite", wrong.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("expected 2038"));
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    assert_bad_input(
        &[
            "perft",
            "--depth",
            "1",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1",
        ],
        r#"invalid FEN: castling field "KQkqX": unexpected 'X'"#,
    );
    assert_bad_input(
        &["perft", "--depth", "1", "--moves", "e2e5"],
        "illegal move \"e2e5\"",
    );
    assert_bad_input(
        &["perft", "--depth", "1", "--moves", "zz"],
        "invalid move \"zz\"",
    );
    assert_bad_input(&["perft"], "--depth");
    assert_bad_input(&["perft", "--depth", "x"], "invalid value 'x'");
    assert_bad_input(&["perft", "--depth", "1", "--backend", "nope"], "'nope'");
    assert_bad_input(&["perft", "--depth", "1", "--threads", "0"], "--threads");
    assert_bad_input(&["frobnicate"], "unrecognized subcommand");
    assert_bad_input(&[], "a subcommand is required");
    assert_bad_input(
        &["suite", "/no/such/file.epd"],
        "cannot read /no/such/file.epd",
    );
    let garbled = temp_file("garbled.epd", "this is not a fen ;D1 3\n");
    assert_bad_input(&["suite", garbled.to_str().unwrap()], "line 1: invalid FEN");
    assert_bad_input(
        &["key", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
        "white has no king",
    );
}

#[test]
fn help_and_version_succeed() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["perft", "--help"],
        &["help", "diff"],
    ] {
        let output = boardlab(args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(!output.stdout.is_empty(), "{args:?}");
    }
}

/// A reader that stops reading (`boardlab perft --divide | head`) is no failure: the command
/// stops quietly, with status 0 and nothing on standard error.
#[test]
fn a_closed_pipe_is_not_an_error() {
    use std::process::Stdio;
    // The read end is closed before the child starts, so its first write meets a closed pipe
    // whatever the timing.
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let child = Command::new(BOARDLAB)
        .args(["perft", "--depth", "3", "--divide"])
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("boardlab starts");
    let output = support::wait_within(child, "boardlab perft into a closed pipe", RUN_PATIENCE);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
}
