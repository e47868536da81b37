//! Every backend, and the plain reference board, must agree move by move: random legal games
//! from the conformance positions, and random FENs that happen to be valid.

use boardlab_core::testkit::WALK_POSITIONS;
use boardlab_core::{perft, Board, Move, PerftMode, Setup, Zobrist};
use boardlab_harness::{with_backend, Backend, ReferenceBoard};
use proptest::prelude::*;

/// What every representation must report identically about a position.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Observation {
    moves: Vec<Move>,
    zobrist: Zobrist,
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

/// One board per backend, and the reference last.
fn players(setup: &Setup) -> Vec<Box<dyn Player>> {
    let mut players: Vec<Box<dyn Player>> = Backend::ALL
        .iter()
        .map(|&backend| {
            with_backend!(backend, B => Box::new(Typed(B::from_setup(setup))) as Box<dyn Player>)
        })
        .collect();
    players.push(Box::new(Typed(ReferenceBoard::from_setup(setup))));
    players
}

/// Checks that all players observe the same; returns that observation.
fn agree(players: &[Box<dyn Player>], path: &[Move]) -> Result<Observation, TestCaseError> {
    let first = players[0].observe();
    for player in &players[1..] {
        let other = player.observe();
        prop_assert_eq!(
            &other,
            &first,
            "{} and {} disagree after {:?}",
            player.name(),
            players[0].name(),
            path
        );
    }
    Ok(first)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_games_agree_at_every_ply(
        start in 0..WALK_POSITIONS.len(),
        choices in proptest::collection::vec(any::<u16>(), 1..80),
    ) {
        let setup = Setup::from_fen(WALK_POSITIONS[start]).unwrap();
        let mut players = players(&setup);
        let mut path = Vec::new();
        for choice in choices {
            let observed = agree(&players, &path)?;
            if observed.moves.is_empty() {
                break;
            }
            let mv = observed.moves[choice as usize % observed.moves.len()];
            for player in &mut players {
                player.play(mv);
            }
            path.push(mv);
        }
        agree(&players, &path)?;
    }

    #[test]
    fn valid_random_placements_agree(fen in random_placement()) {
        if let Ok(setup) = Setup::from_fen(&fen) {
            let mut players = players(&setup);
            agree(&players, &[])?;
            let counts: Vec<u64> = players.iter_mut().map(|p| p.perft(2)).collect();
            prop_assert!(counts.windows(2).all(|w| w[0] == w[1]), "{} perft 2: {:?}", fen, counts);
        }
    }
}

/// FENs with kings, a few random pieces and random rights and en-passant squares: mostly
/// valid, sometimes rejected by validation (which must then be an error, not a panic).
fn random_placement() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec!['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q']);
    (
        proptest::collection::vec((0usize..64, piece), 0..12),
        0usize..64,
        0usize..64,
        any::<bool>(),
        prop::sample::select(vec!["KQkq", "K", "q", "Kk", "-"]),
        prop::sample::select(vec!["-", "e3", "d6", "a6", "h3"]),
    )
        .prop_map(|(pieces, white_king, black_king, white, castling, ep)| {
            let mut board = [None; 64];
            for (sq, c) in pieces {
                // Pawns on the first or last rank are refused; move them one rank in.
                let sq = match (c.to_ascii_lowercase(), sq / 8) {
                    ('p', 0) => sq + 8,
                    ('p', 7) => sq - 8,
                    _ => sq,
                };
                board[sq] = Some(c);
            }
            board[white_king] = Some('K');
            board[black_king] = Some('k');
            let mut placement = String::new();
            for rank in (0..8).rev() {
                let mut empty = 0;
                for file in 0..8 {
                    match board[rank * 8 + file] {
                        Some(c) => {
                            if empty > 0 {
                                placement.push_str(&empty.to_string());
                                empty = 0;
                            }
                            placement.push(c);
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    placement.push_str(&empty.to_string());
                }
                if rank > 0 {
                    placement.push('/');
                }
            }
            let side = if white { "w" } else { "b" };
            format!("{placement} {side} {castling} {ep} 0 1")
        })
}
