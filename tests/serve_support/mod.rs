//! A `boardlab serve` process for the tests of its API and pages: started on a free port, its
//! address read from the line it prints, killed when dropped.

use crate::support::Deadline;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// How long the server may take to say where it listens.
const PATIENCE: std::time::Duration = std::time::Duration::from_secs(120);

/// A running `boardlab serve`.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT`, without the last slash.
    pub base: String,
}

impl Server {
    /// `boardlab serve --port 0` with `args`, and `env` set for the programs it runs.
    pub fn start(args: &[&str], env: &[(&str, &str)]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_boardlab"));
        command
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        for var in ["PLANTED_BUG", "BROKEN", "FIXTURE_LOG", "BOARDLAB_BACKEND"] {
            command.env_remove(var);
        }
        command.envs(env.iter().copied());
        let mut child = command.spawn().expect("boardlab serve starts");
        let deadline = Deadline::watch(&child, "boardlab serve, before its address", PATIENCE);
        let mut line = String::new();
        let stdout = child.stdout.take().expect("stdout is piped");
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("boardlab serve prints its address");
        deadline.check();
        let base = line
            .trim()
            .strip_prefix("boardlab serve: listening on ")
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
            .trim_end_matches('/')
            .to_string();
        Server { child, base }
    }

    /// The address of `path` on this server.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
