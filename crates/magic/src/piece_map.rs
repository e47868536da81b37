//! The piece on each square.

use boardlab_core::{Piece, Square};

/// What stands on each square, as a [`Piece::index`] plus one (`0` for an empty square), one
/// byte per square: reading or writing a square is a single load or store.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct PieceMap {
    codes: [u8; 64],
}

impl Default for PieceMap {
    fn default() -> PieceMap {
        PieceMap { codes: [EMPTY; 64] }
    }
}

/// The code of an empty square.
pub(crate) const EMPTY: u8 = 0;

/// The code of `piece`.
#[inline(always)]
pub(crate) const fn code(piece: Piece) -> u8 {
    piece.index() as u8 + 1
}

impl PieceMap {
    /// The code on `sq`.
    #[inline(always)]
    pub(crate) fn get(&self, sq: Square) -> u8 {
        self.codes[sq as usize]
    }

    /// Puts `code` on `sq`, replacing what was there.
    #[inline(always)]
    pub(crate) fn set(&mut self, sq: Square, code: u8) {
        self.codes[sq as usize] = code;
    }
}
