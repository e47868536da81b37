//! Kogge-Stone fills: the attacks of a slider by parallel-prefix occluded fills, eight
//! directions, no table at all.
//!
//! ```text
//!   per direction d (shift s, wrap mask m):
//!     gen = slider, pro = empty squares & m
//!     gen |= pro & (gen << s);    pro &= pro << s;       reach 1 further: up to 2 squares
//!     gen |= pro & (gen << 2s);   pro &= pro << 2s;      up to 4
//!     gen |= pro & (gen << 4s);                          up to 8: the whole ray
//!     attacks_d = (gen << s) & m                         one more step: the blocker too
//! ```
//!
//! Following the Kogge-Stone algorithm for occluded fills on the Chess Programming Wiki
//! ("Kogge-Stone Algorithm", after Peter Kogge and Harold Stone's parallel prefix adder).
//! `gen` is the set filled so far and `pro` (the propagator) the empty squares through which a
//! fill may pass. Each step doubles the distance: after the third, `gen` is the slider and
//! every empty square it reaches along the direction. Shifting it once more covers the first
//! blocker (or nothing, at the edge). The wrap masks drop squares that a shift by one file
//! carried from the h-file to the a-file of the next rank, or back; they are applied to the
//! propagator once, and to the final shift. Every direction costs about a dozen instructions
//! on registers only; the same code could fill many sliders at once.

use crate::Slider;
use boardlab_core::{Bitboard, Square};
use boardlab_views::{Lookup, Steps, Technique};

/// The technique's name, as its backend, the benches and the book call it.
pub const NAME: &str = "kogge-stone";

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;

/// A direction: the shift of one step (positive: towards higher squares) and the squares a
/// step may land on without having wrapped around the board's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Direction {
    /// The direction's name, as a compass point (north is towards rank 8).
    pub name: &'static str,
    /// The change of square index per step.
    pub shift: i32,
    /// The squares a step may land on.
    pub wrap: u64,
}

/// The rook's four directions.
pub const ROOK_DIRECTIONS: [Direction; 4] = [
    Direction {
        name: "north",
        shift: 8,
        wrap: !0,
    },
    Direction {
        name: "south",
        shift: -8,
        wrap: !0,
    },
    Direction {
        name: "east",
        shift: 1,
        wrap: NOT_A,
    },
    Direction {
        name: "west",
        shift: -1,
        wrap: NOT_H,
    },
];

/// The bishop's four directions.
pub const BISHOP_DIRECTIONS: [Direction; 4] = [
    Direction {
        name: "north-east",
        shift: 9,
        wrap: NOT_A,
    },
    Direction {
        name: "north-west",
        shift: 7,
        wrap: NOT_H,
    },
    Direction {
        name: "south-east",
        shift: -7,
        wrap: NOT_A,
    },
    Direction {
        name: "south-west",
        shift: -9,
        wrap: NOT_H,
    },
];

#[inline(always)]
const fn shift(bits: u64, by: i32) -> u64 {
    if by >= 0 {
        bits << by
    } else {
        bits >> -by
    }
}

/// The slider set `gen` filled through the empty squares `empty` along `d`, the starting
/// squares included: three doubling steps.
#[inline(always)]
const fn occluded_fill(mut gen: u64, empty: u64, d: Direction) -> u64 {
    let mut pro = empty & d.wrap;
    gen |= pro & shift(gen, d.shift);
    pro &= shift(pro, d.shift);
    gen |= pro & shift(gen, 2 * d.shift);
    pro &= shift(pro, 2 * d.shift);
    gen |= pro & shift(gen, 4 * d.shift);
    gen
}

/// The squares the sliders in `sliders` attack along `d`.
#[inline(always)]
pub const fn direction_attacks(sliders: u64, empty: u64, d: Direction) -> u64 {
    shift(occluded_fill(sliders, empty, d), d.shift) & d.wrap
}

