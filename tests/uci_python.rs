//! Games against real UCI clients: python-chess as the GUI, and Stockfish as the opponent.
//!
//! Each test runs a script from tests/python with the built binary. When python-chess (PyPI
//! `chess`) or Stockfish (Debian `stockfish`) is missing, the test prints a note and passes;
//! CI installs both.

use std::path::Path;
use std::process::Command;

const STOCKFISH: &str = "/usr/games/stockfish";

fn python_chess_available() -> bool {
    Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output()
        .is_ok_and(|out| out.status.success())
}

/// Runs a script from tests/python and returns its stdout, failing the test on a non-zero exit.
fn run_script(script: &str, args: &[&str]) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/python")
        .join(script);
    let output = Command::new("python3")
        .arg(&path)
        .args(args)
        .output()
        .expect("python3 runs");
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
    if !python_chess_available() {
        println!("note: skipped, python-chess is not installed (pip install chess)");
        return;
    }
    let stdout = run_script("play_boardlab.py", &[env!("CARGO_BIN_EXE_boardlab")]);
    println!("{stdout}");
    assert!(stdout.contains("\"engine_moves\""), "{stdout}");
}

#[test]
fn boardlab_plays_a_game_against_stockfish() {
    if !python_chess_available() {
        println!("note: skipped, python-chess is not installed (pip install chess)");
        return;
    }
    if !Path::new(STOCKFISH).exists() {
        println!("note: skipped, no Stockfish at {STOCKFISH} (Debian package stockfish)");
        return;
    }
    let stdout = run_script(
        "play_stockfish.py",
        &[env!("CARGO_BIN_EXE_boardlab"), STOCKFISH],
    );
    println!("{stdout}");
    assert!(stdout.contains("\"result\""), "{stdout}");
}
