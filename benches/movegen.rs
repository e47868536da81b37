//! The parts of perft timed apart, per backend, over a fixed set of positions (the conformance
//! walk positions: openings, middle games, en passant, promotions, castling):
//!
//! - `movegen`: legal move generation of every position;
//! - `make-unmake`: make and unmake of every legal move of every position;
//! - `attacks`: `is_attacked` for every square and both colours, which exercises each
//!   representation's sliding-attack lookup (rays, 0x88 steps, rotated or magic bitboards)
//!   through the one query every backend exposes.

use boardlab_core::testkit::WALK_POSITIONS;
use boardlab_core::{Board, Color, GenKind, MoveList, Square};
use boardlab_harness::{with_backend, Backend};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

fn boards<B: Board>() -> Vec<B> {
    WALK_POSITIONS
        .iter()
        .map(|fen| B::from_fen(fen).expect("walk positions are valid"))
        .collect()
}

fn movegen<B: Board>(c: &mut Criterion) {
    let boards = boards::<B>();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function(B::NAME, |b| {
        let mut moves = MoveList::new();
        b.iter(|| {
            let mut total = 0;
            for board in &boards {
                board.generate(GenKind::All, &mut moves);
                total += moves.len();
            }
            black_box(total)
        })
    });
    group.finish();
}

fn make_unmake<B: Board>(c: &mut Criterion) {
    let mut boards = boards::<B>();
    let lists: Vec<MoveList> = boards.iter().map(|b| b.legal_moves()).collect();
    let total: usize = lists.iter().map(|l| l.len()).sum();
    let mut group = c.benchmark_group("make-unmake");
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function(B::NAME, |b| {
        b.iter(|| {
            for (board, moves) in boards.iter_mut().zip(&lists) {
                for &mv in moves.iter() {
                    let undo = board.make(mv);
                    black_box(&*board);
                    board.unmake(mv, undo);
                }
            }
        })
    });
    group.finish();
}

fn attacks<B: Board>(c: &mut Criterion) {
    let boards = boards::<B>();
    let mut group = c.benchmark_group("attacks");
    group.throughput(Throughput::Elements(boards.len() as u64 * 128));
    group.bench_function(B::NAME, |b| {
        b.iter(|| {
            let mut attacked = 0;
            for board in &boards {
                for sq in Square::ALL {
                    for by in Color::ALL {
                        attacked += board.is_attacked(black_box(sq), by) as u32;
                    }
                }
            }
            black_box(attacked)
        })
    });
    group.finish();
}

fn all_backends(c: &mut Criterion) {
    for &backend in Backend::ALL {
        with_backend!(backend, B => {
            movegen::<B>(c);
            make_unmake::<B>(c);
            attacks::<B>(c);
        });
    }
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
}

criterion_group! {
    name = benches;
    config = config();
    targets = all_backends
}
criterion_main!(benches);
