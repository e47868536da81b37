//! Full-make perft of KiwiPete on this board or on the two mailboxes it is compared with, for
//! counting instructions under callgrind:
//!
//! ```text
//! cargo build --release -p boardlab-attack-maps --example walk
//! valgrind --tool=callgrind --toggle-collect='walk::measured*' \
//!     target/release/examples/walk attack-maps|mailbox|x88 [DEPTH] [full-make|bulk]
//! ```
//!
//! Only `measured` is counted, so parsing and set-up stay out.

use boardlab_attack_maps::AttackMapBoard;
use boardlab_core::{perft, Board, BoardExt, PerftMode};
use boardlab_mailbox::MailboxBoard;
use boardlab_x88::X88Board;
use std::hint::black_box;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[inline(never)]
fn measured<B: Board>(board: &mut B, depth: u32, mode: PerftMode) -> u64 {
    perft(black_box(board), depth, mode)
}

fn run<B: Board>(depth: u32, mode: PerftMode) -> u64 {
    let mut board = B::from_fen(KIWIPETE).expect("KiwiPete parses");
    measured(&mut board, depth, mode)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(3);
    let mode = match args.get(3).map(String::as_str) {
        Some("bulk") => PerftMode::Bulk,
        _ => PerftMode::FullMake,
    };
    let nodes = match args.get(1).map(String::as_str) {
        Some("mailbox") => run::<MailboxBoard>(depth, mode),
        Some("x88") => run::<X88Board>(depth, mode),
        _ => run::<AttackMapBoard>(depth, mode),
    };
    println!("{nodes}");
}
