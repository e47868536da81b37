//! Every technique's [`Lookup`] against the technique itself: its attacks are the
//! technique's attacks, the parts OR to them, each step follows from the steps before it as the
//! module docs say, and the text and JSON forms carry the same values.

use boardlab_core::{Bitboard, Square};
use boardlab_sliders::pext::pext_portable;
use boardlab_sliders::{
    bit_lines, black_magic, hyperbola, kindergarten, kogge_stone, obstruction, pext,
    ray_step_by_step, reference_attacks, sample_lookups, Slider, TECHNIQUES,
};
use boardlab_views::{bitboard_grid, Lookup, StepValue};

/// A technique's lookup, step by step.
type Narration = fn(Slider, Square, Bitboard) -> Lookup;

/// Every technique's `step_by_step` under its name, and the ray walk's.
const NARRATIONS: [(&str, Narration); 8] = [
    (bit_lines::NAME, bit_lines::step_by_step),
    (kindergarten::NAME, kindergarten::step_by_step),
    (hyperbola::NAME, hyperbola::step_by_step),
    (obstruction::NAME, obstruction::step_by_step),
    (kogge_stone::NAME, kogge_stone::step_by_step),
    (black_magic::NAME, black_magic::step_by_step),
    (pext::NAME, pext::step_by_step),
    ("ray", ray_step_by_step),
];

/// The lookup of `slider` on `sq` among `occupied` by the technique called `technique`.
fn step_by_step(technique: &str, slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
    let (_, narration) = NARRATIONS
        .iter()
        .find(|(name, _)| *name == technique)
        .unwrap_or_else(|| panic!("{technique} is not a technique"));
    narration(slider, sq, occupied)
}

/// Every lookup of every technique, with the one each case's `check` is given.
fn each_lookup(technique: &str, mut check: impl FnMut(&Lookup)) -> usize {
    let lookups = sample_lookups(
        |slider, sq, occupied| Some(step_by_step(technique, slider, sq, occupied)),
        12,
    );
    assert_eq!(lookups.len(), 2 * 64 * 12, "{technique} is a technique");
    for lookup in &lookups {
        check(lookup);
    }
    lookups.len()
}

fn value(lookup: &Lookup, part: &str, label: &str) -> u64 {
    match lookup.step(part, label) {
        Some(step) => step.value.bits(),
        None => panic!("no step {label:?} in {part:?}:\n{}", lookup.to_text()),
    }
}

#[test]
fn every_lookup_finds_the_techniques_attacks() {
    let mut explained = 0;
    // The table holds every technique of the crate, and the ray walk.
    let names: Vec<&str> = NARRATIONS.iter().map(|(name, _)| *name).collect();
    assert_eq!(names[..TECHNIQUES.len()], TECHNIQUES);
    for technique in names {
        explained += each_lookup(technique, |lookup| {
            let (slider, sq, occupied) = (lookup.slider, lookup.square, lookup.occupied);
            assert_eq!(lookup.technique, technique);
            assert_eq!(
                lookup.attacks,
                reference_attacks(slider, sq, occupied),
                "{technique} {slider:?} {sq}"
            );
            // A lookup split into parts ORs the parts' last square sets. Which techniques split
            // their lookup, and how many ways, is part of what they teach: a part per line (two),
            // per direction (four), or none for a single table lookup.
            let parts = lookup.parts();
            let expected_parts = match technique {
                "black-magic" | "pext" => 0,
                "kogge-stone" | "ray" => 4,
                _ => 2,
            };
            assert_eq!(parts.len(), expected_parts, "{technique}: {parts:?}");
            if !parts.is_empty() {
                let ored = parts.iter().fold(Bitboard::EMPTY, |acc, part| {
                    let last = lookup
                        .steps
                        .iter()
                        .rev()
                        .find(|step| step.part == *part)
                        .expect("a part has steps");
                    assert!(matches!(last.value, StepValue::Squares(_)));
                    acc | Bitboard(last.value.bits())
                });
                assert_eq!(ored, lookup.attacks, "{technique} {slider:?} {sq}");
            }
            // The text ends with the attacks drawn.
            let text = lookup.to_text();
            let grid = bitboard_grid(lookup.attacks).join("\n");
            let last: Vec<&str> = text.lines().rev().take(9).collect();
            let last: Vec<&str> = last.into_iter().rev().collect();
            assert_eq!(last.join("\n"), grid, "{technique}:\n{text}");
        });
    }
    assert_eq!(explained, 8 * 2 * 64 * 12);
}

#[test]
fn hyperbola_xors_the_two_subtractions() {
    each_lookup("hyperbola", |lookup| {
        for part in lookup.parts() {
            if part.starts_with("rank") {
                continue;
            }
            let o = value(lookup, part, "o = occupied & line");
            let two_r = value(lookup, part, "2r");
            let forward = value(lookup, part, "forward = o - 2r");
            assert_eq!(forward, o.wrapping_sub(two_r));
            let r = Bitboard::from_square(lookup.square).0;
            assert_eq!(two_r, r << 1);
            let swapped = value(lookup, part, "swap(o) - 2 swap(r)");
            // Not swap(2r): doubling an h-file bit carries it into the next byte.
            assert_eq!(swapped, o.swap_bytes().wrapping_sub(r.swap_bytes() << 1));
            let reverse = value(lookup, part, "reverse = swap(that)");
            assert_eq!(reverse, swapped.swap_bytes());
            let xor = value(lookup, part, "forward ^ reverse");
            assert_eq!(xor, forward ^ reverse);
            let line_attacks = value(lookup, part, "attacks on the line");
            // The xor is the line attacks and, off the line, noise the mask removes.
            assert_eq!(xor & line_attacks, line_attacks);
            let on_line = value(lookup, part, "occupied on the line") | line_attacks;
            assert_eq!(xor & on_line & !(1 << lookup.square as u8), line_attacks);
        }
    });
}

