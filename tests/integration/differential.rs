//! Every backend, and the plain reference board, must agree on every position they are given:
//! the positions of random legal games, and random placements that pass validation (the
//! generator of `boardlab_testkit::positions`, which aims at checks, pins, en passant, castling
//! and promotions). Every position drawn is valid by construction, so each test counts what it
//! tested and asserts the count, and counts each kind of position it claims to cover.
//!
//! Agreement is counted per independent move generator (the registry's `Generator`s): the
//! eighteen backends are eight generators (piece lists, the mailbox, 0x88, the arrays generator
//! that the 8x8, 12x12 and 16x16 boards share, four bits a square, the attack maps, the bitboard
//! generator that nine slider techniques share, and the quad-bitboard), checked against each
//! other and the reference board.
//!
//! The draws are seeded, so a failure repeats; `BOARDLAB_SEED=N` draws another set.

use boardlab_backends::{with_backend, Agreement, Backend};
use boardlab_core::{perft, Board, BoardExt, Move, PerftMode, Setup, Zobrist};
use boardlab_reference::ReferenceBoard;
use boardlab_testkit::positions::random_placement;
use boardlab_testkit::{Feature, FeatureCount, PLACEMENT_FLOORS, WALK_POSITIONS};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::support;
use support::backends_in_turn;

/// Random games, half from the conformance positions and half from random placements.
const GAMES: usize = 600;
/// The longest game.
const PLIES: usize = 60;
/// Random placements, each also compared by perft 2.
const PLACEMENTS: usize = 5_000;

/// The seed of the draws: `BOARDLAB_SEED`, or a fixed one.
fn seed() -> u64 {
    std::env::var("BOARDLAB_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(20_240_521)
}

/// What every representation must report identically about a position.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Observation {
    moves: Vec<Move>,
    zobrist: Zobrist,
    search_zobrist: Zobrist,
    // The setup keeps the en-passant square whenever a pawn could capture there; the FEN
    // writes it only when the capture is legal.
    setup: Setup,
    fen: String,
    in_check: bool,
}

/// A board of any backend, behind a small object-safe face (fine here: nothing is timed).
trait Player {
    fn name(&self) -> &'static str;
    fn observe(&self) -> Observation;
    fn play(&mut self, mv: Move);
    fn perft(&mut self, depth: u32) -> u64;
}

struct Typed<B: Board>(B);

impl<B: Board> Player for Typed<B> {
    fn name(&self) -> &'static str {
        B::NAME
    }

    fn observe(&self) -> Observation {
        let mut moves = self.0.legal_moves().to_vec();
        moves.sort();
        Observation {
            moves,
            zobrist: self.0.zobrist(),
            search_zobrist: self.0.search_zobrist(),
            setup: self.0.to_setup(),
            fen: self.0.to_fen(),
            in_check: self.0.in_check(),
        }
    }

    fn play(&mut self, mv: Move) {
        self.0.make(mv);
    }

    fn perft(&mut self, depth: u32) -> u64 {
        perft(&mut self.0, depth, PerftMode::Bulk)
    }
}

/// One board per backend of `backends`, and the reference last.
fn players(setup: &Setup, backends: &[Backend]) -> Vec<Box<dyn Player>> {
    let mut players: Vec<Box<dyn Player>> = backends
        .iter()
        .map(|&backend| {
            with_backend!(backend, B => Box::new(Typed(B::from_setup(setup))) as Box<dyn Player>)
        })
        .collect();
    players.push(Box::new(Typed(ReferenceBoard::from_setup(setup))));
    players
}

/// Checks that all players observe the same, counts the agreement of each backend (the
/// reference board is the yardstick, not counted), and returns that observation; `context`
/// says where, for the failure message.
fn agree(
    players: &[Box<dyn Player>],
    agreement: &mut Agreement,
    context: &dyn Fn() -> String,
) -> Observation {
    let first = players[0].observe();
    for player in &players[1..] {
        let other = player.observe();
        assert_eq!(
            other,
            first,
            "{} and {} disagree {}",
            player.name(),
            players[0].name(),
            context()
        );
    }
    for player in players {
        if player.name() != ReferenceBoard::NAME {
            agreement.agreed(player.name());
        }
    }
    first
}

