//! The deadlines of `tests/support` hold: a child that hangs fails its test within its limit,
//! whether the test waits for it to end, feeds it input it never reads, reads its lines one
//! by one, or waits on output that a program it started keeps open.

use crate::support;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::{Deadline, OutputWithin};

/// A limit far shorter than the hang, so that only the deadline can end the test in time.
const LIMIT: Duration = Duration::from_secs(1);

/// The panic message of `f`, and how long it took to come.
fn fails(f: impl FnOnce() + std::panic::UnwindSafe) -> (String, Duration) {
    let started = Instant::now();
    let payload = std::panic::catch_unwind(f).expect_err("a hung child fails the test");
    let message = payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default();
    (message, started.elapsed())
}

fn sleeper() -> Command {
    let mut command = Command::new("sleep");
    command.arg("120");
    command
}

#[test]
fn a_child_that_outlives_its_limit_is_killed_and_fails() {
    let (message, took) = fails(|| {
        sleeper().output_within(LIMIT);
    });
    assert!(message.contains("was still running after 1s"), "{message}");
    assert!(took < Duration::from_secs(30), "{took:?}");
    let (message, _) = fails(|| {
        sleeper().status_within(LIMIT);
    });
    assert!(message.contains("was still running after 1s"), "{message}");
}

#[test]
fn a_child_that_never_reads_its_input_cannot_block_the_test() {
    // More than a pipe holds, so that a writer on the test's own thread would block.
    let input = "x".repeat(1 << 20);
    let (message, took) = fails(|| {
        support::feed_within(sleeper(), input, LIMIT);
    });
    assert!(message.contains("was still running after 1s"), "{message}");
    assert!(took < Duration::from_secs(30), "{took:?}");
}

#[test]
fn a_line_read_from_a_silent_child_ends_at_the_deadline() {
    let mut child = sleeper()
        .stdout(Stdio::piped())
        .spawn()
        .expect("sleep starts");
    let deadline = Deadline::watch(&child, "a silent sleep", LIMIT);
    let started = Instant::now();
    let mut line = String::new();
    let read = BufReader::new(child.stdout.take().unwrap()).read_line(&mut line);
    // The read ends because the child was killed, well before it would have ended itself.
    assert_eq!(read.ok(), Some(0));
    assert!(started.elapsed() < Duration::from_secs(30));
    let (message, _) = fails(std::panic::AssertUnwindSafe(|| deadline.check()));
    assert!(
        message.contains("a silent sleep was still running after 1s"),
        "{message}"
    );
    child.wait().ok();
}

#[test]
fn a_disarmed_deadline_leaves_the_child_alone() {
    let mut child = Killed(sleeper().spawn().expect("sleep starts"));
    drop(Deadline::watch(&child.0, "a sleep", LIMIT));
    std::thread::sleep(LIMIT * 2);
    assert!(
        child.0.try_wait().unwrap().is_none(),
        "the child was killed"
    );
}

/// Kills the child when the test ends, however it ends.
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        self.0.kill().ok();
        self.0.wait().ok();
    }
}

#[test]
fn output_held_open_by_a_grandchild_fails_once_the_child_has_exited() {
    // `sh` exits at once; the `sleep` it leaves behind holds the standard output open.
    let (message, took) = fails(|| {
        Command::new("sh")
            .args(["-c", "sleep 45 &"])
            .output_within(Duration::from_secs(60));
    });
    assert!(
        message.contains("exited, but its output stayed open"),
        "{message}"
    );
    assert!(took < Duration::from_secs(30), "{took:?}");
}
