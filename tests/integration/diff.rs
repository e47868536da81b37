//! `boardlab diff` against other backends, a fake UCI engine with a planted bug, engines that
//! fail, and real Stockfish when it is installed.

use crate::support;

use serde_json::json;
use std::path::PathBuf;
use std::process::Output;
use support::{python3, stderr, stdout, support_file, BOARDLAB};

fn fake_engine() -> PathBuf {
    support_file("fake_engine.py")
}

/// `boardlab diff` with `args`, the fake engine's settings from `env`, and the binary named for
/// it.
fn diff(args: &[&str], env: &[(&str, &str)]) -> Output {
    let args: Vec<&str> = ["diff"].iter().chain(args).copied().collect();
    support::boardlab_with(&args, |command| {
        command.env("BOARDLAB_BIN", BOARDLAB);
        command.envs(env.iter().copied());
    })
}

/// `boardlab diff` with `args` against the fake engine, or `None` where python3 is missing
/// (outside CI, which requires it).
fn against_fake_engine(args: &[&str], env: &[(&str, &str)]) -> Option<Output> {
    if !python3() {
        return None;
    }
    let engine = fake_engine();
    let against = ["--against", engine.to_str().unwrap()];
    let args: Vec<&str> = args.iter().copied().chain(against).collect();
    Some(diff(&args, env))
}

fn json(output: &Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(text.trim()).unwrap_or_else(|err| panic!("{err}: {text:?}"))
}

#[test]
fn finds_a_move_hidden_two_plies_down() {
    let Some(output) = against_fake_engine(
        &["--depth", "4", "--json"],
        &[
            ("FAKE_ENGINE_AT", "e2e4 d7d5"),
            ("FAKE_ENGINE_HIDE", "e4d5"),
        ],
    ) else {
        return;
    };
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let report = json(&output);
    assert_eq!(report["divergent"], true);
    assert_eq!(report["path"], serde_json::json!(["e2e4", "d7d5"]));
    assert_eq!(
        report["fen"],
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(report["only_in_a"], serde_json::json!(["e4d5"]));
    assert_eq!(report["only_in_b"], serde_json::json!([]));
}

#[test]
fn finds_a_hidden_castling_move_after_given_moves() {
    // Kiwipete: after a2a3 b4c3, white's king-side castling goes missing.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let Some(output) = against_fake_engine(
        &["--fen", kiwipete, "--depth", "3"],
        &[
            ("FAKE_ENGINE_AT", "a2a3 b4c3"),
            ("FAKE_ENGINE_HIDE", "e1g1"),
        ],
    ) else {
        return;
    };
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("divergence after: a2a3 b4c3\n"), "{text}");
    assert!(
        text.contains("only in ") && text.contains(": e1g1\n"),
        "{text}"
    );
}

#[test]
fn the_fake_engine_without_a_bug_agrees() {
    let Some(output) = against_fake_engine(&["--depth", "3"], &[]) else {
        return;
    };
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("no divergence"));
}

#[test]
fn failing_engines_get_one_line_and_status_2() {
    for (mode, expected) in [
        ("die", "exited with status 3"),
        ("hang", "sent nothing for 1 s"),
        ("garbage", "answered \"the quick brown fox\""),
    ] {
        let Some(output) = against_fake_engine(
            &["--depth", "2", "--timeout", "1"],
            &[("FAKE_ENGINE_MODE", mode)],
        ) else {
            return;
        };
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{mode}: {err}");
        assert_eq!(err.lines().count(), 1, "{mode}: {err}");
        let prefix = format!("error: {}: ", fake_engine().display());
        assert!(err.starts_with(&prefix), "{mode}: {err}");
        assert!(err.contains("(sent: position fen "), "{mode}: {err}");
        assert!(err.contains(expected), "{mode}: {err}");
        assert!(output.stdout.is_empty());
    }
}

