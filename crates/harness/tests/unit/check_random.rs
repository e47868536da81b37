use boardlab_core::BoardExt;
use boardlab_harness::check::*;
use boardlab_harness::internals::*;
use boardlab_harness::Position;
use boardlab_reference::ReferenceBoard;

#[test]
fn scharnagl_numbering_gives_the_known_start_positions() {
    assert_eq!(
        chess960_start(518),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    assert_eq!(
        chess960_start(0),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
    );
    for n in [0, 1, 100, 518, 959] {
        let position = Position::from_fen(&chess960_start(n), true).unwrap();
        assert_eq!(
            position.board::<ReferenceBoard>().legal_moves().len(),
            20,
            "{n}"
        );
    }
}

#[test]
fn the_same_seed_draws_the_same_games() {
    let games = RandomGames {
        count: 5,
        seed: 7,
        chess960: false,
    };
    let (first, kinds) = random_games(games, None).unwrap();
    let (again, _) = random_games(games, None).unwrap();
    let texts = |positions: &[CheckPosition]| -> Vec<Vec<String>> {
        positions
            .iter()
            .map(|p| p.position.move_texts().to_vec())
            .collect()
    };
    assert_eq!(texts(&first), texts(&again));
    assert_eq!(kinds.positions, 5);
    assert!(first.iter().all(|p| p.position.moves().len() >= 3));
}
