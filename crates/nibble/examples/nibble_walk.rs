//! A fixed workload for instruction counts under callgrind, this board beside the array boards:
//!
//! ```text
//! cargo build --release -p boardlab-nibble --example nibble_walk
//! valgrind --tool=callgrind target/release/examples/nibble_walk nibble perft kiwipete 3
//! valgrind --tool=callgrind target/release/examples/nibble_walk mailbox piece_at kiwipete 100000
//! ```
//!
//! `perft POSITION DEPTH` walks a bulk perft; `piece_at POSITION PASSES` reads all 64 squares
//! `PASSES` times; `pawns` and `pawns-generic` ask for both colours' pawn structure `PASSES`
//! times, this board's own answer or boardlab-engine's generic one; `see` and `see-attackers`
//! ask every legal capture's exchange `PASSES` times, this board's SEE or the trait's provided
//! one on this board's own `attackers_to` (every other query, own against generic, is counted
//! by `benches/instructions`, `nibble query QUERY own|generic`). Subtract the count of the same command with a depth or a pass
//! count of 0 to leave out the start-up.
//!
//! Measured (instructions, callgrind, the start-up subtracted):
//!
//! ```text
//!                          nibble       mailbox      x88
//! perft kiwipete 3      8,111,853     3,938,644    4,867,013   (97,862 leaves)
//! perft start 4        26,208,008    13,268,494   13,632,615   (197,281 leaves)
//! piece_at, per read        21.16         28.91        21.14   (kiwipete, 6,400,000 reads)
//! ```
//!
//! The read costs what the 0x88 board's does: the shift and mask take the place of the 0x88
//! board's index arithmetic, and both then decode the code through a table; most of the 21 is
//! this loop's own work. The bulk walk takes about twice the array boards' instructions.

use boardlab_core::{perft, BoardExt, Color, PerftMode, Square, START_FEN};
use boardlab_engine::{queries, EngineQueries};
use boardlab_mailbox::MailboxBoard;
use boardlab_nibble::NibbleBoard;
use boardlab_x88::X88Board;
use std::hint::black_box;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn run<B: EngineQueries>(work: &str, fen: &str, amount: u32) -> u64 {
    let mut board = B::from_fen(fen).expect("a valid FEN");
    match work {
        "perft" => perft(&mut board, amount, PerftMode::Bulk),
        "piece_at" => {
            let mut total = 0u64;
            for _ in 0..amount {
                let board = black_box(&board);
                for sq in Square::ALL {
                    total += black_box(board.piece_at(sq)).map_or(0, |p| p.index() as u64 + 1);
                }
            }
            total
        }
        "pawns" | "pawns-generic" => {
            let mut total = 0u64;
            for _ in 0..amount {
                let board = black_box(&board);
                for color in Color::ALL {
                    let pawns = if work == "pawns" {
                        board.pawn_structure(color)
                    } else {
                        boardlab_engine::queries::pawn_structure(board, color)
                    };
                    total += u64::from(pawns.doubled + pawns.isolated + pawns.passed);
                }
            }
            total
        }
        "see" | "see-attackers" => {
            // The board's SEE against the trait's provided one on this board's own
            // `attackers_to`, each over every legal capture once a pass: the one comparison
            // `benches/instructions` (own or generic answer) does not make.
            let moves: Vec<_> = board
                .legal_moves()
                .iter()
                .copied()
                .filter(|mv| mv.is_capture())
                .collect();
            let mut total = 0i64;
            for _ in 0..amount {
                let board = black_box(&board);
                for &mv in &moves {
                    total += i64::from(if work == "see" {
                        board.see(mv)
                    } else {
                        queries::see_with(board, mv, |sq, by, lifted| {
                            board.attackers_to(sq, by, lifted)
                        })
                    });
                }
            }
            total as u64
        }
        other => panic!(
            "unknown work {other:?}: perft, piece_at, pawns, pawns-generic, see or see-attackers"
        ),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [backend, work, position, amount] = &args[..] else {
        panic!("usage: walk nibble|mailbox|x88 perft|piece_at start|kiwipete AMOUNT");
    };
    let fen = match position.as_str() {
        "start" => START_FEN,
        "kiwipete" => KIWIPETE,
        fen => fen,
    };
    let amount: u32 = amount.parse().expect("a number");
    let result = match backend.as_str() {
        "nibble" => run::<NibbleBoard>(work, fen, amount),
        "mailbox" => run::<MailboxBoard>(work, fen, amount),
        "x88" => run::<X88Board>(work, fen, amount),
        other => panic!("unknown backend {other:?}"),
    };
    println!("{result}");
}
