//! Grades a student's copy of the course with the course's own tests and scaffolding, and
//! prints a mark sheet, one line per lab.
//!
//! ```sh
//! cargo run -p boardlab-labs --bin grade -- STUDENT_COPY
//! cargo run -p boardlab-labs --bin grade -- STUDENT_COPY --work DIR
//! ```
//!
//! Only the student's answer files are read from `STUDENT_COPY`: the files of
//! `crates/labs/src/` named after the labs (`kit::ANSWER_FILES`). Everything else, the labs'
//! tests, the scaffolding the exercises are written against (`crates/labs/src/scaffold/`), the
//! labs' `lib.rs`, every manifest and every other crate, is the course's, written from this
//! repository by the same code as `student-kit` into `DIR/copy` (by default `target/grade` in
//! the repository), so that whatever the student changed besides their answers changes nothing.
//! The labs' tests there are the course's own (`kit::Labs::Graded`): they keep the grading-only
//! parts the students' copy leaves out (the references that would answer an exercise, the wrong
//! answers written from them, the search lab's positions the students' figures do not record),
//! and ask those references where the students' copy reads their recorded figures, which are
//! left out.
//! Each file there is written only when its content changes, so that grading a second copy
//! recompiles little more than the answers.
//!
//! An answer file that does not compile (or with which the course's tests do not compile) is
//! put back to its stub and its labs are marked "does not compile"; the other labs are graded
//! as they are. Only the course's two test programs run (`tests/labs` and `tests/capstone`),
//! each with `--logfile` into the work folder, and a lab counts when every one of its tests is
//! reported passing there. A test the log does not report (a test program that stopped early,
//! say) counts as failed. The tests whose names say that they check the course's checks
//! (`…check_rejects…`, `…reference_is…`, and outside the capstone `…walk_agrees…` and
//! `…walks_agree…`) are no lab's, and nor is a test outside the capstone whose name starts
//! with no lab's name (`lab_of`): they must pass, or the grading itself is wrong and says so.
//!
//! The exit status is 0 when every lab passes, 1 when some lab fails, and 2 when the copy
//! could not be graded (no such folder, the course's own build failing, the deadline passed).

// The copy as `student-kit` writes it, of which this program uses a part.
#[allow(dead_code)]
mod kit;

use kit::{repository, write_copy, Copy, Labs, ANSWER_FILES};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// Each lab by the name its tests carry, with the answer file it is written in, in the order
/// of the course.
const LABS: &[(&str, &str)] = &[
    ("piece_list_capture", "piece_list.rs"),
    ("mailbox_slide", "mailbox.rs"),
    ("x88_knight", "x88.rs"),
    ("x88_slider", "x88.rs"),
    ("x88_step", "x88.rs"),
    ("rotated_bit", "rotated.rs"),
    ("rotated_state", "rotated.rs"),
    ("magic_index", "magic.rs"),
    ("magic_search", "magic.rs"),
    ("hyperbola", "hyperbola.rs"),
    ("move_pack", "move_encoding.rs"),
    ("move_unpack", "move_encoding.rs"),
    ("pins", "legality.rs"),
    ("zobrist_update", "zobrist.rs"),
    ("perft", "perft.rs"),
    ("negamax", "search.rs"),
    ("alpha_beta", "search.rs"),
    ("quiescence", "search.rs"),
    ("staged_picker", "picker.rs"),
    ("deepening", "board_search.rs"),
    ("tt_bounds", "board_search.rs"),
    ("killers_history", "board_search.rs"),
    ("capstone", "capstone.rs"),
];

/// The course's test programs of the labs crate, and the answer file each of the first one's
/// modules checks (`tests/labs/x88.rs` checks `x88.rs`); every test of the second is the
/// capstone's.
const TEST_PROGRAMS: &[&str] = &["labs", "capstone"];

/// Words in a test's name that make it a check of the course's own checks, not of an answer.
const COURSE_CHECKS: &[&str] = &[
    "check_rejects",
    "reference_is",
    "walk_agrees",
    "walks_agree",
];
/// The same for the capstone's tests, whose walks are the board's own.
const CAPSTONE_CHECKS: &[&str] = &["check_rejects", "reference_is"];

