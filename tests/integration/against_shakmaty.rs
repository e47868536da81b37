//! Every backend's legal moves, and the reference board's, against shakmaty's (an outside,
//! well-tested move generator), on random valid positions: random placements aimed at checks,
//! pins, en passant, castling and promotions, and positions of random games
//! (`boardlab_testkit::positions`). Agreement is counted per independent move generator (the
//! registry's `Generator`s). The draws are seeded; `BOARDLAB_SEED=N` draws another set.

use boardlab_backends::{with_backend, Agreement, Backend};
use boardlab_core::{Board, BoardExt, Setup};
use boardlab_reference::ReferenceBoard;
use boardlab_testkit::positions::random_position;
use boardlab_testkit::{Feature, FeatureCount, WALK_POSITIONS};
use rand::rngs::StdRng;
use rand::SeedableRng;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position, PositionError};

/// How many positions are compared.
const POSITIONS: usize = 4_000;

/// shakmaty's legal moves in UCI notation, sorted.
fn shakmaty_moves(fen: &str) -> Vec<String> {
    let parsed: Fen = fen
        .parse()
        .unwrap_or_else(|err| panic!("shakmaty cannot read {fen}: {err}"));
    // shakmaty refuses two kinds of position that python-chess (the rule boardlab's validation
    // follows) accepts: more promoted pieces than missing pawns allow, and two checking pieces
    // neither of which slides. Its move generation handles both, so they are compared too.
    let position: Chess = parsed
        .into_position(CastlingMode::Standard)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .unwrap_or_else(|err| panic!("shakmaty refuses {fen}: {err}"));
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|mv| mv.to_uci(CastlingMode::Standard).to_string())
        .collect();
    moves.sort();
    moves
}

/// A backend's legal moves in UCI notation, sorted.
fn our_moves<B: Board>(setup: &Setup) -> Vec<String> {
    let mut moves: Vec<String> = B::from_setup(setup)
        .legal_moves()
        .iter()
        .map(|mv| mv.to_string())
        .collect();
    moves.sort();
    moves
}

#[test]
fn every_backend_generates_shakmatys_legal_moves() {
    let seed = std::env::var("BOARDLAB_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(20_240_522u64);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut moves_compared = 0;
    let mut features = FeatureCount::default();
    let mut agreement = Agreement::default();
    for index in 0..POSITIONS {
        let setup = random_position::<ReferenceBoard>(&mut rng, WALK_POSITIONS);
        // The FEN with the en-passant square whenever one is set, legal capture or not, so that
        // shakmaty sees the same position the backends do.
        let mut fen = setup.to_fen();
        if let Some(ep) = setup.ep_square {
            let fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
            fen = [&fields[..3], &[ep.to_string()], &fields[4..]]
                .concat()
                .join(" ");
        }
        let expected = shakmaty_moves(&fen);
        assert_eq!(
            our_moves::<ReferenceBoard>(&setup),
            expected,
            "the reference board and shakmaty disagree on position {index} (seed {seed}): {fen}"
        );
        for &backend in Backend::ALL {
            let ours = with_backend!(backend, B => our_moves::<B>(&setup));
            assert_eq!(
                ours, expected,
                "{backend} and shakmaty disagree on position {index} (seed {seed}): {fen}"
            );
            agreement.agreed(backend.name());
        }
        features.add(&setup);
        moves_compared += expected.len();
    }
    println!(
        "{POSITIONS} positions, {moves_compared} legal moves: {agreement}, and the reference \
         board, with shakmaty"
    );
    println!("{features}");
    assert_eq!(features.positions(), POSITIONS);
    // Every backend on every position: four independent generators and the reference board.
    agreement.assert_every_backend(POSITIONS);
    // Mates and stalemates have no moves, but most positions have many.
    assert!(moves_compared > POSITIONS * 10, "{moves_compared} moves");
    // Half the positions are placements aimed at the corners, half come from games; each floor
    // is about half the share this seed draws.
    features.assert_floors([
        (Feature::Check, 100),
        (Feature::DoubleCheck, 23),
        (Feature::Pin, 78),
        (Feature::EnPassant, 45),
        (Feature::LegalEnPassant, 40),
        (Feature::RefusedEnPassant, 5),
        (Feature::CastlingRight, 180),
        (Feature::Castling, 55),
        (Feature::Promotion, 33),
    ]);
}
