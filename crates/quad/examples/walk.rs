//! One bulk-counting perft walk on the quad board, on the magic board or on cozy-chess, to
//! count the instructions of the same tree under callgrind:
//!
//! ```text
//! cargo build --release -p boardlab-quad --example walk
//! valgrind --tool=callgrind target/release/examples/walk quad|magic|cozy [DEPTH] [FEN]
//! ```
//!
//! The default is KiwiPete to depth 4 (4 085 603 leaves). The PEXT and magic tables are built
//! before the walk, so their cost is the same small share of every count.

use boardlab_core::{perft, BoardExt, PerftMode};
use boardlab_magic::MagicBoard;
use boardlab_quad::QuadBoard;
use std::hint::black_box;

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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map_or("quad", String::as_str);
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(4);
    let fen = args.get(3).map_or(KIWIPETE, String::as_str);
    let leaves = match which {
        "quad" => {
            let mut board = QuadBoard::from_fen(fen).expect("a legal FEN");
            perft(black_box(&mut board), 1, PerftMode::Bulk);
            perft(black_box(&mut board), depth, PerftMode::Bulk)
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
        other => panic!("unknown board {other}: quad, magic or cozy"),
    };
    println!("{which} depth {depth}: {leaves} leaves");
}
