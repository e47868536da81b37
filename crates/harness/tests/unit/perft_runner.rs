use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::BoardExt;
use boardlab_core::START_FEN;
use boardlab_core::{Board, GenKind, Move, MoveList, PerftMode};
use boardlab_harness::perft::*;
use boardlab_harness::Backend;
use boardlab_reference::ReferenceBoard;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

#[test]
fn every_option_gives_the_suite_counts() {
    with_backend!(Backend::DEFAULT, B => every_option_counts::<B>());
}

fn every_option_counts<B: Board>() {
    let cases = parse_perft_suite(STANDARD_SUITE).unwrap();
    let mut checked = 0;
    for threads in [1, 3] {
        for hash_megabytes in [None, Some(1)] {
            for key_seed in [None, Some(12345)] {
                for mode in [PerftMode::Bulk, PerftMode::FullMake] {
                    if key_seed.is_some() && (hash_megabytes.is_none() || mode != PerftMode::Bulk) {
                        continue;
                    }
                    // A small table, so that slots are overwritten and reused.
                    let options = PerftOptions {
                        mode,
                        threads,
                        hash_megabytes,
                        key_seed,
                    };
                    let runner = PerftRunner::new(options).unwrap();
                    for case in &cases {
                        let board = B::from_setup(&case.setup);
                        for &(depth, expected) in case.expected.iter().take(4) {
                            let counted: Result<u64, Stopped> = runner.count(&board, depth);
                            assert_eq!(counted, Ok(expected), "{} {options:?}", case.fen);
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    // Five options a thread count (both modes with and without a table, and the seeded
    // key in bulk), six positions, four depths.
    assert_eq!(checked, 2 * 5 * 6 * 4);
}

#[test]
fn divide_splits_the_count_by_root_move_in_generation_order() {
    let board = ReferenceBoard::from_fen(START_FEN).unwrap();
    let mut generated = MoveList::new();
    board.generate(GenKind::All, &mut generated);
    for threads in [1, 2] {
        let runner = PerftRunner::new(PerftOptions {
            threads,
            ..PerftOptions::default()
        })
        .unwrap();
        let mut divided = Vec::new();
        let total: u64 = runner
            .divide(&board, 3, &mut |mv, nodes: u64| divided.push((mv, nodes)))
            .unwrap();
        assert_eq!(total, 8902);
        assert_eq!(divided.iter().map(|d| d.1).sum::<u64>(), 8902);
        let order: Vec<Move> = divided.iter().map(|d| d.0).collect();
        assert_eq!(order, generated.iter().copied().collect::<Vec<_>>());
    }
    let runner = PerftRunner::new(PerftOptions::default()).unwrap();
    let mut calls = 0;
    assert_eq!(runner.divide(&board, 0, &mut |_, _: u64| calls += 1), Ok(1));
    assert_eq!(calls, 0);
    assert_eq!(runner.count::<_, u64>(&board, 0), Ok(1));
}

#[test]
fn a_raised_flag_stops_the_walk_and_says_so() {
    let board = ReferenceBoard::from_fen(START_FEN).unwrap();
    let stop = Arc::new(AtomicBool::new(true));
    let runner = PerftRunner::new(PerftOptions::default())
        .unwrap()
        .stopped_by(Arc::clone(&stop));
    let mut handed = 0;
    assert_eq!(
        runner.divide(&board, 3, &mut |_, _: u64| handed += 1),
        Err(Stopped)
    );
    assert_eq!(handed, 0);
    // The last ply needs no look at the flag: a depth-2 divide finishes.
    assert_eq!(
        runner.divide(&board, 2, &mut |_, _: u64| handed += 1),
        Ok(400)
    );
    stop.store(false, Ordering::Relaxed);
    assert_eq!(runner.count::<_, u64>(&board, 3), Ok(8902));
}

#[test]
fn the_table_tally_counts_probes_and_hits() {
    let board = boardlab_magic::MagicBoard::from_fen(START_FEN).unwrap();
    let runner = PerftRunner::new(PerftOptions {
        hash_megabytes: Some(1),
        ..PerftOptions::default()
    })
    .unwrap();
    assert_eq!(runner.count::<_, u64>(&board, 5), Ok(4_865_609));
    let tally = runner.table_tally().unwrap();
    // The 1 + 20 + 400 positions of the first two plies are all distinct, so each node
    // down to ply 3 is probed; of the 8902 paths to ply 3, only 5362 reach distinct
    // positions, so up to 3540 probes there hit.
    assert_eq!(tally.probes, 1 + 20 + 400 + 8902);
    assert!(tally.hits > 0 && tally.hits <= 8902 - 5362, "{tally:?}");
}
