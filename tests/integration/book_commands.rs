//! Every command in the book runs as written.
//!
//! The test reads the chapters listed in `docs/src/SUMMARY.md`, takes the lines of their ```sh
//! blocks, and runs those that start with `boardlab`, `cargo run`, or the shell tools the book
//! uses around them (`head`, `sed`, `for` loops, GNU `parallel`), in order, with `sh`, against the
//! `boardlab` binary built for the tests:
//!
//! - They run in a scratch directory that holds the workspace's files by link and a copy of
//!   `docs/src` and of the small criterion results in `tests/data`, so redirections, files one
//!   line writes and the next reads, and `report --out docs/...` work as a reader's shell does
//!   them without touching the workspace.
//! - `boardlab ARGS` and `cargo run [--release] [--features F] -- ARGS` run the binary with
//!   `ARGS`. Cargo's own flags are checked instead of run: each feature must be one of the root
//!   package's features, and `--example NAME` must name an example of the workspace.
//! - A block's later lines may need what an earlier line made; once a line of a block is not run
//!   (a cluster's `sbatch` or `kubectl`, `parallel` over ssh, `cargo bench`) or is stopped at the budget, the rest of
//!   that block is checked for its cargo flags only.
//! - A command that finishes must exit with status 0, or with the status a trailing
//!   `# exit N` comment names, and must not print a line starting with `error` unless that
//!   status is not 0.
//! - A command still running after [`BUDGET`] (a deep perft, the full `compare`) is stopped;
//!   it passes if it printed no error line until then. Bad arguments and bad FENs are refused
//!   before any work starts, so a broken command fails here even when its work is heavy.
//! - A command that talks to an outside program (`--against stockfish`, a Polyglot book, a
//!   Python script) needs that program, through the shared check in `tests/support`: skipped
//!   with a note on a developer's machine, a failure under `CI=true`.

use crate::support;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one command may run before it is stopped and judged by its output so far: about
/// twice the longest that any command which finishes takes (2.6 s), the others being the few
/// meant to run on (`serve`, the full `compare`, `search --backend all`).
const BUDGET: Duration = Duration::from_secs(5);

/// How many of the book's commands may be stopped at the budget: those it means to run long
/// (deep perft, the full `compare`, the benches' reports).
const MOST_STOPPED: usize = 6;

/// How the lines the test runs begin: boardlab itself, and the shell tools the book uses around
/// it. Other lines (`cargo bench`, `sbatch`, `kubectl`, `/usr/bin/time`) are not run.
const RUNNABLE: &[&str] = &[
    "boardlab ",
    "cargo run",
    "head ",
    "sed ",
    "for ",
    "parallel ",
];

/// One command of the book.
#[derive(Debug)]
struct BookCommand {
    /// The chapter file and the line number, for messages.
    place: String,
    /// The line as written.
    text: String,
    /// The shell words, comment removed.
    words: Vec<String>,
    /// The exit status the book expects (`# exit N`), 0 otherwise.
    status: i32,
    /// Which ```sh block of its chapter the line is in.
    block: usize,
    /// Whether the test can run the line (see the module docs).
    runnable: bool,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The chapter files SUMMARY.md links to, in its order.
fn chapters() -> Vec<PathBuf> {
    let summary = std::fs::read_to_string(root().join("docs/src/SUMMARY.md")).expect("SUMMARY.md");
    let mut files = Vec::new();
    for piece in summary.split("](").skip(1) {
        if let Some(end) = piece.find(')') {
            let name = &piece[..end];
            if name.ends_with(".md") {
                files.push(root().join("docs/src").join(name));
            }
        }
    }
    files
}

/// Splits a shell line into words (single and double quotes, backslash escapes inside double
/// quotes) and returns them with the comment after an unquoted `#`.
fn shell_words(line: &str) -> Result<(Vec<String>, String), String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err("unclosed single quote".into()),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => w.extend(chars.next()),
                        Some(c) => w.push(c),
                        None => return Err("unclosed double quote".into()),
                    }
                }
            }
            '#' if word.is_none() => {
                return Ok((words, chars.collect::<String>().trim().to_string()));
            }
            c if c.is_whitespace() => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok((words, String::new()))
}

