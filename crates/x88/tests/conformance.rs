//! The shared conformance checks, and checks of the 0x88 board's own corners.

use boardlab_core::testkit;
use boardlab_core::{perft, Board, PerftMode};
use boardlab_x88::X88Board;

#[test]
fn conforms_to_the_board_contract() {
    testkit::check_all::<X88Board>(2_000_000);
}

#[test]
fn rank_pin_forbids_en_passant() {
    // After b5 (or any such push) the capture would leave both pawns' rank to the rook.
    let mut board = X88Board::from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1").unwrap();
    assert!(board.parse_uci_move("e5d6").is_err());
    assert_eq!(perft(&mut board, 1, PerftMode::Bulk), 6);
}
