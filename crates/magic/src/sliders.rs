//! The slider tables the board reads: magic lookups, or PEXT lookups when the crate is built
//! with the `pext` feature for a CPU with BMI2.

use std::time::Duration;

/// The tables the board's move generation reads.
#[cfg(all(feature = "pext", target_arch = "x86_64", target_feature = "bmi2"))]
pub type Sliders = crate::pext::PextTables;

/// The tables the board's move generation reads.
#[cfg(not(all(feature = "pext", target_arch = "x86_64", target_feature = "bmi2")))]
pub type Sliders = crate::magic::MagicTables;

/// Whether the board indexes its slider tables with PEXT (feature `pext` on a BMI2 target)
/// rather than with magic multiplication.
pub const USES_PEXT: bool = cfg!(all(
    feature = "pext",
    target_arch = "x86_64",
    target_feature = "bmi2"
));

/// The board's slider tables, built on first use.
#[inline(always)]
pub fn sliders() -> &'static Sliders {
    Sliders::get()
}

/// How long building the board's slider tables took (building them now if nobody has yet).
pub fn table_build_time() -> Duration {
    sliders().build_time()
}

/// The bytes of every table the board's move generation reads: the slider entries and attack
/// table, boardlab-core's leaper tables (knight, king, pawn captures: 4 x 64 bitboards) and its
/// `between` and `line` tables (2 x 64 x 64 bitboards).
pub fn table_bytes() -> usize {
    let bitboard = std::mem::size_of::<boardlab_core::Bitboard>();
    sliders().bytes() + 4 * 64 * bitboard + 2 * 64 * 64 * bitboard
}
