//! `perft`: the published counts of the standard positions on two backends, and the board
//! restored.

use crate::{pass, rejects, Checked};
use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{Board, Setup};
use boardlab_labs::perft::{self, MoveTree};
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

/// The mailbox and 0x88 backends, up to 200,000 nodes.
fn check_perft(answer: &impl Perft) -> Checked<usize> {
    Ok(check_on::<MailboxBoard>(answer, 200_000)? + check_on::<X88Board>(answer, 200_000)?)
}

#[test]
fn perft_matches_the_published_counts() {
    // Per backend, the published depths up to 200,000 nodes: four of the start position and of
    // position 3, three of kiwipete and of positions 4, 5 and 6.
    assert_eq!(pass(check_perft(&Exercise)), 2 * 20);
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

#[test]
fn perft_check_rejects_wrong_answers() {
    rejects(
        "one branching for the whole tree",
        check_perft(&SameBranching),
    );
    rejects("no take-back", check_perft(&NoTakeBack));
}
