//! The search with the full evaluation ([`EvalTerms::Full`]) on every registered backend: each
//! backend answers the engine queries (mobility, attacked squares, attackers for the king zone,
//! pawn structure, static exchanges) in its own way, and the search must still walk the same
//! tree everywhere. So a fixed-depth search gives the same best move, score, principal
//! variation, node count and quiescence node count on every backend, over a spread of the
//! Bratko-Kopec positions.

use crate::support::{self, position};
use boardlab_backends::Backend;
use boardlab_core::epd::{parse_epd, BRATKO_KOPEC};
use boardlab_engine::{EvalTerms, Limits, Score, SearchResult, Searcher};
use clap::ValueEnum;
use std::collections::BTreeSet;

/// The depth of every search: deep enough that quiescence, null moves, reductions and the
/// ordering by static exchange all shape the tree, shallow enough for every backend to run.
const DEPTH: u32 = 5;

/// Every third Bratko-Kopec position: eight middle games and endings.
fn positions() -> Vec<String> {
    parse_epd(BRATKO_KOPEC)
        .expect("the embedded Bratko-Kopec suite parses")
        .into_iter()
        .step_by(3)
        .map(|epd| epd.setup.to_fen())
        .collect()
}

/// What must agree between backends.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Outcome {
    best_move: Option<String>,
    score: Score,
    pv: Vec<String>,
    nodes: u64,
    qnodes: u64,
}

/// A search of `fen` to [`DEPTH`] with `terms` on `backend` (the board type that runs is
/// checked to be the backend asked for, and the board to come back unchanged).
fn search_with(backend: Backend, fen: &str, terms: EvalTerms) -> SearchResult {
    let mut searcher = Searcher::new(8);
    searcher.set_eval_terms(terms);
    assert_eq!(searcher.eval_terms(), terms);
    support::search(
        backend,
        &mut searcher,
        &position(fen),
        &Limits::depth(DEPTH),
    )
}

/// The full-evaluation search of `fen` on `backend`.
fn search(backend: Backend, fen: &str) -> Outcome {
    let result = search_with(backend, fen, EvalTerms::Full);
    assert_eq!(result.depth, DEPTH, "{backend}: {fen}");
    Outcome {
        best_move: result.best_move.map(|mv| mv.to_string()),
        score: result.score,
        pv: result.pv.iter().map(|mv| mv.to_string()).collect(),
        nodes: result.nodes,
        qnodes: result.qnodes,
    }
}

#[test]
fn the_full_evaluation_search_is_the_same_on_every_backend() {
    // The list walked is the whole registry: as many backends as the enum has variants, each
    // once, and not none.
    let registry: BTreeSet<Backend> = Backend::value_variants().iter().copied().collect();
    let listed: BTreeSet<Backend> = Backend::ALL.iter().copied().collect();
    assert!(!Backend::ALL.is_empty());
    assert_eq!(listed, registry);
    assert_eq!(
        Backend::ALL.len(),
        registry.len(),
        "a backend is listed twice"
    );
    // A backend this processor cannot run (pext without BMI2) is left out, and said so.
    let runnable: Vec<Backend> = Backend::ALL
        .iter()
        .copied()
        .filter(|backend| backend.available().is_ok())
        .collect();
    for backend in Backend::ALL.iter().filter(|b| !runnable.contains(b)) {
        println!("{backend}: cannot run on this processor, left out");
    }
    assert!(runnable.len() >= 2, "{runnable:?}");

    let fens = positions();
    assert_eq!(fens.len(), 8);
    let mut compared = 0;
    let mut best_moves = BTreeSet::new();
    for fen in &fens {
        let expected = search(runnable[0], fen);
        // The search did real work: quiescence is part of it but not all of it.
        assert!(
            expected.qnodes > 0 && expected.qnodes < expected.nodes,
            "{fen}: {expected:?}"
        );
        assert!(
            expected.pv.first() == expected.best_move.as_ref(),
            "{fen}: {expected:?}"
        );
        best_moves.extend(expected.best_move.clone());
        println!(
            "{fen}: {} {} nodes, {} in quiescence",
            expected.best_move.as_deref().unwrap_or("none"),
            expected.nodes,
            expected.qnodes
        );
        for &backend in &runnable[1..] {
            assert_eq!(
                search(backend, fen),
                expected,
                "{backend} differs from {} on {fen}",
                runnable[0]
            );
            compared += 1;
        }
    }
    assert_eq!(compared, fens.len() * (runnable.len() - 1));
    // Eight different positions have more than one best move between them.
    assert!(best_moves.len() > 1, "{best_moves:?}");
}

