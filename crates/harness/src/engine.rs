//! A UCI engine run as a child process, asked for perft divides as Stockfish answers them.
//!
//! After `position fen … moves …` and `go perft N`, Stockfish prints one `e2e4: 20` line per
//! legal move, a blank line and `Nodes searched: N`. Anything else in that answer (except
//! `info` lines) is treated as garbage; an engine that exits or goes quiet for longer than the
//! timeout is reported, never waited on forever.

use crate::Error;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A running UCI engine.
pub struct UciEngine {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
}

impl UciEngine {
    /// Starts the engine at `path` and waits for `uciok` and `readyok`.
    ///
    /// # Errors
    ///
    /// [`Error::Engine`] when it cannot be started, exits, or does not answer within
    /// `timeout`.
    pub fn start(path: &Path, timeout: Duration) -> Result<UciEngine, Error> {
        let name = path.display().to_string();
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|err| {
                Error::Engine(format!(
                    "cannot start {name}: {}",
                    crate::error::lower(&err)
                ))
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(Error::Engine(format!("cannot talk to {name}")));
        };
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            // Bytes that are not UTF-8 become U+FFFD, so garbage is reported, not fatal here.
            let mut reader = BufReader::new(stdout);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match reader.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buffer).trim_end().to_string();
                        if sender.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut engine = UciEngine {
            name,
            child,
            stdin,
            lines,
            timeout,
        };
        engine.send("uci")?;
        engine.wait_for("uciok")?;
        engine.send("isready")?;
        engine.wait_for("readyok")?;
        Ok(engine)
    }

    /// The path the engine was started from.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn send(&mut self, command: &str) -> Result<(), Error> {
        let sent = writeln!(self.stdin, "{command}").and_then(|()| self.stdin.flush());
        sent.map_err(|_| self.died())
    }

    /// The error for an engine that stopped answering because it is gone.
    fn died(&mut self) -> Error {
        // Give the process a moment to be reaped so its status can be reported.
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Error::Engine(format!("{} exited ({status})", self.name));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        Error::Engine(format!("{} closed its output", self.name))
    }

    fn next_line(&mut self, waiting_for: &str) -> Result<String, Error> {
        match self.lines.recv_timeout(self.timeout) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Disconnected) => Err(self.died()),
            Err(RecvTimeoutError::Timeout) => Err(Error::Engine(format!(
                "{} sent nothing for {} s while waiting for {waiting_for} (see --timeout)",
                self.name,
                self.timeout.as_secs_f64()
            ))),
        }
    }

    fn wait_for(&mut self, token: &str) -> Result<(), Error> {
        while self.next_line(token)?.trim() != token {}
        Ok(())
    }

    /// The engine's divide of the position `fen` after `moves`, to `depth` plies: each legal
    /// move in UCI text with its count, in the engine's order.
    ///
    /// # Errors
    ///
    /// [`Error::Engine`] when the engine dies, stalls, or answers anything but a divide whose
    /// counts add up to its total.
    pub fn divide(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
    ) -> Result<Vec<(String, u64)>, Error> {
        let mut position = format!("position fen {fen}");
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.send(&position)?;
        self.send(&format!("go perft {depth}"))?;
        let mut divide = Vec::new();
        loop {
            let line = self.next_line("the answer to go perft")?;
            let line = line.trim();
            if line.is_empty() || line.starts_with("info") {
                continue;
            }
            if let Some(total) = line.strip_prefix("Nodes searched:") {
                let total: u64 = total.trim().parse().map_err(|_| self.garbage(line))?;
                let sum: u64 = divide.iter().map(|(_, n)| n).sum();
                if sum != total && !(depth == 0 && divide.is_empty()) {
                    return Err(Error::Engine(format!(
                        "{} reported {total} nodes, but its moves add up to {sum}",
                        self.name
                    )));
                }
                return Ok(divide);
            }
            let (mv, count) = line.split_once(':').ok_or_else(|| self.garbage(line))?;
            let count: u64 = count.trim().parse().map_err(|_| self.garbage(line))?;
            if !looks_like_uci_move(mv) {
                return Err(self.garbage(line));
            }
            divide.push((mv.to_string(), count));
        }
    }

    fn garbage(&self, line: &str) -> Error {
        let shown: String = line.chars().take(60).collect();
        Error::Engine(format!(
            "{} answered {shown:?} to go perft, expected lines such as \"e2e4: 20\" and \"Nodes searched: 400\"",
            self.name
        ))
    }
}

/// Whether `text` is a move in UCI's long algebraic form (`e2e4`, `e7e8q`).
fn looks_like_uci_move(text: &str) -> bool {
    let b = text.as_bytes();
    let square =
        |file: u8, rank: u8| (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank);
    match b.len() {
        4 => square(b[0], b[1]) && square(b[2], b[3]),
        5 => square(b[0], b[1]) && square(b[2], b[3]) && b"nbrq".contains(&b[4]),
        _ => false,
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let deadline = Instant::now() + Duration::from_millis(300);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_move_shapes() {
        assert!(looks_like_uci_move("e2e4"));
        assert!(looks_like_uci_move("a7a8q"));
        assert!(!looks_like_uci_move("e2e9"));
        assert!(!looks_like_uci_move("e7e8k"));
        assert!(!looks_like_uci_move("Nodes"));
        assert!(!looks_like_uci_move(""));
    }

    #[test]
    fn a_missing_engine_is_an_error_not_a_panic() {
        let err = UciEngine::start(Path::new("/nonexistent/engine"), Duration::from_secs(1))
            .err()
            .expect("no such engine");
        assert!(err.to_string().starts_with("engine: cannot start"), "{err}");
    }
}
