//! The search's staged move generation on every backend, on random valid positions
//! (`boardlab_testkit::positions`): `Board::is_legal` agrees with the generated legal moves, in
//! standard chess and in Chess960, the staged picker hands out exactly the legal moves, each once
//! and stage by stage, and a cutoff early in the order leaves the later kinds ungenerated. The
//! draws are seeded; `BOARDLAB_SEED=N` draws another set.
//!
//! `measure_staged_generation` is also the measurement the book quotes, at a greater depth:
//!
//! ```text
//! BOARDLAB_DEPTH=9 BOARDLAB_RUNS=5 cargo test --test integration search_staged::measure -- --nocapture
//! ```

use boardlab_backends::{with_backend, Backend};
use boardlab_core::{Board, BoardExt, Move, MoveList, Setup};
use boardlab_engine::{
    staged_order, EngineQueries, GenerationCounts, Limits, MoveGeneration, Score, Searcher,
};
use boardlab_reference::ReferenceBoard;
use boardlab_testkit::positions::random_position;
use boardlab_testkit::{CHESS960_WALK_POSITIONS, WALK_POSITIONS};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// How many random positions each test draws.
const POSITIONS: usize = 2_000;

fn rng() -> StdRng {
    let seed = std::env::var("BOARDLAB_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(20_261_123u64);
    StdRng::seed_from_u64(seed)
}

/// The random positions, each with the legal moves of the one drawn before it: moves that make
/// sense on a board but often not on this one, as a stale hash move or killer would.
fn positions(rng: &mut StdRng) -> Vec<(Setup, MoveList)> {
    positions_from(rng, WALK_POSITIONS)
}

/// [`positions`], drawn from games that start at `starts`.
fn positions_from(rng: &mut StdRng, starts: &[&str]) -> Vec<(Setup, MoveList)> {
    let mut previous = MoveList::new();
    (0..POSITIONS)
        .map(|_| {
            let setup = random_position::<ReferenceBoard>(rng, starts);
            let stale = std::mem::replace(
                &mut previous,
                ReferenceBoard::from_setup(&setup).legal_moves(),
            );
            (setup, stale)
        })
        .collect()
}

/// A remembered move as the search may hold one: none, one of this position's legal moves, one
/// of another position's, or sixteen random bits.
fn remembered_move(rng: &mut StdRng, legal: &MoveList, stale: &MoveList) -> Move {
    match rng.gen_range(0..4) {
        0 => Move::NULL,
        1 => legal.choose(rng).copied().unwrap_or(Move::NULL),
        2 => stale.choose(rng).copied().unwrap_or(Move::NULL),
        _ => Move::from_bits(rng.gen()).unwrap_or(Move::NULL),
    }
}

#[test]
fn the_legality_test_agrees_with_the_generated_legal_moves() {
    let mut rng = rng();
    let positions = positions(&mut rng);
    legality_agrees(&mut rng, &positions);
}

#[test]
fn the_legality_test_agrees_with_the_generated_legal_moves_in_chess960() {
    let mut rng = rng();
    let positions = positions_from(&mut rng, CHESS960_WALK_POSITIONS);
    let castles = positions
        .iter()
        .filter(|(setup, _)| {
            ReferenceBoard::from_setup(setup)
                .legal_moves()
                .iter()
                .any(|mv| mv.is_castle())
        })
        .count();
    // The point of these positions is their castling moves, so enough of them must have one.
    assert!(
        castles > POSITIONS / 20,
        "{castles} positions with a castling move"
    );
    legality_agrees(&mut rng, &positions);
}

/// Checks on every backend that `Board::is_legal` answers as membership in the legal moves
/// does, for each position's legal moves, its stale moves, random bits, and each legal move's
/// squares with every other flag.
fn legality_agrees(rng: &mut StdRng, positions: &[(Setup, MoveList)]) {
    let random_bits: Vec<Move> = (0..40).filter_map(|_| Move::from_bits(rng.gen())).collect();
    for &backend in Backend::ALL {
        let (mut legal_verdicts, mut illegal_verdicts) = (0usize, 0usize);
        with_backend!(backend, B => {
            for (setup, stale) in positions {
                let mut board = B::from_setup(setup);
                let legal = board.legal_moves();
                // Membership by the move's 16 bits (a list's `contains` per candidate was half
                // the test's time).
                let mut is_legal = vec![false; 1 << 16];
                for mv in legal.iter() {
                    is_legal[usize::from(mv.bits())] = true;
                }
                // Each legal move's squares with every other flag: the test must insist on the
                // flag the generators give.
                let other_flags: Vec<Move> = legal
                    .iter()
                    .flat_map(|mv| {
                        (0..16u16).filter_map(move |flag| Move::from_bits(mv.bits() & 0x0fff | flag << 12))
                    })
                    .collect();
                for &mv in legal
                    .iter()
                    .chain(stale.iter())
                    .chain(random_bits.iter())
                    .chain(other_flags.iter())
                {
                    let expected = is_legal[usize::from(mv.bits())];
                    assert_eq!(
                        board.is_legal(mv),
                        expected,
                        "{backend}: {mv} ({:?}) on {}",
                        mv.flag(),
                        setup.to_fen()
                    );
                    if expected {
                        legal_verdicts += 1;
                    } else {
                        illegal_verdicts += 1;
                    }
                }
                assert_eq!(&board.to_setup(), setup, "{backend}: the board comes back unchanged");
            }
        });
        println!("{backend}: {legal_verdicts} legal and {illegal_verdicts} illegal verdicts");
        // About thirty legal moves a position, and well over half the stale moves illegal.
        assert!(
            legal_verdicts > 20 * POSITIONS,
            "{backend}: {legal_verdicts}"
        );
        assert!(
            illegal_verdicts > 20 * POSITIONS,
            "{backend}: {illegal_verdicts}"
        );
    }
}

#[test]
fn the_staged_picker_hands_out_every_legal_move_once_stage_by_stage() {
    let mut rng = rng();
    let positions = positions(&mut rng);
    for &backend in Backend::ALL {
        let mut tested = 0;
        let (mut hash_moves_first, mut killers_played, mut losing_played) = (0, 0, 0);
        with_backend!(backend, B => {
            for (setup, stale) in &positions {
                let mut board = B::from_setup(setup);
                let legal = board.legal_moves();
                let table_move = remembered_move(&mut rng, &legal, stale);
                let killers = [
                    remembered_move(&mut rng, &legal, stale),
                    remembered_move(&mut rng, &legal, stale),
                ];
                let (order, counts) = staged_order(&mut board, table_move, killers, usize::MAX);

                let mut handed_out = order.clone();
                handed_out.sort();
                let mut expected: Vec<Move> = legal.to_vec();
                expected.sort();
                assert_eq!(handed_out, expected, "{backend}: {}", setup.to_fen());

                // The stages: the hash move if legal, the noisy moves that do not lose material
                // by static exchange, the legal quiet killers, the noisy moves that do, the
                // other quiet moves.
                let mut rest = &order[..];
                if legal.contains(&table_move) {
                    assert_eq!(rest[0], table_move);
                    rest = &rest[1..];
                    hash_moves_first += 1;
                }
                // A losing capture met among the winning ones ends this stage early, and then
                // fails the killers' or the losing stage's test below.
                let winning = rest
                    .iter()
                    .take_while(|&&mv| mv.is_noisy() && board.see(mv) >= 0)
                    .count();
                rest = &rest[winning..];
                let mut wanted_killers: Vec<Move> = Vec::new();
                for killer in killers {
                    if legal.contains(&killer)
                        && !killer.is_noisy()
                        && killer != table_move
                        && !wanted_killers.contains(&killer)
                    {
                        wanted_killers.push(killer);
                    }
                }
                assert_eq!(rest[..wanted_killers.len()], wanted_killers[..], "{backend}: {order:?}");
                killers_played += wanted_killers.len();
                rest = &rest[wanted_killers.len()..];
                let losing = rest.iter().take_while(|mv| mv.is_noisy()).count();
                assert!(
                    rest[..losing].iter().all(|&mv| board.see(mv) < 0),
                    "{backend}: {order:?}"
                );
                assert!(rest[losing..].iter().all(|mv| !mv.is_noisy()), "{backend}: {order:?}");
                losing_played += losing;
                assert_eq!(
                    counts,
                    GenerationCounts { all: 0, noisy: 1, quiet: 1 },
                    "{backend}: each kind is generated once"
                );
                tested += 1;
            }
        });
        println!("{backend}: {tested} positions, {hash_moves_first} legal hash moves, {killers_played} killers, {losing_played} losing captures");
        assert_eq!(tested, POSITIONS);
        assert!(
            hash_moves_first > POSITIONS / 5,
            "{backend}: {hash_moves_first}"
        );
        assert!(
            killers_played > POSITIONS / 5,
            "{backend}: {killers_played}"
        );
        assert!(losing_played > POSITIONS / 5, "{backend}: {losing_played}");
    }
}

#[test]
fn a_cutoff_early_in_the_order_leaves_the_later_kinds_ungenerated() {
    let mut rng = rng();
    let positions = positions(&mut rng);
    let (mut hash_cutoffs, mut capture_cutoffs, mut killer_cutoffs) = (0, 0, 0);
    for (setup, _) in &positions {
        let mut board = ReferenceBoard::from_setup(setup);
        let legal = board.legal_moves();
        let Some(&table_move) = legal.choose(&mut rng) else {
            continue;
        };
        // The hash move comes before anything is generated.
        let (first, counts) = staged_order(&mut board, table_move, [Move::NULL; 2], 1);
        assert_eq!(
            (first[0], counts.total()),
            (table_move, 0),
            "{}",
            setup.to_fen()
        );
        hash_cutoffs += 1;

        // The captures come before the quiet moves are generated.
        let noisy = legal.iter().filter(|mv| mv.is_noisy()).count();
        if noisy > 0 {
            let (_, counts) = staged_order(&mut board, Move::NULL, [Move::NULL; 2], noisy);
            assert_eq!(
                counts,
                GenerationCounts {
                    all: 0,
                    noisy: 1,
                    quiet: 0
                }
            );
            capture_cutoffs += 1;
        }

        // So do legal quiet killers, after the noisy moves that do not lose material by static
        // exchange and before those that do.
        let winning = legal
            .iter()
            .filter(|&&mv| mv.is_noisy() && board.see(mv) >= 0)
            .count();
        let quiet: Vec<Move> = legal.iter().copied().filter(|mv| !mv.is_noisy()).collect();
        if let Some(&killer) = quiet.choose(&mut rng) {
            let (order, counts) =
                staged_order(&mut board, Move::NULL, [killer, Move::NULL], noisy + 1);
            assert_eq!(order[winning], killer);
            assert_eq!(counts.quiet, 0, "{}", setup.to_fen());
            killer_cutoffs += 1;
        }
    }
    println!("{hash_cutoffs} hash moves, {capture_cutoffs} captures, {killer_cutoffs} killers");
    assert!(hash_cutoffs > POSITIONS * 9 / 10);
    assert!(capture_cutoffs > POSITIONS / 4);
    assert!(killer_cutoffs > POSITIONS * 9 / 10);
}

/// The six standard perft positions.
fn standard_positions() -> Vec<String> {
    boardlab_core::epd::parse_perft_suite(boardlab_core::epd::STANDARD_SUITE)
        .expect("the embedded suite parses")
        .into_iter()
        .map(|case| case.fen)
        .collect()
}

/// One search of `fen` on `backend` with a fresh searcher: its result, time and generation
/// counts.
fn search(
    backend: Backend,
    fen: &str,
    generation: MoveGeneration,
    limits: &Limits,
) -> (boardlab_engine::SearchResult, Duration, GenerationCounts) {
    let position = crate::support::position(fen);
    let mut searcher = Searcher::new(16);
    searcher.set_move_generation(generation);
    let start = Instant::now();
    let result = crate::support::search(backend, &mut searcher, &position, limits);
    (result, start.elapsed(), searcher.generation_counts())
}

#[test]
fn both_generations_find_the_same_mates() {
    for (fen, mate) in [
        (
            "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1",
            2,
        ),
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1),
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            1,
        ),
    ] {
        for generation in [MoveGeneration::Whole, MoveGeneration::Staged] {
            let (result, _, _) = search(Backend::DEFAULT, fen, generation, &Limits::depth(4));
            assert_eq!(result.score, Score::Mate(mate), "{generation:?} on {fen}");
        }
    }
}

