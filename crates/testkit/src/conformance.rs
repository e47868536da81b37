//! The conformance checks, with the kit's budgets: one function per test that
//! [`conformance_tests!`](crate::conformance_tests) writes.
//!
//! The budgets are node counts, the same for every backend, so that every backend is held to
//! the same checks and a check covers the same ground on a slow board as on a fast one. Each
//! function asserts how far its checks reached (every position of a suite counted to at least
//! a given depth, every walk to its table's depth), prints what it covered (shown by
//! `cargo test -- --nocapture`), and returns it.

use crate::suite::{check_perft_suite, SuiteCoverage};
use crate::walk::{
    check_walks, WalkCase, WalkCoverage, CHESS960_WALKS, CORNER_WALKS, STANDARD_WALKS,
};
use boardlab_core::epd::{
    parse_perft_suite, BUG_CATCHERS, CHESS960_SUITE, PERFT_SUITE, STANDARD_SUITE, TRICKY_SUITE,
};
use boardlab_core::{Board, BoardExt, PerftMode, Setup};
use boardlab_engine::EngineQueries;

/// The budget of bulk perft: the largest published count compared. Bulk counting costs about
/// a make per thirty leaves, so this reaches depth 4 of every standard and perft-suite
/// position, and the one published count of every bug-catcher.
pub const PERFT_NODES: u64 = 5_000_000;

/// The budget of full-make perft, where every leaf is made and unmade: depth 3 of every
/// standard position, perft-suite position and Chess960 start.
pub const FULL_MAKE_NODES: u64 = 100_000;

/// The budget of bulk perft on the 960 Chess960 starts: depth 3 of every one (the largest is
/// 74,590) and depth 4 of the smaller ones.
pub const CHESS960_NODES: u64 = 100_000;

/// The largest tree a walk may visit. The walks check every node against the slow reference
/// (some fifty to eighty thousand nodes a second on one core for a bitboard board, in a test
/// build), so the tables' depths keep each tree within this; the largest is Kiwipete's to
/// depth 3, 99,950 nodes.
pub const WALK_NODES: u64 = 100_000;

/// The standard positions, the perft suite and the bug-catchers, counted in bulk within
/// [`PERFT_NODES`].
pub fn perft_counts_in_bulk<B: Board>() -> Vec<SuiteCoverage> {
    vec![
        suite::<B>(
            "standard positions",
            STANDARD_SUITE,
            PERFT_NODES,
            PerftMode::Bulk,
            4,
        ),
        suite::<B>("perft suite", PERFT_SUITE, PERFT_NODES, PerftMode::Bulk, 4),
        // Each bug-catcher has a single published count, from depth 4 to depth 7.
        suite::<B>(
            "bug-catchers",
            BUG_CATCHERS,
            PERFT_NODES,
            PerftMode::Bulk,
            4,
        ),
    ]
}

/// The standard positions and the perft suite with every leaf made and unmade, within
/// [`FULL_MAKE_NODES`].
pub fn perft_counts_with_every_leaf_made<B: Board>() -> Vec<SuiteCoverage> {
    vec![
        suite::<B>(
            "standard positions",
            STANDARD_SUITE,
            FULL_MAKE_NODES,
            PerftMode::FullMake,
            3,
        ),
        suite::<B>(
            "perft suite",
            PERFT_SUITE,
            FULL_MAKE_NODES,
            PerftMode::FullMake,
            3,
        ),
    ]
}

/// The walks of [`STANDARD_WALKS`] within [`WALK_NODES`].
pub fn walks_of_the_standard_positions<B: Board>() -> Vec<WalkCoverage> {
    walks::<B>(&STANDARD_WALKS)
}

/// The walks of [`CORNER_WALKS`] within [`WALK_NODES`].
pub fn walks_of_the_rules_corners<B: Board>() -> Vec<WalkCoverage> {
    walks::<B>(&CORNER_WALKS)
}

/// The Chess960 counts: python-chess's tricky positions (X-FEN castling and en-passant corner
/// cases) in bulk within [`PERFT_NODES`]; the 960 start positions with Shredder-FEN castling
/// as published, in bulk within [`CHESS960_NODES`]; and the starts again, written back in
/// X-FEN, which must read as the same positions, with every leaf made within
/// [`FULL_MAKE_NODES`].
pub fn chess960_counts<B: Board>() -> Vec<SuiteCoverage> {
    let cases = parse_perft_suite(CHESS960_SUITE).expect("the Chess960 suite parses");
    let mut xfen_suite = String::new();
    for case in &cases {
        let xfen = case.setup.to_fen();
        let reread = Setup::from_fen(&xfen).expect("X-FEN output reads back");
        assert_eq!(reread, case.setup, "X-FEN {xfen} of {}", case.fen);
        xfen_suite.push_str(&xfen);
        for (depth, nodes) in &case.expected {
            xfen_suite.push_str(&format!(" ;D{depth} {nodes}"));
        }
        xfen_suite.push('\n');
    }
    vec![
        // Four of the tricky positions are published to depth 3 only.
        suite::<B>(
            "tricky positions",
            TRICKY_SUITE,
            PERFT_NODES,
            PerftMode::Bulk,
            3,
        ),
        suite::<B>(
            "Chess960 starts (Shredder-FEN)",
            CHESS960_SUITE,
            CHESS960_NODES,
            PerftMode::Bulk,
            3,
        ),
        suite::<B>(
            "Chess960 starts (X-FEN)",
            &xfen_suite,
            FULL_MAKE_NODES,
            PerftMode::FullMake,
            3,
        ),
    ]
}

