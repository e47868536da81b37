//! Every command in the book runs as written.
//!
//! The test reads the chapters listed in `docs/src/SUMMARY.md`, takes every line of their ```sh
//! blocks that starts with `boardlab` or `cargo run`, and runs it against the `boardlab` binary
//! built for the tests, from the workspace root:
//!
//! - `boardlab ARGS` and `cargo run [--release] [--features F] -- ARGS` run the binary with
//!   `ARGS`. Cargo's own flags are checked instead of run: each feature must be one of the root
//!   package's features, and `--example NAME` must name an example of the workspace.
//! - A command that finishes must exit with status 0, or with the status a trailing
//!   `# exit N` comment names, and must not print a line starting with `error` unless that
//!   status is not 0.
//! - A command still running after [`BUDGET`] (a deep perft, the full `compare`) is stopped;
//!   it passes if it printed no error line until then. Bad arguments and bad FENs are refused
//!   before any work starts, so a broken command fails here even when its work is heavy.
//! - A command that talks to an outside program (`--against stockfish`, a Polyglot book, a
//!   Python script) needs that program, through the shared check in `tests/support`: skipped
//!   with a note on a developer's machine, a failure under `CI=true`.

mod support;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one command may run before it is stopped and judged by its output so far.
const BUDGET: Duration = Duration::from_secs(10);

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
    let mut pending: Option<(usize, String)> = None;
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_sh = !in_sh && trimmed.trim_end() == "```sh";
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
        if !(joined.starts_with("boardlab ") || joined.starts_with("cargo run")) {
            continue;
        }
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
    if args.iter().any(|a| a.ends_with(".py")) {
        present &= support::python_chess();
    }
    present
}

/// What a run ended with.
struct Run {
    /// The exit status, or `None` when the budget ran out first.
    status: Option<i32>,
    stderr: String,
    elapsed: Duration,
}

fn run(args: &[String]) -> Run {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the boardlab binary starts");
    let mut stderr_pipe = child.stderr.take().expect("stderr is piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr_pipe.read_to_string(&mut text);
        text
    });
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for boardlab") {
            break Some(status.code().unwrap_or(-1));
        }
        if started.elapsed() >= BUDGET {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        status,
        stderr: reader.join().unwrap_or_default(),
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
    let (mut finished, mut stopped, mut checked_only, mut skipped) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for chapter in &chapters {
        for command in commands_in(chapter) {
            let Some(args) = boardlab_args(&command) else {
                checked_only += 1;
                continue;
            };
            if !outside_tools_present(&args) {
                skipped += 1;
                continue;
            }
            let result = run(&args);
            let error_line = result
                .stderr
                .lines()
                .find(|line| line.starts_with("error") || line.contains("panicked"));
            let verdict = match (result.status, error_line) {
                (None, None) => {
                    stopped += 1;
                    println!(
                        "{}: stopped after {:?}: {}",
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
    println!("{finished} finished, {stopped} stopped at the budget, {checked_only} checked without running, {skipped} skipped for a missing tool");
    assert!(
        failures.is_empty(),
        "commands in the book that fail:\n{}",
        failures.join("\n")
    );
    // The book's chapters hold many commands; finding few means the extraction broke.
    assert!(
        finished + stopped + skipped >= 30,
        "only {} commands were found",
        finished + stopped + skipped
    );
    assert!(finished >= 20, "only {finished} commands ran to the end");
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
    assert!(shell_words("boardlab hash --fen \"8/8").is_err());
}