/// The `boardlab` and `cargo run` lines of the ```sh blocks of one chapter.
fn commands_in(path: &Path) -> Vec<BookCommand> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .to_string();
    let mut commands = Vec::new();
    let mut in_sh = false;
    let mut block = 0;
    let mut pending: Option<(usize, String)> = None;
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_sh = !in_sh && trimmed.trim_end() == "```sh";
            block += usize::from(in_sh);
            continue;
        }
        if !in_sh {
            continue;
        }
        // Lines ending in a backslash continue on the next line.
        let (start, mut joined) = pending.take().unwrap_or((number + 1, String::new()));
        joined.push_str(line.trim());
        if let Some(stripped) = joined.strip_suffix('\\') {
            pending = Some((start, format!("{stripped} ")));
            continue;
        }
        if joined.is_empty() || joined.starts_with('#') {
            continue;
        }
        // GNU parallel over ssh (`-S`, `--sshlogin`) needs other machines.
        let remote = joined.starts_with("parallel ")
            && (joined.contains(" -S ") || joined.contains("--sshlogin"));
        let runnable = RUNNABLE.iter().any(|start| joined.starts_with(start)) && !remote;
        let place = format!("{name}:{start}");
        let (words, comment) =
            shell_words(&joined).unwrap_or_else(|e| panic!("{place}: {e}: {joined}"));
        let status = comment
            .strip_prefix("exit ")
            .and_then(|n| n.split_whitespace().next())
            .map_or(0, |n| {
                n.parse()
                    .unwrap_or_else(|_| panic!("{place}: bad `# exit` marker"))
            });
        commands.push(BookCommand {
            place,
            text: joined,
            words,
            status,
            block,
            runnable,
        });
    }
    commands
}

/// The root package's features, read from its Cargo.toml.
fn root_features() -> Vec<String> {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
    let mut in_features = false;
    let mut features = Vec::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_features = line == "[features]";
        } else if in_features {
            if let Some((name, _)) = line.split_once('=') {
                features.push(name.trim().to_string());
            }
        }
    }
    features
}

/// The `boardlab` arguments of a command, after checking cargo's own flags; `None` when the
/// command runs no `boardlab` (an example).
fn boardlab_args(command: &BookCommand) -> Option<Vec<String>> {
    let words = &command.words;
    if words[0] == "boardlab" {
        return Some(words[1..].to_vec());
    }
    assert_eq!(words[1], "run", "{}: not `cargo run`", command.place);
    let dash = words.iter().position(|w| w == "--").unwrap_or(words.len());
    let features = root_features();
    let mut example = None;
    let mut flags = words[2..dash].iter();
    while let Some(flag) = flags.next() {
        match flag.as_str() {
            "--release" => {}
            "--features" | "-F" => {
                let asked = flags
                    .next()
                    .unwrap_or_else(|| panic!("{}: --features needs a value", command.place));
                for feature in asked.split([',', ' ']).filter(|f| !f.is_empty()) {
                    assert!(
                        features.iter().any(|f| f == feature),
                        "{}: `{}`: the root package has no feature `{feature}` (it has {features:?})",
                        command.place,
                        command.text
                    );
                }
            }
            "--example" => example = flags.next().cloned(),
            other => panic!(
                "{}: `{}`: cargo flag `{other}` is not checked by this test",
                command.place, command.text
            ),
        }
    }
    if let Some(name) = example {
        let single = root().join("examples").join(format!("{name}.rs"));
        let folder = root().join("examples").join(&name).join("main.rs");
        assert!(
            single.is_file() || folder.is_file(),
            "{}: `{}`: no example `{name}`",
            command.place,
            command.text
        );
        return None;
    }
    Some(words.get(dash + 1..).unwrap_or_default().to_vec())
}

/// Whether the outside programs the command talks to are here (see `tests/support`).
fn outside_tools_present(args: &[String]) -> bool {
    let mut present = true;
    for pair in args.windows(2) {
        if pair[0] == "--against" && pair[1] == "stockfish" {
            present &= support::require(
                "stockfish",
                "apt-get install stockfish",
                support::find_program("stockfish", &["/usr/games"]).is_some(),
            );
        }
    }
    if args.iter().any(|a| a == support::BOOK) {
        present &= support::require(
            "the gnuchess book",
            "apt-get install gnuchess-book",
            Path::new(support::BOOK).is_file(),
        );
    }
    if args.first().is_some_and(|a| a == "parallel") {
        present &= support::require(
            "GNU parallel",
            "apt-get install parallel",
            support::find_program("parallel", &[]).is_some(),
        );
    }
    if args.iter().any(|a| a.ends_with(".py")) {
        present &= support::python_chess();
    }
    present
}

