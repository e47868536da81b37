//! Full-make perft two ways on the magic board: make and unmake on one board (what
//! `boardlab perft --no-bulk` does), or a copy of the whole board per move with no unmake; and
//! the sizes of the board and of its undo record.
//!
//! ```text
//! cargo run --release -p boardlab-magic --example copy_make -- [make|copy|sizes] [DEPTH] [FEN]
//! ```
//!
//! Run each mode under `valgrind --tool=callgrind` to compare instruction counts; the wall
//! time printed is only a rough guide on a shared machine.

use boardlab_bitboard::{BitLines, BitboardBoard, BlackMagic, Kindergarten, Pext, SliderTechnique};
use boardlab_core::{perft, Board, BoardExt, GenKind, MoveList, PerftMode};
use boardlab_magic::MagicBoard;
use std::hint::black_box;
use std::time::Instant;

/// The position perf work on the bitboard backends measures by (kiwipete without its d5 pawn).
const FEN: &str = "r3k2r/p1ppqpb1/bn2pnp1/4N3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Full-make perft by copy-make: each child is a copy of its parent with the move made on it.
/// `make` still returns its undo record, which is dropped; so this times the copy on top of a
/// make, not a make written for copying.
fn perft_copy(board: &MagicBoard, depth: u32) -> u64 {
    let mut moves = MoveList::new();
    board.generate(GenKind::All, &mut moves);
    if depth == 1 {
        for &mv in moves.iter() {
            let mut child = *board;
            black_box(child.make(mv));
            black_box(&child);
        }
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in moves.iter() {
        let mut child = *board;
        child.make(mv);
        nodes += perft_copy(&child, depth - 1);
    }
    nodes
}

fn sizes<T: SliderTechnique>() {
    println!(
        "{:<14} board {:>4} bytes, undo {:>4} bytes",
        T::NAME,
        std::mem::size_of::<BitboardBoard<T>>(),
        std::mem::size_of::<<BitboardBoard<T> as Board>::Undo>()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map_or("make", String::as_str);
    let depth = match args.get(1).map(|text| text.parse::<u32>()) {
        None => 4,
        Some(Ok(depth)) if depth >= 1 => depth,
        Some(_) => {
            eprintln!("error: the depth must be a whole number from 1");
            std::process::exit(2);
        }
    };
    let fen = args.get(2).map_or(FEN, String::as_str);
    let mut board = match MagicBoard::from_fen(fen) {
        Ok(board) => board,
        Err(err) => {
            eprintln!("error: {err}");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let nodes = match mode {
        "make" => perft(&mut board, depth, PerftMode::FullMake),
        "copy" => perft_copy(&board, depth),
        "sizes" => {
            sizes::<boardlab_magic::MagicTechnique>();
            sizes::<Pext>();
            sizes::<BlackMagic>();
            sizes::<Kindergarten>();
            sizes::<BitLines>();
            return;
        }
        other => {
            eprintln!("error: unknown mode {other:?}: expected make, copy or sizes");
            std::process::exit(2);
        }
    };
    println!(
        "{mode}: {nodes} nodes in {:.3} s",
        start.elapsed().as_secs_f64()
    );
}
