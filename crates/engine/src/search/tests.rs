//! The search's tests, on the reference board built from `Setup` alone.

use super::*;
use crate::{evaluate, evaluate_breakdown, evaluate_detail, PawnStructure};
use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{perft, Board, BoardExt, MoveSink, PerftMode, Piece, Setup, Square, START_FEN};
use boardlab_reference::ReferenceBoard;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;

fn board(fen: &str) -> ReferenceBoard {
    ReferenceBoard::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"))
}

fn search_with(board: &mut ReferenceBoard, game: &[Zobrist], limits: Limits) -> SearchResult {
    Searcher::new(1).search(board, game, &limits, &AtomicBool::new(false), |_| {})
}

fn search_depth(fen: &str, depth: u32) -> SearchResult {
    search_with(&mut board(fen), &[], Limits::depth(depth))
}

fn is_checkmate(board: &ReferenceBoard) -> bool {
    board.in_check() && board.count_legal() == 0
}

/// Whether the side to move has a move that mates at once.
fn has_mate_in_one(board: &mut ReferenceBoard) -> bool {
    board.legal_moves().iter().any(|&mv| {
        board.make(mv);
        let mates = is_checkmate(board);
        board.unmake(mv, ());
        mates
    })
}

#[test]
fn the_reference_board_matches_the_perft_suite() {
    let cases = parse_perft_suite(STANDARD_SUITE).unwrap();
    for case in &cases {
        let mut board = ReferenceBoard::from_setup(&case.setup);
        for &(depth, expected) in case.expected.iter().filter(|(_, n)| *n <= 10_000) {
            assert_eq!(
                perft(&mut board, depth, PerftMode::Bulk),
                expected,
                "{}",
                case.fen
            );
        }
    }
}

#[test]
fn internal_scores_convert_to_moves_to_mate() {
    assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
    assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
    assert_eq!(Score::from_internal(-MATE), Score::Mate(0));
    assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
    assert_eq!(Score::from_internal(-(MATE - 4)), Score::Mate(-2));
    assert_eq!(Score::from_internal(-250), Score::Cp(-250));
    assert_eq!(Score::Cp(-250).to_string(), "cp -250");
    for ply in [0, 5, 40] {
        for score in [MATE - 7, -(MATE - 9), 123, -45] {
            assert_eq!(score_from_table(score_to_table(score, ply), ply), score);
        }
    }
}

#[test]
fn the_evaluation_is_symmetric_and_sees_material() {
    assert_eq!(evaluate(&board(START_FEN)), 0);
    // The same position with colours swapped and the board mirrored scores the same for the
    // side to move.
    let white = board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let black = board("r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1");
    assert_eq!(evaluate(&white), evaluate(&black));
    let up_a_queen = board("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(evaluate(&up_a_queen) > 800);
    let detail = evaluate_detail(&board("4k3/pppp4/8/8/8/8/8/3QK3 b - - 0 1"));
    assert!(detail.score < -500, "{detail:?}");
    assert_eq!(detail.has_pieces, [true, false]);
}

#[test]
fn the_full_evaluation_adds_up_its_hand_counted_terms() {
    // White: Ra7, Ke1; Black: Ke8. The rook attacks b7-h7 (7), a8 (1) and a6-a1 (6): 14
    // squares, none its own, so mobility 14; with the king's five squares (d1, d2, e2, f2, f1)
    // White attacks 19. Black's king attacks d8, d7, e7, f7, f8: 5, and its zone (those and
    // e8) is attacked by the rook on d7, e7 and f7: 3. No pawns.
    let fen = "4k3/R7/8/8/8/8/8/4K3 w - - 0 1";
    let position = board(fen);
    let full = evaluate_breakdown(&position, EvalTerms::Full);
    assert_eq!(full.mobility, [14, 0]);
    assert_eq!(full.attacked, [19, 5]);
    assert_eq!(full.king_zone_attacks, [0, 3]);
    assert_eq!(full.pawns, [PawnStructure::default(); 2]);
    // White: 4 * 14 + 2 * 19 = 94. Black: 2 * 5 - 6 * 3 = -8. The difference: 102.
    assert_eq!(full.positional(), 102);
    let tables = evaluate_breakdown(&position, EvalTerms::Pst);
    assert_eq!(tables.score, evaluate(&position));
    assert_eq!(full.score, tables.score + 102);
    assert_eq!(
        evaluate_detail_with(&position, EvalTerms::Full).score,
        full.score
    );
    // With Black to move the same terms count from Black's side.
    let black_to_move = board("4k3/R7/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        evaluate_detail_with(&black_to_move, EvalTerms::Full).score,
        -full.score
    );
}

#[test]
fn the_full_evaluation_is_symmetric() {
    // Kiwipete and its mirror image with the colours swapped, and a position with pawns of
    // every kind (doubled, isolated, passed) and its mirror.
    for (white, black) in [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1",
        ),
        (
            "4k3/1p4p1/8/P1P4P/2P5/8/5K2/8 w - - 0 1",
            "8/5k2/8/2p5/p1p4p/8/1P4P1/4K3 b - - 0 1",
        ),
    ] {
        let (white, black) = (board(white), board(black));
        let from_white = evaluate_breakdown(&white, EvalTerms::Full);
        let from_black = evaluate_breakdown(&black, EvalTerms::Full);
        let swapped = |pair: [u32; 2]| [pair[1], pair[0]];
        assert_eq!(from_white.mobility, swapped(from_black.mobility));
        assert_eq!(from_white.attacked, swapped(from_black.attacked));
        assert_eq!(
            from_white.king_zone_attacks,
            swapped(from_black.king_zone_attacks)
        );
        assert_eq!(from_white.pawns[0], from_black.pawns[1]);
        assert_eq!(from_white.pawns[1], from_black.pawns[0]);
        assert_eq!(from_white.score, from_black.score);
        assert_ne!(from_white.positional(), 0);
    }
}

