use boardlab_core::BoardExt;
use boardlab_harness::internals::*;
use boardlab_harness::perft::*;
use boardlab_harness::perft::{PerftOptions, PerftRunner};
use boardlab_reference::ReferenceBoard;

fn stats(fen: &str, depth: u32, threads: usize) -> PerftStats {
    let board = ReferenceBoard::from_fen(fen).unwrap();
    let runner = PerftRunner::new(PerftOptions {
        threads,
        ..PerftOptions::default()
    })
    .unwrap();
    runner.count(&board, depth).unwrap()
}

#[test]
fn a_divide_at_depth_one_describes_each_root_move() {
    // Position 3 after Rb4xf4: the capture itself is the leaf.
    let board = ReferenceBoard::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").unwrap();
    let runner = PerftRunner::new(PerftOptions::default()).unwrap();
    let mut captured = Vec::new();
    let total: PerftStats = runner
        .divide(&board, 1, &mut |mv, below: PerftStats| {
            if below.captures == 1 {
                captured.push(mv.to_string());
            }
        })
        .unwrap();
    assert_eq!(captured, ["b4f4"]);
    assert_eq!((total.nodes, total.captures, total.checks), (14, 1, 2));
    assert_eq!(
        total,
        stats("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 1, 1)
    );
}

#[test]
fn threads_count_the_same_statistics() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(stats(fen, 3, 1), stats(fen, 3, 3));
}

#[test]
fn mates_and_stalemates_are_told_apart() {
    // Black's king on h8: Qg5-g7 is mate, Qg5-g6 stalemate.
    let counted = stats("7k/8/5K2/6Q1/8/8/8/8 w - - 0 1", 1, 1);
    assert_eq!(
        (counted.checkmates, counted.stalemates),
        (1, 1),
        "{counted:?}"
    );
    // A stalemate the quick king test cannot settle: every square beside the king is
    // attacked, so the moves are counted.
    let board = ReferenceBoard::from_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(!can_move(&board));
    let board = ReferenceBoard::from_fen("k7/8/1K6/8/8/8/8/2Q5 b - - 0 1").unwrap();
    assert!(can_move(&board));
}

#[test]
fn a_double_check_is_not_also_a_discovered_check() {
    // The knight on d4 shields the king on d8 from the rook on d1: every knight move
    // uncovers a check, and the two to c6 and e6 check with the knight too.
    let board = ReferenceBoard::from_fen("3k4/8/8/8/3N4/8/8/3RK3 w - - 0 1").unwrap();
    let runner = PerftRunner::new(PerftOptions::default()).unwrap();
    let mut seen = std::collections::BTreeMap::new();
    runner
        .divide(&board, 1, &mut |mv, below: PerftStats| {
            seen.insert(mv.to_string(), below);
        })
        .unwrap();
    let kinds = |mv: &str| {
        let leaf = seen[mv];
        (leaf.checks, leaf.discovered_checks, leaf.double_checks)
    };
    assert_eq!(kinds("d4c6"), (1, 0, 1));
    assert_eq!(kinds("d4b3"), (1, 1, 0));
    assert_eq!(kinds("e1e2"), (0, 0, 0));
}
