//! Outside programs: finding them as a shell would, and running them so that no answer they
//! give (or fail to give) can hang, crash or fool the command.
//!
//! A [`Process`] reads the program's standard output on a thread of its own, line by line, and
//! hands the lines over a channel, so waiting for the next line can time out. Its standard error
//! is kept (the last few kilobytes) only when the user asked for `--verbose`; otherwise it is
//! thrown away, so a program's tracebacks never mix with boardlab's one-line errors. Dropping a
//! `Process` kills the program if it is still running.

use crate::Error;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How outside programs are run: how long they may stay silent, and whether their standard
/// error is kept for the error message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProgramOptions {
    /// How long the program may go without printing a line before it is given up on (after a
    /// UCI engine's start-up, which has [`STARTUP_ALLOWANCE`] when that is longer).
    pub timeout: Duration,
    /// Keep the program's standard error and show it when the program fails.
    pub verbose: bool,
}

impl Default for ProgramOptions {
    fn default() -> ProgramOptions {
        ProgramOptions {
            timeout: Duration::from_secs(60),
            verbose: false,
        }
    }
}

/// How long an engine may take over its first answers (`uciok`, `readyok`) whatever
/// `--timeout` says, when that is shorter. Starting an interpreter on a busy machine, or loading
/// an engine's network or tables, can take far longer than any answer afterwards, so the
/// silence budget of `--timeout` starts only once the engine has said it is ready.
pub const STARTUP_ALLOWANCE: Duration = Duration::from_secs(60);

/// Where Debian and Ubuntu install games such as Stockfish, outside the usual PATH of scripts
/// and services.
const EXTRA_SEARCH_DIRS: &[&str] = &["/usr/games"];

