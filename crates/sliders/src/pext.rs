//! PEXT bitboards: BMI2's parallel bit extract gathers the relevant occupancy into a dense
//! index, with no magic number.
//!
//! ```text
//!   index = pext(occupied, mask)        the mask's bits of occupied, packed to the bottom
//!   attacks = TABLE[offset + index]     each square a slice of 2^popcount(mask) entries
//! ```
//!
//! `pext(x, mask)` takes the bits of `x` where `mask` has ones and packs them, in order, into
//! the low bits of the result: exactly the dense index a magic multiplication only
//! approximates. Every relevant occupancy gets its own slot, so the slices are the fancy-magic
//! sizes, 102 400 rook and 5 248 bishop entries (861 KB), and nothing needs searching. Intel
//! documents PEXT among the BMI2 instructions (Intel 64 and IA-32 Architectures Software
//! Developer's Manual, volume 2); Haswell and later run it in 3 cycles, AMD processors before
//! Zen 3 in microcode, tens of times slower.
//!
//! # The contract
//!
//! PEXT exists only on x86-64 processors with BMI2. Callers check [`available`] before choosing
//! this technique. The lookups are sound on any processor all the same:
//!
//! - compiled for a target with BMI2 (the workspace builds for x86-64-v3, which has it), they
//!   use the instruction directly; such a binary requires BMI2 as a whole, and the compiler
//!   may use BMI2 anywhere in it;
//! - compiled for x86-64 without BMI2, they ask the processor once (`is_x86_feature_detected`)
//!   and use the instruction only if it is there;
//! - otherwise, and on other architectures, they extract the bits in a loop: the same answers,
//!   many times slower.
//!
//! So no input and no processor makes a lookup fault; [`available`] says whether it is fast.

use crate::{reference_attacks, Slider};
use boardlab_core::bitboard::{relevant_mask, subsets};
use boardlab_core::{Bitboard, CpuFeature, Square};
use boardlab_views::{Lookup, StepValue, Steps, Technique};

/// The technique's name, as its backend, the benches and the book call it.
pub const NAME: &str = "pext";

/// Whether this processor has BMI2, and so a PEXT instruction. False off x86-64.
pub fn available() -> bool {
    CpuFeature::Bmi2.is_present()
}

/// Whether the lookups compile to the PEXT instruction with no run-time check, because the
/// build's target has BMI2.
pub const COMPILED_WITH_BMI2: bool = cfg!(all(target_arch = "x86_64", target_feature = "bmi2"));

/// PEXT without the instruction: one mask bit at a time, lowest first.
pub const fn pext_portable(x: u64, mut mask: u64) -> u64 {
    let mut result = 0;
    let mut out_bit = 1u64;
    while mask != 0 {
        if x & mask & mask.wrapping_neg() != 0 {
            result |= out_bit;
        }
        mask &= mask - 1;
        out_bit <<= 1;
    }
    result
}

#[cfg(all(target_arch = "x86_64", not(target_feature = "bmi2")))]
#[target_feature(enable = "bmi2")]
unsafe fn pext_instruction(x: u64, mask: u64) -> u64 {
    std::arch::x86_64::_pext_u64(x, mask)
}

/// `pext(x, mask)` by the fastest sound means (see the module docs).
#[inline]
#[allow(unused_unsafe)]
pub fn pext(x: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the crate is compiled for a target with BMI2, so every processor that can
        // run this binary has the instruction.
        unsafe { std::arch::x86_64::_pext_u64(x, mask) }
    }
    #[cfg(all(target_arch = "x86_64", not(target_feature = "bmi2")))]
    {
        if available() {
            // SAFETY: the processor reports BMI2.
            unsafe { pext_instruction(x, mask) }
        } else {
            pext_portable(x, mask)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        pext_portable(x, mask)
    }
}

/// One square's key: the relevant squares and where its slice starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PextKey {
    /// The relevant squares.
    pub mask: u64,
    /// Where the square's slice starts in the shared table.
    pub offset: u32,
}

/// Entries of the rook slices, then of the bishop slices.
pub const ROOK_ENTRIES: usize = 102_400;
/// Entries of the bishop slices.
pub const BISHOP_ENTRIES: usize = 5_248;

/// The keys and the shared table.
pub struct Tables {
    rook: [PextKey; 64],
    bishop: [PextKey; 64],
    attacks: Box<[Bitboard]>,
}

crate::tables_built_once!(Tables, keyed by square);

