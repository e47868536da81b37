//! A slider lookup as data, for any backend by its name on the command line: the one place
//! where a backend's name becomes its technique's [`Explanation`].
//!
//! The seven techniques of boardlab-sliders explain themselves
//! ([`boardlab_sliders::explanation`]); magic and rotated bitboards live in crates of their
//! own, which narrate their lookups as the same kind of value ([`boardlab_magic::explanation`],
//! [`boardlab_rotated::explanation`]), the narration their boards' `explain` prints. Piece lists,
//! the mailbox and 0x88 have no slider lookup to explain: they walk rays.

use crate::Backend;
use boardlab_bitboard::boardlab_sliders::{self, Explanation, Slider};
use boardlab_core::{Bitboard, Square};

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
        Backend::Magic => Some(boardlab_magic::explanation(slider, sq, occupied)),
        Backend::Rotated => Some(boardlab_rotated::explanation(slider, sq, occupied)),
        other => boardlab_sliders::explanation(other.name(), slider, sq, occupied),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_bitboard::boardlab_sliders::reference_attacks;

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
}
