//! The board: two piece lists and the position's state, with make and unmake.

use crate::attacks::file;
use crate::list::PieceList;
use crate::movegen::Generation;
use boardlab_core::{
    Board, BoardExt, Color, Move, MoveFlag, MoveSink, Piece, PositionState, Role, Setup, Square,
};

/// A chess position stored as two piece lists and nothing else (see the crate docs).
///
/// # Examples
///
/// ```
/// use boardlab_core::{perft, Board, BoardExt, PerftMode, START_FEN};
/// use boardlab_piece_list::PieceListBoard;
///
/// let mut board = PieceListBoard::from_fen(START_FEN).unwrap();
/// assert_eq!(perft(&mut board, 3, PerftMode::Bulk), 8902);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PieceListBoard {
    /// White's list, then black's, indexed by [`Color::index`].
    pub(crate) lists: [PieceList; 2],
    /// The side to move, castling rights, en-passant square, clocks and hash.
    pub(crate) state: PositionState,
}

/// What [`PieceListBoard::unmake`](Board::unmake) needs: the state before the move, and where
/// in the lists the mover and the captured piece stood, so unmake scans nothing for them.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    state: PositionState,
    mover: u8,
    /// The captured piece's index in its list, or [`Undo::NO_CAPTURE`].
    captured_index: u8,
    captured_role: Role,
}

impl Undo {
    const NO_CAPTURE: u8 = u8::MAX;

    /// The record of a move that has not yet moved or captured anything from `state`: what a
    /// null move saves, and what make fills in as the move goes.
    #[inline]
    fn before(state: PositionState) -> Undo {
        Undo {
            state,
            mover: 0,
            captured_index: Undo::NO_CAPTURE,
            captured_role: Role::Pawn,
        }
    }
}

/// The roles in the order a new list takes them after the king: a fixed order makes a position
/// always load into the same lists.
const LIST_ORDER: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

impl PieceListBoard {
    /// `color`'s piece list.
    #[inline]
    pub fn list(&self, color: Color) -> &PieceList {
        &self.lists[color.index()]
    }

    /// The square the pawn of `mover` that double-pushed from `from` to `to` skipped, if a pawn
    /// of the other side stands beside it and so might take it en passant (the rule of
    /// [`Setup`]).
    #[inline]
    fn ep_target(&self, mover: Color, from: u8, to: u8) -> Option<Square> {
        let them = &self.lists[(!mover).index()];
        let beside = |sq: u8| {
            let index = them.find(sq);
            index < PieceList::CAPACITY && them.role(index) == Role::Pawn
        };
        let left = file(to) > 0 && beside(to - 1);
        let right = file(to) < 7 && beside(to + 1);
        if left || right {
            Some(Square::from_index((from + to) / 2))
        } else {
            None
        }
    }
}

impl Board for PieceListBoard {
    type Undo = Undo;

    const NAME: &'static str = "piece-list";
    const GENERATOR: &'static str = "piece-list";
    const PLAYS_CHESS960: bool = true;

    fn from_setup(setup: &Setup) -> PieceListBoard {
        let mut lists = [PieceList::EMPTY; 2];
        for role in LIST_ORDER {
            for (sq, piece) in setup.pieces() {
                if piece.role == role {
                    lists[piece.color.index()].push(role, sq as u8);
                }
            }
        }
        let mut setup = setup.clone();
        setup.normalize_ep_square();
        PieceListBoard {
            lists,
            state: PositionState::of(&setup),
        }
    }

