//! `boardlab diff` against programs speaking perftree's protocol: a python-chess move generator
//! with planted bugs (`tests/support/planted_bugs.py`), the same generator broken in every way
//! a program can break, and boardlab itself through `boardlab perftree`.

use crate::support;

use serde_json::{json, Value};
use std::collections::HashSet;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::Duration;
use support::{python_chess, stderr, stdout, support_file, BOARDLAB};

fn fixture() -> PathBuf {
    support_file("planted_bugs.py")
}

/// `boardlab` with the fixture's settings from `env` alone, and the binary named for it.
fn boardlab(args: &[&str], env: &[(&str, &str)]) -> Output {
    support::boardlab_with(args, |command| {
        command.env("BOARDLAB_BIN", BOARDLAB);
        for var in ["PLANTED_BUG", "BROKEN", "FIXTURE_LOG", "BOARDLAB_BACKEND"] {
            command.env_remove(var);
        }
        command.envs(env.iter().copied());
    })
}

/// `boardlab diff` of the magic backend against `program` in `protocol`.
fn diff_against(
    program: &str,
    protocol: &str,
    fen: &str,
    depth: u32,
    env: &[(&str, &str)],
    extra: &[&str],
) -> Output {
    let depth = depth.to_string();
    let mut args = vec![
        "diff",
        "--fen",
        fen,
        "--depth",
        &depth,
        "--against",
        program,
        "--protocol",
        protocol,
    ];
    args.extend(extra);
    boardlab(&args, env)
}

/// Checks that a run failed as a broken program must make it fail: exit status 2, nothing on
/// stdout, one line on stderr naming the program and containing `fault`; returns the line.
fn one_error_line(output: &Output, program: &str, fault: &str, case: &str) -> String {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(2), "{case}: {err}");
    assert_eq!(err.lines().count(), 1, "{case}: {err}");
    assert!(
        err.starts_with(&format!("error: {program}: ")),
        "{case}: {err}"
    );
    assert!(err.contains(fault), "{case}: {err}");
    assert!(output.stdout.is_empty(), "{case}");
    err
}

fn json(output: &Output) -> Value {
    let text = stdout(output);
    serde_json::from_str(text.trim())
        .unwrap_or_else(|err| panic!("{err}: {text:?}\n{}", stderr(output)))
}

/// A diff's JSON report with its two sides' names taken out, after checking that side `a` is
/// the backend `a` and that side `b` has a name.
fn report_without_sides(output: &Output, a: &str) -> Value {
    let mut report = json(output);
    let sides = report.as_object_mut().expect("an object");
    assert_eq!(sides.remove("a"), Some(Value::from(a)), "side a");
    let b = sides.remove("b");
    assert!(
        b.as_ref()
            .and_then(Value::as_str)
            .is_some_and(|b| !b.is_empty()),
        "side b: {b:?}"
    );
    report
}

/// A planted bug, the root where the diff starts, and where the bug must be found. Each root is
/// chosen so that exactly one first move leads to a position where the bug shows; what the
/// buggy generator gets wrong there follows from the rules alone.
struct Planted {
    bug: &'static str,
    root: &'static str,
    path: &'static [&'static str],
    fen: &'static str,
    only_in_boardlab: &'static [&'static str],
    only_in_program: &'static [&'static str],
}

const PLANTED: &[Planted] = &[
    // After d7d5 the pawns on d5 and e5 stand between the king on a5 and the rook on h5:
    // taking en passant would leave both squares empty. The report keeps the en-passant
    // square that canonical FEN would drop, so the buggy program still sees the capture.
    Planted {
        bug: "ep-rank-pin",
        root: "7k/3p4/8/K3P2r/8/8/8/8 b - - 0 1",
        path: &["d7d5"],
        fen: "7k/8/8/K2pP2r/8/8/8/8 w - d6 0 2",
        only_in_boardlab: &[],
        only_in_program: &["e5d6"],
    },
    // Only Ne3 attacks f1, the square the king crosses castling short.
    Planted {
        bug: "castle-through-check",
        root: "4k3/8/8/3n4/8/8/8/4K2R b K - 0 1",
        path: &["d5e3"],
        fen: "4k3/8/8/8/8/4n3/8/4K2R w K - 1 2",
        only_in_boardlab: &[],
        only_in_program: &["e1g1"],
    },
    // Only Rc8 puts a piece where the b7 pawn can capture onto the last rank.
    Planted {
        bug: "capture-promotions",
        root: "4k3/1P6/8/8/8/8/2r5/4K3 b - - 0 1",
        path: &["c2c8"],
        fen: "2r1k3/1P6/8/8/8/8/8/4K3 w - - 1 2",
        only_in_boardlab: &["b7c8b", "b7c8n", "b7c8r"],
        only_in_program: &[],
    },
    // d2d4 checks the king on c5, and e4xd3 en passant takes the checking pawn.
    Planted {
        bug: "ep-check-evasion",
        root: "8/8/8/2k5/4p3/8/3P4/4K3 w - - 0 1",
        path: &["d2d4"],
        fen: "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        only_in_boardlab: &["e4d3"],
        only_in_program: &[],
    },
];

