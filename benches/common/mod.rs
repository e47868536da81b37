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

/// The outside libraries every group times beside boardlab's backends, by crate name.
pub const PEERS: [&str; 3] = ["cozy-chess", "shakmaty", "chess"];

/// A case's short name for bench ids.
pub fn case_name(case: &PerftCase) -> String {
    case.id.clone().unwrap_or_else(|| case.fen.clone())
}

/// Perft on cozy-chess, bulk: legal moves come in piece groups; the last ply sums group sizes.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    cozy_perft_mode(board, depth, false)
}

/// Perft on cozy-chess, bulk or full-make (every leaf move played on a copy, as cozy-chess has
/// no unmake).
pub fn cozy_perft_mode(board: &cozy_chess::Board, depth: u32, full_make: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    if depth == 1 && !full_make {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += if depth == 1 {
                    std::hint::black_box(&child);
                    1
                } else {
                    cozy_perft_mode(&child, depth - 1, full_make)
                };
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

/// A shakmaty position from a FEN. Shakmaty refuses more material than promotions can make
/// from the starting army unless told otherwise; one walk position (fifteen queens) needs that.
pub fn shakmaty_position(fen: &str) -> shakmaty::Chess {
    let fen: shakmaty::fen::Fen = fen.parse().expect("shakmaty reads the FEN");
    fen.into_position(shakmaty::CastlingMode::Standard)
        .or_else(shakmaty::PositionError::ignore_too_much_material)
        .expect("shakmaty accepts the position")
}

/// Perft on the `chess` crate: copy-make with `make_move_new`, bulk counting at the last ply.
pub fn chess_perft(board: &chess::Board, depth: u32) -> u64 {
    chess_perft_mode(board, depth, false)
}

/// Perft on the `chess` crate, bulk or full-make (every leaf move played with `make_move_new`).
pub fn chess_perft_mode(board: &chess::Board, depth: u32, full_make: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = chess::MoveGen::new_legal(board);
    if depth == 1 && !full_make {
        return moves.len() as u64;
    }
    moves
        .map(|mv| {
            let child = board.make_move_new(mv);
            if depth == 1 {
                std::hint::black_box(&child);
                1
            } else {
                chess_perft_mode(&child, depth - 1, full_make)
            }
        })
        .sum()
}

/// A `chess` crate board from a FEN.
pub fn chess_board(fen: &str) -> chess::Board {
    chess::Board::from_str(fen).expect("the chess crate reads the FEN")
}
