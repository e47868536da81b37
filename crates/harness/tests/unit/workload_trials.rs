use boardlab_core::epd::{BUG_CATCHERS, PERFT_SUITE, STANDARD_SUITE};
use boardlab_core::{Board, BoardExt, Role, Setup, START_FEN};
use boardlab_engine::EvalTerms;
use boardlab_harness::workload::trials::*;
use boardlab_harness::workload::{measure, PositionSet, Workload, WorkloadRun};
use boardlab_reference::ReferenceBoard;

const KIWIPETE: &str = TRIALS_POSITIONS[0].fen;

fn search(fen: &str, depth: u32, delta_pruning: bool) -> TrialsResult {
    let mut board = ReferenceBoard::from_fen(fen).unwrap();
    let before = board.to_setup();
    let found = TrialsSearch::new()
        .with_delta_pruning(delta_pruning)
        .search(&mut board, depth);
    assert_eq!(board.to_setup(), before, "the board comes back");
    found
}

#[test]
fn the_positions_are_kiwipete_and_endings_with_queens_from_where_the_docs_say() {
    // The suites' FENs carry their own clocks or none; the board part and the side to move
    // are what must match.
    let in_suite = |suite: &str, fen: &str| {
        let head: Vec<&str> = fen.split_whitespace().take(2).collect();
        suite.contains(&head.join(" "))
    };
    assert!(in_suite(STANDARD_SUITE, KIWIPETE));
    assert!(in_suite(PERFT_SUITE, TRIALS_POSITIONS[1].fen));
    assert!(in_suite(BUG_CATCHERS, TRIALS_POSITIONS[2].fen));
    assert!(in_suite(BUG_CATCHERS, TRIALS_POSITIONS[3].fen));
    for position in &TRIALS_POSITIONS[1..] {
        let setup = Setup::from_fen(position.fen).unwrap();
        let queens = setup
            .pieces()
            .filter(|(_, piece)| piece.role == Role::Queen)
            .count();
        assert!(queens >= 1, "{}", position.name);
        // An ending: kings and queens with a few pawns, a minor piece or a rook pair.
        assert!(setup.pieces().count() <= 10, "{}", position.name);
    }
    let positions = trials_positions(Some(3)).unwrap();
    assert_eq!(positions.len(), TRIALS_POSITIONS.len());
    assert!(positions.iter().all(|(position, _)| position.depth == 3));
}

#[test]
fn delta_pruning_skips_captures_that_cannot_reach_alpha() {
    // KiwiPete is full of captures, many of them pawns that cannot make up a lost piece: with
    // delta pruning quiescence visits fewer nodes, and the main search the same tree above it.
    for depth in [1, 2, 3] {
        let pruned = search(KIWIPETE, depth, true).counts;
        let full = search(KIWIPETE, depth, false).counts;
        assert!(
            pruned.quiescence_nodes < full.quiescence_nodes,
            "depth {depth}: {pruned:?} against {full:?}"
        );
        assert!(pruned.nodes < full.nodes, "depth {depth}");
    }
    // At depth 0 the root's alpha is its own evaluation, which no capture's gain plus the
    // margin fails to reach, so the root prunes nothing; without captures nothing changes at
    // all.
    let quiet = [search(START_FEN, 3, true), search(START_FEN, 3, false)];
    assert_eq!(quiet[0], quiet[1]);
}

#[test]
fn the_shares_add_up_and_the_depth_and_limit_change_the_tree() {
    let shallow = search(KIWIPETE, 2, true).counts;
    let deeper = search(KIWIPETE, 3, true).counts;
    for counts in [shallow, deeper] {
        assert!(
            counts.stand_pat_nodes <= counts.quiescence_nodes,
            "{counts:?}"
        );
        assert!(counts.quiescence_nodes < counts.nodes, "{counts:?}");
        assert!(counts.stand_pat_nodes > 0, "{counts:?}");
    }
    assert!(deeper.nodes > shallow.nodes);
    // Depth 1 from the start: the root and its 20 children, each a quiescence node with no
    // capture to try.
    let start = search(START_FEN, 1, true).counts;
    assert_eq!(start.nodes, 21);
    assert_eq!(start.quiescence_nodes, 20);
    // A limit stops the search at exactly that many nodes.
    let mut board = ReferenceBoard::from_fen(KIWIPETE).unwrap();
    let limited = TrialsSearch::new()
        .with_node_limit(500)
        .search(&mut board, 4);
    assert_eq!(limited.counts.nodes, 500);
}

#[test]
fn the_main_search_scores_mate_and_quiescence_stands_pat_in_check() {
    // Ra8 mates. Quiescence stands pat in check, so depth 1 sees a rook's worth of nothing;
    // depth 2 reaches the mated node of the main search.
    let back_rank = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let found = search(back_rank, 2, true);
    let board = ReferenceBoard::from_fen(back_rank).unwrap();
    assert_eq!(board.move_text(found.best_move.unwrap(), false), "a1a8");
    assert!(found.score > 30_000, "{}", found.score);
    assert!(search(back_rank, 1, true).score < 30_000);
}

#[test]
fn every_board_searches_the_same_tree() {
    fn counted<B: boardlab_engine::EngineQueries>(fen: &str) -> TrialsResult {
        TrialsSearch::new().search(&mut B::from_fen(fen).unwrap(), 3)
    }
    for position in &TRIALS_POSITIONS {
        let reference = counted::<ReferenceBoard>(position.fen);
        assert_eq!(
            counted::<boardlab_mailbox::MailboxBoard>(position.fen),
            reference,
            "{}",
            position.name
        );
        assert_eq!(
            counted::<boardlab_magic::MagicBoard>(position.fen),
            reference,
            "{}",
            position.name
        );
    }
}

#[test]
fn the_workload_shares_its_budget_and_counts_its_shares() {
    let measured = measure::<ReferenceBoard>(WorkloadRun {
        workload: Workload::Trials,
        set: &PositionSet::default(),
        budget: 600,
        terms: EvalTerms::Full,
        depth: Some(4),
    })
    .unwrap();
    assert_eq!(measured.nodes, 600, "100 nodes a position");
    assert_eq!(measured.results.len(), TRIALS_POSITIONS.len());
    assert_eq!(measured.results[0].0, "kiwipete d4");
    let quiescence = measured.quiescence_nodes.unwrap();
    let stand_pat = measured.stand_pat_nodes.unwrap();
    assert!(stand_pat <= quiescence && quiescence <= measured.nodes);
}
