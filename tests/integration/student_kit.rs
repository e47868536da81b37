//! The students' copy (`cargo run -p boardlab-labs --bin student-kit -- OUT`) and the grading
//! command (`cargo run -p boardlab-labs --bin grade -- STUDENT_COPY`).
//!
//! The default run checks what the kit writes, without building the copy: the files it holds
//! and leaves out, the copy's manifest, its book naming only files it holds, its refusal of a
//! non-empty directory. Building the copy is most of a cold `cargo test --workspace` again, so
//! the tests that do are `#[ignore]`d here and run by their own step of `.ci/run`
//! (`cargo test --test integration student_kit -- --ignored`): the copy's `boardlab` built and
//! run as the first hour runs it, its benches and examples compiled, its labs failing as stubs
//! and passing with the reference solutions, and the grading command failing copies that were
//! gamed.
//!
//! Every build is offline (`cargo --offline`, with the repository's Cargo.lock), into one
//! target folder under `target/student-kit`, in copies at fixed places there, so that the
//! registry's crates are built once for all of them and a second run compiles little.

use crate::support::{require, run_within};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Where the copies and their builds live: `target/student-kit`.
fn work_dir() -> PathBuf {
    root().join("target/student-kit")
}

/// How long one cargo run may take: a cold build of the whole copy on a loaded two-core
/// machine stays well inside it.
const CARGO_PATIENCE: Duration = Duration::from_secs(40 * 60);

/// Runs cargo with `args` in `dir`, building into `target/student-kit/target`.
fn cargo(dir: &Path, args: &[&str]) -> Output {
    // The copies share one target folder, and their crates sit at the same places, so cargo
    // names their artifacts alike and judges them fresh by the sources' times: the labs'
    // sources, which differ from copy to copy, are made newer than any artifact before each
    // run, and one copy's build and run is finished before another's starts.
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let labs = dir.join("crates/labs");
    if dir != root() && labs.is_dir() {
        let now = std::time::SystemTime::now();
        for path in files(&labs) {
            let file = fs::File::options()
                .append(true)
                .open(labs.join(&path))
                .expect("a source of the copy opens");
            file.set_modified(now).expect("its time is set");
        }
    }
    let mut command = Command::new(env!("CARGO"));
    command
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", work_dir().join("target"))
        .env_remove("RUSTFLAGS")
        .stdin(std::process::Stdio::null());
    run_within(command, CARGO_PATIENCE)
}

/// Runs one of the labs crate's commands (`student-kit`, `grade`) with `args`.
fn labs_command(command: &str, args: &[&str]) -> Output {
    let mut all = vec![
        "run",
        "--offline",
        "--quiet",
        "-p",
        "boardlab-labs",
        "--bin",
        command,
        "--",
    ];
    all.extend_from_slice(args);
    cargo(&root(), &all)
}

/// Writes a copy into `dir` (`--solved` among `flags` for the solved copy).
fn make_copy(dir: &Path, flags: &[&str]) {
    let mut args = flags.to_vec();
    args.push(dir.to_str().expect("a path"));
    let made = labs_command("student-kit", &args);
    assert!(made.status.success(), "{}", text(&made));
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

/// The lab a test is of: the lab whose name its function's name starts with (the longest,
/// so that no lab's name can stand in for another's, as `perft` would inside
/// `capstone_perftree_…` were names matched anywhere).
fn lab_of_test(test: &str) -> Option<&'static str> {
    let function = test.rsplit("::").next().unwrap_or(test);
    LABS.iter()
        .copied()
        .filter(|lab| function.starts_with(lab))
        .max_by_key(|lab| lab.len())
}

/// Whether a test shows one of the course's checks rejecting wrong answers (or its reference
/// passing), which must pass whatever the student wrote.
fn is_course_check(test: &str) -> bool {
    test.contains("check_rejects") || test.contains("reference_is")
}

