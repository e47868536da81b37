//! The conformance kit, and positions worked by hand on the two things this board does its own
//! way: the board turned over for Black, and the castling rook as a piece code of its own.

use boardlab_core::{perft, Board, BoardExt, Color, PerftMode, Role, Square};
use boardlab_quad::{QuadBoard, CASTLING_ROOK, ROOK};

boardlab_testkit::conformance_tests!(QuadBoard);

fn board(fen: &str) -> QuadBoard {
    QuadBoard::from_fen(fen).unwrap()
}

/// The legal moves in UCI notation, sorted.
fn moves(board: &QuadBoard) -> Vec<String> {
    let mut sorted = std::collections::BTreeSet::new();
    for mv in board.legal_moves().iter() {
        sorted.insert(mv.to_string());
    }
    sorted.into_iter().collect()
}

/// Black to move is stored upside down: its pawn on e7 sits on stored rank 2 and pushes "up",
/// which is down the real board, and the moves come out in real squares.
#[test]
fn black_pawns_push_down_the_real_board() {
    // Kings on a1 and h8, a black pawn on e7: e6, e5 and the king's g8, g7, h7.
    let b = board("7k/4p3/8/8/8/8/8/K7 b - - 0 1");
    assert_eq!(moves(&b), ["e7e5", "e7e6", "h8g7", "h8g8", "h8h7"]);
    let [pawn_plane, ..] = b.quad();
    // e7 is real square 52; stored, 52 ^ 56 = 12 (e2).
    assert_eq!(pawn_plane & (1 << 12), 1 << 12);
    assert_eq!(
        b.piece_at(Square::E7).map(|p| (p.color, p.role)),
        Some((Color::Black, Role::Pawn))
    );
}

/// The same position with the colours swapped and the board mirrored is stored identically
/// but for the turn: the flip makes the two sides' positions one.
#[test]
fn mirrored_positions_store_the_same_four_bitboards() {
    let white = board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let black = board("r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1");
    assert_eq!(white.quad(), black.quad());
    assert_eq!(perft(&mut white.clone(), 3, PerftMode::Bulk), 97_862);
    assert_eq!(perft(&mut black.clone(), 3, PerftMode::Bulk), 97_862);
}

