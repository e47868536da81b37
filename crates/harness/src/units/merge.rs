//! Merging: every unit's one count, weighted and summed into the root's perft.

use super::{Unit, UnitResult, UnitsFile};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

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