/// How many such tests the labs' test sources define.
fn course_checks_in_sources() -> usize {
    let tests = root().join("crates/labs/tests");
    let mut sources: Vec<PathBuf> = vec![tests.join("capstone.rs")];
    for entry in fs::read_dir(tests.join("labs")).expect("the labs' tests are there") {
        sources.push(entry.expect("a file").path());
    }
    let count: usize = sources
        .iter()
        .map(|path| {
            fs::read_to_string(path)
                .expect("a test source")
                .lines()
                .filter_map(|line| line.trim_start().strip_prefix("fn "))
                .filter(|rest| is_course_check(rest.split('(').next().unwrap_or("")))
                .count()
        })
        .sum();
    assert!(count > 20, "only {count} course checks in the sources");
    count
}

/// The labs as the mark sheet names them.
const LABS: &[&str] = &[
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
    "deepening",
    "tt_bounds",
    "killers_history",
    "capstone",
];

#[test]
fn student_kit_writes_a_copy_that_holds_what_it_names_and_nothing_of_the_instructors() {
    let copy = fresh("listed");
    make_copy(&copy, &[]);

    let names: Vec<String> = files(&copy)
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    for needed in [
        "Cargo.toml",
        "Cargo.lock",
        "README.md",
        "crates/labs/Cargo.toml",
        "crates/labs/src/lib.rs",
        "crates/labs/src/search.rs",
        "crates/labs/src/scaffold/perft.rs",
        "crates/labs/src/scaffold/mailbox.rs",
        "crates/labs/tests/capstone.rs",
        "crates/core/src/lib.rs",
        // A source folder named `book` is a module, not the generated book.
        "crates/app/src/book/mod.rs",
        "src/main.rs",
        "benches/perft.rs",
        "benches/movegen.rs",
        "benches/sliders.rs",
        "benches/engine.rs",
        "benches/common/mod.rs",
        "examples/planted_bug/main.rs",
        "docs/book.toml",
        "docs/src/SUMMARY.md",
        "docs/src/course.md",
        "docs/measure.sh",
        "tests/support/planted_bugs.py",
    ] {
        assert!(names.iter().any(|n| n == needed), "the copy lacks {needed}");
    }
    // Every source of the repository's crates is in the copy (the registry builds every
    // backend, the survey's array boards among them), but the solutions and the programs
    // that write and grade copies.
    let mut crates_seen = 0;
    for entry in fs::read_dir(root().join("crates")).expect("crates") {
        let crate_dir = entry.expect("a crate").path();
        let name = crate_dir.file_name().expect("a name").to_owned();
        crates_seen += usize::from(crate_dir.join("Cargo.toml").exists());
        for source in files(&crate_dir.join("src")) {
            let relative = Path::new("crates").join(&name).join("src").join(&source);
            let relative = relative.display().to_string();
            let repository_only = relative.contains("/solutions/")
                || relative.ends_with("student-kit.rs")
                || relative.ends_with("grade.rs")
                || relative.contains("/bin/kit/");
            assert_eq!(
                names.contains(&relative),
                !repository_only,
                "{relative} in the copy"
            );
        }
    }
    assert!(crates_seen >= 20, "only {crates_seen} crates read");
    for name in &names {
        assert!(!name.contains("solutions"), "the copy holds {name}");
        assert!(!name.contains("instructors"), "the copy holds {name}");
        assert!(
            !name.starts_with("tests/integration") && !name.starts_with(".ci/"),
            "{name}"
        );
        assert!(!name.starts_with("fuzz/"), "{name}");
        assert!(!name.starts_with("docs/book/"), "{name}");
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
        // The book names the repository's own tests without their paths, which the copy
        // lacks.
        if name.starts_with("docs/src") {
            assert!(!content.contains("tests/integration/"), "{name}");
        }
    }
    assert!(read > 300, "only {read} text files read back");
    let summary = fs::read_to_string(copy.join("docs/src/SUMMARY.md")).expect("SUMMARY.md");
    assert!(!summary.to_lowercase().contains("instructor"), "{summary}");
    let readme = fs::read_to_string(copy.join("README.md")).expect("README.md");
    assert!(readme.contains("cargo test -p boardlab-labs\n"), "{readme}");
    assert!(readme.contains("crates/labs/src/scaffold/"), "{readme}");

    // The manifest: the copy's dev-dependencies are what its benches and examples need, and
    // its comments name no crate it lacks.
    let manifest = fs::read_to_string(copy.join("Cargo.toml")).expect("Cargo.toml");
    assert!(!manifest.contains("boardlab-labs"), "{manifest}");
    for kept in [
        "[[bench]]",
        "name = \"ratios\"",
        "criterion",
        "cozy-chess",
        "shakmaty = ",
        "boardlab-harness.workspace",
    ] {
        assert!(manifest.contains(kept), "{kept} missing:\n{manifest}");
    }
    for test_only in ["proptest", "ureq", "fantoccini", "tokio", "hyper-util"] {
        assert!(!manifest.contains(test_only), "{test_only} in:\n{manifest}");
    }

    // A second run into the same, now full, directory is refused in one line and writes
    // nothing.
    let before = files(&copy);
    let refused = labs_command("student-kit", &[copy.to_str().expect("a path")]);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused));
    assert_eq!(String::from_utf8_lossy(&refused.stderr).lines().count(), 1);
    assert_eq!(files(&copy), before);

    // The grading command refuses a folder that is not a copy, in one line.
    let refused = labs_command(
        "grade",
        &[work_dir().join("absent").to_str().expect("a path")],
    );
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused));
    assert_eq!(String::from_utf8_lossy(&refused.stderr).lines().count(), 1);
}

