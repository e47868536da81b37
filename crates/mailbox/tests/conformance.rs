//! The conformance kit's checks, with the kit's budgets, and positions aimed at the mailbox
//! generator's own shortcuts: pins found from the king, the square behind a checked king,
//! double check, and piece lists filled to their limit. The expected moves are counted by hand
//! from the diagrams.

use boardlab_core::{perft, Board, BoardExt, GenKind, Move, MoveList, PerftMode, Square};
use boardlab_mailbox::MailboxBoard;

boardlab_testkit::conformance_tests!(MailboxBoard);

fn legal_moves(fen: &str) -> Vec<String> {
    let board = MailboxBoard::from_fen(fen).unwrap();
    let mut moves = MoveList::new();
    board.generate(GenKind::All, &mut moves);
    let mut names: Vec<String> = moves.iter().map(Move::to_string).collect();
    names.sort();
    assert_eq!(
        board.count_legal(),
        names.len() as u64,
        "count_legal for {fen}"
    );
    names
}

#[test]
fn a_pinned_knight_stays_put() {
    // 8  k . . . r . . .
    // 2  . . . . N . . .
    // 1  . . . . K . . .
    // The rook pins the knight to the king; only the king moves, beside the file.
    assert_eq!(
        legal_moves("k3r3/8/8/8/8/8/4N3/4K3 w - - 0 1"),
        ["e1d1", "e1d2", "e1f1", "e1f2"]
    );
}

#[test]
fn a_pinned_bishop_may_take_its_pinner() {
    // 3  . . . . . q . .
    // 2  . . . . B . . .
    // 1  . . . K . . . .
    // The bishop may only stay on the d1-f3 diagonal: taking the queen is its one move.
    assert_eq!(
        legal_moves("k7/8/8/8/8/5q2/4B3/3K4 w - - 0 1"),
        ["d1c1", "d1c2", "d1d2", "d1e1", "e2f3"]
    );
}

#[test]
fn the_king_cannot_step_back_along_the_checking_ray() {
    // 1  r . . . K . . R
    // In check from a1: f1 lies behind the king on the rook's rank, castling is refused, and
    // the h1 rook cannot reach the check line.
    assert_eq!(
        legal_moves("4k3/8/8/8/8/8/8/r3K2R w K - 0 1"),
        ["e1d2", "e1e2", "e1f2"]
    );
}

#[test]
fn in_double_check_only_the_king_moves() {
    // 3  . . . . . n . .
    // 2  R . . . . . . .
    // 1  r . . . K . . .
    // Rook and knight both give check, so taking the rook with the a2 rook does not help.
    assert_eq!(
        legal_moves("4k3/8/8/8/8/5n2/R7/r3K3 w - - 0 1"),
        ["e1e2", "e1f2"]
    );
}

#[test]
fn a_blocked_check_is_answered_by_blocking() {
    // 5  . . . . r . . .
    // 1  . . . . K . N .
    // The rook checks down the e-file: the knight answers only by blocking on e2, and the king
    // steps off the file.
    assert_eq!(
        legal_moves("4k3/8/8/4r3/8/8/8/4K1N1 w - - 0 1"),
        ["e1d1", "e1d2", "e1f1", "e1f2", "g1e2"]
    );
}

#[test]
fn full_piece_lists_play_correctly() {
    // Fifteen queens and a king: every list entry of one piece in use.
    let fen = "6bk/6pp/8/8/8/8/QQQQQQQQ/KQQQQQQQ w - - 0 1";
    boardlab_testkit::check_walk::<MailboxBoard>(fen, 2, boardlab_testkit::conformance::WALK_NODES);
    // Deeper than the walk, against the reference board (not against the mailbox's other
    // perft mode, which shares its generator).
    let mut board = MailboxBoard::from_fen(fen).unwrap();
    let mut reference = boardlab_reference::ReferenceBoard::from_fen(fen).unwrap();
    let expected = perft(&mut reference, 3, PerftMode::Bulk);
    assert!(expected > 10_000, "{expected}");
    for mode in [PerftMode::Bulk, PerftMode::FullMake] {
        assert_eq!(perft(&mut board, 3, mode), expected, "{mode:?}");
    }
}

#[test]
fn an_unusable_en_passant_square_is_dropped() {
    // No black pawn stands beside e4, so the square from the FEN is not kept.
    let board =
        MailboxBoard::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
            .unwrap();
    assert_eq!(board.ep_square(), None);
    assert_eq!(
        board.zobrist().key_hex(),
        // The Polyglot key of 1.e4 from the format's published examples.
        "823c9b50fd114196"
    );
}

#[test]
fn for_each_piece_agrees_with_piece_at() {
    let board = MailboxBoard::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let mut seen = Vec::new();
    board.for_each_piece(|sq, piece| seen.push((sq, piece)));
    seen.sort();
    let expected: Vec<_> = Square::ALL
        .into_iter()
        .filter_map(|sq| board.piece_at(sq).map(|piece| (sq, piece)))
        .collect();
    assert_eq!(seen, expected);
}

/// The mailbox's moves for a setup that skips validation, beside the reference board's.
fn moves_beside_reference(setup: &boardlab_core::Setup) -> (Vec<String>, Vec<String>) {
    let names = |moves: MoveList| {
        let mut names: Vec<String> = moves.iter().map(Move::to_string).collect();
        names.sort();
        names
    };
    (
        names(MailboxBoard::from_setup(setup).legal_moves()),
        names(boardlab_reference::ReferenceBoard::from_setup(setup).legal_moves()),
    )
}

#[test]
fn any_number_of_sliding_checkers_is_kept_apart() {
    use boardlab_core::{Color, Piece, Role, Setup};
    // 8  . . . . r . . k
    // 7  . . . . . . . b
    // 4  r . . . K . . .
    // Three sliders check the king, a position validation refuses; the generator has a slot
    // for each of them all the same: the king may not step back along any checking line, so
    // e3 (the e8 rook's file) and d3 (the h7 bishop's diagonal) stay out with the attacked
    // squares.
    let mut setup = Setup::from_fen("7k/8/8/8/4K3/8/8/8 w - - 0 1").unwrap();
    let black = |role| Some(Piece::new(Color::Black, role));
    setup.board[Square::E8.index()] = black(Role::Rook);
    setup.board[Square::A4.index()] = black(Role::Rook);
    setup.board[Square::H7.index()] = black(Role::Bishop);
    assert!(setup.validate().is_err());
    let (mailbox, reference) = moves_beside_reference(&setup);
    assert_eq!(mailbox, reference);
    assert_eq!(mailbox, ["e4d5", "e4f3"]);
    // Rooks and queens on all eight rays: the king has nowhere to go.
    let mut boxed = Setup::from_fen("7k/8/8/8/4K3/8/8/8 w - - 0 1").unwrap();
    for sq in [
        Square::E8,
        Square::E1,
        Square::A4,
        Square::H4,
        Square::A8,
        Square::H1,
        Square::B1,
        Square::H7,
    ] {
        boxed.board[sq.index()] = black(Role::Queen);
    }
    let (mailbox, reference) = moves_beside_reference(&boxed);
    assert_eq!(mailbox, reference);
    assert!(mailbox.is_empty(), "{mailbox:?}");
}