#[test]
fn each_planted_bug_is_found_where_it_shows_in_both_protocols() {
    if !python_chess() {
        return;
    }
    let program = fixture();
    let program = program.to_str().unwrap();
    for planted in PLANTED {
        for protocol in ["perftree", "uci"] {
            for depth in [2, 3] {
                let output = diff_against(
                    program,
                    protocol,
                    planted.root,
                    depth,
                    &[("PLANTED_BUG", planted.bug)],
                    &["--json"],
                );
                let context = format!("{} over {protocol} at depth {depth}", planted.bug);
                assert_eq!(
                    output.status.code(),
                    Some(1),
                    "{context}: {}",
                    stderr(&output)
                );
                assert_eq!(
                    report_without_sides(&output, boardlab_backends::Backend::DEFAULT.name()),
                    json!({
                        "divergent": true,
                        "path": planted.path,
                        "fen": planted.fen,
                        "only_in_a": planted.only_in_boardlab,
                        "only_in_b": planted.only_in_program,
                    }),
                    "{context}"
                );
            }
        }
    }
}

#[test]
fn the_text_report_names_the_sides() {
    if !python_chess() {
        return;
    }
    let program = fixture();
    let planted = &PLANTED[0];
    let output = diff_against(
        program.to_str().unwrap(),
        "perftree",
        planted.root,
        2,
        &[("PLANTED_BUG", planted.bug)],
        &[],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        format!(
            "divergence after: d7d5\nposition: {}\nonly in magic: (none)\nonly in {}: e5d6\n",
            planted.fen,
            program.display()
        )
    );
}

#[test]
fn the_correct_generator_agrees() {
    if !python_chess() {
        return;
    }
    let program = fixture();
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for (fen, depth, extra) in [
        (kiwipete, 2, &[][..]),
        (PLANTED[0].root, 3, &[][..]),
        (PLANTED[2].root, 3, &["--moves", "c2c8"][..]),
        // Promotion letters in capitals are allowed by the protocol.
        ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 2, &[][..]),
    ] {
        for env in [&[][..], &[("BROKEN", "uppercase")][..]] {
            let output = diff_against(
                program.to_str().unwrap(),
                "perftree",
                fen,
                depth,
                env,
                extra,
            );
            assert_eq!(
                output.status.code(),
                Some(0),
                "{fen} {env:?}: {}",
                stderr(&output)
            );
            assert!(stdout(&output).starts_with("no divergence: magic and "));
        }
    }
}

