//! What [`diff`](super::diff) reports: where two divide oracles part, as text or JSON.

use crate::Outcome;
use boardlab_core::UciMove;
use itertools::Itertools;
use serde_json::json;
use std::fmt;

/// Where two oracles part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divergence {
    /// The moves from the root to the position whose move lists differ.
    pub path: Vec<UciMove>,
    /// That position in FEN, with its en-passant square whenever a pawn stands ready to take
    /// (see [`Setup::to_fen_pseudo_legal_ep`](boardlab_core::Setup::to_fen_pseudo_legal_ep)).
    pub fen: String,
    /// Its moves only the first oracle (`a`, the backend under test on the command line) lists,
    /// sorted.
    pub only_in_a: Vec<UciMove>,
    /// Its moves only the second oracle (`b`) lists, sorted.
    pub only_in_b: Vec<UciMove>,
}

/// What [`diff`](super::diff) found: the report `boardlab diff` prints, as text
/// ([`fmt::Display`]) or JSON ([`DiffReport::to_json`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiffReport {
    /// The first oracle's name.
    pub a: String,
    /// The second oracle's name.
    pub b: String,
    /// The depth compared.
    pub depth: u32,
    /// The root position in FEN, written as [`Divergence::fen`] is.
    pub fen: String,
    /// Where they part, or `None` when they agree to `depth`.
    pub divergence: Option<Divergence>,
}

impl DiffReport {
    /// Exit status 0 when the oracles agree, 1 at a divergence.
    pub fn outcome(&self) -> Outcome {
        Outcome::failed_if(self.divergence.is_some())
    }

    /// The report as one JSON object: `a` and `b` (the two sides' names, as each oracle calls
    /// itself), `divergent`, `path`, `fen` (the divergent position, or the root when there is
    /// none), `only_in_a`, `only_in_b`.
    pub fn to_json(&self) -> serde_json::Value {
        let none = Vec::new();
        let (path, fen, only_in_a, only_in_b) = match &self.divergence {
            Some(d) => (&d.path, &d.fen, &d.only_in_a, &d.only_in_b),
            None => (&none, &self.fen, &none, &none),
        };
        json!({
            "a": self.a,
            "b": self.b,
            "divergent": self.divergence.is_some(),
            "path": texts(path),
            "fen": fen,
            "only_in_a": texts(only_in_a),
            "only_in_b": texts(only_in_b),
        })
    }
}

/// Moves as text, for JSON.
pub fn texts(moves: &[UciMove]) -> Vec<String> {
    moves.iter().map(UciMove::to_string).collect()
}

impl fmt::Display for DiffReport {
    /// The text report, one fact per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(d) = &self.divergence else {
            return writeln!(
                f,
                "no divergence: {} and {} agree to depth {}",
                self.a, self.b, self.depth
            );
        };
        let list = |moves: &[UciMove]| {
            if moves.is_empty() {
                "(none)".to_string()
            } else {
                moves.iter().join(" ")
            }
        };
        let path = if d.path.is_empty() {
            "(the given position)".to_string()
        } else {
            d.path.iter().join(" ")
        };
        writeln!(f, "divergence after: {path}")?;
        writeln!(f, "position: {}", d.fen)?;
        writeln!(f, "only in {}: {}", self.a, list(&d.only_in_a))?;
        writeln!(f, "only in {}: {}", self.b, list(&d.only_in_b))
    }
}
