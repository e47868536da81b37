//! The engine queries answered the mailbox way: rays scanned cell by cell over the 10x12
//! frame, where the border's sentinel cells end every scan without a test of coordinates.
//!
//! - **Attackers of a square** are found looking outwards from it, as the check test does: the
//!   two cells a pawn would attack from, the eight knight jumps, and a scan along each of the
//!   eight rays to its first piece, which attacks if it is a slider of that ray's kind (or the
//!   king, one step away). Lifted pieces are scanned past as if the cell were empty.
//! - **Attacks from a square, mobility and attacked squares** scan outwards from each piece,
//!   which the piece lists name: a leaper's steps, a slider's rays up to the first occupied cell
//!   or the border. Mobility counts the cells open to the piece's side (empty or enemy, one mask
//!   test that the border fails too) without building a set; attacked squares need a set,
//!   since squares attacked twice count once.
//! - **Pawn structure** reads the two pawn lists, each cell's square (and so its file) from the
//!   map of cells to squares. Walking the eight files up their columns of the frame to the
//!   border finds the same pawns, but reads 64 cells for at most 16 pawns: on kiwipete it took
//!   more than twice the time of the generic answer. From the lists it takes a little fewer
//!   instructions than the generic answer (161,924 against 167,988 over the six standard
//!   positions and every position one move from them, `benches/instructions`' query run): that
//!   answer reaches the pawns through this board's own walk of its lists, and both then share
//!   the one definition of doubled, isolated and passed pawns, which costs the most.
//! - **SEE** keeps the attackers of both sides from its first question and, when a piece has
//!   captured, scans on from its cell, away from the target, to the slider it uncovered (the
//!   x-ray), instead of asking for every attacker again: over kiwipete's captures, about a
//!   tenth less time than the same exchange asking the frame at every capture.
//!
//! Every answer equals the generic one in `boardlab_engine::queries` (the conformance kit checks).

use crate::cell::Cell;
use crate::square120::{direction, is_orthogonal, line_step, Sq120};
use crate::MailboxBoard;
use boardlab_core::{Bitboard, Color, Move, Piece, Role, Square};
use boardlab_engine::queries::{pawn_structure_of, see_with};
use boardlab_engine::{EngineQueries, PawnStructure};

impl MailboxBoard {
    /// The content of `cell`.
    #[inline]
    fn at(&self, cell: Sq120) -> Cell {
        self.cells[cell.index()]
    }

    /// Calls `visit` with every cell the `piece` on `from` attacks.
    #[inline]
    fn each_attack(&self, from: Sq120, piece: Piece, mut visit: impl FnMut(Sq120)) {
        match piece.role {
            Role::Pawn => {
                let ahead = 10 * piece.color.forward();
                self.each_step_cell(from, &[ahead - 1, ahead + 1], &mut visit);
            }
            Role::Knight => self.each_step_cell(from, &direction::KNIGHT, &mut visit),
            Role::King => self.each_step_cell(from, &direction::KING, &mut visit),
            Role::Bishop => self.each_ray_cell(from, &direction::DIAGONAL, &mut visit),
            Role::Rook => self.each_ray_cell(from, &direction::ORTHOGONAL, &mut visit),
            Role::Queen => self.each_ray_cell(from, &direction::KING, &mut visit),
        }
    }

    /// Calls `visit` with the playing cells a leaper on `from` reaches with `steps`: those that
    /// are not the border.
    #[inline]
    fn each_step_cell(&self, from: Sq120, steps: &[i8], visit: &mut impl FnMut(Sq120)) {
        for &step in steps {
            let to = from.offset(step);
            if self.at(to) != Cell::OFF_BOARD {
                visit(to);
            }
        }
    }

    /// Calls `visit` with the cells of each ray from `from` up to and including the first
    /// piece; the border ends a ray without being visited.
    #[inline]
    fn each_ray_cell(&self, from: Sq120, steps: &[i8], visit: &mut impl FnMut(Sq120)) {
        for &step in steps {
            let mut cell = from.offset(step);
            loop {
                let content = self.at(cell);
                if content == Cell::OFF_BOARD {
                    break;
                }
                visit(cell);
                if !content.is_empty() {
                    break;
                }
                cell = cell.offset(step);
            }
        }
    }

    /// Whether `cell` holds a piece that is on `lifted` (and so counts as empty).
    #[inline]
    fn is_lifted(&self, cell: Sq120, lifted: Bitboard) -> bool {
        let content = self.at(cell);
        !content.is_empty() && content != Cell::OFF_BOARD && lifted.contains(cell.on_board())
    }

    /// The first cell along `step` from `from` (excluded) that is not empty and not lifted: a
    /// piece, or the border.
    #[inline]
    fn first_standing(&self, from: Sq120, step: i8, lifted: Bitboard) -> Sq120 {
        let mut cell = from.offset(step);
        while self.at(cell).is_empty() || self.is_lifted(cell, lifted) {
            cell = cell.offset(step);
        }
        cell
    }