/// En passant for Black: after 1.e4 in a position where Black's pawn stands on d4, dxe3 is
/// legal, and played it removes the pawn on e4 (a square the flip moves twice).
#[test]
fn black_takes_en_passant_across_the_flip() {
    let mut b = board("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    let e4 = b.parse_uci_move("e2e4").unwrap();
    b.make(e4);
    assert_eq!(b.ep_square(), Some(Square::E3));
    // Black: king e8 (d8 d7 e7 f7 f8), pawn d4 (d3, dxe3).
    assert_eq!(
        moves(&b),
        ["d4d3", "d4e3", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    );
    let dxe3 = b.parse_uci_move("d4e3").unwrap();
    let before = b;
    let undo = b.make(dxe3);
    assert_eq!(b.to_fen(), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
    b.unmake(dxe3, undo);
    assert_eq!(b, before);
}

/// A rook that may still castle has code 4; moving it, or the king, makes it a rook (code 6)
/// and the right goes with it.
#[test]
fn a_castling_rook_is_a_code_of_its_own() {
    let mut b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let code_at = |b: &QuadBoard, sq: Square| {
        let s = if b.side_to_move() == Color::Black {
            sq as u32 ^ 56
        } else {
            sq as u32
        };
        let [p0, p1, p2, _] = b.quad();
        ((p0 >> s) & 1 | ((p1 >> s) & 1) << 1 | ((p2 >> s) & 1) << 2) as u8
    };
    for sq in [Square::A1, Square::H1, Square::A8, Square::H8] {
        assert_eq!(code_at(&b, sq), CASTLING_ROOK, "{sq}");
    }
    let rook_move = b.parse_uci_move("h1h4").unwrap();
    b.make(rook_move);
    assert_eq!(code_at(&b, Square::H4), ROOK);
    assert_eq!(code_at(&b, Square::A1), CASTLING_ROOK);
    assert_eq!(b.castling().to_string(), "Qkq");
    // Black castles long: both black rooks become rooks, the one on h8 too.
    let long = b.parse_uci_move("e8c8").unwrap();
    b.make(long);
    assert_eq!(code_at(&b, Square::D8), ROOK);
    assert_eq!(code_at(&b, Square::H8), ROOK);
    assert_eq!(b.to_fen(), "2kr3r/8/8/8/7R/8/8/R3K3 w Q - 2 2");
}

/// Chess960 castling from the castling rooks: king on b1 with rooks on a1 and h1; castling
/// long puts the king on c1 and the rook on d1, short the king on g1 and the rook on f1.
#[test]
fn chess960_castling_follows_the_castling_rooks() {
    // White: king b1, rooks a1 (queen side: b1..c1 for the king, a1..d1 for the rook, all
    // empty but the two) and h1 (king side: c1..g1 empty).
    let b = board("1k6/8/8/8/8/8/8/RK5R w HA - 0 1");
    let castles: Vec<String> = b
        .legal_moves()
        .iter()
        .filter(|mv| mv.is_castle())
        .map(|mv| b.move_text(*mv, true))
        .collect();
    assert_eq!(castles.len(), 2);
    assert!(castles.contains(&"b1a1".to_string()));
    assert!(castles.contains(&"b1h1".to_string()));
    // King on c1 between a plain rook on b1 and the castling rook on h1: only the short
    // castling, king to g1 across d1..g1 and rook to f1, with the black rook on a1 held off by b1.
    let beside = board("4k3/8/8/8/8/8/8/rRK4R w H - 0 1");
    let castles: Vec<_> = beside
        .legal_moves()
        .iter()
        .filter(|mv| mv.is_castle())
        .copied()
        .collect();
    assert_eq!(castles.len(), 1);
    assert_eq!(castles[0].to(), Square::G1);
}

/// In Chess960 the castling rook can shield the king's destination from an enemy rook: king
/// d1, castling rook b1, black rook a1. Castling long would put the king on c1 and the rook on
/// d1, with nothing left between the king and a1.
#[test]
fn a_castling_rook_cannot_uncover_the_kings_destination() {
    let b = board("3k4/8/8/8/8/8/8/rR1K4 w B - 0 1");
    assert!(!b.legal_moves().iter().any(|mv| mv.is_castle()));
    // Without the enemy rook the same castling is legal.
    let free = board("3k4/8/8/8/8/8/8/1R1K4 w B - 0 1");
    assert_eq!(
        free.legal_moves()
            .iter()
            .filter(|mv| mv.is_castle())
            .count(),
        1
    );
}

/// `show` draws the four bitboards in stored squares and says how the board is turned over;
/// `explain` reads a square's code bit by bit.
#[test]
fn the_views_show_the_planes_and_the_flip() {
    use boardlab_views::Views;
    let b = board("4k3/8/8/8/3p4/8/4P3/R3K3 b Q - 0 1");
    let shown = b.show(Some(Square::D4)).to_text();
    for part in [
        "plane0",
        "plane1",
        "plane2",
        "mover",
        "real square ^ 56",
        "castling rooks",
    ] {
        assert!(shown.contains(part), "show lacks {part}:\n{shown}");
    }
    // d4 is real square 27, stored 27 ^ 56 = 35; a black pawn there, Black to move.
    let explained = b.explain(Square::D4).unwrap().to_text();
    assert!(explained.contains("stored square 35"), "{explained}");
    assert!(explained.contains("code 001 = 1 (pawn)"), "{explained}");
    assert!(explained.contains("the side to move's"), "{explained}");
    // The castling rook on a1 reads code 100 from stored square 56.
    let rook = b.explain(Square::A1).unwrap().to_text();
    assert!(rook.contains("stored square 56"), "{rook}");
    assert!(rook.contains("code 100 = 4 (castling rook)"), "{rook}");
    assert!(b.explain(Square::H5).is_err());
}

/// The placement is the four 32-byte bitboards; the clocks and the turn take the board to 48
/// bytes, and the undo record is the board.
#[test]
fn the_board_is_its_four_bitboards_and_the_clocks() {
    assert_eq!(
        std::mem::size_of_val(&board(boardlab_core::START_FEN).quad()),
        32
    );
    assert_eq!(QuadBoard::board_bytes(), 48);
    assert_eq!(std::mem::size_of::<<QuadBoard as Board>::Undo>(), 48);
    // The PEXT tables, then 64 castling paths of 32 bytes, and the king zones' reach and the
    // empty-board rays, each two tables of 64 squares.
    assert_eq!(
        QuadBoard::table_bytes(),
        boardlab_sliders::pext::table_bytes() + 64 * 32 + 2 * 2 * 64 * 8
    );
}