/// What a run ended with.
struct Run {
    /// The exit status, or `None` when the budget ran out first.
    status: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

/// The scratch directory the commands run in: links to the workspace's files, copies of what a
/// command may write over, and a `bin/boardlab` that is the binary under test.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardlab-book-commands-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("bin")).expect("scratch directory");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_boardlab"), dir.join("bin/boardlab"))
        .expect("bin/boardlab");
    for entry in std::fs::read_dir(root()).expect("the workspace") {
        let entry = entry.expect("a workspace entry");
        let name = entry.file_name();
        if !matches!(name.to_str(), Some("docs" | "target" | ".git")) {
            std::os::unix::fs::symlink(entry.path(), dir.join(&name)).expect("a link");
        }
    }
    copy_tree(&root().join("docs/src"), &dir.join("docs/src"));
    copy_tree(
        &root().join("tests/data/criterion-sample"),
        &dir.join("target/criterion"),
    );
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a scratch folder");
    for entry in std::fs::read_dir(from).expect("a folder to copy") {
        let entry = entry.expect("an entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("a copy");
        }
    }
}

/// The line as `sh` runs it: a `cargo run ... --` prefix becomes `boardlab`.
fn shell_line(command: &BookCommand) -> String {
    let text = &command.text;
    match text
        .strip_prefix("cargo run")
        .and_then(|rest| rest.find(" -- "))
    {
        Some(at) => format!("boardlab {}", &text["cargo run".len() + at + 4..]),
        None => text.clone(),
    }
}

/// The session of process `pid` while it lives: `None` once it is gone, or dead and waiting for
/// its parent as a zombie.
fn live_session_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command name in parentheses: state, parent, group, session.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    if *fields.first()? == "Z" {
        return None;
    }
    fields.get(3)?.parse().ok()
}

