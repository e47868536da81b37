//! A rotated lookup as data: for each line through the square, the map that keeps it in
//! consecutive bits, the shift, the state and the table entry, as the sliders' [`Lookup`],
//! so that `boardlab explain`, the slider page of `boardlab serve` and the book's figures all
//! read the one narration this module writes.

use crate::attacks::{attacks_for_state, LineSlot};
use crate::rotation::{RotatedOccupancy, Rotation};
use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, Square};
use boardlab_sliders::lines::Line;
use boardlab_views::{Lookup, StepValue, Steps, Technique};

/// What the lookups of this crate say of their technique.
pub const TECHNIQUE: Technique = Technique {
    name: "rotated",
    title: "rotated bitboards",
    summary: "each line read out of a map turned so that it lies in consecutive bits",
};

/// The lookup of `slider` on `sq` among `occupied` with rotated bitboards, one part per line:
/// each line's squares lie in consecutive bits of one of four maps, so a shift and a mask read
/// its state, which indexes the line's table.
///
/// # Examples
///
/// ```
/// use boardlab_core::{Bitboard, Square};
/// use boardlab_rotated::step_by_step;
/// use boardlab_sliders::Slider;
///
/// let occupied = Bitboard::from_square(Square::D4).with(Square::D6);
/// let lookup = step_by_step(Slider::Rook, Square::D4, occupied);
/// assert_eq!(lookup.parts(), ["rank through d4", "file through d4"]);
/// assert_eq!(lookup.attacks.count(), 2 + 3 + 3 + 4);
/// ```
pub fn step_by_step(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
    let occupancy = RotatedOccupancy::from_occupied(occupied);
    let mut steps = Steps::new();
    let mut attacks = Bitboard::EMPTY;
    for line in Line::of(slider) {
        let rotation = Rotation::of(line);
        let slot = LineSlot::of(line, sq);
        let state = occupancy.state(line, sq);
        let entry = attacks_for_state(line, sq, state);
        attacks |= entry;
        let inner = slot.mask.count_ones();
        steps.part(format!("{} through {sq}", line.name()));
        steps.note(
            "map",
            occupancy.board(rotation),
            format!("the {} map, the line in consecutive bits", rotation.name()),
        );
        steps.note(
            "shift",
            StepValue::Number(u64::from(slot.shift)),
            "the bit of the line's first inner square",
        );
        steps.note(
            "state = map >> shift & mask",
            StepValue::bit_string(u64::from(state), inner),
            format!("{inner} inner squares; state {state}"),
        );
        steps.squares("occupied on the line", occupied & line.mask(sq));
        steps.note(
            "table entry",
            entry,
            format!("LINE_ATTACKS[{}][{sq}][{state}]", line.name()),
        );
    }
    steps.finish(&TECHNIQUE, slider, sq, occupied, attacks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_sliders::sample_lookups;

    #[test]
    fn a_state_is_the_lines_occupied_inner_squares_and_the_attacks_the_reference() {
        let lookups = sample_lookups(
            |slider, sq, occupied| Some(step_by_step(slider, sq, occupied)),
            14,
        );
        assert_eq!(lookups.len(), 2 * 64 * 14);
        for lookup in &lookups {
            assert_eq!(lookup.parts().len(), 2);
            for part in lookup.parts() {
                let state = lookup.step(part, "state = map >> shift & mask").unwrap();
                let map = lookup.step(part, "map").unwrap().value.bits();
                let shift = lookup.step(part, "shift").unwrap().value.bits();
                let StepValue::Bits(bits) = state.value else {
                    panic!("a state is a bit string");
                };
                assert_eq!(bits.value, map >> shift & ((1 << bits.width) - 1));
            }
        }
    }
}
