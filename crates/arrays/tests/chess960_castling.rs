//! Chess960 castling on each array board in the three shapes the shared make and generator
//! must get right: the king staying on its square, the rook staying on its square, and king
//! and rook swapping squares. Each castling move is played and taken back, and the position
//! after it compared with the reference board's.

use boardlab_array12x12::Array12x12Board;
use boardlab_array16x16::Array16x16Board;
use boardlab_array8x8::Array8x8Board;
use boardlab_core::{Board, BoardExt, Move};
use boardlab_reference::ReferenceBoard;

/// (what the castling does, FEN, the king's and the rook's squares after it)
const CASES: [(&str, &str, &str); 3] = [
    // King g1 and rook h1: castling king side leaves the king on g1, the rook goes to f1.
    ("the king stays", "6kr/8/8/8/8/8/8/6KR w Hh - 0 1", "5RK1"),
    // King e1 and rook d1: castling queen side puts the king on c1, the rook stays on d1.
    ("the rook stays", "4k3/8/8/8/8/8/8/3RK3 w D - 0 1", "2KR4"),
    // King f1 and rook g1: castling king side, each lands on the other's square.
    ("they swap", "k7/8/8/8/8/8/8/5KR1 w G - 0 1", "5RK1"),
];

fn castles<B: Board>(board: &B) -> Vec<Move> {
    board
        .legal_moves()
        .iter()
        .copied()
        .filter(|mv| mv.is_castle())
        .collect()
}

fn check<B: Board>() {
    for (shape, fen, home_rank) in CASES {
        let mut board = B::from_fen(fen).unwrap();
        let mut reference = ReferenceBoard::from_fen(fen).unwrap();
        let moves = castles(&board);
        assert_eq!(moves, castles(&reference), "{} {shape}", B::NAME);
        assert_eq!(moves.len(), 1, "{} {shape}: one castling move", B::NAME);
        let before = (board.to_fen(), board.zobrist());
        let undo = board.make(moves[0]);
        reference.make(moves[0]);
        assert_eq!(board.to_fen(), reference.to_fen(), "{} {shape}", B::NAME);
        assert!(
            board.to_fen().contains(&format!("/{home_rank} b")),
            "{}",
            board.to_fen()
        );
        assert_eq!(board.zobrist(), reference.zobrist(), "{} {shape}", B::NAME);
        board.unmake(moves[0], undo);
        assert_eq!(
            (board.to_fen(), board.zobrist()),
            before,
            "{} {shape}",
            B::NAME
        );
    }
}

#[test]
fn castling_with_the_king_or_rook_in_place_or_swapping_on_8x8() {
    check::<Array8x8Board>();
}

#[test]
fn castling_with_the_king_or_rook_in_place_or_swapping_on_12x12() {
    check::<Array12x12Board>();
}

#[test]
fn castling_with_the_king_or_rook_in_place_or_swapping_on_16x16() {
    check::<Array16x16Board>();
}