/// An engine slower to start than `--timeout` allows an answer: its start-up (`uciok`,
/// `readyok`) has an allowance of its own, so it is not reported as silent, while the same
/// engine going silent over `go perft` still is, after the timeout.
#[test]
fn a_slow_start_is_not_silence() {
    let args = ["--depth", "2", "--timeout", "1"];
    let slow = ("FAKE_ENGINE_START_DELAY", "2.5");
    let Some(output) = against_fake_engine(&args, &[slow]) else {
        return;
    };
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("no divergence"));
    let Some(output) = against_fake_engine(&args, &[slow, ("FAKE_ENGINE_MODE", "hang")]) else {
        return;
    };
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        err.contains("sent nothing for 1 s while the answer to go perft was awaited"),
        "{err}"
    );
}

#[test]
fn an_unknown_opponent_is_bad_input() {
    let output = diff(&["--depth", "2", "--against", "no-such-engine"], &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("neither a backend"));
}

#[test]
fn every_backend_agrees_with_the_next_and_says_who_answered() {
    // Each backend against the next in the registry, the last against the first: equal divides
    // are transitive, so the ring shows all of them agree. Each report names both sides as the
    // boards that answered call themselves, so `--against B` resolving to A's board fails.
    let names = support::runnable_backends();
    assert!(names.len() > 10, "{names:?}");
    for (i, a) in names.iter().enumerate() {
        let b = &names[(i + 1) % names.len()];
        let output = diff(
            &["--depth", "3", "--backend", a, "--against", b, "--json"],
            &[],
        );
        assert_eq!(
            output.status.code(),
            Some(0),
            "{a} vs {b}: {}",
            stderr(&output)
        );
        let report: serde_json::Value = serde_json::from_str(stdout(&output).trim())
            .unwrap_or_else(|err| panic!("{a} vs {b}: {err}"));
        assert_eq!(
            (&report["a"], &report["b"]),
            (&json!(a), &json!(b)),
            "{report}"
        );
        assert_eq!(report["divergent"], false, "{report}");
    }
}

/// Every backend agrees with Stockfish on the standard suite: the default backend is diffed
/// against Stockfish, every other backend against the default. Equal divides are transitive, and
/// Stockfish starts once a position rather than once a backend and position.
#[test]
fn stockfish_finds_no_divergence() {
    let Some(stockfish) = support::stockfish() else {
        return;
    };
    let positions = boardlab_core::epd::parse_perft_suite(boardlab_core::epd::STANDARD_SUITE)
        .expect("the standard suite parses");
    let default = boardlab_backends::Backend::DEFAULT.name();
    for case in &positions {
        for backend in support::runnable_backends() {
            let against = if backend == default {
                stockfish.to_str().unwrap()
            } else {
                default
            };
            let output = diff(
                &[
                    "--fen",
                    &case.fen,
                    "--depth",
                    "3",
                    "--backend",
                    &backend,
                    "--against",
                    against,
                    "--json",
                ],
                &[],
            );
            assert_eq!(
                output.status.code(),
                Some(0),
                "{backend} on {}: {}{}",
                case.fen,
                String::from_utf8_lossy(&output.stdout),
                stderr(&output)
            );
            let report = json(&output);
            assert_eq!(report["divergent"], false, "{report}");
            // Side a is the backend asked for, side b the default or Stockfish.
            assert_eq!(report["a"], json!(backend), "{report}");
        }
    }
}

#[test]
fn stockfish_is_found_by_its_bare_name_even_outside_path() {
    if support::stockfish().is_none() {
        return;
    }
    // Debian installs it in /usr/games, which scripts' PATH often lacks: it is searched anyway.
    let path = std::env::var_os("PATH").unwrap_or_default();
    let without_games =
        std::env::join_paths(std::env::split_paths(&path).filter(|dir| !dir.ends_with("games")))
            .unwrap();
    let output = diff(
        &["--depth", "3", "--against", "stockfish"],
        &[("PATH", without_games.to_str().unwrap())],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "no divergence: magic and stockfish agree to depth 3\n"
    );
}
