//! A transposition table for perft: subtree counts keyed by position, shared between threads.

use crate::Error;
use boardlab_core::Zobrist;
use std::sync::atomic::{AtomicU64, Ordering};

/// One slot. The count and depth are packed into `data`; the two checks are the position's key
/// and lock each XORed with `data`, so a slot half-written by another thread fails the check
/// instead of returning a count that belongs to another position or depth.
#[derive(Default)]
pub struct Slot {
    key_check: AtomicU64,
    lock_check: AtomicU64,
    data: AtomicU64,
}

/// Counts above this do not fit beside the depth byte and are not stored.
pub const MAX_COUNT: u64 = (1 << 56) - 1;

/// Perft counts by position and remaining depth. A slot is found by the low bits of the
/// Zobrist `key` and accepted only when both the full `key` and the independent `lock` match,
/// so a false hit needs two 64-bit hashes to collide and counts stay exact in practice.
pub struct PerftTable {
    slots: Box<[Slot]>,
    mask: u64,
    /// Probes and hits so far, added once per finished subtree from a [`TableTally`] so that
    /// threads do not contend for them on every probe.
    probes: AtomicU64,
    hits: AtomicU64,
}

/// Probes of the perft hash table and how many found their count.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TableTally {
    pub probes: u64,
    pub hits: u64,
}

impl TableTally {
    /// The share of probes that hit, 0 when there were none.
    pub fn hit_rate(&self) -> f64 {
        if self.probes == 0 {
            0.0
        } else {
            self.hits as f64 / self.probes as f64
        }
    }
}

/// `len` empty slots, from memory the system hands over zeroed: its pages are mapped when a
/// slot on them is first used, so a large table given to a small walk costs what the walk
/// touches (filling the slots one by one had `units run --hash 1024` spend half a second
/// writing zeros to a GiB before a walk of a few thousand nodes). `None` when the memory cannot
/// be had.
fn zeroed_slots(len: usize) -> Option<Box<[Slot]>> {
    let layout = std::alloc::Layout::array::<Slot>(len).ok()?;
    if layout.size() == 0 {
        return Some(Box::new([]));
    }
    // SAFETY: the layout is that of `len` slots and not empty; a slot is three `AtomicU64`s,
    // for which all-zero bytes are the value zero, the same as `Slot::default()`; and the box
    // frees the memory with the global allocator and this layout, with which it was allocated.
    unsafe {
        let memory = std::alloc::alloc_zeroed(layout).cast::<Slot>();
        if memory.is_null() {
            return None;
        }
        Some(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
            memory, len,
        )))
    }
}

impl PerftTable {
    /// A table taking at most `megabytes` MiB (the largest power-of-two number of slots that
    /// fits, and at least one).
    ///
    /// # Errors
    ///
    /// [`Error::Allocation`] when the memory cannot be had.
    pub fn with_megabytes(megabytes: usize) -> Result<PerftTable, Error> {
        let bytes = megabytes.saturating_mul(1 << 20);
        let fit = (bytes / std::mem::size_of::<Slot>()).max(1);
        let len = if fit.is_power_of_two() {
            fit
        } else {
            fit.next_power_of_two() / 2
        };
        let slots = zeroed_slots(len).ok_or(Error::Allocation(megabytes))?;
        Ok(PerftTable {
            slots,
            mask: len as u64 - 1,
            probes: AtomicU64::new(0),
            hits: AtomicU64::new(0),
        })
    }

    /// Adds a thread's probes and hits to the table's totals.
    pub fn record(&self, tally: TableTally) {
        self.probes.fetch_add(tally.probes, Ordering::Relaxed);
        self.hits.fetch_add(tally.hits, Ordering::Relaxed);
    }

    /// The probes and hits recorded so far.
    pub fn tally(&self) -> TableTally {
        TableTally {
            probes: self.probes.load(Ordering::Relaxed),
            hits: self.hits.load(Ordering::Relaxed),
        }
    }

    /// The number of slots.
    pub fn slot_count(&self) -> usize {
        self.slots.len()
    }

    #[inline]
    fn slot(&self, zobrist: Zobrist) -> &Slot {
        &self.slots[(zobrist.key & self.mask) as usize]
    }

    /// The stored count for the position at `depth`, if there is one.
    #[inline]
    pub fn probe(&self, zobrist: Zobrist, depth: u32) -> Option<u64> {
        let slot = self.slot(zobrist);
        let data = slot.data.load(Ordering::Relaxed);
        let key_check = slot.key_check.load(Ordering::Relaxed);
        let lock_check = slot.lock_check.load(Ordering::Relaxed);
        let hit = key_check ^ data == zobrist.key
            && lock_check ^ data == zobrist.lock
            && data & 0xff == u64::from(depth);
        hit.then_some(data >> 8)
    }

    /// Stores a count, replacing whatever the slot held. Depths above 255 and counts above
    /// 2^56 are not stored.
    #[inline]
    pub fn store(&self, zobrist: Zobrist, depth: u32, count: u64) {
        if depth > 0xff || count > MAX_COUNT {
            return;
        }
        let data = count << 8 | u64::from(depth);
        let slot = self.slot(zobrist);
        slot.key_check.store(zobrist.key ^ data, Ordering::Relaxed);
        slot.lock_check
            .store(zobrist.lock ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }
}
