//! The engine half of the comparison: the questions a search asks a board besides its moves,
//! timed on every registered backend over the conformance walk positions, each backend's own
//! answer beside the generic one of `boardlab_core::queries` (which reads the board square by
//! square through `piece_at`):
//!
//! - `see/walk`: the static exchange value of every capture; the generic answer is
//!   `queries::see`. Throughput in exchanges.
//! - `eval/walk`: the full evaluation (tables, mobility, squares attacked, attacks on the
//!   king's zones, pawn structure) of every position; the generic answer adds the same terms
//!   from the generic queries. Throughput in evaluations.
//! - `attacks/maps`: both sides' attacked squares and mobility in every position, beside
//!   cozy-chess and shakmaty computing the same counts from their attack tables. Throughput in
//!   counts (four per position).
//! - `search/standard-d3`: a fixed-depth search with the full evaluation (and quiescence) of
//!   the six standard positions. Throughput in nodes.
//! - `trials/positions-d3`: the model search of the 2021 mailbox trials (`compare --workload
//!   trials`: alpha-beta, captures-only quiescence with delta pruning, MVV/LVA, the
//!   piece-square evaluation) of KiwiPete and the workload's endings with queens, each to
//!   depth 3. Throughput in nodes.
//!
//! In each group a backend's own answer is named after the backend and the generic answer
//! after the backend with `/generic`. Before anything is timed, every backend's totals (the
//! sum of the SEE values, of the scores, of the counts, the node count) are asserted to be one
//! and the same, generic and peers included, so every bar times the same work.

mod common;

use boardlab_backends::{with_backend, Backend};
use boardlab_core::bitboard::king_attacks;
use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{Bitboard, Board, BoardExt, Color, Move};
use boardlab_engine::{
    evaluate_breakdown, queries, EngineQueries, EvalBreakdown, EvalTerms, Limits, Searcher,
};
use boardlab_harness::workload::trials::{TrialsResult, TrialsSearch, TRIALS_POSITIONS};
use boardlab_reference::ReferenceBoard;
use boardlab_testkit::WALK_POSITIONS;
use common::{cozy_board, shakmaty_position};
use criterion::measurement::WallTime;
use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, Throughput,
};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const COLORS: [Color; 2] = [Color::White, Color::Black];

/// The depth of the `search` group: shallow, so that a backend's iteration stays short.
const SEARCH_DEPTH: u32 = 3;

/// The transposition table of the `search` group, in megabytes: small, as it is cleared before
/// every search so that each visits the same tree.
const SEARCH_HASH_MB: usize = 1;

/// The depth of the `trials` group: shallow, as the search keeps no table and orders only the
/// captures.
const TRIALS_DEPTH: u32 = 3;

fn boards<B: EngineQueries>() -> Vec<B> {
    WALK_POSITIONS
        .iter()
        .map(|fen| B::from_fen(fen).expect("walk positions are valid"))
        .collect()
}

/// The backends this processor can run: all registered ones, less `pext` without BMI2.
fn runnable() -> Vec<Backend> {
    let backends: Vec<Backend> = Backend::ALL
        .iter()
        .copied()
        .filter(|backend| backend.available().is_ok())
        .collect();
    assert!(!backends.is_empty(), "no backend runs here");
    backends
}

/// Each position's captures (en passant included), as `B` lists them.
fn captures<B: EngineQueries>(boards: &[B]) -> Vec<Vec<Move>> {
    boards
        .iter()
        .map(|board| {
            let moves = board.legal_moves();
            moves.iter().copied().filter(|mv| mv.is_capture()).collect()
        })
        .collect()
}

/// The number of captures and the sum of their SEE values, with `see` answering.
fn see_total<B: EngineQueries>(
    boards: &[B],
    captures: &[Vec<Move>],
    see: fn(&B, Move) -> i32,
) -> Totals {
    let mut totals = Totals::default();
    for (board, moves) in boards.iter().zip(captures) {
        for &mv in moves {
            totals.count += 1;
            totals.sum += i64::from(see(board, black_box(mv)));
        }
    }
    totals
}

/// What one pass over the positions came to: how many answers, and their sum.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Totals {
    count: u64,
    sum: i64,
}

