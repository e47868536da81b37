//! A magic lookup as data: the steps of `((occupied & mask) * magic) >> shift` and the slot it
//! indexes, as the sliders' [`Lookup`], so that `boardlab explain`, the slider page of
//! `boardlab serve` and the book's figures all read the one narration this module writes.

use crate::magic::MagicTables;
use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, Square};
use boardlab_views::{Lookup, StepValue, Steps, Technique};

/// What the lookups of this crate say of their technique.
pub const TECHNIQUE: Technique = Technique {
    name: "magic",
    title: "magic bitboards",
    summary: "multiply the blockers by a magic number, keep the top bits, look up the slot",
};

/// The lookup of `slider` on `sq` among `occupied` with the fancy magic tables, step by step:
/// the mask, the blockers, the product, the shift and index, the offset and slot.
///
/// # Examples
///
/// ```
/// use boardlab_core::{Bitboard, Square};
/// use boardlab_magic::{step_by_step, Slider};
///
/// let occupied = Bitboard::from_square(Square::D4).with(Square::D6);
/// let lookup = step_by_step(Slider::Rook, Square::D4, occupied);
/// assert_eq!(lookup.technique, "magic");
/// assert_eq!(lookup.attacks.count(), 2 + 3 + 3 + 4);
/// ```
pub fn step_by_step(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
    let tables = MagicTables::get();
    let (magic, attacks) = match slider {
        Slider::Rook => (tables.rook_magic(sq), tables.rook(sq, occupied)),
        Slider::Bishop => (tables.bishop_magic(sq), tables.bishop(sq, occupied)),
    };
    let blockers = occupied & magic.mask;
    let product = blockers.0.wrapping_mul(magic.magic);
    let index = magic.index(occupied) as u64;
    let mut steps = Steps::new();
    steps.squares("occupied", occupied);
    steps.note(
        "mask",
        magic.mask,
        format!(
            "{} relevant squares: each ray without its last square",
            magic.mask.count()
        ),
    );
    steps.squares("blockers = occupied & mask", blockers);
    steps.word("magic", magic.magic);
    steps.word("product = blockers * magic", product);
    steps.note(
        "shift",
        StepValue::Number(u64::from(magic.shift)),
        format!("64 - {}", magic.mask.count()),
    );
    steps.note(
        "index = product >> shift",
        StepValue::bit_string(index, 64 - magic.shift),
        format!("index {index}: the product's top {} bits", 64 - magic.shift),
    );
    steps.table_slot(magic.offset, u64::from(magic.offset) + index, "");
    steps.finish(&TECHNIQUE, slider, sq, occupied, attacks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_sliders::sample_lookups;

    #[test]
    fn the_index_is_the_top_bits_of_the_product_and_the_attacks_the_reference() {
        let lookups = sample_lookups(
            |slider, sq, occupied| Some(step_by_step(slider, sq, occupied)),
            14,
        );
        assert_eq!(lookups.len(), 2 * 64 * 14);
        for lookup in &lookups {
            let value = |label| lookup.step("", label).unwrap().value.bits();
            let blockers = value("blockers = occupied & mask");
            assert_eq!(blockers, lookup.occupied.0 & value("mask"));
            let product = value("product = blockers * magic");
            assert_eq!(product, blockers.wrapping_mul(value("magic")));
            let index = value("index = product >> shift");
            assert_eq!(index, product >> value("shift"));
            assert_eq!(value("slot"), value("offset") + index);
        }
    }
}
