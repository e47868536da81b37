//! Perft on the standard positions: one criterion group per mode and position
//! (`perft-bulk/kiwipete-d3`, `perft-full-make/kiwipete-d3`, …), each holding every registered
//! backend beside cozy-chess, shakmaty and the `chess` crate on the same position and depth.
//! A group's summary page then compares every representation on one tree; positions are never
//! mixed in one group, since their times say nothing about each other. Every count is checked
//! against the suite before it is timed, and the throughput of each benchmark is its node count.

mod common;

use boardlab_backends::{with_backend, Backend};
use boardlab_core::{perft, Board, PerftCase, PerftMode};
use common::{
    case_name, chess_board, chess_perft_mode, cozy_board, cozy_perft_mode, depth_within,
    shakmaty_perft, shakmaty_position, standard_cases,
};
use criterion::measurement::WallTime;
use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput,
};
use std::time::Duration;

/// Positions are run at the deepest depth of at most this many nodes, to keep the run short.
const MAX_NODES: u64 = 250_000;

/// One position at one depth, with the published count.
struct Work<'a> {
    case: &'a PerftCase,
    depth: u32,
    expected: u64,
}

fn bench_backend<B: Board>(group: &mut BenchmarkGroup<WallTime>, work: &Work, mode: PerftMode) {
    let mut board = B::from_setup(&work.case.setup);
    let depth = work.depth;
    assert_eq!(
        perft(&mut board, depth, mode),
        work.expected,
        "{} {}",
        B::NAME,
        work.case.fen
    );
    group.bench_function(B::NAME, |b| {
        b.iter(|| perft(&mut board, black_box(depth), mode))
    });
}

/// A peer's perft of one position, to the depth given.
type PeerPerft<'a> = Box<dyn Fn(u32) -> u64 + 'a>;

fn bench_peers(group: &mut BenchmarkGroup<WallTime>, work: &Work, mode: PerftMode) {
    let full_make = mode == PerftMode::FullMake;
    let (fen, depth, expected) = (&work.case.fen, work.depth, work.expected);

    // Each peer's board is built once; the closure runs its perft (one dynamic call per
    // perft, nothing inside the timed walk).
    let cozy = cozy_board(fen);
    let shakmaty = shakmaty_position(fen);
    let chess = chess_board(fen);
    let peers: [(&str, PeerPerft); 3] = [
        (
            "cozy-chess",
            Box::new(|depth| cozy_perft_mode(&cozy, depth, full_make)),
        ),
        (
            "shakmaty",
            Box::new(|depth| shakmaty_perft(&shakmaty, depth, full_make)),
        ),
        (
            "chess",
            Box::new(|depth| chess_perft_mode(&chess, depth, full_make)),
        ),
    ];
    for (name, perft) in &peers {
        assert_eq!(perft(depth), expected, "{name} {fen}");
        group.bench_function(*name, |b| b.iter(|| perft(black_box(depth))));
    }
}

fn perft_groups(c: &mut Criterion) {
    let cases = standard_cases();
    for mode in [PerftMode::Bulk, PerftMode::FullMake] {
        for case in &cases {
            let (depth, expected) = depth_within(case, MAX_NODES);
            let work = Work {
                case,
                depth,
                expected,
            };
            // The depth is part of the name so that a run at another depth is never taken as
            // the baseline of this one.
            let mut group = c.benchmark_group(format!(
                "perft-{}/{}-d{depth}",
                mode.name(),
                case_name(case)
            ));
            group.throughput(Throughput::Elements(expected));
            // The registry is the list: a backend added to it appears here by itself.
            for &backend in Backend::ALL {
                with_backend!(backend, B => bench_backend::<B>(&mut group, &work, mode));
            }
            bench_peers(&mut group, &work, mode);
            group.finish();
        }
    }
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
}

criterion_group! {
    name = benches;
    config = config();
    targets = perft_groups
}
criterion_main!(benches);