#[test]
fn random_games_agree_at_every_ply() {
    let seed = seed();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut positions = 0;
    let mut features = FeatureCount::default();
    let mut agreement = Agreement::default();
    for game in 0..GAMES {
        let start = if game % 2 == 0 {
            Setup::from_fen(WALK_POSITIONS[rng.gen_range(0..WALK_POSITIONS.len())]).unwrap()
        } else {
            random_placement(&mut rng)
        };
        let backends = backends_in_turn(game);
        let mut players = players(&start, &backends);
        let mut path: Vec<Move> = Vec::new();
        let plies = rng.gen_range(1..=PLIES);
        for ply in 0..=plies {
            let context = || {
                let path: Vec<String> = path.iter().map(Move::to_string).collect();
                format!(
                    "in game {game} (seed {seed}) from {} after {}",
                    start.to_fen(),
                    path.join(" ")
                )
            };
            let observed = agree(&players, &mut agreement, &context);
            positions += 1;
            features.add(&observed.setup);
            if observed.moves.is_empty() || ply == plies {
                break;
            }
            let mv = observed.moves[rng.gen_range(0..observed.moves.len())];
            for player in &mut players {
                player.play(mv);
            }
            path.push(mv);
        }
    }
    println!("{positions} positions in {GAMES} games: {agreement}, and the reference board");
    println!("{features}");
    // Games end early only at mate or stalemate, so far fewer than half the plies would mean
    // the games are not being played.
    assert!(positions >= GAMES * PLIES / 4, "only {positions} positions");
    // Games reach double checks and en passant more rarely than placements do; each floor is
    // about half the share this seed draws.
    features.assert_floors([
        (Feature::Check, 38),
        (Feature::DoubleCheck, 1),
        (Feature::Pin, 37),
        (Feature::EnPassant, 4),
        (Feature::LegalEnPassant, 2),
        (Feature::RefusedEnPassant, 1),
        (Feature::CastlingRight, 70),
        (Feature::Castling, 25),
        (Feature::Promotion, 30),
    ]);
    // Each generator's first backend and magic see every position; the nine others (12x12,
    // 16x16 and seven techniques) take turns two a game, so each sees about two in nine.
    agreement.assert_every_backend(positions / 6);
    assert_eq!(agreement.passed(Backend::Magic.name()), positions);
}

#[test]
fn valid_random_placements_agree() {
    let seed = seed() ^ 1;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut features = FeatureCount::default();
    let mut agreement = Agreement::default();
    for index in 0..PLACEMENTS {
        let setup = random_placement(&mut rng);
        let context = || format!("on placement {index} (seed {seed}): {}", setup.to_fen());
        let backends = backends_in_turn(index);
        let mut players = players(&setup, &backends);
        agree(&players, &mut agreement, &context);
        let counts: Vec<u64> = players.iter_mut().map(|p| p.perft(2)).collect();
        assert!(
            counts.windows(2).all(|w| w[0] == w[1]),
            "perft 2 {}: {counts:?}",
            context()
        );
        features.add(&setup);
    }
    println!(
        "{PLACEMENTS} placements: {agreement}, and the reference board, in their moves and perft 2"
    );
    println!("{features}");
    assert_eq!(features.positions(), PLACEMENTS);
    features.assert_floors(PLACEMENT_FLOORS);
    // Two of the nine turn-taking backends a placement: each in about 1,110 of 5,000.
    agreement.assert_every_backend(PLACEMENTS / 6);
    assert_eq!(agreement.passed(Backend::Magic.name()), PLACEMENTS);
}
