//! The conformance kit's checks, and positions aimed at the 12x12 board's own risks: the
//! sentinel must stop rays and jumps at every edge, never be taken for a piece of either
//! side, and the frame must be deep enough for a knight in the corner.

use boardlab_array12x12::Array12x12Board;
use boardlab_core::{Board, BoardExt, Color, Move, Square};

boardlab_testkit::conformance_tests!(Array12x12Board);
boardlab_testkit::conformance_tests!(ten_by_twelve => boardlab_array12x12::Array10x12Board);

/// The legal moves of the piece on `from` in `fen`, sorted.
fn moves_from(fen: &str, from: &str) -> Vec<String> {
    let board = Array12x12Board::from_fen(fen).unwrap();
    let from: Square = from.parse().unwrap();
    let mut names: Vec<String> = board
        .legal_moves()
        .iter()
        .filter(|mv| mv.from() == from)
        .map(Move::to_string)
        .collect();
    names.sort();
    names
}

#[test]
fn knights_in_all_four_corners_read_the_frame_and_jump_twice_each() {
    // Two white knights on a1 and h8, two black on h1 and a8 (they are no target), kings on
    // d4 and e6 apart: a1 reaches b3 and c2, h8 reaches g6 and f7; the jumps into the two-deep
    // frame read 99 and stop, and 99 is never taken for a black piece to capture.
    let fen = "n6N/8/4k3/8/3K4/8/8/N6n w - - 0 1";
    assert_eq!(moves_from(fen, "a1"), ["a1b3", "a1c2"]);
    assert_eq!(moves_from(fen, "h8"), ["h8f7", "h8g6"]);
}

#[test]
fn a_queen_in_the_corner_stops_at_the_frame_on_every_ray() {
    // 3  . . . . . . . k
    // 1  Q . . . . . . K
    // The queen on a1 reaches a2..a8 (seven squares), b1..g1 (six, then her own king) and
    // b2..h8 (seven); the other five rays read the frame at once.
    let queen = moves_from("8/8/8/8/8/7k/8/Q6K w - - 0 1", "a1");
    assert_eq!(queen.len(), 7 + 6 + 7, "{queen:?}");
}

#[test]
fn the_sentinel_is_no_attacker_of_the_edge_squares() {
    // Only the two kings: no square on the rim is attacked by anything but the black king's
    // neighbourhood, and the frame cells next to the rim squares, all 99, attack nothing.
    let board = Array12x12Board::from_fen("7k/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
    for sq in Square::ALL {
        let rim = matches!(sq.file().index(), 0 | 7) || matches!(sq.rank().index(), 0 | 7);
        if !rim {
            continue;
        }
        let near_black_king = sq.distance(Square::H8) == 1;
        assert_eq!(board.is_attacked(sq, Color::Black), near_black_king, "{sq}");
        assert_eq!(
            board.is_attacked(sq, Color::White),
            sq.distance(Square::A1) == 1,
            "{sq}"
        );
    }
}

#[test]
fn explain_shows_the_sentinel_read_that_stops_a_step() {
    use boardlab_views::Views;
    let board = Array12x12Board::from_fen("6k1/8/8/8/8/8/8/K6R w - - 0 1").unwrap();
    let text = board.explain(Square::H1).unwrap().to_text();
    assert!(
        text.contains("cell 33+1=34 holds 99: the sentinel, stop"),
        "{text}"
    );
    let shown = board.show(Some(Square::A1)).to_text();
    assert!(shown.contains("cell 26-25=1 holds 99"), "{shown}");
}