/// Kills every process of the session `session`, and goes on until none is left (a process
/// may fork while the others are killed). A process group is not enough: GNU parallel puts each
/// of its jobs in a group of its own, and a job left behind ran on for seconds, taking a
/// processor from the tests that came after it.
fn kill_session(session: u32) {
    loop {
        let members: Vec<String> = std::fs::read_dir("/proc")
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
            .filter(|&pid| live_session_of(pid) == Some(session))
            .map(|pid| pid.to_string())
            .collect();
        if members.is_empty() {
            return;
        }
        let _ = Command::new("kill").arg("-KILL").args(&members).status();
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn run(line: &str, dir: &Path, budget: Duration) -> Run {
    let started = Instant::now();
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // `setsid` starts `sh` as the leader of a session of its own, which every process the line
    // starts stays in, whatever process group it moves to.
    let mut child = Command::new("setsid")
        .args(["sh", "-c"])
        .arg(line)
        .current_dir(dir)
        .env("PATH", path)
        .env("CRITERION_HOME", dir.join("target/criterion"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("setsid starts sh");
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let stdout_reader = drain(Box::new(child.stdout.take().expect("stdout is piped")));
    let stderr_reader = drain(Box::new(child.stderr.take().expect("stderr is piped")));
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for sh") {
            break Some(status.code().unwrap_or(-1));
        }
        if started.elapsed() >= budget {
            // The whole session: a pipeline or `parallel` leaves children behind `sh`.
            kill_session(child.id());
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        status,
        stdout: stdout_reader.join().unwrap_or_default(),
        stderr: stderr_reader.join().unwrap_or_default(),
        elapsed: started.elapsed(),
    }
}

#[test]
fn every_command_in_the_book_runs_as_written() {
    let chapters = chapters();
    assert!(
        chapters.len() >= 15,
        "SUMMARY.md lists only {} chapters",
        chapters.len()
    );
    let (mut finished, mut checked_only, mut skipped) = (0, 0, 0);
    let mut stopped = Vec::new();
    let mut failures = Vec::new();
    let dir = scratch();
    for chapter in &chapters {
        // The block whose remaining lines are not run, after one of its lines was not.
        let mut broken_block = None;
        for command in commands_in(chapter) {
            let args = if command.words[0] == "boardlab" || command.text.starts_with("cargo run") {
                boardlab_args(&command)
            } else {
                Some(command.words.clone())
            };
            if !command.runnable || broken_block == Some(command.block) {
                broken_block = Some(command.block);
                checked_only += 1;
                continue;
            }
            let Some(args) = args else {
                checked_only += 1;
                continue;
            };
            if !outside_tools_present(&args) {
                broken_block = Some(command.block);
                skipped += 1;
                continue;
            }
            let result = run(&shell_line(&command), &dir, BUDGET);
            if result.status.is_none() {
                broken_block = Some(command.block);
            }
            let error_line = result
                .stderr
                .lines()
                .find(|line| line.starts_with("error") || line.contains("panicked"));
            let verdict = match (result.status, error_line) {
                (None, None) => {
                    stopped.push(command.place.clone());
                    let so_far = result.stdout.lines().chain(result.stderr.lines()).count();
                    println!(
                        "{}: stopped after {:?} with {so_far} lines printed: {}",
                        command.place, BUDGET, command.text
                    );
                    Ok(())
                }
                (None, Some(line)) => Err(format!("printed `{line}` and was still running")),
                (Some(status), _) if status != command.status => Err(format!(
                    "exit status {status}, expected {}; stderr: {}",
                    command.status,
                    result.stderr.trim()
                )),
                (Some(0), Some(line)) => Err(format!("exit status 0 but printed `{line}`")),
                (Some(_), _) => {
                    finished += 1;
                    Ok(())
                }
            };
            if let Err(why) = verdict {
                failures.push(format!("{}: `{}`: {why}", command.place, command.text));
            } else if result.status.is_some() {
                println!(
                    "{}: ok in {:.1?}: {}",
                    command.place, result.elapsed, command.text
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "{finished} finished, {} stopped at the budget, {checked_only} checked without running, \
         {skipped} skipped for a missing tool",
        stopped.len()
    );
    assert!(
        failures.is_empty(),
        "commands in the book that fail:\n{}",
        failures.join("\n")
    );
    // A stopped command is judged only by the error lines it printed in its first seconds:
    // the few the book means to run long, and no more, so that a command that hangs cannot
    // pass among them unnoticed.
    assert!(
        stopped.len() <= MOST_STOPPED,
        "{} commands were stopped at the budget, more than the {MOST_STOPPED} the book runs \
         long: {stopped:?}",
        stopped.len()
    );
    // The book's chapters hold many commands; finding few means the extraction broke.
    assert!(
        finished + stopped.len() + skipped >= 30,
        "only {} commands were found",
        finished + stopped.len() + skipped
    );
    assert!(finished >= 20, "only {finished} commands ran to the end");
}

#[test]
fn a_stopped_command_leaves_no_process_behind() {
    // A process that moves to a group of its own, as GNU parallel's jobs do.
    let line = "python3 -c 'import os, time; os.setpgrp(); print(os.getpid(), flush=True); \
                time.sleep(60)'";
    let dir = std::env::temp_dir();
    let result = run(line, &dir, Duration::from_secs(2));
    assert_eq!(result.status, None, "the command was not stopped");
    // Its output stays open while any process of it lives.
    assert!(
        result.elapsed < Duration::from_secs(20),
        "the output stayed open {:.1?}: a process outlived the stop",
        result.elapsed
    );
    let pid: u32 = result
        .stdout
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("no process number printed: {:?}", result.stdout));
    assert!(
        live_session_of(pid).is_none(),
        "process {pid}, in a group of its own, outlived the stop"
    );
}

#[test]
fn shell_words_follow_the_quotes() {
    let (words, comment) = shell_words(
        r#"boardlab explain --fen "4k3/8/8/8/8/8/8/4K3 w - - 0 1" --square e1  # exit 2"#,
    )
    .expect("a well-formed line");
    assert_eq!(
        words,
        [
            "boardlab",
            "explain",
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "--square",
            "e1"
        ]
    );
    assert_eq!(comment, "exit 2");
    let (words, comment) =
        shell_words("boardlab perft --depth 3 # about '#1'").expect("well-formed");
    assert_eq!(words, ["boardlab", "perft", "--depth", "3"]);
    assert_eq!(comment, "about '#1'");
    assert!(shell_words("boardlab key --fen \"8/8").is_err());
}
