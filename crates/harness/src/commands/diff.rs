//! `boardlab diff`: find where two move generators part ways.
//!
//! Both sides divide the position (the count below each legal move). While the move lists
//! agree, the first move whose counts differ is played and the search goes one ply deeper
//! with one ply less; it stops at the first position whose legal move lists differ, and
//! reports the moves that led there and the moves only one side has.

use crate::engine::UciEngine;
use crate::{Backend, Error, Outcome, PositionArgs};
use boardlab_core::{divide, Board, PerftMode};
use clap::ValueEnum;
use serde_json::json;
use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// The deepest diff the command accepts.
pub const MAX_DEPTH: u32 = 16;

/// Arguments of `boardlab diff`.
#[derive(Debug, Clone, clap::Args)]
pub struct DiffArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Plies of perft to compare.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH as i64))]
    pub depth: u32,
    /// The backend under test.
    #[arg(long, value_enum, default_value_t = Backend::DEFAULT)]
    pub backend: Backend,
    /// A backend name, or the path of a UCI engine that answers `go perft N` as Stockfish does.
    #[arg(long, value_name = "BACKEND|ENGINE")]
    pub against: String,
    /// Seconds an engine may stay silent before it is given up on.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub timeout: u64,
    /// Print the result as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// One side of the comparison: something that divides a position.
trait Divider {
    /// The side's name in the report.
    fn name(&self) -> String;
    /// The count below each legal move of the position after `path`.
    fn divide(&mut self, path: &[String], depth: u32) -> Result<Vec<(String, u64)>, Error>;
}

struct BackendDivider<B: Board> {
    root: B,
}

impl<B: Board> Divider for BackendDivider<B> {
    fn name(&self) -> String {
        B::NAME.to_string()
    }

    fn divide(&mut self, path: &[String], depth: u32) -> Result<Vec<(String, u64)>, Error> {
        let mut board = self.root.clone();
        for text in path {
            let mv = board.parse_uci_move(text)?;
            board.make(mv);
        }
        Ok(divide(&mut board, depth, PerftMode::Bulk)
            .into_iter()
            .map(|(mv, nodes)| (mv.to_string(), nodes))
            .collect())
    }
}

struct EngineDivider {
    engine: UciEngine,
    fen: String,
    moves: Vec<String>,
}

impl Divider for EngineDivider {
    fn name(&self) -> String {
        self.engine.name().to_string()
    }

    fn divide(&mut self, path: &[String], depth: u32) -> Result<Vec<(String, u64)>, Error> {
        let moves: Vec<String> = self.moves.iter().chain(path).cloned().collect();
        self.engine.divide(&self.fen, &moves, depth)
    }
}

fn backend_divider(backend: Backend, position: &PositionArgs) -> Result<Box<dyn Divider>, Error> {
    with_backend!(backend, B => {
        let root: B = position.board()?;
        Ok(Box::new(BackendDivider { root }) as Box<dyn Divider>)
    })
}

/// Where the two sides part, or `None` when their divides agree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divergence {
    /// The moves from the given position to the one whose move lists differ.
    pub path: Vec<String>,
    /// That position.
    pub fen: String,
    /// Its legal moves only the backend under test has.
    pub only_in_a: Vec<String>,
    /// Its legal moves only the other side has.
    pub only_in_b: Vec<String>,
}

fn find_divergence(
    a: &mut dyn Divider,
    b: &mut dyn Divider,
    depth: u32,
) -> Result<Option<Vec<String>>, Error> {
    let mut path: Vec<String> = Vec::new();
    let mut depth = depth;
    loop {
        let ours = a.divide(&path, depth)?;
        let theirs: HashMap<String, u64> = b.divide(&path, depth)?.into_iter().collect();
        let ours_map: HashMap<&str, u64> = ours.iter().map(|(m, n)| (m.as_str(), *n)).collect();
        let same_moves = ours.len() == theirs.len()
            && theirs.keys().all(|mv| ours_map.contains_key(mv.as_str()));
        if !same_moves {
            return Ok(Some(path));
        }
        let differing = ours
            .iter()
            .find(|(mv, nodes)| theirs.get(mv) != Some(nodes));
        match differing {
            None if path.is_empty() => return Ok(None),
            Some((mv, _)) if depth > 1 => {
                path.push(mv.clone());
                depth -= 1;
            }
            _ => {
                return Err(Error::Usage(format!(
                    "{} and {} give inconsistent counts after {:?}: their move lists agree but the counts below them do not",
                    a.name(),
                    b.name(),
                    path.join(" ")
                )))
            }
        }
    }
}

/// The moves of the position after `path` that only one side lists.
fn legal_move_difference(
    a: &mut dyn Divider,
    b: &mut dyn Divider,
    path: &[String],
) -> Result<(Vec<String>, Vec<String>), Error> {
    let ours: Vec<String> = a.divide(path, 1)?.into_iter().map(|(m, _)| m).collect();
    let theirs: Vec<String> = b.divide(path, 1)?.into_iter().map(|(m, _)| m).collect();
    let mut only_in_a: Vec<String> = ours
        .iter()
        .filter(|m| !theirs.contains(m))
        .cloned()
        .collect();
    let mut only_in_b: Vec<String> = theirs
        .iter()
        .filter(|m| !ours.contains(m))
        .cloned()
        .collect();
    only_in_a.sort();
    only_in_b.sort();
    Ok((only_in_a, only_in_b))
}