fn see_group<B: EngineQueries>(group: &mut BenchmarkGroup<WallTime>, expected: Totals) {
    let boards = boards::<B>();
    let captures = captures(&boards);
    let native: fn(&B, Move) -> i32 = |board, mv| board.see(mv);
    let generic: fn(&B, Move) -> i32 = |board, mv| queries::see(board, mv);
    for (see, answer) in [(native, "native"), (generic, "generic")] {
        assert_eq!(
            see_total(&boards, &captures, see),
            expected,
            "{} {answer}",
            B::NAME
        );
        let id = bench_id(B::NAME, answer);
        group.bench_function(id, |b| b.iter(|| see_total(&boards, &captures, see)));
    }
}

/// The attacks on `color`'s king zone with every query answered generically.
fn generic_king_zone_attacks<B: EngineQueries>(board: &B, color: Color) -> u32 {
    let king = board.king_square(color);
    let zone = king_attacks(king).with(king);
    zone.map(|sq| queries::attackers_to(board, sq, color.opposite(), Bitboard::EMPTY).count())
        .sum()
}

/// The full evaluation's score with every engine query answered by the generic default.
fn generic_evaluation<B: EngineQueries>(board: &B) -> i32 {
    let mut breakdown = EvalBreakdown {
        tables: evaluate_breakdown(board, EvalTerms::Pst).tables,
        ..EvalBreakdown::default()
    };
    for color in COLORS {
        let c = color as usize;
        breakdown.mobility[c] = queries::mobility(board, color);
        breakdown.attacked[c] = queries::attacked_squares(board, color);
        breakdown.king_zone_attacks[c] = generic_king_zone_attacks(board, color);
        breakdown.pawns[c] = queries::pawn_structure(board, color);
    }
    let white_score = breakdown.tables + breakdown.positional();
    match board.side_to_move() {
        Color::White => white_score,
        Color::Black => -white_score,
    }
}

fn eval_total<B: EngineQueries>(boards: &[B], evaluate: fn(&B) -> i32) -> Totals {
    let mut totals = Totals::default();
    for board in boards {
        totals.count += 1;
        totals.sum += i64::from(evaluate(black_box(board)));
    }
    totals
}

fn eval_group<B: EngineQueries>(group: &mut BenchmarkGroup<WallTime>, expected: Totals) {
    let boards = boards::<B>();
    let native: fn(&B) -> i32 = |board| evaluate_breakdown(board, EvalTerms::Full).score;
    for (evaluate, answer) in [(native, "native"), (generic_evaluation::<B>, "generic")] {
        assert_eq!(
            eval_total(&boards, evaluate),
            expected,
            "{} {answer}",
            B::NAME
        );
        let id = bench_id(B::NAME, answer);
        group.bench_function(id, |b| b.iter(|| eval_total(&boards, evaluate)));
    }
}

/// Both sides' attacked squares and mobility, summed over the positions: `[attacked,
/// mobility]`.
type MapCounts = [u64; 2];

fn map_counts<B: EngineQueries>(
    boards: &[B],
    attacked: fn(&B, Color) -> u32,
    mobility: fn(&B, Color) -> u32,
) -> MapCounts {
    let mut counts = [0; 2];
    for board in boards {
        for color in COLORS {
            counts[0] += u64::from(attacked(black_box(board), color));
            counts[1] += u64::from(mobility(board, color));
        }
    }
    counts
}

/// A count a board gives for one side (attacked squares, mobility).
type SideCount<B> = fn(&B, Color) -> u32;

fn attacks_group<B: EngineQueries>(group: &mut BenchmarkGroup<WallTime>, expected: MapCounts) {
    let boards = boards::<B>();
    let native: (SideCount<B>, SideCount<B>) = (
        |board, color| board.attacked_squares(color),
        |board, color| board.mobility(color),
    );
    let generic: (SideCount<B>, SideCount<B>) =
        (queries::attacked_squares::<B>, queries::mobility::<B>);
    for ((attacked, mobility), answer) in [(native, "native"), (generic, "generic")] {
        assert_eq!(
            map_counts(&boards, attacked, mobility),
            expected,
            "{} {answer}",
            B::NAME
        );
        let id = bench_id(B::NAME, answer);
        group.bench_function(id, |b| b.iter(|| map_counts(&boards, attacked, mobility)));
    }
}

