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
//! - [`merge`] checks that every unit has exactly one count and sums.
//!
//! A position is a unit's position for perft purposes: the placement, the side to move, the
//! castling rights and an en-passant square only when a capture onto it is legal. The clocks
//! play no part in a perft count, so transpositions that differ only in them are one unit.

use crate::Error;
use boardlab_core::{Board, Epd, MoveList, Setup, Zobrist};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

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

    fn parse(line: &str, line_number: usize) -> Result<UnitsHeader, String> {
        let rest = &line[HEADER_TAG.len()..];
        let ops = operations(rest);
        let get = |name: &str| -> Result<&str, String> {
            ops.iter()
                .find(|(op, _)| op == name)
                .map(|(_, value)| value.as_str())
                .ok_or_else(|| format!("line {line_number}: the header has no {name}"))
        };
        let number = |name: &str| -> Result<u128, String> {
            let text = get(name)?;
            text.parse().map_err(|_| {
                format!("line {line_number}: the header's {name} {text:?} is not a number")
            })
        };
        let small = |name: &str, value: u128| -> Result<u64, String> {
            u64::try_from(value)
                .map_err(|_| format!("line {line_number}: the header's {name} is too large"))
        };
        Ok(UnitsHeader {
            root: get("root")?.to_string(),
            depth: small("depth", number("depth")?)? as u32,
            ply: small("ply", number("ply")?)? as u32,
            units: small("units", number("units")?)? as usize,
            weight: number("weight")?,
            ended: number("ended")?,
        })
    }
}

/// `;`-separated operations: an opcode, a space, its operand (quotes removed).
fn operations(text: &str) -> Vec<(String, String)> {
    text.split(';')
        .map(str::trim)
        .filter(|segment| !segment.is_empty())
        .map(|segment| {
            let (op, value) = segment
                .split_once(char::is_whitespace)
                .unwrap_or((segment, ""));
            (op.to_string(), value.trim().trim_matches('"').to_string())
        })
        .collect()
}

/// A units file read back: its header, when it has one, and its units in file order.
#[derive(Debug, Clone, Default)]
pub struct UnitsFile {
    /// The header line (`units run` works on pieces of a file cut by `parallel --pipe`, which
    /// carry no header; `units merge` requires one).
    pub header: Option<UnitsHeader>,
    /// The units.
    pub units: Vec<Unit>,
}

/// Reads a units file (or a piece of one).
///
/// # Errors
///
/// A message naming the first bad line: a bad FEN, a missing or malformed `id`, `depth`,
/// `weight` or `key`, a key that is not the position's, or an id given twice.
pub fn parse_units(text: &str) -> Result<UnitsFile, String> {
    let mut file = UnitsFile::default();
    let mut seen = HashSet::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.starts_with(HEADER_TAG) {
            if file.header.is_some() {
                return Err(format!("line {number}: a second header"));
            }
            file.header = Some(UnitsHeader::parse(line, number)?);
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let unit = parse_unit(line, number)?;
        if !seen.insert(unit.id) {
            return Err(format!("line {number}: unit id {} given twice", unit.id));
        }
        file.units.push(unit);
    }
    Ok(file)
}

