//! `boardlab eval`, `see`, `search --eval` and `compare --workload` as a user runs them: the JSON
//! shapes, every backend giving the same answers, values worked out by hand, and bad input.

use crate::support;

use boardlab_backends::Backend;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use support::{assert_bad_input, boardlab, json_lines, stderr, stdout};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// A bishop on c4 and a pawn on e4 both able to take the pawn on d5, which a knight on f6
/// defends. Pawn takes (+100), knight retakes (-100), bishop takes the knight (+300): +100.
/// Bishop takes (+100), knight retakes (-300), pawn takes the knight (+300): +100 as well.
const TWO_TAKERS: &str = "4k3/8/5n2/3p4/2B1P3/8/8/4K3 w - - 0 1";

/// The same without the pawn on e4: the bishop takes a pawn and is lost to the knight, -200.
const BISHOP_LOST: &str = "4k3/8/5n2/3p4/2B5/8/8/4K3 w - - 0 1";

/// An en-passant capture that nothing can answer: +100.
const EN_PASSANT: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";

/// The backends `--backend all` runs on this processor, by name.
fn runnable() -> BTreeSet<String> {
    Backend::ALL
        .iter()
        .filter(|backend| backend.available().is_ok())
        .map(|backend| backend.name().to_string())
        .collect()
}

/// The JSON lines of a run that must succeed.
fn succeeding(args: &[&str]) -> Vec<Value> {
    let output = boardlab(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        stderr(&output)
    );
    json_lines(&output)
}

/// Asserts that the lines come one per runnable backend, and returns them without their
/// `backend` field, so that what remains can be compared.
fn one_per_backend(lines: &[Value]) -> Vec<Value> {
    let backends: Vec<String> = lines
        .iter()
        .map(|line| line["backend"].as_str().expect("a backend").to_string())
        .collect();
    let distinct: BTreeSet<String> = backends.iter().cloned().collect();
    assert_eq!(
        distinct.len(),
        backends.len(),
        "one line each: {backends:?}"
    );
    assert_eq!(distinct, runnable());
    lines
        .iter()
        .map(|line| {
            let mut line = line.clone();
            line.as_object_mut().unwrap().remove("backend");
            line
        })
        .collect()
}

#[test]
fn eval_json_gives_every_term_and_every_backend_agrees() {
    let lines = succeeding(&["eval", "--backend", "all", "--fen", KIWIPETE, "--json"]);
    let answers = one_per_backend(&lines);
    let first = &answers[0];
    for key in [
        "score",
        "tables",
        "mobility",
        "attacked",
        "king_zone_attacks",
        "pawns",
    ] {
        assert!(!first[key].is_null(), "{key} missing: {first}");
    }
    assert_eq!(first["terms"], "full");
    assert_eq!(first["mobility"].as_array().unwrap().len(), 2);
    assert_eq!(first["attacked"].as_array().unwrap().len(), 2);
    assert!(first["pawns"][1]["doubled"].is_u64(), "{first}");
    for answer in &answers {
        assert_eq!(answer, first);
    }
}

#[test]
fn eval_of_the_start_position_is_symmetric() {
    // Each side's two knights reach two squares each; pawns and pieces attack 22 squares.
    let lines = succeeding(&["eval", "--backend", "mailbox", "--json"]);
    assert_eq!(lines.len(), 1);
    let line = &lines[0];
    assert_eq!(line["backend"], "mailbox");
    assert_eq!(line["mobility"], json!([4, 4]));
    assert_eq!(line["attacked"], json!([22, 22]));
    assert_eq!(line["score"], 0);
}

#[test]
fn eval_pst_scores_the_tables_alone() {
    let full = &succeeding(&["eval", "--fen", KIWIPETE, "--json"])[0];
    let pst = &succeeding(&["eval", "--fen", KIWIPETE, "--eval", "pst", "--json"])[0];
    assert_eq!(pst["terms"], "pst");
    // White to move: the score is the tables' own, White's point of view.
    assert_eq!(pst["score"], pst["tables"]);
    assert_ne!(
        full["score"], pst["score"],
        "the full terms add something here"
    );
    assert_eq!(
        full["mobility"], pst["mobility"],
        "the counts are shown either way"
    );
}

