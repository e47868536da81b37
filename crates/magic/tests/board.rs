//! What is particular to `MagicBoard`: its make/unmake over deep trees, its tolerance of moves
//! it did not generate, its pin and check masks on hand-counted positions, and its tables.

use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{
    Board, BoardExt, GenKind, Move, MoveFlag, MoveList, Piece, Setup, Square, Zobrist,
};
use boardlab_magic::{table_bytes, MagicBoard, MagicTables};
use boardlab_testkit::walk_with_exact_unmake;

/// Walks `depth` plies below `board`, checking at every node that the incremental hash is the
/// hash of the position and that unmake restores the board exactly; returns the nodes seen.
fn walk(board: &mut MagicBoard, depth: u32) -> u64 {
    walk_with_exact_unmake(board, depth, &mut |board, path| {
        assert_eq!(
            board.zobrist(),
            Zobrist::of(&board.to_setup()),
            "after {path:?}: {board:?}"
        );
    })
}

#[test]
fn make_and_unmake_keep_the_hash_in_step_three_plies_deep() {
    let mut nodes = 0;
    for case in parse_perft_suite(STANDARD_SUITE).unwrap() {
        nodes += walk(&mut MagicBoard::from_setup(&case.setup), 3);
    }
    assert!(nodes > 200_000, "{nodes} nodes");
}

#[test]
fn moves_the_generator_never_made_leave_the_board_intact() {
    let start = MagicBoard::from_setup(&Setup::start());
    // A move from an empty square, and the null move (a1 onto itself).
    for mv in [
        Move::new(Square::E4, Square::E5, MoveFlag::Quiet),
        Move::NULL,
    ] {
        let mut board = start;
        let undo = board.make(mv);
        board.unmake(mv, undo);
        assert_eq!(board, start, "{mv}");
    }
}

fn count(fen: &str) -> (u64, MoveList) {
    let board = MagicBoard::from_fen(fen).unwrap();
    let mut moves = MoveList::new();
    board.generate(GenKind::All, &mut moves);
    assert_eq!(board.count_legal(), moves.len() as u64, "{fen}");
    (board.count_legal(), moves)
}

#[test]
fn double_check_leaves_only_king_moves() {
    // Rook a1 and knight f3 both check the king on e1. The rook on b2 could block on b1 or
    // take on a1 against either check alone, not both; the king may go to e2 or f2 only (d1
    // and f1 are on the rook's rank, d2 is the knight's).
    let (n, moves) = count("4k3/8/8/8/8/5n2/1R6/r3K3 w - - 0 1");
    assert_eq!(n, 2, "{moves:?}");
    assert!(moves.iter().all(|mv| mv.from() == Square::E1));
}

#[test]
fn a_pinned_piece_stays_on_its_line() {
    // The bishop on e2 is pinned by the rook on e7 along the file, where a bishop cannot
    // move: only the king's four moves remain.
    let (n, moves) = count("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
    assert_eq!(n, 4, "{moves:?}");
    // Along the pin line a rook can still move, including taking the pinner.
    let (n, moves) = count("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
    assert!(moves.contains(&Move::new(Square::E2, Square::E7, MoveFlag::Capture)));
    assert_eq!(n, 4 + 5, "{moves:?}");
}

#[test]
fn en_passant_that_uncovers_a_rank_attack_is_refused() {
    // exd6 would take both pawns off the fifth rank and open it between the rook on h5 and the
    // king on a5: five king moves and the push e6 remain.
    let (n, moves) = count("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    assert!(!moves.iter().any(|mv| mv.is_en_passant()), "{moves:?}");
    assert_eq!(n, 6, "{moves:?}");
}

#[test]
fn a_single_check_is_met_by_blocks_and_captures() {
    // The rook on e8 checks the king on e1 along the file; the white rook on a4 can block on
    // e4, the knight on c3 can block on e2 or e4, the king can step to d1, d2, f1, f2.
    let (n, moves) = count("4r2k/8/8/8/R7/2N5/8/4K3 w - - 0 1");
    let blocks = [
        Move::new(Square::A4, Square::E4, MoveFlag::Quiet),
        Move::new(Square::C3, Square::E2, MoveFlag::Quiet),
        Move::new(Square::C3, Square::E4, MoveFlag::Quiet),
    ];
    assert!(blocks.iter().all(|mv| moves.contains(mv)), "{moves:?}");
    assert_eq!(n, 3 + 4, "{moves:?}");
}

#[test]
fn the_en_passant_square_is_kept_only_when_a_capture_is_possible() {
    let mut board = MagicBoard::from_setup(&Setup::start());
    let push = board.parse_uci_move("e2e4").unwrap();
    board.make(push);
    assert_eq!(board.ep_square(), None);
    let mut board = MagicBoard::from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    board.make(board.parse_uci_move("e2e4").unwrap());
    assert_eq!(board.ep_square(), Some(Square::E3));
    assert_eq!(board.zobrist(), Zobrist::of(&board.to_setup()));
}

#[test]
fn for_each_piece_visits_what_piece_at_shows() {
    let board = MagicBoard::from_setup(&Setup::start());
    let mut seen = Vec::new();
    board.for_each_piece(|sq, piece| seen.push((sq, piece)));
    let expected: Vec<(Square, Piece)> = Square::ALL
        .iter()
        .filter_map(|&sq| board.piece_at(sq).map(|piece| (sq, piece)))
        .collect();
    seen.sort();
    assert_eq!(seen, expected);
}

#[test]
fn table_sizes_are_reported() {
    let inline_bytes = std::mem::size_of::<MagicTables>();
    // The 128 entries are inline, the 861 184-byte attack table is not.
    assert!(
        inline_bytes < 8192,
        "the attack table lives on the heap: {inline_bytes} bytes"
    );
    // 107 648 attack sets of 8 bytes plus 128 small per-square entries (a magic entry with its
    // slice is 40 bytes); core's shared leaper and line tables are not counted.
    let entries = table_bytes() - 107_648 * 8;
    assert!(
        entries > 0 && entries <= 128 * 40,
        "{entries} bytes of entries"
    );
    // One entry per square for the rook and one for the bishop, all of one size.
    assert_eq!(entries % 128, 0, "{entries} bytes of entries");
}
