//! Bulk perft of one position on one of the array boards or on the 10x12 mailbox or 0x88
//! board beside them, for counting instructions under callgrind:
//!
//! ```text
//! cargo build --release -p boardlab-arrays --example perft_instructions
//! valgrind --tool=callgrind --toggle-collect='perft_instructions::measured*' \
//!     target/release/examples/perft_instructions BOARD [POSITION] [DEPTH]
//! ```
//!
//! BOARD is `8x8`, `12x12`, `16x16`, `10x12-array` (the 12x12 board's code with one frame
//! column each side), `mailbox` or `x88`; POSITION `kiwipete` (the default),
//! `startpos` or `endgame`; DEPTH defaults to 3. Only `measured` is counted, so the parsing
//! stays out.

use boardlab_array12x12::{Array10x12Board, Array12x12Board};
use boardlab_array16x16::Array16x16Board;
use boardlab_array8x8::Array8x8Board;
use boardlab_core::{perft, Board, BoardExt, PerftMode};
use boardlab_mailbox::MailboxBoard;
use boardlab_x88::X88Board;
use std::hint::black_box;

const POSITIONS: [(&str, &str); 3] = [
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
];

#[inline(never)]
fn measured<B: Board>(board: &mut B, depth: u32) -> u64 {
    perft(black_box(board), black_box(depth), PerftMode::Bulk)
}

fn run<B: Board>(fen: &str, depth: u32) -> u64 {
    let mut board = B::from_fen(fen).expect("a valid FEN");
    measured(&mut board, depth)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let board = args.get(1).map_or("8x8", String::as_str);
    let position = args.get(2).map_or("kiwipete", String::as_str);
    let depth = args.get(3).and_then(|d| d.parse().ok()).unwrap_or(3);
    let Some(&(_, fen)) = POSITIONS.iter().find(|(name, _)| *name == position) else {
        eprintln!("unknown position {position}");
        std::process::exit(2);
    };
    let nodes = match board {
        "8x8" => run::<Array8x8Board>(fen, depth),
        "12x12" => run::<Array12x12Board>(fen, depth),
        "10x12-array" => run::<Array10x12Board>(fen, depth),
        "16x16" => run::<Array16x16Board>(fen, depth),
        "mailbox" => run::<MailboxBoard>(fen, depth),
        "x88" => run::<X88Board>(fen, depth),
        _ => {
            eprintln!("unknown board {board}: 8x8, 12x12, 16x16, 10x12-array, mailbox or x88");
            std::process::exit(2);
        }
    };
    println!("{board} {position} depth {depth}: {nodes} nodes");
}
