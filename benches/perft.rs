//! Perft per backend on the standard positions, beside cozy-chess, shakmaty and the `chess`
//! crate on the same positions and depths. Every count is checked against the suite before it
//! is timed.

mod common;

use boardlab_core::{perft, Board, PerftMode};
use boardlab_harness::{with_backend, Backend};
use common::{
    case_name, chess_board, chess_perft, cozy_board, cozy_perft, depth_within, shakmaty_perft,
    shakmaty_position, standard_cases,
};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::time::Duration;

/// Positions are run at the deepest depth of at most this many nodes, to keep the run short.
const MAX_NODES: u64 = 250_000;

fn bench_backend<B: Board>(c: &mut Criterion, mode: PerftMode) {
    let mut group = c.benchmark_group(format!("perft-{}", mode.name()));
    for case in standard_cases() {
        let (depth, expected) = depth_within(&case, MAX_NODES);
        let mut board = B::from_setup(&case.setup);
        assert_eq!(
            perft(&mut board, depth, mode),
            expected,
            "{} {}",
            B::NAME,
            case.fen
        );
        group.throughput(Throughput::Elements(expected));
        let id = BenchmarkId::new(B::NAME, format!("{} d{depth}", case_name(&case)));
        group.bench_function(id, |b| b.iter(|| perft(&mut board, black_box(depth), mode)));
    }
    group.finish();
}

fn backends(c: &mut Criterion) {
    for &backend in Backend::ALL {
        with_backend!(backend, B => {
            bench_backend::<B>(c, PerftMode::Bulk);
            bench_backend::<B>(c, PerftMode::FullMake);
        });
    }
}

fn peers(c: &mut Criterion) {
    let mut bulk = c.benchmark_group("perft-bulk");
    for case in standard_cases() {
        let (depth, expected) = depth_within(&case, MAX_NODES);
        let label = format!("{} d{depth}", case_name(&case));
        bulk.throughput(Throughput::Elements(expected));

        let cozy = cozy_board(&case.fen);
        assert_eq!(
            cozy_perft(&cozy, depth),
            expected,
            "cozy-chess {}",
            case.fen
        );
        bulk.bench_function(BenchmarkId::new("cozy-chess", &label), |b| {
            b.iter(|| cozy_perft(&cozy, black_box(depth)))
        });

        let shakmaty = shakmaty_position(&case.fen);
        assert_eq!(
            shakmaty_perft(&shakmaty, depth, false),
            expected,
            "shakmaty {}",
            case.fen
        );
        bulk.bench_function(BenchmarkId::new("shakmaty", &label), |b| {
            b.iter(|| shakmaty_perft(&shakmaty, black_box(depth), false))
        });

        let chess = chess_board(&case.fen);
        assert_eq!(chess_perft(&chess, depth), expected, "chess {}", case.fen);
        bulk.bench_function(BenchmarkId::new("chess", &label), |b| {
            b.iter(|| chess_perft(&chess, black_box(depth)))
        });
    }
    bulk.finish();

    let mut full = c.benchmark_group("perft-full-make");
    for case in standard_cases() {
        let (depth, expected) = depth_within(&case, MAX_NODES);
        full.throughput(Throughput::Elements(expected));
        let shakmaty = shakmaty_position(&case.fen);
        assert_eq!(shakmaty_perft(&shakmaty, depth, true), expected);
        let label = format!("{} d{depth}", case_name(&case));
        full.bench_function(BenchmarkId::new("shakmaty", label), |b| {
            b.iter(|| shakmaty_perft(&shakmaty, black_box(depth), true))
        });
    }
    full.finish();
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
    targets = backends, peers
}
criterion_main!(benches);
