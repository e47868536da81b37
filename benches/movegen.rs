//! The parts of perft timed apart over a fixed set of positions (the conformance walk
//! positions: openings, middle games, en passant, promotions, castling), one criterion group
//! per part, each holding every registered backend beside the peers that have the same
//! operation:
//!
//! - `movegen/walk`: legal move generation of every position, every move listed; beside
//!   cozy-chess, shakmaty and the `chess` crate;
//! - `make-unmake/walk`: make and unmake of every legal move of every position; beside the
//!   peers' copy-make (a copy of the position with the move played), as none of them has an
//!   unmake;
//! - `attacks/walk`: `is_attacked` for every square and both colours, which exercises each
//!   representation's sliding-attack lookup (rays, 0x88 steps, rotated or magic bitboards)
//!   through the one query every backend exposes; beside shakmaty's `attacks_to`, the only
//!   peer with a public square-attack query;
//!
//! The slider lookups on their own, every technique side by side, are `benches/sliders.rs`.
//!
//! Throughput is counted in moves (generated, or made and unmade) and in attack queries.

mod common;

use boardlab_backends::{with_backend, Backend};
use boardlab_core::{Board, BoardExt, Color, GenKind, MoveList, Square};
use boardlab_testkit::WALK_POSITIONS;
use common::{chess_board, cozy_board, shakmaty_position};
use criterion::measurement::WallTime;
use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput,
};
use std::time::Duration;

fn boards<B: Board>() -> Vec<B> {
    WALK_POSITIONS
        .iter()
        .map(|fen| B::from_fen(fen).expect("walk positions are valid"))
        .collect()
}

/// The number of legal moves summed over the walk positions, as boardlab counts them; every
/// peer's count is checked against it before it is timed.
fn walk_moves() -> u64 {
    boards::<boardlab_mailbox::MailboxBoard>()
        .iter()
        .map(|board| board.legal_moves().len() as u64)
        .sum()
}

fn movegen<B: Board>(group: &mut BenchmarkGroup<WallTime>, expected: u64) {
    let boards = boards::<B>();
    let mut moves = MoveList::new();
    let count = |moves: &mut MoveList| {
        let mut total = 0;
        for board in &boards {
            board.generate(GenKind::All, moves);
            total += moves.len() as u64;
        }
        total
    };
    assert_eq!(count(&mut moves), expected, "{}", B::NAME);
    group.bench_function(B::NAME, |b| b.iter(|| black_box(count(&mut moves))));
}

fn movegen_peers(group: &mut BenchmarkGroup<WallTime>, expected: u64) {
    let cozy: Vec<_> = WALK_POSITIONS.iter().map(|fen| cozy_board(fen)).collect();
    let cozy_count = || {
        let mut total = 0u64;
        for board in &cozy {
            board.generate_moves(|moves| {
                for mv in moves {
                    black_box(mv);
                    total += 1;
                }
                false
            });
        }
        total
    };
    assert_eq!(cozy_count(), expected, "cozy-chess");
    group.bench_function("cozy-chess", |b| b.iter(|| black_box(cozy_count())));

    let shakmaty: Vec<_> = WALK_POSITIONS
        .iter()
        .map(|fen| shakmaty_position(fen))
        .collect();
    let shakmaty_count = || {
        use shakmaty::Position;
        shakmaty
            .iter()
            .map(|pos| black_box(pos.legal_moves()).len() as u64)
            .sum::<u64>()
    };
    assert_eq!(shakmaty_count(), expected, "shakmaty");
    group.bench_function("shakmaty", |b| b.iter(|| black_box(shakmaty_count())));

    let chess: Vec<_> = WALK_POSITIONS.iter().map(|fen| chess_board(fen)).collect();
    let chess_count = || {
        chess
            .iter()
            .map(|board| chess::MoveGen::new_legal(board).map(black_box).count() as u64)
            .sum::<u64>()
    };
    assert_eq!(chess_count(), expected, "chess");
    group.bench_function("chess", |b| b.iter(|| black_box(chess_count())));
}

fn make_unmake<B: Board>(group: &mut BenchmarkGroup<WallTime>) {
    let mut boards = boards::<B>();
    let lists: Vec<MoveList> = boards.iter().map(|b| b.legal_moves()).collect();
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
}

