//! The edge-test counter against counts worked out by hand, step by step.
#![cfg(feature = "count-edge-tests")]

use boardlab_array8x8::{edge_tests, Array8x8Board};
use boardlab_core::{Board, BoardExt, Color, Square};

/// White king a1, black king h8.
const KINGS_IN_CORNERS: &str = "7k/8/8/8/8/8/8/K7 w - - 0 1";

#[test]
fn an_attack_test_of_a1_costs_38_edge_tests() {
    let board = Array8x8Board::from_fen(KINGS_IN_CORNERS).unwrap();
    // From a1, looking for black attackers:
    // - the two cells a black pawn would attack from, (-1,+1) off and (+1,+1) b2: 2 tests;
    // - the eight knight cells: 8 tests;
    // - the rays: north a2..a8 and the step off the top, 8; east b1..h1 and off, 8; south,
    //   west, south-east, south-west and north-west off at once, 1 each; north-east b2..g7
    //   and h8, where the black king stops it, 7: 28 tests.
    let (attacked, tests) = edge_tests::of(|| board.is_attacked(Square::A1, Color::Black));
    assert!(!attacked);
    assert_eq!(tests, 2 + 8 + 28);
}

#[test]
fn generating_the_three_king_moves_costs_164_edge_tests() {
    let board = Array8x8Board::from_fen(KINGS_IN_CORNERS).unwrap();
    // Checks and pins from a1: the same 2 + 8 + 28 steps as the attack test of a1 (the pawn
    // cells ahead of a white king are the same two): 38.
    // The king's eight steps: 8 tests, three of them on the board (a2, b1, b2), each then
    // tested for attack with a1 read as empty:
    // - a2: pawn cells 2, knights 8, rays north a3..a8 +1 = 7, east b2..h2 +1 = 8, south a1
    //   (the hole) and off = 2, west 1, north-east b3..g8 +1 = 7, south-east b1 and off = 2,
    //   south-west 1, north-west 1: 39;
    // - b1: the mirror image of a2 across the long diagonal: 39;
    // - b2: pawn cells 2, knights 8, rays north b3..b8 +1 = 7, east c2..h2 +1 = 7, south b1
    //   +1 = 2, west a2 +1 = 2, north-east c3..h8 (the black king, not next to b2) = 6,
    //   south-east c1 +1 = 2, south-west a1 (the hole) +1 = 2, north-west a3 +1 = 2: 40.
    // The scan of the 64 cells finds no other white piece and takes no step.
    let (count, tests) = edge_tests::of(|| board.count_legal());
    assert_eq!(count, 3);
    assert_eq!(tests, 38 + 8 + 39 + 39 + 40);
}

#[test]
fn the_perft_report_adds_up_its_generations() {
    let mut board = Array8x8Board::from_fen(KINGS_IN_CORNERS).unwrap();
    let report = edge_tests::perft_report(&mut board, 1);
    assert_eq!(
        (report.positions, report.moves, report.edge_tests),
        (1, 3, 164)
    );
    let deeper = edge_tests::perft_report(&mut board, 2);
    assert_eq!(deeper.positions, 1 + 3);
    assert!(deeper.edge_tests > report.edge_tests);
    assert!(deeper.per_move() > 10.0);
}

#[test]
fn the_engine_queries_step_through_the_edge_test() {
    use boardlab_engine::EngineQueries;
    // 8  . . . . . . k .
    // 1  K . . . . . . R
    // The rook on h1: north h2..h8 and the step off the top, 8; east and south off at once,
    // 1 each; west g1..a1, where the white king stops it, 7.
    let board = Array8x8Board::from_fen("6k1/8/8/8/8/8/8/K6R w - - 0 1").unwrap();
    let (attacks, tests) = edge_tests::of(|| board.attacks_from(Square::H1));
    assert_eq!(attacks.count(), 7 + 7);
    assert_eq!(tests, 8 + 1 + 1 + 7);
}