    #[inline]
    fn state(&self) -> PositionState {
        self.state
    }

    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        Color::ALL.into_iter().find_map(|color| {
            let list = &self.lists[color.index()];
            list.index_of(sq)
                .map(|index| Piece::new(color, list.role(index)))
        })
    }

    #[inline]
    fn king_square(&self, color: Color) -> Square {
        Square::from_index(self.lists[color.index()].king())
    }

    #[inline]
    fn in_check(&self) -> bool {
        let us = self.state.turn;
        let king = self.lists[us.index()].king();
        self.attacked_ignoring(king, !us, crate::NOTHING_IGNORED)
    }

    #[inline]
    fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attacked_ignoring(sq as u8, by, crate::NOTHING_IGNORED)
    }

    #[inline]
    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        Generation::run(self, sink);
    }

    fn make(&mut self, mv: Move) -> Undo {
        let us = self.state.turn;
        let them = !us;
        let (from, to) = (mv.from() as u8, mv.to() as u8);
        let mut undo = Undo::before(self.state);
        self.state.start_move();

        if mv.is_capture() {
            let victim_sq = if mv.is_en_passant() {
                // The captured pawn stands beside the mover, on the rank it leaves.
                (from & !7) | (to & 7)
            } else {
                to
            };
            let victims = &mut self.lists[them.index()];
            let index = victims.index_at(victim_sq);
            let role = victims.role(index);
            victims.remove(index);
            undo.captured_index = index as u8;
            undo.captured_role = role;
            self.state
                .toggle_piece(Piece::new(them, role), Square::from_index(victim_sq));
            self.state.reset_halfmove_clock();
        }

        let movers = &mut self.lists[us.index()];
        // The castling rook is found before the king moves: in Chess960 the king may land on
        // the rook's square, and a scan afterwards would find the king there.
        let castling_rook = mv.castling_side().map(|side| {
            let rook_from = self.state.castling.rook_or_corner(us, side);
            (
                movers.index_at(rook_from as u8),
                rook_from,
                side.rook_to(us),
            )
        });
        let index = movers.index_at(from);
        undo.mover = index as u8;
        let role = movers.role(index);
        let landing_role = mv.promotion().unwrap_or(role);
        movers.set_square(index, to);
        movers.set_role(index, landing_role);
        // Two toggles rather than one move of a piece: a promotion lands as another piece.
        self.state.toggle_piece(Piece::new(us, role), mv.from());
        self.state
            .toggle_piece(Piece::new(us, landing_role), mv.to());

        match mv.flag() {
            MoveFlag::DoublePush => {
                if let Some(ep) = self.ep_target(us, from, to) {
                    self.state.set_en_passant(ep);
                }
            }
            MoveFlag::KingCastle | MoveFlag::QueenCastle => {
                if let Some((rook, rook_from, rook_to)) = castling_rook {
                    self.lists[us.index()].set_square(rook, rook_to as u8);
                    self.state
                        .move_piece(Piece::new(us, Role::Rook), rook_from, rook_to);
                }
            }
            _ => {}
        }
        if role == Role::Pawn {
            self.state.reset_halfmove_clock();
        }

        // Every castling king and rook stands on a back rank, so only a move that leaves or
        // lands on one, with a right left to lose, can change the rights. Asking that first
        // skips the full test for most moves: 1.6% fewer instructions over the six standard
        // positions, 3.2% on position 3, which has no rights (callgrind, one ply below the
        // ratio bench's depths).
        let on_back_rank = |sq: u8| matches!(sq >> 3, 0 | 7);
        if (on_back_rank(from) || on_back_rank(to)) && !self.state.castling.is_empty() {
            self.state
                .set_castling(self.state.castling.after_move(mv.from(), mv.to()));
        }
        self.state.finish_move();
        undo
    }

    fn unmake(&mut self, mv: Move, undo: Undo) {
        // The state goes back first: the rights before the move name the castling rook.
        self.state = undo.state;
        let us = self.state.turn;
        let (from, to) = (mv.from() as u8, mv.to() as u8);
        let movers = &mut self.lists[us.index()];
        let mover = usize::from(undo.mover);
        // As in make, the rook is found before the king moves back: in Chess960 the king's
        // square may be where the rook stands now.
        if let Some(side) = mv.castling_side() {
            let rook = movers.index_at(side.rook_to(us) as u8);
            let rook_from = self.state.castling.rook_or_corner(us, side);
            movers.set_square(mover, from);
            movers.set_square(rook, rook_from as u8);
        } else {
            movers.set_square(mover, from);
        }
        if mv.is_promotion() {
            movers.set_role(mover, Role::Pawn);
        }
        if undo.captured_index != Undo::NO_CAPTURE {
            let victim_sq = if mv.is_en_passant() {
                (from & !7) | (to & 7)
            } else {
                to
            };
            self.lists[(!us).index()].restore(
                usize::from(undo.captured_index),
                undo.captured_role,
                victim_sq,
            );
        }
    }

    fn make_null(&mut self) -> Undo {
        let undo = Undo::before(self.state);
        self.state.pass();
        undo
    }

    fn unmake_null(&mut self, undo: Undo) {
        self.state = undo.state;
    }

    fn table_bytes() -> usize {
        crate::movegen::TABLE_BYTES
    }

    fn for_each_piece(&self, mut f: impl FnMut(Square, Piece)) {
        for color in Color::ALL {
            for (role, sq) in self.lists[color.index()].iter() {
                f(sq, Piece::new(color, role));
            }
        }
    }
}

impl std::fmt::Debug for PieceListBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "PieceListBoard({}, white {:?}, black {:?})",
            self.to_fen(),
            self.lists[0],
            self.lists[1]
        )
    }
}
