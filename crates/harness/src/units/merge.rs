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

#[cfg(test)]
mod tests {
    use super::super::split;
    use super::super::tests::Fast;
    use super::*;
    use boardlab_core::{perft, Board, PerftMode, Setup};

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
}