#[test]
fn kindergarten_gathers_the_top_six_bits() {
    each_lookup("kindergarten", |lookup| {
        for part in lookup.parts() {
            let gathered = value(lookup, part, "gathered");
            if part.starts_with("rank") {
                let rank = lookup.square as u8 >> 3;
                assert_eq!(gathered, lookup.occupied.0 >> (8 * rank + 1) & 63);
            } else {
                assert_eq!(gathered, value(lookup, part, "product") >> 58);
            }
        }
    });
}

#[test]
fn obstruction_subtracts_the_blockers_bounds() {
    each_lookup("obstruction", |lookup| {
        for part in lookup.parts() {
            let lower = value(lookup, part, "lower blockers");
            let upper = value(lookup, part, "upper blockers");
            let from = value(lookup, part, "from = 1 << msb(lower | 1)");
            let to = value(lookup, part, "to = 2 * lsb(upper)");
            assert_eq!(from, 1 << (63 - (lower | 1).leading_zeros()));
            assert_eq!(to, (upper & upper.wrapping_neg()) << 1);
            let difference = value(lookup, part, "to - from");
            assert_eq!(difference, to.wrapping_sub(from));
            let line_attacks = value(lookup, part, "attacks on the line");
            assert_eq!(difference & line_attacks, line_attacks);
            assert_eq!(lower & upper, 0);
        }
    });
}

#[test]
fn kogge_stone_fills_only_grow() {
    each_lookup("kogge-stone", |lookup| {
        let slider = Bitboard::from_square(lookup.square).0;
        for part in lookup.parts() {
            let fills = ["fill 1", "fill 2", "fill 3"].map(|label| value(lookup, part, label));
            assert_eq!(fills[0] & slider, slider);
            assert_eq!(fills[0] & !fills[1], 0);
            assert_eq!(fills[1] & !fills[2], 0);
            // Every square a fill added is empty.
            assert_eq!(fills[2] & !slider & lookup.occupied.0, 0);
        }
    });
}

#[test]
fn black_magic_indexes_by_the_top_bits() {
    each_lookup("black-magic", |lookup| {
        let bits = match lookup.slider {
            Slider::Rook => 12,
            Slider::Bishop => 9,
        };
        let mask = value(lookup, "", "relevant mask");
        let ored = value(lookup, "", "occupied | !mask");
        assert_eq!(ored, lookup.occupied.0 | !mask);
        let product = value(lookup, "", "product");
        assert_eq!(product, ored.wrapping_mul(value(lookup, "", "magic")));
        let index = value(lookup, "", "index");
        assert_eq!(index, product >> (64 - bits));
        assert_eq!(
            value(lookup, "", "slot"),
            value(lookup, "", "offset") + index
        );
    });
}

#[test]
fn pext_packs_the_masked_bits() {
    each_lookup("pext", |lookup| {
        let mask = value(lookup, "", "relevant mask");
        assert_eq!(
            value(lookup, "", "occupied & mask"),
            lookup.occupied.0 & mask
        );
        let index = value(lookup, "", "index = pext(occupied, mask)");
        assert_eq!(index, pext_portable(lookup.occupied.0, mask));
        assert_eq!(
            value(lookup, "", "slot"),
            value(lookup, "", "offset") + index
        );
    });
}

#[test]
fn bit_lines_state_is_the_bytes_inner_bits() {
    each_lookup("bit-lines", |lookup| {
        for part in lookup.parts() {
            let byte = value(lookup, part, "byte");
            assert_eq!(value(lookup, part, "state"), byte >> 1 & 63);
            let line = value(lookup, part, "line");
            assert_eq!(
                value(lookup, part, "occupied on it"),
                lookup.occupied.0 & line
            );
        }
    });
}

#[test]
fn the_text_is_headed_by_the_technique_and_the_slider() {
    let occupied = Bitboard(0x0042_0018_2400_8100);
    for technique in TECHNIQUES {
        let lookup = step_by_step(technique, Slider::Rook, Square::D4, occupied);
        assert_eq!(lookup.technique, technique);
        let text = lookup.to_text();
        assert!(text.starts_with(&format!("{}: a rook on d4\n", lookup.title)));
    }
}

#[test]
fn json_carries_every_step() {
    let occupied = Bitboard::from_square(Square::D4).with(Square::D6);
    let lookup = step_by_step("kindergarten", Slider::Rook, Square::D4, occupied);
    let json = serde_json::to_value(&lookup).expect("a lookup serializes");
    assert_eq!(json["technique"], "kindergarten");
    assert_eq!(json["slider"], "rook");
    assert_eq!(json["square"], "d4");
    assert_eq!(json["occupied"], "0000080008000000");
    assert_eq!(json["attacks"], format!("{:016x}", lookup.attacks.0));
    let steps = json["steps"].as_array().expect("steps are a list");
    assert_eq!(steps.len(), lookup.steps.len());
    let gathered = &steps[0];
    assert_eq!(gathered["part"], "rank through d4");
    assert_eq!(gathered["label"], "gathered");
    assert_eq!(gathered["value"]["kind"], "bits");
    // Files g..b of rank 4: only d4 itself.
    assert_eq!(gathered["value"]["value"], "000100");
    let kinds: Vec<&str> = steps
        .iter()
        .map(|step| step["value"]["kind"].as_str().unwrap())
        .collect();
    assert!(kinds.contains(&"word") && kinds.contains(&"squares"));
}