fn parse_unit(line: &str, number: usize) -> Result<Unit, String> {
    let epd = Epd::parse(line, number).map_err(|err| err.to_string())?;
    let field = |name: &str| -> Result<&str, String> {
        epd.op(name)
            .ok_or_else(|| format!("line {number}: the unit has no {name}"))
    };
    let id = field("id")?;
    let id: u64 = id
        .parse()
        .map_err(|_| format!("line {number}: id {id:?} is not a number"))?;
    let depth = field("depth")?;
    let depth: u32 = depth
        .parse()
        .ok()
        .filter(|&d| d <= crate::commands::perft::MAX_DEPTH)
        .ok_or_else(|| {
            format!(
                "line {number}: depth {depth:?} is not a number from 0 to {}",
                crate::commands::perft::MAX_DEPTH
            )
        })?;
    let weight = field("weight")?;
    let weight: u128 = weight
        .parse()
        .map_err(|_| format!("line {number}: weight {weight:?} is not a number"))?;
    let key = field("key")?;
    let key = u64::from_str_radix(key, 16)
        .ok()
        .filter(|_| key.len() == 16)
        .ok_or_else(|| format!("line {number}: key {key:?} is not 16 hex digits"))?;
    let zobrist = Zobrist::for_search(&epd.setup);
    // The key ties a result to its position: a unit edited or taken from another split is
    // refused here rather than counted under the wrong id.
    if zobrist.key != key {
        return Err(format!(
            "line {number}: key {key:016x} is not the position's ({:016x})",
            zobrist.key
        ));
    }
    Ok(Unit {
        id,
        setup: epd.setup,
        depth,
        weight,
        zobrist,
    })
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

/// One result line of `units run`.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitResult {
    /// The unit's id.
    pub id: u64,
    /// The unit's key as 16 hex digits.
    pub key: Option<String>,
    /// The unit's depth, when the line gives it.
    pub depth: Option<u32>,
    /// perft(depth) of the unit's position.
    pub nodes: u64,
    /// The time the count took.
    pub seconds: f64,
}

/// Reads one result line. A run killed while writing leaves a line cut short, and a later run
/// appending to the same file glues its first line onto it; the last object on the line is
/// then the whole one, so it is tried when the full line does not parse.
pub fn parse_result(line: &str) -> Option<UnitResult> {
    let parse = |text: &str| -> Option<UnitResult> {
        let value: Value = serde_json::from_str(text).ok()?;
        Some(UnitResult {
            id: value.get("id")?.as_u64()?,
            nodes: value.get("nodes")?.as_u64()?,
            key: value.get("key").and_then(Value::as_str).map(str::to_string),
            depth: value
                .get("depth")
                .and_then(Value::as_u64)
                .and_then(|d| u32::try_from(d).ok()),
            seconds: value.get("seconds").and_then(Value::as_f64).unwrap_or(0.0),
        })
    };
    let line = line.trim();
    parse(line).or_else(|| parse(&line[line.rfind('{')?..]))
}

/// Every result in a results text, and how many non-empty lines could not be read.
pub fn parse_results(text: &str) -> (Vec<UnitResult>, usize) {
    let mut results = Vec::new();
    let mut unreadable = 0;
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        match parse_result(line) {
            Some(result) => results.push(result),
            None => unreadable += 1,
        }
    }
    (results, unreadable)
}

/// The sum a complete set of results gives.
#[derive(Debug, Clone, PartialEq)]
pub struct Merged {
    /// perft(depth) of the root: the sum of weight × nodes.
    pub nodes: u128,
    /// The number of units.
    pub units: usize,
    /// The sum over the units of the seconds of one result each.
    pub seconds: f64,
}

