//! The views of each technique's board: `explain` narrates the technique's own lookup and ends
//! with the moves the generator gives; `show` draws the lookups of a focus square.

use boardlab_bitboard::{
    BitLinesBoard, BlackMagicBoard, HyperbolaBoard, KindergartenBoard, KoggeStoneBoard,
    ObstructionBoard, PextBoard,
};
use boardlab_core::{Board, BoardExt, Square};
use boardlab_views::Views;

/// A white rook on d4 with its own pawn on d2 and a black pawn on d7: seven squares along the
/// rank, d5, d6 and the capture on d7 up the file, d3 down it; eleven moves, counted by hand.
const ROOK_FEN: &str = "4k3/3p4/8/8/3R4/8/3P4/4K3 w - - 0 1";

fn check_views<B: Board + Views>() -> usize {
    let board = B::from_fen(ROOK_FEN).unwrap();
    let text = board.explain(Square::D4).unwrap().to_text();
    assert!(text.starts_with(B::NAME), "{}: {text}", B::NAME);
    assert!(text.contains("a rook on d4"), "{}: {text}", B::NAME);
    assert!(
        text.contains("legal moves from d4 (generate): 11"),
        "{}: {text}",
        B::NAME
    );
    let empty = board.explain(Square::E4).unwrap_err();
    assert_eq!(
        empty.to_string(),
        "no piece on e4: explain needs the square of a piece"
    );
    let shown = board.show(Some(Square::D4)).to_text();
    assert!(shown.contains("a rook on d4"), "{}: {shown}", B::NAME);
    assert!(shown.contains("a bishop on d4"), "{}: {shown}", B::NAME);
    1
}

#[test]
fn every_technique_explains_its_lookup_and_the_moves() {
    let checked = check_views::<BitLinesBoard>()
        + check_views::<KindergartenBoard>()
        + check_views::<HyperbolaBoard>()
        + check_views::<ObstructionBoard>()
        + check_views::<KoggeStoneBoard>()
        + check_views::<BlackMagicBoard>()
        + check_views::<PextBoard>();
    assert_eq!(checked, 7);
}
