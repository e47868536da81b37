use boardlab_core::UciMove;
use boardlab_harness::check::*;
use boardlab_harness::internals::*;
use boardlab_harness::Position;

fn tagged(fen: &str, moves: &[&str], differing: &[&str]) -> Vec<Tag> {
    let mut at = Position::from_fen(fen, false).unwrap();
    for mv in moves {
        at.play(mv).unwrap();
    }
    let differing: Vec<UciMove> = differing.iter().map(|m| m.parse().unwrap()).collect();
    tags(&at, &differing)
}

#[test]
fn each_kind_of_move_gets_its_tag() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(tagged(kiwipete, &[], &["e1g1"]), [Tag::Castling]);
    assert_eq!(tagged(kiwipete, &[], &["a2a3"]), [Tag::Other]);
    // The rank pin of en passant: both pawns leave the fifth rank between king and rook.
    let rank_pin = "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1";
    assert_eq!(
        tagged(rank_pin, &[], &["e5d6"]),
        [Tag::EnPassant, Tag::EnPassantPin]
    );
    // The captured pawn shields the king on f3 from the bishop on a8.
    let diagonal = "b7/8/8/3pP3/8/5K2/8/7k w - d6 0 1";
    assert_eq!(
        tagged(diagonal, &[], &["e5d6"]),
        [Tag::EnPassant, Tag::EnPassantPin]
    );
    let promotions = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
    assert_eq!(
        tagged(promotions, &[], &["a7a8n"]),
        [Tag::Promotion, Tag::UnderPromotion]
    );
    let pinned_bishop = "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1";
    assert_eq!(tagged(pinned_bishop, &[], &["e2d3"]), [Tag::PinnedPiece]);
}

#[test]
fn checks_are_told_by_kind() {
    let direct = tagged("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &["a1a8"], &["e8e7"]);
    assert_eq!(direct, [Tag::CheckEvasion]);
    let discovered = tagged("3k4/8/8/8/3N4/8/8/3RK3 w - - 0 1", &["d4b3"], &["d8d7"]);
    assert_eq!(discovered, [Tag::CheckEvasion, Tag::DiscoveredCheck]);
    let both = tagged("3k4/8/8/8/3N4/8/8/3RK3 w - - 0 1", &["d4c6"], &["d8c7"]);
    assert_eq!(
        both,
        [Tag::CheckEvasion, Tag::DoubleCheck, Tag::DiscoveredCheck]
    );
}

#[test]
fn chess960_castling_is_tagged_as_both() {
    let mut at = Position::from_fen("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", false).unwrap();
    assert!(at.king_takes_rook());
    let found = tags(&at, &["g1b1".parse().unwrap()]);
    assert_eq!(found, [Tag::Castling, Tag::Chess960Castling]);
    at.play("g1h1").unwrap();
    assert_eq!(tags(&at, &["a1a2".parse().unwrap()]), [Tag::Other]);
}