#[test]
fn the_full_evaluation_changes_the_search() {
    // The terms are used: the same search with the tables alone walks another tree.
    let fens = positions();
    let fen = &fens[0];
    let run = |terms: EvalTerms| search_with(Backend::DEFAULT, fen, terms);
    let (tables, full) = (run(EvalTerms::Pst), run(EvalTerms::Full));
    assert_ne!(
        (tables.nodes, tables.score),
        (full.nodes, full.score),
        "{fen}"
    );
}

/// The full evaluation's positional terms on positions of kings and pawns, counted by hand:
/// no piece that has mobility, so each side's sum is its attacked squares and its pawns.
#[test]
fn the_full_evaluation_weighs_hand_counted_pawns() {
    use boardlab_backends::with_backend;
    use boardlab_core::{Board, BoardExt, Color};
    use boardlab_engine::eval::{ATTACKED_WEIGHT, DOUBLED_WEIGHT, ISOLATED_WEIGHT, PASSED_WEIGHT};
    use boardlab_engine::evaluate_breakdown;
    // White: the king on e1 attacks d1 f1 d2 e2 f2, the pawns a2 and c2 attack b3 and d3;
    // both pawns isolated (nothing on the b- or d-file) and passed (no black pawn). Black:
    // the king on e8 attacks d8 f8 d7 e7 f7. Neither king's zone is attacked.
    let two = (
        "4k3/8/8/8/8/8/P1P5/4K3 w - - 0 1",
        [7, 5],
        [(0, 2, 2), (0, 0, 0)],
    );
    // A third pawn on c3 (attacking b4 and d4) doubles the c-file: one doubled, three
    // isolated, three passed. With Black to move the score turns round.
    let three = (
        "4k3/8/8/8/8/2P5/P1P5/4K3 b - - 0 1",
        [9, 5],
        [(1, 3, 3), (0, 0, 0)],
    );
    let mut checked = 0;
    for (fen, attacked, pawns) in [two, three] {
        let side = |c: usize| {
            let (doubled, isolated, passed) = pawns[c];
            ATTACKED_WEIGHT * attacked[c] - DOUBLED_WEIGHT * doubled - ISOLATED_WEIGHT * isolated
                + PASSED_WEIGHT * passed
        };
        let white_view = side(0) - side(1);
        for backend in Backend::ALL
            .iter()
            .copied()
            .filter(|b| b.available().is_ok())
        {
            with_backend!(backend, B => {
                let board = B::from_fen(fen).unwrap();
                let full = evaluate_breakdown(&board, EvalTerms::Full);
                let tables = evaluate_breakdown(&board, EvalTerms::Pst);
                assert_eq!(full.attacked.map(|n| n as i32), attacked, "{backend} {fen}");
                assert_eq!(full.mobility, [0, 0], "{backend} {fen}");
                assert_eq!(full.king_zone_attacks, [0, 0], "{backend} {fen}");
                assert_eq!(full.positional(), white_view, "{backend} {fen}");
                let to_move = if board.side_to_move() == Color::White { 1 } else { -1 };
                assert_eq!(full.score - tables.score, to_move * white_view, "{backend} {fen}");
                checked += 1;
            });
        }
    }
    assert_eq!(checked, 2 * support::runnable_backends().len());
}