/// The program `name` stands for: a path when it contains a `/`, otherwise the first executable
/// file of that name in the directories of `PATH`, then in `/usr/games`. `None` when there is
/// no such program.
pub fn find_program(name: &str) -> Option<PathBuf> {
    if name.is_empty() {
        return None;
    }
    if name.contains('/') {
        let path = PathBuf::from(name);
        return path.is_file().then_some(path);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .filter(|dir| !dir.as_os_str().is_empty())
        .chain(EXTRA_SEARCH_DIRS.iter().map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}

/// A command line as a shell would need it typed: words with spaces or quotes are quoted.
pub fn shell_words(words: &[String]) -> String {
    words
        .iter()
        .map(|word| {
            let plain = !word.is_empty()
                && word
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "/._-+=:,@".contains(c));
            if plain {
                word.clone()
            } else {
                format!("'{}'", word.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The longest line kept from a program; the rest of such a line is dropped. No honest answer
/// comes anywhere near it.
const MAX_LINE_BYTES: u64 = 64 * 1024;

/// How much of a program's standard error is kept for `--verbose`: the last this many bytes.
const MAX_STDERR_BYTES: usize = 16 * 1024;

/// A running outside program (see the module docs).
pub struct Process {
    /// The program as the user named it, for messages.
    pub name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Option<Arc<Mutex<Vec<u8>>>>,
    timeout: Duration,
}

/// What went wrong while waiting for a program's next line.
pub enum Silence {
    /// The program closed its output (it exited, or is about to).
    Closed,
    /// Nothing came within the timeout.
    TimedOut,
}

impl Process {
    /// Starts `path` with `args`; `with_stdin` keeps a pipe to its standard input open (for
    /// UCI), otherwise it reads from `/dev/null`.
    pub fn start(
        name: &str,
        path: &Path,
        args: &[String],
        with_stdin: bool,
        options: ProgramOptions,
    ) -> Result<Process, std::io::Error> {
        let mut child = Command::new(path)
            .args(args)
            .stdin(if with_stdin {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(if options.verbose {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .spawn()?;
        let stdout = child.stdout.take();
        let (sender, lines) = channel();
        if let Some(stdout) = stdout {
            std::thread::spawn(move || {
                // Bytes that are not UTF-8 become U+FFFD: the parser reports them as garbage.
                let mut reader = BufReader::new(stdout);
                let mut buffer = Vec::new();
                loop {
                    buffer.clear();
                    match (&mut reader)
                        .take(MAX_LINE_BYTES)
                        .read_until(b'\n', &mut buffer)
                    {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            if buffer.last() != Some(&b'\n')
                                && buffer.len() as u64 == MAX_LINE_BYTES
                            {
                                // Skip the rest of an overlong line.
                                let mut rest = Vec::new();
                                if reader.read_until(b'\n', &mut rest).is_err() {
                                    break;
                                }
                            }
                            let line = String::from_utf8_lossy(&buffer).trim_end().to_string();
                            if sender.send(line).is_err() {
                                break;
                            }
                        }
                    }
                }
            });
        }
        let stderr = match child.stderr.take() {
            Some(mut pipe) => {
                let kept = Arc::new(Mutex::new(Vec::new()));
                let writer = Arc::clone(&kept);
                std::thread::spawn(move || {
                    let mut chunk = [0u8; 4096];
                    while let Ok(read @ 1..) = pipe.read(&mut chunk) {
                        let Ok(mut kept) = writer.lock() else { break };
                        kept.extend_from_slice(&chunk[..read]);
                        let excess = kept.len().saturating_sub(MAX_STDERR_BYTES);
                        kept.drain(..excess);
                    }
                });
                Some(kept)
            }
            None => None,
        };
        let stdin = child.stdin.take();
        Ok(Process {
            name: name.to_string(),
            child,
            stdin,
            lines,
            stderr,
            timeout: options.timeout,
        })
    }

    /// The pipe to the program's standard input, when it was started with one.
    pub fn stdin(&mut self) -> Option<&mut ChildStdin> {
        self.stdin.as_mut()
    }

    /// The program's next line of output, waiting at most the timeout for it.
    pub fn next_line(&mut self) -> Result<String, Silence> {
        self.next_line_within(self.timeout)
    }

    /// The program's next line of output, waiting at most `limit` for it.
    pub fn next_line_within(&mut self, limit: Duration) -> Result<String, Silence> {
        match self.lines.recv_timeout(limit) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Disconnected) => Err(Silence::Closed),
            Err(RecvTimeoutError::Timeout) => Err(Silence::TimedOut),
        }
    }

    /// How long the running program may stay silent.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// The timeout, in words: "3 s".
    pub fn timeout_text(&self) -> String {
        seconds_text(self.timeout)
    }

    /// The timeout the program's start-up is held to: [`STARTUP_ALLOWANCE`], or the timeout
    /// when that is longer.
    pub fn startup_allowance(&self) -> Duration {
        self.timeout.max(STARTUP_ALLOWANCE)
    }

    /// Waits up to `limit` for the program to exit and describes how it ended: `None` while it
    /// is still running.
    pub fn exit_status(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + limit;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The standard error kept so far (with `--verbose`), trimmed; `None` when it is not kept.
    pub fn stderr_text(&self) -> Option<String> {
        let kept = self.stderr.as_ref()?;
        let bytes = kept.lock().ok()?.clone();
        Some(String::from_utf8_lossy(&bytes).trim_end().to_string())
    }

    /// Stops the program now.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The error for a program that failed: its name, what was wrong, the command it was given
    /// and, with `--verbose`, what it wrote on standard error.
    pub fn failure(&self, problem: impl Into<String>, command: &str) -> Error {
        Error::Oracle {
            name: self.name.clone(),
            problem: problem.into(),
            context: Some(command.to_string()),
            stderr: self.stderr_text(),
        }
    }
}

/// A duration in words: "3 s", "0.5 s".
pub fn seconds_text(duration: Duration) -> String {
    format!("{} s", duration.as_secs_f64())
}

/// How a program ended, in words: "exited with status 3", "was killed by signal 9".
pub fn describe_exit(status: std::process::ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exited with status {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("was killed by signal {signal}");
        }
    }
    format!("ended ({status})")
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
    }
}
