//! Lab exercise for the piece-lists chapter: taking a captured piece out of its list, and
//! putting it back on unmake, the way `boardlab-piece-list` does.

use boardlab_core::{Role, Square};

/// One side's pieces as a list of up to 16 slots, the king in slot 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlotList {
    /// The entries in use are `entries[..len]`; the others are `None`.
    pub entries: [Option<(Role, Square)>; 16],
    /// The number of entries in use.
    pub len: usize,
}

impl SlotList {
    /// A list holding `pieces` in this order (at most 16).
    pub fn new(pieces: impl IntoIterator<Item = (Role, Square)>) -> SlotList {
        let mut list = SlotList {
            entries: [None; 16],
            len: 0,
        };
        for piece in pieces.into_iter().take(16) {
            list.entries[list.len] = Some(piece);
            list.len += 1;
        }
        list
    }

    /// The entries in list order.
    pub fn iter(&self) -> impl Iterator<Item = (Role, Square)> + '_ {
        self.entries[..self.len].iter().flatten().copied()
    }

    /// Exercise `piece_list_capture` (part 1): removes the entry standing on `sq` in constant
    /// time after finding it: the list's last entry moves into the freed slot and the last slot
    /// is cleared. Returns the freed slot and the removed role, or `None` when no entry stands
    /// on `sq` (the list is then unchanged).
    ///
    /// Checked against the piece-list backend's `PieceListBoard`: after every capture of many
    /// random positions, the list must equal the board's list, slot by slot. The library
    /// cannot reach that backend (a dev-dependency, seen only by the tests), and boardlab-core
    /// keeps no piece lists.
    #[cfg(not(feature = "solutions"))]
    pub fn remove_on(&mut self, sq: Square) -> Option<(usize, Role)> {
        todo!("exercise piece_list_capture: read docs/src/piece-lists.md, \"Make and unmake\"")
    }
    #[cfg(feature = "solutions")]
    #[allow(missing_docs)]
    pub fn remove_on(&mut self, sq: Square) -> Option<(usize, Role)> {
        crate::solutions::piece_list::remove_on(self, sq)
    }

    /// Exercise `piece_list_capture` (part 2): undoes [`remove_on`](SlotList::remove_on),
    /// which returned `slot`: the entry now in `slot` goes back to the end of the list and
    /// `(role, sq)` returns to `slot`, so the order is exactly what it was before.
    #[cfg(not(feature = "solutions"))]
    pub fn put_back(&mut self, slot: usize, role: Role, sq: Square) {
        todo!("exercise piece_list_capture: read docs/src/piece-lists.md, \"Make and unmake\"")
    }
    #[cfg(feature = "solutions")]
    #[allow(missing_docs)]
    pub fn put_back(&mut self, slot: usize, role: Role, sq: Square) {
        crate::solutions::piece_list::put_back(self, slot, role, sq)
    }
}
