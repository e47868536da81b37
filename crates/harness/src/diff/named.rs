//! What a name on the command line stands for when a command asks for a divide oracle: a
//! registered backend, or an outside program spoken to in one of two protocols.

use super::oracle::DivideOracle;
use super::perftree_program::PerftreeProgram;
use super::program::{find_program, ProgramOptions};
use super::uci_engine::UciEngine;
use crate::{board_type, Backend, Error, Position};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// How an outside program is spoken to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Protocol {
    /// A UCI engine answering `go perft N` as Stockfish does.
    #[default]
    Uci,
    /// A program run as `PROGRAM DEPTH FEN [MOVES]` printing `move count` lines, a blank line
    /// and the total, as the perftree tool runs its scripts.
    Perftree,
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Protocol::Uci => "uci",
            Protocol::Perftree => "perftree",
        })
    }
}

/// A registered backend as a divide oracle, its divides given up with [`Error::Stopped`] once
/// `stop`, if given, is raised.
///
/// # Errors
///
/// A backend this processor cannot run.
pub fn backend_oracle(
    backend: Backend,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Box<dyn DivideOracle>, Error> {
    Ok(board_type(backend.available()?).oracle(stop))
}

/// What a name on the command line stands for: a backend, or an outside program.
pub enum Named {
    /// A backend of the registry.
    Backend(Backend),
    /// An outside program, at this path.
    Program(PathBuf),
}

/// What `name` stands for: a backend's name, or else an outside program (a path, or a bare name
/// looked up on `PATH` and in `/usr/games`).
///
/// # Errors
///
/// [`Error::Usage`] when the name is neither.
pub fn named(name: &str) -> Result<Named, Error> {
    if let Some(backend) = Backend::named(name) {
        return Ok(Named::Backend(backend));
    }
    let Some(path) = find_program(name) else {
        let place = if name.contains('/') {
            "no such file"
        } else {
            "no program of that name on PATH or in /usr/games"
        };
        return Err(Error::Usage(format!(
            "{name:?} is neither a backend ({}) nor a program: {place}",
            Backend::names()
        )));
    };
    Ok(Named::Program(path))
}

/// The oracle a name on the command line stands for (see [`named`]), an outside program spoken
/// to in `protocol` (a UCI engine is started pointed at `first`, the first root it will be
/// asked about).
///
/// # Errors
///
/// [`Error::Usage`] when the name is neither a backend nor a program, and the program's
/// [`Error::Oracle`] when it cannot be started.
pub fn oracle_named(
    name: &str,
    protocol: Protocol,
    first: &Position,
    options: ProgramOptions,
) -> Result<Box<dyn DivideOracle>, Error> {
    match named(name)? {
        Named::Backend(backend) => backend_oracle(backend, None),
        Named::Program(path) => program_oracle(name, &path, protocol, first, options),
    }
}

/// The program at `path`, named `name` in reports, spoken to in `protocol` (a UCI engine is
/// started pointed at `first`, the first root it will be asked about).
///
/// # Errors
///
/// [`Error::Oracle`] when a UCI engine cannot be started.
pub fn program_oracle(
    name: &str,
    path: &Path,
    protocol: Protocol,
    first: &Position,
    options: ProgramOptions,
) -> Result<Box<dyn DivideOracle>, Error> {
    Ok(match protocol {
        Protocol::Uci => Box::new(UciEngine::start(name, path, first, options)?),
        Protocol::Perftree => Box::new(PerftreeProgram::new(name, path, options)),
    })
}
