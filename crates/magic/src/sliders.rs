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

/// The bytes of this crate's own tables: the per-square slider entries and the shared attack
/// table. Like every backend's `table_bytes`, it leaves out boardlab-core's leaper and
/// `between`/`line` tables, which the rotated backend reads too, so the two compare like for like.
pub fn table_bytes() -> usize {
    sliders().bytes()
}
