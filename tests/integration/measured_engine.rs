//! The book's measured engine tables (`docs/src/measured/engine-*.txt`, written by
//! `docs/measure.sh engine`) rerun: each file's command runs again on the default backend, and
//! what the table says the workload did (its nodes, its quiescence share, and what it found:
//! the best moves, scores and node counts of each position, or the sum a pass adds up) must be
//! what the code does now. Timings are left alone; they are the machine's, not the code's.
//!
//! A change to the search, the evaluation or a workload's positions therefore fails here until
//! `docs/measure.sh engine` has written the tables again.

use crate::support::{boardlab, stderr, stdout};
use std::path::Path;

/// One measured file: the command it ran, its table's rows and what its first backend found.
struct MeasuredTable {
    /// The arguments after `boardlab`, `--runs` left out (a rerun needs one run).
    args: Vec<String>,
    /// Each row's backend, nodes and quiescence share, as printed.
    rows: Vec<(String, String, String)>,
    /// The lines of the "found" section, as printed.
    found: Vec<String>,
}

/// Reads `docs/src/measured/NAME`.
fn measured_table(name: &str) -> MeasuredTable {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/src/measured")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    let command = text
        .lines()
        .find_map(|line| line.strip_prefix("$ boardlab "))
        .unwrap_or_else(|| panic!("{name}: no `$ boardlab` command line"));
    let command = command.split('#').next().unwrap();
    let mut args = Vec::new();
    let mut words = command.split_whitespace();
    while let Some(word) = words.next() {
        if word == "--runs" {
            words.next();
        } else {
            args.push(word.to_string());
        }
    }
    let (rows, found) = table_and_found(&text);
    assert!(!rows.is_empty(), "{name}: a table with no rows");
    assert!(!found.is_empty(), "{name}: no \"found\" section");
    MeasuredTable { args, rows, found }
}

/// The table's rows (backend, nodes, quiescence) and the first "found" section's lines of a
/// compare's output.
fn table_and_found(text: &str) -> (Vec<(String, String, String)>, Vec<String>) {
    let mut rows = Vec::new();
    let mut found = Vec::new();
    let mut lines = text
        .lines()
        .skip_while(|line| !line.starts_with("backend "));
    lines.next();
    for line in lines.by_ref() {
        if line.ends_with(" found:") || line.contains(" found: ") {
            found.push(line.split_once(" found:").unwrap().1.trim().to_string());
            break;
        }
        let columns: Vec<&str> = line.split_whitespace().collect();
        if columns.len() >= 5 {
            rows.push((
                columns[0].to_string(),
                columns[1].to_string(),
                columns[4].to_string(),
            ));
        }
    }
    found.extend(
        lines
            .take_while(|line| line.starts_with("  "))
            .map(|line| line.trim().to_string()),
    );
    found.retain(|line| !line.is_empty());
    (rows, found)
}

/// Reruns `name`'s command on the default backend and compares what it did with the table.
fn rerun(name: &str) {
    let table = measured_table(name);
    let mut args: Vec<&str> = table.args.iter().map(String::as_str).collect();
    let default = boardlab_backends::Backend::DEFAULT.name();
    args.extend(["--backend", default]);
    let output = boardlab(&args);
    assert!(output.status.success(), "{name}: {}", stderr(&output));
    let (rows, found) = table_and_found(&stdout(&output));
    assert_eq!(rows.len(), 1, "{name}: the rerun's table: {rows:?}");
    let (backend, nodes, quiescence) = &rows[0];
    assert_eq!(backend, default, "{name}: the backend that answered");
    for (row_backend, row_nodes, row_quiescence) in &table.rows {
        assert_eq!(
            (row_nodes, row_quiescence),
            (nodes, quiescence),
            "{name}: {row_backend}'s nodes and quiescence share against the code's now \
             (run `sh docs/measure.sh engine` after changing the engine)"
        );
    }
    assert_eq!(
        table.found, found,
        "{name}: what the workload found against the code's now \
         (run `sh docs/measure.sh engine` after changing the engine)"
    );
}

#[test]
fn the_search_tables_are_what_the_search_does() {
    rerun("engine-search.txt");
    rerun("engine-search-pst.txt");
}

#[test]
fn the_evaluation_exchange_and_attack_tables_are_what_the_workloads_do() {
    rerun("engine-eval.txt");
    rerun("engine-see.txt");
    rerun("engine-attacks.txt");
}

#[test]
fn a_table_is_read_whole() {
    let table = measured_table("engine-search.txt");
    assert!(table.args.contains(&"--workload".to_string()));
    assert!(!table.args.contains(&"--runs".to_string()));
    // Every backend the file was measured on is a row, and each Bratko-Kopec position a line.
    assert!(table.rows.len() >= 12, "{:?}", table.rows);
    assert_eq!(table.found.len(), 24, "{:?}", table.found);
}