    /// The slider that the piece on `from` uncovers against `target` when it leaves: the first
    /// piece beyond `from` on the line from `target` (lifted pieces scanned past), if it moves
    /// along that line.
    fn uncovered(&self, target: Sq120, from: Sq120, lifted: Bitboard) -> Option<Sq120> {
        let step = line_step(target, from);
        if step == 0 {
            return None;
        }
        let cell = self.first_standing(from, step, lifted);
        let content = self.at(cell);
        let slides_along = match content.piece()?.role {
            Role::Queen => true,
            Role::Rook => is_orthogonal(step),
            Role::Bishop => !is_orthogonal(step),
            _ => false,
        };
        slides_along.then_some(cell)
    }
}

/// The engine queries answered by ray scans over the frame (see the module docs).
impl EngineQueries for MailboxBoard {
    /// The squares the piece on `sq` attacks.
    fn attacks_from(&self, sq: Square) -> Bitboard {
        let from = Sq120::from_square(sq);
        let mut attacks = Bitboard::EMPTY;
        if let Some(piece) = self.at(from).piece() {
            self.each_attack(from, piece, |cell| attacks = attacks.with(cell.on_board()));
        }
        attacks
    }

    /// The pieces of `by` that attack `sq` with the pieces on `lifted` taken off the board,
    /// found by looking outwards from `sq`.
    fn attackers_to(&self, sq: Square, by: Color, lifted: Bitboard) -> Bitboard {
        let target = Sq120::from_square(sq);
        let mut attackers = Bitboard::EMPTY;
        // A cell holding a piece is a playing square, so `on_board` names it.
        let mut add_if = |cell: Sq120, wanted: bool| {
            if wanted && !lifted.contains(cell.on_board()) {
                attackers = attackers.with(cell.on_board());
            }
        };
        let pawn = Cell::of(by, Role::Pawn);
        let behind = -10 * by.forward();
        for step in [behind - 1, behind + 1] {
            let from = target.offset(step);
            add_if(from, self.at(from) == pawn);
        }
        let knight = Cell::of(by, Role::Knight);
        if self.lists.count(knight) != 0 {
            for jump in direction::KNIGHT {
                let from = target.offset(jump);
                add_if(from, self.at(from) == knight);
            }
        }
        let king = Cell::of(by, Role::King);
        let queen = Cell::of(by, Role::Queen);
        for (steps, slider) in [
            (direction::ORTHOGONAL, Cell::of(by, Role::Rook)),
            (direction::DIAGONAL, Cell::of(by, Role::Bishop)),
        ] {
            for step in steps {
                let cell = self.first_standing(target, step, lifted);
                let content = self.at(cell);
                let next_to = cell == target.offset(step);
                add_if(
                    cell,
                    content == slider || content == queen || (next_to && content == king),
                );
            }
        }
        attackers
    }

    /// The cells `color`'s knights, bishops, rooks and queens may enter (empty or enemy),
    /// counted without a set: one mask test per cell reached.
    fn mobility(&self, color: Color) -> u32 {
        let own = Cell::color_bit(color);
        let mut count = 0;
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let piece = Piece::new(color, role);
            for &from in self.lists.squares(Cell::new(piece)) {
                self.each_attack(from, piece, |cell| {
                    count += u32::from(self.at(cell).is_open_to(own));
                });
            }
        }
        count
    }

    /// How many squares at least one piece of `color` attacks.
    fn attacked_squares(&self, color: Color) -> u32 {
        let mut attacked = Bitboard::EMPTY;
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            for &from in self.lists.squares(Cell::new(piece)) {
                self.each_attack(from, piece, |cell| {
                    attacked = attacked.with(cell.on_board())
                });
            }
        }
        attacked.count()
    }

    /// `color`'s pawn structure, the pawns read from the two pawn lists.
    fn pawn_structure(&self, color: Color) -> PawnStructure {
        let pawns = |side: Color| -> Bitboard {
            self.lists
                .squares(Cell::of(side, Role::Pawn))
                .iter()
                .map(|cell| cell.on_board())
                .collect()
        };
        pawn_structure_of(pawns(color), pawns(!color), color)
    }

    /// The static exchange value of `mv`, by the generic rules, with both sides' attackers
    /// found once and the x-rays added as pieces capture.
    fn see(&self, mv: Move) -> i32 {
        let target = Sq120::from_square(mv.to());
        // White's and black's attackers with `known_lifted` off the board.
        let mut known: Option<([Bitboard; 2], Bitboard)> = None;
        see_with(self, mv, |sq, by, lifted| {
            let sets = match known {
                // Only pieces that attacked have been lifted since: each leaves its side's set
                // and the slider behind it joins.
                Some((sets, known_lifted))
                    if (known_lifted & !lifted).is_empty()
                        && (lifted & !known_lifted & !(sets[0] | sets[1])).is_empty() =>
                {
                    let newly_lifted = lifted & !known_lifted;
                    let mut sets = sets.map(|set| set & !newly_lifted);
                    for left in newly_lifted {
                        if let Some(cell) = self.uncovered(target, Sq120::from_square(left), lifted)
                        {
                            let side = self.at(cell).occupant().color as usize;
                            sets[side] = sets[side].with(cell.on_board());
                        }
                    }
                    sets
                }
                // Anything else (the first question) asks the frame for every attacker.
                _ => [Color::White, Color::Black].map(|side| self.attackers_to(sq, side, lifted)),
            };
            known = Some((sets, lifted));
            sets[by as usize]
        })
    }
}
