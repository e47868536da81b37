//! The conformance kit's checks, and positions aimed at the 8x8 board's own risk: a step that
//! wraps from the h-file onto the a-file of the next rank, or off ranks 1 and 8, when the edge
//! test is wrong.

use boardlab_array8x8::Array8x8Board;
use boardlab_core::{BoardExt, Move};

boardlab_testkit::conformance_tests!(Array8x8Board);

fn legal_moves(fen: &str) -> Vec<String> {
    let board = Array8x8Board::from_fen(fen).unwrap();
    let mut names: Vec<String> = board.legal_moves().iter().map(Move::to_string).collect();
    names.sort();
    names
}

#[test]
fn a_rook_in_the_corner_does_not_wrap_onto_the_next_rank() {
    // 8  . . . . . . k .
    // 1  K . . . . . . R
    // The rook on h1 reaches h2..h8 (seven squares) and g1..b1 (six). Without the file test
    // a step east from h1 (cell 7) would reach cell 8, a2; without the rank test a step south
    // would leave the array.
    let moves = legal_moves("6k1/8/8/8/8/8/8/K6R w - - 0 1");
    let rook: Vec<&String> = moves.iter().filter(|m| m.starts_with("h1")).collect();
    assert_eq!(rook.len(), 7 + 6, "{rook:?}");
    assert!(!moves.contains(&"h1a2".to_string()));
    let king: Vec<&String> = moves.iter().filter(|m| m.starts_with("a1")).collect();
    assert_eq!(king, ["a1a2", "a1b1", "a1b2"]);
}

#[test]
fn knights_on_the_rims_jump_only_onto_the_board() {
    // Knights on a8 and h1 have two jumps each: a8 to b6 and c7, h1 to f2 and g3.
    let moves = legal_moves("N6k/8/8/8/8/8/8/K6N w - - 0 1");
    let jumps: Vec<&String> = moves
        .iter()
        .filter(|m| m.starts_with("a8") || m.starts_with("h1"))
        .collect();
    assert_eq!(jumps, ["a8b6", "a8c7", "h1f2", "h1g3"]);
}

#[test]
fn pawns_on_the_a_and_h_files_capture_only_inward() {
    // 8  . . . . . . . k
    // 5  . . . . . . . .
    // 3  . r . . . . r .
    // 2  P . . . . . . P
    // 1  . . . . K . . .
    // a2 takes b3 (not "h3" by wrapping west), h2 takes g3; each also pushes one and two.
    let moves = legal_moves("7k/8/8/8/8/1r4r1/P6P/4K3 w - - 0 1");
    let pawns: Vec<&String> = moves
        .iter()
        .filter(|m| m.starts_with("a2") || m.starts_with("h2"))
        .collect();
    assert_eq!(pawns, ["a2a3", "a2a4", "a2b3", "h2g3", "h2h3", "h2h4"]);
}

#[test]
fn promotions_on_rank_8_and_rank_1() {
    // White's h7 pawn promotes by pushing to h8 (four moves) and by taking the g8 rook (four);
    // the king on a1 has a2, b1 and b2.
    assert_eq!(legal_moves("k5r1/7P/8/8/8/8/8/K7 w - - 0 1").len(), 8 + 3);
    // Black's a2 pawn promotes on a1 (four) and by taking the b1 rook (four); the king on h8
    // has g8, g7 and h7.
    assert_eq!(legal_moves("7k/8/8/8/8/8/p7/1R3K2 b - - 0 1").len(), 8 + 3);
}

#[test]
fn explain_writes_out_the_edge_test_that_stops_a_step() {
    use boardlab_views::Views;
    let board = Array8x8Board::from_fen("6k1/8/8/8/8/8/8/K6R w - - 0 1").unwrap();
    let text = board.explain(boardlab_core::Square::H1).unwrap().to_text();
    assert!(
        text.contains("file 7+1=8 rank 0+0=0: file off the board, stop"),
        "{text}"
    );
    let shown = board.show(Some(boardlab_core::Square::H1)).to_text();
    assert!(shown.contains("cell 7+1=8"), "{shown}");
}