#[test]
fn eval_text_is_a_block_per_backend_with_a_row_per_term() {
    let output = boardlab(&["eval", "--backend", "all", "--fen", KIWIPETE]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    for backend in runnable() {
        assert!(text.contains(&format!("{backend}: score ")), "{text}");
    }
    for term in [
        "tables",
        "mobility",
        "king zone attacks",
        "passed pawns",
        "total",
    ] {
        assert!(text.contains(term), "{term}: {text}");
    }
}

#[test]
fn see_values_worked_out_by_hand_on_every_backend() {
    for (fen, expected) in [
        (TWO_TAKERS, json!({ "c4d5": 100, "e4d5": 100 })),
        (BISHOP_LOST, json!({ "c4d5": -200 })),
        (EN_PASSANT, json!({ "e5d6": 100 })),
    ] {
        let lines = succeeding(&["see", "--backend", "all", "--fen", fen, "--json"]);
        for answer in one_per_backend(&lines) {
            assert_eq!(answer["see"], expected, "{fen}");
        }
    }
}

#[test]
fn see_agrees_across_backends_in_a_busy_position() {
    let lines = succeeding(&["see", "--backend", "all", "--fen", KIWIPETE, "--json"]);
    let answers = one_per_backend(&lines);
    let captures = answers[0]["see"].as_object().unwrap();
    // Kiwipete has eight captures for White; each is listed once, by its move.
    assert_eq!(captures.len(), 8, "{captures:?}");
    let mut keys: Vec<&String> = captures.keys().collect();
    let printed = keys.clone();
    keys.sort();
    assert_eq!(keys, printed, "sorted by move text");
    for answer in &answers {
        assert_eq!(answer, &answers[0]);
    }
}

#[test]
fn see_text_shows_each_exchange() {
    let output = boardlab(&["see", "--fen", TWO_TAKERS]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("2 captures"), "{text}");
    // The pawn takes, the knight retakes, the bishop takes the knight.
    let line = text.lines().find(|l| l.trim_start().starts_with("e4d5"));
    let line = line.unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.contains("+100") && line.ends_with("Pe4xp nf6xP Bc4xn"),
        "{line}"
    );
}

#[test]
fn a_position_without_a_capture_says_so() {
    let lines = succeeding(&["see", "--json"]);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["see"], json!({}));
    let output = boardlab(&["see", "--backend", "x88"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output).trim(), "x88: no capture in this position");
}

#[test]
fn search_with_the_full_evaluation_agrees_on_every_backend() {
    let lines = succeeding(&[
        "search",
        "--backend",
        "all",
        "--fen",
        KIWIPETE,
        "--depth",
        "3",
        "--eval",
        "full",
        "--json",
    ]);
    let answers: Vec<Value> = one_per_backend(&lines)
        .into_iter()
        .map(|line| json!([line["bestmove"], line["score"], line["nodes"], line["eval"]]))
        .collect();
    assert_eq!(answers[0][3], "full");
    assert!(answers[0][2].as_u64().unwrap() > 0);
    for answer in &answers {
        assert_eq!(answer, &answers[0]);
    }
    let pst = &succeeding(&["search", "--fen", KIWIPETE, "--depth", "3", "--json"])[0];
    assert_eq!(pst["eval"], "pst", "the tables alone unless asked");
}

/// `compare --workload W --json` with a small budget: one line per backend, all counting the
/// same nodes, each with a rate.
fn workload_lines(workload: &str, budget: &str) -> Vec<Value> {
    let lines = succeeding(&[
        "compare",
        "--workload",
        workload,
        "--max-nodes",
        budget,
        "--json",
    ]);
    one_per_backend(&lines);
    for line in &lines {
        assert_eq!(line["workload"], workload, "{line}");
        assert_eq!(line["agree"], true, "{line}");
        assert_eq!(line["nodes"], lines[0]["nodes"], "{line}");
        assert_eq!(line["results"], lines[0]["results"], "{line}");
        assert!(line["nps"].as_f64().unwrap() > 0.0, "{line}");
        let rank = line["rank"].as_u64().unwrap();
        assert!((1..=lines.len() as u64).contains(&rank), "{line}");
        assert!(line["perft_rank"].as_u64().unwrap() >= 1, "{line}");
    }
    lines
}

