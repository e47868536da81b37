//! The position on any of the array boards: the cells, the kings' cells, core's
//! `PositionState`, and make/unmake written once over the board's [`Geometry`].

use crate::code::{code, code_of, piece_of, EMPTY, KING, PAWN};
use crate::geometry::Geometry;
use boardlab_core::{
    Bitboard, CastlingRights, Color, Move, MoveFlag, Piece, PositionState, Role, Setup, Square,
};

/// A position on the array board `G`: one signed code per cell, beside the kings' cells and
/// the state every backend keeps (side to move, castling rights, en passant, clocks, hash).
pub struct ArrayPosition<G: Geometry> {
    /// One code per cell.
    pub cells: G::Cells,
    /// The cell of each side's king, by colour index.
    pub kings: [u8; 2],
    /// The side to move, castling rights, en-passant square, clocks and hash.
    pub state: PositionState,
    /// The squares of the kings and rooks the castling rights named when the board was set
    /// up: a move touching none of them keeps the rights, and the general update is skipped.
    castling_squares: Bitboard,
}

impl<G: Geometry> Clone for ArrayPosition<G> {
    #[inline]
    fn clone(&self) -> Self {
        ArrayPosition {
            cells: self.cells,
            kings: self.kings,
            state: self.state,
            castling_squares: self.castling_squares,
        }
    }
}

/// What unmake needs: the state before the move and the code of the piece it captured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArrayUndo {
    state: PositionState,
    captured: i8,
}

/// The hash key of the piece `code` on `sq` (a code of no piece changes nothing).
#[inline(always)]
fn toggle(state: &mut PositionState, code: i8, sq: Square) {
    if let Some(piece) = piece_of(code) {
        state.toggle_piece(piece, sq);
    }
}

/// The squares of the kings and rooks that `rights` name.
fn castling_squares(rights: CastlingRights) -> Bitboard {
    Color::ALL
        .iter()
        .filter_map(|&color| rights.king(color))
        .fold(rights.rook_squares(), Bitboard::with)
}

/// The flag bit every promotion sets.
const PROMOTION_BIT: u8 = 8;

impl<G: Geometry> ArrayPosition<G> {
    /// The position of a validated setup.
    pub fn from_setup(setup: &Setup) -> ArrayPosition<G> {
        let mut setup = setup.clone();
        setup.normalize_ep_square();
        let mut position: ArrayPosition<G> = ArrayPosition {
            cells: G::EMPTY_BOARD,
            kings: [0; 2],
            state: PositionState::of(&setup),
            castling_squares: castling_squares(setup.castling),
        };
        for (sq, piece) in setup.pieces() {
            let cell = G::cell(sq);
            position.cells[cell] = code_of(piece);
            if piece.role == Role::King {
                position.kings[piece.color.index()] = cell as u8;
            }
        }
        position
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        piece_of(self.cells[G::cell(sq)])
    }

    /// The cell of `color`'s king.
    #[inline(always)]
    pub fn king(&self, color: Color) -> usize {
        usize::from(self.kings[color.index()])
    }

    /// Calls `f` with every piece and its square, scanning the 64 squares.
    pub fn for_each_piece(&self, mut f: impl FnMut(Square, Piece)) {
        for (index, &cell) in G::BOARD_CELLS.iter().enumerate() {
            if let Some(piece) = piece_of(self.cells[usize::from(cell)]) {
                f(Square::from_index(index as u8), piece);
            }
        }
    }

    /// The rook's squares before and after a castling move of the side to move, with the
    /// current rights; `None` for any other move.
    #[inline(always)]
    fn castling_rook(&self, mv: Move) -> Option<(Square, Square)> {
        let side = mv.castling_side()?;
        let us = self.state.turn;
        Some((
            self.state.castling.rook_or_corner(us, side),
            side.rook_to(us),
        ))
    }

