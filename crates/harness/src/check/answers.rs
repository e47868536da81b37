//! The answers each side of a check has given: boardlab's reference backend and the generator
//! under test are [divide oracles](crate::DivideOracle), each asked about many roots, and
//! [`Asked`] keeps every answer one of them gave about one checked position, so that the
//! [descent](crate::diff()) asks nothing the comparison already asked.

use crate::diff::oracle::{Divide, DivideOracle};
use crate::{Error, Position};
use boardlab_core::UciMove;
use std::collections::HashMap;
use std::time::Instant;

/// A question asked about a checked position: the moves from it and the depth.
type Question = (Vec<UciMove>, u32);

/// The answers one oracle gave about one checked position, by the moves from that position
/// and the depth: a question asked twice is answered from here.
pub type Answers = HashMap<Question, Divide>;

/// An oracle asked about one checked position: answering from [`Answers`] what was asked
/// before about that position, and refusing new questions once the deadline has passed.
pub struct Asked<'a> {
    oracle: &'a mut dyn DivideOracle,
    /// The checked position, the only root whose answers are kept.
    root: &'a Position,
    answers: &'a mut Answers,
    deadline: Option<Instant>,
    /// How many questions reached the oracle (the rest were answered from `answers`).
    pub asked: usize,
}

impl<'a> Asked<'a> {
    /// `oracle` asked about positions below `root`, with its answers kept in `answers`.
    pub fn new(
        oracle: &'a mut dyn DivideOracle,
        root: &'a Position,
        answers: &'a mut Answers,
        deadline: Option<Instant>,
    ) -> Asked<'a> {
        Asked {
            oracle,
            root,
            answers,
            deadline,
            asked: 0,
        }
    }
}

impl DivideOracle for Asked<'_> {
    fn name(&self) -> &str {
        self.oracle.name()
    }

    fn divide(&mut self, root: &Position, path: &[UciMove], depth: u32) -> Result<Divide, Error> {
        // Answers about another root are passed on, not kept: they would be filed under the
        // wrong position.
        let kept = root.same_game(self.root);
        let question = (path.to_vec(), depth);
        if let Some(answer) = self.answers.get(&question).filter(|_| kept) {
            return Ok(answer.clone());
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Err(Error::Stopped);
        }
        let answer = self.oracle.divide(root, path, depth)?;
        self.asked += 1;
        if kept {
            self.answers.insert(question, answer.clone());
        }
        Ok(answer)
    }

    fn broken(&self, problem: String) -> Error {
        self.oracle.broken(problem)
    }
}
