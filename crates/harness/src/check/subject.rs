//! The two sides of a check: boardlab's reference backend and the generator under test, each
//! asked about many positions, and the answers they have given.
//!
//! A [divide oracle](crate::DivideOracle) is made for one root. `check` asks about hundreds of
//! roots, so each side is a [`Subject`]: it divides below any root it is handed, a program
//! started once (a UCI engine is pointed at each new root; a perftree program is run per
//! question anyway). [`Asked`] turns a subject and one root into the oracle the comparison and
//! the [descent](crate::diff()) ask, and keeps every answer, so that the descent asks nothing
//! the comparison already asked.

use crate::diff::oracle::{Divide, DivideOracle};
use crate::diff::perftree_program::PerftreeProgram;
use crate::diff::program::ProgramOptions;
use crate::diff::uci_engine::UciEngine;
use crate::{BoardOracle, Error, Position};
use boardlab_core::Board;
use std::collections::HashMap;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A move generator that divides below any root it is handed.
pub(crate) trait Subject: Send {
    /// Its name in reports: a backend's name, or a program as the user named it.
    fn name(&self) -> &str;

    /// The count below each legal move of the position `path` reaches from `root`, `depth`
    /// plies deep (see [`DivideOracle::divide`]).
    fn divide(&mut self, root: &Position, path: &[String], depth: u32) -> Result<Divide, Error>;

    /// The error for an answer that cannot be right (see [`DivideOracle::broken`]).
    fn broken(&self, problem: String) -> Error;
}

/// A [`Board`] as a subject: a backend, or a board from outside boardlab.
pub(crate) struct BoardSubject<B> {
    name: String,
    board: PhantomData<fn() -> B>,
}

impl<B: Board> BoardSubject<B> {
    /// The subject for board type `B`, named `name` in reports.
    pub fn new(name: impl Into<String>) -> BoardSubject<B> {
        BoardSubject {
            name: name.into(),
            board: PhantomData,
        }
    }
}

impl<B: Board> Subject for BoardSubject<B> {
    fn name(&self) -> &str {
        &self.name
    }

    fn divide(&mut self, root: &Position, path: &[String], depth: u32) -> Result<Divide, Error> {
        // The board's own oracle, so that a board that cannot play the root is refused there.
        BoardOracle::<B>::new(root)?
            .named(self.name.clone())
            .divide(path, depth)
    }

    fn broken(&self, problem: String) -> Error {
        Error::Oracle {
            name: self.name.clone(),
            problem,
            context: None,
            stderr: None,
        }
    }
}

/// A program speaking perftree's protocol: run once per question, as the protocol has it.
pub(crate) struct PerftreeSubject {
    name: String,
    path: PathBuf,
    options: ProgramOptions,
    /// The last run, whose command line goes into the error for an answer that cannot be right.
    last: Option<PerftreeProgram>,
}

impl PerftreeSubject {
    /// The program at `path`, named `name` in reports.
    pub fn new(name: &str, path: &Path, options: ProgramOptions) -> PerftreeSubject {
        PerftreeSubject {
            name: name.to_string(),
            path: path.to_path_buf(),
            options,
            last: None,
        }
    }
}

impl Subject for PerftreeSubject {
    fn name(&self) -> &str {
        &self.name
    }

    fn divide(&mut self, root: &Position, path: &[String], depth: u32) -> Result<Divide, Error> {
        let program = self.last.insert(PerftreeProgram::new(
            &self.name,
            &self.path,
            root,
            self.options,
        ));
        program.divide(path, depth)
    }

    fn broken(&self, problem: String) -> Error {
        match &self.last {
            Some(program) => program.broken(problem),
            None => Error::Oracle {
                name: self.name.clone(),
                problem,
                context: None,
                stderr: None,
            },
        }
    }
}

/// A UCI engine, started once and pointed at each root in turn.
pub(crate) struct UciSubject {
    engine: UciEngine,
    /// The root the engine was last pointed at, as its FEN and moves.
    root: (String, Vec<String>),
}

