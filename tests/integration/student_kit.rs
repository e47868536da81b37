//! The students' copy (`cargo run -p boardlab-labs --bin student-kit -- OUT`): what it holds
//! and leaves out, its refusal of a non-empty directory, its labs failing as stubs, and the same
//! labs passing once the reference solutions are in place.
//!
//! The copy is built and tested offline (`cargo --offline`, with the repository's Cargo.lock),
//! the labs crate only, in one fixed directory under the target folder, so that a second run
//! compiles little.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Where the copies and their builds live: `target/student-kit`.
fn work_dir() -> PathBuf {
    root().join("target/student-kit")
}

/// Runs cargo with `args` in `dir`, building into `target/student-kit/target`.
fn cargo(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO"))
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", work_dir().join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs")
}

/// Runs the kit with `args`.
fn student_kit(args: &[&str]) -> Output {
    let mut all = vec![
        "run",
        "--offline",
        "--quiet",
        "-p",
        "boardlab-labs",
        "--bin",
        "student-kit",
        "--",
    ];
    all.extend_from_slice(args);
    cargo(&root(), &all)
}

/// A fresh, absent directory under the work folder.
fn fresh(name: &str) -> PathBuf {
    let dir = work_dir().join(name);
    if dir.exists() {
        fs::remove_dir_all(&dir).expect("an old copy removed");
    }
    fs::create_dir_all(work_dir()).expect("the work folder");
    dir
}

/// Every file under `dir`, relative to it.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(next) = pending.pop() {
        for entry in fs::read_dir(&next).expect("a folder of the copy") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                pending.push(path);
            } else {
                found.push(path.strip_prefix(dir).expect("inside").to_path_buf());
            }
        }
    }
    found.sort();
    found
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The names of the lab tests that ran, each with whether it passed, from libtest's output.
fn test_results(output: &str) -> Vec<(String, bool)> {
    output
        .lines()
        .filter_map(|line| line.strip_prefix("test "))
        .filter_map(|rest| {
            let (name, verdict) = rest.rsplit_once(" ... ")?;
            match verdict {
                "ok" => Some((name.to_string(), true)),
                "FAILED" => Some((name.to_string(), false)),
                _ => None,
            }
        })
        .collect()
}

