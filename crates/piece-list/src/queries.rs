//! The engine queries answered from the lists alone: with no board to walk, every question is
//! put to the (at most 32) entries, and square geometry (files and ranks apart, same rank, file
//! or diagonal) decides it.
//!
//! - **Attackers of a square** start from the entries that could reach it on an empty board,
//!   all sixteen slots of the side's list at once ([`PieceList::reachers`], as the check test
//!   does); a leaper among them attacks, a slider only if it is the nearest piece on its line
//!   once the lifted pieces are skipped. Which piece blocks a line is one pass over both
//!   lists: each entry on a rank, file or diagonal through the square is a candidate for its
//!   direction, and the nearest one wins ([`Lines`]). This stands in for walking squares,
//!   where each step would scan both lists.
//! - **Pawn structure** reads the pawn entries of both lists.
//! - **SEE** is the generic exchange on this board's attackers. Keeping both sides' attackers
//!   from one capture to the next, as the array boards do, was tried and took about half as
//!   long again over kiwipete's captures: it asks for the second side's attackers before most
//!   exchanges have ended (after a capture or two), and finding the slider behind a piece that
//!   has captured is itself a pass over both lists, as asking again is.
//!
//! # The generic answers kept
//!
//! Attacks from a square, mobility and attacked squares keep boardlab-engine's generic
//! answers. Answered from the lists, laying out each piece's targets from its square's
//! coordinates and cutting each slider's rays at the nearest piece of the line, they took
//! more instructions than the generic answers, which start by gathering the occupied squares
//! into one 64-bit set, in a single pass over the lists, and then walk each ray one bit test a
//! square. That set is a board, which is what this representation goes without; the lists'
//! answer paid a pass over all the entries of both lists for every slider. Counted with
//! `benches/instructions` (`BACKEND query QUERY own|generic`, one pass over the six standard
//! positions and every position one move from them): attacks from every square 3.44 million
//! instructions against the generic 1.92 million, mobility 2.46 million against 0.52 million,
//! attacked squares 2.91 million against 0.43 million. The attackers of a square take 42.7
//! million against 101.6 million, and pawn structure 172 thousand against 193 thousand, so
//! those two stay.
//!
//! Every answer equals the generic one in `boardlab_engine::queries` (the conformance kit checks).

use crate::attacks::{file, rank};
use crate::list::{entries, PieceList};
use crate::PieceListBoard;
use boardlab_core::{Bitboard, Color, Role, Square};
use boardlab_engine::queries::pawn_structure_of;
use boardlab_engine::{EngineQueries, PawnStructure};

/// The distance of a line that holds no piece: beyond every square of the board.
const NO_PIECE: i32 = 8;

/// Per direction out of a square, the distance to the nearest piece on that line, or
/// [`NO_PIECE`]. Indexed by [`heading`]; entry 4, no direction, is unused.
type Lines = [i32; 9];

/// The index in [`Lines`] of the direction of a step of `df` files and `dr` ranks.
#[inline]
fn heading(df: i32, dr: i32) -> usize {
    (3 * (df.signum() + 1) + dr.signum() + 1) as usize
}

/// The files and ranks from `from` to `to`.
#[inline]
fn apart(from: u8, to: u8) -> (i32, i32) {
    (file(to) - file(from), rank(to) - rank(from))
}

/// Records in `lines` how far the nearest entry of `list` stands from `sq` on each line out of
/// it, the squares on `lifted` skipped.
#[inline]
fn nearest_on_lines(list: &PieceList, sq: u8, lifted: Bitboard, lines: &mut Lines) {
    for index in 0..list.len() {
        let square = list.square(index);
        let (df, dr) = apart(sq, square);
        let on_line = df == 0 || dr == 0 || df.abs() == dr.abs();
        if on_line && square != sq && !lifted.contains(Square::from_index(square)) {
            let distance = &mut lines[heading(df, dr)];
            *distance = (*distance).min(df.abs().max(dr.abs()));
        }
    }
}

impl PieceListBoard {
    /// The nearest piece of either side on each line out of `sq`, `lifted` skipped.
    #[inline]
    fn lines_from(&self, sq: u8, lifted: Bitboard) -> Lines {
        let mut lines = [NO_PIECE; 9];
        for list in &self.lists {
            nearest_on_lines(list, sq, lifted, &mut lines);
        }
        lines
    }
}

/// The queries the lists answer faster than the generic answers (see the module docs).
impl EngineQueries for PieceListBoard {
    /// The pieces of `by` that attack `sq` with the pieces on `lifted` taken off the board: the
    /// list's entries that reach `sq` on an empty board, a slider among them only if it is the
    /// nearest piece on its line.
    fn attackers_to(&self, sq: Square, by: Color, lifted: Bitboard) -> Bitboard {
        let target = sq as u8;
        let list = &self.lists[by.index()];
        let mut lines: Option<Lines> = None;
        let mut attackers = Bitboard::EMPTY;
        for index in entries(list.reachers(target, by)) {
            let from = list.square(index);
            if lifted.contains(Square::from_index(from)) {
                continue;
            }
            if matches!(list.role(index), Role::Bishop | Role::Rook | Role::Queen) {
                let lines = lines.get_or_insert_with(|| self.lines_from(target, lifted));
                let (df, dr) = apart(target, from);
                if lines[heading(df, dr)] != df.abs().max(dr.abs()) {
                    continue;
                }
            }
            attackers = attackers.with(Square::from_index(from));
        }
        attackers
    }

    /// `color`'s pawn structure, the pawns read from the pawn entries of both lists.
    fn pawn_structure(&self, color: Color) -> PawnStructure {
        let pawns = |side: Color| -> Bitboard {
            self.lists[side.index()]
                .iter()
                .filter(|&(role, _)| role == Role::Pawn)
                .map(|(_, sq)| sq)
                .collect()
        };
        pawn_structure_of(pawns(color), pawns(!color), color)
    }
}
