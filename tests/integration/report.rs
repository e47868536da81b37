//! `boardlab report` on a real criterion directory, trimmed to the two files per benchmark it
//! reads (tests/data/criterion-sample, saved by a short run of the perft and movegen benches),
//! its failures on missing and corrupt directories, and `boardlab compare --html`.

use crate::support;

use boardlab_backends::Backend;
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

const PEERS: [&str; 3] = ["cozy-chess", "shakmaty", "chess"];

/// `boardlab` without `CRITERION_HOME`, which would change where `report` reads.
fn boardlab(args: &[&str]) -> Output {
    support::boardlab_with(args, |command| {
        command.env_remove("CRITERION_HOME");
    })
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/criterion-sample")
}

/// A fresh, empty directory for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardlab-report-{}-{test}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("create a scratch directory");
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Every `benchmark.json` under `dir`, read here without the report's code.
fn benchmark_files(dir: &Path, found: &mut Vec<serde_json::Value>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            benchmark_files(&path, found);
        } else if path.file_name().is_some_and(|n| n == "benchmark.json") {
            let text = fs::read_to_string(&path).unwrap();
            found.push(serde_json::from_str(&text).unwrap());
        }
    }
}

fn sample_benchmarks() -> Vec<serde_json::Value> {
    let mut found = Vec::new();
    benchmark_files(&sample(), &mut found);
    found
}

/// The text of every `<text>` element of an SVG, trimmed.
fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("</text>")
        .filter_map(|piece| {
            piece
                .rfind('>')
                .map(|start| piece[start + 1..].trim().to_string())
        })
        .collect()
}

/// Asserts a run failed with status 2, one stderr line containing `expected`, nothing on stdout.
fn assert_fails_cleanly(output: &Output, expected: &str) {
    let err = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains(expected), "{err:?} lacks {expected:?}");
    assert!(output.stdout.is_empty(), "{}", text(&output.stdout));
}

#[test]
fn the_sample_holds_every_backend_and_peer() {
    // The page test below is only as strong as the sample: it must hold every function.
    let functions: BTreeSet<String> = sample_benchmarks()
        .iter()
        .map(|b| b["function_id"].as_str().unwrap().to_string())
        .collect();
    for backend in Backend::ALL {
        assert!(
            functions.contains(backend.name()),
            "{backend} not in the sample"
        );
    }
    for peer in PEERS {
        assert!(functions.contains(peer), "{peer} not in the sample");
    }
}