#[test]
#[ignore = "builds the whole students' copy (most of a cold workspace build); run by .ci/run"]
fn student_copy_builds_and_runs_the_first_hour_and_its_labs() {
    let copy = work_dir().join("copy");
    if copy.exists() {
        fs::remove_dir_all(&copy).expect("an old copy removed");
    }
    make_copy(&copy, &[]);

    // The first hour's commands, on the copy's own binary, built unoptimised (the chapter
    // builds with --release; the commands are the same).
    let built = cargo(&copy, &["build", "--offline", "--bin", "boardlab"]);
    assert!(built.status.success(), "{}", text(&built));
    let binary = work_dir().join("target/debug/boardlab");
    let run = |args: &[&str]| {
        let mut command = Command::new(&binary);
        command.args(args).current_dir(&copy);
        let output = run_within(command, Duration::from_secs(300));
        assert!(
            output.status.success(),
            "boardlab {args:?}: {}",
            text(&output)
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let total = |out: &str| -> Vec<String> {
        out.split(|c: char| !c.is_ascii_digit())
            .filter(|word| !word.is_empty())
            .map(str::to_string)
            .collect()
    };
    let depth3 = run(&["perft", "--depth", "3"]);
    assert!(total(&depth3).iter().any(|n| n == "8902"), "{depth3}");
    let depth4 = run(&["perft", "--depth", "4"]);
    assert!(total(&depth4).iter().any(|n| n == "197281"), "{depth4}");
    let shown = run(&["show", "--backend", "mailbox"]);
    assert!(shown.contains('K') || shown.contains('♔'), "{shown}");
    let explained = run(&["explain", "--backend", "x88", "--square", "g1"]);
    assert!(explained.contains("g1"), "{explained}");

    // The benches (week 9) and the examples compile in the copy, the ratios bench with its
    // feature, and so does the instruction counter the measuring script builds.
    let checked = cargo(
        &copy,
        &[
            "check",
            "--offline",
            "--all-targets",
            "--features",
            "ratios",
        ],
    );
    assert!(checked.status.success(), "{}", text(&checked));
    let checked = cargo(
        &copy,
        &[
            "check",
            "--offline",
            "--manifest-path",
            "benches/instructions/Cargo.toml",
        ],
    );
    assert!(checked.status.success(), "{}", text(&checked));

    // The book builds.
    let mdbook = Command::new("mdbook").arg("--version").output().is_ok();
    if require(
        "mdbook",
        "cargo install mdbook --version 0.5.4 --locked",
        mdbook,
    ) {
        let mut command = Command::new("mdbook");
        command.args(["build", "docs"]).current_dir(&copy);
        let book = run_within(command, Duration::from_secs(300));
        assert!(book.status.success(), "{}", text(&book));
        assert!(copy.join("docs/book/index.html").exists());
    }

    // The stubs fail: every lab's test runs and the exercises' own tests fail, while the
    // tests that show a check rejecting wrong answers pass.
    let stubs = cargo(
        &copy,
        &["test", "--offline", "-p", "boardlab-labs", "--no-fail-fast"],
    );
    let stub_text = text(&stubs);
    assert!(!stubs.status.success(), "the stubs passed:\n{stub_text}");
    let results = test_results(&stub_text);
    for lab in LABS {
        assert!(
            results
                .iter()
                .any(|(name, ok)| !ok && lab_of_test(name) == Some(lab)),
            "no test of {lab} failed with the stubs:\n{stub_text}"
        );
    }
    // Every check of the course's own checks ran, and passed: as many as the labs' test
    // sources hold, so that none can vanish unseen.
    let course_checks: Vec<&String> = results
        .iter()
        .filter(|(name, _)| is_course_check(name))
        .map(|(name, ok)| {
            assert!(ok, "{name} failed with the stubs:\n{stub_text}");
            name
        })
        .collect();
    assert_eq!(
        course_checks.len(),
        course_checks_in_sources(),
        "{course_checks:?}"
    );
    assert!(stub_text.contains("not yet implemented"), "{stub_text}");
    assert!(
        !stub_text.contains("warning: profile package spec"),
        "{stub_text}"
    );

    // The reference solutions copied in: the kit's solved copy's sources replace the stubs'.
    let solved = fresh("solved");
    make_copy(&solved, &["--solved"]);
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
    assert!(results.len() >= 60, "only {} tests ran", results.len());
    assert!(results.iter().all(|(_, ok)| *ok));
}

/// Grades `student` in the grading work folder under `target/student-kit`, and returns the
/// exit status and the mark sheet.
fn grade(student: &Path) -> (Option<i32>, String) {
    let work = work_dir().join("grade");
    let graded = labs_command(
        "grade",
        &[
            student.to_str().expect("a path"),
            "--work",
            work.to_str().expect("a path"),
        ],
    );
    (graded.status.code(), text(&graded))
}

/// The mark of `lab` on a mark sheet: the line's last words.
fn mark<'a>(sheet: &'a str, lab: &str) -> &'a str {
    sheet
        .lines()
        .find(|line| line.split_whitespace().next() == Some(lab))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let at = line.find(fields.get(3).copied().unwrap_or("")).unwrap_or(0);
            &line[at..]
        })
        .unwrap_or_else(|| panic!("no line for {lab}:\n{sheet}"))
}

