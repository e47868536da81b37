//! The piece lists' own invariants, and the rules corners this representation handles in its
//! own way (pins found from the attacker's side, en passant tried on a copy).

use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{Board, BoardExt, Color, MoveList, Piece, Role, Square};
use boardlab_piece_list::{PieceList, PieceListBoard};
use boardlab_testkit::{CORNER_WALKS, STANDARD_WALKS};

/// Panics unless both lists are well formed and agree with `piece_at` on every square.
fn assert_lists_sound(board: &PieceListBoard, path: &[String]) {
    let mut seen = [None; 64];
    for color in Color::ALL {
        let list = board.list(color);
        assert!(
            list.len() <= PieceList::CAPACITY,
            "{color} list holds {} entries after {path:?}",
            list.len()
        );
        assert_eq!(
            list.entry(0).0,
            Role::King,
            "{color} list {list:?} does not start with the king after {path:?}"
        );
        assert_eq!(
            list.iter().filter(|&(role, _)| role == Role::King).count(),
            1,
            "{color} list {list:?} after {path:?}"
        );
        for (index, (role, sq)) in list.iter().enumerate() {
            assert!(
                seen[sq.index()].is_none(),
                "{sq} listed twice ({list:?}) after {path:?}"
            );
            seen[sq.index()] = Some(Piece::new(color, role));
            assert_eq!(list.index_of(sq), Some(index), "index_of({sq}) in {list:?}");
        }
    }
    for sq in Square::ALL {
        assert_eq!(
            board.piece_at(sq),
            seen[sq.index()],
            "piece_at({sq}) after {path:?}"
        );
    }
}

/// Walks every line to `depth`, checking the lists after each make and that unmake gives back
/// the same board, list order included. Returns the nodes checked, the root included.
fn walk(board: &mut PieceListBoard, depth: u32, path: &mut Vec<String>) -> u64 {
    assert_lists_sound(board, path);
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    board.generate(boardlab_core::GenKind::All, &mut moves);
    let mut nodes = 1;
    for &mv in moves.iter() {
        let before = board.clone();
        let undo = board.make(mv);
        path.push(mv.to_string());
        nodes += walk(board, depth - 1, path);
        path.pop();
        board.unmake(mv, undo);
        assert_eq!(*board, before, "unmake of {mv} after {path:?}");
    }
    nodes
}

/// Walks the kit's positions (the standard perft positions and the rules' corners: en passant
/// pins, promotions, castling rights, full lists) each to the depth of its table, and the
/// standard perft suite to depth 3. Every walk must check each node of its tree, as many as the
/// kit's table or the suite's perft counts give, so a walk that stops early fails.
#[test]
fn lists_keep_their_invariants_through_make_and_unmake() {
    let kit = STANDARD_WALKS
        .iter()
        .chain(&CORNER_WALKS)
        .map(|walk| (walk.fen.to_string(), walk.depth, walk.nodes));
    const SUITE_DEPTH: u32 = 3;
    let suite = parse_perft_suite(STANDARD_SUITE)
        .unwrap()
        .into_iter()
        .map(|case| {
            // The tree's nodes: the root and the perft count of every depth down to the walk's.
            let nodes = 1
                + (1..=SUITE_DEPTH)
                    .map(|depth| {
                        let count = case.expected.iter().find(|&&(d, _)| d == depth);
                        count
                            .unwrap_or_else(|| {
                                panic!("{}: no perft count at depth {depth}", case.fen)
                            })
                            .1
                    })
                    .sum::<u64>();
            (case.fen, SUITE_DEPTH, nodes)
        });
    let walks: Vec<(String, u32, u64)> = kit.chain(suite).collect();
    // The suite's positions were read: more walks than the kit's tables hold.
    assert!(walks.len() > STANDARD_WALKS.len() + CORNER_WALKS.len());
    for (fen, depth, tree) in walks {
        let mut board = PieceListBoard::from_fen(&fen).unwrap();
        let nodes = walk(&mut board, depth, &mut Vec::new());
        assert_eq!(
            nodes, tree,
            "{fen} to depth {depth}: checked {nodes} nodes of the tree's {tree}"
        );
    }
}

#[test]
fn null_move_leaves_the_lists_alone() {
    let mut board = PieceListBoard::from_fen("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1").unwrap();
    let before = board.clone();
    let undo = board.make_null();
    assert_eq!(board.list(Color::White), before.list(Color::White));
    assert_eq!(board.list(Color::Black), before.list(Color::Black));
    assert_eq!(board.ep_square(), None);
    board.unmake_null(undo);
    assert_eq!(board, before);
}

#[test]
fn new_lists_put_the_king_first_then_officers_then_pawns() {
    let board = PieceListBoard::from_fen("1n2k3/p7/8/8/8/8/P6P/R3K1NR w KQ - 0 1").unwrap();
    assert_eq!(
        format!("{:?}", board.list(Color::White)),
        "[Ke1 Ra1 Rh1 Ng1 Pa2 Ph2]"
    );
    assert_eq!(format!("{:?}", board.list(Color::Black)), "[Ke8 Nb8 Pa7]");
}

