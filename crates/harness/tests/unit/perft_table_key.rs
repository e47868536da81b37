use boardlab_core::BoardExt;
use boardlab_core::{Board, Zobrist};
use boardlab_core::{Setup, START_FEN};
use boardlab_harness::internals::*;
use boardlab_reference::ReferenceBoard;

#[test]
fn the_seeded_hash_depends_on_the_position_only() {
    let seeded = SeededZobrist::new(7);
    // The same position by two move orders, and a position that differs only in the side
    // to move, in castling rights or in the en-passant square.
    let mut one = ReferenceBoard::from_fen(START_FEN).unwrap();
    let mut two = one.clone();
    for text in ["g1f3", "g8f6", "b1c3"] {
        let mv = one.parse_uci_move(text).unwrap();
        one.make(mv);
    }
    for text in ["b1c3", "g8f6", "g1f3"] {
        let mv = two.parse_uci_move(text).unwrap();
        two.make(mv);
    }
    assert_eq!(one.to_setup(), two.to_setup());
    assert_eq!(seeded.of(&one), seeded.of(&two));
    let variants = [
        "rnbqkb1r/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 3 3",
        "rnbqkb1r/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R b Kkq - 3 2",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
    ];
    let hashes: Vec<Zobrist> = variants
        .iter()
        .map(|fen| seeded.of(&ReferenceBoard::from_fen(fen).unwrap()))
        .collect();
    assert_ne!(hashes[0], seeded.of(&one), "side to move");
    assert_ne!(hashes[0], hashes[1]);
    assert_ne!(hashes[2], hashes[3], "en-passant square");
    // Both halves change with the seed, not only the lock, and differ from the board's.
    let other = SeededZobrist::new(8);
    assert_ne!(seeded.of(&one).key, other.of(&one).key);
    assert_ne!(seeded.of(&one).lock, other.of(&one).lock);
    let start = Zobrist::of(&Setup::start());
    let seeded_start = seeded.of(&ReferenceBoard::from_fen(START_FEN).unwrap());
    assert_ne!(seeded_start.key, start.key);
    assert_ne!(seeded_start.lock, start.lock);
    let board = TableKey::new(None).of(&one);
    assert_eq!(board, one.zobrist());
    assert_eq!(TableKey::new(Some(7)).of(&one), seeded.of(&one));
}