#[inline(always)]
fn attacks(sliders: u64, occupied: u64, directions: &[Direction; 4]) -> u64 {
    let empty = !occupied;
    direction_attacks(sliders, empty, directions[0])
        | direction_attacks(sliders, empty, directions[1])
        | direction_attacks(sliders, empty, directions[2])
        | direction_attacks(sliders, empty, directions[3])
}

/// The squares a rook on `sq` attacks when `occupied` is occupied.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(attacks(
        Bitboard::from_square(sq).0,
        occupied.0,
        &ROOK_DIRECTIONS,
    ))
}

/// The squares a bishop on `sq` attacks when `occupied` is occupied.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(attacks(
        Bitboard::from_square(sq).0,
        occupied.0,
        &BISHOP_DIRECTIONS,
    ))
}

/// The squares a queen on `sq` attacks when `occupied` is occupied.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The squares any of `sliders` attacks as rooks: the fill handles a whole set at once, which
/// is where Kogge-Stone earns its keep.
#[inline]
pub fn rook_set_attacks(sliders: Bitboard, occupied: Bitboard) -> Bitboard {
    Bitboard(attacks(sliders.0, occupied.0, &ROOK_DIRECTIONS))
}

/// The squares any of `sliders` attacks as bishops.
#[inline]
pub fn bishop_set_attacks(sliders: Bitboard, occupied: Bitboard) -> Bitboard {
    Bitboard(attacks(sliders.0, occupied.0, &BISHOP_DIRECTIONS))
}

/// No tables: the masks are constants in the instructions.
pub const fn table_bytes() -> usize {
    0
}

/// The fills of `slider` on `sq` among `occupied`, step by step.
pub fn step_by_step(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
    let directions = match slider {
        Slider::Rook => &ROOK_DIRECTIONS,
        Slider::Bishop => &BISHOP_DIRECTIONS,
    };
    let mut steps = Steps::new();
    let empty = !occupied.0;
    let mut attacks = 0;
    for &d in directions {
        let gen = Bitboard::from_square(sq).0;
        let pro = empty & d.wrap;
        let gen1 = gen | pro & shift(gen, d.shift);
        let pro1 = pro & shift(pro, d.shift);
        let gen2 = gen1 | pro1 & shift(gen1, 2 * d.shift);
        let pro2 = pro1 & shift(pro1, 2 * d.shift);
        let gen3 = gen2 | pro2 & shift(gen2, 4 * d.shift);
        let found = shift(gen3, d.shift) & d.wrap;
        attacks |= found;
        steps.part(format!("{} (shift {:+})", d.name, d.shift));
        steps.note(
            "propagator",
            Bitboard(pro),
            "the empty squares a step may land on",
        );
        steps.note(
            "fill 1",
            Bitboard(gen1),
            format!("one step of {:+}: up to 2 squares", d.shift),
        );
        steps.note(
            "fill 2",
            Bitboard(gen2),
            format!("two steps of {:+}: up to 4", d.shift),
        );
        steps.note(
            "fill 3",
            Bitboard(gen3),
            format!("four steps of {:+}: up to 8, the whole ray", d.shift),
        );
        steps.note(
            "step",
            Bitboard(found),
            "the fill moved once more: the blocker too",
        );
    }
    let technique = Technique {
        name: NAME,
        title: "Kogge-Stone",
        summary: "three doubling fills per direction through the empty squares, no tables",
    };
    steps.finish(&technique, slider, sq, occupied, Bitboard(attacks))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference_attacks;

    #[test]
    fn a_set_of_sliders_attacks_what_each_attacks() {
        let occupied = Bitboard(0x0042_0018_2400_8100);
        let sliders: Bitboard = [Square::A1, Square::D4, Square::H8, Square::C6]
            .into_iter()
            .collect();
        for slider in Slider::ALL {
            let each = sliders.fold(Bitboard::EMPTY, |acc, sq| {
                acc | reference_attacks(slider, sq, occupied | sliders)
            });
            let all = match slider {
                Slider::Rook => rook_set_attacks(sliders, occupied | sliders),
                Slider::Bishop => bishop_set_attacks(sliders, occupied | sliders),
            };
            assert_eq!(all, each, "{slider:?}");
        }
    }
}
