//! No input panics an entry point: random and mutated FENs, random move text, random command
//! lines. Bad input must come back as an error (for the binary: one stderr line, status 2).

use boardlab_core::{Board, Setup};
use boardlab_harness::{with_backend, Backend};
use boardlab_testkit::WALK_POSITIONS;
use proptest::prelude::*;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BOARDLAB: &str = env!("CARGO_BIN_EXE_boardlab");

/// A valid FEN with a few characters replaced, inserted or removed.
fn mutated_fen() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "pnbrqkPNBRQK12345678/ -wbKQkqa3h6e0129x\u{e9}"
        .chars()
        .collect();
    (
        prop::sample::select(WALK_POSITIONS.to_vec()),
        proptest::collection::vec(
            (
                any::<prop::sample::Index>(),
                0u8..3,
                prop::sample::select(alphabet),
            ),
            1..4,
        ),
    )
        .prop_map(|(fen, edits)| {
            let mut chars: Vec<char> = fen.chars().collect();
            for (at, kind, c) in edits {
                if chars.is_empty() {
                    chars.push(c);
                    continue;
                }
                let i = at.index(chars.len());
                match kind {
                    0 => chars[i] = c,
                    1 => chars.insert(i, c),
                    _ => {
                        chars.remove(i);
                    }
                }
            }
            chars.into_iter().collect()
        })
}

fn exercise_every_backend(setup: &Setup) {
    for &backend in Backend::ALL {
        with_backend!(backend, B => {
            let mut board = B::from_setup(setup);
            for mv in board.legal_moves().iter().copied() {
                let undo = board.make(mv);
                let _ = board.count_legal();
                board.unmake(mv, undo);
            }
            assert_eq!(&board.to_setup(), setup, "{}", B::NAME);
        });
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_text_is_never_a_panic_as_fen(text in any::<String>()) {
        let _ = Setup::from_fen(&text);
    }

    #[test]
    fn mutated_fens_parse_or_fail_cleanly(fen in mutated_fen()) {
        match Setup::from_fen(&fen) {
            Ok(setup) => exercise_every_backend(&setup),
            Err(err) => {
                let text = err.to_string();
                prop_assert!(text.starts_with("invalid FEN: "), "{}", text);
                prop_assert!(!text.contains('\n'), "{}", text);
            }
        }
    }

    #[test]
    fn move_text_is_never_a_panic(
        start in prop::sample::select(WALK_POSITIONS.to_vec()),
        text in prop_oneof![
            any::<String>(),
            "[a-j][0-9][a-j][0-9][a-zA-Z]?",
            "[a-h][1-8][a-h][1-8][nbrqkNBRQ]",
        ],
    ) {
        for &backend in Backend::ALL {
            with_backend!(backend, B => {
                let board = B::from_fen(start).unwrap();
                if let Ok(mv) = board.parse_uci_move(&text) {
                    prop_assert_eq!(mv.to_string(), text.clone());
                    prop_assert!(board.legal_moves().contains(&mv));
                }
            });
        }
    }
}

/// Pieces of command lines: subcommands, flags and values, good and bad.
fn argument_vocabulary() -> Vec<String> {
    let mut words: Vec<String> = [
        "perft",
        "key",
        "suite",
        "compare",
        "diff",
        "frobnicate",
        "--depth",
        "--fen",
        "--moves",
        "--backend",
        "--json",
        "--divide",
        "--no-bulk",
        "--threads",
        "--hash",
        "--max-nodes",
        "--against",
        "--timeout",
        "--suite",
        "--bogus",
        "-",
        "--",
        "0",
        "1",
        "2",
        "3",
        "-1",
        "99999999999999999999",
        "",
        "all",
        "e2e4",
        "e7e5",
        "g1f3",
        "e2e5",
        "e1g1",
        "a7a8q",
        "zzzz",
        "\u{1F600}",
        "/no/such/file",
        "/bin/true",
        "crates/core/data/standard.epd",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    words.extend(Backend::ALL.iter().map(|b| b.name().to_string()));
    words.extend(WALK_POSITIONS.iter().map(|s| s.to_string()));
    words
}

/// Runs the binary with a deadline; a run that outlives it is killed and reported.
fn run_bounded(args: &[String]) -> (Option<i32>, String) {
    let mut child = Command::new(BOARDLAB)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("boardlab starts");
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(Some(_)) = child.try_wait() {
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("boardlab {args:?} ran for over a minute");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let output = child.wait_with_output().expect("boardlab finishes");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_command_lines_never_panic(
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..8),
    ) {
        let vocabulary = argument_vocabulary();
        let mut args: Vec<String> = picks.iter().map(|i| i.get(&vocabulary).clone()).collect();
        // Keep runs short: budgets small enough that no suite or comparison takes long.
        if args.iter().any(|a| a == "suite" || a == "compare") {
            args.extend(["--max-nodes".to_string(), "2000".to_string()]);
        }
        let (code, stderr) = run_bounded(&args);
        prop_assert!(!stderr.contains("panicked") && !stderr.contains("internal error"), "{:?}: {}", args, stderr);
        prop_assert!(matches!(code, Some(0..=2)), "{:?}: status {:?}, {}", args, code, stderr);
        if code == Some(2) {
            prop_assert_eq!(stderr.lines().count(), 1, "{:?}: {}", args, stderr);
            prop_assert!(stderr.starts_with("error: "), "{:?}: {}", args, stderr);
        }
    }
}
