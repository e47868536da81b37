//! The search on every registered backend: the same tree, so the same move, score, node count
//! and principal variation; and the tactical basics on each.

use boardlab_backends::Backend;
use boardlab_engine::{Limits, Score, SearchResult, Searcher};

use crate::support;
use support::{backends_in_turn, position, BackendTurns};

/// The six standard perft positions (castling, en passant, promotions and checks in their
/// trees), and one with an en-passant capture available at the root.
fn positions() -> Vec<String> {
    let mut fens: Vec<String> =
        boardlab_core::epd::parse_perft_suite(boardlab_core::epd::STANDARD_SUITE)
            .expect("the embedded suite parses")
            .into_iter()
            .map(|case| case.fen)
            .collect();
    fens.push("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3".to_string());
    fens
}

fn search(backend: Backend, fen: &str, limits: &Limits) -> SearchResult {
    support::search(backend, &mut Searcher::new(4), &position(fen), limits)
}

fn summary(result: &SearchResult) -> (Option<String>, Score, u32, u64, Vec<String>) {
    (
        result.best_move.map(|mv| mv.to_string()),
        result.score,
        result.depth,
        result.nodes,
        result.pv.iter().map(|mv| mv.to_string()).collect(),
    )
}

#[test]
fn every_backend_searches_the_same_tree() {
    println!("backends: {:?}", Backend::ALL);
    let mut turns = BackendTurns::default();
    let mut draw = 0;
    for fen in &positions() {
        for limits in [Limits::depth(4), Limits::nodes(20_000)] {
            let backends = backends_in_turn(draw);
            draw += 1;
            turns.add(&backends);
            let expected = summary(&search(backends[0], fen, &limits));
            for &backend in &backends[1..] {
                assert_eq!(
                    summary(&search(backend, fen, &limits)),
                    expected,
                    "{backend} differs from {} on {fen} with {limits:?}",
                    backends[0]
                );
            }
        }
    }
    // Fourteen searches, the nine backends that take turns two at a time: each searched at
    // least three times.
    turns.assert_each_at_least(3);
}

#[test]
fn every_backend_finds_the_mates_and_sees_the_draws() {
    for &backend in Backend::ALL {
        let mate = search(
            backend,
            "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1",
            &Limits::depth(4),
        );
        assert_eq!(mate.score, Score::Mate(2), "{backend}");
        assert_eq!(mate.best_move.unwrap().to_string(), "d5d8", "{backend}");
        let mated = search(backend, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", &Limits::depth(2));
        assert_eq!(
            (mated.best_move, mated.score),
            (None, Score::Mate(0)),
            "{backend}"
        );
        let stalemate = search(backend, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &Limits::depth(2));
        assert_eq!(
            (stalemate.best_move, stalemate.score),
            (None, Score::Cp(0)),
            "{backend}"
        );
    }
}

#[test]
fn a_repetition_from_the_game_is_a_draw_on_every_backend() {
    // Black, a queen down, shuffles the king: the game went from the position after Kh7 back
    // to it and on to this one, so it holds the position after Kh7 twice, and Kh7 repeats it a
    // third time.
    let mut game = position("8/7k/8/8/8/1Q6/8/K7 w - - 3 57");
    for text in ["b3b4", "h7h8", "b4b3", "h8h7", "b3b4", "h7h8", "b4b3"] {
        game.play(text).unwrap();
    }
    assert_eq!(game.fen(), "7k/8/8/8/8/1Q6/8/K7 b - - 10 60");
    assert_eq!(game.history().len(), 7);
    assert_eq!(game.history()[0], game.history()[4]);
    for &backend in Backend::ALL {
        let result = support::search(backend, &mut Searcher::new(1), &game, &Limits::depth(3));
        assert_eq!(result.score, Score::Cp(0), "{backend}");
        assert_eq!(result.best_move.unwrap().to_string(), "h8h7", "{backend}");
    }
}
