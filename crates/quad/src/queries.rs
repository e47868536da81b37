//! The engine queries answered from the four bitboards, in stored squares, and turned back
//! into real squares only at the end (a byte swap when Black is to move; the counts need no
//! turning at all, since the flip moves squares but never changes how many).
//!
//! - **Which pieces are of a kind** is a plane formula, not a walk over the squares: knights
//!   are `plane1` alone, the diagonal sliders `plane0 & plane2`, the straight ones
//!   `plane2 & !(plane0 & !plane1)` (castling rooks included), pawns `plane0` alone, and a
//!   side's pieces `mover` or its complement within the occupancy.
//! - **Attacks from a square** read the square's code (one bit from each plane) and look the
//!   piece up: the knight and king tables, the PEXT slider tables the generator uses, a pawn's
//!   two capture squares by shifts, up the board for the side to move and down for the other.
//! - **Attackers of a square** are the generator's own question (`QuadBoard::attackers`),
//!   asked on the occupancy without the lifted pieces, and the lifted pieces are then removed
//!   from the answer.
//! - **Mobility and attacked squares** take each kind of piece as a set from the planes and
//!   look up only those pieces; the pawns' captures are two shifts of the whole pawn set.
//! - **Pawn structure** takes the two pawn sets from the planes and hands them, as real
//!   squares, to the one definition of doubled, isolated and passed pawns.
//!
//! SEE keeps the trait's answer, which is written on `attackers_to` and so asks the planes.
//! Every answer equals the generic one in `boardlab_engine::queries` (the conformance kit
//! checks).

use crate::board::{QuadBoard, FILE_A, FILE_H};
use crate::movegen;
use crate::{BISHOP, CASTLING_ROOK, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK};
use boardlab_core::bitboard::{king_attacks, knight_attacks};
use boardlab_core::{Bitboard, Color, Square};
use boardlab_engine::queries::pawn_structure_of;
use boardlab_engine::{EngineQueries, PawnStructure};

/// The squares the pawns of `pawns` attack, in stored squares: up the board when they belong
/// to the side to move, down it when they belong to the other side.
#[inline(always)]
fn pawn_captures(pawns: u64, of_mover: bool) -> u64 {
    if of_mover {
        ((pawns << 7) & !FILE_H) | ((pawns << 9) & !FILE_A)
    } else {
        ((pawns >> 9) & !FILE_H) | ((pawns >> 7) & !FILE_A)
    }
}

/// One side's pieces sorted by how they attack, each a stored set.
struct Kinds {
    pawns: u64,
    knights: u64,
    kings: u64,
    diagonal: u64,
    straight: u64,
}

impl QuadBoard {
    /// `color`'s pieces by kind, and whether `color` is the side to move.
    #[inline(always)]
    fn kinds(&self, color: Color) -> (Kinds, bool) {
        let own = self.side(color);
        let [a, b, c] = self.planes;
        let kinds = Kinds {
            pawns: a & !(b | c) & own,
            knights: b & !(a | c) & own,
            kings: a & b & !c & own,
            diagonal: a & c & own,
            straight: c & !(a & !b) & own,
        };
        (kinds, color == self.turn())
    }
}

/// Calls `visit` with the attacks of every knight and slider in `kinds` on `occupied`.
#[inline(always)]
fn for_each_piece_attack(kinds: &Kinds, occupied: u64, mut visit: impl FnMut(u64)) {
    let tables = movegen::tables();
    let occupied = Bitboard(occupied);
    for sq in Bitboard(kinds.knights) {
        visit(knight_attacks(sq).0);
    }
    for sq in Bitboard(kinds.diagonal) {
        visit(tables.bishop(sq, occupied).0);
    }
    for sq in Bitboard(kinds.straight) {
        visit(tables.rook(sq, occupied).0);
    }
}

impl EngineQueries for QuadBoard {
    fn attacks_from(&self, sq: Square) -> Bitboard {
        let s = self.stored(sq);
        let at = Square::from_index(s as u8);
        let occupied = Bitboard(self.occupied());
        let tables = movegen::tables();
        let attacks = match self.code_at(s) {
            EMPTY => 0,
            PAWN => pawn_captures(1 << s, self.mover >> s & 1 != 0),
            KNIGHT => knight_attacks(at).0,
            KING => king_attacks(at).0,
            BISHOP => tables.bishop(at, occupied).0,
            CASTLING_ROOK | ROOK => tables.rook(at, occupied).0,
            QUEEN => tables.bishop(at, occupied).0 | tables.rook(at, occupied).0,
            code => unreachable!("a three-bit code, {code}, beyond the eight"),
        };
        Bitboard(self.real_set(attacks))
    }

    fn attackers_to(&self, sq: Square, by: Color, lifted: Bitboard) -> Bitboard {
        // The byte swap that turns real squares into stored ones is its own inverse.
        let lifted = self.real_set(lifted.0);
        let occupied = self.occupied() & !lifted;
        let attackers = self.attackers(self.stored(sq), by == self.turn(), occupied);
        Bitboard(self.real_set(attackers & !lifted))
    }

    fn mobility(&self, color: Color) -> u32 {
        let (kinds, _) = self.kinds(color);
        let open = !self.side(color);
        let mut total = 0;
        for_each_piece_attack(&kinds, self.occupied(), |attacks| {
            total += (attacks & open).count_ones();
        });
        total
    }

    fn attacked_squares(&self, color: Color) -> u32 {
        let (kinds, of_mover) = self.kinds(color);
        let mut attacked = pawn_captures(kinds.pawns, of_mover);
        for sq in Bitboard(kinds.kings) {
            attacked |= king_attacks(sq).0;
        }
        for_each_piece_attack(&kinds, self.occupied(), |attacks| attacked |= attacks);
        attacked.count_ones()
    }

    fn pawn_structure(&self, color: Color) -> PawnStructure {
        let pawns = self.with_code(PAWN);
        let own = self.real_set(pawns & self.side(color));
        let enemy = self.real_set(pawns & self.side(color.opposite()));
        pawn_structure_of(Bitboard(own), Bitboard(enemy), color)
    }
}
