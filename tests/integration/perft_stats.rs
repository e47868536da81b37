//! `boardlab perft --stats` against the published tables of chessprogramming.org's "Perft
//! Results" page (tests/data/perft-results.txt): every column the page lists, for every backend
//! at the shallow depths and for the default backend at the depths that take seconds.

use crate::support;

use support::{assert_bad_input, boardlab, json_lines};

/// One published row: a position, a depth and the listed columns' figures.
struct Row {
    name: String,
    fen: String,
    depth: u32,
    figures: Vec<(String, u64)>,
}

fn published() -> Vec<Row> {
    let text = include_str!("../data/perft-results.txt");
    let mut rows = Vec::new();
    let (mut name, mut fen, mut columns) = (String::new(), String::new(), Vec::new());
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("position ") {
            let (n, f) = rest.split_once(' ').expect("position NAME FEN");
            (name, fen) = (n.to_string(), f.to_string());
        } else if let Some(rest) = line.strip_prefix("columns ") {
            columns = rest.split_whitespace().map(str::to_string).collect();
            assert_eq!(columns[0], "depth", "{line}");
        } else {
            let numbers: Vec<u64> = line
                .split_whitespace()
                .map(|n| n.parse().expect("a figure"))
                .collect();
            assert_eq!(numbers.len(), columns.len(), "{line}");
            rows.push(Row {
                name: name.clone(),
                fen: fen.clone(),
                depth: numbers[0] as u32,
                figures: columns[1..]
                    .iter()
                    .cloned()
                    .zip(numbers[1..].iter().copied())
                    .collect(),
            });
        }
    }
    rows
}

fn nodes(row: &Row) -> u64 {
    row.figures
        .iter()
        .find(|(column, _)| column == "nodes")
        .expect("every row lists nodes")
        .1
}

/// Runs `perft --stats --json` on `backend` and compares every listed column; returns the
/// backends whose lines were compared, in order.
fn compare(row: &Row, backend: &str) -> Vec<String> {
    let depth = row.depth.to_string();
    let output = boardlab(&[
        "perft",
        "--stats",
        "--json",
        "--backend",
        backend,
        "--fen",
        &row.fen,
        "--depth",
        &depth,
    ]);
    assert_eq!(output.status.code(), Some(0), "{} depth {depth}", row.name);
    let lines = json_lines(&output);
    for line in &lines {
        for (column, expected) in &row.figures {
            assert_eq!(
                line[column.as_str()].as_u64(),
                Some(*expected),
                "{} depth {depth}, {column}, {}",
                row.name,
                line["backend"]
            );
        }
    }
    support::backends_of(&lines)
}

#[test]
fn every_backend_gives_the_published_statistics_at_shallow_depths() {
    let mut compared = 0;
    for row in published().iter().filter(|row| nodes(row) <= 100_000) {
        // `all` skips pext on a processor without BMI2, with a note.
        let ran = compare(row, "all");
        assert_eq!(ran, support::runnable_backends(), "{}", row.name);
        compared += 1;
    }
    // Depths 0 to 3 of the start position, 1 to 3 of Kiwipete, 1 to 4 of position 3, 1 to 3
    // of positions 4, 5 and 6.
    assert_eq!(compared, 4 + 3 + 4 + 3 + 3 + 3);
}

#[test]
fn the_default_backend_gives_the_published_statistics_to_the_seconds_scale_depths() {
    let mut compared = Vec::new();
    for row in published()
        .iter()
        .filter(|row| (100_000..=20_000_000).contains(&nodes(row)))
    {
        assert_eq!(compare(row, "magic"), ["magic"], "{}", row.name);
        compared.push(format!("{} {}", row.name, row.depth));
    }
    assert_eq!(
        compared,
        [
            "startpos 4",
            "startpos 5",
            "kiwipete 4",
            "position3 5",
            "position3 6",
            "position4 4",
            "position4 5",
            "position5 4",
            "position6 4"
        ]
    );
}

#[test]
fn statistics_add_up_by_root_move_and_across_threads() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let run = |extra: &[&str]| {
        let mut args = vec![
            "perft", "--stats", "--json", "--fen", kiwipete, "--depth", "3",
        ];
        args.extend_from_slice(extra);
        let output = boardlab(&args);
        assert_eq!(output.status.code(), Some(0));
        json_lines(&output)
    };
    let divided = run(&["--divide", "--threads", "2"]);
    let (moves, total) = divided.split_at(divided.len() - 1);
    assert_eq!(moves.len(), 48);
    let whole = run(&[]);
    for column in ["nodes", "captures", "castles", "checks", "checkmates"] {
        let sum: u64 = moves
            .iter()
            .map(|line| line[column].as_u64().unwrap())
            .sum();
        assert_eq!(Some(sum), total[0][column].as_u64(), "{column}");
        assert_eq!(whole[0][column], total[0][column], "{column}");
    }
    assert_eq!(total[0]["castles"], 3162);
}

#[test]
fn chess960_castles_are_counted_by_the_chess960_rules() {
    // The first position of the Chess960 suite: each king, on the g-file, may castle with the
    // rook on the f-file (a-side) or on the h-file (Shredder-FEN HFhf).
    let output = boardlab(&[
        "perft",
        "--stats",
        "--json",
        "--fen",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
        "--depth",
        "3",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let total = &json_lines(&output)[0];
    assert_eq!(total["nodes"], 12189);
    // The same count as python-chess's, in Chess960 mode, of castling moves among the leaves.
    assert_eq!(total["castles"], 50, "{total}");
}

#[test]
fn stats_with_a_hash_table_is_refused_in_one_line() {
    assert_bad_input(
        &["perft", "--stats", "--hash", "16", "--depth", "2"],
        "--stats keeps no hash table",
    );
}
