//! The engine's queries answered the array boards' way, written once over the board's
//! [`Geometry`] as the move generator is: every step goes through [`Geometry::step`] (the 8x8
//! board's edge test by rank and file, the framed boards' read of the sentinel), every cell
//! read is a signed code, and a cell becomes core's square only when it joins an answer
//! ([`Geometry::square`]). The boards take these answers through
//! [`engine_queries!`](crate::engine_queries), which writes their
//! `boardlab_engine::EngineQueries` impl.
//!
//! - **Attackers of a square** are found looking outwards from it, as the board's check test
//!   does: the two cells a pawn of the attacking side would take from, the eight knight cells,
//!   and each of the eight rays walked to its first piece, which attacks if it is a slider of
//!   the ray's kind or a queen (or the king, one step away). A lifted piece is scanned past as
//!   an empty cell and attacks nothing. The generic answer instead asks every piece on the
//!   board for its whole attack set and keeps those that contain the square.
//! - **Attacks from a square, mobility and attacked squares** walk each piece's own steps and
//!   rays on the cells: a leaper's steps, a slider's rays up to and including the first
//!   occupied cell, each step the layout's own. The pieces are found by scanning the 64
//!   squares' cells (the boards keep no piece list) and comparing codes, with no `Piece` made.
//!   Mobility counts the cells a piece reaches that hold no piece of its side (one sign test:
//!   a step never lands on the sentinel) without building a set; attacked squares need a set,
//!   since a square attacked twice counts once.
//! - **Pawn structure** reads each rank's eight cells as one word (every layout keeps a
//!   rank's cells side by side, a-file first) and picks the bytes equal to the two pawn codes
//!   out of it at once, then gives the two sets to the engine's one definition
//!   (`boardlab_engine::queries::pawn_structure_of`). A scan of the 64 cells one by one for
//!   the two codes took 3 to 10% more time than the generic answer (which reaches the pawns
//!   through `for_each_piece`), the scan costing more than the definition; the word a rank
//!   takes 55 to 59% of the generic answer's time on each of the four boards (the standard
//!   positions and every position one move from them, timed side by side).
//! - **SEE** keeps both sides' attackers from its first question and, when a piece has
//!   captured, walks on from its cell, away from the target, to the slider it uncovered (the
//!   x-ray), instead of asking for every attacker again: over the same positions' captures
//!   7 to 14% less time than the same exchange walking all the rays at every capture.
//!
//! Every answer equals the generic one in `boardlab_engine::queries` (the conformance kit's
//! `engine_queries` checks each board). On the 8x8 board each step is an edge test and is
//! counted as one with the feature `count-edge-tests`; the move generator's counts, which
//! the survey measures, are those of `generate` alone and do not include the queries'.

