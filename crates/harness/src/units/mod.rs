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

mod file;
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

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::epd::{parse_perft_suite, BUG_CATCHERS, STANDARD_SUITE};
    use boardlab_core::BoardExt;
    use boardlab_core::{perft, PerftMode};
    use boardlab_reference::ReferenceBoard;

    /// The fastest board, so that the counts below take seconds.
    pub(super) type Fast = boardlab_magic::MagicBoard;

    fn total(units: &[Unit]) -> u128 {
        units
            .iter()
            .map(|unit| {
                let mut board = Fast::from_setup(&unit.setup);
                unit.weight * u128::from(perft(&mut board, unit.depth, PerftMode::Bulk))
            })
            .sum()
    }

    #[test]
    fn units_add_up_to_the_published_counts_at_every_cut() {
        let cases = parse_perft_suite(STANDARD_SUITE).unwrap();
        let mut checked = 0;
        for case in &cases {
            let published = |d: u32| case.expected.iter().find(|e| e.0 == d).unwrap().1;
            for ply in 0..=3 {
                let (header, units) = split::<Fast>(&case.setup, 3, ply).unwrap();
                assert_eq!(total(&units), u128::from(published(3)), "{}", case.fen);
                // The weights count the paths to the cut: perft(ply), published too (perft(0)
                // is 1 by definition).
                let paths = if ply == 0 { 1 } else { published(ply) };
                assert_eq!(header.weight, u128::from(paths));
                assert_eq!(header.units, units.len());
                checked += 1;
            }
        }
        assert_eq!(checked, 24);
    }

    #[test]
    fn start_position_transpositions_merge() {
        // Distinct positions after 2 and 3 plies of the start position: 400 and 5362 (OEIS
        // A083276), fewer than the 400 and 8902 paths.
        let start = Setup::start();
        let (_, two) = split::<ReferenceBoard>(&start, 2, 2).unwrap();
        assert_eq!(two.len(), 400);
        let (header, three) = split::<ReferenceBoard>(&start, 3, 3).unwrap();
        assert_eq!(three.len(), 5362);
        assert_eq!(header.weight, 8902);
        assert!(three.iter().any(|unit| unit.weight > 1));
    }

    #[test]
    fn games_that_end_before_the_cut_are_neither_lost_nor_counted_twice() {
        // Positions where mates and stalemates come within a few plies. A game that ends at
        // ply p < ply is a leaf of perft(p) and of no deeper perft: the weights at the cut are
        // perft(ply) of the root, the ended paths are in no unit, and the units still add up
        // to the published perft(depth).
        let catchers = parse_perft_suite(BUG_CATCHERS).unwrap();
        let mut ended_somewhere = 0;
        for name in ["self stalemate", "stalemate and checkmate #1"] {
            let case = catchers
                .iter()
                .find(|case| case.id.as_deref() == Some(name))
                .unwrap();
            let (depth, published) = case.expected[0];
            for ply in [1, 3, 5] {
                let (header, units) = split::<ReferenceBoard>(&case.setup, depth, ply).unwrap();
                assert_eq!(total(&units), u128::from(published), "{name} ply {ply}");
                let mut board = ReferenceBoard::from_setup(&case.setup);
                let paths = perft(&mut board, ply, PerftMode::Bulk);
                assert_eq!(header.weight, u128::from(paths));
                if header.ended > 0 {
                    ended_somewhere += 1;
                }
            }
        }
        assert!(ended_somewhere >= 2, "{ended_somewhere}");
        // A mated root: perft is 0 at any depth, and no unit exists below it.
        let mated =
            Setup::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
                .unwrap();
        let (header, units) = split::<ReferenceBoard>(&mated, 3, 1).unwrap();
        assert!(units.is_empty());
        assert_eq!((header.weight, header.ended), (0, 1));
        let (_, root) = split::<ReferenceBoard>(&mated, 3, 0).unwrap();
        assert_eq!(root.len(), 1);
        assert_eq!(total(&root), 0);
    }

    /// Every path to `ply` played out, positions told apart by their canonical FEN without the
    /// clocks (which writes an en-passant square only when the capture is legal): the
    /// transpositions a split must merge, counted without hashing.
    fn positions_by_brute_force(root: &Setup, ply: u32) -> HashMap<String, u128> {
        fn walk(board: &mut Fast, ply: u32, seen: &mut HashMap<String, u128>) {
            if ply == 0 {
                let fen = board.to_fen();
                let four: Vec<&str> = fen.split(' ').take(4).collect();
                *seen.entry(four.join(" ")).or_default() += 1;
                return;
            }
            for &mv in board.legal_moves().iter() {
                let undo = board.make(mv);
                walk(board, ply - 1, seen);
                board.unmake(mv, undo);
            }
        }
        let mut seen = HashMap::new();
        walk(&mut Fast::from_setup(root), ply, &mut seen);
        seen
    }

    fn positions_of(units: &[Unit]) -> HashMap<String, u128> {
        units
            .iter()
            .map(|unit| {
                let fen = unit.setup.to_fen();
                let four: Vec<&str> = fen.split(' ').take(4).collect();
                (four.join(" "), unit.weight)
            })
            .collect()
    }

    #[test]
    fn units_are_the_distinct_positions_with_their_path_counts() {
        // Here b7b6, Nf3, b6b5, Ng1, Kd8 and Ke7, Nf3, Kd8, Ng1, b7b5 reach the same position;
        // the second leaves the pawn on c5 beside b5, but the capture en passant would expose
        // its king on a5 to the rook, so the two positions have the same moves and must be one
        // unit though their Polyglot keys differ.
        let pinned = Setup::from_fen("4k3/1p6/8/K1P4r/8/8/8/6N1 b - - 0 1").unwrap();
        for (root, ply) in [(pinned, 5), (Setup::start(), 4)] {
            let (_, units) = split::<Fast>(&root, ply, ply).unwrap();
            let expected = positions_by_brute_force(&root, ply);
            assert_eq!(units.len(), expected.len());
            assert_eq!(positions_of(&units), expected);
        }
        // The two paths above meet in one unit.
        let (_, units) = split::<Fast>(
            &Setup::from_fen("4k3/1p6/8/K1P4r/8/8/8/6N1 b - - 0 1").unwrap(),
            5,
            5,
        )
        .unwrap();
        let meeting = units
            .iter()
            .find(|unit| {
                unit.setup
                    .to_fen()
                    .starts_with("3k4/8/8/KpP4r/8/8/8/6N1 w - -")
            })
            .unwrap();
        assert!(meeting.weight >= 2, "{}", meeting.weight);
    }
}
