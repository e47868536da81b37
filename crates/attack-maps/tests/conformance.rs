//! The conformance kit's checks, and hand-worked positions aimed at what the maps can get
//! wrong.

use boardlab_attack_maps::AttackMapBoard;

boardlab_testkit::conformance_tests!(AttackMapBoard);

use boardlab_core::{Board, BoardExt, Color, GenKind, Move, MoveList, Role, Square};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn board(fen: &str) -> AttackMapBoard {
    AttackMapBoard::from_fen(fen).unwrap()
}

/// Plays `text` (UCI) and checks the kept maps against maps rebuilt from the cells.
fn play(board: &mut AttackMapBoard, text: &str) {
    let mv = board.parse_uci_move(text).unwrap();
    board.make(mv);
    board
        .audit_maps()
        .unwrap_or_else(|e| panic!("after {text}: {e}"));
}

#[test]
fn a_knight_move_uncovers_the_rook_behind_it() {
    // The knight on e4 stands between the rook on e1 and the king on e8. After Nc5 the rook
    // checks; the king may go to d8, f8 or f7 (d7 is the knight's, e7 the rook's file).
    let mut b = board("4k3/8/8/8/4N3/8/8/4R2K w - - 0 1");
    assert!(!b.is_attacked(Square::E8, Color::White));
    play(&mut b, "e4c5");
    assert!(b.in_check());
    let mut texts: Vec<String> = b.legal_moves().iter().map(|m| m.to_string()).collect();
    texts.sort();
    assert_eq!(texts, ["e8d8", "e8f7", "e8f8"]);
}

/// The board of `fen` after `mv`, which makes `by` attack `sq` where it did not before.
fn uncovers(fen: &str, mv: &str, sq: Square, by: Color) -> AttackMapBoard {
    let mut b = board(fen);
    assert!(!b.is_attacked(sq, by), "{sq} before {mv}");
    play(&mut b, mv);
    assert!(b.is_attacked(sq, by), "{sq} after {mv}");
    b
}

#[test]
fn a_bishop_sees_through_the_cell_its_knight_left() {
    // The knight on c3 blocks the a1 bishop's diagonal to the rook on g7; once it goes to e4,
    // the bishop reaches g7. Black's rook then steps onto the diagonal at f6 and cuts it.
    let mut b = uncovers(
        "4k3/6r1/8/8/8/2N5/8/B3K3 w - - 0 1",
        "c3e4",
        Square::G7,
        Color::White,
    );
    play(&mut b, "g7g6");
    assert!(!b.is_attacked(Square::G6, Color::White));
    play(&mut b, "e1d1");
    play(&mut b, "g6f6");
    // f6 is on the diagonal, and the knight on e4 attacks f6 too.
    assert!(b.is_attacked(Square::F6, Color::White));
    play(&mut b, "e4d6");
    assert!(
        b.is_attacked(Square::F6, Color::White),
        "the bishop alone now"
    );
}

#[test]
fn en_passant_that_opens_the_rank_to_the_king_is_refused() {
    // King a5, pawn b5, black pawn c5 that just came from c7, rook h5: bxc6 would leave the
    // king facing the rook. Legal: Ka4, Ka6, Kb6 (b4 is the c5 pawn's) and b6.
    let b = board("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    let mut texts: Vec<String> = b.legal_moves().iter().map(|m| m.to_string()).collect();
    texts.sort();
    assert_eq!(texts, ["a5a4", "a5a6", "a5b6", "b5b6"]);
}

#[test]
fn en_passant_opens_the_file_of_the_captured_pawn() {
    // The d5 pawn came from d7; exd6 takes it off d5, so the rook on d1 now reaches the pawn
    // on d6 through d5. Black's king then has a7, b7 and b8.
    let mut b = board("k7/8/8/3pP3/8/8/8/3R2K1 w - d6 0 1");
    assert!(b.is_attacked(Square::D5, Color::White));
    play(&mut b, "e5d6");
    assert!(b.is_attacked(Square::D6, Color::White));
    assert_eq!(b.piece_at(Square::D5), None);
    assert_eq!(b.count_legal(), 3);
}

#[test]
fn castling_moves_the_rook_in_the_maps() {
    // After O-O the rook on f1 attacks the bishop on f5, which no white piece did before.
    let fen = "r3k2r/8/8/5b2/8/8/8/R3K2R w KQkq - 0 1";
    let mut b = uncovers(fen, "e1g1", Square::F5, Color::White);
    // With the h1 rook gone, the h8 rook's file runs down to h1.
    assert!(b.is_attacked(Square::H1, Color::Black));
    // Black castles long: the rook on d8 reaches d1 down the empty d-file.
    assert!(!b.is_attacked(Square::D1, Color::Black));
    play(&mut b, "e8c8");
    assert!(b.is_attacked(Square::D1, Color::Black));
}

#[test]
fn a_promotion_gives_the_new_piece_its_own_attacks() {
    // a8=Q and a8=R check along the eighth rank and leave the king g7 and h7; a8=N and a8=B do
    // not check, and the king has g8, g7 and h7.
    for (promotion, check, replies) in [
        ("q", true, 2),
        ("r", true, 2),
        ("n", false, 3),
        ("b", false, 3),
    ] {
        let mut b = board("7k/P7/8/8/8/8/8/K7 w - - 0 1");
        play(&mut b, &format!("a7a8{promotion}"));
        assert_eq!(b.in_check(), check, "{promotion}");
        assert_eq!(b.count_legal(), replies, "{promotion}");
        assert_eq!(
            b.is_attacked(Square::H8, Color::White),
            check,
            "{promotion}"
        );
    }
}

/// The captures of the generator, ranked by (victim value down, taker value up).
fn rank(board: &AttackMapBoard, mv: Move) -> (std::cmp::Reverse<usize>, usize) {
    let victim = board.piece_at(mv.to()).map_or(Role::Pawn, |p| p.role);
    let taker = board.piece_at(mv.from()).map_or(Role::Pawn, |p| p.role);
    (std::cmp::Reverse(victim.index()), taker.index())
}

/// Checks, for one position, that the MVV/LVA list holds exactly the generated captures and
/// comes out in the order a sort of them by value gives.
fn check_mvv_lva(board: &AttackMapBoard) -> usize {
    let mut ordered = MoveList::new();
    board.captures_mvv_lva(&mut ordered);
    let mut generated = MoveList::new();
    board.generate(GenKind::Noisy, &mut generated);
    let mut captures: Vec<Move> = generated
        .iter()
        .copied()
        .filter(|m| m.is_capture())
        .collect();
    let listed: Vec<Move> = ordered.iter().copied().collect();
    let mut listed_sorted = listed.clone();
    listed_sorted.sort();
    captures.sort();
    assert_eq!(listed_sorted, captures, "{}", board.to_fen());
    let keys: Vec<_> = listed.iter().map(|&m| rank(board, m)).collect();
    let mut sorted_keys = keys.clone();
    sorted_keys.sort();
    assert_eq!(keys, sorted_keys, "{}", board.to_fen());
    listed.len()
}

#[test]
fn captures_come_in_mvv_lva_order_straight_from_the_sets() {
    // Queen d5 taken by the pawn before the rook; then the knight on b6 by the rook.
    let b = board("4k3/8/1n6/3q4/4P3/8/1R1R4/4K3 w - - 0 1");
    let mut list = MoveList::new();
    b.captures_mvv_lva(&mut list);
    let texts: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    assert_eq!(texts, ["e4d5", "d2d5", "b2b6"]);
    check_mvv_lva(&b);
}

const WALK_FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
];

