//! Units files and result lines read back: the text `units split` writes and `units run`
//! prints, parsed without trusting it.

use super::{Unit, UnitsHeader, HEADER_TAG};
use boardlab_core::{Epd, Zobrist, MAX_DEPTH};
use serde_json::Value;
use std::collections::HashSet;

impl UnitsHeader {
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
        .filter(|&d| d <= MAX_DEPTH)
        .ok_or_else(|| {
            format!(
                "line {number}: depth {depth:?} is not a number from 0 to {}",
                MAX_DEPTH
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
        // As `split` writes units: an en-passant square only when a capture onto it is legal.
        // The square of an illegal capture changes no count (nor the key), but kept it would
        // make the unit differ from the same unit written back, which drops it.
        setup: super::perft_position(epd.setup),
        depth,
        weight,
        zobrist,
    })
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
