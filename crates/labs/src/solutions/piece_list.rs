//! Solution of the piece-list exercise.

use crate::piece_list::SlotList;
use boardlab_core::{Role, Square};

/// Finds the slot, moves the last entry into it and clears the last slot.
pub fn remove_on(list: &mut SlotList, sq: Square) -> Option<(usize, Role)> {
    let slot = list.iter().position(|(_, on)| on == sq)?;
    let (role, _) = list.entries[slot]?;
    let last = list.len - 1;
    list.entries[slot] = list.entries[last];
    list.entries[last] = None;
    list.len = last;
    Some((slot, role))
}

/// The reverse: the entry in `slot` goes back to the end, the removed one back into `slot`.
pub fn put_back(list: &mut SlotList, slot: usize, role: Role, sq: Square) {
    let last = list.len;
    list.entries[last] = list.entries[slot];
    list.entries[slot] = Some((role, sq));
    list.len = last + 1;
}