#[test]
fn random_walks_keep_the_maps_equal_to_maps_rebuilt_from_scratch() {
    // From each position, 8 games of 60 positions each, reached by random moves (a finished
    // game starts again from the position). At every one, each legal move is made and taken
    // back with the maps audited after both, and the MVV/LVA list is checked; the walk then
    // goes on with one of the moves.
    const GAMES: u64 = 8;
    const POSITIONS: u64 = 60;
    let mut rng = StdRng::seed_from_u64(46);
    let (mut audits, mut children, mut positions) = (0u64, 0u64, 0u64);
    for fen in WALK_FENS {
        for _game in 0..GAMES {
            let start = board(fen);
            let mut b = start.clone();
            let mut seen = 0;
            while seen < POSITIONS {
                let moves = b.legal_moves();
                if moves.is_empty() || b.halfmove_clock() >= 100 {
                    b = start.clone();
                    continue;
                }
                seen += 1;
                check_mvv_lva(&b);
                for &mv in moves.iter() {
                    let fen_before = b.to_fen();
                    let undo = b.make(mv);
                    b.audit_maps()
                        .unwrap_or_else(|e| panic!("{fen_before} {mv}: {e}"));
                    b.unmake(mv, undo);
                    b.audit_maps()
                        .unwrap_or_else(|e| panic!("{fen_before} {mv} undone: {e}"));
                    assert_eq!(b.to_fen(), fen_before);
                    audits += 2;
                    children += 1;
                }
                let mv = moves[rng.gen_range(0..moves.len())];
                b.make(mv);
            }
            positions += seen;
        }
    }
    println!("{positions} positions, {children} moves made and unmade, {audits} audits");
    assert_eq!(positions, WALK_FENS.len() as u64 * GAMES * POSITIONS);
    assert_eq!(audits, 2 * children);
    // Every position has a move, and these positions average far more than twenty.
    assert!(
        children > 20 * positions,
        "only {children} moves from {positions} positions"
    );
}

#[test]
fn the_views_show_the_sets_and_the_neighbour_table() {
    use boardlab_views::Views;
    // The queen on d5 is attacked by the pawn on e4 (number 0) and the rook on d2 (number 1).
    let b = board("4k3/8/8/3q4/4P3/8/3R4/4K3 w - - 0 1");
    let shown = b.show(Some(Square::D5)).to_text();
    assert!(shown.contains("neighbour table of d5"), "{shown}");
    assert!(
        shown.contains("0000000000000000 0000000000000011 = Pe4 (0) Rd2 (1)"),
        "{shown}"
    );
    let explained = b.explain(Square::D5).unwrap().to_text();
    for line in [
        "2 north      step  16: guard (cell 167)",
        "6 south      step -16: d2 white rook (cell 55, number 1)",
        "least valuable attacker: white pawn",
    ] {
        assert!(explained.contains(line), "{line} missing from {explained}");
    }
    assert!(b.explain(Square::A1).is_err());
}
