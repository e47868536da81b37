//! One bulk-counting perft walk on the quad board, on the magic board or on cozy-chess, to
//! count the instructions of the same tree under callgrind:
//!
//! ```text
//! cargo build --release -p boardlab-quad --example quad_walk
//! valgrind --tool=callgrind target/release/examples/quad_walk quad|quad-copy|magic|cozy [DEPTH] [FEN]
//! ```
//!
//! `quad-copy` walks the quad board by copy-make alone, each child a copy of its parent with
//! the move made on it and nothing copied back: the difference from `quad` is what the trait's
//! make-then-unmake walk costs a board whose undo record is the board.
//!
//! The default is KiwiPete to depth 4 (4 085 603 leaves). The PEXT and magic tables are built
//! before the walk, so their cost is the same small share of every count.
//!
//! `walk ratios [RUNS]` times instead, turn about, the three on the six standard positions
//! at the published depths (startpos 6, KiwiPete 5, positions 3 to 6 at 6, 5, 5, 5), keeps the
//! best of `RUNS` for each, and prints cozy-chess's time over each board's with their
//! geometric mean: the bench `ratios` computes the same figure for the registered backends.

use boardlab_core::{perft, Board, BoardExt, GenKind, MoveList, PerftMode};
use boardlab_magic::MagicBoard;
use boardlab_quad::QuadBoard;
use std::hint::black_box;
use std::time::Instant;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Bulk perft on cozy-chess: a copy of the board per move, the last ply counted by group
/// sizes.
fn cozy(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut leaves = 0;
    board.generate_moves(|group| {
        if depth <= 1 {
            leaves += group.len() as u64;
        } else {
            for mv in group {
                let mut child = board.clone();
                child.play_unchecked(mv);
                leaves += cozy(&child, depth - 1);
            }
        }
        false
    });
    leaves
}

/// The six positions of the chess programming wiki's perft page, their published depth and
/// leaf count there.
const STANDARD: [(&str, &str, u32, u64); 6] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    ("kiwipete", KIWIPETE, 5, 193_690_690),
    (
        "position3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        6,
        11_030_083,
    ),
    (
        "position4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "position5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
        89_941_194,
    ),
    (
        "position6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        5,
        164_075_551,
    ),
];

/// The seconds one walk takes, checked against the published count.
fn timed(expected: u64, walk: impl FnOnce() -> u64) -> f64 {
    let start = Instant::now();
    let leaves = walk();
    let seconds = start.elapsed().as_secs_f64();
    assert_eq!(leaves, expected);
    seconds
}

fn ratios(runs: usize) {
    let mut quad_ratios = Vec::new();
    let mut magic_ratios = Vec::new();
    for (id, fen, depth, expected) in STANDARD {
        let (mut cozy_best, mut quad_best, mut magic_best) = (f64::MAX, f64::MAX, f64::MAX);
        for _ in 0..runs {
            let peer = cozy_chess::Board::from_fen(fen, false).expect("a legal FEN");
            cozy_best = cozy_best.min(timed(expected, || cozy(&peer, depth)));
            let mut board = QuadBoard::from_fen(fen).expect("a legal FEN");
            quad_best = quad_best.min(timed(expected, || {
                perft(&mut board, depth, PerftMode::Bulk)
            }));
            let mut board = MagicBoard::from_fen(fen).expect("a legal FEN");
            magic_best = magic_best.min(timed(expected, || {
                perft(&mut board, depth, PerftMode::Bulk)
            }));
        }
        println!(
            "{id} d{depth}: cozy-chess {cozy_best:.3} s, quad {quad_best:.3} s ({:.2}x), magic {magic_best:.3} s ({:.2}x)",
            cozy_best / quad_best,
            cozy_best / magic_best
        );
        quad_ratios.push(cozy_best / quad_best);
        magic_ratios.push(cozy_best / magic_best);
    }
    let mean =
        |values: &[f64]| (values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp();
    println!(
        "geometric mean over cozy-chess: quad {:.2}x, magic {:.2}x",
        mean(&quad_ratios),
        mean(&magic_ratios)
    );
}

/// Bulk perft on the quad board by copy-make alone.
fn quad_copy(board: &QuadBoard, depth: u32) -> u64 {
    if depth <= 1 {
        return board.count_legal();
    }
    let mut moves = MoveList::new();
    board.generate(GenKind::All, &mut moves);
    let child = |mv| {
        let mut child = *board;
        child.make(mv);
        child
    };
    moves
        .iter()
        .map(|&mv| quad_copy(&child(mv), depth - 1))
        .sum()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("ratios") {
        // Both boards' tables are built before anything is timed.
        perft(
            &mut QuadBoard::from_fen(KIWIPETE).expect("a legal FEN"),
            1,
            PerftMode::Bulk,
        );
        perft(
            &mut MagicBoard::from_fen(KIWIPETE).expect("a legal FEN"),
            1,
            PerftMode::Bulk,
        );
        ratios(args.get(2).and_then(|r| r.parse().ok()).unwrap_or(3));
        return;
    }
    let which = args.get(1).map_or("quad", String::as_str);
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(4);
    let fen = args.get(3).map_or(KIWIPETE, String::as_str);
    let leaves = match which {
        "quad" => {
            let mut board = QuadBoard::from_fen(fen).expect("a legal FEN");
            perft(black_box(&mut board), 1, PerftMode::Bulk);
            perft(black_box(&mut board), depth, PerftMode::Bulk)
        }
        "quad-copy" => {
            let board = QuadBoard::from_fen(fen).expect("a legal FEN");
            perft(black_box(&mut board.clone()), 1, PerftMode::Bulk);
            quad_copy(black_box(&board), depth.max(1))
        }
        "magic" => {
            let mut board = MagicBoard::from_fen(fen).expect("a legal FEN");
            perft(black_box(&mut board), 1, PerftMode::Bulk);
            perft(black_box(&mut board), depth, PerftMode::Bulk)
        }
        "cozy" => {
            let board = cozy_chess::Board::from_fen(fen, false).expect("a legal FEN");
            cozy(black_box(&board), depth.max(1))
        }
        other => panic!("unknown board {other}: quad, quad-copy, magic or cozy"),
    };
    println!("{which} depth {depth}: {leaves} leaves");
}
