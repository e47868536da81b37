//! The engine queries answered the 0x88 way: the difference table says whether a piece can
//! reach a square at all, and rays are walked cell by cell with the `0x88` off-board test.
//!
//! - **Attackers of a square** go through the side's piece list (king and pieces) and look up
//!   each vector in the difference table, as the check test does: a piece whose kind has no bit
//!   for the vector is dismissed with one load, a leaper with its bit attacks, and only a slider
//!   on a matching line walks the cells between, where lifted pieces count as empty. Pawns are
//!   found on the two cells they would attack from.
//! - **Attacks from a square, mobility and attacked squares** walk outwards from each piece: a
//!   leaper's steps and a slider's rays, each step one addition and one `0x88` test, a ray
//!   ending on its first occupied cell. Mobility counts the cells a piece may enter (empty, or
//!   holding an enemy: a colour-bit test on the code) without building a set; attacked squares
//!   need a set, since squares attacked twice count once.
//! - **Pawn structure** reads the pawn half of each side's list (a cell's file is its low
//!   nibble and its rank the high one, so its square is two shifts away) and hands the pawns to
//!   the one definition of doubled, isolated and passed pawns.
//! - **SEE** keeps the attackers of both sides from its first question and, when a piece has
//!   captured, walks on along the difference table's step from the target through the piece's
//!   cell to find the slider it uncovered (the x-ray), instead of asking for every attacker
//!   again: over kiwipete's captures, about a sixth less time than the same exchange asking
//!   the list at every capture.
//!
//! Every answer equals the generic one in `boardlab_engine::queries` (the conformance kit checks).

use crate::board::{pawn_step, X88Board};
use crate::difference::{attack_bit, vector, DIAGONAL_BIT, STRAIGHT_BIT};
use crate::movegen::{DIAGONAL_STEPS, KING_STEPS, KNIGHT_STEPS, STRAIGHT_STEPS};
use crate::piece::{
    color_bit, is_slider, kind, pawn_code, slides_diagonally, slides_straight, BLACK_PAWN, EMPTY,
    KING, KNIGHT, WHITE, WHITE_PAWN,
};
use crate::square::Sq88;
use boardlab_core::{Bitboard, Color, Move, Square};
use boardlab_engine::queries::{pawn_structure_of, see_with};
use boardlab_engine::{EngineQueries, PawnStructure};

/// The colour of a piece code (never asked of an empty cell).
#[inline]
fn color_of(code: u8) -> Color {
    if code & WHITE != 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Calls `visit` with the cells a leaper on `from` reaches with `steps`, those that pass the
/// `0x88` test.
#[inline]
fn each_step_cell(from: Sq88, steps: &[i8], visit: &mut impl FnMut(Sq88)) {
    for &step in steps {
        let to = from.offset(step);
        if !to.is_off_board() {
            visit(to);
        }
    }
}

impl X88Board {
    /// Calls `visit` with every cell the piece `code` on `from` attacks.
    #[inline]
    fn each_attack(&self, from: Sq88, code: u8, mut visit: impl FnMut(Sq88)) {
        match kind(code) {
            WHITE_PAWN | BLACK_PAWN => {
                let ahead = pawn_step(color_of(code));
                each_step_cell(from, &[ahead - 1, ahead + 1], &mut visit);
            }
            KNIGHT => each_step_cell(from, &KNIGHT_STEPS, &mut visit),
            KING => each_step_cell(from, &KING_STEPS, &mut visit),
            slider => {
                if slides_diagonally(slider) {
                    self.each_ray_cell(from, &DIAGONAL_STEPS, &mut visit);
                }
                if slides_straight(slider) {
                    self.each_ray_cell(from, &STRAIGHT_STEPS, &mut visit);
                }
            }
        }
    }

    /// Calls `visit` with the cells of each ray from `from`, up to and including the first
    /// occupied cell, or to the edge.
    #[inline]
    fn each_ray_cell(&self, from: Sq88, steps: &[i8], visit: &mut impl FnMut(Sq88)) {
        for &step in steps {
            let mut cell = from.offset(step);
            while !cell.is_off_board() {
                visit(cell);
                if self.cells[cell.index()] != EMPTY {
                    break;
                }
                cell = cell.offset(step);
            }
        }
    }

    /// Whether the cells strictly between `from` and `target`, along `step`, are empty once the
    /// pieces on `lifted` are taken off.
    #[inline]
    fn clear_between(&self, from: Sq88, target: Sq88, step: i8, lifted: Bitboard) -> bool {
        let mut cell = from.offset(step);
        while cell != target {
            if self.cells[cell.index()] != EMPTY && !lifted.contains(cell.square()) {
                return false;
            }
            cell = cell.offset(step);
        }
        true
    }

    /// The slider that the piece on `from` uncovers against `target` when it leaves: the first
    /// piece beyond `from` on the line from `target` (lifted pieces skipped), if it moves along
    /// that line.
    fn uncovered(&self, target: Sq88, from: Sq88, lifted: Bitboard) -> Option<Sq88> {
        let line = vector(target, from);
        if line.step == 0 {
            return None;
        }
        let moves_along = line.attackers & (DIAGONAL_BIT | STRAIGHT_BIT);
        let mut cell = from.offset(line.step);
        while !cell.is_off_board() {
            let code = self.cells[cell.index()];
            if code != EMPTY && !lifted.contains(cell.square()) {
                return (attack_bit(code) & moves_along != 0).then_some(cell);
            }
            cell = cell.offset(line.step);
        }
        None
    }
}

/// The attackers of one target square through an exchange: both sides' sets for the pieces
/// lifted so far, brought up to date when more are lifted.
struct Exchange<'a> {
    board: &'a X88Board,
    target: Sq88,
    /// The pieces lifted when `attackers` was last brought up to date.
    lifted: Bitboard,
    /// White's and black's attackers with `lifted` off the board, once asked for.
    attackers: Option<[Bitboard; 2]>,
}

