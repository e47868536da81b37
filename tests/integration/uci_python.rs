//! Games against real UCI clients: python-chess as the GUI, and Stockfish as the opponent.
//!
//! Each test runs a script from tests/python with the built binary. When python-chess (PyPI
//! `chess`) or Stockfish (Debian `stockfish`) is missing, the test prints a note and passes,
//! except under `CI=true`, where it fails; CI installs both.

use crate::support;

use std::path::Path;
use std::process::Command;
use support::{OutputWithin, RUN_PATIENCE};

/// Runs a script from tests/python and returns its stdout, failing the test on a non-zero exit.
fn run_script(script: &str, args: &[&str]) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/python")
        .join(script);
    let output = Command::new("python3")
        .arg(&path)
        .args(args)
        .output_within(RUN_PATIENCE);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{script} failed ({}):\nstdout: {stdout}\nstderr: {stderr}",
        output.status
    );
    stdout
}

#[test]
fn python_chess_plays_a_short_game_against_boardlab() {
    if !support::python_chess() {
        return;
    }
    // A backend other than the default, so that the answer shows the argument reached it.
    let backend = "x88";
    assert_ne!(boardlab_backends::Backend::DEFAULT.name(), backend);
    let stdout = run_script(
        "play_boardlab.py",
        &[env!("CARGO_BIN_EXE_boardlab"), backend],
    );
    let report: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON line");
    assert_eq!(report["backend"], backend, "{stdout}");
    // Twenty rounds of boardlab's move and a random reply, unless the game ends first.
    let engine_moves = report["engine_moves"].as_u64().expect("engine_moves");
    let plies = report["plies"].as_u64().expect("plies");
    assert!((1..=20).contains(&engine_moves), "{stdout}");
    assert!(
        plies == 2 * engine_moves || plies + 1 == 2 * engine_moves,
        "{stdout}"
    );
    let fen = report["fen"].as_str().expect("fen");
    boardlab_core::Setup::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"));
}

#[test]
fn boardlab_plays_a_game_against_stockfish() {
    if !support::python_chess() {
        return;
    }
    let Some(stockfish) = support::stockfish() else {
        return;
    };
    let stdout = run_script(
        "play_stockfish.py",
        &[env!("CARGO_BIN_EXE_boardlab"), &stockfish.to_string_lossy()],
    );
    let report: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON line");
    let result = report["result"].as_str().expect("result");
    let termination = report["termination"].as_str().expect("termination");
    let plies = report["plies"].as_u64().expect("plies");
    let moves = report["moves"].as_str().expect("moves");
    assert_eq!(moves.split_whitespace().count() as u64, plies, "{stdout}");
    if termination == "move limit" {
        assert_eq!((result, plies), ("*", 160), "{stdout}");
    } else {
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{stdout}");
    }
}

#[test]
fn a_missing_tool_skips_on_a_developer_machine_and_fails_under_ci() {
    assert!(support::require_in(
        true,
        "python-chess",
        "pip install chess",
        true
    ));
    assert!(!support::require_in(
        false,
        "python-chess",
        "pip install chess",
        false
    ));
    let under_ci = std::panic::catch_unwind(|| {
        support::require_in(true, "python-chess", "pip install chess", false)
    });
    let message = under_ci.expect_err("under CI a missing tool fails the test");
    let message = message
        .downcast_ref::<String>()
        .expect("a formatted panic message");
    assert_eq!(
        message,
        "python-chess is missing and CI requires it (pip install chess)"
    );
}
