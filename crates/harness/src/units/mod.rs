//! Perft as work units: the distinct positions at a fixed ply below a root, each with the number
//! of paths that reach it (its weight), so that perft(depth) of the root is the sum over the
//! units of weight × perft(depth − ply) of the unit.
//!
//! Three steps, each a subcommand of `boardlab units`, with plain files between them so that any
//! scheduler can run the middle one:
//!
//! - [`split`] writes the units as EPD lines under a header recording the root, the depth, the
//!   ply, the number of units and their total weight;
//! - `run` counts units and prints one JSON result line per finished unit;
//! - [`merge()`] checks that every unit has exactly one count and sums.
//!
//! A position is a unit's position for perft purposes: the placement, the side to move, the
//! castling rights and an en-passant square only when a capture onto it is legal. The clocks
//! play no part in a perft count, so transpositions that differ only in them are one unit.

pub(crate) mod file;
mod merge;

pub use file::{parse_results, parse_units, UnitResult, UnitsFile};
pub use merge::merge;

use crate::Error;
use boardlab_core::{Board, MoveList, Setup, Zobrist};
use std::collections::HashMap;

/// The first words of a units file's header line.
pub const HEADER_TAG: &str = "# boardlab units";

/// What a units file says about the whole split.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitsHeader {
    /// The root position's FEN.
    pub root: String,
    /// The perft depth of the root.
    pub depth: u32,
    /// The ply at which the tree was cut.
    pub ply: u32,
    /// How many units follow.
    pub units: usize,
    /// The sum of the units' weights: perft(ply) of the root.
    pub weight: u128,
    /// Paths that ended in mate or stalemate before the ply. They add nothing to perft(depth)
    /// since depth ≥ ply, and appear in no unit.
    pub ended: u128,
}

/// One work unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// Its number, 1 to the number of units.
    pub id: u64,
    /// The position.
    pub setup: Setup,
    /// The plies left to count below it.
    pub depth: u32,
    /// How many paths from the root reach it.
    pub weight: u128,
    /// Its search hash (the legal en-passant rule): the key and lock it was merged by.
    pub zobrist: Zobrist,
}

impl Unit {
    /// The unit as one EPD line.
    pub fn to_line(&self) -> String {
        format!(
            "{} ;id {} ;depth {} ;weight {} ;key {:016x}",
            self.setup.to_fen(),
            self.id,
            self.depth,
            self.weight,
            self.zobrist.key
        )
    }
}

impl UnitsHeader {
    /// The header as one line.
    pub fn to_line(&self) -> String {
        format!(
            "{HEADER_TAG} ;root \"{}\" ;depth {} ;ply {} ;units {} ;weight {} ;ended {}",
            self.root, self.depth, self.ply, self.units, self.weight, self.ended
        )
    }
}

/// A position at the cut, with the paths that reach it.
struct Node {
    setup: Setup,
    zobrist: Zobrist,
    weight: u128,
}

/// The position as perft sees it: clocks set aside and an en-passant square kept only when a
/// capture onto it is legal, so that two setups are equal exactly when their trees are.
fn perft_position(mut setup: Setup) -> Setup {
    if setup.ep_square.is_some() && !setup.has_legal_ep_capture() {
        setup.ep_square = None;
    }
    setup
}

fn same_position(a: &Setup, b: &Setup) -> bool {
    a.board == b.board && a.turn == b.turn && a.castling == b.castling && a.ep_square == b.ep_square
}

/// The distinct positions one ply further down, each weighted by the paths that reach it.
/// Transpositions meet in a map by key and lock and are accepted as one only when their
/// positions are equal; two positions that share key and lock but differ stay apart.
fn next_ply<B: Board>(level: &[Node], ended: &mut u128) -> Vec<Node> {
    let mut next: Vec<Node> = Vec::new();
    // The first node with each key and lock; `chain[i]` is the next node with the same pair.
    let mut first: HashMap<(u64, u64), usize> = HashMap::new();
    let mut chain: Vec<Option<usize>> = Vec::new();
    let mut moves = MoveList::new();
    for node in level {
        let mut board = B::from_setup(&node.setup);
        board.generate(boardlab_core::GenKind::All, &mut moves);
        if moves.is_empty() {
            *ended += node.weight;
            continue;
        }
        for &mv in moves.iter() {
            let undo = board.make(mv);
            let zobrist = board.search_zobrist();
            let setup = perft_position(board.to_setup());
            board.unmake(mv, undo);
            let mut found = first.get(&(zobrist.key, zobrist.lock)).copied();
            let mut last = None;
            while let Some(index) = found {
                if same_position(&next[index].setup, &setup) {
                    break;
                }
                last = Some(index);
                found = chain[index];
            }
            match found {
                Some(index) => {
                    let existing = &mut next[index];
                    existing.weight += node.weight;
                    // Any path's clocks would do; the lowest keep the output independent of
                    // the order moves are generated in.
                    existing.setup.halfmove_clock =
                        existing.setup.halfmove_clock.min(setup.halfmove_clock);
                }
                None => {
                    let index = next.len();
                    next.push(Node {
                        setup,
                        zobrist,
                        weight: node.weight,
                    });
                    chain.push(None);
                    match last {
                        Some(previous) => chain[previous] = Some(index),
                        None => {
                            first.insert((zobrist.key, zobrist.lock), index);
                        }
                    }
                }
            }
        }
    }
    next
}

/// The units of perft(`depth`) of `root` cut at `ply`, numbered from 1 in the order of their
/// keys (so the numbering does not depend on the backend's move order), with the header.
///
/// A path that ends in mate or stalemate before `ply` has no leaf at `depth ≥ ply`, so it
/// belongs to no unit; the header counts such paths as `ended`. With `ply` 0 the root is the
/// one unit.
///
/// # Errors
///
/// [`Error::Usage`] when `ply` is above `depth`.
pub fn split<B: Board>(
    root: &Setup,
    depth: u32,
    ply: u32,
) -> Result<(UnitsHeader, Vec<Unit>), Error> {
    if ply > depth {
        return Err(Error::Usage(format!(
            "--ply {ply} is deeper than --depth {depth}"
        )));
    }
    let root_board = B::from_setup(root);
    let mut level = vec![Node {
        setup: perft_position(root.clone()),
        zobrist: root_board.search_zobrist(),
        weight: 1,
    }];
    let mut ended = 0;
    for _ in 0..ply {
        level = next_ply::<B>(&level, &mut ended);
    }
    // Positions sharing key and lock (never seen, but allowed for) are ordered by their FEN.
    level.sort_by(|a, b| {
        (a.zobrist.key, a.zobrist.lock)
            .cmp(&(b.zobrist.key, b.zobrist.lock))
            .then_with(|| a.setup.to_fen().cmp(&b.setup.to_fen()))
    });
    let units: Vec<Unit> = level
        .into_iter()
        .enumerate()
        .map(|(index, node)| Unit {
            id: index as u64 + 1,
            setup: node.setup,
            depth: depth - ply,
            weight: node.weight,
            zobrist: node.zobrist,
        })
        .collect();
    let header = UnitsHeader {
        root: root.to_fen(),
        depth,
        ply,
        units: units.len(),
        weight: units.iter().map(|unit| unit.weight).sum(),
        ended,
    };
    Ok((header, units))
}
