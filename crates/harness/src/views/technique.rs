//! A slider lookup as data, for any backend by its name on the command line: the one place
//! where a backend's name becomes its technique's [`Explanation`].
//!
//! The seven techniques of boardlab-sliders explain themselves
//! ([`boardlab_sliders::explanation`]); magic and rotated bitboards live in crates of their
//! own, and their lookups are read step by step here from those crates' public tables, so that
//! every bitboard backend's lookup is the same kind of value. Piece lists, the mailbox and 0x88
//! have no slider lookup to explain: they walk rays.

use crate::Backend;
use boardlab_bitboard::boardlab_sliders::{self, Explanation, Slider, StepValue, Steps, Technique};
use boardlab_core::{Bitboard, Square};
use boardlab_magic::MagicTables;
use boardlab_rotated::{attacks_for_state, LineSlot, RotatedOccupancy, Rotation};

/// The lookup of `slider` on `sq` among `occupied` by `backend`'s technique, step by step, or
/// `None` for a backend without one (piece lists, mailbox, 0x88).
///
/// # Examples
///
/// ```
/// use boardlab_core::{Bitboard, Square};
/// use boardlab_harness::{slider_explanation, Backend};
/// use boardlab_magic::Slider;
///
/// let occupied = Bitboard::from_square(Square::D4).with(Square::D6);
/// let lookup = slider_explanation(Backend::Magic, Slider::Rook, Square::D4, occupied).unwrap();
/// assert_eq!(lookup.attacks.count(), 2 + 3 + 3 + 4);
/// assert!(slider_explanation(Backend::Mailbox, Slider::Rook, Square::D4, occupied).is_none());
/// ```
pub fn slider_explanation(
    backend: Backend,
    slider: Slider,
    sq: Square,
    occupied: Bitboard,
) -> Option<Explanation> {
    match backend {
        Backend::Magic => Some(magic_explanation(slider, sq, occupied)),
        Backend::Rotated => Some(rotated_explanation(slider, sq, occupied)),
        other => boardlab_sliders::explanation(other.name(), slider, sq, occupied),
    }
}

/// Fancy magic bitboards: `((occupied & mask) * magic) >> shift` indexes the square's slice.
pub fn magic_explanation(slider: Slider, sq: Square, occupied: Bitboard) -> Explanation {
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
    let technique = Technique {
        name: "magic",
        title: "magic bitboards",
        summary: "multiply the blockers by a magic number, keep the top bits, look up the slot",
    };
    steps.finish(&technique, slider, sq, occupied, attacks)
}

/// Rotated bitboards: each line's squares lie in consecutive bits of one of four maps, so a
/// shift and a mask read its state, which indexes the line's table.
pub fn rotated_explanation(slider: Slider, sq: Square, occupied: Bitboard) -> Explanation {
    let occupancy = RotatedOccupancy::from_occupied(occupied);
    let mut steps = Steps::new();
    let mut attacks = Bitboard::EMPTY;
    for line in slider.lines() {
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
    let technique = Technique {
        name: "rotated",
        title: "rotated bitboards",
        summary: "each line read out of a map turned so that it lies in consecutive bits",
    };
    steps.finish(&technique, slider, sq, occupied, attacks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_sliders::reference_attacks;

    /// Occupancies with the slider's square among them and without, dense and sparse.
    fn samples() -> Vec<Bitboard> {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut out = vec![Bitboard::EMPTY, Bitboard::FULL];
        for _ in 0..12 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            out.push(Bitboard(x & x.rotate_left(19)));
        }
        out
    }

    #[test]
    fn every_bitboard_backend_explains_the_attacks_it_finds() {
        let mut explained = 0;
        for &backend in Backend::ALL {
            for slider in Slider::ALL {
                for sq in Square::ALL {
                    for occupied in samples() {
                        let Some(lookup) = slider_explanation(backend, slider, sq, occupied) else {
                            continue;
                        };
                        assert_eq!(lookup.technique, backend.name());
                        assert_eq!(
                            lookup.attacks,
                            reference_attacks(slider, sq, occupied),
                            "{backend} {slider:?} {sq}"
                        );
                        explained += 1;
                    }
                }
            }
        }
        // Nine techniques, two sliders, 64 squares, 14 occupancies.
        assert_eq!(explained, 9 * 2 * 64 * 14);
    }

    #[test]
    fn the_magic_index_is_the_top_bits_of_the_product() {
        for sq in Square::ALL {
            for occupied in samples() {
                let lookup = magic_explanation(Slider::Rook, sq, occupied);
                let value = |label| lookup.step("", label).unwrap().value.bits();
                let blockers = value("blockers = occupied & mask");
                assert_eq!(blockers, occupied.0 & value("mask"));
                let product = value("product = blockers * magic");
                assert_eq!(product, blockers.wrapping_mul(value("magic")));
                let index = value("index = product >> shift");
                assert_eq!(index, product >> value("shift"));
                assert_eq!(value("slot"), value("offset") + index);
            }
        }
    }

    #[test]
    fn a_rotated_state_is_the_lines_occupied_inner_squares() {
        for sq in Square::ALL {
            for occupied in samples() {
                let lookup = rotated_explanation(Slider::Bishop, sq, occupied);
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
}