#[test]
fn finds_mate_in_one_with_a_mate_score() {
    // Scholar's mate: Qxf7#.
    for fen in [
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "1r4k1/8/8/8/8/8/5PPP/6K1 b - - 0 1",
    ] {
        let result = search_depth(fen, 3);
        assert_eq!(result.score, Score::Mate(1), "{fen}");
        let mut after = board(fen);
        after.make(result.best_move.expect("a move"));
        assert!(
            is_checkmate(&after),
            "{fen}: {:?} does not mate",
            result.best_move
        );
    }
}

#[test]
fn finds_mate_in_two_and_every_defence_loses() {
    // Legal's mate (1.Nf6+ gxf6 2.Bxf7#), and a queen sacrifice for a back-rank mate
    // (1.Qd8+ Bxd8 2.Re8#) with its mirror image for Black.
    for fen in [
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1",
        "r3r1k1/ppp2ppp/2p5/5Q2/1b1q4/8/PPP1BPPP/R1B2K1R b - - 1 1",
    ] {
        let result = search_depth(fen, 4);
        assert_eq!(result.score, Score::Mate(2), "{fen}");
        let mut after = board(fen);
        after.make(result.best_move.expect("a move"));
        let defences = after.legal_moves();
        assert!(!defences.is_empty());
        for &defence in defences.iter() {
            after.make(defence);
            assert!(has_mate_in_one(&mut after), "{fen}: {defence} escapes");
            after.unmake(defence, ());
        }
    }
}

#[test]
fn sees_being_mated() {
    // Black to move can only delay: every move allows mate in one.
    let result = search_depth("7k/8/6KQ/8/8/8/8/8 b - - 0 1", 3);
    assert_eq!(result.score, Score::Mate(-1));
}