/// Empties every test file of a copy's labs, as a student might to make `cargo test` pass.
fn empty_the_tests(copy: &Path) {
    for file in files(&copy.join("crates/labs/tests")) {
        fs::write(copy.join("crates/labs/tests").join(file), "").expect("emptied");
    }
}

#[test]
#[ignore = "builds the labs of three graded copies; run by .ci/run"]
fn grade_marks_the_course_tests_whatever_the_student_changed() {
    // An unsolved copy whose tests the student emptied: its own `cargo test` passes, and the
    // grading fails every lab.
    let emptied = fresh("emptied");
    make_copy(&emptied, &[]);
    empty_the_tests(&emptied);
    let own = cargo(
        &emptied,
        &["test", "--offline", "-p", "boardlab-labs", "--tests"],
    );
    assert!(own.status.success(), "{}", text(&own));
    let (status, sheet) = grade(&emptied);
    assert_eq!(status, Some(1), "{sheet}");
    for lab in LABS {
        assert_eq!(mark(&sheet, lab), "fail", "{sheet}");
    }
    assert!(sheet.contains("labs passed: 0 of 23"), "{sheet}");

    // The solved copy passes every lab.
    let solved = fresh("graded-solved");
    make_copy(&solved, &["--solved"]);
    let (status, sheet) = grade(&solved);
    assert_eq!(status, Some(0), "{sheet}");
    for lab in LABS {
        assert_eq!(mark(&sheet, lab), "pass", "{sheet}");
    }

    // The perft shortcut: a method added to `MoveTree` in the student's copy of the
    // scaffolding hands the count to core's perft, and the student's perft calls it. With the
    // course's scaffolding back in place the answer does not compile: perft fails, and the
    // other labs keep their marks.
    let gamed = fresh("gamed");
    make_copy(&gamed, &["--solved"]);
    let scaffold = gamed.join("crates/labs/src/scaffold/perft.rs");
    let text_of = |path: &Path| fs::read_to_string(path).expect("a source");
    let planted = text_of(&scaffold)
        .replace(
            "    fn take_back(&mut self, mv: Move, undo: Self::Undo);\n}",
            "    fn take_back(&mut self, mv: Move, undo: Self::Undo);\n\n    \
             fn count(&mut self, depth: u32) -> u64;\n}",
        )
        .replace(
            "        self.unmake(mv, undo);\n    }\n}",
            "        self.unmake(mv, undo);\n    }\n\n    \
             fn count(&mut self, depth: u32) -> u64 {\n        \
             boardlab_core::perft(self, depth, boardlab_core::PerftMode::Bulk)\n    }\n}",
        );
    assert!(
        planted.contains("fn count"),
        "the shortcut planted:\n{planted}"
    );
    fs::write(&scaffold, planted).expect("the scaffolding changed");
    let answer = gamed.join("crates/labs/src/perft.rs");
    let shortcut = format!(
        "{}\npub fn perft<T: MoveTree>(tree: &mut T, depth: u32) -> u64 {{\n    \
         tree.count(depth)\n}}\n",
        text_of(&answer)
            .lines()
            .filter(|line| !line.starts_with("pub use answer::perft"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    fs::write(&answer, shortcut).expect("the shortcut written");
    empty_the_tests(&gamed);
    let own = cargo(
        &gamed,
        &["test", "--offline", "-p", "boardlab-labs", "--tests"],
    );
    assert!(
        own.status.success(),
        "the gamed copy builds: {}",
        text(&own)
    );
    let (status, sheet) = grade(&gamed);
    assert_eq!(status, Some(1), "{sheet}");
    assert!(mark(&sheet, "perft").starts_with("fail"), "{sheet}");
    assert!(
        mark(&sheet, "perft").contains("does not compile"),
        "{sheet}"
    );
    for lab in LABS.iter().filter(|&&lab| lab != "perft") {
        assert_eq!(mark(&sheet, lab), "pass", "{sheet}");
    }

    // The search shortcut: the solved copy's `iterative_deepening` handed to boardlab-engine's
    // own search, on the board it is given. It compiles, and the course's tests see its nodes
    // on the counted board: the three exercises of the search lab fail, the others pass.
    let engine = fresh("gamed-search");
    make_copy(&engine, &["--solved"]);
    let answer = engine.join("crates/labs/src/board_search.rs");
    let solved = text_of(&answer);
    assert!(solved.contains("pub use answer::iterative_deepening;"));
    let shortcut = solved.replace(
        "pub use answer::iterative_deepening;",
        "pub fn iterative_deepening<B: EngineQueries>(\n    board: &mut B,\n    \
         _game: &[u64],\n    limits: &Limits,\n    _tables: &mut Tables,\n) -> Report {\n    \
         let engine_limits = boardlab_engine::Limits {\n        depth: Some(limits.depth),\n        \
         nodes: limits.nodes,\n        ..Default::default()\n    };\n    \
         let stop = std::sync::atomic::AtomicBool::new(false);\n    \
         let result = boardlab_engine::Searcher::new(1)\n        \
         .search(board, &[], &engine_limits, &stop, |_| {});\n    \
         let score = match result.score {\n        \
         boardlab_engine::Score::Cp(cp) => cp,\n        \
         boardlab_engine::Score::Mate(n) if n > 0 => MATE - (2 * n - 1),\n        \
         boardlab_engine::Score::Mate(n) => -(MATE + 2 * n),\n    };\n    \
         Report {\n        best_move: result.best_move,\n        score,\n        \
         depth: result.depth,\n    }\n}",
    );
    fs::write(&answer, shortcut).expect("the shortcut written");
    empty_the_tests(&engine);
    let (status, sheet) = grade(&engine);
    assert_eq!(status, Some(1), "{sheet}");
    let search_labs = ["deepening", "tt_bounds", "killers_history"];
    for lab in search_labs {
        assert_eq!(mark(&sheet, lab), "fail", "{sheet}");
    }
    for lab in LABS.iter().filter(|&&lab| !search_labs.contains(&lab)) {
        assert_eq!(mark(&sheet, lab), "pass", "{sheet}");
    }
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