use crate::code::{is_own, sign, BISHOP, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::geometry::{Dir, Geometry, DIAGONAL, KING_STEPS, KNIGHT_JUMPS, STRAIGHT};
use crate::position::ArrayPosition;
use boardlab_core::{Bitboard, Color, Square};

/// The two steps a pawn of the side whose forward rank step is `forward` captures along.
#[inline(always)]
const fn pawn_captures(forward: i8) -> [Dir; 2] {
    [
        Dir {
            df: -1,
            dr: forward,
        },
        Dir { df: 1, dr: forward },
    ]
}

impl<G: Geometry> ArrayPosition<G> {
    /// Calls `visit` with every cell the leaper on `from` reaches with `steps`.
    #[inline(always)]
    fn each_step_cell(&self, from: usize, steps: &[Dir], visit: &mut impl FnMut(usize)) {
        for &dir in steps {
            if let Some(to) = G::step(&self.cells, from, dir) {
                visit(to);
            }
        }
    }

    /// Calls `visit` with the cells of each ray from `from` along `dirs`, up to and including
    /// the first piece.
    #[inline(always)]
    fn each_ray_cell(&self, from: usize, dirs: &[Dir], visit: &mut impl FnMut(usize)) {
        for &dir in dirs {
            let mut cell = from;
            while let Some(next) = G::step(&self.cells, cell, dir) {
                cell = next;
                visit(cell);
                if self.cells[cell] != EMPTY {
                    break;
                }
            }
        }
    }

    /// Calls `visit` with every cell the piece of code `content` on `from` attacks (nothing
    /// for an empty cell).
    #[inline(always)]
    fn each_attack(&self, from: usize, content: i8, mut visit: impl FnMut(usize)) {
        match content.abs() {
            PAWN => {
                let forward = if content > 0 { 1 } else { -1 };
                self.each_step_cell(from, &pawn_captures(forward), &mut visit);
            }
            KNIGHT => self.each_step_cell(from, &KNIGHT_JUMPS, &mut visit),
            BISHOP => self.each_ray_cell(from, &DIAGONAL, &mut visit),
            ROOK => self.each_ray_cell(from, &STRAIGHT, &mut visit),
            QUEEN => self.each_ray_cell(from, &KING_STEPS, &mut visit),
            KING => self.each_step_cell(from, &KING_STEPS, &mut visit),
            _ => {}
        }
    }

    /// The squares the piece on `sq` attacks (none when `sq` is empty): the engine's
    /// `attacks_from`.
    pub fn attacks_from(&self, sq: Square) -> Bitboard {
        let from = G::cell(sq);
        let mut attacks = Bitboard::EMPTY;
        self.each_attack(from, self.cells[from], |cell| {
            attacks = attacks.with(G::square(cell));
        });
        attacks
    }

    /// The pieces of `by` that attack `sq` once the pieces on `lifted` are taken off, found
    /// looking outwards from `sq`: the engine's `attackers_to`.
    pub fn attackers_to(&self, sq: Square, by: Color, lifted: Bitboard) -> Bitboard {
        let cells = &self.cells;
        let target = G::cell(sq);
        let theirs = sign(by);
        let mut attackers = Bitboard::EMPTY;
        let mut add_if = |cell: usize, wanted: bool| {
            if wanted {
                let square = G::square(cell);
                if !lifted.contains(square) {
                    attackers = attackers.with(square);
                }
            }
        };
        // A pawn of `by` attacks the target from one rank behind it, as `by` sees it.
        for dir in pawn_captures(-by.forward()) {
            if let Some(from) = G::step(cells, target, dir) {
                add_if(from, cells[from] == PAWN * theirs);
            }
        }
        let knight = KNIGHT * theirs;
        for jump in KNIGHT_JUMPS {
            if let Some(from) = G::step(cells, target, jump) {
                add_if(from, cells[from] == knight);
            }
        }
        let (queen, king) = (QUEEN * theirs, KING * theirs);
        for dir in KING_STEPS {
            let slider = if dir.is_diagonal() { BISHOP } else { ROOK } * theirs;
            let mut cell = target;
            let mut next_to = true;
            while let Some(next) = G::step(cells, cell, dir) {
                cell = next;
                let content = cells[cell];
                if content == EMPTY {
                    next_to = false;
                    continue;
                }
                let square = G::square(cell);
                if lifted.contains(square) {
                    next_to = false;
                    continue;
                }
                if content == slider || content == queen || (next_to && content == king) {
                    attackers = attackers.with(square);
                }
                break;
            }
        }
        attackers
    }

    /// Over `color`'s knights, bishops, rooks and queens, the cells they attack that hold no
    /// piece of `color`, summed without a set: the engine's `mobility`.
    pub fn mobility(&self, color: Color) -> u32 {
        let own = sign(color);
        let mut count = 0;
        for &from in G::BOARD_CELLS.iter() {
            let from = usize::from(from);
            let content = self.cells[from];
            let kind = content * own;
            if (KNIGHT..=QUEEN).contains(&kind) {
                self.each_attack(from, content, |cell| {
                    count += u32::from(!is_own(self.cells[cell], own));
                });
            }
        }
        count
    }

    /// How many squares at least one piece of `color` attacks: the engine's
    /// `attacked_squares`.
    pub fn attacked_squares(&self, color: Color) -> u32 {
        let own = sign(color);
        let mut attacked = Bitboard::EMPTY;
        for &from in G::BOARD_CELLS.iter() {
            let from = usize::from(from);
            let content = self.cells[from];
            if is_own(content, own) {
                self.each_attack(from, content, |cell| {
                    attacked = attacked.with(G::square(cell));
                });
            }
        }
        attacked.count()
    }

    /// The squares of `color`'s pawns and of the other side's: each rank's eight cells read
    /// as one word, and the bytes equal to the two pawn codes picked out of it at once.
    pub fn pawns(&self, color: Color) -> (Bitboard, Bitboard) {
        let cells: &[i8] = self.cells.as_ref();
        let (mut white, mut black) = (0u64, 0u64);
        for rank in 0..8 {
            let start = usize::from(G::BOARD_CELLS[8 * rank]);
            debug_assert_eq!(usize::from(G::BOARD_CELLS[8 * rank + 7]), start + 7);
            let row: [i8; 8] = cells[start..start + 8].try_into().expect("eight cells");
            let word = u64::from_le_bytes(row.map(|code| code as u8));
            if word == 0 {
                continue;
            }
            white |= u64::from(bytes_equal(word, PAWN as u8)) << (8 * rank);
            black |= u64::from(bytes_equal(word, (-PAWN) as u8)) << (8 * rank);
        }
        match color {
            Color::White => (Bitboard(white), Bitboard(black)),
            Color::Black => (Bitboard(black), Bitboard(white)),
        }
    }
}

/// What the array boards' SEE knows between its questions: both sides' attackers of the
/// exchange's square with the pieces of `lifted` taken off, once they have been asked for.
pub struct SeeAttackers {
    known: Option<(Square, [Bitboard; 2], Bitboard)>,
}

impl Default for SeeAttackers {
    fn default() -> Self {
        Self::new()
    }
}

impl SeeAttackers {
    /// Nothing known yet.
    pub const fn new() -> SeeAttackers {
        SeeAttackers { known: None }
    }

    /// The pieces of `by` that attack `sq` with `lifted` taken off `position`: the first
    /// question, or any the known sets do not answer, walks the rays for both sides; after a
    /// capture (only known attackers newly lifted) each lifted piece leaves its side's set and
    /// the slider it uncovers, if any, joins.
    pub fn ask<G: Geometry>(
        &mut self,
        position: &ArrayPosition<G>,
        sq: Square,
        by: Color,
        lifted: Bitboard,
    ) -> Bitboard {
        let sets = match self.known {
            Some((known_sq, sets, known_lifted))
                if known_sq == sq
                    && (known_lifted & !lifted).is_empty()
                    && (lifted & !known_lifted & !(sets[0] | sets[1])).is_empty() =>
            {
                let newly_lifted = lifted & !known_lifted;
                let mut sets = sets.map(|set| set & !newly_lifted);
                for left in newly_lifted {
                    if let Some((side, behind)) = position.uncovered(sq, left, lifted) {
                        sets[side.index()] = sets[side.index()].with(behind);
                    }
                }
                sets
            }
            _ => [Color::White, Color::Black].map(|side| position.attackers_to(sq, side, lifted)),
        };
        self.known = Some((sq, sets, lifted));
        sets[by.index()]
    }
}

impl<G: Geometry> ArrayPosition<G> {
    /// The slider that the piece on `left` uncovers against `target` once it is lifted: the
    /// first piece beyond `left` on the line from `target` (lifted pieces scanned past), with
    /// its side, if it moves along that line.
    fn uncovered(&self, target: Square, left: Square, lifted: Bitboard) -> Option<(Color, Square)> {
        let (left_index, target_index) = (left.index() as i8, target.index() as i8);
        let df = (left_index & 7) - (target_index & 7);
        let dr = (left_index >> 3) - (target_index >> 3);
        if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
            return None;
        }
        let dir = Dir {
            df: df.signum(),
            dr: dr.signum(),
        };
        let mut cell = G::cell(left);
        while let Some(next) = G::step(&self.cells, cell, dir) {
            cell = next;
            let content = self.cells[cell];
            if content == EMPTY {
                continue;
            }
            let square = G::square(cell);
            if lifted.contains(square) {
                continue;
            }
            let slides_along = match content.abs() {
                QUEEN => true,
                ROOK => !dir.is_diagonal(),
                BISHOP => dir.is_diagonal(),
                _ => false,
            };
            let side = if content > 0 {
                Color::White
            } else {
                Color::Black
            };
            return slides_along.then_some((side, square));
        }
        None
    }
}