/// The walks of [`CHESS960_WALKS`] within [`WALK_NODES`].
pub fn chess960_walks<B: Board>() -> Vec<WalkCoverage> {
    walks::<B>(&CHESS960_WALKS)
}

/// One suite check, with a floor on how deep it reached: every position of the suite must be
/// counted to `depth` or deeper, so that a smaller budget cannot make the check shallower
/// without failing here.
fn suite<B: Board>(
    name: &str,
    suite: &str,
    max_nodes: u64,
    mode: PerftMode,
    depth: u32,
) -> SuiteCoverage {
    let coverage = check_perft_suite::<B>(suite, max_nodes, mode);
    println!("{}: {name}: {coverage}", B::NAME);
    assert!(
        coverage.shallowest >= depth,
        "{}: {name}: {coverage}; every position should be counted to depth {depth} or deeper",
        B::NAME
    );
    coverage
}

/// The walks of a table, each printed.
fn walks<B: Board>(table: &[WalkCase]) -> Vec<WalkCoverage> {
    let walks = check_walks::<B>(table, WALK_NODES);
    for walk in &walks {
        println!("{}: {walk}", B::NAME);
    }
    walks
}

/// How many random positions [`engine_queries`] asks every query of, beside the standard
/// positions and the bug-catchers.
pub const QUERY_POSITIONS: usize = 300;

/// What [`engine_queries`] compared.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct QueryCoverage {
    /// Positions asked.
    pub positions: usize,
    /// `attackers_to` answers compared (square, side and lifted set).
    pub attacker_sets: usize,
    /// Moves whose SEE was compared.
    pub exchanges: usize,
    /// Of those, exchanges of more than two captures (where the x-rays and the stopping
    /// rule show).
    pub long_exchanges: usize,
}

/// The board's own answers to the engine queries ([`boardlab_engine::queries`]) are the generic
/// ones: attacks from every square, attackers to every square for both sides with nothing, one
/// piece and a random set lifted, mobility, attacked squares, pawn structure, and the SEE of
/// every legal move, on the standard positions, the bug-catchers and [`QUERY_POSITIONS`]
/// random ones (a fixed seed).
pub fn engine_queries<B: EngineQueries>() -> QueryCoverage {
    use boardlab_core::{Bitboard, Color, Square};
    use boardlab_engine::queries;
    use rand::{Rng, SeedableRng};

    let mut setups: Vec<Setup> = [STANDARD_SUITE, BUG_CATCHERS]
        .iter()
        .flat_map(|suite| parse_perft_suite(suite).expect("the embedded suites parse"))
        .map(|case| case.setup)
        .collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x5ee);
    for _ in 0..QUERY_POSITIONS {
        setups.push(crate::positions::random_position::<B>(
            &mut rng,
            crate::walk::WALK_POSITIONS,
        ));
    }
    let mut coverage = QueryCoverage::default();
    for setup in &setups {
        let board = B::from_setup(setup);
        let fen = setup.to_fen();
        for sq in Square::ALL {
            assert_eq!(
                board.attacks_from(sq),
                queries::attacks_from(&board, sq),
                "{}: attacks from {sq} in {fen}",
                B::NAME
            );
        }
        let occupied = queries::occupancy(&board);
        let random_lift = Bitboard(rng.gen::<u64>() & occupied.0);
        for sq in Square::ALL {
            let one_piece = occupied
                .first()
                .map_or(Bitboard::EMPTY, Bitboard::from_square);
            for lifted in [Bitboard::EMPTY, one_piece, random_lift] {
                for by in [Color::White, Color::Black] {
                    assert_eq!(
                        board.attackers_to(sq, by, lifted),
                        queries::attackers_to(&board, sq, by, lifted),
                        "{}: {by:?}'s attackers to {sq} with {lifted:?} lifted in {fen}",
                        B::NAME
                    );
                    coverage.attacker_sets += 1;
                }
            }
        }
        for color in [Color::White, Color::Black] {
            let name = B::NAME;
            assert_eq!(
                board.mobility(color),
                queries::mobility(&board, color),
                "{name}: {color:?}'s mobility in {fen}"
            );
            assert_eq!(
                board.attacked_squares(color),
                queries::attacked_squares(&board, color),
                "{name}: squares {color:?} attacks in {fen}"
            );
            assert_eq!(
                board.pawn_structure(color),
                queries::pawn_structure(&board, color),
                "{name}: {color:?}'s pawns in {fen}"
            );
        }
        for &mv in board.legal_moves().iter() {
            assert_eq!(
                board.see(mv),
                queries::see(&board, mv),
                "{}: SEE of {mv} in {fen}",
                B::NAME
            );
            coverage.exchanges += 1;
            if queries::exchange(&board, mv).len() > 2 {
                coverage.long_exchanges += 1;
            }
        }
        coverage.positions += 1;
    }
    // So that the loops above cannot pass by asking nothing.
    assert_eq!(coverage.positions, setups.len());
    assert!(coverage.positions > QUERY_POSITIONS, "{coverage:?}");
    assert!(coverage.exchanges > 10 * QUERY_POSITIONS, "{coverage:?}");
    assert!(coverage.long_exchanges > 100, "{coverage:?}");
    println!("{}: engine queries {coverage:?}", B::NAME);
    coverage
}