    /// Plays a legal move.
    pub fn make(&mut self, mv: Move) -> ArrayUndo {
        let us = self.state.turn;
        let (from_sq, to_sq) = (mv.from(), mv.to());
        let (from, to) = (G::cell(from_sq), G::cell(to_sq));
        let flag = mv.flag_bits();
        // A Chess960 king may castle onto its own rook's square, which is no capture.
        let captured = if mv.is_castle() {
            EMPTY
        } else {
            self.cells[to]
        };
        let undo = ArrayUndo {
            state: self.state,
            captured,
        };
        self.state.start_move();
        let moving = self.cells[from];
        if let Some((rook_from, rook_to)) = self.castling_rook(mv) {
            // King and rook both leave before either lands: in Chess960 each may land where
            // the other stood, or stay where it is.
            let rook = self.cells[G::cell(rook_from)];
            self.cells[from] = EMPTY;
            self.cells[G::cell(rook_from)] = EMPTY;
            self.cells[to] = moving;
            self.cells[G::cell(rook_to)] = rook;
            self.state
                .move_piece(Piece::new(us, Role::Rook), rook_from, rook_to);
        } else {
            if captured != EMPTY {
                toggle(&mut self.state, captured, to_sq);
            }
            self.cells[from] = EMPTY;
            self.cells[to] = moving;
        }
        toggle(&mut self.state, moving, from_sq);
        toggle(&mut self.state, moving, to_sq);
        if moving.unsigned_abs() as i8 == KING {
            self.kings[us.index()] = to as u8;
        }
        match flag {
            f if f == MoveFlag::DoublePush as u8 => {
                let their_pawn = code(!us, Role::Pawn);
                let beside = |df: i8| {
                    to_sq
                        .offset(df, 0)
                        .is_some_and(|sq| self.cells[G::cell(sq)] == their_pawn)
                };
                if beside(-1) || beside(1) {
                    let passed = Square::from_index(((from_sq as u8) + (to_sq as u8)) / 2);
                    self.state.set_en_passant(passed);
                }
            }
            f if f == MoveFlag::EnPassant as u8 => {
                let victim_sq = Square::from_coords(to_sq.file(), from_sq.rank());
                let victim = G::cell(victim_sq);
                toggle(&mut self.state, self.cells[victim], victim_sq);
                self.cells[victim] = EMPTY;
            }
            f if f & PROMOTION_BIT != 0 => {
                let promoted = code(us, Role::PROMOTIONS[usize::from(f & 3)]);
                self.cells[to] = promoted;
                toggle(&mut self.state, moving, to_sq);
                toggle(&mut self.state, promoted, to_sq);
            }
            _ => {}
        }
        if self.castling_squares.contains(from_sq) || self.castling_squares.contains(to_sq) {
            self.state
                .set_castling(self.state.castling.after_move(from_sq, to_sq));
        }
        if moving.unsigned_abs() as i8 == PAWN || mv.is_capture() {
            self.state.reset_halfmove_clock();
        }
        self.state.finish_move();
        undo
    }

    /// Takes back `mv`, the last move made.
    pub fn unmake(&mut self, mv: Move, undo: ArrayUndo) {
        // The state goes back first: the rights before the move name the castling rook.
        self.state = undo.state;
        let us = self.state.turn;
        let (from_sq, to_sq) = (mv.from(), mv.to());
        let (from, to) = (G::cell(from_sq), G::cell(to_sq));
        let moved = self.cells[to];
        if moved.unsigned_abs() as i8 == KING {
            self.kings[us.index()] = from as u8;
        }
        if let Some((rook_from, rook_to)) = self.castling_rook(mv) {
            let rook = self.cells[G::cell(rook_to)];
            self.cells[to] = EMPTY;
            self.cells[G::cell(rook_to)] = EMPTY;
            self.cells[from] = moved;
            self.cells[G::cell(rook_from)] = rook;
            return;
        }
        let flag = mv.flag_bits();
        self.cells[from] = if flag & PROMOTION_BIT != 0 {
            code(us, Role::Pawn)
        } else {
            moved
        };
        self.cells[to] = undo.captured;
        if flag == MoveFlag::EnPassant as u8 {
            let victim_sq = Square::from_coords(to_sq.file(), from_sq.rank());
            self.cells[G::cell(victim_sq)] = code(!us, Role::Pawn);
        }
    }

    /// Passes the move.
    pub fn make_null(&mut self) -> ArrayUndo {
        let undo = ArrayUndo {
            state: self.state,
            captured: EMPTY,
        };
        self.state.pass();
        undo
    }

    /// Takes back [`make_null`](ArrayPosition::make_null).
    pub fn unmake_null(&mut self, undo: ArrayUndo) {
        self.state = undo.state;
    }
}
