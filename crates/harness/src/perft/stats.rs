//! Perft statistics: what the leaves are, beside how many there are.
//!
//! chessprogramming.org's "Perft Results" page
//! (<https://www.chessprogramming.org/Perft_Results>) gives, for each depth of its positions,
//! how many of the leaves were reached by a capture, an en-passant capture, castling or a
//! promotion, and how many are checks, discovered checks, double checks and checkmates. A count
//! that is right in total can still be wrong in these columns ("my en-passant count is 2 too high
//! at depth 4"), and a column that is wrong points at the rule to look at. [`PerftStats`] is
//! that table's row, counted by the one perft walk as another [`LeafCount`].

use super::runner::LeafCount;
use super::{PerftOptions, PerftRunner};
use crate::{Error, Position};
use boardlab_core::bitboard::king_attacks;
use boardlab_core::{Board, GenKind, Move, MoveList, PerftMode};
use boardlab_reference::Checks;
use std::ops::AddAssign;

/// The statistics of the leaves `depth` plies below a position: the columns of
/// chessprogramming.org's "Perft Results" tables, and stalemates.
///
/// Every column counts leaves, the positions at the given depth, each described by the move
/// that reached it and by the position itself:
///
/// - `captures`: the move captured, en passant included (as the page counts them);
/// - `en_passant`, `castles`, `promotions`: the move was of that kind (a capture that promotes is
///   a capture and a promotion; castling is counted by the Chess960 rules where they apply, since
///   every boardlab move records castling as such);
/// - `checks`: the side to move is in check, checkmates included;
/// - `discovered_checks`: the side to move is in check from exactly one piece, and that piece
///   did not move: it was uncovered by the move (castling's rook counts as moved). A discovered
///   check that is also a double check is counted as a double check only;
/// - `double_checks`: the side to move is in check from two pieces, whether one of them moved
///   or both were uncovered (en passant can uncover two);
/// - `checkmates`: in check with no legal move; `stalemates`: not in check, with no legal move.
///
/// These are the definitions the page's figures follow, found by counting both ways: a
/// discovered check that is also double is counted in the double column only. Counted in both,
/// the start position at depth 6 would have 375 discovered checks; the page has 329, the 375 less
/// the 46 double checks (that depth-6 row is run by hand, not by the tests). The tests hold every
/// figure the page lists, transcribed in tests/data/perft-results.txt, for every row of at most
/// 20 million nodes; deeper rows are not run. One listed figure is not reproduced: at depth 5 of
/// Kiwipete the page lists 2637 double checks, where boardlab and others (a TalkChess thread of
/// 2021, "Perft statistics - chessprogrammingwiki") count 2645.
///
/// # Examples
///
/// ```
/// use boardlab_harness::{perft_stats, Position};
///
/// let start = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false)?;
/// let stats = perft_stats::<boardlab_reference::ReferenceBoard>(&start, 4)?;
/// assert_eq!((stats.nodes, stats.captures, stats.checks, stats.checkmates), (197_281, 1576, 469, 8));
/// # Ok::<(), boardlab_harness::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PerftStats {
    /// The leaves: perft's count.
    pub nodes: u64,
    /// Leaves reached by a capture, en passant included.
    pub captures: u64,
    /// Leaves reached by an en-passant capture.
    pub en_passant: u64,
    /// Leaves reached by castling.
    pub castles: u64,
    /// Leaves reached by a promotion.
    pub promotions: u64,
    /// Leaves in check, checkmates included.
    pub checks: u64,
    /// Leaves in check from one piece that did not move.
    pub discovered_checks: u64,
    /// Leaves in check from two pieces.
    pub double_checks: u64,
    /// Leaves in check with no legal move.
    pub checkmates: u64,
    /// Leaves not in check with no legal move.
    pub stalemates: u64,
}

/// The statistics of the leaves `depth` plies below `position`, counted on board type `B`: what
/// `boardlab perft --stats` counts, for any [`Board`], a board from outside boardlab too.
///
/// # Errors
///
/// [`Error::Usage`] when the position needs the Chess960 rules and `B` does not play them
/// ([`Board::PLAYS_CHESS960`] is false): it would count wrong.
pub fn perft_stats<B: Board>(position: &Position, depth: u32) -> Result<PerftStats, Error> {
    position.playable_by::<B>()?;
    let runner = PerftRunner::new(PerftOptions::default())?;
    Ok(runner.count(&position.board::<B>(), depth)?)
}

