//! The conformance kit's checks, with the kit's budgets, and checks of the 0x88 board's own
//! corners.

use boardlab_core::{perft, Board, BoardExt, GenKind, MoveList, PerftMode};
use boardlab_x88::X88Board;

boardlab_testkit::conformance_tests!(X88Board);

fn moves(fen: &str) -> Vec<String> {
    let board = X88Board::from_fen(fen).unwrap();
    let mut list = MoveList::new();
    board.generate(GenKind::All, &mut list);
    let mut texts: Vec<String> = list.iter().map(|mv| mv.to_string()).collect();
    texts.sort();
    texts
}

#[test]
fn en_passant_that_uncovers_the_king_along_the_rank_is_refused() {
    let mut board = X88Board::from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1").unwrap();
    assert!(board.parse_uci_move("e5d6").is_err());
    assert!(board.parse_uci_move("e5e6").is_ok());
    assert_eq!(perft(&mut board, 1, PerftMode::Bulk), 6);
}

#[test]
fn en_passant_may_capture_a_checking_pawn() {
    // White's double push d2d4 checks the king on c5; taking the pawn en passant answers it.
    let texts = moves("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(texts.contains(&"e4d3".to_string()), "{texts:?}");
}

#[test]
fn a_pinned_piece_moves_only_along_its_pin() {
    // The rook on e4 is pinned by the queen on e8: it may slide on the e-file, nowhere else.
    let texts = moves("4q2k/8/8/8/4R3/8/8/4K3 w - - 0 1");
    let rook: Vec<&String> = texts.iter().filter(|t| t.starts_with("e4")).collect();
    assert_eq!(rook, ["e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8"]);
}

#[test]
fn in_double_check_only_the_king_moves() {
    // Knight on d3 and rook on e8 both check the king on e1.
    // python-chess lists exactly these three king steps (no castling out of check); an `all`
    // over the list alone would pass on an empty one.
    let texts = moves("4r1k1/8/8/8/8/3n4/8/R3K2R w KQ - 0 1");
    assert_eq!(texts, ["e1d1", "e1d2", "e1f1"]);
}

#[test]
fn castling_is_refused_through_an_attacked_square_but_not_past_b1() {
    // The rook on b8 attacks b1, which the king neither crosses nor lands on; the bishop on
    // a6 attacks f1, which the king crosses on its way to g1.
    let texts = moves("1r2k3/8/b7/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(texts.contains(&"e1c1".to_string()), "{texts:?}");
    assert!(!texts.contains(&"e1g1".to_string()), "{texts:?}");
}

#[test]
fn all_four_promotions_with_and_without_capture() {
    let texts = moves("1n5k/P7/8/8/8/8/8/7K w - - 0 1");
    for text in [
        "a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n",
    ] {
        assert!(
            texts.contains(&text.to_string()),
            "{text} missing from {texts:?}"
        );
    }
}

#[test]
fn the_king_cannot_step_back_along_a_checking_line() {
    // The rook on a1 checks along the first rank; f1 stays attacked through the king's cell.
    let texts = moves("7k/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert!(!texts.contains(&"e1f1".to_string()), "{texts:?}");
    assert!(texts.contains(&"e1e2".to_string()));
}

#[test]
fn the_halfmove_clock_counts_to_the_fifty_move_limit() {
    let mut board = X88Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 98 80").unwrap();
    let rook_move = board.parse_uci_move("h1h2").unwrap();
    let undo = board.make(rook_move);
    assert_eq!(board.halfmove_clock(), 99);
    board.unmake(rook_move, undo);
    assert_eq!(board.halfmove_clock(), 98);
}