#[test]
fn compare_engine_workloads_count_the_same_nodes_everywhere() {
    // Eval and attacks stop at the budget exactly; see stops on the capture that reaches it.
    let eval = workload_lines("eval", "3000");
    assert_eq!(eval[0]["nodes"], 3000);
    let attacks = workload_lines("attacks", "3000");
    assert_eq!(attacks[0]["nodes"], 3000);
    let see = workload_lines("see", "3000");
    assert!(see[0]["nodes"].as_u64().unwrap() >= 3000);
    // Search: a node budget shared by the 24 positions, each result listed.
    let search = workload_lines("search", "2400");
    assert_eq!(search[0]["nodes"], 2400);
    assert_eq!(search[0]["results"].as_object().unwrap().len(), 24);
}

/// `compare --workload trials --depth D --json`, within a budget the shallow trees stay under
/// (it also keeps the ranking perft short): one agreeing line per backend.
fn trials_lines(depth: &str) -> Vec<Value> {
    let lines = succeeding(&[
        "compare",
        "--workload",
        "trials",
        "--depth",
        depth,
        "--max-nodes",
        "600000",
        "--json",
    ]);
    one_per_backend(&lines);
    let percentage = |line: &Value, key: &str| {
        let share = line[key]
            .as_f64()
            .unwrap_or_else(|| panic!("{key}: {line}"));
        assert!(share > 0.0 && share < 100.0, "{key}: {line}");
        share
    };
    for line in &lines {
        assert_eq!(line["workload"], "trials", "{line}");
        assert_eq!(line["agree"], true, "{line}");
        assert_eq!(line["nodes"], lines[0]["nodes"], "{line}");
        assert_eq!(line["results"], lines[0]["results"], "{line}");
        assert_eq!(
            line["quiescence_nodes"], lines[0]["quiescence_nodes"],
            "{line}"
        );
        assert_eq!(
            line["stand_pat_nodes"], lines[0]["stand_pat_nodes"],
            "{line}"
        );
        assert!(line["nps"].as_f64().unwrap() > 0.0, "{line}");
        let quiescence = percentage(line, "quiescence_share");
        let stand_pat = percentage(line, "stand_pat_share");
        // Standing pat is something a quiescence node does.
        assert!(stand_pat <= quiescence, "{line}");
        // The middle game and the queen endings apart: two parts that add up to the whole,
        // each with a rate.
        let parts = line["parts"]
            .as_object()
            .unwrap_or_else(|| panic!("parts: {line}"));
        let names: Vec<&str> = parts.keys().map(String::as_str).collect();
        assert_eq!(names, ["middle game", "queen endings"], "{line}");
        let part_nodes: u64 = parts.values().map(|p| p["nodes"].as_u64().unwrap()).sum();
        assert_eq!(part_nodes, line["nodes"].as_u64().unwrap(), "{line}");
        for part in parts.values() {
            assert!(part["nodes"].as_u64().unwrap() > 0, "{line}");
            assert!(part["nps"].as_f64().unwrap() > 0.0, "{line}");
        }
    }
    // Each position searched to the depth asked, well within its share of the budget.
    let results = lines[0]["results"].as_object().unwrap();
    assert_eq!(results.len(), 6, "KiwiPete and five endings: {results:?}");
    assert!(
        results.contains_key(&format!("kiwipete d{depth}")),
        "{results:?}"
    );
    assert!(lines[0]["nodes"].as_u64().unwrap() < 600_000 / 2);
    lines
}