/// The same counts from cozy-chess's attack tables.
fn cozy_map_counts(boards: &[cozy_chess::Board]) -> MapCounts {
    use cozy_chess::{
        get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves,
        BitBoard, Color, Piece,
    };
    let mut counts = [0; 2];
    for board in boards {
        let occupied = board.occupied();
        for color in [Color::White, Color::Black] {
            let own = board.colors(color);
            let mut attacked = BitBoard::EMPTY;
            for sq in own {
                let piece = board.piece_on(sq).expect("an own square holds a piece");
                let attacks = match piece {
                    Piece::Pawn => get_pawn_attacks(sq, color),
                    Piece::Knight => get_knight_moves(sq),
                    Piece::Bishop => get_bishop_moves(sq, occupied),
                    Piece::Rook => get_rook_moves(sq, occupied),
                    Piece::Queen => get_bishop_moves(sq, occupied) | get_rook_moves(sq, occupied),
                    Piece::King => get_king_moves(sq),
                };
                attacked |= attacks;
                if !matches!(piece, Piece::Pawn | Piece::King) {
                    counts[1] += u64::from((attacks & !own).len());
                }
            }
            counts[0] += u64::from(attacked.len());
        }
    }
    counts
}

/// The same counts from shakmaty's attack tables.
fn shakmaty_map_counts(boards: &[shakmaty::Board]) -> MapCounts {
    use shakmaty::{attacks, Bitboard, Color, Role};
    let mut counts = [0; 2];
    for board in boards {
        let occupied = board.occupied();
        for color in [Color::White, Color::Black] {
            let own = board.by_color(color);
            let mut attacked = Bitboard::EMPTY;
            for sq in own {
                let piece = board.piece_at(sq).expect("an own square holds a piece");
                let attacks = attacks::attacks(sq, piece, occupied);
                attacked |= attacks;
                if !matches!(piece.role, Role::Pawn | Role::King) {
                    counts[1] += (attacks & !own).count() as u64;
                }
            }
            counts[0] += attacked.count() as u64;
        }
    }
    counts
}

fn attacks_peers(group: &mut BenchmarkGroup<WallTime>, expected: MapCounts) {
    let cozy: Vec<_> = WALK_POSITIONS.iter().map(|fen| cozy_board(fen)).collect();
    assert_eq!(cozy_map_counts(&cozy), expected, "cozy-chess");
    group.bench_function("cozy-chess", |b| {
        b.iter(|| cozy_map_counts(black_box(&cozy)))
    });
    let shakmaty: Vec<shakmaty::Board> = WALK_POSITIONS
        .iter()
        .map(|fen| {
            use shakmaty::Position;
            shakmaty_position(fen).board().clone()
        })
        .collect();
    assert_eq!(shakmaty_map_counts(&shakmaty), expected, "shakmaty");
    group.bench_function("shakmaty", |b| {
        b.iter(|| shakmaty_map_counts(black_box(&shakmaty)))
    });
}

/// A backend's own answer is named after the backend, the generic one `BACKEND/generic`.
fn bench_id(backend: &str, answer: &str) -> BenchmarkId {
    match answer {
        "native" => BenchmarkId::from_parameter(backend),
        _ => BenchmarkId::new(backend, answer),
    }
}

/// The six standard positions the `search` group searches.
fn search_positions() -> Vec<String> {
    parse_perft_suite(STANDARD_SUITE)
        .expect("the embedded suite parses")
        .into_iter()
        .map(|case| case.fen)
        .collect()
}

/// Searches each board to [`SEARCH_DEPTH`] with the full evaluation, the table cleared first,
/// and returns the nodes visited with the best moves found.
fn search_all<B: EngineQueries>(
    searcher: &mut Searcher,
    boards: &mut [B],
) -> (u64, Vec<Option<Move>>) {
    let stop = AtomicBool::new(false);
    let limits = Limits::depth(SEARCH_DEPTH);
    let mut nodes = 0;
    let mut best = Vec::with_capacity(boards.len());
    for board in boards.iter_mut() {
        searcher.clear();
        let result = searcher.search(board, &[], &limits, &stop, |_| {});
        nodes += result.nodes;
        best.push(result.best_move);
    }
    (nodes, best)
}

