//! A fixed workload for instruction counts under callgrind, this board beside the array boards:
//!
//! ```text
//! cargo build --release -p boardlab-nibble --example walk
//! valgrind --tool=callgrind target/release/examples/walk nibble perft kiwipete 3
//! valgrind --tool=callgrind target/release/examples/walk mailbox piece_at kiwipete 100000
//! ```
//!
//! `perft POSITION DEPTH` walks a bulk perft; `piece_at POSITION PASSES` reads all 64 squares
//! `PASSES` times; `pawns` and `pawns-generic` ask for both colours' pawn structure `PASSES`
//! times, this board's own answer or boardlab-engine's generic one. The other engine queries
//! go the same way, a pass asking each once of the whole position: `attacks` (every square's
//! `attacks_from`), `attackers` (every square's `attackers_to` for both sides, nothing
//! lifted), `mobility` and `attacked` (both colours), `see` (every legal capture), each with
//! `-generic` for the generic answer, and `see-attackers`, the trait's provided SEE on this
//! board's own `attackers_to`. Subtract the count of the same command with a depth or a pass
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

use boardlab_core::{perft, Bitboard, BoardExt, Color, PerftMode, Square, START_FEN};
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
        query => {
            // The other engine queries, this board's own answer or (with `-generic`) the
            // generic one: each asked of the whole position once a pass.
            let (name, generic) = match query.strip_suffix("-generic") {
                Some(name) => (name, true),
                None => (query, false),
            };
            let moves: Vec<_> = board
                .legal_moves()
                .iter()
                .copied()
                .filter(|mv| mv.is_capture())
                .collect();
            let mut total = 0u64;
            for _ in 0..amount {
                let board = black_box(&board);
                let value: u64 = match (name, generic) {
                    ("attacks", false) => Square::ALL
                        .iter()
                        .map(|&sq| u64::from(board.attacks_from(sq).count()))
                        .sum(),
                    ("attacks", true) => Square::ALL
                        .iter()
                        .map(|&sq| u64::from(queries::attacks_from(board, sq).count()))
                        .sum(),
                    ("attackers", false) => Square::ALL
                        .iter()
                        .map(|&sq| {
                            Color::ALL
                                .iter()
                                .map(|&by| {
                                    u64::from(board.attackers_to(sq, by, Bitboard::EMPTY).count())
                                })
                                .sum::<u64>()
                        })
                        .sum(),
                    ("attackers", true) => Square::ALL
                        .iter()
                        .map(|&sq| {
                            Color::ALL
                                .iter()
                                .map(|&by| {
                                    u64::from(
                                        queries::attackers_to(board, sq, by, Bitboard::EMPTY)
                                            .count(),
                                    )
                                })
                                .sum::<u64>()
                        })
                        .sum(),
                    ("mobility", false) => Color::ALL
                        .iter()
                        .map(|&c| u64::from(board.mobility(c)))
                        .sum(),
                    ("mobility", true) => Color::ALL
                        .iter()
                        .map(|&c| u64::from(queries::mobility(board, c)))
                        .sum(),
                    ("attacked", false) => Color::ALL
                        .iter()
                        .map(|&c| u64::from(board.attacked_squares(c)))
                        .sum(),
                    ("attacked", true) => Color::ALL
                        .iter()
                        .map(|&c| u64::from(queries::attacked_squares(board, c)))
                        .sum(),
                    ("see", false) => moves
                        .iter()
                        .map(|&mv| i64::from(board.see(mv)))
                        .sum::<i64>() as u64,
                    // The trait's provided SEE, which asks the board's own `attackers_to`
                    // afresh at every capture.
                    ("see-attackers", false) => moves
                        .iter()
                        .map(|&mv| {
                            i64::from(queries::see_with(board, mv, |sq, by, lifted| {
                                board.attackers_to(sq, by, lifted)
                            }))
                        })
                        .sum::<i64>() as u64,
                    ("see", true) => moves
                        .iter()
                        .map(|&mv| i64::from(queries::see(board, mv)))
                        .sum::<i64>() as u64,
                    _ => panic!(
                        "unknown work {query:?}: perft, piece_at, pawns, attacks, attackers, \
                         mobility, attacked, see or see-attackers, all but the last with -generic or without"
                    ),
                };
                total = total.wrapping_add(value);
            }
            total
        }
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
