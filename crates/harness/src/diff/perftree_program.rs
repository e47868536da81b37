//! perftree's script protocol, from the side that runs the script.
//!
//! The perftree tool debugs a move generator by running it as `PROGRAM DEPTH FEN [MOVES]`:
//! MOVES is one argument, the UCI moves played from FEN separated by spaces, left out when there
//! are none. The program prints one `move count` line per legal move, a blank line, and the
//! total. [`PerftreeProgram`] runs a program that way, once per question, and checks what it
//! printed. (`boardlab perftree` is the other side, writing such answers: see
//! [`DivideFormat`](crate::perft::DivideFormat).)

use super::oracle::MAX_MOVE_LINES;
use super::oracle::{adding_up, moves_after, read_answer, Divide, DivideOracle};
use super::program::{describe_exit, shell_words, Process, ProgramOptions, Silence};
use crate::error::io_clause;
use crate::{Error, Position};
use boardlab_core::UciMove;
use std::path::{Path, PathBuf};

/// An outside program spoken to in perftree's protocol, as a [`DivideOracle`]: run once per
/// question, as the protocol has it, so any root may be asked about.
pub struct PerftreeProgram {
    name: String,
    path: PathBuf,
    options: ProgramOptions,
    /// The command line of the last run, for messages about its answer.
    last_command: String,
    /// What the last run wrote on standard error, with `--verbose`.
    last_stderr: Option<String>,
}

impl PerftreeProgram {
    /// The program at `path`, named `name` in messages.
    pub fn new(name: &str, path: &Path, options: ProgramOptions) -> PerftreeProgram {
        PerftreeProgram {
            name: name.to_string(),
            path: path.to_path_buf(),
            options,
            last_command: String::new(),
            last_stderr: None,
        }
    }

    /// The arguments for a divide of the position `path` reaches from `root`, `depth` plies
    /// deep: the FEN as the user wrote it, and the root's moves followed by the path.
    fn arguments(root: &Position, path: &[UciMove], depth: u32) -> Vec<String> {
        let mut args = vec![depth.to_string(), root.given_fen().to_string()];
        args.extend(moves_after(root, path));
        args
    }

    fn failure(&self, problem: String) -> Error {
        Error::Oracle {
            name: self.name.clone(),
            problem,
            context: Some(format!("ran {}", self.last_command)),
            stderr: self.last_stderr.clone(),
        }
    }

    /// Runs the program and returns its lines of output, once it has exited successfully.
    fn run(&mut self, args: &[String]) -> Result<Vec<String>, Error> {
        let mut words = vec![self.name.clone()];
        words.extend(args.iter().cloned());
        self.last_command = shell_words(&words);
        self.last_stderr = None;
        let mut process = Process::start(&self.name, &self.path, args, false, self.options)
            .map_err(|err| self.failure(format!("cannot be started: {}", io_clause(&err))))?;
        let mut lines = Vec::new();
        loop {
            match process.next_line() {
                Ok(line) => lines.push(line),
                Err(Silence::Closed) => break,
                Err(Silence::TimedOut) => {
                    process.kill();
                    self.last_stderr = process.stderr_text();
                    let what = if lines.is_empty() {
                        "printed nothing".to_string()
                    } else {
                        format!("went silent after {} lines", lines.len())
                    };
                    return Err(self.failure(format!(
                        "{what} for {} and was stopped (see --timeout)",
                        process.timeout_text()
                    )));
                }
            }
        }
        let status = process.exit_status(self.options.timeout);
        self.last_stderr = process.stderr_text();
        match status {
            None => {
                process.kill();
                Err(self.failure(format!(
                    "closed its output but was still running {} later, and was stopped",
                    process.timeout_text()
                )))
            }
            Some(status) if !status.success() => Err(self.failure(describe_exit(status))),
            Some(_) => Ok(lines),
        }
    }
}

impl DivideOracle for PerftreeProgram {
    fn name(&self) -> &str {
        &self.name
    }

    fn divide(&mut self, root: &Position, path: &[UciMove], depth: u32) -> Result<Divide, Error> {
        let lines = self.run(&Self::arguments(root, path, depth))?;
        parse_answer(&lines)
            .and_then(|answer| read_answer(answer, root, path))
            .map_err(|problem| self.failure(problem))
    }

    fn broken(&self, problem: String) -> Error {
        self.failure(problem)
    }
}

/// Reads a perftree answer: `move count` lines, a blank line, the total. Blank lines are
/// allowed anywhere; the last non-blank line is the total, and the counts must add up to it.
/// The moves are left as written, for [`read_answer`] to read.
///
/// # Errors
///
/// What is wrong with the answer, as a clause that follows the program's name.
pub fn parse_answer(lines: &[String]) -> Result<Vec<(String, u64)>, String> {
    let words: Vec<&str> = lines
        .iter()
        .map(|line| line.trim())
        .filter(|line| !line.is_empty())
        .collect();
    let Some((total_line, move_lines)) = words.split_last() else {
        return Err("printed nothing".to_string());
    };
    let expected = "expected \"move count\" lines, a blank line and the total";
    let shown = |line: &str| line.chars().take(60).collect::<String>();
    let total: u64 = total_line.parse().map_err(|_| {
        format!(
            "ended with {:?} where the total belongs; {expected}",
            shown(total_line)
        )
    })?;
    if move_lines.len() > MAX_MOVE_LINES {
        return Err(format!(
            "printed {} move lines; no valid position has more than {MAX_MOVE_LINES} legal moves",
            move_lines.len()
        ));
    }
    let mut answer = Vec::with_capacity(move_lines.len());
    for line in move_lines {
        let parsed = match line.split_whitespace().collect::<Vec<_>>()[..] {
            [mv, count] => count.parse::<u64>().ok().map(|count| (mv, count)),
            _ => None,
        };
        let Some((mv, count)) = parsed else {
            return Err(format!("printed {:?}; {expected}", shown(line)));
        };
        answer.push((mv.to_string(), count));
    }
    adding_up(answer, total, &format!("it printed the total {total}"))
}