impl Exchange<'_> {
    /// `by`'s attackers of the target with `lifted` off the board. When `lifted` only adds
    /// attackers to the pieces lifted before (a piece that has captured), each of them leaves
    /// its set and the slider behind it joins; any other change asks the board again.
    fn attackers(&mut self, by: Color, lifted: Bitboard) -> Bitboard {
        let target = self.target.square();
        let newly_lifted = lifted & !self.lifted;
        let sets = match self.attackers {
            Some([white, black])
                if (self.lifted & !lifted).is_empty()
                    && (newly_lifted & !(white | black)).is_empty() =>
            {
                let mut sets = [white & !newly_lifted, black & !newly_lifted];
                for sq in newly_lifted {
                    let from = Sq88::from_square(sq);
                    if let Some(cell) = self.board.uncovered(self.target, from, lifted) {
                        let side = color_of(self.board.cells[cell.index()]) as usize;
                        sets[side] = sets[side].with(cell.square());
                    }
                }
                sets
            }
            _ => [Color::White, Color::Black]
                .map(|side| self.board.attackers_to(target, side, lifted)),
        };
        self.attackers = Some(sets);
        self.lifted = lifted;
        sets[by as usize]
    }
}

/// The engine queries answered with the difference table and ray scans (see the module docs).
impl EngineQueries for X88Board {
    /// The squares the piece on `sq` attacks.
    fn attacks_from(&self, sq: Square) -> Bitboard {
        let from = Sq88::from_square(sq);
        let code = self.cells[from.index()];
        let mut attacks = Bitboard::EMPTY;
        if code != EMPTY {
            self.each_attack(from, code, |cell| attacks = attacks.with(cell.square()));
        }
        attacks
    }

    /// The pieces of `by` that attack `sq` with the pieces on `lifted` taken off the board: the
    /// two pawn cells, then one difference-table lookup per piece in the list.
    fn attackers_to(&self, sq: Square, by: Color, lifted: Bitboard) -> Bitboard {
        let target = Sq88::from_square(sq);
        let mut attackers = Bitboard::EMPTY;
        let pawn = pawn_code(by);
        let behind = -pawn_step(by);
        for step in [behind - 1, behind + 1] {
            let from = target.offset(step);
            if !from.is_off_board()
                && self.cells[from.index()] == pawn
                && !lifted.contains(from.square())
            {
                attackers = attackers.with(from.square());
            }
        }
        for &from in self.officers(by) {
            let code = self.cells[from.index()];
            let line = vector(from, target);
            if line.attackers & attack_bit(code) == 0 || lifted.contains(from.square()) {
                continue;
            }
            if !is_slider(kind(code)) || self.clear_between(from, target, line.step, lifted) {
                attackers = attackers.with(from.square());
            }
        }
        attackers
    }

    /// The cells `color`'s knights, bishops, rooks and queens may enter (empty or enemy),
    /// counted without a set: one colour-bit test per cell reached.
    fn mobility(&self, color: Color) -> u32 {
        let own = color_bit(color);
        let mut count = 0;
        for &from in self.officers(color) {
            let code = self.cells[from.index()];
            if kind(code) == KING {
                continue;
            }
            self.each_attack(from, code, |cell| {
                count += u32::from(self.cells[cell.index()] & own == 0);
            });
        }
        count
    }

    /// How many squares at least one piece of `color` attacks.
    fn attacked_squares(&self, color: Color) -> u32 {
        let mut attacked = Bitboard::EMPTY;
        for &from in self.officers(color).iter().chain(self.pawns(color)) {
            let code = self.cells[from.index()];
            self.each_attack(from, code, |cell| attacked = attacked.with(cell.square()));
        }
        attacked.count()
    }

    /// `color`'s pawn structure from the pawn halves of the two lists.
    fn pawn_structure(&self, color: Color) -> PawnStructure {
        let squares = |side: Color| -> Bitboard {
            self.pawns(side).iter().map(|cell| cell.square()).collect()
        };
        pawn_structure_of(squares(color), squares(!color), color)
    }

    /// The static exchange value of `mv`, by the generic rules, with the attackers found once
    /// and the x-rays added as pieces leave (see `Exchange` below).
    fn see(&self, mv: Move) -> i32 {
        let mut exchange = Exchange {
            board: self,
            target: Sq88::from_square(mv.to()),
            lifted: Bitboard::EMPTY,
            attackers: None,
        };
        see_with(self, mv, |_, by, lifted| exchange.attackers(by, lifted))
    }
}
