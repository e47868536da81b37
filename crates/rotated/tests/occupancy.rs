//! The rotated occupancy maps follow every make and unmake.

use boardlab_core::{Bitboard, Board, BoardExt, Color, Move, Role, Square};
use boardlab_rotated::{RotatedBoard, RotatedOccupancy};
use boardlab_testkit::{walk_with_exact_unmake, CORNER_WALKS, STANDARD_WALKS, WALK_POSITIONS};

/// Every index of the board agrees with the others: the rotated maps with the occupied squares
/// (rebuilt from scratch), the occupied squares with the colour and piece bitboards, and those
/// with the mailbox.
fn assert_consistent(board: &RotatedBoard, path: &[Move]) {
    let occupied = board.lines().occupied();
    assert_eq!(
        *board.lines(),
        RotatedOccupancy::from_occupied(occupied),
        "rotated maps out of step after {path:?} in {}",
        board.to_fen()
    );
    let white = board.by_color(Color::White);
    let black = board.by_color(Color::Black);
    assert!((white & black).is_empty());
    assert_eq!(white | black, occupied, "after {path:?}");
    for color in Color::ALL {
        let union = Role::ALL
            .into_iter()
            .fold(Bitboard::EMPTY, |set, role| set | board.pieces(color, role));
        assert_eq!(union, board.by_color(color), "after {path:?}");
    }
    for sq in Square::ALL {
        let from_bitboards = board
            .piece_at(sq)
            .map(|piece| board.pieces(piece.color, piece.role));
        match from_bitboards {
            Some(set) => assert!(set.contains(sq), "{sq} after {path:?}"),
            None => assert!(!occupied.contains(sq), "{sq} after {path:?}"),
        }
    }
}

/// The kit's walks (the standard perft positions and the rules' corners), each to the depth of
/// its table; each must check as many nodes as the table gives its tree, so a walk that stops
/// early fails.
#[test]
fn rotated_maps_stay_consistent_through_the_tree() {
    for kit_walk in STANDARD_WALKS.iter().chain(&CORNER_WALKS) {
        let mut board = RotatedBoard::from_fen(kit_walk.fen).unwrap();
        // The kit's walk checks the maps at each node and that unmake restores the board.
        let nodes = walk_with_exact_unmake(&mut board, kit_walk.depth, &mut assert_consistent);
        assert_eq!(
            nodes, kit_walk.nodes,
            "{} to depth {}: checked {nodes} nodes of the tree's {}",
            kit_walk.fen, kit_walk.depth, kit_walk.nodes
        );
    }
}

#[test]
fn rotated_maps_survive_long_games_and_their_unwinding() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for fen in WALK_POSITIONS {
        let start = RotatedBoard::from_fen(fen).unwrap();
        let mut board = start;
        let mut played = Vec::new();
        for _ in 0..200 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = moves[(seed % moves.len() as u64) as usize];
            let undo = board.make(mv);
            played.push((mv, undo));
            assert_consistent(&board, &[mv]);
        }
        while let Some((mv, undo)) = played.pop() {
            board.unmake(mv, undo);
        }
        assert!(
            board == start,
            "unwinding a game from {fen} did not restore it"
        );
    }
}