impl Tables {
    fn build() -> Tables {
        let mut attacks = Vec::with_capacity(ROOK_ENTRIES + BISHOP_ENTRIES);
        let mut keys = [[PextKey { mask: 0, offset: 0 }; 64]; 2];
        for (kind, slider) in Slider::ALL.into_iter().enumerate() {
            for sq in Square::ALL {
                let mask = relevant_mask(sq, slider.directions()).0;
                let offset = attacks.len();
                attacks.resize(offset + (1 << mask.count_ones()), Bitboard::EMPTY);
                // The subsets come in increasing order, so the n-th one's extracted bits are
                // n itself: the index needs no extraction, and the table does not depend on
                // the processor. (Extracting each with `pext_portable` made the build take
                // about twice as long.)
                for (index, occupied) in subsets(Bitboard(mask)).map(|set| set.0).enumerate() {
                    debug_assert_eq!(index as u64, pext_portable(occupied, mask));
                    attacks[offset + index] = reference_attacks(slider, sq, Bitboard(occupied));
                }
                keys[kind][sq as usize] = PextKey {
                    mask,
                    offset: offset as u32,
                };
            }
        }
        assert_eq!(attacks.len(), ROOK_ENTRIES + BISHOP_ENTRIES);
        Tables {
            rook: keys[0],
            bishop: keys[1],
            attacks: attacks.into_boxed_slice(),
        }
    }

    #[inline]
    fn lookup(&self, key: &PextKey, occupied: Bitboard) -> Bitboard {
        let slot = key.offset as usize + pext(occupied.0, key.mask) as usize;
        debug_assert!(slot < self.attacks.len());
        // SAFETY: `pext` returns fewer significant bits than the mask has ones, so the slot is
        // below `offset + 2^popcount(mask)`, the end of the slice `build` sized for this key,
        // and every slice lies inside `attacks`. Nothing changes after `build`.
        unsafe { *self.attacks.get_unchecked(slot) }
    }

    /// The key of `slider` on `sq`.
    pub fn key(&self, slider: Slider, sq: Square) -> PextKey {
        match slider {
            Slider::Rook => self.rook[sq as usize],
            Slider::Bishop => self.bishop[sq as usize],
        }
    }

    /// The number of entries in the shared table.
    pub fn entries(&self) -> usize {
        self.attacks.len()
    }

    /// The bytes of the keys and the table.
    pub fn bytes(&self) -> usize {
        std::mem::size_of_val(&self.rook)
            + std::mem::size_of_val(&self.bishop)
            + std::mem::size_of_val(&*self.attacks)
    }
}

crate::lookups_in_tables!(
    Tables,
    "by PEXT lookup (see the contract in the module docs)"
);

/// The lookup of `slider` on `sq` among `occupied`, step by step.
pub fn step_by_step(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
    let tables = Tables::get();
    let key = tables.key(slider, sq);
    let index = pext(occupied.0, key.mask);
    let attacks = match slider {
        Slider::Rook => tables.rook(sq, occupied),
        Slider::Bishop => tables.bishop(sq, occupied),
    };
    let mut steps = Steps::new();
    steps.squares("occupied", occupied);
    steps.squares("relevant mask", Bitboard(key.mask));
    steps.squares("occupied & mask", Bitboard(occupied.0 & key.mask));
    steps.note(
        "index = pext(occupied, mask)",
        StepValue::bit_string(index, key.mask.count_ones()),
        format!(
            "index {index}: the {} mask bits, packed low",
            key.mask.count_ones()
        ),
    );
    steps.table_slot(key.offset, u64::from(key.offset) + index, "");
    let technique = Technique {
        name: NAME,
        title: "PEXT",
        summary: if available() {
            "this processor has BMI2"
        } else {
            "no BMI2 here: the bits are extracted in a loop"
        },
    };
    steps.finish(&technique, slider, sq, occupied, attacks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn portable_pext_packs_the_mask_bits_in_order() {
        assert_eq!(pext_portable(0b1011_0110, 0b1111_0000), 0b1011);
        // Mask bits 0, 2, 4, 6 read 0, 1, 1, 0.
        assert_eq!(pext_portable(0b1011_0110, 0b0101_0101), 0b0110);
        assert_eq!(pext_portable(!0, 0x8000_0000_0000_0001), 0b11);
        assert_eq!(pext_portable(0, !0), 0);
    }

    #[test]
    fn pext_agrees_with_the_portable_loop() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut cases = 0;
        for _ in 0..10_000 {
            // A xorshift stream: deterministic, and enough variety for masks and values.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mask = x.rotate_left(23) & x.rotate_left(41);
            assert_eq!(pext(x, mask), pext_portable(x, mask));
            cases += 1;
        }
        assert_eq!(cases, 10_000);
    }

    #[test]
    fn slices_are_the_fancy_magic_sizes() {
        let tables = Tables::get();
        assert_eq!(tables.entries(), ROOK_ENTRIES + BISHOP_ENTRIES);
        assert_eq!(
            tables.key(Slider::Bishop, Square::A1).offset as usize,
            ROOK_ENTRIES
        );
    }
}
