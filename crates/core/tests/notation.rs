//! Moves in UCI notation read and written on a board: the reference board, which is built on
//! this crate and so is tested from here rather than from the crate's own unit tests.

use boardlab_core::epd::{
    parse_perft_suite, BUG_CATCHERS, CHESS960_SUITE, PERFT_SUITE, STANDARD_SUITE, TRICKY_SUITE,
};
use boardlab_core::{Board, BoardExt, MoveError, Role, Setup, UciMove};
use boardlab_reference::ReferenceBoard;

#[test]
fn promotion_letters_must_fit_the_move() {
    let board = ReferenceBoard::from_fen("4k3/P7/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    let resolve = |text: &str| text.parse::<UciMove>().unwrap().resolve(&board, false);
    let fen = "4k3/P7/8/8/8/8/4P3/4K3 w - - 0 1".to_string();
    assert_eq!(
        resolve("e2e4q"),
        Err(MoveError::PromotesNothing("e2e4q".into(), fen.clone()))
    );
    assert_eq!(
        resolve("a7a8"),
        Err(MoveError::NeedsPromotion("a7a8".into(), fen.clone()))
    );
    assert_eq!(
        resolve("e2e5"),
        Err(MoveError::Illegal("e2e5".into(), fen.clone()))
    );
    assert!(resolve("a7a8n").unwrap().promotion() == Some(Role::Knight));
    assert!(resolve("e2e4").unwrap().is_double_push());
    let messages: Vec<String> = ["e2e4q", "a7a8", "e2e5"]
        .iter()
        .map(|text| resolve(text).unwrap_err().to_string())
        .collect();
    assert!(messages[0].ends_with("promotes nothing"), "{}", messages[0]);
    assert!(
        messages[1].contains("needs a promotion letter"),
        "{}",
        messages[1]
    );
    assert_eq!(
        messages[2],
        format!("illegal move \"e2e5\" in position {fen}")
    );
}

#[test]
fn chess960_castling_is_read_as_the_king_taking_its_rook() {
    let board = ReferenceBoard::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    let (king_move, king_takes_rook_text) = (
        "e1g1".parse::<UciMove>().unwrap(),
        "e1h1".parse::<UciMove>().unwrap(),
    );
    let castle = king_move.resolve(&board, false).unwrap();
    assert!(castle.is_castle());
    assert_eq!(king_takes_rook_text.resolve(&board, true), Ok(castle));
    assert!(king_move.resolve(&board, true).is_err());
    assert!(king_takes_rook_text.resolve(&board, false).is_err());
}

#[test]
fn every_legal_move_of_the_suites_reads_back_as_written() {
    let mut checked = 0;
    for suite in [
        STANDARD_SUITE,
        PERFT_SUITE,
        BUG_CATCHERS,
        TRICKY_SUITE,
        CHESS960_SUITE,
    ] {
        for case in parse_perft_suite(suite).unwrap() {
            let setup: Setup = case.setup;
            let board = ReferenceBoard::from_setup(&setup);
            for king_takes_rook in [false, true] {
                if setup.has_chess960_castling() && !king_takes_rook {
                    continue;
                }
                for &mv in board.legal_moves().iter() {
                    let written = UciMove::written(mv, board.castling(), king_takes_rook);
                    let text = written.to_string();
                    assert_eq!(text.parse::<UciMove>(), Ok(written), "{text}");
                    assert_eq!(written.resolve(&board, king_takes_rook), Ok(mv), "{text}");
                    assert_eq!(text, mv.to_uci(board.castling(), king_takes_rook));
                    checked += 1;
                }
            }
        }
    }
    // Some 560 positions with about 30 moves each, read in both notations.
    assert!(checked > 20_000, "only {checked} moves read back");
}