#[test]
fn checkmated_and_stalemated_roots_have_no_move() {
    let mated = search_depth("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", 4);
    assert_eq!((mated.best_move, mated.score), (None, Score::Mate(0)));
    let stalemate = search_depth("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 4);
    assert_eq!((stalemate.best_move, stalemate.score), (None, Score::Cp(0)));
}

#[test]
fn mates_instead_of_stalemating() {
    // Qf7 would stalemate; Qf8 mates.
    let result = search_depth("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", 3);
    assert_eq!(result.best_move.unwrap().to_string(), "f1f8");
    assert_eq!(result.score, Score::Mate(1));
}

/// Stand-in hashes for game positions that repeat nothing.
fn filler(n: u64) -> Zobrist {
    Zobrist { key: n, lock: n }
}

#[test]
fn a_threefold_repetition_of_the_game_is_a_draw_and_a_twofold_is_not() {
    // Black, a queen down, can return to a position of the game with Kh7.
    let fen = "7k/8/8/8/8/1Q6/8/K7 b - - 10 60";
    let mut root = board(fen);
    let retreat = root.parse_uci_move("h8h7").unwrap();
    root.make(retreat);
    let repeated = root.search_zobrist();
    root.unmake(retreat, ());
    let losing = |score: Score| matches!(score, Score::Cp(cp) if cp < -500);
    let without = search_with(&mut root, &[], Limits::depth(3));
    assert!(losing(without.score), "{:?}", without.score);
    // Once before: Kh7 would make it twice, not yet a draw.
    let once = [repeated, filler(1), filler(2)];
    let twofold = search_with(&mut root, &once, Limits::depth(3));
    assert!(losing(twofold.score), "{:?}", twofold.score);
    // Twice before: Kh7 makes it three times.
    let twice = [
        repeated,
        filler(1),
        filler(2),
        filler(3),
        repeated,
        filler(4),
        filler(5),
    ];
    let threefold = search_with(&mut root, &twice, Limits::depth(3));
    assert_eq!(threefold.score, Score::Cp(0));
    assert_eq!(threefold.best_move, Some(retreat));
}

#[test]
fn one_repetition_inside_the_tree_is_a_draw_and_the_game_before_the_root_needs_two() {
    let [a, b, c, d, e, f] = [1, 2, 3, 4, 5, 6].map(filler);
    // The root is index 1: `a` at index 5 repeats index 1, the root itself, once.
    assert!(!is_repetition_draw(&[f, a, b, c, d, a], 1, 4));
    // The root is index 0: index 1 is inside the tree.
    assert!(is_repetition_draw(&[e, a, b, c, d, a], 0, 4));
    // Twice in the game before the root.
    assert!(is_repetition_draw(&[a, b, c, d, a, b, c, d, a], 8, 8));
    // Twice, but the older one lies beyond the last irreversible move.
    assert!(!is_repetition_draw(&[a, b, c, d, a, b, c, d, a], 8, 7));
    // Once before the root (index 0) and once in the tree (index 4, after the root at 2).
    assert!(is_repetition_draw(&[a, b, c, d, a, b, c, d, a], 2, 8));
    // Nothing repeats.
    assert!(!is_repetition_draw(&[a, b, c, d, e, f], 0, 5));
}

#[test]
fn the_fifty_move_rule_draws_unless_the_last_move_mates() {
    let drawn = search_depth("7k/8/8/8/8/1Q6/8/K7 b - - 99 80", 3);
    assert_eq!(drawn.score, Score::Cp(0));
    let mate = search_depth("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", 3);
    assert_eq!(mate.score, Score::Mate(1));
}

/// The reference board with its move lists reversed and its pieces visited from h8 down (the
/// search must not notice), counting the null moves made on it.
#[derive(Clone)]
struct ReversedBoard(ReferenceBoard, Arc<AtomicUsize>);

impl Board for ReversedBoard {
    type Undo = ();
    const NAME: &'static str = "reversed";
    fn from_setup(setup: &Setup) -> Self {
        ReversedBoard(ReferenceBoard::from_setup(setup), Arc::default())
    }
    boardlab_core::delegate_board!(0 => state, piece_at, king_square, in_check, is_attacked, make, unmake,
        unmake_null);
    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        let mut forward = MoveList::new();
        self.0.generate(S::KIND, &mut forward);
        for &mv in forward.iter().rev() {
            sink.push(mv);
        }
    }
    fn make_null(&mut self) {
        self.1.fetch_add(1, Ordering::Relaxed);
        self.0.make_null()
    }
    fn for_each_piece(&self, mut f: impl FnMut(Square, Piece)) {
        for sq in Square::ALL.into_iter().rev() {
            if let Some(piece) = self.0.piece_at(sq) {
                f(sq, piece);
            }
        }
    }
}

/// The generic answers, as the reference board gives them.
impl EngineQueries for ReversedBoard {}

