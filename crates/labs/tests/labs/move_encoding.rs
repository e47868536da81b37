//! `move_pack`, `move_unpack`: every combination of fields and every 16-bit value, against
//! core's `Move`, and for the two flags `Move` does not have, against the chapter's diagram.
//!
//! The diagram read bit by bit answers both exercises, so the students' copy holds what it
//! answers for flags 6 and 7 instead, in `tests/data/move_encoding.txt`.

use crate::{numbers, pass, recorded, rejects, Checked, Want};
use boardlab_core::{Move, MoveFlag, Square};
use boardlab_labs::move_encoding;
use boardlab_labs::scaffold::move_encoding::Fields;

/// Core's flag of four bits, where it has one.
fn move_flag(bits: u8) -> Option<MoveFlag> {
    Move::from_bits(u16::from(bits) << 12).map(Move::flag)
}

// grading only:
/// The 16 bits the fields should pack into: `Move`'s, and for flags 6 and 7 the chapter's
/// diagram read bit by bit (from in bits 0-5, to in 6-11, flag in 12-15).
fn expected_bits(fields: Fields) -> u16 {
    if let Some(flag) = move_flag(fields.flag) {
        let (from, to) = (fields.from, fields.to);
        return Move::new(Square::from_index(from), Square::from_index(to), flag).bits();
    }
    let mut bits = 0;
    for i in 0..6 {
        bits |= u16::from(fields.from >> i & 1) << i;
        bits |= u16::from(fields.to >> i & 1) << (6 + i);
    }
    for i in 0..4 {
        bits |= u16::from(fields.flag >> i & 1) << (12 + i);
    }
    bits
}

/// The fields 16 bits should unpack into: `Move`'s, and for flags 6 and 7 the squares of the
/// same bits with the flag cleared (a quiet `Move`) and the top four bits.
fn expected_fields(bits: u16) -> Fields {
    let (mv, flag) = match Move::from_bits(bits) {
        Some(mv) => (mv, mv.flag_bits()),
        None => (
            Move::from_bits(bits & 0x0fff).unwrap_or(Move::NULL),
            (bits >> 12) as u8,
        ),
    };
    Fields {
        from: mv.from() as u8,
        to: mv.to() as u8,
        flag,
    }
}
// end of grading only

/// A question to the diagram: the 64 packings of a flag and a from square, one a to square,
/// or the 64 unpackings of 16-bit values from one with its six low bits clear.
#[derive(Clone, Copy)]
enum Asked {
    Pack(u8, u8),
    Unpack(u16),
}

/// The diagram's answers: in the students' copy, its recorded figures.
#[allow(unreachable_code)]
fn the_diagram<'a>() -> Want<'a, Asked> {
    // grading only:
    return crate::live(|&asked: &Asked| {
        let answers: Vec<String> = match asked {
            Asked::Pack(flag, from) => (0..64)
                .map(|to| expected_bits(Fields { from, to, flag }).to_string())
                .collect(),
            Asked::Unpack(base) => (base..base + 64)
                .map(expected_fields)
                .map(|f| format!("{} {} {}", f.from, f.to, f.flag))
                .collect(),
        };
        answers.join(" ")
    });
    // end of grading only
    recorded("move_encoding")
}

/// The diagram's packings of the flags `Move` does not have, by flag and from square.
fn diagram_bits(want: &mut Want<Asked>) -> std::collections::BTreeMap<(u8, u8), Vec<u16>> {
    let mut bits = std::collections::BTreeMap::new();
    for flag in [6, 7] {
        for from in 0..64 {
            let name = format!("pack: flag {flag}, from {from}, to 0 to 63");
            let answer = numbers(&want(&name, &Asked::Pack(flag, from)));
            bits.insert((flag, from), answer.iter().map(|&b| b as u16).collect());
        }
    }
    bits
}

/// The diagram's unpackings of the 16-bit values `Move` does not take, in order from 0x6000.
fn diagram_fields(want: &mut Want<Asked>) -> Vec<Fields> {
    let mut fields = Vec::new();
    for base in (0x6000..0x8000).step_by(64) {
        let name = format!("unpack: {base:#06x} to {:#06x}", base + 63);
        let answer = numbers(&want(&name, &Asked::Unpack(base)));
        for triple in answer.chunks(3) {
            fields.push(Fields {
                from: triple[0] as u8,
                to: triple[1] as u8,
                flag: triple[2] as u8,
            });
        }
    }
    fields
}

type Pack = fn(Fields) -> u16;
type Unpack = fn(u16) -> Fields;

/// Every from, to and flag; returns how many combinations were compared with `Move` and how
/// many (flags 6 and 7) with the diagram.
fn check_pack(pack: Pack, want: &mut Want<Asked>) -> Checked<(usize, usize)> {
    let diagram = diagram_bits(want);
    let expected_bits = |fields: Fields| match move_flag(fields.flag) {
        Some(flag) => {
            let (from, to) = (
                Square::from_index(fields.from),
                Square::from_index(fields.to),
            );
            Move::new(from, to, flag).bits()
        }
        None => diagram[&(fields.flag, fields.from)][usize::from(fields.to)],
    };
    let (mut with_move, mut diagram_only) = (0, 0);
    for from in 0..64u8 {
        for to in 0..64u8 {
            for flag in 0..16u8 {
                let fields = Fields { from, to, flag };
                let (bits, expected) = (pack(fields), expected_bits(fields));
                if bits != expected {
                    return Err(format!("{fields:?}: {bits:#06x}, expected {expected:#06x}"));
                }
                if move_flag(flag).is_some() {
                    with_move += 1;
                } else {
                    diagram_only += 1;
                }
            }
        }
    }
    Ok((with_move, diagram_only))
}

