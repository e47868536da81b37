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
