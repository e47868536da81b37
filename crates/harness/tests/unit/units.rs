use boardlab_core::epd::{parse_perft_suite, BUG_CATCHERS, STANDARD_SUITE};
use boardlab_core::BoardExt;
use boardlab_core::{perft, PerftMode};
use boardlab_core::{Board, Setup};
use boardlab_harness::units::*;
use boardlab_reference::ReferenceBoard;
use std::collections::HashMap;

/// The fastest board, so that the counts below take seconds.
pub(crate) type Fast = boardlab_magic::MagicBoard;

fn total(units: &[Unit]) -> u128 {
    units
        .iter()
        .map(|unit| {
            let mut board = Fast::from_setup(&unit.setup);
            unit.weight * u128::from(perft(&mut board, unit.depth, PerftMode::Bulk))
        })
        .sum()
}

#[test]
fn units_add_up_to_the_published_counts_at_every_cut() {
    let cases = parse_perft_suite(STANDARD_SUITE).unwrap();
    let mut checked = 0;
    for case in &cases {
        let published = |d: u32| case.expected.iter().find(|e| e.0 == d).unwrap().1;
        for ply in 0..=3 {
            let (header, units) = split::<Fast>(&case.setup, 3, ply).unwrap();
            assert_eq!(total(&units), u128::from(published(3)), "{}", case.fen);
            // The weights count the paths to the cut: perft(ply), published too (perft(0)
            // is 1 by definition).
            let paths = if ply == 0 { 1 } else { published(ply) };
            assert_eq!(header.weight, u128::from(paths));
            assert_eq!(header.units, units.len());
            checked += 1;
        }
    }
    assert_eq!(checked, 24);
}

#[test]
fn start_position_transpositions_merge() {
    // Distinct positions after 2 and 3 plies of the start position: 400 and 5362 (OEIS
    // A083276), fewer than the 400 and 8902 paths.
    let start = Setup::start();
    let (_, two) = split::<ReferenceBoard>(&start, 2, 2).unwrap();
    assert_eq!(two.len(), 400);
    let (header, three) = split::<ReferenceBoard>(&start, 3, 3).unwrap();
    assert_eq!(three.len(), 5362);
    assert_eq!(header.weight, 8902);
    assert!(three.iter().any(|unit| unit.weight > 1));
}

#[test]
fn games_that_end_before_the_cut_are_neither_lost_nor_counted_twice() {
    // Positions where mates and stalemates come within a few plies. A game that ends at
    // ply p < ply is a leaf of perft(p) and of no deeper perft: the weights at the cut are
    // perft(ply) of the root, the ended paths are in no unit, and the units still add up
    // to the published perft(depth).
    let catchers = parse_perft_suite(BUG_CATCHERS).unwrap();
    let mut ended_somewhere = 0;
    for name in ["self stalemate", "stalemate and checkmate #1"] {
        let case = catchers
            .iter()
            .find(|case| case.id.as_deref() == Some(name))
            .unwrap();
        let (depth, published) = case.expected[0];
        for ply in [1, 3, 5] {
            let (header, units) = split::<ReferenceBoard>(&case.setup, depth, ply).unwrap();
            assert_eq!(total(&units), u128::from(published), "{name} ply {ply}");
            let mut board = ReferenceBoard::from_setup(&case.setup);
            let paths = perft(&mut board, ply, PerftMode::Bulk);
            assert_eq!(header.weight, u128::from(paths));
            if header.ended > 0 {
                ended_somewhere += 1;
            }
        }
    }
    assert!(ended_somewhere >= 2, "{ended_somewhere}");
    // A mated root: perft is 0 at any depth, and no unit exists below it.
    let mated =
        Setup::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    let (header, units) = split::<ReferenceBoard>(&mated, 3, 1).unwrap();
    assert!(units.is_empty());
    assert_eq!((header.weight, header.ended), (0, 1));
    let (_, root) = split::<ReferenceBoard>(&mated, 3, 0).unwrap();
    assert_eq!(root.len(), 1);
    assert_eq!(total(&root), 0);
}

/// Every path to `ply` played out, positions told apart by their canonical FEN without the
/// clocks (which writes an en-passant square only when the capture is legal): the
/// transpositions a split must merge, counted without hashing.
fn positions_by_brute_force(root: &Setup, ply: u32) -> HashMap<String, u128> {
    fn walk(board: &mut Fast, ply: u32, seen: &mut HashMap<String, u128>) {
        if ply == 0 {
            let fen = board.to_fen();
            let four: Vec<&str> = fen.split(' ').take(4).collect();
            *seen.entry(four.join(" ")).or_default() += 1;
            return;
        }
        for &mv in board.legal_moves().iter() {
            let undo = board.make(mv);
            walk(board, ply - 1, seen);
            board.unmake(mv, undo);
        }
    }
    let mut seen = HashMap::new();
    walk(&mut Fast::from_setup(root), ply, &mut seen);
    seen
}

fn positions_of(units: &[Unit]) -> HashMap<String, u128> {
    units
        .iter()
        .map(|unit| {
            let fen = unit.setup.to_fen();
            let four: Vec<&str> = fen.split(' ').take(4).collect();
            (four.join(" "), unit.weight)
        })
        .collect()
}

#[test]
fn units_are_the_distinct_positions_with_their_path_counts() {
    // Here b7b6, Nf3, b6b5, Ng1, Kd8 and Ke7, Nf3, Kd8, Ng1, b7b5 reach the same position;
    // the second leaves the pawn on c5 beside b5, but the capture en passant would expose
    // its king on a5 to the rook, so the two positions have the same moves and must be one
    // unit though their Polyglot keys differ.
    let pinned = Setup::from_fen("4k3/1p6/8/K1P4r/8/8/8/6N1 b - - 0 1").unwrap();
    for (root, ply) in [(pinned, 5), (Setup::start(), 4)] {
        let (_, units) = split::<Fast>(&root, ply, ply).unwrap();
        let expected = positions_by_brute_force(&root, ply);
        assert_eq!(units.len(), expected.len());
        assert_eq!(positions_of(&units), expected);
    }
    // The two paths above meet in one unit.
    let (_, units) = split::<Fast>(
        &Setup::from_fen("4k3/1p6/8/K1P4r/8/8/8/6N1 b - - 0 1").unwrap(),
        5,
        5,
    )
    .unwrap();
    let meeting = units
        .iter()
        .find(|unit| {
            unit.setup
                .to_fen()
                .starts_with("3k4/8/8/KpP4r/8/8/8/6N1 w - -")
        })
        .unwrap();
    assert!(meeting.weight >= 2, "{}", meeting.weight);
}
