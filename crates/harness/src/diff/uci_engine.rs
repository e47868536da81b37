//! A UCI engine run as a child process, asked for perft divides as Stockfish answers them.
//!
//! After `position fen … moves …` and `go perft N`, Stockfish prints one `e2e4: 20` line per
//! legal move, a blank line and `Nodes searched: N`. Anything else in that answer (except
//! `info` lines) is treated as garbage; an engine that exits, or goes quiet for longer than the
//! timeout once it has started, is reported, never waited on forever.

use super::oracle::MAX_MOVE_LINES;
use super::oracle::{adding_up, moves_after, read_answer, Divide, DivideOracle};
use super::program::{describe_exit, seconds_text, Process, ProgramOptions, Silence};
use crate::error::io_clause;
use crate::{Error, Position};
use boardlab_core::UciMove;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// A running UCI engine, as a [`DivideOracle`].
pub struct UciEngine {
    process: Process,
    /// The root the engine is pointed at, given to it as its FEN as the user wrote it and its
    /// moves: a question about another root points it there first.
    root: Position,
    /// The commands of the current exchange, for messages about its answer.
    sent: Vec<String>,
}

impl UciEngine {
    /// Starts the engine at `path` (named `name` in messages) pointed at `root`, and
    /// waits for `uciok` and `readyok`, each within the start-up allowance (see
    /// [`STARTUP_ALLOWANCE`](super::program::STARTUP_ALLOWANCE)): the timeout applies to the
    /// answers after them.
    ///
    /// # Errors
    ///
    /// [`Error::Oracle`] when it cannot be started, exits, or does not answer within the
    /// start-up allowance.
    pub fn start(
        name: &str,
        path: &Path,
        root: &Position,
        options: ProgramOptions,
    ) -> Result<UciEngine, Error> {
        let process =
            Process::start(name, path, &[], true, options).map_err(|err| Error::Oracle {
                name: name.to_string(),
                problem: format!("cannot be started: {}", io_clause(&err)),
                context: Some(format!("ran {}", path.display())),
                stderr: None,
            })?;
        let mut engine = UciEngine {
            process,
            root: root.clone(),
            sent: Vec::new(),
        };
        engine.exchange(&["uci"])?;
        engine.wait_for("uciok", Waiting::StartUp)?;
        if engine.root.king_takes_rook() {
            // Without it an engine writes Chess960 castling as the king's move, or misreads
            // the position.
            engine.exchange(&["setoption name UCI_Chess960 value true", "isready"])?;
        } else {
            engine.exchange(&["isready"])?;
        }
        engine.wait_for("readyok", Waiting::StartUp)?;
        Ok(engine)
    }

    /// Points the engine at another root, for a command that asks about many positions
    /// (`boardlab check`), without starting it again: a new game, and Chess960 turned on or off
    /// when the new root needs it otherwise.
    ///
    /// # Errors
    ///
    /// [`Error::Oracle`] when the engine exits or does not answer within the timeout.
    fn set_root(&mut self, root: &Position) -> Result<(), Error> {
        let chess960 = root.king_takes_rook();
        let mut commands = vec!["ucinewgame".to_string()];
        if chess960 != self.root.king_takes_rook() {
            commands.push(format!("setoption name UCI_Chess960 value {chess960}"));
        }
        commands.push("isready".to_string());
        self.root = root.clone();
        let commands: Vec<&str> = commands.iter().map(String::as_str).collect();
        self.exchange(&commands)?;
        self.wait_for("readyok", Waiting::Answer)
    }

    /// Starts a new exchange: sends `commands`, one per line.
    fn exchange(&mut self, commands: &[&str]) -> Result<(), Error> {
        self.sent = commands.iter().map(|c| c.to_string()).collect();
        let written = match self.process.stdin() {
            Some(stdin) => commands
                .iter()
                .try_for_each(|command| writeln!(stdin, "{command}"))
                .and_then(|()| stdin.flush()),
            None => Ok(()),
        };
        written.map_err(|_| self.died())
    }

    fn failure(&self, problem: String) -> Error {
        self.process
            .failure(problem, &format!("sent: {}", self.sent.join("; ")))
    }