#[test]
fn the_page_shows_every_group_and_function_of_the_sample() {
    let dir = scratch("page");
    let page_path = dir.join("index.html");
    let output = boardlab(&[
        "report",
        "--criterion",
        sample().to_str().unwrap(),
        "--out",
        page_path.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let benchmarks = sample_benchmarks();
    let groups: BTreeSet<&str> = benchmarks
        .iter()
        .map(|b| b["group_id"].as_str().unwrap())
        .collect();
    assert!(benchmarks.len() >= 20, "{} benchmarks", benchmarks.len());
    assert_eq!(
        text(&output.stdout).trim(),
        format!(
            "wrote {} ({} results in {} groups)",
            page_path.display(),
            benchmarks.len(),
            groups.len()
        )
    );
    let page = fs::read_to_string(&page_path).expect("the page is written");
    for group in &groups {
        assert!(
            page.contains(&format!("id=\"{group}\"")),
            "no section {group}"
        );
    }
    // One chart per group, every function named in its group's chart.
    assert_eq!(page.matches("<svg").count(), groups.len());
    for benchmark in &benchmarks {
        let group = benchmark["group_id"].as_str().unwrap();
        let function = benchmark["function_id"].as_str().unwrap();
        let section = &page[page.find(&format!("id=\"{group}\"")).unwrap()..];
        let chart = &section[..section.find("</svg>").unwrap()];
        assert!(
            svg_texts(chart).iter().any(|t| t == function),
            "{group}: no bar labelled {function}"
        );
    }
    // Self-contained: no script, nothing fetched.
    assert!(!page.contains("<script"));
    assert!(!page.contains("<link"));
    assert!(!page.contains("url("));
    assert!(!page.contains("src="));
    // The ratios against both peers, the sizes of every backend, the machine and the compiler.
    assert!(page.contains("<h3>Against cozy-chess</h3>"));
    assert!(page.contains("<h3>Against shakmaty</h3>"));
    for backend in Backend::ALL {
        assert!(
            page.contains(&format!("<tr><td>{backend}</td><td class=\"num\">")),
            "no size row for {backend}"
        );
    }
    assert!(page.contains("rustc "), "no compiler");
    assert!(page.contains("results saved"), "no date");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn markdown_has_a_row_per_position_and_a_column_per_function() {
    let output = boardlab(&[
        "report",
        "--criterion",
        sample().to_str().unwrap(),
        "--markdown",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let markdown = text(&output.stdout);
    let benchmarks = sample_benchmarks();
    for benchmark in &benchmarks {
        let group = benchmark["group_id"].as_str().unwrap();
        // A group id without a slash is a mode of its own, with one row named after it.
        let (mode, position) = group.split_once('/').unwrap_or((group, group));
        assert!(
            markdown.contains(&format!("**{mode}**")),
            "no table for {mode}"
        );
        assert!(
            markdown.contains(&format!("\n| {position} | ")),
            "no row for {group}"
        );
    }
    let header = markdown
        .lines()
        .find(|l| l.starts_with("| position |"))
        .expect("a rate table");
    for backend in Backend::ALL {
        assert!(header.contains(&format!(" {backend} |")), "{header}");
    }
    for anchor in ["setting", "ratios", "rates"] {
        assert!(markdown.contains(&format!("<!-- ANCHOR: {anchor} -->")));
        assert!(markdown.contains(&format!("<!-- ANCHOR_END: {anchor} -->")));
    }
    // Sizes are the code's, not a run's: the book takes them from the generated table.
    assert!(
        !markdown.contains("ANCHOR: sizes"),
        "sizes in the measured Markdown"
    );
    assert!(
        !markdown.contains("table bytes"),
        "sizes in the measured Markdown"
    );
    assert!(markdown.contains("Against cozy-chess:"), "no ratio table");
    assert!(markdown.contains("\n| magic | "), "no ratio row for magic");
}

#[test]
fn json_lines_give_every_benchmark() {
    let dir = scratch("json");
    let output = boardlab(&[
        "report",
        "--criterion",
        sample().to_str().unwrap(),
        "--out",
        dir.join("page.html").to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let lines: Vec<serde_json::Value> = text(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let benchmarks = sample_benchmarks();
    assert_eq!(lines.len(), benchmarks.len());
    for line in &lines {
        // The benchmark's own files, as criterion wrote them: its throughput in
        // benchmark.json, its time in estimates.json (nanoseconds; the slope of a linear
        // sampling, the mean of a flat one, which has no slope).
        let benchmark = benchmarks
            .iter()
            .find(|b| b["group_id"] == line["group"] && b["function_id"] == line["function"])
            .unwrap_or_else(|| panic!("no benchmark.json for {line}"));
        let directory = sample().join(benchmark["directory_name"].as_str().unwrap());
        let estimates: serde_json::Value = serde_json::from_str(
            &fs::read_to_string(directory.join("new/estimates.json")).unwrap(),
        )
        .unwrap();
        let headline = if estimates["slope"].is_null() {
            &estimates["mean"]
        } else {
            &estimates["slope"]
        };
        let nanoseconds = headline["point_estimate"].as_f64().unwrap();
        let seconds = line["seconds"].as_f64().unwrap();
        assert!(
            (seconds - nanoseconds * 1e-9).abs() <= 1e-12 * seconds,
            "{line} against {nanoseconds} ns"
        );
        let elements = benchmark["throughput"]["Elements"].as_f64().unwrap();
        assert_eq!(line["elements"].as_f64(), Some(elements), "{line}");
        let mps = line["mps"].as_f64().unwrap();
        assert!(
            (mps - elements / (nanoseconds * 1e-9) / 1e6).abs() <= 1e-9 * mps,
            "{line}"
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_directory_is_one_line_and_status_2() {
    let dir = scratch("missing");
    let missing = dir.join("no-such-dir");
    let output = boardlab(&["report", "--criterion", missing.to_str().unwrap()]);
    assert_fails_cleanly(&output, "no-such-dir");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_without_results_is_one_line_and_status_2() {
    let dir = scratch("empty");
    let output = boardlab(&["report", "--criterion", dir.to_str().unwrap()]);
    assert_fails_cleanly(&output, "no criterion results");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_corrupt_result_is_one_line_naming_the_file() {
    let dir = scratch("corrupt");
    copy_tree(&sample(), &dir);
    let mut found = Vec::new();
    find_named(&dir, "estimates.json", &mut found);
    let victim = found.first().expect("the sample has estimates").clone();
    fs::write(&victim, "{\"mean\": {\"point_estimate\": ").unwrap();
    let output = boardlab(&["report", "--criterion", dir.to_str().unwrap()]);
    assert_fails_cleanly(&output, victim.to_str().unwrap());

    // Well-formed JSON that is not criterion's fails the same way.
    fs::write(&victim, "[1, 2, 3]").unwrap();
    let output = boardlab(&["report", "--criterion", dir.to_str().unwrap()]);
    assert_fails_cleanly(&output, "not a criterion result file");
    let _ = fs::remove_dir_all(&dir);
}

fn find_named(dir: &Path, name: &str, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            find_named(&path, name, found);
        } else if path.file_name().is_some_and(|n| n == name) {
            found.push(path);
        }
    }
}

#[test]
fn a_group_missing_a_backend_is_noted_on_the_page() {
    let dir = scratch("partial");
    copy_tree(&sample(), &dir);
    let mut found = Vec::new();
    find_named(&dir, "benchmark.json", &mut found);
    let mailbox = found
        .iter()
        .find(|p| p.to_string_lossy().contains("/mailbox/"))
        .expect("the sample has mailbox results");
    let group = {
        let text = fs::read_to_string(mailbox).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        value["group_id"].as_str().unwrap().to_string()
    };
    fs::remove_dir_all(mailbox.parent().unwrap().parent().unwrap()).unwrap();
    let page_path = dir.join("page.html");
    let output = boardlab(&[
        "report",
        "--criterion",
        dir.to_str().unwrap(),
        "--out",
        page_path.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let page = fs::read_to_string(&page_path).unwrap();
    let note = format!("{group} has no results for mailbox.");
    assert!(page.contains(&note), "no note {note:?}");
    assert!(text(&output.stderr).contains(&note));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn compare_writes_a_page_of_its_own_run() {
    let dir = scratch("compare");
    let page_path = dir.join("compare.html");
    let output = boardlab(&[
        "compare",
        "--max-nodes",
        "3000",
        "--html",
        "--out",
        page_path.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    // The table on stdout is unchanged by the page.
    assert!(text(&output.stdout).starts_with("positions: "));
    let page = fs::read_to_string(&page_path).expect("the page is written");
    // Six standard positions, two modes: twelve groups, each a chart with every backend.
    assert_eq!(page.matches("<svg").count(), 12);
    let texts = svg_texts(&page);
    for backend in Backend::ALL {
        let bars = texts.iter().filter(|t| *t == backend.name()).count();
        assert_eq!(bars, 12, "{backend}");
    }
    assert!(page.contains("id=\"perft-bulk/kiwipete-d2\""));
    assert!(!page.contains("<script"));
    let _ = fs::remove_dir_all(&dir);
}
