//! Lab exercises for the move-encoding chapter: a move's three fields packed into 16 bits and
//! read back, bit for bit as boardlab-core's `Move` lays them out.

pub use crate::scaffold::move_encoding::*;

/// Exercise `move_pack`: the 16 bits of a move with these fields, laid out as the chapter's
/// diagram shows and `Move` does: `from` in the low six bits, `to` in the next six, the flag
/// in the top four. Every flag value below 16 packs the same way, 6 and 7 included.
///
/// Checked on every combination of `from`, `to` and flag (65,536 of them) against `Move`'s
/// bits where `Move` has the flag, and against the layout where it has not. `Move` is in
/// boardlab-core, which the library can reach; building a `Move` is not an answer, and flags
/// 6 and 7, which `Move` refuses, show it.
#[cfg(not(feature = "solutions"))]
pub fn pack(fields: Fields) -> u16 {
    todo!("exercise move_pack: read docs/src/move-encoding.md, its opening section")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::move_encoding::pack;
/// Exercise `move_unpack`: the three fields of any 16 bits, read back as [`pack`] wrote them.
///
/// Checked on all 65,536 values of 16 bits against `Move`'s `from`, `to` and `flag_bits`
/// where `Move::from_bits` accepts the value, against the layout where it does not, and
/// against [`pack`]. As for `pack`, going through `Move` is not an answer, and the values with
/// flag 6 or 7 show it.
#[cfg(not(feature = "solutions"))]
pub fn unpack(bits: u16) -> Fields {
    todo!("exercise move_unpack: read docs/src/move-encoding.md, its opening section")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::move_encoding::unpack;
