//! `boardlab check`: each bug planted in the python-chess program is found in random positions
//! and named by the right group, the correct program passes, the drawn positions have the kinds
//! the draw steers towards, and every error is one line with exit status 2. The library entry,
//! `boardlab_harness::check`, is held to the same on a Rust board with a planted bug.

use crate::support;

use crate::planted_bug_example::board;

use boardlab_harness::{check, CheckOptions, Error, RandomGames, Tag};
use boardlab_x88::X88Board;
use serde_json::Value;
use std::process::Output;
use support::{assert_bad_input, boardlab, boardlab_with, json_lines, stderr, support_file};

/// Runs `boardlab check --json` against the planted-bug program with `bug` planted (`none`
/// for the correct program).
fn check_program(bug: &str, args: &[&str]) -> Output {
    let program = support_file("planted_bugs.py");
    let program = program.to_str().expect("a UTF-8 path");
    let mut words = vec!["check", "--against", program, "--json"];
    words.extend_from_slice(args);
    boardlab_with(&words, |command| {
        command.env("PLANTED_BUG", bug);
    })
}

/// The summary line, which comes last, and the lines of one type before it.
fn lines_of(output: &Output, kind: &str) -> Vec<Value> {
    json_lines(output)
        .into_iter()
        .filter(|line| line["type"] == kind)
        .collect()
}

fn summary(output: &Output) -> Value {
    let lines = json_lines(output);
    let last = lines.last().cloned().expect("a summary line");
    assert_eq!(last["type"], "summary", "{last}");
    last
}

/// Checks that `bug`, planted, is found among `count` random positions to `depth` and that every
/// failure carries each of `tags`, so each names a group.
fn finds(bug: &str, chess960: bool, count: &str, depth: &str, tags: &[&str]) {
    if !support::python_chess() {
        return;
    }
    let mut args = vec![
        "--random", count, "--seed", "1", "--depth", depth, "--jobs", "2",
    ];
    if chess960 {
        args.push("--chess960");
    }
    let output = check_program(bug, &args);
    assert_eq!(output.status.code(), Some(1), "{bug}: {}", stderr(&output));
    let summary = summary(&output);
    let expected: u64 = count.parse().expect("a count");
    assert_eq!(summary["checked"].as_u64(), Some(expected), "{summary}");
    assert_eq!(summary["stopped"], false);
    let failures = lines_of(&output, "failure");
    assert!(!failures.is_empty(), "{bug}");
    for failure in &failures {
        for tag in tags {
            let has = failure["tags"].as_array().unwrap().iter().any(|t| t == tag);
            assert!(has, "{bug}: {failure}");
        }
        // The descent ends where the move lists differ.
        let differing = failure["missing"].as_array().unwrap().len()
            + failure["extra"].as_array().unwrap().len();
        assert!(differing > 0, "{bug}: {failure}");
    }
    let groups = lines_of(&output, "group");
    for tag in tags {
        let group = groups.iter().find(|g| g["group"] == *tag);
        let group = group.unwrap_or_else(|| panic!("{bug}: no {tag} group"));
        assert_eq!(group["count"].as_u64(), Some(failures.len() as u64));
        let command = group["command"].as_str().unwrap();
        assert!(command.starts_with("boardlab diff --fen "), "{command}");
    }
}

#[test]
fn a_castling_right_kept_after_its_rook_is_captured_is_found() {
    finds("rook-captured-rights", false, "100", "2", &["castling"]);
}

#[test]
fn en_passant_through_a_diagonal_pin_is_found() {
    finds(
        "ep-diagonal",
        false,
        "300",
        "2",
        &["en-passant", "en-passant-pin"],
    );
}

#[test]
fn castling_out_of_check_is_found() {
    finds(
        "castle-out-of-check",
        false,
        "300",
        "2",
        &["castling", "check-evasion"],
    );
}

#[test]
fn a_king_stepping_along_a_sliders_line_is_found() {
    finds("king-slides-away", false, "100", "2", &["check-evasion"]);
}

#[test]
fn a_chess960_castling_path_that_ignores_the_rook_is_found() {
    finds(
        "chess960-rook-path",
        true,
        "100",
        "2",
        &["castling", "chess960-castling"],
    );
}