#[test]
fn a_capture_fills_the_hole_with_the_last_entry() {
    let mut board = PieceListBoard::from_fen("4k3/8/8/3q4/4P3/8/8/4K3 b - - 0 1").unwrap();
    let mv = board.parse_uci_move("d5e4").unwrap();
    let undo = board.make(mv);
    assert_eq!(format!("{:?}", board.list(Color::White)), "[Ke1]");
    assert_eq!(format!("{:?}", board.list(Color::Black)), "[Ke8 Qe4]");
    board.unmake(mv, undo);
    assert_eq!(format!("{:?}", board.list(Color::White)), "[Ke1 Pe4]");

    let mut board = PieceListBoard::from_fen("1r5k/8/8/8/8/8/8/NRBQK3 b - - 0 1").unwrap();
    assert_eq!(
        format!("{:?}", board.list(Color::White)),
        "[Ke1 Qd1 Rb1 Bc1 Na1]"
    );
    let mv = board.parse_uci_move("b8b1").unwrap();
    let undo = board.make(mv);
    // The rook was entry 2: the knight at the end of the list takes its slot.
    assert_eq!(
        format!("{:?}", board.list(Color::White)),
        "[Ke1 Qd1 Na1 Bc1]"
    );
    board.unmake(mv, undo);
    assert_eq!(
        format!("{:?}", board.list(Color::White)),
        "[Ke1 Qd1 Rb1 Bc1 Na1]"
    );
}

#[test]
fn a_promotion_changes_the_role_in_place() {
    let mut board = PieceListBoard::from_fen("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let promotions: Vec<String> = board
        .legal_moves()
        .iter()
        .filter(|mv| mv.is_promotion())
        .map(|mv| mv.to_string())
        .collect();
    let mut expected = [
        "a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n",
    ];
    let mut got = promotions.clone();
    got.sort();
    expected.sort();
    assert_eq!(got, expected);
    let mv = board.parse_uci_move("a7b8n").unwrap();
    let undo = board.make(mv);
    assert_eq!(format!("{:?}", board.list(Color::White)), "[Ke1 Nb8]");
    assert_eq!(format!("{:?}", board.list(Color::Black)), "[Ke8]");
    board.unmake(mv, undo);
    assert_eq!(format!("{:?}", board.list(Color::White)), "[Ke1 Pa7]");
    assert_eq!(format!("{:?}", board.list(Color::Black)), "[Ke8 Rb8]");
}

fn moves_from(board: &PieceListBoard, from: Square) -> Vec<String> {
    let mut moves: Vec<String> = board
        .legal_moves()
        .iter()
        .filter(|mv| mv.from() == from)
        .map(|mv| mv.to_string())
        .collect();
    moves.sort();
    moves
}

#[test]
fn a_pinned_piece_moves_only_along_its_pin() {
    let board = PieceListBoard::from_fen("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1").unwrap();
    assert_eq!(
        moves_from(&board, Square::E2),
        ["e2e3", "e2e4", "e2e5", "e2e6", "e2e7"]
    );
    let board = PieceListBoard::from_fen("4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1").unwrap();
    assert!(moves_from(&board, Square::D2).is_empty());
    // A pawn pinned on a diagonal may only take the pinning bishop.
    let board = PieceListBoard::from_fen("4k3/8/8/8/8/2b5/3P4/4K3 w - - 0 1").unwrap();
    assert_eq!(moves_from(&board, Square::D2), ["d2c3"]);
    // Two pieces between king and slider: neither is pinned.
    let board = PieceListBoard::from_fen("4k3/4r3/8/8/4N3/8/4R3/4K3 w - - 0 1").unwrap();
    assert_eq!(moves_from(&board, Square::E4).len(), 8);
}

#[test]
fn en_passant_is_refused_when_it_uncovers_the_king_along_the_rank() {
    let board = PieceListBoard::from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1").unwrap();
    assert_eq!(moves_from(&board, Square::E5), ["e5e6"]);
    let board = PieceListBoard::from_fen("8/8/8/K2pP3/8/8/8/7k w - d6 0 1").unwrap();
    assert_eq!(moves_from(&board, Square::E5), ["e5d6", "e5e6"]);
}

#[test]
fn in_check_only_answers_to_the_check_are_generated() {
    // The rook on e8 checks along the e-file; of the squares between, the bishop reaches only e3.
    let board = PieceListBoard::from_fen("4r1k1/8/8/8/8/8/3B4/4K3 w - - 0 1").unwrap();
    assert!(board.in_check());
    assert_eq!(moves_from(&board, Square::D2), ["d2e3"]);
    // Double check: only the king moves.
    let board = PieceListBoard::from_fen("4r1k1/8/8/8/8/3n4/3B4/4K3 w - - 0 1").unwrap();
    // Exactly the two king steps python-chess lists (d2 is the bishop's, f2 the knight's).
    let mut texts: Vec<String> = board
        .legal_moves()
        .iter()
        .map(|mv| mv.to_string())
        .collect();
    texts.sort();
    assert_eq!(texts, ["e1d1", "e1f1"]);
    // The king may not step back along the checking rook's line.
    let board = PieceListBoard::from_fen("6k1/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap();
    assert_eq!(moves_from(&board, Square::E1), ["e1d2", "e1e2", "e1f2"]);
}

#[test]
fn sixteen_pieces_a_side_fill_the_lists() {
    let board =
        PieceListBoard::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .unwrap();
    for color in Color::ALL {
        assert_eq!(board.list(color).len(), PieceList::CAPACITY);
    }
    assert_eq!(board.legal_moves().len(), 20);
}