fn search_group<B: EngineQueries>(
    group: &mut BenchmarkGroup<WallTime>,
    fens: &[String],
    expected: &(u64, Vec<Option<Move>>),
) {
    let mut boards: Vec<B> = fens
        .iter()
        .map(|fen| B::from_fen(fen).expect("the standard positions are valid"))
        .collect();
    let mut searcher = Searcher::new(SEARCH_HASH_MB);
    searcher.set_eval_terms(EvalTerms::Full);
    assert_eq!(
        &search_all(&mut searcher, &mut boards),
        expected,
        "{}",
        B::NAME
    );
    group.bench_function(B::NAME, |b| {
        b.iter(|| search_all(&mut searcher, &mut boards).0)
    });
}

/// Searches each board with the trials' model search to [`TRIALS_DEPTH`]; the results say
/// what each search visited and found.
fn trials_all<B: EngineQueries>(search: &mut TrialsSearch, boards: &mut [B]) -> Vec<TrialsResult> {
    boards
        .iter_mut()
        .map(|board| search.search(board, TRIALS_DEPTH))
        .collect()
}

fn trials_boards<B: EngineQueries>() -> Vec<B> {
    TRIALS_POSITIONS
        .iter()
        .map(|position| B::from_fen(position.fen).expect("the trials' positions are valid"))
        .collect()
}

fn trials_group<B: EngineQueries>(group: &mut BenchmarkGroup<WallTime>, expected: &[TrialsResult]) {
    let mut boards = trials_boards::<B>();
    let mut search = TrialsSearch::new();
    assert_eq!(
        trials_all(&mut search, &mut boards),
        expected,
        "{}",
        B::NAME
    );
    group.bench_function(B::NAME, |b| {
        b.iter(|| trials_all(&mut search, &mut boards).len())
    });
}

/// Runs `body` once per runnable backend with its board type, checking the registry names the
/// board it says; every group calls it, so a backend added to the registry appears everywhere.
macro_rules! each_backend {
    ($board:ident => $body:expr) => {
        for backend in runnable() {
            with_backend!(backend, $board => {
                assert_eq!($board::NAME, backend.name(), "the registry names its board");
                $body
            });
        }
    };
}

fn engine(c: &mut Criterion) {
    // The expected totals come from the reference board that boardlab-core carries, answering
    // every query generically; each backend must match them.
    let reference = boards::<ReferenceBoard>();
    let expected_see = see_total(&reference, &captures(&reference), |board, mv| {
        queries::see(board, mv)
    });
    assert!(expected_see.count > 0, "the walk positions have captures");
    let mut group = c.benchmark_group("see/walk");
    group.throughput(Throughput::Elements(expected_see.count));
    each_backend!(B => see_group::<B>(&mut group, expected_see));
    group.finish();

    let expected_eval = eval_total(&reference, generic_evaluation);
    let mut group = c.benchmark_group("eval/walk");
    group.throughput(Throughput::Elements(expected_eval.count));
    each_backend!(B => eval_group::<B>(&mut group, expected_eval));
    group.finish();

    let expected_maps = map_counts(&reference, queries::attacked_squares, queries::mobility);
    let mut group = c.benchmark_group("attacks/maps");
    group.throughput(Throughput::Elements(4 * WALK_POSITIONS.len() as u64));
    each_backend!(B => attacks_group::<B>(&mut group, expected_maps));
    attacks_peers(&mut group, expected_maps);
    group.finish();

    let fens = search_positions();
    let mut reference: Vec<ReferenceBoard> = fens
        .iter()
        .map(|fen| ReferenceBoard::from_fen(fen).expect("the standard positions are valid"))
        .collect();
    let mut searcher = Searcher::new(SEARCH_HASH_MB);
    searcher.set_eval_terms(EvalTerms::Full);
    let expected_search = search_all(&mut searcher, &mut reference);
    let mut group = c.benchmark_group(format!("search/standard-d{SEARCH_DEPTH}"));
    group.throughput(Throughput::Elements(expected_search.0));
    each_backend!(B => search_group::<B>(&mut group, &fens, &expected_search));
    group.finish();

    let expected_trials = trials_all(
        &mut TrialsSearch::new(),
        &mut trials_boards::<ReferenceBoard>(),
    );
    let trials_nodes = expected_trials.iter().map(|found| found.counts.nodes).sum();
    let mut group = c.benchmark_group(format!("trials/positions-d{TRIALS_DEPTH}"));
    group.throughput(Throughput::Elements(trials_nodes));
    each_backend!(B => trials_group::<B>(&mut group, &expected_trials));
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(400))
}

criterion_group! {
    name = benches;
    config = config();
    targets = engine
}
criterion_main!(benches);