impl UciSubject {
    /// Starts the engine at `path`, named `name` in reports, pointed at `first`.
    ///
    /// # Errors
    ///
    /// [`Error::Oracle`] when it cannot be started or does not answer.
    pub fn start(
        name: &str,
        path: &Path,
        first: &Position,
        options: ProgramOptions,
    ) -> Result<UciSubject, Error> {
        Ok(UciSubject {
            engine: UciEngine::start(name, path, first, options)?,
            root: root_key(first),
        })
    }
}

/// A root as a program is shown it: the FEN and the moves played from it.
fn root_key(root: &Position) -> (String, Vec<String>) {
    (root.fen(), root.move_texts().to_vec())
}

impl Subject for UciSubject {
    fn name(&self) -> &str {
        self.engine.name()
    }

    fn divide(&mut self, root: &Position, path: &[String], depth: u32) -> Result<Divide, Error> {
        let key = root_key(root);
        if key != self.root {
            self.engine.set_root(root)?;
            self.root = key;
        }
        self.engine.divide(path, depth)
    }

    fn broken(&self, problem: String) -> Error {
        self.engine.broken(problem)
    }
}

/// The answers one subject gave about one checked position, by the moves from that position
/// and the depth: a question asked twice is answered from here.
pub(crate) type Answers = HashMap<(Vec<String>, u32), Divide>;

/// A subject asked about one root: the divide oracle the comparison and the descent share,
/// answering from [`Answers`] what was asked before, and refusing once the deadline has passed.
pub(crate) struct Asked<'a> {
    subject: &'a mut dyn Subject,
    root: &'a Position,
    answers: &'a mut Answers,
    deadline: Option<Instant>,
    /// How many questions reached the subject (the rest were answered from `answers`).
    pub asked: usize,
}

impl<'a> Asked<'a> {
    /// `subject` asked about positions below `root`, with `answers` kept in `answers`.
    pub fn new(
        subject: &'a mut dyn Subject,
        root: &'a Position,
        answers: &'a mut Answers,
        deadline: Option<Instant>,
    ) -> Asked<'a> {
        Asked {
            subject,
            root,
            answers,
            deadline,
            asked: 0,
        }
    }
}

impl DivideOracle for Asked<'_> {
    fn name(&self) -> &str {
        self.subject.name()
    }

    fn divide(&mut self, path: &[String], depth: u32) -> Result<Divide, Error> {
        let key = (path.to_vec(), depth);
        if let Some(answer) = self.answers.get(&key) {
            return Ok(answer.clone());
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Err(Error::Stopped);
        }
        let answer = self.subject.divide(self.root, path, depth)?;
        self.asked += 1;
        self.answers.insert(key, answer.clone());
        Ok(answer)
    }

    fn broken(&self, problem: String) -> Error {
        self.subject.broken(problem)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::START_FEN;
    use boardlab_magic::MagicBoard;

    #[test]
    fn a_question_asked_twice_reaches_the_subject_once() {
        let mut subject = BoardSubject::<MagicBoard>::new("magic");
        let root = Position::from_fen(START_FEN, false).unwrap();
        let mut answers = Answers::new();
        let mut asked = Asked::new(&mut subject, &root, &mut answers, None);
        let first = asked.divide(&[], 2).unwrap();
        let again = asked.divide(&[], 2).unwrap();
        assert_eq!(first, again);
        asked.divide(&["e2e4".to_string()], 1).unwrap();
        assert_eq!(asked.asked, 2);
        assert_eq!(answers.len(), 2);
    }

    #[test]
    fn a_passed_deadline_stops_new_questions_only() {
        let mut subject = BoardSubject::<MagicBoard>::new("magic");
        let root = Position::from_fen(START_FEN, false).unwrap();
        let mut answers = Answers::new();
        Asked::new(&mut subject, &root, &mut answers, None)
            .divide(&[], 1)
            .unwrap();
        let mut late = Asked::new(&mut subject, &root, &mut answers, Some(Instant::now()));
        assert!(late.divide(&[], 1).is_ok());
        assert!(matches!(late.divide(&[], 2), Err(Error::Stopped)));
    }
}