#[test]
fn student_kit_writes_a_clean_copy_whose_stubs_fail_and_whose_solutions_pass() {
    let copy = fresh("copy");
    let made = student_kit(&[copy.to_str().expect("a path")]);
    assert!(made.status.success(), "{}", text(&made));

    // What the copy holds and leaves out.
    let all = files(&copy);
    let names: Vec<String> = all.iter().map(|p| p.display().to_string()).collect();
    for needed in [
        "Cargo.toml",
        "Cargo.lock",
        "README.md",
        "crates/labs/Cargo.toml",
        "crates/labs/src/lib.rs",
        "crates/labs/src/search.rs",
        "crates/labs/tests/capstone.rs",
        "crates/core/src/lib.rs",
        "docs/book.toml",
        "docs/src/SUMMARY.md",
        "docs/src/course.md",
    ] {
        assert!(names.iter().any(|n| n == needed), "the copy lacks {needed}");
    }
    for name in &names {
        assert!(!name.contains("solutions"), "the copy holds {name}");
        assert!(!name.contains("instructors"), "the copy holds {name}");
        assert!(
            !name.starts_with("tests/") && !name.starts_with(".ci/"),
            "{name}"
        );
        assert!(
            !name.ends_with("student-kit.rs"),
            "the copy holds the kit itself"
        );
    }
    let mut read = 0;
    for name in &names {
        let Ok(content) = fs::read_to_string(copy.join(name)) else {
            continue;
        };
        read += 1;
        assert!(
            !content.contains("feature = \"solutions\"")
                && !content.contains("features = [\"solutions\"]"),
            "{name} switches on the solutions"
        );
        if name.starts_with("crates/labs") {
            assert!(
                !content.contains("solution"),
                "{name} speaks of the solutions"
            );
        }
        if name.starts_with("docs/") {
            assert!(
                !content.contains("instructors.md"),
                "{name} links the instructors' guide"
            );
        }
    }
    assert!(read > 300, "only {read} text files read back");
    let summary = fs::read_to_string(copy.join("docs/src/SUMMARY.md")).expect("SUMMARY.md");
    assert!(!summary.to_lowercase().contains("instructor"), "{summary}");
    let readme = fs::read_to_string(copy.join("README.md")).expect("README.md");
    assert!(readme.contains("cargo test -p boardlab-labs\n"), "{readme}");
    let manifest = fs::read_to_string(copy.join("Cargo.toml")).expect("Cargo.toml");
    assert!(!manifest.contains("boardlab-labs"), "{manifest}");
    assert!(!manifest.contains("[[bench]]"), "{manifest}");
    assert!(!manifest.contains("package.shakmaty]"), "{manifest}");

    // A second run into the same, now full, directory is refused in one line and writes
    // nothing.
    let before = files(&copy);
    let refused = student_kit(&[copy.to_str().expect("a path")]);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused));
    assert_eq!(String::from_utf8_lossy(&refused.stderr).lines().count(), 1);
    assert_eq!(files(&copy), before);

    // The stubs fail: every lab's test runs and the exercises' own tests fail, while the
    // tests that show a check rejecting wrong answers pass.
    let stubs = cargo(
        &copy,
        &["test", "--offline", "-p", "boardlab-labs", "--no-fail-fast"],
    );
    let stub_text = text(&stubs);
    assert!(!stubs.status.success(), "the stubs passed:\n{stub_text}");
    let results = test_results(&stub_text);
    let failed: Vec<&String> = results
        .iter()
        .filter(|(_, ok)| !ok)
        .map(|(n, _)| n)
        .collect();
    for lab in [
        "piece_list_capture",
        "mailbox_slide",
        "x88_knight",
        "x88_slider",
        "x88_step",
        "rotated_bit",
        "rotated_state",
        "magic_index",
        "magic_search",
        "hyperbola",
        "move_pack",
        "move_unpack",
        "pins",
        "zobrist_update",
        "perft",
        "negamax",
        "alpha_beta",
        "quiescence",
        "staged_picker",
        "capstone",
    ] {
        assert!(
            failed.iter().any(|name| name.contains(lab)),
            "no test of {lab} failed with the stubs:\n{stub_text}"
        );
    }
    for (name, ok) in &results {
        // The checks and the references they lean on need no student code; the conformance
        // kit's walks "agree with the reference" only once the capstone board exists.
        if name.contains("check_rejects") || name.contains("reference_is") {
            assert!(ok, "{name} failed with the stubs:\n{stub_text}");
        }
    }
    let checks = results
        .iter()
        .filter(|(name, _)| name.contains("check_rejects") || name.contains("reference_is"))
        .count();
    assert!(
        checks >= 10,
        "only {checks} checks ran with the stubs:\n{stub_text}"
    );
    assert!(stub_text.contains("not yet implemented"), "{stub_text}");
    // The copy's manifest names no package the copy lacks: cargo prints no profile-spec warning.
    assert!(
        !stub_text.contains("warning: profile package spec"),
        "{stub_text}"
    );

    // The reference solutions copied in: the kit's solved copy's sources replace the stubs'.
    let solved = fresh("solved");
    let made = student_kit(&["--solved", solved.to_str().expect("a path")]);
    assert!(made.status.success(), "{}", text(&made));
    fs::remove_dir_all(copy.join("crates/labs/src")).expect("the stubs removed");
    copy_dir(
        &solved.join("crates/labs/src"),
        &copy.join("crates/labs/src"),
    );
    let passing = cargo(&copy, &["test", "--offline", "-p", "boardlab-labs"]);
    let passing_text = text(&passing);
    assert!(
        passing.status.success(),
        "the solutions failed:\n{passing_text}"
    );
    let results = test_results(&passing_text);
    assert!(
        results.len() >= 60,
        "only {} tests ran:\n{passing_text}",
        results.len()
    );
    assert!(results.iter().all(|(_, ok)| *ok));
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("a folder");
    for entry in fs::read_dir(from).expect("a folder") {
        let path = entry.expect("an entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            fs::copy(&path, &target).expect("a copy");
        }
    }
}