#[test]
fn each_position_is_asked_about_once_one_ply_shallower_each_time() {
    if !python_chess() {
        return;
    }
    let log = std::env::temp_dir().join(format!("boardlab-perftree-log-{}", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let planted = &PLANTED[1];
    let output = diff_against(
        fixture().to_str().unwrap(),
        "perftree",
        planted.root,
        4,
        &[
            ("PLANTED_BUG", planted.bug),
            ("FIXTURE_LOG", log.to_str().unwrap()),
        ],
        &["--json"],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let runs: Vec<Vec<String>> = std::fs::read_to_string(&log)
        .expect("the fixture logged its runs")
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let _ = std::fs::remove_file(&log);
    // One run per position on the path, each one ply shallower than the one before, the
    // moves so far as one argument; nothing asked twice.
    let path: Vec<String> = serde_json::from_value(json(&output)["path"].clone()).unwrap();
    assert!(!path.is_empty());
    let expected: Vec<Vec<String>> = (0..=path.len())
        .map(|step| {
            let mut run = vec![(4 - step).to_string(), planted.root.to_string()];
            if step > 0 {
                run.push(path[..step].join(" "));
            }
            run
        })
        .collect();
    assert_eq!(runs, expected);
    let distinct: HashSet<&Vec<String>> = runs.iter().collect();
    assert_eq!(distinct.len(), runs.len());
}

#[test]
fn given_moves_reach_the_program_as_one_argument() {
    if !python_chess() {
        return;
    }
    let log = std::env::temp_dir().join(format!("boardlab-perftree-moves-{}", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let output = diff_against(
        fixture().to_str().unwrap(),
        "perftree",
        boardlab_core::START_FEN,
        1,
        &[("FIXTURE_LOG", log.to_str().unwrap())],
        &["--moves", "e2e4", "e7e5"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let runs = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    let run: Value = serde_json::from_str(runs.trim()).unwrap();
    assert_eq!(run, json!(["1", boardlab_core::START_FEN, "e2e4 e7e5"]));
}

#[test]
fn broken_programs_get_one_line_naming_program_command_and_fault() {
    if !python_chess() {
        return;
    }
    let program = fixture();
    let program = program.to_str().unwrap();
    let root = PLANTED[2].root;
    let ran = format!("(ran {program} 2 '{root}')");
    for (broken, depth, fault, command) in [
        ("exit", 2, "exited with status 3".to_string(), ran.clone()),
        ("stderr", 2, "exited with status 1".to_string(), ran.clone()),
        ("silent", 2, "printed nothing".to_string(), ran.clone()),
        ("garbage", 2, "\"the quick brown fox\"".to_string(), ran.clone()),
        (
            "sum",
            2,
            "its move counts add up to 130, but it printed the total 131".to_string(),
            ran.clone(),
        ),
        (
            "malformed",
            2,
            format!("in {root}: invalid move \"e2e9\": \"e9\" is not a square"),
            ran.clone(),
        ),
        (
            "impossible",
            2,
            format!("in {root}: a1a2 moves from a1, which is empty"),
            ran.clone(),
        ),
        ("duplicate", 2, format!("listed e8f8 twice in {root}"), ran.clone()),
        (
            "depth-one",
            1,
            "counted 2 leaves below e8f8 at depth 1".to_string(),
            format!("(ran {program} 1 '{root}')"),
        ),
        (
            "inconsistent",
            2,
            "contradicts itself: 7 leaves below e8f8 at depth 2, but its moves after e8f8 add up to 6 at depth 1"
                .to_string(),
            format!("(ran {program} 1 '{root}' e8f8)"),
        ),
    ] {
        let output = diff_against(program, "perftree", root, depth, &[("BROKEN", broken)], &[]);
        let err = one_error_line(&output, program, &fault, broken);
        assert!(err.trim_end().ends_with(&command), "{broken}: {err}");
    }
}

#[test]
fn a_silent_program_is_stopped_at_the_timeout() {
    if !python_chess() {
        return;
    }
    let program = fixture();
    // The deadline is watched while boardlab runs: a timeout that no longer fires fails here
    // after 20 s instead of hanging the test run.
    let mut command = Command::new(BOARDLAB);
    command
        .args(["diff", "--fen", boardlab_core::START_FEN, "--depth", "2"])
        .args([
            "--against",
            program.to_str().unwrap(),
            "--protocol",
            "perftree",
        ])
        .args(["--timeout", "1"])
        .env("BOARDLAB_BIN", BOARDLAB)
        .env("BROKEN", "hang")
        .stdin(std::process::Stdio::null());
    for var in ["PLANTED_BUG", "FIXTURE_LOG", "BOARDLAB_BACKEND"] {
        command.env_remove(var);
    }
    let output = support::run_within(command, Duration::from_secs(20));
    one_error_line(
        &output,
        program.to_str().unwrap(),
        "printed nothing for 1 s and was stopped (see --timeout)",
        "hang",
    );
}

#[test]
fn verbose_shows_what_the_program_wrote_on_stderr() {
    if !python_chess() {
        return;
    }
    let output = diff_against(
        fixture().to_str().unwrap(),
        "perftree",
        boardlab_core::START_FEN,
        2,
        &[("BROKEN", "stderr")],
        &["--verbose"],
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines[0].contains("exited with status 1"), "{err}");
    assert!(lines[1].ends_with("wrote on standard error:"), "{err}");
    assert_eq!(
        lines[2..],
        [
            "Traceback (most recent call last):",
            "ValueError: planted failure"
        ]
    );
}

#[test]
fn a_bare_name_is_looked_up_on_path() {
    if !python_chess() {
        return;
    }
    let dir = support_file("");
    let path = std::env::join_paths(
        std::iter::once(dir).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let output = diff_against(
        "planted_bugs.py",
        "perftree",
        PLANTED[0].root,
        2,
        &[
            ("PATH", path.to_str().unwrap()),
            ("PLANTED_BUG", "ep-rank-pin"),
        ],
        &[],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stdout(&output).ends_with("only in planted_bugs.py: e5d6\n"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn boardlab_agrees_with_itself_through_the_protocol() {
    let script = support_file("boardlab_perftree.sh");
    let script = script.to_str().unwrap();
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for (backend, through) in [
        ("magic", "mailbox"),
        ("x88", "rotated"),
        ("piece-list", "magic"),
    ] {
        let output = boardlab(
            &[
                "diff",
                "--fen",
                kiwipete,
                "--depth",
                "3",
                "--backend",
                backend,
                "--against",
                script,
                "--protocol",
                "perftree",
                "--json",
                "--moves",
                "e1g1",
                "h3g2",
            ],
            &[("BOARDLAB_BACKEND", through)],
        );
        assert_eq!(
            output.status.code(),
            Some(0),
            "{backend}: {}",
            stderr(&output)
        );
        assert_eq!(
            report_without_sides(&output, backend),
            json!({
                "divergent": false,
                "path": [],
                "fen": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBPpP/R4RK1 w kq - 0 2",
                "only_in_a": [],
                "only_in_b": []
            })
        );
    }
}

#[test]
fn boardlab_perftree_prints_the_protocol() {
    let output = boardlab(
        &[
            "perftree",
            "1",
            "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
            "",
            "--backend",
            "x88",
        ],
        &[],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let (lines, total) = text
        .trim_end()
        .rsplit_once("\n\n")
        .expect("a blank line before the total");
    let mut moves: Vec<&str> = lines.lines().collect();
    moves.sort_unstable();
    // The king on c5, in check from the pawn on d4: its eight neighbours are all free of
    // attack (the pawn on d4 is unguarded), and e4xd3 en passant takes the checking pawn.
    assert_eq!(
        moves,
        [
            "c5b4 1", "c5b5 1", "c5b6 1", "c5c4 1", "c5c6 1", "c5d4 1", "c5d5 1", "c5d6 1",
            "e4d3 1"
        ]
    );
    assert_eq!(total, "9");
    for (args, problem) in [
        (&["perftree", "2", "not a fen"][..], "invalid FEN"),
        (
            &["perftree", "2", boardlab_core::START_FEN, "e2e5"][..],
            "illegal move \"e2e5\"",
        ),
        (&["perftree", "0", boardlab_core::START_FEN][..], "'0'"),
    ] {
        let output = boardlab(args, &[]);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(problem), "{args:?}: {err}");
    }
}

#[test]
fn wrong_answers_over_uci_are_reported_alike() {
    if !python_chess() {
        return;
    }
    let program = fixture();
    let program = program.to_str().unwrap();
    let root = PLANTED[2].root;
    for (broken, fault) in [
        (
            "sum",
            "its move counts add up to 130, but it reported 131 nodes",
        ),
        ("malformed", "invalid move \"e2e9\": \"e9\" is not a square"),
        ("impossible", "a1a2 moves from a1, which is empty"),
        ("duplicate", "listed e8f8 twice"),
        ("inconsistent", "contradicts itself"),
    ] {
        let output = diff_against(program, "uci", root, 2, &[("BROKEN", broken)], &[]);
        let err = one_error_line(&output, program, fault, broken);
        assert!(
            err.contains(&format!("(sent: position fen {root}")),
            "{broken}: {err}"
        );
    }
}