/// A number from the environment, or `default`.
fn env_number(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(default)
}

/// Nodes, time and `generate` calls to a fixed depth over the six standard positions, whole
/// against staged generation, on the magic backend, as a table on stdout. Each search runs
/// `BOARDLAB_RUNS` times (1) and the fastest time counts; `BOARDLAB_DEPTH` sets the depth (5, a
/// budget for ordinary test runs; the book's figures are at 9), and `BOARDLAB_GENERATION`
/// (`whole` or `staged`) keeps one way only, for counting instructions under callgrind.
///
/// Times are printed, never asserted. What is asserted is what staging is for: whole generation
/// never asks for the quiet moves alone, and staged generation asks for them at fewer nodes than
/// whole generation asks for every move.
#[test]
fn measure_staged_generation() {
    let depth = env_number("BOARDLAB_DEPTH", 5);
    let runs = env_number("BOARDLAB_RUNS", 1).max(1);
    let only = std::env::var("BOARDLAB_GENERATION").ok();
    let limits = Limits::depth(depth);
    println!("magic backend, depth {depth}, fastest of {runs} runs");
    println!(
        "{:<10} {:>6} {:>11} {:>9} {:>10} {:>10} {:>10}",
        "position", "mode", "nodes", "ms", "all", "noisy", "quiet"
    );
    let mut totals = [(0u64, Duration::ZERO, GenerationCounts::default()); 2];
    for (index, fen) in standard_positions().iter().enumerate() {
        for (slot, generation) in [MoveGeneration::Whole, MoveGeneration::Staged]
            .into_iter()
            .enumerate()
        {
            let name = format!("{generation:?}").to_lowercase();
            if only.as_ref().is_some_and(|only| *only != name) {
                continue;
            }
            let mut best = Duration::MAX;
            let mut last = None;
            for _ in 0..runs {
                let (result, elapsed, counts) = search(Backend::Magic, fen, generation, &limits);
                best = best.min(elapsed);
                last = Some((result.nodes, counts));
            }
            let (nodes, counts) = last.unwrap();
            let total = &mut totals[slot];
            total.0 += nodes;
            total.1 += best;
            total.2.all += counts.all;
            total.2.noisy += counts.noisy;
            total.2.quiet += counts.quiet;
            println!(
                "{:<10} {:>6} {:>11} {:>9.1} {:>10} {:>10} {:>10}",
                format!("{}", index + 1),
                name,
                nodes,
                best.as_secs_f64() * 1000.0,
                counts.all,
                counts.noisy,
                counts.quiet
            );
        }
    }
    let [(_, _, whole), (_, _, staged)] = totals;
    if only.is_none() {
        assert_eq!(whole.quiet, 0);
        // Below the root and out of check, whole generation asks for every move at each node;
        // staged generation asks for the quiet moves only where no earlier stage cut.
        assert!(
            staged.quiet < whole.all - staged.all,
            "{staged:?} against {whole:?}"
        );
        assert!(staged.quiet > 0, "{staged:?}");
    }
    for (total, name) in totals.iter().zip(["whole", "staged"]) {
        println!(
            "{:<10} {:>6} {:>11} {:>9.1} {:>10} {:>10} {:>10}",
            "total",
            name,
            total.0,
            total.1.as_secs_f64() * 1000.0,
            total.2.all,
            total.2.noisy,
            total.2.quiet
        );
    }
}
