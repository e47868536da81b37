//! The conformance kit's checks, and positions aimed at the 16x16 board's own risks: the
//! difference table must tell a pawn's attack from a king's and a slider's at any distance,
//! never let a piece attack through a blocker, and the frame must stop every step.

use boardlab_array16x16::Array16x16Board;
use boardlab_core::{Board, BoardExt, Color, Square};

boardlab_testkit::conformance_tests!(Array16x16Board);

fn legal_moves(fen: &str) -> Vec<String> {
    let board = Array16x16Board::from_fen(fen).unwrap();
    let mut names: Vec<String> = board
        .legal_moves()
        .iter()
        .map(|mv| mv.to_string())
        .collect();
    names.sort_unstable();
    names
}

#[test]
fn pawns_attack_forward_only_and_kings_only_next_door() {
    // 8  . . . . . . . k
    // 5  . . . p . . . .
    // 1  K . . . . . . .
    // The black pawn on d5 attacks c4 and e4, not c6 or e6 (a white pawn's vectors); the
    // black king attacks g7, g8 and h7 and nothing two squares away.
    let board = Array16x16Board::from_fen("7k/8/8/3p4/8/8/8/K7 w - - 0 1").unwrap();
    let attacked = |name: &str| board.is_attacked(name.parse::<Square>().unwrap(), Color::Black);
    assert!(attacked("c4") && attacked("e4"));
    assert!(!attacked("c6") && !attacked("e6") && !attacked("d4"));
    assert!(attacked("g7") && attacked("g8") && attacked("h7"));
    assert!(!attacked("f8") && !attacked("f6") && !attacked("h6"));
}

#[test]
fn a_slider_attacks_from_afar_but_not_through_a_blocker() {
    // 8  q . . . . . . k
    // 4  . . . . N . . .
    // 1  K . . . . . . .
    // The queen on a8 checks a1 down the file from seven ranks away; e4's knight blocks her
    // diagonal to h1, so g2 is attacked and h1 is not.
    let board = Array16x16Board::from_fen("q6k/8/8/8/4N3/8/8/K7 w - - 0 1").unwrap();
    assert!(board.in_check());
    let attacked = |name: &str| board.is_attacked(name.parse::<Square>().unwrap(), Color::Black);
    assert!(attacked("d5") && !attacked("f3") && !attacked("h1"));
    // White answers with the king to b1 or b2 (a2 stays on the file); none of the knight's
    // jumps lands on the a-file to block.
    assert_eq!(
        legal_moves("q6k/8/8/8/4N3/8/8/K7 w - - 0 1"),
        ["a1b1", "a1b2"]
    );
}

#[test]
fn a_king_in_the_corner_reads_the_frame_on_five_sides() {
    // The black king on h8 has g8, g7 and h7; the white king on a1 a2, b1 and b2.
    assert_eq!(
        legal_moves("7k/8/8/8/8/8/8/K7 b - - 0 1"),
        ["h8g7", "h8g8", "h8h7"]
    );
    assert_eq!(
        legal_moves("7k/8/8/8/8/8/8/K7 w - - 0 1"),
        ["a1a2", "a1b1", "a1b2"]
    );
}

#[test]
fn explain_shows_the_frame_and_the_difference_table() {
    use boardlab_views::Views;
    let board = Array16x16Board::from_fen("6k1/8/8/8/8/8/8/K6R w - - 0 1").unwrap();
    let text = board.explain(Square::H1).unwrap().to_text();
    // h1 is cell 0x4b; a step east reads 0x4c, the frame.
    assert!(
        text.contains("cell 0x4b+1=0x4c holds 99: the sentinel, stop"),
        "{text}"
    );
    // From h1 (0x4b) to g8 (0xba): 0xba - 0x4b + 119 = 230, a vector no rook attacks along.
    assert!(text.contains("= 230 holds"), "{text}");
    let shown = board.show(Some(Square::E4)).to_text();
    assert!(shown.contains("e4 is cell 0x78"), "{shown}");
}
