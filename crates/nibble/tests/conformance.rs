//! The conformance kit's checks, and hand-worked positions aimed at the packing's risks: the
//! nibbles at the ends of a word (file a in bits 0-3, file h in bits 28-31, where a shift that
//! wrapped or a sign that spread would show), codes with the top bit set, and Chess960 castling
//! where king and rook land on each other's squares. Every count here was worked out by hand.

use boardlab_core::{Board, BoardExt, Color, Square};
use boardlab_nibble::NibbleBoard;

boardlab_testkit::conformance_tests!(NibbleBoard);

/// The legal moves of `fen` in UCI notation, sorted.
fn moves(fen: &str) -> Vec<String> {
    let mut texts = Vec::new();
    for mv in NibbleBoard::from_fen(fen).unwrap().legal_moves().iter() {
        texts.push(mv.to_string());
    }
    texts.sort();
    texts
}

#[test]
fn a_pawn_on_the_h_file_does_not_capture_round_to_the_a_file() {
    // The h2 pawn's mask shifted one nibble up leaves the word; were it rotated, h2 would take
    // on a3. f2 is attacked by the g3 pawn, so the king has four steps.
    let texts = moves("4k3/8/8/8/8/p5p1/P6P/4K3 w - - 0 1");
    assert_eq!(
        texts,
        ["e1d1", "e1d2", "e1e2", "e1f1", "h2g3", "h2h3", "h2h4"]
    );
}

#[test]
fn a_black_queen_in_the_top_nibble_of_the_top_word_checks_along_the_long_diagonal() {
    // Code 0xf in bits 28-31 of ranks[7]: the word is above i32::MAX, where an arithmetic
    // shift would smear the sign bit into the nibbles below.
    let board = NibbleBoard::from_fen("7q/8/8/8/8/8/8/K6k w - - 0 1").unwrap();
    assert_eq!(board.rank_words()[7], 0xf000_0000);
    assert_eq!(board.rank_words()[0], 0xb000_0003);
    assert_eq!(board.piece_at(Square::H8).map(|p| p.char()), Some('q'));
    assert_eq!(board.piece_at(Square::G8), None);
    assert!(board.in_check());
    assert!(board.is_attacked(Square::B2, Color::Black));
    assert!(!board.is_attacked(Square::A2, Color::Black));
    assert_eq!(moves("7q/8/8/8/8/8/8/K6k w - - 0 1"), ["a1a2", "a1b1"]);
}

#[test]
fn a_rook_scans_its_rank_across_the_nibbles_to_the_h_file() {
    // The d4 rook: c4 and b4 up to its own a4 pawn, e4 to h4 where it takes; d5-d8, d3-d1.
    let texts = moves("4k3/8/8/8/P2R3p/8/8/4K3 w - - 0 1");
    let rook: Vec<&String> = texts.iter().filter(|t| t.starts_with("d4")).collect();
    assert_eq!(
        rook,
        [
            "d4b4", "d4c4", "d4d1", "d4d2", "d4d3", "d4d5", "d4d6", "d4d7", "d4d8", "d4e4", "d4f4",
            "d4g4", "d4h4"
        ]
    );
}

#[test]
fn en_passant_from_the_a_file_and_not_round_from_the_h_file() {
    // a5 takes b6 en passant; a black pawn that double-pushed to a5 is not taken from h5.
    let texts = moves("4k3/8/8/Pp6/8/8/8/4K3 w - b6 0 1");
    assert!(texts.contains(&"a5b6".to_string()), "{texts:?}");
    assert!(texts.contains(&"a5a6".to_string()), "{texts:?}");
    let board = NibbleBoard::from_fen("4k3/8/8/p6P/8/8/8/4K3 w - - 0 1").unwrap();
    let texts: Vec<String> = board.legal_moves().iter().map(|m| m.to_string()).collect();
    assert!(!texts.iter().any(|t| t.starts_with("h5a")), "{texts:?}");
    assert!(texts.contains(&"h5h6".to_string()));
}

#[test]
fn promotions_on_the_h_file_with_and_without_capture() {
    // h7-h8 and h7xg8, four pieces each; the king on h1 has g1, g2 and h2.
    let texts = moves("6n1/7P/8/8/8/8/8/k6K w - - 0 1");
    assert_eq!(texts.len(), 8 + 3, "{texts:?}");
    for text in ["h7h8q", "h7h8n", "h7g8r", "h7g8b"] {
        assert!(texts.contains(&text.to_string()), "{text}: {texts:?}");
    }
}

#[test]
fn chess960_castling_where_king_and_rook_swap_squares_rewrites_one_word() {
    // King f1 and rook g1 castle short: the king lands on g1, the rook on f1.
    let mut board = NibbleBoard::from_fen("4k3/8/8/8/8/8/8/5KR1 w G - 0 1").unwrap();
    assert_eq!(board.rank_words()[0], 0x0630_0000);
    let castle = *board
        .legal_moves()
        .iter()
        .find(|mv| mv.is_castle())
        .expect("castling is legal");
    let undo = board.make(castle);
    assert_eq!(board.rank_words()[0], 0x0360_0000);
    assert_eq!(board.king_square(Color::White), Square::G1);
    board.unmake(castle, undo);
    assert_eq!(board.rank_words()[0], 0x0630_0000);
    assert_eq!(board.king_square(Color::White), Square::F1);
}

#[test]
fn make_and_unmake_give_back_every_word_two_plies_deep() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut board = NibbleBoard::from_fen(fen).unwrap();
    let before = board.rank_words();
    for mv in board.legal_moves().iter().copied() {
        let undo = board.make(mv);
        let after_one = board.rank_words();
        for reply in board.legal_moves().iter().copied() {
            let undo_reply = board.make(reply);
            board.unmake(reply, undo_reply);
            assert_eq!(board.rank_words(), after_one, "{mv} {reply}");
        }
        board.unmake(mv, undo);
        assert_eq!(board.rank_words(), before, "{mv}");
        assert_eq!(board.to_fen(), fen);
    }
}