#[test]
fn the_search_does_not_depend_on_generation_order() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        for terms in [EvalTerms::Pst, EvalTerms::Full] {
            let stop = AtomicBool::new(false);
            let limits = Limits::depth(3);
            let mut searcher = Searcher::new(1);
            searcher.set_eval_terms(terms);
            let forward = searcher.search(&mut board(fen), &[], &limits, &stop, |_| {});
            let mut searcher = Searcher::new(1);
            searcher.set_eval_terms(terms);
            let mut reversed = ReversedBoard::from_fen(fen).unwrap();
            let backward = searcher.search(&mut reversed, &[], &limits, &stop, |_| {});
            assert_eq!(
                (
                    forward.best_move,
                    forward.score,
                    forward.nodes,
                    forward.qnodes,
                    &forward.pv
                ),
                (
                    backward.best_move,
                    backward.score,
                    backward.nodes,
                    backward.qnodes,
                    &backward.pv
                ),
                "{fen} with {terms:?}"
            );
            assert!(forward.qnodes > 0 && forward.qnodes < forward.nodes);
        }
    }
}

#[test]
fn null_move_is_tried_only_with_pieces_besides_pawns() {
    let nulls = |fen: &str| {
        let mut board = ReversedBoard::from_fen(fen).unwrap();
        Searcher::new(1).search(
            &mut board,
            &[],
            &Limits::depth(6),
            &AtomicBool::new(false),
            |_| {},
        );
        board.1.load(Ordering::Relaxed)
    };
    // Pawn endings are full of zugzwang, where passing would be the best move if it were legal.
    assert_eq!(nulls("8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 1"), 0);
    assert_eq!(nulls("8/8/2k5/2P5/2K5/8/8/8 w - - 0 1"), 0);
    assert!(nulls("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4") > 0);
}

#[test]
fn a_node_limit_stops_at_exactly_that_count() {
    let mut root = board(START_FEN);
    let fen_before = root.to_fen();
    let result = search_with(&mut root, &[], Limits::nodes(3_000));
    assert_eq!(result.nodes, 3_000);
    let best = result.best_move.expect("a move");
    assert!(root.legal_moves().contains(&best));
    assert_eq!(
        root.to_fen(),
        fen_before,
        "the board is handed back unchanged"
    );
}

#[test]
fn a_raised_stop_flag_still_returns_a_legal_move() {
    let mut root = board(START_FEN);
    let stop = AtomicBool::new(true);
    let result = Searcher::new(1).search(&mut root, &[], &Limits::INFINITE, &stop, |_| {});
    let best = result.best_move.expect("a move");
    assert!(root.legal_moves().contains(&best));
}

#[test]
fn each_iteration_is_reported_with_its_pv() {
    let mut root = board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    let mut infos = Vec::new();
    let result = Searcher::new(1).search(
        &mut root,
        &[],
        &Limits::depth(3),
        &AtomicBool::new(false),
        |info| infos.push(info.clone()),
    );
    assert_eq!(
        infos.iter().map(|info| info.depth).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    let last = infos.last().unwrap();
    assert_eq!(last.pv, result.pv);
    assert_eq!(last.pv.first().copied(), result.best_move);
    assert!(infos.windows(2).all(|w| w[0].nodes < w[1].nodes));
    // The PV is a playable line.
    let mut line = root.clone();
    for &mv in &last.pv {
        assert!(line.legal_moves().contains(&mv), "{mv} in {:?}", last.pv);
        line.make(mv);
    }
}

#[test]
fn the_search_hash_ignores_an_en_passant_square_whose_capture_is_illegal() {
    // After e7e5 the d5 pawn stands beside, but taking on e6 would expose the king on a5 to the
    // rook on h5: FIDE counts the position as the one four plies later without the square.
    let mut game = board("4k3/4p3/8/K2P3r/8/8/8/8 b - - 0 1");
    let mut hashes = Vec::new();
    for text in ["e7e5", "a5a6", "e8d8", "a6a5", "d8e8"] {
        let mv = game.parse_uci_move(text).unwrap();
        game.make(mv);
        hashes.push((game.zobrist(), game.search_zobrist()));
    }
    let (after_push, later) = (hashes[0], hashes[4]);
    assert_ne!(after_push.0, later.0, "the Polyglot hash keeps the square");
    assert_eq!(after_push.1, later.1, "the search hash does not");
}

#[test]
fn a_second_search_reuses_the_table_and_agrees() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut searcher = Searcher::new(4);
    let stop = AtomicBool::new(false);
    let first = searcher.search(&mut board(fen), &[], &Limits::depth(3), &stop, |_| {});
    let second = searcher.search(&mut board(fen), &[], &Limits::depth(3), &stop, |_| {});
    assert!(
        second.nodes < first.nodes,
        "{} nodes, then {}",
        first.nodes,
        second.nodes
    );
    assert_eq!(
        (second.best_move, second.score, second.depth),
        (first.best_move, first.score, first.depth)
    );
    // A fresh searcher finds the same, so the table changed the cost and not the answer.
    let fresh = Searcher::new(4).search(&mut board(fen), &[], &Limits::depth(3), &stop, |_| {});
    assert_eq!(
        (fresh.best_move, fresh.score, fresh.nodes),
        (first.best_move, first.score, first.nodes)
    );
}

