use boardlab_core::Setup;
use boardlab_core::Zobrist;
use boardlab_harness::internals::*;

#[test]
fn a_stored_count_is_found_at_its_depth_only() {
    let table = PerftTable::with_megabytes(1).unwrap();
    let start = Zobrist::of(&Setup::start());
    table.store(start, 3, 8902);
    assert_eq!(table.probe(start, 3), Some(8902));
    assert_eq!(table.probe(start, 4), None);
}

#[test]
fn sizes_round_down_to_a_power_of_two() {
    let table = PerftTable::with_megabytes(1).unwrap();
    assert!(table.slot_count().is_power_of_two());
    assert!(table.slot_count() * std::mem::size_of::<Slot>() <= 1 << 20);
    assert!(table.slot_count() * 2 * std::mem::size_of::<Slot>() > 1 << 20);
}

#[test]
fn a_slot_answers_only_its_own_position_and_depth() {
    let table = PerftTable::with_megabytes(1).unwrap();
    let a = Zobrist { key: 5, lock: 77 };
    let same_slot = Zobrist {
        key: 5 + table.slot_count() as u64,
        lock: 77,
    };
    let same_key = Zobrist { key: 5, lock: 78 };
    table.store(a, 4, 123_456);
    assert_eq!(table.probe(a, 4), Some(123_456));
    assert_eq!(table.probe(a, 3), None);
    assert_eq!(table.probe(same_slot, 4), None);
    assert_eq!(table.probe(same_key, 4), None);
    table.store(same_slot, 2, 9);
    assert_eq!(table.probe(a, 4), None);
    assert_eq!(table.probe(same_slot, 2), Some(9));
}

#[test]
fn an_empty_slot_matches_nothing_that_is_probed() {
    let table = PerftTable::with_megabytes(1).unwrap();
    // Zero data means depth 0, which perft never probes.
    assert_eq!(table.probe(Zobrist::ZERO, 2), None);
    table.store(Zobrist::ZERO, 2, MAX_COUNT + 1);
    assert_eq!(table.probe(Zobrist::ZERO, 2), None);
}