/// Every 16-bit value, unpacked and packed again with the exercise's `pack`; returns how
/// many were compared with `Move` and how many (flags 6 and 7) with the diagram.
fn check_unpack(unpack: Unpack, pack: Pack, want: &mut Want<Asked>) -> Checked<(usize, usize)> {
    let diagram = diagram_fields(want);
    let expected_fields = |bits: u16| match Move::from_bits(bits) {
        Some(mv) => Fields {
            from: mv.from() as u8,
            to: mv.to() as u8,
            flag: mv.flag_bits(),
        },
        None => diagram[usize::from(bits - 0x6000)],
    };
    let (mut with_move, mut diagram_only) = (0, 0);
    for bits in 0..=u16::MAX {
        let (fields, expected) = (unpack(bits), expected_fields(bits));
        if fields != expected {
            return Err(format!("{bits:#06x}: {fields:?}, expected {expected:?}"));
        }
        if pack(fields) != bits {
            return Err(format!(
                "{bits:#06x}: unpacked {fields:?}, packed again {:#06x}",
                pack(fields)
            ));
        }
        if Move::from_bits(bits).is_some() {
            with_move += 1;
        } else {
            diagram_only += 1;
        }
    }
    Ok((with_move, diagram_only))
}

#[test]
fn move_pack_matches_the_move_type() {
    // Fourteen flags of 16 are `MoveFlag`s.
    assert_eq!(
        pass(check_pack(move_encoding::pack, &mut the_diagram())),
        (64 * 64 * 14, 64 * 64 * 2)
    );
}

#[test]
fn move_unpack_matches_the_move_type() {
    assert_eq!(
        pass(check_unpack(
            move_encoding::unpack,
            move_encoding::pack,
            &mut the_diagram()
        )),
        (64 * 64 * 14, 64 * 64 * 2)
    );
}

/// Through core's `Move`, with a quiet flag for the two values `Move` does not have.
fn pack_through_move(fields: Fields) -> u16 {
    let flag = move_flag(fields.flag).unwrap_or(MoveFlag::Quiet);
    let (from, to) = (fields.from, fields.to);
    Move::new(Square::from_index(from), Square::from_index(to), flag).bits()
}

/// `from` and `to` in each other's places.
fn pack_swapped(fields: Fields) -> u16 {
    pack_through_move(Fields {
        from: fields.to,
        to: fields.from,
        flag: fields.flag,
    })
}

/// The flag one bit too low, over the `to` square's top bit.
fn pack_flag_at_11(fields: Fields) -> u16 {
    pack_through_move(Fields { flag: 0, ..fields }) | u16::from(fields.flag) << 11
}

/// The flag one bit too high, its top bit lost.
fn pack_flag_at_13(fields: Fields) -> u16 {
    pack_through_move(Fields { flag: 0, ..fields }) | u16::from(fields.flag) << 13
}

/// `from` and `to` read from each other's places.
fn unpack_swapped(bits: u16) -> Fields {
    let fields = unpack_through_move(bits);
    Fields {
        from: fields.to,
        to: fields.from,
        flag: fields.flag,
    }
}

/// The flag read one bit too low.
fn unpack_flag_at_11(bits: u16) -> Fields {
    Fields {
        flag: (bits >> 11 & 15) as u8,
        ..unpack_through_move(bits)
    }
}

/// Through core's `Move`, which refuses flags 6 and 7.
fn unpack_through_move(bits: u16) -> Fields {
    let mv = Move::from_bits(bits).unwrap_or(Move::NULL);
    Fields {
        from: mv.from() as u8,
        to: mv.to() as u8,
        flag: mv.flag_bits(),
    }
}

#[test]
fn move_pack_check_rejects_wrong_answers() {
    let check = |pack| check_pack(pack, &mut the_diagram());
    rejects("from and to swapped", check(pack_swapped));
    rejects("the flag at bit 11", check(pack_flag_at_11));
    rejects("the flag at bit 13", check(pack_flag_at_13));
    let problem = rejects("core's Move", check(pack_through_move));
    assert!(problem.contains("flag: 6"), "{problem}");
}

#[test]
fn move_unpack_check_rejects_wrong_answers() {
    // Each is wrong before a packing is asked of `Move`'s flags only.
    let check = |unpack| check_unpack(unpack, pack_through_move, &mut the_diagram());
    rejects("from and to swapped", check(unpack_swapped));
    rejects("the flag at bit 11", check(unpack_flag_at_11));
    let problem = rejects("core's Move", check(unpack_through_move));
    assert!(problem.starts_with("0x6000"), "{problem}");
}

// repository only:
/// `tests/data/move_encoding.txt` is what the diagram read bit by bit answers for flags 6 and 7.
#[test]
fn move_encoding_figures_are_the_models() {
    crate::record("move_encoding", || {
        pass(check_pack(expected_bits, &mut the_diagram()));
        pass(check_unpack(
            expected_fields,
            expected_bits,
            &mut the_diagram(),
        ));
    });
}
// end of repository only