    /// The error for an engine whose pipes closed: it exited, or is about to.
    fn died(&mut self) -> Error {
        let problem = match self.process.exit_status(Duration::from_millis(500)) {
            Some(status) => describe_exit(status),
            None => "closed its output".to_string(),
        };
        self.failure(problem)
    }

    /// The next line of an answer, which may keep the engine silent for the timeout at most.
    fn next_line(&mut self, waiting_for: &str) -> Result<String, Error> {
        match self.process.next_line() {
            Ok(line) => Ok(line),
            Err(Silence::Closed) => Err(self.died()),
            Err(Silence::TimedOut) => Err(self.failure(format!(
                "sent nothing for {} while {waiting_for} was awaited (see --timeout)",
                self.process.timeout_text()
            ))),
        }
    }

    /// Reads lines until `token`, one of the start-up answers, all within the start-up
    /// allowance.
    /// Reads lines until `token`, within the start-up allowance while the engine starts and
    /// within the timeout afterwards.
    fn wait_for(&mut self, token: &str, waiting: Waiting) -> Result<(), Error> {
        let allowance = match waiting {
            Waiting::StartUp => self.process.startup_allowance(),
            Waiting::Answer => self.process.timeout(),
        };
        let deadline = Instant::now() + allowance;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.process.next_line_within(left) {
                Ok(line) if line.trim() == token => return Ok(()),
                Ok(_) => {}
                Err(Silence::Closed) => return Err(self.died()),
                Err(Silence::TimedOut) => {
                    return Err(self.failure(format!(
                        "did not send {token} within {}{}",
                        seconds_text(allowance),
                        match waiting {
                            Waiting::StartUp => " of starting",
                            Waiting::Answer => "",
                        }
                    )))
                }
            }
        }
    }

    fn garbage(&self, line: &str) -> Error {
        let shown: String = line.chars().take(60).collect();
        self.failure(format!(
            "answered {shown:?}, expected lines such as \"e2e4: 20\" and \"Nodes searched: 400\""
        ))
    }
}

/// Which allowance a wait for the engine is held to.
#[derive(Clone, Copy)]
enum Waiting {
    /// The engine is starting: `Process::startup_allowance`.
    StartUp,
    /// The engine is running: the timeout.
    Answer,
}

impl DivideOracle for UciEngine {
    fn name(&self) -> &str {
        &self.process.name
    }

    /// The engine's divide of the position `path` reaches from `root`, to `depth` plies: each
    /// move with its count, in the engine's order.
    fn divide(&mut self, root: &Position, path: &[UciMove], depth: u32) -> Result<Divide, Error> {
        if !self.root.same_game(root) {
            self.set_root(root)?;
        }
        let mut position = format!("position fen {}", self.root.given_fen());
        if let Some(played) = moves_after(&self.root, path) {
            position.push_str(" moves ");
            position.push_str(&played);
        }
        self.exchange(&[&position, &format!("go perft {depth}")])?;
        let mut answer = Vec::new();
        loop {
            let line = self.next_line("the answer to go perft")?;
            let line = line.trim();
            if line.is_empty() || line.starts_with("info") {
                continue;
            }
            if let Some(total) = line.strip_prefix("Nodes searched:") {
                let total: u64 = total.trim().parse().map_err(|_| self.garbage(line))?;
                let said = format!("it reported {total} nodes");
                return adding_up(answer, total, &said)
                    .and_then(|answer| read_answer(answer, root, path))
                    .map_err(|problem| self.failure(problem));
            }
            let (mv, count) = line.split_once(':').ok_or_else(|| self.garbage(line))?;
            let count: u64 = count.trim().parse().map_err(|_| self.garbage(line))?;
            if mv.contains(char::is_whitespace) || answer.len() == MAX_MOVE_LINES {
                return Err(self.garbage(line));
            }
            answer.push((mv.to_string(), count));
        }
    }

    fn broken(&self, problem: String) -> Error {
        self.failure(problem)
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        // Ask politely first; dropping the process kills what is still running.
        if self.exchange(&["quit"]).is_ok() {
            self.process.exit_status(Duration::from_millis(300));
        }
    }
}
