//! Chess960 on the command line: both FEN forms, `--chess960`, king-takes-rook notation, every
//! backend playing it, the suite, and diffs against Stockfish in Chess960 mode.

use crate::support;

use boardlab_backends::{Agreement, Backend};
use boardlab_core::epd::{parse_perft_suite, CHESS960_SUITE, TRICKY_SUITE};
use boardlab_testkit::CHESS960_WALK_POSITIONS;
use support::{boardlab, json_lines, stderr, stdout};

/// The first Chess960 start position: king g1 between rooks f1 and h1.
const PLACEMENT: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR";

#[test]
fn perft_counts_both_fen_forms_on_every_backend() {
    let mut agreement = Agreement::default();
    for backend in Backend::ALL {
        for castling in ["HFhf", "KQkq"] {
            let fen = format!("{PLACEMENT} w {castling} - 0 1");
            let output = boardlab(&[
                "perft",
                "--backend",
                backend.name(),
                "--fen",
                &fen,
                "--depth",
                "3",
                "--json",
            ]);
            assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
            let line: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
            // Published: perft 3 of this position is 12189.
            assert_eq!(line["nodes"], 12189, "{backend} {castling}");
            // Printed back in X-FEN: f1 and h1 are the outermost rooks on their sides.
            assert_eq!(line["fen"], format!("{PLACEMENT} w KQkq - 0 1"));
            // Credited to the backend that answered, which must be the one asked for.
            assert_eq!(line["backend"], backend.name(), "{line}");
            agreement.agreed(line["backend"].as_str().unwrap());
        }
    }
    println!("{agreement}");
    // Every backend plays Chess960, each in both forms.
    agreement.assert_every_backend(2);
}

#[test]
fn divide_writes_castling_as_king_takes_rook_in_chess960_mode() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let divide = |extra: &[&str]| {
        let mut args = vec!["perft", "--backend", "x88", "--fen", fen, "--depth", "1"];
        args.extend_from_slice(extra);
        args.push("--divide");
        let output = boardlab(&args);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        stdout(&output)
    };
    let standard = divide(&[]);
    assert!(standard.contains("e1g1: 1\n") && standard.contains("e1c1: 1\n"));
    let chess960 = divide(&["--chess960"]);
    assert!(chess960.contains("e1h1: 1\n") && chess960.contains("e1a1: 1\n"));
    assert!(!chess960.contains("e1g1") && !chess960.contains("e1c1"));
    // Moves given in that notation are played; the standard form is refused in it.
    let played = boardlab(&["key", "--fen", fen, "--chess960", "--moves", "e1h1"]);
    let standard_played = boardlab(&["key", "--fen", fen, "--moves", "e1g1"]);
    assert_eq!(played.status.code(), Some(0), "{}", stderr(&played));
    assert_eq!(stdout(&played), stdout(&standard_played));
    let refused = boardlab(&["key", "--fen", fen, "--chess960", "--moves", "e1g1"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).starts_with("error: illegal move \"e1g1\""));
}

#[test]
fn the_key_is_the_same_in_both_fen_forms() {
    let shredder = boardlab(&["key", "--fen", &format!("{PLACEMENT} w HFhf - 0 1")]);
    let xfen = boardlab(&["key", "--fen", &format!("{PLACEMENT} w KQkq - 0 1")]);
    let none = boardlab(&["key", "--fen", &format!("{PLACEMENT} w - - 0 1")]);
    assert_eq!(shredder.status.code(), Some(0), "{}", stderr(&shredder));
    assert_eq!(stdout(&shredder), stdout(&xfen));
    assert_ne!(stdout(&shredder), stdout(&none));
}

