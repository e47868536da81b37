//! The PEXT alternative to magic multiplication (cargo feature `pext`, x86-64 with BMI2).
//!
//! BMI2's `pext(occupied, mask)` packs the bits of `occupied` selected by `mask` into the low
//! bits of the result, in order: exactly a dense index of the relevant occupancy, with no
//! collisions and no magic number to search for. The slices have the same sizes and offsets as
//! the magic tables', so the table is as large; only the index differs. Building it needs no
//! search, which also makes start-up faster.
//!
//! The module exists only when the crate is compiled with the feature and for a CPU with BMI2
//! (x86-64-v3, as the workspace's `.cargo/config.toml` sets, or `-C target-cpu=native`), so the
//! intrinsic is always inlined and never reached on a CPU without it.

use crate::magic::{relevant_mask, subsets, TABLE_SLOTS};
use boardlab_core::bitboard::{slider_attacks_slow, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use boardlab_core::{Bitboard, Square};
use std::arch::x86_64::_pext_u64;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// One square's key into the PEXT-indexed table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PextEntry {
    mask: u64,
    offset: u32,
}

/// The PEXT entries and the attack table they index.
pub struct PextTables {
    rook: [PextEntry; 64],
    bishop: [PextEntry; 64],
    /// `TABLE_SLOTS` attack sets; every `offset + pext(_, mask)` of an entry is within it.
    attacks: Box<[Bitboard]>,
    build_time: Duration,
}

#[inline]
fn pext(value: u64, mask: u64) -> u64 {
    // SAFETY: this module is compiled only with `target_feature = "bmi2"`, so every CPU the
    // code runs on has the instruction.
    unsafe { _pext_u64(value, mask) }
}

impl PextTables {
    /// The tables, built on first use.
    #[inline]
    pub fn get() -> &'static PextTables {
        static TABLES: OnceLock<PextTables> = OnceLock::new();
        TABLES.get_or_init(PextTables::build)
    }

    /// The squares a rook on `sq` attacks when `occupied` is occupied.
    #[inline]
    pub fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.lookup(&self.rook[sq as usize], occupied)
    }

    /// The squares a bishop on `sq` attacks when `occupied` is occupied.
    #[inline]
    pub fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.lookup(&self.bishop[sq as usize], occupied)
    }

    #[inline]
    fn lookup(&self, entry: &PextEntry, occupied: Bitboard) -> Bitboard {
        let slot = entry.offset as usize + pext(occupied.0, entry.mask) as usize;
        debug_assert!(slot < self.attacks.len());
        // SAFETY: `pext` yields fewer than `2^popcount(mask)` values, and `build` reserved that
        // many slots from `offset`, all inside `attacks`; nothing changes them afterwards.
        unsafe { *self.attacks.get_unchecked(slot) }
    }

    /// The bytes of the entries and the attack table.
    pub fn bytes(&self) -> usize {
        std::mem::size_of_val(&self.rook)
            + std::mem::size_of_val(&self.bishop)
            + std::mem::size_of_val(&*self.attacks)
    }

    /// How long the table fill took.
    pub fn build_time(&self) -> Duration {
        self.build_time
    }

    fn build() -> PextTables {
        let start = Instant::now();
        let mut attacks = vec![Bitboard::EMPTY; TABLE_SLOTS].into_boxed_slice();
        let mut offset = 0;
        let mut rook = [PextEntry { mask: 0, offset: 0 }; 64];
        let mut bishop = rook;
        for (entries, directions) in [
            (&mut rook, &ROOK_DIRECTIONS),
            (&mut bishop, &BISHOP_DIRECTIONS),
        ] {
            for sq in Square::ALL {
                let mask = relevant_mask(sq, directions);
                for occupied in subsets(mask) {
                    let slot = offset + pext(occupied.0, mask.0) as usize;
                    attacks[slot] = slider_attacks_slow(sq, occupied, directions);
                }
                entries[sq as usize] = PextEntry {
                    mask: mask.0,
                    offset: offset as u32,
                };
                offset += 1 << mask.count();
            }
        }
        assert_eq!(offset, TABLE_SLOTS, "the slices fill the table exactly");
        PextTables {
            rook,
            bishop,
            attacks,
            build_time: start.elapsed(),
        }
    }
}

/// The squares a rook on `sq` attacks when `occupied` is occupied, by PEXT lookup.
#[inline]
pub fn pext_rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    PextTables::get().rook(sq, occupied)
}

/// The squares a bishop on `sq` attacks when `occupied` is occupied, by PEXT lookup.
#[inline]
pub fn pext_bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    PextTables::get().bishop(sq, occupied)
}

/// How long building the PEXT table took (building it now if nobody has yet).
pub fn pext_build_time() -> Duration {
    PextTables::get().build_time()
}
