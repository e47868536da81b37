//! `move_pack`, `move_unpack`: every combination of fields and every 16-bit value, against
//! core's `Move`, and for the two flags `Move` does not have, against the chapter's diagram.

use crate::{pass, rejects, Checked};
use boardlab_core::{Move, MoveFlag, Square};
use boardlab_labs::move_encoding;
use boardlab_labs::scaffold::move_encoding::Fields;

/// Core's flag of four bits, where it has one.
fn move_flag(bits: u8) -> Option<MoveFlag> {
    Move::from_bits(u16::from(bits) << 12).map(Move::flag)
}

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

type Pack = fn(Fields) -> u16;
type Unpack = fn(u16) -> Fields;

/// Every from, to and flag; returns how many combinations were compared with `Move` and how
/// many (flags 6 and 7) with the diagram.
fn check_pack(pack: Pack) -> Checked<(usize, usize)> {
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
fn check_unpack(unpack: Unpack, pack: Pack) -> Checked<(usize, usize)> {
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
        pass(check_pack(move_encoding::pack)),
        (64 * 64 * 14, 64 * 64 * 2)
    );
}

#[test]
fn move_unpack_matches_the_move_type() {
    assert_eq!(
        pass(check_unpack(move_encoding::unpack, move_encoding::pack)),
        (64 * 64 * 14, 64 * 64 * 2)
    );
}

/// `from` and `to` in each other's places.
fn pack_swapped(fields: Fields) -> u16 {
    expected_bits(Fields {
        from: fields.to,
        to: fields.from,
        flag: fields.flag,
    })
}

/// The flag one bit too low, over the `to` square's top bit.
fn pack_flag_at_11(fields: Fields) -> u16 {
    expected_bits(Fields { flag: 0, ..fields }) | u16::from(fields.flag) << 11
}

/// The flag one bit too high, its top bit lost.
fn pack_flag_at_13(fields: Fields) -> u16 {
    expected_bits(Fields { flag: 0, ..fields }) | u16::from(fields.flag) << 13
}

/// Through core's `Move`, with a quiet flag for the two values `Move` does not have.
fn pack_through_move(fields: Fields) -> u16 {
    let flag = move_flag(fields.flag).unwrap_or(MoveFlag::Quiet);
    let (from, to) = (fields.from, fields.to);
    Move::new(Square::from_index(from), Square::from_index(to), flag).bits()
}

/// `from` and `to` read from each other's places.
fn unpack_swapped(bits: u16) -> Fields {
    let fields = expected_fields(bits);
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
        ..expected_fields(bits)
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
    rejects("from and to swapped", check_pack(pack_swapped));
    rejects("the flag at bit 11", check_pack(pack_flag_at_11));
    rejects("the flag at bit 13", check_pack(pack_flag_at_13));
    let problem = rejects("core's Move", check_pack(pack_through_move));
    assert!(problem.contains("flag: 6"), "{problem}");
}

#[test]
fn move_unpack_check_rejects_wrong_answers() {
    rejects(
        "from and to swapped",
        check_unpack(unpack_swapped, expected_bits),
    );
    rejects(
        "the flag at bit 11",
        check_unpack(unpack_flag_at_11, expected_bits),
    );
    let problem = rejects(
        "core's Move",
        check_unpack(unpack_through_move, expected_bits),
    );
    assert!(problem.starts_with("0x6000"), "{problem}");
}