/// Checks that every unit has a result and no unit two different counts, then sums.
///
/// # Errors
///
/// One line naming what is wrong: a units file whose units do not add up to its header, units
/// without a result, results for ids not in the file, results whose key or depth is not their
/// unit's, units reported with different counts.
pub fn merge(file: &UnitsFile, results: &[UnitResult]) -> Result<Merged, String> {
    let header = file
        .header
        .as_ref()
        .ok_or("the units file has no header line (# boardlab units …)")?;
    let weight: u128 = file.units.iter().map(|unit| unit.weight).sum();
    if header.units != file.units.len() || header.weight != weight {
        return Err(format!(
            "the units file is incomplete: its header lists {} units of total weight {}, the file holds {} of total weight {weight}",
            header.units,
            header.weight,
            file.units.len()
        ));
    }
    let by_id: HashMap<u64, &Unit> = file.units.iter().map(|unit| (unit.id, unit)).collect();
    let mut counts: HashMap<u64, (u64, f64)> = HashMap::new();
    let mut unknown = Vec::new();
    let mut mismatched = Vec::new();
    let mut conflicting: Vec<(u64, u64, u64)> = Vec::new();
    for result in results {
        let Some(unit) = by_id.get(&result.id) else {
            unknown.push(result.id);
            continue;
        };
        let key_differs = result
            .key
            .as_deref()
            .is_some_and(|key| u64::from_str_radix(key, 16) != Ok(unit.zobrist.key));
        let depth_differs = result.depth.is_some_and(|depth| depth != unit.depth);
        if key_differs || depth_differs {
            mismatched.push(result.id);
            continue;
        }
        match counts.get(&result.id) {
            None => {
                counts.insert(result.id, (result.nodes, result.seconds));
            }
            Some(&(nodes, _)) if nodes == result.nodes => {}
            Some(&(nodes, _)) => conflicting.push((result.id, nodes, result.nodes)),
        }
    }
    let mut missing: Vec<u64> = file
        .units
        .iter()
        .map(|unit| unit.id)
        .filter(|id| !counts.contains_key(id))
        .collect();
    // A unit whose every result is refused is reported for that reason, not as missing too.
    let refused: HashSet<u64> = mismatched
        .iter()
        .chain(conflicting.iter().map(|c| &c.0))
        .copied()
        .collect();
    missing.retain(|id| !refused.contains(id));
    let mut problems = Vec::new();
    if !missing.is_empty() {
        problems.push(format!("no result for {}", id_list(&missing)));
    }
    if !unknown.is_empty() {
        unknown.sort_unstable();
        unknown.dedup();
        problems.push(format!(
            "results for {} not in the units file",
            id_list(&unknown)
        ));
    }
    if !mismatched.is_empty() {
        mismatched.sort_unstable();
        mismatched.dedup();
        problems.push(format!(
            "results whose key or depth is not their unit's for {}",
            id_list(&mismatched)
        ));
    }
    if !conflicting.is_empty() {
        conflicting.sort_unstable();
        conflicting.dedup();
        let mut text = String::from("different counts for ");
        for (i, (id, a, b)) in conflicting.iter().take(LISTED).enumerate() {
            let comma = if i == 0 { "" } else { ", " };
            let _ = write!(text, "{comma}unit {id} ({a} and {b})");
        }
        if conflicting.len() > LISTED {
            let _ = write!(text, " and {} more", conflicting.len() - LISTED);
        }
        problems.push(text);
    }
    if !problems.is_empty() {
        return Err(problems.join("; "));
    }
    let mut nodes: u128 = 0;
    let mut seconds = 0.0;
    for unit in &file.units {
        let (count, time) = counts[&unit.id];
        nodes = unit
            .weight
            .checked_mul(u128::from(count))
            .and_then(|product| nodes.checked_add(product))
            .ok_or("the total does not fit in 128 bits")?;
        seconds += time;
    }
    Ok(Merged {
        nodes,
        units: file.units.len(),
        seconds,
    })
}

/// How many ids an error line names before it says how many more there are.
const LISTED: usize = 10;

