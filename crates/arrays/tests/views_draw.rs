//! The array boards' views drawn as figures: every drawing holds at least the 64 squares and a
//! legend, the framed boards' show draws the whole array with its frame, and explain ends
//! with the piece's legal moves.

use boardlab_array12x12::Array12x12Board;
use boardlab_array16x16::Array16x16Board;
use boardlab_array8x8::Array8x8Board;
use boardlab_core::{BoardExt, Square};
use boardlab_views::Views;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn check<B: Views>(frame_cells: usize) {
    let board = B::from_fen(KIWIPETE).unwrap();
    let shown = board.show(Some(Square::E4)).to_svg();
    assert!(
        shown.contains("class=\"key "),
        "{} show has no legend",
        B::NAME
    );
    // Two panels of the whole array: the index map and the codes.
    assert_eq!(
        shown.matches("class=\"cell frame").count(),
        2 * frame_cells,
        "{}",
        B::NAME
    );
    for sq in [Square::F3, Square::E1, Square::E8] {
        let explained = board.explain(sq).unwrap();
        let svg = explained.to_svg();
        assert!(
            svg.matches("class=\"cell ").count() >= 64,
            "{} {sq}",
            B::NAME
        );
        assert!(
            svg.contains("class=\"key "),
            "{} {sq} has no legend",
            B::NAME
        );
        let last = explained.steps.last().unwrap();
        assert!(last.title.starts_with("legal moves from"), "{}", last.title);
    }
}

#[test]
fn the_8x8_board_draws_64_cells_and_no_frame() {
    check::<Array8x8Board>(0);
}

#[test]
fn the_12x12_board_draws_its_frame_of_80_cells() {
    check::<Array12x12Board>(144 - 64);
}

#[test]
fn the_16x16_board_draws_its_frame_of_192_cells() {
    check::<Array16x16Board>(256 - 64);
}
