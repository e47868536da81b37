//! Piece lists: where each kind of piece stands, so generation visits pieces, not squares.

use crate::cell::Cell;
use crate::square120::{Sq120, CELL_ARRAY_LEN};
use boardlab_core::Piece;

/// The most pieces of one kind a valid setup can hold: a side has at most 16 pieces, one of
/// them its king.
const CAPACITY: usize = 15;

/// For each of the 12 pieces, the cells where it stands, in no particular order, and for each
/// occupied cell its place in its list so that removing a piece takes constant time.
#[derive(Debug, Clone)]
pub(crate) struct PieceLists {
    squares: [[Sq120; CAPACITY]; Piece::NUM],
    counts: [u8; Piece::NUM],
    slots: [u8; CELL_ARRAY_LEN],
}

impl PieceLists {
    /// No pieces.
    pub(crate) const fn new() -> PieceLists {
        PieceLists {
            // Unused entries name a playing square, so even a list read past its end stays on
            // the board.
            squares: [[Sq120::A1; CAPACITY]; Piece::NUM],
            counts: [0; Piece::NUM],
            slots: [0; CELL_ARRAY_LEN],
        }
    }

    /// The cells holding the piece in `cell`.
    #[inline]
    pub(crate) fn squares(&self, cell: Cell) -> &[Sq120] {
        let piece = cell.piece_index();
        &self.squares[piece][..usize::from(self.counts[piece])]
    }

    /// How many of the piece in `cell` stand on the board.
    #[inline]
    pub(crate) fn count(&self, cell: Cell) -> u8 {
        self.counts[cell.piece_index()]
    }

    /// The first cell holding the piece in `cell` (the king's, for a king), or a1 if there is
    /// none.
    #[inline]
    pub(crate) fn first(&self, cell: Cell) -> Sq120 {
        self.squares[cell.piece_index()][0]
    }

    /// Records the piece in `cell` standing on `sq`.
    #[inline]
    pub(crate) fn add(&mut self, cell: Cell, sq: Sq120) {
        let piece = cell.piece_index();
        let count = self.counts[piece];
        self.squares[piece][usize::from(count)] = sq;
        self.slots[sq.index()] = count;
        self.counts[piece] = count + 1;
    }

    /// Forgets the piece in `cell` on `sq`, moving the list's last entry into its place.
    #[inline]
    pub(crate) fn remove(&mut self, cell: Cell, sq: Sq120) {
        let piece = cell.piece_index();
        let last = self.counts[piece] - 1;
        let slot = self.slots[sq.index()];
        let moved = self.squares[piece][usize::from(last)];
        self.squares[piece][usize::from(slot)] = moved;
        self.slots[moved.index()] = slot;
        self.counts[piece] = last;
    }

    /// Records that the piece in `cell` went from `from` to `to`.
    #[inline]
    pub(crate) fn relocate(&mut self, cell: Cell, from: Sq120, to: Sq120) {
        let slot = self.slots[from.index()];
        self.squares[cell.piece_index()][usize::from(slot)] = to;
        self.slots[to.index()] = slot;
    }
}
