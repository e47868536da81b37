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
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect='boardlab_instructions::measured*' \
//!     target/release/boardlab-instructions BACKEND query QUERY [own|generic] [PASSES]
//! ```
//!
//! counts one engine query instead, the backend's own answer or boardlab-engine's generic one
//! (`generic`), over the six standard positions and every position one legal move from them,
//! PASSES times (default 20): QUERY is `attacks-from` (every square), `attackers-to` (every
//! square, both sides, nothing lifted and the first piece lifted), `mobility`,
//! `attacked-squares`, `pawn-structure` (both sides) or `see` (every capture). What the
//! answers add up to is printed, and must be the same for both.

use boardlab_backends::{with_backend, Backend};
use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{
    perft, Bitboard, Board, BoardExt, Color, GenKind, MoveList, PerftMode, Setup, Square,
};
use boardlab_engine::{queries, EngineQueries};
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

/// An engine query, answered by the backend or by the generic answer.
#[derive(Clone, Copy, PartialEq)]
enum Query {
    AttacksFrom,
    AttackersTo,
    Mobility,
    AttackedSquares,
    PawnStructure,
    See,
}

/// The counted part of a query run: every position's answers, `passes` times, summed so that
/// the two answers can be compared and no answer is left unused.
#[inline(never)]
fn measured_query<B: EngineQueries>(boards: &[B], query: Query, generic: bool, passes: u32) -> u64 {
    let mut total = 0u64;
    for _ in 0..passes {
        for board in boards {
            total = total.wrapping_add(answers(board, query, generic));
        }
    }
    total
}

/// One position's answers to `query`, summed.
#[inline(always)]
fn answers<B: EngineQueries>(board: &B, query: Query, generic: bool) -> u64 {
    let colors = [Color::White, Color::Black];
    let sum = |values: &mut dyn Iterator<Item = u64>| values.fold(0u64, u64::wrapping_add);
    match (query, generic) {
        (Query::AttacksFrom, false) => sum(&mut Square::ALL
            .iter()
            .map(|&sq| black_box(board).attacks_from(sq).0)),
        (Query::AttacksFrom, true) => sum(&mut Square::ALL
            .iter()
            .map(|&sq| queries::attacks_from(black_box(board), sq).0)),
        (Query::AttackersTo, _) => {
            let lifted = [Bitboard::EMPTY, first_piece(board)];
            let mut total = 0u64;
            for sq in Square::ALL {
                for &by in &colors {
                    for &lift in &lifted {
                        let set = if generic {
                            queries::attackers_to(black_box(board), sq, by, lift)
                        } else {
                            black_box(board).attackers_to(sq, by, lift)
                        };
                        total = total.wrapping_add(set.0);
                    }
                }
            }
            total
        }
        (Query::Mobility, false) => sum(&mut colors
            .iter()
            .map(|&c| u64::from(black_box(board).mobility(c)))),
        (Query::Mobility, true) => sum(&mut colors
            .iter()
            .map(|&c| u64::from(queries::mobility(black_box(board), c)))),
        (Query::AttackedSquares, false) => sum(&mut colors
            .iter()
            .map(|&c| u64::from(black_box(board).attacked_squares(c)))),
        (Query::AttackedSquares, true) => sum(&mut colors
            .iter()
            .map(|&c| u64::from(queries::attacked_squares(black_box(board), c)))),
        (Query::PawnStructure, _) => sum(&mut colors.iter().map(|&c| {
            let pawns = if generic {
                queries::pawn_structure(black_box(board), c)
            } else {
                black_box(board).pawn_structure(c)
            };
            u64::from(pawns.doubled) << 16
                | u64::from(pawns.isolated) << 8
                | u64::from(pawns.passed)
        })),
        (Query::See, _) => {
            let mut captures = MoveList::new();
            board.generate(GenKind::Noisy, &mut captures);
            sum(
                &mut captures.iter().filter(|mv| mv.is_capture()).map(|&mv| {
                    let value = if generic {
                        queries::see(black_box(board), mv)
                    } else {
                        black_box(board).see(mv)
                    };
                    value as u64
                }),
            )
        }
    }
}

/// The square of the board's first piece, as a lifted set.
fn first_piece<B: Board>(board: &B) -> Bitboard {
    Square::ALL
        .into_iter()
        .find(|&sq| board.piece_at(sq).is_some())
        .map_or(Bitboard::EMPTY, Bitboard::from_square)
}

/// The six standard positions and every position one legal move from them, on board type `B`.
fn query_boards<B: Board>() -> Vec<B> {
    let suite = parse_perft_suite(STANDARD_SUITE).expect("the embedded suite parses");
    let mut boards = Vec::new();
    for case in &suite {
        let root = B::from_setup(&case.setup);
        for &mv in root.legal_moves().iter() {
            let mut child = root.clone();
            child.make(mv);
            boards.push(child);
        }
        boards.push(root);
    }
    boards
}

/// `boardlab-instructions BACKEND query QUERY [own|generic] [PASSES]`.
fn run_query(backend: Backend, args: &[String]) {
    let query = match args.first().map(String::as_str) {
        Some("attacks-from") => Query::AttacksFrom,
        Some("attackers-to") => Query::AttackersTo,
        Some("mobility") => Query::Mobility,
        Some("attacked-squares") => Query::AttackedSquares,
        Some("pawn-structure") => Query::PawnStructure,
        Some("see") => Query::See,
        other => {
            eprintln!("error: unknown query {other:?}");
            std::process::exit(2);
        }
    };
    let generic = match args.get(1).map_or("own", String::as_str) {
        "own" => false,
        "generic" => true,
        other => {
            eprintln!("error: {other:?} is neither own nor generic");
            std::process::exit(2);
        }
    };
    let passes: u32 = args.get(2).and_then(|p| p.parse().ok()).unwrap_or(20);
    let (positions, total) = with_backend!(backend, B => {
        let boards = query_boards::<B>();
        (boards.len(), measured_query(&boards, query, generic, passes))
    });
    println!("{positions} positions, {passes} passes, answers adding up to {total}");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let backend = args.first().map_or("magic", String::as_str);
    if args.get(1).map(String::as_str) == Some("query") {
        match Backend::named(backend) {
            Some(backend) => return run_query(backend, &args[2..]),
            None => {
                eprintln!("error: unknown backend {backend}");
                std::process::exit(2);
            }
        }
    }
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
