//! Perft of the six standard positions on one backend, or on cozy-chess, for counting
//! instructions under callgrind: instruction counts do not depend on the machine's load, so
//! they compare two builds, or two programs, on a shared machine where timings cannot.
//!
//! ```text
//! cd benches/instructions && cargo build --release
//! valgrind --tool=callgrind --toggle-collect='boardlab_instructions::measured*' \
//!     target/release/boardlab-instructions BACKEND [bulk|full-make|copy-make] [REDUCE]
//! ```
//!
//! BACKEND is `cozy-chess`, `shakmaty` or a boardlab backend's name (cozy-chess counts bulk
//! only; shakmaty's full-make and copy-make both play every leaf move on a copy). The depths are the ratio bench's less
//! one (startpos 5, kiwipete 4, position3 5, position4 4, position5 4, position6 4: 16 million
//! leaves), less REDUCE more (default 0). Only `measured` is counted, so the tables built on
//! first use and the parsing stay out. `copy-make` is full-make perft by copying the board for
//! every move instead of unmaking it.

use boardlab_backends::{with_backend, Backend};
use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{perft, Board, GenKind, MoveList, PerftMode, Setup};
use common::{cozy_board, cozy_perft, shakmaty_perft, shakmaty_position};
use std::hint::black_box;

/// The peers' perft, shared with the criterion and ratio benches.
#[path = "../../common/mod.rs"]
mod common;

/// The ratio bench's depths less one, by position id.
const DEPTHS: [(&str, u32); 6] = [
    ("startpos", 5),
    ("kiwipete", 4),
    ("position3", 5),
    ("position4", 4),
    ("position5", 4),
    ("position6", 4),
];

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Bulk,
    FullMake,
    CopyMake,
}

/// Full-make perft by copy-make: each child is a copy of its parent with the move made on it,
/// and the undo record `make` returns is dropped.
fn perft_copy<B: Board>(board: &B, depth: u32) -> u64 {
    let mut moves = MoveList::new();
    board.generate(GenKind::All, &mut moves);
    if depth == 1 {
        for &mv in moves.iter() {
            let mut child = board.clone();
            black_box(child.make(mv));
            black_box(&child);
        }
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in moves.iter() {
        let mut child = board.clone();
        child.make(mv);
        nodes += perft_copy(&child, depth - 1);
    }
    nodes
}

/// The counted part: perft of every case.
#[inline(never)]
fn measured<B: Board>(boards: &mut [(B, u32)], mode: Mode) -> u64 {
    boards
        .iter_mut()
        .map(|(board, depth)| match mode {
            Mode::Bulk => perft(board, *depth, PerftMode::Bulk),
            Mode::FullMake => perft(board, *depth, PerftMode::FullMake),
            Mode::CopyMake => perft_copy(board, *depth),
        })
        .sum()
}

fn run<B: Board>(cases: &[(Setup, u32, u64)], mode: Mode) -> (u64, u64) {
    let mut boards: Vec<(B, u32)> = cases
        .iter()
        .map(|(setup, depth, _)| (B::from_setup(setup), *depth))
        .collect();
    let expected = cases.iter().map(|c| c.2).sum();
    (measured(&mut boards, mode), expected)
}

/// The counted part for cozy-chess: its bulk perft, as the ratio bench runs it.
#[inline(never)]
fn measured_cozy(boards: &[(cozy_chess::Board, u32)]) -> u64 {
    boards.iter().map(|(b, d)| cozy_perft(b, *d)).sum()
}

/// The counted part for shakmaty: bulk perft, or full-make perft playing every leaf move on a
/// copy (shakmaty has no unmake), as the ratio bench runs them.
#[inline(never)]
fn measured_shakmaty(positions: &[(shakmaty::Chess, u32)], mode: Mode) -> u64 {
    positions
        .iter()
        .map(|(pos, depth)| shakmaty_perft(pos, *depth, mode != Mode::Bulk))
        .sum()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let backend = args.first().map_or("magic", String::as_str);
    let mode = match args.get(1).map_or("bulk", String::as_str) {
        "bulk" => Mode::Bulk,
        "full-make" => Mode::FullMake,
        "copy-make" => Mode::CopyMake,
        other => {
            eprintln!("error: unknown mode {other}");
            std::process::exit(2);
        }
    };
    let reduce: u32 = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(0);
    let suite = parse_perft_suite(STANDARD_SUITE).expect("the embedded suite parses");
    let cases: Vec<(Setup, u32, u64)> = DEPTHS
        .iter()
        .map(|&(id, depth)| {
            let case = suite
                .iter()
                .find(|c| c.id.as_deref() == Some(id))
                .expect("the suite names its positions");
            let depth = depth.saturating_sub(reduce).max(1);
            let nodes = case
                .expected
                .iter()
                .find(|e| e.0 == depth)
                .expect("depth")
                .1;
            (case.setup.clone(), depth, nodes)
        })
        .collect();
    let (nodes, expected) = match backend {
        "cozy-chess" => {
            let boards: Vec<_> = cases
                .iter()
                .map(|(setup, depth, _)| (cozy_board(&setup.to_fen()), *depth))
                .collect();
            let expected = cases.iter().map(|c| c.2).sum();
            (measured_cozy(&boards), expected)
        }
        "shakmaty" => {
            let positions: Vec<_> = cases
                .iter()
                .map(|(setup, depth, _)| (shakmaty_position(&setup.to_fen()), *depth))
                .collect();
            let expected = cases.iter().map(|c| c.2).sum();
            (measured_shakmaty(&positions, mode), expected)
        }
        // Every other name is a backend's, through the registry, whose list this counts
        // without another of its own.
        name => match Backend::named(name) {
            Some(backend) => with_backend!(backend, B => run::<B>(&cases, mode)),
            None => {
                eprintln!(
                    "error: unknown backend {name} (cozy-chess, shakmaty, or one of {})",
                    Backend::names()
                );
                std::process::exit(2);
            }
        },
    };
    if nodes != expected {
        eprintln!("error: {nodes} leaves where the suite says {expected}");
        std::process::exit(1);
    }
    println!("{nodes} leaves");
}