/// How long the build and the tests may take together before the grading gives up.
const DEADLINE: Duration = Duration::from_secs(45 * 60);

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (student, work) = match args.as_slice() {
        [student] if !student.starts_with('-') => (student, None),
        [student, flag, work] if flag == "--work" && !student.starts_with('-') => {
            (student, Some(PathBuf::from(work)))
        }
        _ => {
            eprintln!("error: usage: grade STUDENT_COPY [--work DIR]");
            return ExitCode::from(2);
        }
    };
    let student = Path::new(student);
    if !student.join("crates/labs/src").is_dir() {
        eprintln!(
            "error: {} is not a copy of the course (it has no crates/labs/src)",
            student.display()
        );
        return ExitCode::from(2);
    }
    let work = work.unwrap_or_else(|| repository().join("target/grade"));
    match grade(student, &work) {
        Ok(sheet) => {
            print!("{}", sheet.render());
            if sheet.all_pass() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(problem) => {
            eprintln!("error: {problem}");
            ExitCode::from(2)
        }
    }
}

/// One lab's line of the mark sheet.
struct Mark {
    lab: &'static str,
    tests: usize,
    passed: usize,
    /// Why the lab failed before its tests ran, if it did.
    not_run: Option<String>,
}

impl Mark {
    fn passes(&self) -> bool {
        self.not_run.is_none() && self.tests > 0 && self.passed == self.tests
    }
}

/// The marks of a copy.
struct Sheet {
    student: PathBuf,
    marks: Vec<Mark>,
}

impl Sheet {
    fn all_pass(&self) -> bool {
        self.marks.iter().all(Mark::passes)
    }

    fn render(&self) -> String {
        let mut out = format!("marks of {}\n", self.student.display());
        out += &format!("{:<20} {:>5} {:>6}  mark\n", "lab", "tests", "passed");
        for mark in &self.marks {
            let verdict = match &mark.not_run {
                Some(why) => format!("fail ({why})"),
                None if mark.passes() => "pass".to_string(),
                None => "fail".to_string(),
            };
            out += &format!(
                "{:<20} {:>5} {:>6}  {verdict}\n",
                mark.lab, mark.tests, mark.passed
            );
        }
        let passed = self.marks.iter().filter(|mark| mark.passes()).count();
        out += &format!("labs passed: {passed} of {}\n", self.marks.len());
        out
    }
}

/// Writes the course's copy with the student's answers into `work/copy`, builds it, runs the
/// course's tests and reads the marks.
fn grade(student: &Path, work: &Path) -> Result<Sheet, String> {
    let started = Instant::now();
    let mut copy = Copy::new(&work.join("copy"))?;
    write_copy(&repository(), &mut copy, Labs::Graded)?;
    let sources = Path::new("crates/labs/src");
    let stubs: BTreeMap<&str, Vec<u8>> = ANSWER_FILES
        .iter()
        .map(|&file| {
            let stub = fs::read(copy.root().join(sources).join(file))
                .map_err(|err| format!("the stub of {file}: {err}"))?;
            Ok((file, stub))
        })
        .collect::<Result<_, String>>()?;
    for &file in ANSWER_FILES {
        // A missing answer file is an unsolved lab: its stub stays.
        if let Ok(answer) = fs::read(student.join(sources).join(file)) {
            copy.write(&sources.join(file), &answer)?;
        }
    }
    copy.remove_the_rest(&[])?;
    let target = work.join("target");

    // Build the tests; each answer file the build fails in (or whose tests it fails in) goes
    // back to its stub, until the build passes.
    let mut broken: BTreeSet<&str> = BTreeSet::new();
    loop {
        let build = cargo(copy.root(), &target, &build_args(), started)?;
        if build.status_ok {
            break;
        }
        let culprits: BTreeSet<&str> = ANSWER_FILES
            .iter()
            .copied()
            .filter(|file| !broken.contains(file) && blamed(&build.stderr, file))
            .collect();
        if culprits.is_empty() {
            return Err(format!(
                "the course's labs do not build with the stubs in place of the answers that \
                 failed:\n{}",
                build.stderr
            ));
        }
        for &file in &culprits {
            copy.write(&sources.join(file), &stubs[file])?;
        }
        broken.extend(culprits);
    }

    // Run each test program with its log in the work folder.
    let mut results: BTreeMap<String, bool> = BTreeMap::new();
    let mut expected: Vec<String> = Vec::new();
    for program in TEST_PROGRAMS {
        let list = cargo(
            copy.root(),
            &target,
            &run_args(program, &["--list"]),
            started,
        )?;
        if !list.status_ok {
            return Err(format!(
                "listing the tests of {program} failed:\n{}",
                list.stderr
            ));
        }
        expected.extend(
            list.stdout
                .lines()
                .filter_map(|line| line.strip_suffix(": test"))
                .map(str::to_string),
        );
        let log = work.join(format!("{program}.log"));
        fs::remove_file(&log).ok();
        let log_arg = format!("--logfile={}", log.display());
        cargo(
            copy.root(),
            &target,
            &run_args(program, &[&log_arg]),
            started,
        )?;
        let logged = fs::read_to_string(&log).unwrap_or_default();
        for line in logged.lines() {
            if let Some((verdict, name)) = line.split_once(' ') {
                results.insert(name.to_string(), verdict == "ok");
            }
        }
    }

    let mut marks: Vec<Mark> = LABS
        .iter()
        .map(|&(lab, file)| Mark {
            lab,
            tests: 0,
            passed: 0,
            not_run: broken
                .contains(file)
                .then(|| format!("{file} does not compile with the course's tests")),
        })
        .collect();
    let mut course_checks_failed = Vec::new();
    for name in &expected {
        let passed = results.get(name).copied().unwrap_or(false);
        match lab_of(name) {
            Some(lab) => {
                let mark = marks
                    .iter_mut()
                    .find(|mark| mark.lab == lab)
                    .expect("every lab has a mark");
                mark.tests += 1;
                mark.passed += usize::from(passed);
            }
            None if !passed => course_checks_failed.push(name.clone()),
            None => {}
        }
    }
    if !course_checks_failed.is_empty() {
        return Err(format!(
            "the course's own checks failed, so the marks cannot be trusted: {}",
            course_checks_failed.join(", ")
        ));
    }
    if let Some(mark) = marks.iter().find(|mark| mark.tests == 0) {
        return Err(format!("no test of the lab {} ran", mark.lab));
    }
    Ok(Sheet {
        student: student.to_path_buf(),
        marks,
    })
}