fn make_unmake_peers(group: &mut BenchmarkGroup<WallTime>, expected: u64) {
    let cozy: Vec<_> = WALK_POSITIONS
        .iter()
        .map(|fen| {
            let board = cozy_board(fen);
            let mut moves = Vec::new();
            board.generate_moves(|list| {
                moves.extend(list);
                false
            });
            (board, moves)
        })
        .collect();
    let count: usize = cozy.iter().map(|(_, moves)| moves.len()).sum();
    assert_eq!(count as u64, expected, "cozy-chess");
    group.bench_function("cozy-chess", |b| {
        b.iter(|| {
            for (board, moves) in &cozy {
                for &mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    black_box(&child);
                }
            }
        })
    });

    let shakmaty: Vec<_> = WALK_POSITIONS
        .iter()
        .map(|fen| {
            use shakmaty::Position;
            let pos = shakmaty_position(fen);
            let moves = pos.legal_moves();
            (pos, moves)
        })
        .collect();
    let count: usize = shakmaty.iter().map(|(_, moves)| moves.len()).sum();
    assert_eq!(count as u64, expected, "shakmaty");
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            use shakmaty::Position;
            for (pos, moves) in &shakmaty {
                for mv in moves {
                    let mut child = pos.clone();
                    child.play_unchecked(*mv);
                    black_box(&child);
                }
            }
        })
    });

    let chess: Vec<_> = WALK_POSITIONS
        .iter()
        .map(|fen| {
            let board = chess_board(fen);
            let moves: Vec<chess::ChessMove> = chess::MoveGen::new_legal(&board).collect();
            (board, moves)
        })
        .collect();
    let count: usize = chess.iter().map(|(_, moves)| moves.len()).sum();
    assert_eq!(count as u64, expected, "chess");
    group.bench_function("chess", |b| {
        b.iter(|| {
            for (board, moves) in &chess {
                for &mv in moves {
                    black_box(board.make_move_new(mv));
                }
            }
        })
    });
}

/// Whether each square is attacked by each colour, as a 128-bit answer: the same for every
/// board that reads the position correctly.
fn attack_map<B: Board>(board: &B) -> u128 {
    let mut map = 0u128;
    for sq in Square::ALL {
        for (i, by) in Color::ALL.into_iter().enumerate() {
            if board.is_attacked(black_box(sq), by) {
                map |= 1 << (sq as usize * 2 + i);
            }
        }
    }
    map
}

fn attacks<B: Board>(group: &mut BenchmarkGroup<WallTime>, expected: &[u128]) {
    let boards = boards::<B>();
    let maps: Vec<u128> = boards.iter().map(attack_map).collect();
    assert_eq!(maps, expected, "{}", B::NAME);
    group.bench_function(B::NAME, |b| {
        b.iter(|| {
            let mut all = 0;
            for board in &boards {
                all ^= attack_map(board);
            }
            black_box(all)
        })
    });
}

fn attacks_peers(group: &mut BenchmarkGroup<WallTime>, expected: &[u128]) {
    let boards: Vec<shakmaty::Board> = WALK_POSITIONS
        .iter()
        .map(|fen| {
            use shakmaty::Position;
            shakmaty_position(fen).board().clone()
        })
        .collect();
    let attack_map = |board: &shakmaty::Board| {
        let mut map = 0u128;
        for (index, sq) in shakmaty::Square::ALL.into_iter().enumerate() {
            for (i, by) in [shakmaty::Color::White, shakmaty::Color::Black]
                .into_iter()
                .enumerate()
            {
                if board.attacks_to(black_box(sq), by, board.occupied()).any() {
                    map |= 1 << (index * 2 + i);
                }
            }
        }
        map
    };
    let maps: Vec<u128> = boards.iter().map(attack_map).collect();
    assert_eq!(maps, expected, "shakmaty");
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            let mut all = 0;
            for board in &boards {
                all ^= attack_map(board);
            }
            black_box(all)
        })
    });
}

fn parts(c: &mut Criterion) {
    let moves = walk_moves();
    let mut group = c.benchmark_group("movegen/walk");
    group.throughput(Throughput::Elements(moves));
    // The registry is the list: a backend added to it appears here by itself.
    for &backend in Backend::ALL {
        with_backend!(backend, B => movegen::<B>(&mut group, moves));
    }
    movegen_peers(&mut group, moves);
    group.finish();

    let mut group = c.benchmark_group("make-unmake/walk");
    group.throughput(Throughput::Elements(moves));
    for &backend in Backend::ALL {
        with_backend!(backend, B => make_unmake::<B>(&mut group));
    }
    make_unmake_peers(&mut group, moves);
    group.finish();

    let expected: Vec<u128> = boards::<boardlab_mailbox::MailboxBoard>()
        .iter()
        .map(attack_map)
        .collect();
    let mut group = c.benchmark_group("attacks/walk");
    group.throughput(Throughput::Elements(WALK_POSITIONS.len() as u64 * 128));
    for &backend in Backend::ALL {
        with_backend!(backend, B => attacks::<B>(&mut group, &expected));
    }
    attacks_peers(&mut group, &expected);
    group.finish();
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
    targets = parts
}
criterion_main!(benches);
