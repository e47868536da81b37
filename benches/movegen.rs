//! The parts of perft timed apart, per backend, over a fixed set of positions (the conformance
//! walk positions: openings, middle games, en passant, promotions, castling):
//!
//! - `movegen`: legal move generation of every position;
//! - `make-unmake`: make and unmake of every legal move of every position;
//! - `attacks`: `is_attacked` for every square and both colours, which exercises each
//!   representation's sliding-attack lookup (rays, 0x88 steps, rotated or magic bitboards)
//!   through the one query every backend exposes;
//! - `sliders`: rook and bishop attack sets for every square of every position's occupancy,
//!   through the lookups the bitboard backends export (rotated: `rook_attacks` and
//!   `bishop_attacks` on a `RotatedOccupancy`; magic: `rook_attacks` and `bishop_attacks` on
//!   the occupied set, fancy magics), beside the plain ray walk of boardlab-core.
//!   The square-centric backends (piece lists, mailbox, 0x88) export no such query; their
//!   sliding is inside `generate` and `is_attacked`, timed above.

use boardlab_core::bitboard::{slider_attacks_slow, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use boardlab_core::testkit::WALK_POSITIONS;
use boardlab_core::{Bitboard, Board, Color, GenKind, MoveList, Setup, Square};
use boardlab_harness::backend::{boardlab_magic, boardlab_rotated};
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

fn sliders(c: &mut Criterion) {
    let occupancies: Vec<Bitboard> = WALK_POSITIONS
        .iter()
        .map(|fen| {
            Setup::from_fen(fen)
                .expect("walk positions are valid")
                .occupied()
        })
        .collect();
    let queries = occupancies.len() as u64 * 64 * 2;
    let mut group = c.benchmark_group("sliders");
    group.throughput(Throughput::Elements(queries));
    group.bench_function("ray-walk", |b| {
        b.iter(|| {
            let mut all = Bitboard::EMPTY;
            for &occupied in &occupancies {
                for sq in Square::ALL {
                    all ^= slider_attacks_slow(black_box(sq), occupied, &ROOK_DIRECTIONS);
                    all ^= slider_attacks_slow(black_box(sq), occupied, &BISHOP_DIRECTIONS);
                }
            }
            black_box(all)
        })
    });
    let rotated: Vec<boardlab_rotated::RotatedOccupancy> = occupancies
        .iter()
        .map(|&occupied| boardlab_rotated::RotatedOccupancy::from_occupied(occupied))
        .collect();
    for (occupancy, &occupied) in rotated.iter().zip(&occupancies) {
        for sq in Square::ALL {
            let rook = slider_attacks_slow(sq, occupied, &ROOK_DIRECTIONS);
            let bishop = slider_attacks_slow(sq, occupied, &BISHOP_DIRECTIONS);
            assert_eq!(boardlab_rotated::rook_attacks(sq, occupancy), rook);
            assert_eq!(boardlab_rotated::bishop_attacks(sq, occupancy), bishop);
            assert_eq!(boardlab_magic::rook_attacks(sq, occupied), rook);
            assert_eq!(boardlab_magic::bishop_attacks(sq, occupied), bishop);
        }
    }
    group.bench_function("rotated", |b| {
        b.iter(|| {
            let mut all = Bitboard::EMPTY;
            for occupancy in &rotated {
                for sq in Square::ALL {
                    all ^= boardlab_rotated::rook_attacks(black_box(sq), occupancy);
                    all ^= boardlab_rotated::bishop_attacks(black_box(sq), occupancy);
                }
            }
            black_box(all)
        })
    });
    group.bench_function("magic", |b| {
        b.iter(|| {
            let mut all = Bitboard::EMPTY;
            for &occupied in &occupancies {
                for sq in Square::ALL {
                    all ^= boardlab_magic::rook_attacks(black_box(sq), occupied);
                    all ^= boardlab_magic::bishop_attacks(black_box(sq), occupied);
                }
            }
            black_box(all)
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
    targets = all_backends, sliders
}
criterion_main!(benches);