#[test]
fn compare_trials_searches_one_tree_on_every_backend() {
    let two = trials_lines("2");
    let three = trials_lines("3");
    // A planted change: one ply more is another, larger tree.
    let nodes = |lines: &[Value]| lines[0]["nodes"].as_u64().unwrap();
    assert!(
        nodes(&three) > nodes(&two),
        "{} then {}",
        nodes(&two),
        nodes(&three)
    );
    assert_ne!(two[0]["results"], three[0]["results"]);
    // The text table, in the trials' units, with the share that stands pat.
    let output = boardlab(&[
        "compare",
        "--workload",
        "trials",
        "--depth",
        "2",
        "--max-nodes",
        "20000",
        "--backend",
        "x88",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("Mnps") && text.contains("stand pat"),
        "{text}"
    );
    assert!(
        text.contains("middle game queen endings"),
        "the two parts' columns: {text}"
    );
    assert!(text.contains("each to depth 2"), "{text}");
    let row = text
        .lines()
        .find(|l| l.starts_with("x88 "))
        .expect("x88's row");
    assert_eq!(
        row.matches('%').count(),
        2,
        "quiescence and stand pat: {row}"
    );
    // backend, nodes, Mnps, seconds, two shares, two parts' rates, two ranks, spread, agreement.
    assert_eq!(row.split_whitespace().count(), 12, "{row}");
    assert!(text.contains("kiwipete d2: bestmove "), "{text}");
}

#[test]
fn compare_text_ranks_each_backend_beside_its_perft_rank() {
    let output = boardlab(&[
        "compare",
        "--workload",
        "see",
        "--max-nodes",
        "2000",
        "--backend",
        "x88",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("perft rank") && text.contains("knps"),
        "{text}"
    );
    assert!(text.lines().any(|l| l.starts_with("x88 ")), "{text}");
    assert!(text.contains("sum of SEE values"), "{text}");
}

#[test]
fn compare_runs_the_evaluation_asked_for_as_often_as_asked() {
    let run = |terms: &str| -> Value {
        let lines = succeeding(&[
            "compare",
            "--workload",
            "eval",
            "--eval",
            terms,
            "--runs",
            "3",
            "--max-nodes",
            "500",
            "--backend",
            "x88",
            "--json",
        ]);
        assert_eq!(lines.len(), 1, "{lines:?}");
        let line = lines[0].clone();
        assert_eq!(line["backend"], "x88", "{line}");
        assert_eq!(line["eval"], terms, "{line}");
        // Three runs of the same work: they agree, and they have a spread.
        assert_eq!(line["agree"], true, "{line}");
        assert!(
            line["spread"]
                .as_f64()
                .is_some_and(|s| (0.0..=1.0).contains(&s)),
            "{line}"
        );
        line
    };
    let (pst, full) = (run("pst"), run("full"));
    assert_eq!(pst["nodes"], full["nodes"]);
    assert_ne!(
        pst["results"], full["results"],
        "the full evaluation adds terms the tables do not"
    );
}

#[test]
fn compare_perft_lines_name_their_workload() {
    let lines = succeeding(&[
        "compare",
        "--max-nodes",
        "2000",
        "--backend",
        "mailbox",
        "--json",
    ]);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["workload"], "perft");
    assert!(lines[0]["bulk_mnps"].as_f64().unwrap() > 0.0);
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    assert_bad_input(&["eval", "--fen", "8/8/8 w - - 0 1"], "invalid FEN");
    assert_bad_input(&["see", "--fen", "8/8/8 w - - 0 1"], "invalid FEN");
    assert_bad_input(&["see", "--moves", "e2e5"], "illegal move \"e2e5\"");
    assert_bad_input(&["eval", "--eval", "nonsense"], "nonsense");
    assert_bad_input(
        &["search", "--depth", "1", "--eval", "nonsense"],
        "nonsense",
    );
    assert_bad_input(&["compare", "--workload", "nonsense"], "nonsense");
    assert_bad_input(
        &["compare", "--workload", "trials", "--depth", "0"],
        "invalid value '0' for '--depth <N>'",
    );
    assert_bad_input(
        &["compare", "--workload", "see", "--max-nodes", "0"],
        "invalid value '0' for '--max-nodes <N>'",
    );
}
