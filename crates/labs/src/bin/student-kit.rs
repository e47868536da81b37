//! Writes the workspace students get: boardlab with the labs as stubs, the students' book and a
//! README that says how the labs are graded, and nothing of the instructors' (no reference solutions,
//! no `solutions` feature, no instructors' guide, none of the root package's tests).
//! The labs' tests are the students' side of them: without their grading-only parts, so without
//! any reference that would answer an exercise, whose recorded figures the checks read instead;
//! the command refuses to finish a copy whose tests define one (`kit::MODELS`, and every item
//! of the grading-only parts).
//!
//! ```sh
//! cargo run -p boardlab-labs --bin student-kit -- OUT
//! cargo run -p boardlab-labs --bin student-kit -- --solved OUT
//! ```
//!
//! `OUT` must not exist or be empty: the command refuses a non-empty directory in one line,
//! with exit status 2, and writes nothing. `--solved` writes the same copy with the reference
//! solutions in place of the stubs (still without the feature), which is how the repository's
//! test shows that the students' copy passes with a real answer in it.

// What `grade` shares with this program, of which this one uses a part.
#[allow(dead_code)]
mod kit;

use kit::{audit, repository, write_copy, Copy, Labs};
use std::fs;
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (labs, out) = match args.as_slice() {
        [out] if !out.starts_with('-') => (Labs::Stubs, out),
        [flag, out] if flag == "--solved" => (Labs::Solved, out),
        _ => {
            eprintln!("error: usage: student-kit [--solved] OUT");
            return ExitCode::from(2);
        }
    };
    let out = Path::new(out);
    let occupied = fs::read_dir(out).is_ok_and(|mut entries| entries.next().is_some());
    if occupied || (out.exists() && !out.is_dir()) {
        eprintln!(
            "error: {} exists and is not empty; give a new or empty directory",
            out.display()
        );
        return ExitCode::from(2);
    }
    let written = Copy::new(out).and_then(|mut copy| write_copy(&repository(), &mut copy, labs));
    match written.and_then(|()| audit(out, labs)) {
        Ok(()) => {
            println!("{}", out.display());
            ExitCode::SUCCESS
        }
        Err(problem) => {
            eprintln!("error: {problem}");
            ExitCode::FAILURE
        }
    }
}
