//! Edge tests per generated move on the 8x8 board, counted by the board itself over perft
//! walks of the standard positions:
//!
//! ```sh
//! cargo run --release -p boardlab-array8x8 --features count-edge-tests --example edge_tests -- [DEPTH]
//! ```

use boardlab_array8x8::edge_tests::perft_report;
use boardlab_array8x8::Array8x8Board;
use boardlab_core::BoardExt;

const POSITIONS: [(&str, &str); 3] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
];

fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|text| text.parse().ok())
        .unwrap_or(3);
    println!("position   depth  positions      moves   edge tests  tests/move");
    for (name, fen) in POSITIONS {
        let mut board = Array8x8Board::from_fen(fen).expect("a valid FEN");
        let report = perft_report(&mut board, depth);
        println!(
            "{name:<10} {depth:>5} {:>10} {:>10} {:>12} {:>11.2}",
            report.positions,
            report.moves,
            report.edge_tests,
            report.per_move()
        );
    }
}
