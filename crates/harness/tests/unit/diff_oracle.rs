use boardlab_core::Setup;
use boardlab_harness::diff::named::backend_oracle;
use boardlab_harness::diff::oracle::*;
use boardlab_harness::Backend;
use boardlab_harness::Position;
use itertools::Itertools;

#[test]
fn every_backend_is_an_oracle_for_a_chess960_root() {
    // The refusal of a board without Chess960 castling is tested on an outside board, in
    // tests/integration/planted_bug.rs: no backend lacks it.
    let chess960 = Position::from_fen(
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
        false,
    )
    .unwrap();
    for &backend in Backend::ALL {
        let mut oracle = backend_oracle(backend, None).unwrap();
        assert_eq!(oracle.name(), backend.name());
        let divide = oracle.divide(&chess960, &[], 2).unwrap();
        assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 528, "{backend}");
    }
}

#[test]
fn buggy_moves_are_possible_and_garbage_is_not() {
    let impossible_move = |setup: &Setup, text: &str| impossible_move(setup, text.parse().unwrap());
    let setup = Setup::from_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
    for possible in [
        "e5d6", "e1g1", "e1c1", "b7a8q", "b7b8n", "a1a8", "h1h8", "e5f6",
    ] {
        assert_eq!(impossible_move(&setup, possible), None, "{possible}");
    }
    for (garbage, why) in [
        ("e2e4", "empty"),
        ("e8g8", "black's piece"),
        ("a1b3", "never moves"),
        ("e5e7", "never moves"),
        ("e1f3", "never moves"),
        ("e1b1", "never moves"),
        ("b7a8", "without a promotion letter"),
        ("e5e6q", "promotes nothing"),
    ] {
        let problem = impossible_move(&setup, garbage).unwrap_or_default();
        assert!(problem.contains(why), "{garbage}: {problem:?}");
    }
    // Chess960 castling, as the king's move and as king takes rook.
    let setup = Setup::from_fen("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1").unwrap();
    for possible in ["g1h1", "g1b1", "g1c1", "g1g1"] {
        assert_eq!(impossible_move(&setup, possible), None, "{possible}");
    }
    assert!(impossible_move(&setup, "g1d1").is_some());
}

#[test]
fn answers_are_read_into_moves_and_text_that_is_not_one_is_refused() {
    let root = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", false).unwrap();
    let answer = vec![("b7b8Q".to_string(), 1), ("e1d1".to_string(), 1)];
    let read = read_answer(answer, &root, &[]).unwrap();
    assert_eq!(
        read.iter().map(|(mv, _)| mv.to_string()).join(" "),
        "b7b8q e1d1"
    );
    let garbage = vec![("e1d1".to_string(), 1), ("e1d9".to_string(), 1)];
    let path = ["e1d1".parse().unwrap()];
    let err = read_answer(garbage, &root, &path).unwrap_err();
    assert_eq!(
        err,
        "listed a move no generator could find in 4k3/1P6/8/8/8/8/8/3K4 b - - 1 1: \
         invalid move \"e1d9\": \"d9\" is not a square (a file a-h, then a rank 1-8)"
    );
    assert_eq!(moves_after(&root, &path).as_deref(), Some("e1d1"));
    assert_eq!(moves_after(&root, &[]), None);
}
