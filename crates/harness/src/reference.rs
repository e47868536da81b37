//! A plain board built directly on [`Setup`]: slow, short and easy to check by eye.
//!
//! It generates pseudo-legal moves square by square, plays each with the reference
//! [`Setup::play`] and keeps those that leave the king safe. It is the yardstick the harness's
//! own tests and the cross-backend tests hold the real backends against; it is not registered
//! as a backend on the command line.

use boardlab_core::bitboard::{
    king_attacks, knight_attacks, pawn_attacks, slider_attacks_slow, BISHOP_DIRECTIONS,
    ROOK_DIRECTIONS,
};
use boardlab_core::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, GenKind, Move, MoveFlag, MoveList, Piece,
    Role, Setup, Square, Zobrist,
};

/// A [`Board`] that is a [`Setup`] plus the setups it came from (its undo stack).
#[derive(Clone, Debug)]
pub struct ReferenceBoard {
    setup: Setup,
    history: Vec<Setup>,
}

impl ReferenceBoard {
    fn own_and_their(&self) -> (Bitboard, Bitboard) {
        let mut own = Bitboard::EMPTY;
        let mut their = Bitboard::EMPTY;
        for (sq, piece) in self.setup.pieces() {
            if piece.color == self.setup.turn {
                own = own.with(sq);
            } else {
                their = their.with(sq);
            }
        }
        (own, their)
    }

    fn pseudo_legal(&self, out: &mut MoveList) {
        let us = self.setup.turn;
        let (own, their) = self.own_and_their();
        let occupied = own | their;
        let flag_for = |to: Square| {
            if their.contains(to) {
                MoveFlag::Capture
            } else {
                MoveFlag::Quiet
            }
        };
        for (from, piece) in self.setup.pieces().filter(|(_, p)| p.color == us) {
            let targets = match piece.role {
                Role::Pawn => {
                    self.pawn_moves(from, their, occupied, out);
                    continue;
                }
                Role::Knight => knight_attacks(from),
                Role::King => king_attacks(from),
                Role::Bishop => slider_attacks_slow(from, occupied, &BISHOP_DIRECTIONS),
                Role::Rook => slider_attacks_slow(from, occupied, &ROOK_DIRECTIONS),
                Role::Queen => {
                    slider_attacks_slow(from, occupied, &BISHOP_DIRECTIONS)
                        | slider_attacks_slow(from, occupied, &ROOK_DIRECTIONS)
                }
            };
            for to in targets & !own {
                out.push(Move::new(from, to, flag_for(to)));
            }
        }
        self.castling_moves(occupied, out);
    }

    fn pawn_moves(&self, from: Square, their: Bitboard, occupied: Bitboard, out: &mut MoveList) {
        let us = self.setup.turn;
        let forward = us.forward();
        let last_rank = if us == Color::White { 7 } else { 0 };
        let start_rank = if us == Color::White { 1 } else { 6 };
        let push = |to: Square, capture: bool, out: &mut MoveList| {
            if to.rank().index() == last_rank {
                for role in Role::PROMOTIONS {
                    out.push(Move::new(from, to, MoveFlag::promotion(role, capture)));
                }
            } else {
                let flag = if capture {
                    MoveFlag::Capture
                } else {
                    MoveFlag::Quiet
                };
                out.push(Move::new(from, to, flag));
            }
        };
        if let Some(one) = from.offset(0, forward).filter(|sq| !occupied.contains(*sq)) {
            push(one, false, out);
            if from.rank().index() == start_rank {
                if let Some(two) = one.offset(0, forward).filter(|sq| !occupied.contains(*sq)) {
                    out.push(Move::new(from, two, MoveFlag::DoublePush));
                }
            }
        }
        for to in pawn_attacks(us, from) {
            if their.contains(to) {
                push(to, true, out);
            } else if self.setup.ep_square == Some(to) {
                out.push(Move::new(from, to, MoveFlag::EnPassant));
            }
        }
    }

    fn castling_moves(&self, occupied: Bitboard, out: &mut MoveList) {
        let us = self.setup.turn;
        for side in CastlingSide::ALL {
            let possible = self.setup.castling.has(us, side)
                && side
                    .empty_squares(us)
                    .iter()
                    .all(|sq| !occupied.contains(*sq))
                && side
                    .king_path(us)
                    .iter()
                    .all(|sq| !self.setup.is_attacked(*sq, !us));
            if possible {
                let flag = match side {
                    CastlingSide::King => MoveFlag::KingCastle,
                    CastlingSide::Queen => MoveFlag::QueenCastle,
                };
                out.push(Move::new(
                    CastlingSide::king_from(us),
                    side.king_to(us),
                    flag,
                ));
            }
        }
    }
}

impl Board for ReferenceBoard {
    type Undo = ();
    const NAME: &'static str = "reference";

    fn from_setup(setup: &Setup) -> Self {
        ReferenceBoard {
            setup: setup.clone(),
            history: Vec::new(),
        }
    }

    fn to_setup(&self) -> Setup {
        self.setup.clone()
    }

    fn side_to_move(&self) -> Color {
        self.setup.turn
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.setup.piece_at(sq)
    }

    fn castling(&self) -> CastlingRights {
        self.setup.castling
    }

    fn ep_square(&self) -> Option<Square> {
        self.setup.ep_square
    }

    fn halfmove_clock(&self) -> u32 {
        self.setup.halfmove_clock
    }

    fn fullmove_number(&self) -> u32 {
        self.setup.fullmove_number
    }

    fn zobrist(&self) -> Zobrist {
        Zobrist::of(&self.setup)
    }

    fn king_square(&self, color: Color) -> Square {
        self.setup.king(color).unwrap_or(Square::A1)
    }

    fn in_check(&self) -> bool {
        self.setup.in_check()
    }

    fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.setup.is_attacked(sq, by)
    }

    fn generate(&self, kind: GenKind, out: &mut MoveList) {
        out.clear();
        let mut candidates = MoveList::new();
        self.pseudo_legal(&mut candidates);
        let us = self.setup.turn;
        for &mv in candidates.iter().filter(|mv| kind.includes(**mv)) {
            let mut after = self.setup.clone();
            after.play(mv);
            let safe = after
                .king(us)
                .is_some_and(|king| !after.is_attacked(king, !us));
            if safe {
                out.push(mv);
            }
        }
    }

    fn make(&mut self, mv: Move) -> Self::Undo {
        self.history.push(self.setup.clone());
        self.setup.play(mv);
    }

    fn unmake(&mut self, _mv: Move, _undo: Self::Undo) {
        if let Some(previous) = self.history.pop() {
            self.setup = previous;
        }
    }

    fn make_null(&mut self) -> Self::Undo {
        self.history.push(self.setup.clone());
        self.setup.play_null();
    }

    fn unmake_null(&mut self, _undo: Self::Undo) {
        if let Some(previous) = self.history.pop() {
            self.setup = previous;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::epd::STANDARD_SUITE;

    #[test]
    fn passes_the_conformance_checks() {
        boardlab_core::testkit::check_all::<ReferenceBoard>(3_000);
        boardlab_core::testkit::check_perft_suite::<ReferenceBoard>(
            STANDARD_SUITE,
            100_000,
            boardlab_core::PerftMode::Bulk,
        );
    }
}