#[test]
fn the_correct_program_passes_and_the_draw_has_every_kind() {
    if !support::python_chess() {
        return;
    }
    let output = check_program("none", &["--random", "300", "--seed", "1", "--depth", "2"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let summary = summary(&output);
    assert_eq!(summary["checked"], 300);
    assert_eq!(summary["failures"], 0);
    // Every kind the draw is steered towards, but the refused en passant, which a draw of 300
    // may miss (the thousand-game test below holds it to a floor).
    let drawn = &summary["drawn"];
    assert_eq!(drawn["positions"], 300, "{drawn}");
    for kind in ["castling", "en_passant", "promotion", "check", "pin"] {
        assert!(drawn[kind].as_u64() > Some(0), "no {kind} among {drawn}");
    }
    assert_eq!(json_lines(&output).len(), 1, "a summary and nothing else");
}

#[test]
fn a_perftree_program_is_run_in_parallel_and_its_failures_descended() {
    if !support::python_chess() {
        return;
    }
    let args = [
        "--protocol",
        "perftree",
        "--random",
        "12",
        "--seed",
        "1",
        "--depth",
        "2",
        "--jobs",
        "2",
    ];
    let output = check_program("king-slides-away", &args);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(summary(&output)["checked"], 12);
    let failures = lines_of(&output, "failure");
    assert!(!failures.is_empty());
    let groups = lines_of(&output, "group");
    let command = groups[0]["command"].as_str().unwrap();
    assert!(command.contains("--protocol perftree"), "{command}");
}

/// The floors the draw of 1000 random games must reach, kind by kind: the draw is steered
/// towards them, and a generator is only checked on what the positions contain.
#[test]
fn a_thousand_random_positions_against_a_backend_agree_and_cover_every_kind() {
    let output = boardlab(&[
        "check",
        "--against",
        "mailbox",
        "--random",
        "1000",
        "--seed",
        "1",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let summary = summary(&output);
    assert_eq!(summary["checked"], 1000);
    assert_eq!(summary["reference"], "magic");
    let drawn = &summary["drawn"];
    assert_eq!(drawn["positions"], 1000);
    let floors = [
        ("castling", 80),
        ("en_passant", 200),
        ("en_passant_refused", 2),
        ("promotion", 25),
        ("check", 150),
        ("pin", 120),
    ];
    for (kind, floor) in floors {
        let count = drawn[kind].as_u64().unwrap_or(0);
        assert!(count >= floor, "{kind}: {count} below {floor}");
    }
}

#[test]
fn a_backend_is_checked_against_a_backend_of_another_generator() {
    let output = boardlab(&[
        "check",
        "--against",
        "magic",
        "--random",
        "5",
        "--depth",
        "2",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(summary(&output)["reference"], "x88");
}

#[test]
fn the_built_in_suite_runs_with_its_published_counts() {
    let output = boardlab(&["check", "--against", "x88", "--depth", "2", "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let summary = summary(&output);
    let positions = summary["positions"].as_u64().unwrap();
    assert!(positions > 150, "{summary}");
    assert_eq!(summary["checked"].as_u64(), Some(positions));
    assert!(summary["drawn"].is_null());
    assert_eq!(summary["shallower"].as_u64(), Some(0), "{summary}");
}

/// A node budget that cuts the counts short is said, in the summary and in the text: the
/// start position's 8 902 nodes at depth 3, among others, are over a budget of 1 000, so those
/// positions are compared to depth 2 only.
#[test]
fn positions_the_node_budget_cut_short_are_counted() {
    let args = [
        "check",
        "--against",
        "x88",
        "--depth",
        "3",
        "--max-nodes",
        "1000",
    ];
    let output = boardlab(&[&args[..], &["--json"]].concat());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let summary = summary(&output);
    let shallower = summary["shallower"].as_u64().expect("a count");
    let checked = summary["checked"].as_u64().expect("a count");
    assert!(shallower > 0 && shallower < checked, "{summary}");
    let text = boardlab(&args);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains(&format!(
            "{shallower} positions compared short of depth 3: a deeper count was over --max-nodes"
        )),
        "{text}"
    );
}

#[test]
fn a_time_limit_stops_the_check_and_says_how_far_it_got() {
    let output = boardlab(&[
        "check",
        "--against",
        "x88",
        "--random",
        "1000000",
        "--depth",
        "1",
        "--time",
        "1",
        "--json",
    ]);
    // Drawing a million games takes longer than the second: the check stops before the end.
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let summary = summary(&output);
    assert_eq!(summary["stopped"], true, "{summary}");
    // Both counts must be there: `None < Some(_)` would pass with no count at all.
    let checked = summary["checked"].as_u64().expect("a checked count");
    let positions = summary["positions"].as_u64().expect("a positions count");
    assert!(checked < positions, "{summary}");
}

#[test]
fn the_html_page_draws_each_failure_and_fetches_nothing() {
    if !support::python_chess() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("boardlab-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("check.html");
    let args = [
        "--random",
        "30",
        "--depth",
        "2",
        "--html",
        "--out",
        page.to_str().unwrap(),
    ];
    let output = check_program("king-slides-away", &args);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let failures = lines_of(&output, "failure").len();
    let html = std::fs::read_to_string(&page).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_eq!(
        html.matches("<svg").count(),
        failures,
        "one drawing per failure"
    );
    assert!(!html.contains("<script"));
    assert!(!html.contains("src="));
}

#[test]
fn every_error_is_one_line_and_status_2() {
    assert_bad_input(
        &["check", "--against", "no-such-program"],
        "no-such-program",
    );
    assert_bad_input(
        &["check", "--against", "x88", "--suite", "/no/such/suite.epd"],
        "/no/such/suite.epd",
    );
    assert_bad_input(&["check", "--against", "x88", "--seed", "3"], "--random");
    assert_bad_input(&["check", "--against", "x88", "--html"], "--out");
    assert_bad_input(&["check", "--against", "x88", "--random", "0"], "--random");
    assert_bad_input(&["check", "--against", "x88", "--jobs", "0"], "--jobs");
    let bad_suite =
        std::env::temp_dir().join(format!("boardlab-check-bad-{}.epd", std::process::id()));
    std::fs::write(&bad_suite, "not a fen ;D1 20\n").unwrap();
    assert_bad_input(
        &[
            "check",
            "--against",
            "x88",
            "--suite",
            bad_suite.to_str().unwrap(),
        ],
        "line 1",
    );
    std::fs::remove_file(&bad_suite).unwrap();
}

#[test]
fn a_broken_program_is_one_line_and_status_2() {
    if !support::python_chess() {
        return;
    }
    let program = support_file("planted_bugs.py");
    let args = [
        "check",
        "--against",
        program.to_str().unwrap(),
        "--protocol",
        "perftree",
        "--random",
        "2",
        "--depth",
        "2",
    ];
    let output = boardlab_with(&args, |command| {
        command.env("BROKEN", "sum");
    });
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("add up to"), "{err}");
    assert!(output.stdout.is_empty());
}

#[test]
fn the_library_entry_finds_the_planted_bug_of_a_rust_board() {
    let options = CheckOptions {
        depth: 3,
        ..CheckOptions::default()
    };
    let report = check::<board::EnPassantBugBoard>(&options).unwrap();
    assert_eq!(report.checked, report.positions);
    assert!(!report.failures.is_empty());
    assert!(report
        .failures
        .iter()
        .all(|failure| failure.tags.contains(&Tag::EnPassantPin)));
    assert!(
        report.reproduce.is_none(),
        "a Rust board has no command line"
    );
    let good = check::<X88Board>(&options).unwrap();
    assert!(good.failures.is_empty());
    assert_eq!(good.checked, good.positions);
}

#[test]
fn the_library_entry_refuses_chess960_for_a_board_without_it() {
    let options = CheckOptions {
        random: Some(RandomGames {
            count: 3,
            seed: 1,
            chess960: true,
        }),
        ..CheckOptions::default()
    };
    match check::<board::EnPassantBugBoard>(&options) {
        Err(Error::Usage(why)) => assert!(why.contains("Chess960"), "{why}"),
        other => panic!("expected a refusal, got {:?}", other.map(|r| r.checked)),
    }
    let report = check::<X88Board>(&options).unwrap();
    assert_eq!(report.checked, 3);
}
