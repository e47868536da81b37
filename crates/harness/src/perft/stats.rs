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
pub fn can_move<B: Board>(board: &B) -> bool {
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
