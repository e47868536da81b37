//! Every backend, and the plain reference board, must agree on every position they are given:
//! the positions of random legal games, and random placements that pass validation (the
//! generator of `boardlab_core::testkit::positions`, which aims at checks, pins, en passant and
//! castling). Every position drawn is valid by construction, so each test counts what it tested
//! and asserts the count.
//!
//! The draws are seeded, so a failure repeats; `BOARDLAB_SEED=N` draws another set.

use boardlab_core::testkit::positions::{random_placement, Features};
use boardlab_core::testkit::WALK_POSITIONS;
use boardlab_core::{perft, Board, Move, PerftMode, Setup, Zobrist};
use boardlab_harness::{with_backend, Backend, ReferenceBoard};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

mod support;
use support::{backends_in_turn, BackendTurns};

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

/// Checks that all players observe the same, and returns that observation; `context` says
/// where, for the failure message.
fn agree(players: &[Box<dyn Player>], context: &dyn Fn() -> String) -> Observation {
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
    first
}

#[test]
fn random_games_agree_at_every_ply() {
    let seed = seed();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut positions = 0;
    let mut features = FeatureCount::default();
    let mut turns = BackendTurns::default();
    for game in 0..GAMES {
        let start = if game % 2 == 0 {
            Setup::from_fen(WALK_POSITIONS[rng.gen_range(0..WALK_POSITIONS.len())]).unwrap()
        } else {
            random_placement(&mut rng)
        };
        let backends = backends_in_turn(game);
        turns.add(&backends);
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
            let observed = agree(&players, &context);
            positions += 1;
            features.add(&Setup::from_fen(&observed.fen).unwrap());
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
    println!("{positions} positions in {GAMES} games agree; {features:?}");
    // Games end early only at mate or stalemate, so far fewer than half the plies would mean
    // the games are not being played.
    assert!(positions >= GAMES * PLIES / 4, "only {positions} positions");
    // Games reach double checks and en passant more rarely than placements do.
    features.assert_each_at_least(positions / 1_000);
    // Seven techniques taking turns two a game: each plays about two games in seven.
    turns.assert_each_at_least(GAMES / 4);
}

#[test]
fn valid_random_placements_agree() {
    let seed = seed() ^ 1;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut tested = 0;
    let mut features = FeatureCount::default();
    let mut turns = BackendTurns::default();
    for index in 0..PLACEMENTS {
        let setup = random_placement(&mut rng);
        let context = || format!("on placement {index} (seed {seed}): {}", setup.to_fen());
        let backends = backends_in_turn(index);
        turns.add(&backends);
        let mut players = players(&setup, &backends);
        agree(&players, &context);
        let counts: Vec<u64> = players.iter_mut().map(|p| p.perft(2)).collect();
        assert!(
            counts.windows(2).all(|w| w[0] == w[1]),
            "perft 2 {}: {counts:?}",
            context()
        );
        features.add(&setup);
        tested += 1;
    }
    println!("{tested} placements agree; {features:?}");
    assert_eq!(tested, PLACEMENTS);
    features.assert_each_at_least(PLACEMENTS / 100);
    turns.assert_each_at_least(PLACEMENTS / 4);
}

/// How many of the tested positions hold each of the corners the generator aims at.
#[derive(Debug, Default)]
struct FeatureCount {
    check: usize,
    double_check: usize,
    pin: usize,
    en_passant: usize,
    legal_en_passant: usize,
    castling: usize,
}

impl FeatureCount {
    fn add(&mut self, setup: &Setup) {
        let f = Features::of(setup);
        self.check += usize::from(f.check);
        self.double_check += usize::from(f.double_check);
        self.pin += usize::from(f.pin);
        self.en_passant += usize::from(f.en_passant);
        self.legal_en_passant += usize::from(f.legal_en_passant);
        self.castling += usize::from(f.castling);
    }

    fn assert_each_at_least(&self, floor: usize) {
        for (name, count) in [
            ("check", self.check),
            ("double check", self.double_check),
            ("pin", self.pin),
            ("en passant", self.en_passant),
            ("legal en passant", self.legal_en_passant),
            ("castling", self.castling),
        ] {
            assert!(count >= floor.max(1), "{name}: {count} positions");
        }
    }
}