#[test]
fn a_mate_search_finds_mates_behind_a_quiet_first_move() {
    // Mates in two whose only first move neither checks nor captures (python-chess, searching
    // every line, finds exactly this key move): the reductions of an ordinary search put such a
    // move off, so a plain three-ply search does not see these mates.
    for (fen, key) in [
        ("1k6/8/R7/2pK4/8/8/3R4/7n w - - 0 1", "d5c6"),
        ("1K2k3/7Q/1B6/8/8/8/3p3n/8 w - - 0 1", "b6c5"),
        ("1R1Q4/7k/8/8/Kp6/8/8/7n w - - 0 1", "d8f6"),
    ] {
        let result = search_depth_limits(fen, Limits::mate(2));
        assert_eq!(result.score, Score::Mate(2), "{fen}");
        assert_eq!(
            result.best_move.map(|mv| mv.to_string()).as_deref(),
            Some(key),
            "{fen}"
        );
        assert!(result.depth <= 3, "{fen}: depth {}", result.depth);
    }
}

#[test]
fn a_mate_search_stops_when_there_is_no_mate() {
    // No mate in one from the start: one ply is searched and a move still comes back.
    let result = search_depth_limits(START_FEN, Limits::mate(1));
    assert_eq!(result.depth, 1);
    assert!(!result.score.is_mate());
    assert!(result.best_move.is_some());
    // A mate in two is not a mate in one.
    let fen = "1k6/8/R7/2pK4/8/8/3R4/7n w - - 0 1";
    let result = search_depth_limits(fen, Limits::mate(1));
    assert_eq!(result.depth, 1);
    assert!(!result.score.is_mate(), "{:?}", result.score);
}

fn search_depth_limits(fen: &str, limits: Limits) -> SearchResult {
    search_with(&mut board(fen), &[], limits)
}

#[test]
fn searchmoves_restricts_the_root() {
    let root = board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let only = |texts: &[&str]| Limits {
        depth: Some(3),
        searchmoves: texts
            .iter()
            .map(|t| root.parse_uci_move(t).unwrap())
            .collect(),
        ..Limits::INFINITE
    };
    // Ra8 mates; restricted to two king moves, the search picks one of them.
    let free = search_depth_limits("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Limits::depth(3));
    assert_eq!(free.best_move.unwrap().to_string(), "a1a8");
    let restricted = search_with(&mut root.clone(), &[], only(&["g1f1", "g1h1"]));
    let best = restricted.best_move.unwrap().to_string();
    assert!(best == "g1f1" || best == "g1h1", "{best}");
    assert!(restricted.pv.len() > 1);
    assert!(!restricted.score.is_mate());
    // A list with no move legal here restricts nothing.
    let mut illegal = Limits::depth(3);
    illegal.searchmoves = vec![Move::new(
        Square::E2,
        Square::E4,
        boardlab_core::MoveFlag::DoublePush,
    )];
    let ignored = search_with(&mut root.clone(), &[], illegal);
    assert_eq!(ignored.best_move.unwrap().to_string(), "a1a8");
}
