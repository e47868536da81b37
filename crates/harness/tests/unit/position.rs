use boardlab_core::START_FEN;
use boardlab_core::{Board, Zobrist};
use boardlab_harness::position::*;

#[test]
fn moves_are_checked_once_and_recorded_in_every_form() {
    let mut position = Position::from_fen(START_FEN, false).unwrap();
    let start = position.setup();
    position.play("e2e4").unwrap();
    position.play("c7c5").unwrap();
    assert_eq!(
        position.fen(),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(position.move_texts(), ["e2e4", "c7c5"]);
    assert_eq!(position.history().len(), 2);
    assert_eq!(position.history()[0], Zobrist::for_search(&start));
    assert_eq!(position.root(), &start);
    let board: boardlab_reference::ReferenceBoard = position.board();
    assert_eq!(board.to_setup(), position.setup());
    let err = position.play("e2e5").unwrap_err().to_string();
    assert!(err.starts_with("illegal move \"e2e5\""), "{err}");
    assert_eq!(position.moves().len(), 2, "a refused move changes nothing");
}

#[test]
fn a_chess960_fen_turns_chess960_notation_on() {
    // King b1, rooks a1 and f1: Shredder letters leave no doubt.
    let mut position = Position::from_fen("r5k1/8/8/8/8/8/8/RK3R2 w FA - 0 1", false).unwrap();
    assert!(position.king_takes_rook());
    assert!(position.clone().play("b1g1").is_err());
    position.play("b1f1").unwrap();
    assert_eq!(position.fen(), "r5k1/8/8/8/8/8/8/R4RK1 b - - 1 1");
    assert!(!Position::from_fen(START_FEN, false)
        .unwrap()
        .king_takes_rook());
    let err = Position::from_fen("8/8/8 w - - 0 1", false).unwrap_err();
    assert!(err.to_string().starts_with("invalid FEN"), "{err}");
}

#[test]
fn the_given_fen_is_kept_as_written() {
    let position = Position::from_fen("  4k3/8/8/8/8/8/8/4K2R   w K -", false).unwrap();
    assert_eq!(position.given_fen(), "4k3/8/8/8/8/8/8/4K2R w K -");
    assert_eq!(position.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
}
