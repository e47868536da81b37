//! Solutions of the move-encoding exercises.

use crate::move_encoding::Fields;

/// Each field shifted to its place: `from` at bit 0, `to` at bit 6, the flag at bit 12.
pub fn pack(fields: Fields) -> u16 {
    u16::from(fields.from) | u16::from(fields.to) << 6 | u16::from(fields.flag) << 12
}

/// Each field shifted down and masked to its width: six bits, six bits, four bits.
pub fn unpack(bits: u16) -> Fields {
    Fields {
        from: (bits & 63) as u8,
        to: (bits >> 6 & 63) as u8,
        flag: (bits >> 12) as u8,
    }
}
