//! A slow `Board` built on [`Setup`] alone: the yardstick the real backends are held against.
//!
//! Moves are generated pseudo-legally and kept when the reference [`Setup::play`] leaves the
//! mover's king unattacked. Make pushes the old setup on a stack and unmake pops it. It is short
//! and easy to check by eye, passes the perft suites, and lets boardlab-core test its search
//! without depending on a backend crate. It is not registered on the command line.

use crate::bitboard::pawn_attacks;
use crate::{
    Board, CastlingRights, CastlingSide, Color, GenKind, Move, MoveFlag, MoveList, Piece, Role,
    Setup, Square, Zobrist,
};

/// A [`Board`] that is a [`Setup`] plus the setups it came from (see the module docs).
#[derive(Clone, Debug)]
pub struct ReferenceBoard {
    setup: Setup,
    zobrist: Zobrist,
    previous: Vec<(Setup, Zobrist)>,
}

impl ReferenceBoard {
    fn pseudo_legal(&self, out: &mut MoveList) {
        let setup = &self.setup;
        let us = setup.turn;
        let ours = |sq: Square| setup.piece_at(sq).is_some_and(|p| p.color == us);
        let theirs = |sq: Square| setup.piece_at(sq).is_some_and(|p| p.color != us);
        let occupied = setup.occupied();
        let last_rank = if us == Color::White { 7 } else { 0 };
        let start_rank = if us == Color::White { 1 } else { 6 };
        let push_promotions = |out: &mut MoveList, from, to, capture| {
            for role in Role::PROMOTIONS {
                out.push(Move::new(from, to, MoveFlag::promotion(role, capture)));
            }
        };
        for (from, piece) in setup.pieces() {
            if piece.color != us {
                continue;
            }
            let targets = match piece.role {
                Role::Pawn => {
                    if let Some(one) = from.offset(0, us.forward()) {
                        if setup.piece_at(one).is_none() {
                            if one.rank().index() == last_rank {
                                push_promotions(out, from, one, false);
                            } else {
                                out.push(Move::new(from, one, MoveFlag::Quiet));
                                if from.rank().index() == start_rank {
                                    if let Some(two) = one.offset(0, us.forward()) {
                                        if setup.piece_at(two).is_none() {
                                            out.push(Move::new(from, two, MoveFlag::DoublePush));
                                        }
                                    }
                                }
                            }
                        }
                    }
                    for to in pawn_attacks(us, from) {
                        if theirs(to) {
                            if to.rank().index() == last_rank {
                                push_promotions(out, from, to, true);
                            } else {
                                out.push(Move::new(from, to, MoveFlag::Capture));
                            }
                        } else if setup.ep_square == Some(to) {
                            out.push(Move::new(from, to, MoveFlag::EnPassant));
                        }
                    }
                    continue;
                }
                _ => crate::setup::piece_attacks(piece, from, occupied),
            };
            for to in targets {
                if ours(to) {
                    continue;
                }
                let flag = if theirs(to) {
                    MoveFlag::Capture
                } else {
                    MoveFlag::Quiet
                };
                out.push(Move::new(from, to, flag));
            }
        }
        for side in CastlingSide::ALL {
            if setup.castling.has(us, side)
                && side
                    .empty_squares(us)
                    .iter()
                    .all(|&sq| setup.piece_at(sq).is_none())
                && side
                    .king_path(us)
                    .iter()
                    .all(|&sq| !setup.is_attacked(sq, !us))
            {
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
            zobrist: Zobrist::of(setup),
            previous: Vec::new(),
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
        self.zobrist
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
        let mut candidates = MoveList::new();
        self.pseudo_legal(&mut candidates);
        out.clear();
        let us = self.setup.turn;
        for &mv in candidates.iter() {
            if !kind.includes(mv) {
                continue;
            }
            let mut after = self.setup.clone();
            after.play(mv);
            let king = after.king(us).unwrap_or(Square::A1);
            if !after.is_attacked(king, !us) {
                out.push(mv);
            }
        }
    }

    fn make(&mut self, mv: Move) {
        self.previous.push((self.setup.clone(), self.zobrist));
        self.setup.play(mv);
        self.zobrist = Zobrist::of(&self.setup);
    }

    fn unmake(&mut self, _mv: Move, _undo: ()) {
        if let Some((setup, zobrist)) = self.previous.pop() {
            self.setup = setup;
            self.zobrist = zobrist;
        }
    }

    fn make_null(&mut self) {
        self.previous.push((self.setup.clone(), self.zobrist));
        self.setup.play_null();
        self.zobrist = Zobrist::of(&self.setup);
    }

    fn unmake_null(&mut self, _undo: ()) {
        self.unmake(Move::NULL, ());
    }
}