/// The lab a test of the course's programs grades, or `None` for a check of the course's own
/// checks. The capstone's program holds only the capstone's tests; in the other, a test's
/// function name starts with its lab's name (the longest that fits, so that no lab's name
/// stands in for another's).
fn lab_of(test: &str) -> Option<&'static str> {
    if test.starts_with("capstone::") {
        // The capstone's walks agree with the reference only once the board is written.
        let check = CAPSTONE_CHECKS.iter().any(|check| test.contains(check));
        return (!check).then_some("capstone");
    }
    if COURSE_CHECKS.iter().any(|check| test.contains(check)) {
        return None;
    }
    let function = test.rsplit("::").next().unwrap_or(test);
    LABS.iter()
        .map(|&(lab, _)| lab)
        .filter(|&lab| lab != "capstone" && function.starts_with(lab))
        .max_by_key(|lab| lab.len())
}

/// Whether the build's messages put an error in `file` or in the course's tests of it.
fn blamed(messages: &str, file: &str) -> bool {
    let stem = file.trim_end_matches(".rs");
    let places = [
        format!("crates/labs/src/{file}:"),
        format!("crates/labs/tests/labs/{file}:"),
    ];
    messages.lines().any(|line| {
        line.contains("error")
            && (places.iter().any(|place| line.starts_with(place.as_str()))
                || (stem == "capstone" && line.starts_with("crates/labs/tests/capstone.rs:")))
    })
}

/// The arguments that build the course's test programs, with errors one to a line.
fn build_args() -> Vec<String> {
    let mut args: Vec<String> = ["test", "--offline", "-p", "boardlab-labs", "--no-run"]
        .map(String::from)
        .to_vec();
    for program in TEST_PROGRAMS {
        args.extend(["--test".to_string(), program.to_string()]);
    }
    args.extend(["--message-format".to_string(), "short".to_string()]);
    args
}

/// The arguments that run one of the course's test programs with `extra` for libtest.
fn run_args(program: &str, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "test",
        "--offline",
        "--quiet",
        "-p",
        "boardlab-labs",
        "--test",
        program,
        "--",
    ]
    .map(String::from)
    .to_vec();
    args.extend(extra.iter().map(|arg| arg.to_string()));
    args
}

/// What a cargo run printed, and whether it succeeded.
struct Ran {
    status_ok: bool,
    stdout: String,
    stderr: String,
}

/// Runs cargo in `dir` with `args`, building into `target`, and kills it once the grading's
/// deadline, counted from `started`, has passed.
fn cargo(dir: &Path, target: &Path, args: &[String], started: Instant) -> Result<Ran, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut child = Command::new(cargo)
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|err| format!("cargo {}: {err}", args.join(" ")))?;
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                pipe.read_to_end(&mut bytes).ok();
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let stderr = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|err| err.to_string())? {
            break status;
        }
        if started.elapsed() > DEADLINE {
            child.kill().ok();
            child.wait().ok();
            return Err(format!(
                "cargo {} was still running after {DEADLINE:?}",
                args.join(" ")
            ));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Ok(Ran {
        status_ok: status.success(),
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    })
}
