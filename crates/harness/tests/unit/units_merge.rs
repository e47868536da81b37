use crate::units::Fast;
use boardlab_core::{perft, Board, PerftMode, Setup};
use boardlab_harness::units::split;
use boardlab_harness::units::*;
use boardlab_harness::units::{Unit, UnitResult, UnitsFile};

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
