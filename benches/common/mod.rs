//! What the benches share: the standard positions, and perft written on each peer library's
//! public API so boardlab's backends can be timed beside them on the same work.

#![allow(dead_code)]

use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::PerftCase;
use std::str::FromStr;

/// The six standard positions with their expected counts.
pub fn standard_cases() -> Vec<PerftCase> {
    parse_perft_suite(STANDARD_SUITE).expect("the embedded suite parses")
}

/// The deepest expectation of `case` with at most `max_nodes` nodes.
pub fn depth_within(case: &PerftCase, max_nodes: u64) -> (u32, u64) {
    case.expected
        .iter()
        .copied()
        .filter(|&(_, nodes)| nodes <= max_nodes)
        .max_by_key(|&(depth, _)| depth)
        .unwrap_or((1, case.expected[0].1))
}

/// A case's short name for bench ids.
pub fn case_name(case: &PerftCase) -> String {
    case.id.clone().unwrap_or_else(|| case.fen.clone())
}

/// Perft on cozy-chess: legal moves come in piece groups; bulk counting sums group sizes.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// A cozy-chess board from a FEN.
pub fn cozy_board(fen: &str) -> cozy_chess::Board {
    cozy_chess::Board::from_fen(fen, false).expect("cozy-chess reads the FEN")
}

/// Perft on shakmaty, bulk (count the last ply's moves) or full-make (play every leaf on a
/// copy, as shakmaty has no unmake).
pub fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32, full_make: bool) -> u64 {
    use shakmaty::Position;
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 && !full_make {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for mv in moves {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        nodes += if depth == 1 {
            std::hint::black_box(&child);
            1
        } else {
            shakmaty_perft(&child, depth - 1, full_make)
        };
    }
    nodes
}

/// A shakmaty position from a FEN.
pub fn shakmaty_position(fen: &str) -> shakmaty::Chess {
    let fen: shakmaty::fen::Fen = fen.parse().expect("shakmaty reads the FEN");
    fen.into_position(shakmaty::CastlingMode::Standard)
        .expect("shakmaty accepts the position")
}

/// Perft on the `chess` crate: copy-make with `make_move_new`, bulk counting at the last ply.
pub fn chess_perft(board: &chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = chess::MoveGen::new_legal(board);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .map(|mv| chess_perft(&board.make_move_new(mv), depth - 1))
        .sum()
}

/// A `chess` crate board from a FEN.
pub fn chess_board(fen: &str) -> chess::Board {
    chess::Board::from_str(fen).expect("the chess crate reads the FEN")
}
