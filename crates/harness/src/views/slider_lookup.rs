//! A slider lookup as data, for any backend by its name on the command line: the one place
//! where a backend's name becomes its technique's [`Lookup`].
//!
//! The seven techniques of boardlab-sliders explain themselves
//! ([`boardlab_sliders::step_by_step`]); magic and rotated bitboards live in crates of their
//! own, which narrate their lookups as the same kind of value ([`boardlab_magic::step_by_step`],
//! [`boardlab_rotated::step_by_step`]), the narration their boards' `explain` prints. Piece lists,
//! the mailbox and 0x88 have no slider lookup to explain: they walk rays.

use crate::Backend;
use boardlab_bitboard::boardlab_sliders::{self, Lookup, Slider};
use boardlab_core::{Bitboard, Square};

/// The lookup of `slider` on `sq` among `occupied` by `backend`'s technique, step by step, or
/// `None` for a backend without one (piece lists, mailbox, 0x88).
///
/// # Examples
///
/// ```
/// use boardlab_core::{Bitboard, Square};
/// use boardlab_harness::{slider_lookup, Backend};
/// use boardlab_magic::Slider;
///
/// let occupied = Bitboard::from_square(Square::D4).with(Square::D6);
/// let lookup = slider_lookup(Backend::Magic, Slider::Rook, Square::D4, occupied).unwrap();
/// assert_eq!(lookup.attacks.count(), 2 + 3 + 3 + 4);
/// assert!(slider_lookup(Backend::Mailbox, Slider::Rook, Square::D4, occupied).is_none());
/// ```
pub fn slider_lookup(
    backend: Backend,
    slider: Slider,
    sq: Square,
    occupied: Bitboard,
) -> Option<Lookup> {
    match backend {
        Backend::Magic => Some(boardlab_magic::step_by_step(slider, sq, occupied)),
        Backend::Rotated => Some(boardlab_rotated::step_by_step(slider, sq, occupied)),
        other => boardlab_sliders::step_by_step(other.name(), slider, sq, occupied),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_bitboard::boardlab_sliders::sample_lookups;

    #[test]
    fn every_bitboard_backend_explains_the_attacks_it_finds() {
        let mut explained = 0;
        for &backend in Backend::ALL {
            let technique = |slider, sq, occupied| slider_lookup(backend, slider, sq, occupied);
            for lookup in sample_lookups(technique, 14) {
                assert_eq!(lookup.technique, backend.name());
                explained += 1;
            }
        }
        // Nine techniques, two sliders, 64 squares, 14 occupancies.
        assert_eq!(explained, 9 * 2 * 64 * 14);
    }
}