#[test]
fn every_backend_plays_chess960() {
    let fen = format!("{PLACEMENT} w HFhf - 0 1");
    // `all` keeps every backend, and each counts the published perft 2 of the suite's first
    // start position.
    let output = boardlab(&["perft", "--backend", "all", "--fen", &fen, "--depth", "2"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!stderr(&output).contains("left out"), "{}", stderr(&output));
    // Every backend answers once under its own name, in the registry's order.
    let counted: Vec<String> = stdout(&output)
        .lines()
        .filter_map(|line| Some(line.split_once(": 528 nodes ")?.0.to_string()))
        .collect();
    assert_eq!(counted, support::runnable_backends(), "{}", stdout(&output));
}

/// The legal moves `backend` lists for `fen`, in king-takes-rook notation.
fn chess960_moves(backend: Backend, fen: &str) -> Vec<String> {
    let output = boardlab(&[
        "perft",
        "--backend",
        backend.name(),
        "--fen",
        fen,
        "--depth",
        "1",
        "--divide",
        "--chess960",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    stdout(&output)
        .lines()
        .take_while(|line| !line.is_empty())
        .map(|line| line.split(':').next().unwrap().to_string())
        .collect()
}

#[test]
fn a_king_that_castles_in_place_loses_the_rook_that_shielded_it() {
    // Black's king on c8 castles queenside by staying there while the b8 rook goes to d8. With
    // the white queen on a8 the rook is all that stands between queen and king, so castling
    // would leave the king in check; with the queen on a1 nothing attacks c8 and it is legal.
    let shielded = "Qrk5/8/8/8/8/8/8/4K3 b b - 0 1";
    let open = "1rk5/8/8/8/8/8/8/Q3K3 b b - 0 1";
    let mut agreement = Agreement::default();
    for &backend in Backend::ALL {
        let moves = chess960_moves(backend, shielded);
        assert!(!moves.contains(&"c8b8".to_string()), "{backend}: {moves:?}");
        let moves = chess960_moves(backend, open);
        assert!(moves.contains(&"c8b8".to_string()), "{backend}: {moves:?}");
        agreement.agreed(backend.name());
    }
    println!("{agreement}");
    agreement.assert_every_backend(1);
}

#[test]
fn the_suite_command_reads_the_chess960_suite() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/crates/core/data/chess960.epd");
    let output = boardlab(&[
        "suite",
        path,
        "--backend",
        "all",
        "--max-nodes",
        "1000",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let lines = json_lines(&output);
    // One line per backend and published count within the budget: perft 1 of every one of the
    // 960 positions (at most 50 moves), and the perft 2 counts up to 1,000.
    let counts = parse_perft_suite(CHESS960_SUITE)
        .unwrap()
        .iter()
        .flat_map(|case| case.expected.iter().filter(|&&(_, nodes)| nodes <= 1_000))
        .count();
    assert!(counts > 960, "{counts}");
    let mut agreement = Agreement::default();
    for line in &lines {
        assert_eq!(line["ok"], true, "{line}");
        agreement.agreed(line["backend"].as_str().unwrap_or_default());
    }
    println!("{agreement}");
    assert_eq!(lines.len(), counts * Backend::ALL.len());
    agreement.assert_every_backend(counts);
}

/// Positions for the diffs against Stockfish: the castling traps and a spread of start
/// positions.
fn diff_positions() -> Vec<String> {
    let mut fens: Vec<String> = CHESS960_WALK_POSITIONS
        .iter()
        .map(|f| f.to_string())
        .collect();
    let tricky = parse_perft_suite(TRICKY_SUITE).unwrap();
    fens.extend(
        tricky
            .iter()
            .filter(|case| case.id.as_deref().is_some_and(|id| id.starts_with("xfen")))
            .map(|case| case.fen.clone()),
    );
    let starts = parse_perft_suite(CHESS960_SUITE).unwrap();
    fens.extend(starts.iter().step_by(96).map(|case| case.fen.clone()));
    fens
}

/// Every backend agrees with Stockfish in Chess960 mode: the default backend is diffed against
/// Stockfish on each position, and every other backend against the default. Equal divides are
/// transitive, so each backend's divide is Stockfish's; Stockfish starts once a position, not
/// once a backend and position, which is where the time of a run against it goes.
#[test]
fn stockfish_in_chess960_mode_finds_no_divergence() {
    let Some(stockfish) = support::stockfish() else {
        return;
    };
    let fens = diff_positions();
    assert_eq!(fens.len(), 7 + 5 + 10);
    let mut agreement = Agreement::default();
    for fen in &fens {
        for &backend in Backend::ALL {
            let against = if backend == Backend::DEFAULT {
                stockfish.to_str().unwrap()
            } else {
                Backend::DEFAULT.name()
            };
            let output = boardlab(&[
                "diff",
                "--chess960",
                "--fen",
                fen,
                "--depth",
                "3",
                "--backend",
                backend.name(),
                "--against",
                against,
                "--json",
            ]);
            assert_eq!(
                output.status.code(),
                Some(0),
                "{backend} on {fen}: {}{}",
                stdout(&output),
                stderr(&output)
            );
            let report: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
            assert_eq!(report["divergent"], false);
            // Side a is the backend asked for, side b the default or Stockfish.
            assert_eq!(report["a"], backend.name(), "{report}");
            if backend != Backend::DEFAULT {
                assert_eq!(report["b"], Backend::DEFAULT.name(), "{report}");
            }
            agreement.agreed(report["a"].as_str().unwrap());
        }
    }
    println!("{agreement}, and Stockfish");
    agreement.assert_every_backend(fens.len());
}