/// One bit for each byte of `word` equal to `byte`, the lowest byte's bit lowest.
#[inline(always)]
fn bytes_equal(word: u64, byte: u8) -> u8 {
    const LOW_SEVEN: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The bytes equal to `byte` become zero; a byte's high bit is then set exactly when the
    // byte is not zero (the low seven bits' sum carries into it, or it was set already).
    let differs = word ^ (0x0101_0101_0101_0101 * u64::from(byte));
    let zero = !(((differs & LOW_SEVEN) + LOW_SEVEN) | differs) & HIGH;
    // Bit 8i+7 of `zero` moves to bit 56+i; every other product lands below bit 56, each on
    // its own bit, or above bit 63.
    ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// Writes `impl boardlab_engine::EngineQueries for $board` with the array boards' own answers
/// (the docs of this crate's `queries` module say how each is found), for a board written by
/// [`array_board!`](crate::array_board). The crate that calls it depends on boardlab-engine;
/// this one does not. `see` stays the trait's, on top of the board's `attackers_to`.
#[macro_export]
macro_rules! engine_queries {
    ($board:ty) => {
        /// The engine queries answered on the cells, each piece's steps and rays walked with
        /// this board's own step (boardlab-arrays' `queries` module).
        impl ::boardlab_engine::EngineQueries for $board {
            #[inline]
            fn attacks_from(&self, sq: $crate::__core::Square) -> $crate::__core::Bitboard {
                self.0.attacks_from(sq)
            }

            #[inline]
            fn attackers_to(
                &self,
                sq: $crate::__core::Square,
                by: $crate::__core::Color,
                lifted: $crate::__core::Bitboard,
            ) -> $crate::__core::Bitboard {
                self.0.attackers_to(sq, by, lifted)
            }

            #[inline]
            fn mobility(&self, color: $crate::__core::Color) -> u32 {
                self.0.mobility(color)
            }

            #[inline]
            fn attacked_squares(&self, color: $crate::__core::Color) -> u32 {
                self.0.attacked_squares(color)
            }

            #[inline]
            fn pawn_structure(
                &self,
                color: $crate::__core::Color,
            ) -> ::boardlab_engine::PawnStructure {
                let (own, enemy) = self.0.pawns(color);
                ::boardlab_engine::queries::pawn_structure_of(own, enemy, color)
            }

            fn see(&self, mv: $crate::__core::Move) -> i32 {
                let mut known = $crate::SeeAttackers::new();
                ::boardlab_engine::queries::see_with(self, mv, |sq, by, lifted| {
                    known.ask(&self.0, sq, by, lifted)
                })
            }
        }
    };
}