/// Compares the two sides and describes where they part.
///
/// # Errors
///
/// A bad position, an engine that fails, or sides whose counts are inconsistent.
pub fn diverge(args: &DiffArgs) -> Result<Option<Divergence>, Error> {
    let mut a = backend_divider(args.backend, &args.position)?;
    let mut b: Box<dyn Divider> = match Backend::from_str(&args.against, false) {
        Ok(backend) => backend_divider(backend, &args.position)?,
        Err(_) => {
            let path = PathBuf::from(&args.against);
            if !path.is_file() {
                return Err(Error::Usage(format!(
                    "--against {:?} is neither a backend ({}) nor an engine's path",
                    args.against,
                    Backend::ALL
                        .iter()
                        .map(|b| b.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
            let engine = UciEngine::start(&path, Duration::from_secs(args.timeout.max(1)))?;
            Box::new(EngineDivider {
                engine,
                fen: args.position.root()?.to_fen(),
                moves: args.position.moves.clone(),
            })
        }
    };
    let Some(path) = find_divergence(a.as_mut(), b.as_mut(), args.depth)? else {
        return Ok(None);
    };
    let (only_in_a, only_in_b) = legal_move_difference(a.as_mut(), b.as_mut(), &path)?;
    let fen = with_backend!(args.backend, B => {
        let mut board: B = args.position.board()?;
        for text in &path {
            let mv = board.parse_uci_move(text)?;
            board.make(mv);
        }
        board.to_fen()
    });
    Ok(Some(Divergence {
        path,
        fen,
        only_in_a,
        only_in_b,
    }))
}

/// Runs `boardlab diff`: exit status 0 when the sides agree, 1 at a divergence.
///
/// # Errors
///
/// A bad position or argument, or an engine that fails.
pub fn run(args: &DiffArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let divergence = diverge(args)?;
    let a = args.backend.name();
    let b = &args.against;
    if args.json {
        let line = match &divergence {
            Some(d) => json!({
                "divergent": true,
                "path": d.path,
                "fen": d.fen,
                "only_in_a": d.only_in_a,
                "only_in_b": d.only_in_b,
            }),
            None => json!({
                "divergent": false,
                "path": [],
                "fen": with_backend!(args.backend, B => args.position.board::<B>()?.to_fen()),
                "only_in_a": [],
                "only_in_b": [],
            }),
        };
        writeln!(out, "{line}")?;
    } else {
        match &divergence {
            None => writeln!(
                out,
                "no divergence: {a} and {b} agree to depth {}",
                args.depth
            )?,
            Some(d) => {
                let none = || "(none)".to_string();
                let list = |moves: &[String]| {
                    if moves.is_empty() {
                        none()
                    } else {
                        moves.join(" ")
                    }
                };
                let path = if d.path.is_empty() {
                    "(the given position)".to_string()
                } else {
                    d.path.join(" ")
                };
                writeln!(out, "divergence after: {path}")?;
                writeln!(out, "position: {}", d.fen)?;
                writeln!(out, "only in {a}: {}", list(&d.only_in_a))?;
                writeln!(out, "only in {b}: {}", list(&d.only_in_b))?;
            }
        }
    }
    Ok(Outcome::failed_if(divergence.is_some()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A divider that hides one move in one position, as a buggy generator would.
    struct Hiding<B: Board> {
        inner: BackendDivider<B>,
        at: Vec<String>,
        hidden: String,
    }

    impl<B: Board> Divider for Hiding<B> {
        fn name(&self) -> String {
            "hiding".to_string()
        }

        fn divide(&mut self, path: &[String], depth: u32) -> Result<Vec<(String, u64)>, Error> {
            let mut divided = self.inner.divide(path, depth)?;
            if path == self.at.as_slice() {
                divided.retain(|(mv, _)| *mv != self.hidden);
            } else if self.at.starts_with(path) {
                // The hidden subtree's leaves are missing from the ancestors' counts too.
                let lost = {
                    let mut below = self.at[path.len()..].to_vec();
                    below.push(self.hidden.clone());
                    let rest = depth as usize - below.len();
                    let mut full = path.to_vec();
                    full.extend(below);
                    let mut board = self.inner.root.clone();
                    for text in &full {
                        let mv = board.parse_uci_move(text).unwrap();
                        board.make(mv);
                    }
                    boardlab_core::perft(&mut board, rest as u32, PerftMode::Bulk)
                };
                for (mv, nodes) in &mut divided {
                    if *mv == self.at[path.len()] {
                        *nodes -= lost;
                    }
                }
            }
            Ok(divided)
        }
    }

    #[test]
    fn finds_the_hidden_move_where_it_is_hidden() {
        let root = || BackendDivider {
            root: crate::ReferenceBoard::from_fen(boardlab_core::START_FEN).unwrap(),
        };
        let mut a = root();
        let mut b = Hiding {
            inner: root(),
            at: vec!["e2e4".into(), "d7d5".into()],
            hidden: "e4d5".into(),
        };
        let path = find_divergence(&mut a, &mut b, 4).unwrap();
        assert_eq!(path, Some(vec!["e2e4".to_string(), "d7d5".to_string()]));
        let (only_a, only_b) =
            legal_move_difference(&mut a, &mut b, &["e2e4".into(), "d7d5".into()]).unwrap();
        assert_eq!(only_a, vec!["e4d5".to_string()]);
        assert!(only_b.is_empty());
        let mut same = root();
        assert_eq!(find_divergence(&mut a, &mut same, 3).unwrap(), None);
    }
}
