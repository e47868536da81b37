//! The given part of the `zobrist` lab: what its exercises are written against and its
//! tests read. It lives outside the file a student writes (`crates/labs/src/zobrist.rs`), so
//! that the grading command uses this version whatever the student changed in theirs.

use boardlab_core::{Bitboard, CastlingRights, Color, Piece, Setup, Square};
use std::cell::Cell;

/// The position before a move, as the update may look at it: the piece on a square, and the
/// state besides the pieces. It counts the squares looked at, so that the lab's test can see
/// that an update reads a few squares, as an incremental update does, and not the whole board.
pub struct Before<'a> {
    setup: &'a Setup,
    squares_read: Cell<u32>,
}

impl<'a> Before<'a> {
    /// The position `setup`, with no square read yet.
    pub fn new(setup: &'a Setup) -> Before<'a> {
        Before {
            setup,
            squares_read: Cell::new(0),
        }
    }

    /// The piece on `sq` (one square read).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares_read.set(self.squares_read.get() + 1);
        self.setup.piece_at(sq)
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.setup.turn
    }

    /// The castling rights.
    pub fn castling(&self) -> CastlingRights {
        self.setup.castling
    }

    /// The en-passant square.
    pub fn ep_square(&self) -> Option<Square> {
        self.setup.ep_square
    }

    /// The pawns of the side to move that stand beside the pawn that just moved two squares,
    /// ready to take it en passant (legal or not): `Setup::ep_capturers`.
    pub fn ep_capturers(&self) -> Bitboard {
        self.setup.ep_capturers()
    }

    /// How many times [`piece_at`](Before::piece_at) has been asked.
    pub fn squares_read(&self) -> u32 {
        self.squares_read.get()
    }
}
