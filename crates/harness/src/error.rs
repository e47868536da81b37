//! The errors a command reports: each is one line on stderr and exit status 2.

use boardlab_backends::Unavailable;
use boardlab_core::{EpdError, FenError, MoveError};
use std::fmt;
use std::path::PathBuf;

/// Why a command could not do its work. `Display` gives one line, lowercase, naming what is
/// wrong.
#[derive(Debug)]
pub enum Error {
    /// A FEN given on the command line.
    Fen(FenError),
    /// A move given on the command line.
    Move(MoveError),
    /// A file that could not be read.
    Read(PathBuf, std::io::Error),
    /// A suite file with a bad line.
    Suite(PathBuf, EpdError),
    /// Arguments that parse but make no sense together, or a suite with nothing to run.
    Usage(String),
    /// Standard input of the UCI engine (`boardlab uci`) could not be read.
    Engine(String),
    /// A divide oracle (an outside program, or a board) that failed or answered something no
    /// correct move generator could: one line naming it, what was wrong and, for a program, the
    /// command it was given. With `--verbose`, the program's standard error follows.
    Oracle {
        /// The oracle as the user named it: a program's path or name, a board's name.
        name: String,
        /// What was wrong, as a clause: "exited with status 3".
        problem: String,
        /// What it was asked: "ran ./perft.py 1 '8/8/…'", "sent go perft 2".
        context: Option<String>,
        /// The program's standard error, kept only with `--verbose`.
        stderr: Option<String>,
    },
    /// A hash table of the requested size could not be allocated.
    Allocation(usize),
    /// A count was stopped before it finished.
    Stopped,
    /// Standard output was closed by the reader (as `boardlab perft --divide | head` does).
    /// Not a failure: the command stops quietly.
    BrokenPipe,
    /// Writing to standard output failed.
    Output(std::io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Fen(err) => write!(f, "{err}"),
            Error::Move(err) => write!(f, "{err}"),
            Error::Read(path, err) => {
                write!(f, "cannot read {}: {}", path.display(), io_clause(err))
            }
            Error::Suite(path, err) => write!(f, "{}: {err}", path.display()),
            Error::Usage(why) => write!(f, "{why}"),
            Error::Engine(why) => write!(f, "engine: {why}"),
            Error::Oracle {
                name,
                problem,
                context,
                stderr,
            } => {
                write!(f, "{name}: {problem}")?;
                if let Some(context) = context {
                    write!(f, " ({context})")?;
                }
                match stderr.as_deref() {
                    None => Ok(()),
                    Some("") => write!(f, "\n{name} wrote nothing on standard error"),
                    Some(text) => write!(f, "\n{name} wrote on standard error:\n{text}"),
                }
            }
            Error::Allocation(mb) => write!(f, "cannot allocate a hash table of {mb} MB"),
            Error::Stopped => write!(f, "the count was stopped before it finished"),
            Error::BrokenPipe => write!(f, "standard output was closed"),
            Error::Output(err) => write!(f, "cannot write to standard output: {}", io_clause(err)),
        }
    }
}

impl std::error::Error for Error {}

impl From<FenError> for Error {
    fn from(err: FenError) -> Error {
        Error::Fen(err)
    }
}

impl From<MoveError> for Error {
    fn from(err: MoveError) -> Error {
        Error::Move(err)
    }
}

impl From<Unavailable> for Error {
    /// A backend this processor cannot run is a bad argument, like any other.
    fn from(err: Unavailable) -> Error {
        Error::Usage(err.to_string())
    }
}

impl From<std::io::Error> for Error {
    fn from(err: std::io::Error) -> Error {
        if err.kind() == std::io::ErrorKind::BrokenPipe {
            Error::BrokenPipe
        } else {
            Error::Output(err)
        }
    }
}

/// An I/O error's message with a lowercase first letter and without the `(os error N)` tail,
/// so it reads as part of one sentence.
pub fn io_clause(err: &std::io::Error) -> String {
    let text = err.to_string();
    let text = match text.find(" (os error") {
        Some(cut) => &text[..cut],
        None => &text,
    };
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}