impl PerftStats {
    /// The columns by name, in the page's order (stalemates last), for tables and JSON.
    pub fn columns(&self) -> [(&'static str, u64); 10] {
        [
            ("nodes", self.nodes),
            ("captures", self.captures),
            ("en_passant", self.en_passant),
            ("castles", self.castles),
            ("promotions", self.promotions),
            ("checks", self.checks),
            ("discovered_checks", self.discovered_checks),
            ("double_checks", self.double_checks),
            ("checkmates", self.checkmates),
            ("stalemates", self.stalemates),
        ]
    }

    /// The one leaf `board` is, reached by `last`.
    fn of_leaf<B: Board>(board: &B, last: Move) -> PerftStats {
        let mut stats = PerftStats {
            nodes: 1,
            captures: u64::from(last.is_capture()),
            en_passant: u64::from(last.is_en_passant()),
            castles: u64::from(last.is_castle()),
            promotions: u64::from(last.is_promotion()),
            ..PerftStats::default()
        };
        if board.in_check() {
            // Under 1% of a tree's leaves at the page's depths are in check, so the checks
            // are read off the position as a `Setup`, by boardlab-reference's one classifier,
            // instead of asking every backend for an attackers set.
            let checks = Checks::of(&board.to_setup(), Some(last));
            stats.checks = 1;
            stats.double_checks = u64::from(checks.is_double());
            stats.discovered_checks = u64::from(checks.is_discovered());
            stats.checkmates = u64::from(board.count_legal() == 0);
        } else {
            stats.stalemates = u64::from(!can_move(board));
        }
        stats
    }
}

/// Whether the side to move, not in check, has a legal move: the stalemate test, made at every
/// leaf that is not in check.
///
/// Generating the moves there would cost as much as counting one ply deeper. Most positions
/// answer sooner: as the king is not in check, no enemy slider's line runs through its square,
/// so a square beside it is attacked exactly as it would be with the king gone, and a
/// neighbouring square that is neither attacked nor held by its own side is a legal king move.
/// Only when there is none are the moves counted.
fn can_move<B: Board>(board: &B) -> bool {
    let us = board.side_to_move();
    let king = board.king_square(us);
    let free_step = king_attacks(king).any(|to| {
        board.piece_at(to).is_none_or(|piece| piece.color != us) && !board.is_attacked(to, !us)
    });
    free_step || board.count_legal() > 0
}

impl AddAssign for PerftStats {
    fn add_assign(&mut self, other: PerftStats) {
        self.nodes += other.nodes;
        self.captures += other.captures;
        self.en_passant += other.en_passant;
        self.castles += other.castles;
        self.promotions += other.promotions;
        self.checks += other.checks;
        self.discovered_checks += other.discovered_checks;
        self.double_checks += other.double_checks;
        self.checkmates += other.checkmates;
        self.stalemates += other.stalemates;
    }
}

/// The statistics are counted by making every move of the last ply, whatever the mode: they
/// describe the leaf positions, so each must be reached. A hash-table slot holds one count,
/// so the statistics are not kept in the table (`perft --stats --hash` is refused).
impl LeafCount for PerftStats {
    /// The root itself, at depth 0: one node, reached by no move.
    const LEAF: PerftStats = PerftStats {
        nodes: 1,
        captures: 0,
        en_passant: 0,
        castles: 0,
        promotions: 0,
        checks: 0,
        discovered_checks: 0,
        double_checks: 0,
        checkmates: 0,
        stalemates: 0,
    };

    fn leaf<B: Board>(board: &B, last: Move) -> PerftStats {
        PerftStats::of_leaf(board, last)
    }

    fn last_ply<B: Board>(board: &mut B, _mode: PerftMode) -> PerftStats {
        let mut moves = MoveList::new();
        board.generate(GenKind::All, &mut moves);
        let mut stats = PerftStats::default();
        for &mv in moves.iter() {
            let undo = board.make(mv);
            stats += PerftStats::of_leaf(board, mv);
            board.unmake(mv, undo);
        }
        stats
    }

    fn to_slot(self) -> Option<u64> {
        None
    }

    fn from_slot(_: u64) -> Option<PerftStats> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::{PerftOptions, PerftRunner};
    use boardlab_core::BoardExt;
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
            .divide(&board, 1, |mv, below: PerftStats| {
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
            .divide(&board, 1, |mv, below: PerftStats| {
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
}