/// "unit 5" or "units 5, 17 and 3 more".
fn id_list(ids: &[u64]) -> String {
    let shown: Vec<String> = ids.iter().take(LISTED).map(u64::to_string).collect();
    let noun = if ids.len() == 1 { "unit" } else { "units" };
    let more = if ids.len() > LISTED {
        format!(" and {} more", ids.len() - LISTED)
    } else {
        String::new()
    };
    format!("{noun} {}{more}", shown.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ReferenceBoard;
    use boardlab_core::epd::{parse_perft_suite, BUG_CATCHERS, STANDARD_SUITE};
    use boardlab_core::{perft, PerftMode};

    /// The fastest board, so that the counts below take seconds.
    type Fast = crate::backend::boardlab_magic::MagicBoard;

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

    #[test]
    fn unit_lines_read_back() {
        let (header, units) = split::<Fast>(&Setup::start(), 4, 2).unwrap();
        let mut text = header.to_line() + "\n";
        for unit in &units {
            text += &(unit.to_line() + "\n");
        }
        let file = parse_units(&text).unwrap();
        assert_eq!(file.header.as_ref(), Some(&header));
        assert_eq!(file.units, units);
        let bad_key = units[0].to_line().replace(
            &format!("{:016x}", units[0].zobrist.key),
            "0123456789abcdef",
        );
        let err = parse_units(&bad_key).unwrap_err();
        assert!(
            err.starts_with("line 1: key 0123456789abcdef is not"),
            "{err}"
        );
        let twice = format!("{}\n{}\n", units[0].to_line(), units[0].to_line());
        assert_eq!(
            parse_units(&twice).unwrap_err(),
            "line 2: unit id 1 given twice"
        );
    }

    #[test]
    fn merge_refuses_missing_unknown_and_conflicting_results() {
        let (header, units) = split::<Fast>(&Setup::start(), 3, 1).unwrap();
        let file = UnitsFile {
            header: Some(header),
            units: units.clone(),
        };
        let result = |unit: &Unit, nodes: u64| UnitResult {
            id: unit.id,
            key: Some(format!("{:016x}", unit.zobrist.key)),
            depth: Some(unit.depth),
            nodes,
            seconds: 0.5,
        };
        let right: Vec<UnitResult> = units
            .iter()
            .map(|unit| {
                let mut board = Fast::from_setup(&unit.setup);
                result(unit, perft(&mut board, unit.depth, PerftMode::Bulk))
            })
            .collect();
        let merged = merge(&file, &right).unwrap();
        assert_eq!(merged.nodes, 8902);
        assert_eq!(merged.units, 20);
        assert_eq!(merged.seconds, 10.0);
        // A retry with the same count is fine.
        let mut retried = right.clone();
        retried.push(right[3].clone());
        assert_eq!(merge(&file, &retried).unwrap().nodes, 8902);
        let err = merge(&file, &right[2..]).unwrap_err();
        assert_eq!(err, "no result for units 1, 2");
        let mut conflicting = right.clone();
        conflicting.push(UnitResult {
            nodes: right[4].nodes + 1,
            ..right[4].clone()
        });
        let err = merge(&file, &conflicting).unwrap_err();
        assert_eq!(
            err,
            format!(
                "different counts for unit 5 ({} and {})",
                right[4].nodes,
                right[4].nodes + 1
            )
        );
        let mut unknown = right.clone();
        unknown.push(UnitResult {
            id: 21,
            ..right[0].clone()
        });
        assert_eq!(
            merge(&file, &unknown).unwrap_err(),
            "results for unit 21 not in the units file"
        );
        let mut wrong_key = right.clone();
        wrong_key[0].key = Some("0000000000000000".into());
        assert_eq!(
            merge(&file, &wrong_key).unwrap_err(),
            "results whose key or depth is not their unit's for unit 1"
        );
        let truncated = UnitsFile {
            header: file.header.clone(),
            units: units[..19].to_vec(),
        };
        assert!(merge(&truncated, &right[..19])
            .unwrap_err()
            .starts_with("the units file is incomplete"));
    }

    #[test]
    fn a_line_cut_short_by_a_kill_is_skipped_and_a_glued_one_recovered() {
        let whole =
            r#"{"id":3,"key":"463b96181691fc9c","nodes":400,"seconds":0.1,"backend":"magic"}"#;
        let text = format!("{whole}\n{}", &whole[..30]);
        let (results, unreadable) = parse_results(&text);
        assert_eq!((results.len(), unreadable), (1, 1));
        let glued = format!("{}{whole}", &whole[..30]);
        assert_eq!(parse_result(&glued).unwrap().nodes, 400);
        assert_eq!(parse_result("not json"), None);
        assert_eq!(parse_result(r#"{"id":-1,"nodes":3}"#), None);
    }
}
