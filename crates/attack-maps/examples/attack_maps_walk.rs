//! Full-make perft of KiwiPete on this board or on the two mailboxes it is compared with, for
//! counting instructions under callgrind:
//!
//! ```text
//! cargo build --release -p boardlab-attack-maps --example attack_maps_walk
//! valgrind --tool=callgrind --toggle-collect='walk::measured*' \
//!     target/release/examples/attack_maps_walk attack-maps|mailbox|x88 [DEPTH] [full-make|bulk]
//! ```
//!
//! Only `measured` is counted, so parsing and set-up stay out.
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect='walk::measured*' \
//!     target/release/examples/attack_maps_walk query attackers-to|mobility|see own|generic
//! ```
//!
//! counts one engine query on this board instead, its own answer or boardlab-engine's
//! generic one, 20 times over KiwiPete, the start position and every position one legal move
//! from either: `attackers-to` asks for every square and both sides with nothing lifted,
//! `mobility` for both sides, `see` every capture (the move list is built either way). The sum of the answers is printed, the same for both.

use boardlab_attack_maps::AttackMapBoard;
use boardlab_core::{perft, Bitboard, Board, BoardExt, Color, PerftMode, Square, START_FEN};
use boardlab_engine::{queries, EngineQueries};
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

/// KiwiPete, the start position and the positions one move from them.
fn query_positions() -> Vec<AttackMapBoard> {
    [KIWIPETE, START_FEN]
        .into_iter()
        .flat_map(|fen| {
            let root = AttackMapBoard::from_fen(fen).expect("the position parses");
            let children: Vec<AttackMapBoard> = root
                .legal_moves()
                .iter()
                .map(|&mv| {
                    let mut child = root.clone();
                    child.make(mv);
                    child
                })
                .collect();
            children.into_iter().chain([root])
        })
        .collect()
}

#[inline(never)]
fn measured_query(boards: &[AttackMapBoard], query: &str, own: bool) -> u64 {
    let mut sum = 0u64;
    for _ in 0..20 {
        for board in boards {
            let board = black_box(board);
            match query {
                "see" => {
                    for &mv in board.legal_moves().iter().filter(|mv| mv.is_capture()) {
                        let value = if own {
                            board.see(mv)
                        } else {
                            queries::see(board, mv)
                        };
                        sum = sum.wrapping_add(value as u64);
                    }
                }
                "mobility" => {
                    for color in Color::ALL {
                        sum += u64::from(if own {
                            board.mobility(color)
                        } else {
                            queries::mobility(board, color)
                        });
                    }
                }
                _ => {
                    for sq in Square::ALL {
                        for color in Color::ALL {
                            let set = if own {
                                board.attackers_to(sq, color, Bitboard::EMPTY)
                            } else {
                                queries::attackers_to(board, sq, color, Bitboard::EMPTY)
                            };
                            sum += u64::from(set.count());
                        }
                    }
                }
            }
        }
    }
    sum
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("query") {
        let query = args.get(2).map_or("attackers-to", String::as_str);
        let own = args.get(3).map(String::as_str) != Some("generic");
        println!("{}", measured_query(&query_positions(), query, own));
        return;
    }
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
