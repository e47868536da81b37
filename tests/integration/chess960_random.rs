//! Random Chess960 games against shakmaty's Chess960 mode: from a random one of the 960 start
//! positions, random legal moves; at every position every backend lists shakmaty's legal moves
//! (castling written as the king taking its own rook), and the move played leads every backend
//! to the position shakmaty reaches. Agreement is counted per independent move generator (the
//! registry's `Generator`s), and the kinds of position met (castling rights, legal castling, en
//! passant, check) are counted and held to floors.
//!
//! Each run draws new games and prints its seed; `BOARDLAB_SEED=N cargo test --test
//! chess960_random` plays the games of seed N again.

use boardlab_backends::{with_backend, Agreement, Backend};
use boardlab_core::epd::{parse_perft_suite, CHESS960_SUITE};
use boardlab_core::{Board, BoardExt, Piece, Role, Setup};
use boardlab_reference::ReferenceBoard;
use boardlab_testkit::{Feature, FeatureCount};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

/// How many positions are compared, at least.
const POSITIONS: usize = 2_000;

/// The longest game played from one start position.
const PLIES: usize = 40;

/// The seed: `BOARDLAB_SEED` when it is set, a fresh one otherwise.
fn seed() -> u64 {
    std::env::var("BOARDLAB_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| {
            use std::hash::BuildHasher;
            std::collections::hash_map::RandomState::new().hash_one(0u8)
        })
}

/// shakmaty's legal moves in Chess960 UCI notation, sorted.
fn shakmaty_moves(position: &Chess) -> Vec<String> {
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|mv| mv.to_uci(CastlingMode::Chess960).to_string())
        .collect();
    moves.sort();
    moves
}

/// A backend's legal moves in Chess960 UCI notation, sorted.
fn our_moves<B: Board>(board: &B) -> Vec<String> {
    let mut moves: Vec<String> = board
        .legal_moves()
        .iter()
        .map(|&mv| board.move_text(mv, true))
        .collect();
    moves.sort();
    moves
}

/// The position shakmaty holds, as boardlab reads it back from shakmaty's FEN.
fn shakmaty_setup(position: &Chess) -> Setup {
    let fen = Fen::from_position(position, EnPassantMode::Legal).to_string();
    Setup::from_fen(&fen).unwrap_or_else(|err| panic!("shakmaty wrote {fen}: {err}"))
}

/// The legal double pushes of `setup` that land beside a pawn of the other side, which may then
/// take en passant, in Chess960 UCI notation.
fn double_pushes_beside_a_pawn(setup: &Setup) -> Vec<String> {
    let board = ReferenceBoard::from_setup(setup);
    let taker = Piece::new(!setup.turn, Role::Pawn);
    board
        .legal_moves()
        .iter()
        .filter(|mv| mv.is_double_push())
        .filter(|mv| {
            [-1, 1]
                .into_iter()
                .filter_map(|side| mv.to().offset(side, 0))
                .any(|beside| setup.piece_at(beside) == Some(taker))
        })
        .map(|&mv| board.move_text(mv, true))
        .collect()
}

/// The position as canonical FEN writes it: an en-passant square only when a capture onto it
/// is legal (shakmaty's rule for the FEN read back above).
fn canonical(setup: &Setup) -> String {
    setup.to_fen()
}

#[test]
fn random_chess960_games_agree_with_shakmaty_on_every_backend() {
    let seed = seed();
    println!("seed {seed}: replay with BOARDLAB_SEED={seed}");
    let starts = parse_perft_suite(CHESS960_SUITE).expect("the Chess960 suite reads");
    assert_eq!(starts.len(), 960);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut features = FeatureCount::default();
    let mut agreement = Agreement::default();
    let (mut games, mut moves_compared) = (0, 0);
    while features.positions() < POSITIONS {
        games += 1;
        let start = &starts[rng.gen_range(0..starts.len())];
        let mut ours = start.setup.clone();
        let fen: Fen = start
            .fen
            .parse()
            .unwrap_or_else(|err| panic!("shakmaty cannot read {}: {err}", start.fen));
        let mut theirs: Chess = fen
            .into_position(CastlingMode::Chess960)
            .unwrap_or_else(|err| panic!("shakmaty refuses {}: {err}", start.fen));
        let mut played: Vec<String> = Vec::new();
        for _ in 0..=PLIES {
            let place = || format!("{} after {} (seed {seed})", start.fen, played.join(" "));
            assert_eq!(
                canonical(&shakmaty_setup(&theirs)),
                canonical(&ours),
                "shakmaty and the reference play reach different positions: {}",
                place()
            );
            let expected = shakmaty_moves(&theirs);
            assert_eq!(
                our_moves(&ReferenceBoard::from_setup(&ours)),
                expected,
                "the reference board and shakmaty disagree: {}",
                place()
            );
            for &backend in Backend::ALL {
                if backend.available().is_err() {
                    continue;
                }
                let (answered, listed) =
                    with_backend!(backend, B => (B::NAME, our_moves(&B::from_setup(&ours))));
                // The board that answered is the one asked for, and it is the one credited.
                assert_eq!(answered, backend.name());
                assert_eq!(
                    listed,
                    expected,
                    "{answered} and shakmaty disagree: {}",
                    place()
                );
                agreement.agreed(answered);
            }
            features.add(&ours);
            moves_compared += expected.len();
            // A uniform choice sets an en-passant square in fewer than one position in a hundred;
            // half the time a double push that lands beside an enemy pawn, when there is one,
            // is played instead.
            let pushes = double_pushes_beside_a_pawn(&ours);
            let choice = if !pushes.is_empty() && rng.gen_bool(0.5) {
                pushes.choose(&mut rng)
            } else {
                expected.choose(&mut rng)
            };
            let Some(text) = choice.cloned() else {
                break;
            };
            // The move played, made by every backend from the position before it, reaches the
            // position shakmaty's move does.
            let shakmaty_move = text
                .parse::<shakmaty::uci::UciMove>()
                .ok()
                .and_then(|uci| uci.to_move(&theirs).ok())
                .unwrap_or_else(|| panic!("shakmaty cannot play its own move {text}: {}", place()));
            theirs.play_unchecked(shakmaty_move);
            let reference = ReferenceBoard::from_setup(&ours);
            let mv = reference
                .parse_move(&text, true)
                .unwrap_or_else(|err| panic!("{text}: {err}: {}", place()));
            let before = ours.clone();
            ours.play(mv);
            for &backend in Backend::ALL {
                if backend.available().is_err() {
                    continue;
                }
                with_backend!(backend, B => {
                    let mut board = B::from_setup(&before);
                    board.make(mv);
                    assert_eq!(board.to_setup(), ours, "{backend} after {text}: {}", place());
                });
            }
            played.push(text);
        }
    }
    println!(
        "{games} Chess960 games, {} positions, {moves_compared} legal moves: {agreement}, and \
         the reference board, with shakmaty",
        features.positions()
    );
    println!("{features}");
    agreement.assert_every_backend(features.positions());
    // The kinds this test is for, each held to about half its share over many seeds (in
    // thousandths: castling rights 600, legal castling 130, en-passant square 35, check 28).
    for (feature, per_mille) in [
        (Feature::CastlingRight, 300),
        (Feature::Castling, 60),
        (Feature::EnPassant, 15),
        (Feature::Check, 12),
    ] {
        let floor = features.positions() * per_mille / 1_000;
        assert!(
            features.count(feature) >= floor.max(1),
            "{} in {} positions, fewer than {floor}: {features}",
            feature.name(),
            features.count(feature)
        );
    }
}
