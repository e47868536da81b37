//! `perft`: the published counts of the standard positions on two backends, random positions
//! against boardlab-core's perft, and the board restored.

use crate::{pass, positions, rejects, Checked};
use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{Board, BoardExt, PerftMode, Setup};
use boardlab_labs::perft;
use boardlab_labs::scaffold::perft::MoveTree;
use boardlab_mailbox::MailboxBoard;
use boardlab_x88::X88Board;

/// A perft to check: the exercise, or a wrong answer.
trait Perft {
    fn perft<T: MoveTree>(&self, tree: &mut T, depth: u32) -> u64;
}

/// The exercise.
struct Exercise;

impl Perft for Exercise {
    fn perft<T: MoveTree>(&self, tree: &mut T, depth: u32) -> u64 {
        perft::perft(tree, depth)
    }
}

/// The published counts of the standard positions up to `budget` nodes on one backend;
/// returns how many (position, depth) pairs were checked.
fn check_on<B: Board>(answer: &impl Perft, budget: u64) -> Checked<usize> {
    let suite = parse_perft_suite(STANDARD_SUITE).expect("the standard suite parses");
    let mut checked = 0;
    let mut start = B::from_setup(&Setup::start());
    if answer.perft(&mut start, 0) != 1 {
        return Err("perft at depth 0 is not 1".to_string());
    }
    for case in &suite {
        let mut board = B::from_fen(&case.fen).expect("a suite FEN");
        for &(depth, expected) in case.expected.iter().filter(|&&(_, nodes)| nodes <= budget) {
            let before = board.to_setup();
            let nodes = answer.perft(&mut board, depth);
            if nodes != expected {
                return Err(format!(
                    "{} depth {depth} on {}: {nodes}, published {expected}",
                    case.fen,
                    B::NAME
                ));
            }
            if board.to_setup() != before {
                return Err(format!("perft did not restore {} on {}", case.fen, B::NAME));
            }
            checked += 1;
        }
    }
    Ok(checked)
}

/// Random valid positions (testkit's generator), depths 1 to 3, against boardlab-core's perft
/// on the 0x88 backend, so that no table of the published counts can pass; returns the number
/// of (position, depth) pairs compared. A pair whose count passes 100,000 nodes is skipped,
/// and the skips are few enough that the count of pairs stays near 3 a position.
fn check_random(answer: &impl Perft) -> Checked<usize> {
    let mut compared = 0;
    for setup in positions(14, 150) {
        let mut board = X88Board::from_setup(&setup);
        for depth in 1..=3 {
            let expected = boardlab_core::perft(&mut board, depth, PerftMode::Bulk);
            if expected > 100_000 {
                break;
            }
            let nodes = answer.perft(&mut board, depth);
            if nodes != expected {
                return Err(format!(
                    "{} depth {depth}: {nodes}, boardlab-core's perft counts {expected}",
                    setup.to_fen()
                ));
            }
            if board.to_setup() != setup {
                return Err(format!("perft did not restore {}", setup.to_fen()));
            }
            compared += 1;
        }
    }
    Ok(compared)
}

/// The mailbox and 0x88 backends, up to 200,000 nodes, then the random positions.
fn check_perft(answer: &impl Perft) -> Checked<usize> {
    Ok(check_on::<MailboxBoard>(answer, 200_000)?
        + check_on::<X88Board>(answer, 200_000)?
        + check_random(answer)?)
}

#[test]
fn perft_core_reference_is_the_published_counts() {
    // The random positions' reference, boardlab-core's perft on 0x88, first shown to be what
    // it claims on the published counts it is compared beside.
    let suite = parse_perft_suite(STANDARD_SUITE).expect("the standard suite parses");
    let mut compared = 0;
    for case in &suite {
        let mut board = X88Board::from_fen(&case.fen).expect("a suite FEN");
        for &(depth, published) in case.expected.iter().filter(|&&(_, n)| n <= 200_000) {
            let nodes = boardlab_core::perft(&mut board, depth, PerftMode::Bulk);
            assert_eq!(nodes, published, "{} depth {depth}", case.fen);
            compared += 1;
        }
    }
    assert_eq!(compared, 20);
}

#[test]
fn perft_matches_the_published_counts_and_core() {
    // Per backend, the published depths up to 200,000 nodes: four of the start position and of
    // position 3, three of kiwipete and of positions 4, 5 and 6; then the random positions.
    let checked = pass(check_perft(&Exercise));
    assert!(checked >= 2 * 20 + 400, "only {checked} counts compared");
}

/// The root's number of moves raised to the depth, as if every position had as many.
struct SameBranching;

impl Perft for SameBranching {
    fn perft<T: MoveTree>(&self, tree: &mut T, depth: u32) -> u64 {
        (tree.moves().len() as u64).pow(depth)
    }
}

/// Counts the moves at the root and leaves the board where its last move took it.
struct NoTakeBack;

impl Perft for NoTakeBack {
    fn perft<T: MoveTree>(&self, tree: &mut T, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = tree.moves();
        if let Some(&last) = moves.last() {
            tree.play(last);
        }
        if depth == 1 {
            moves.len() as u64
        } else {
            moves.len() as u64 * self.perft(tree, depth - 1)
        }
    }
}

/// The published counts looked up by the root's number of moves and the depth: the six
/// standard positions have six different root move counts, so this passes them all.
struct PublishedTable;

impl Perft for PublishedTable {
    fn perft<T: MoveTree>(&self, tree: &mut T, depth: u32) -> u64 {
        let root_moves = tree.moves().len() as u64;
        let suite = parse_perft_suite(STANDARD_SUITE).expect("the standard suite parses");
        for case in &suite {
            let published = |d: u32| case.expected.iter().find(|&&(at, _)| at == d);
            if published(1).is_some_and(|&(_, nodes)| nodes == root_moves) {
                if let Some(&(_, nodes)) = published(depth) {
                    return nodes;
                }
            }
        }
        if depth == 0 {
            1
        } else {
            root_moves.pow(depth)
        }
    }
}

#[test]
fn perft_check_rejects_wrong_answers() {
    // The table passes every published pair; the random positions reject it.
    assert_eq!(pass(check_on::<MailboxBoard>(&PublishedTable, 200_000)), 20);
    let problem = rejects(
        "a table of the published counts",
        check_perft(&PublishedTable),
    );
    assert!(problem.contains("boardlab-core's perft"), "{problem}");
    rejects(
        "one branching for the whole tree",
        check_perft(&SameBranching),
    );
    rejects("no take-back", check_perft(&NoTakeBack));
}
