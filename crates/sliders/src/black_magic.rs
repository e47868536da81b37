//! Black magic bitboards: fixed-shift magics whose per-square slices overlap in one shared
//! table, indexed with the negated mask.
//!
//! ```text
//!   index = ((occupied | !mask) * magic) >> 52          rook: always 12 bits (bishop: >> 55, 9)
//!   attacks = TABLE[offset + index]                     TABLE: 87 988 entries for both
//! ```
//!
//! A fancy magic (the boardlab-magic crate) ANDs the occupancy with the square's relevant mask and
//! shifts the product by a per-square amount. A black magic ORs the occupancy with the
//! *complement* of the mask instead: every irrelevant bit is then one, and the multiplier is
//! searched for that form (Volker Annuss's trick). The shift is the same for every square, 12
//! bits for a rook and 9 for a bishop, so it is a constant in the code. A square's 4096 (or
//! 512) slots are not all used: equal attack sets share slots, and some indexes never occur.
//! The slices of different squares are therefore allowed to overlap, each square's used slots
//! falling into other squares' gaps (a slot could even serve two squares if they wanted the same
//! set there). That packs the rook and bishop tables into 87 988 entries (704 KB), against
//! 107 648 for fancy magics; the tests count how many of them are used.
//!
//! The magic numbers and offsets are published data: the black magics found by Volker Annuss
//! and Niklas Fiekas, as posted in the TalkChess thread "Black magic bitboards"
//! (<http://talkchess.com/forum/viewtopic.php?t=64790>) and used by Cfish's `magic-black.c`.
//! The table itself is filled here, once, on first use ([`OnceLock`](std::sync::OnceLock)); the
//! fill checks that no slot is asked to hold two different attack sets, so wrong data could not
//! go unnoticed.

use crate::{reference_attacks, Slider};
use boardlab_core::bitboard::{relevant_mask, subsets};
use boardlab_core::{Bitboard, Square};
use boardlab_views::hex64;
use boardlab_views::{Lookup, StepValue, Steps, Technique};

/// The technique's name, as its backend, the benches and the book call it.
pub const NAME: &str = "black-magic";

/// Entries of the shared table.
pub const TABLE_ENTRIES: usize = 87_988;
/// Index bits of a rook lookup (a rook has at most 12 relevant squares).
pub const ROOK_BITS: u32 = 12;
/// Index bits of a bishop lookup (a bishop has at most 9 relevant squares).
pub const BISHOP_BITS: u32 = 9;

/// Rook (magic, offset) pairs for a1..h8, by Volker Annuss and Niklas Fiekas (see the module
/// docs for the source).
#[rustfmt::skip]
const ROOK_DATA: [(u64, u32); 64] = [
    (0x80280013ff84ffff, 10890), (0x5ffbfefdfef67fff, 50579), (0xffeffaffeffdffff, 62020),
    (0x003000900300008a, 67322), (0x0050028010500023, 80251), (0x0020012120a00020, 58503),
    (0x0030006000c00030, 51175), (0x0058005806b00002, 83130), (0x7fbff7fbfbeafffc, 50430),
    (0x0000140081050002, 21613), (0x0000180043800048, 72625), (0x7fffe800021fffb8, 80755),
    (0xffffcffe7fcfffaf, 69753), (0x00001800c0180060, 26973), (0x4f8018005fd00018, 84972),
    (0x0000180030620018, 31958), (0x00300018010c0003, 69272), (0x0003000c0085ffff, 48372),
    (0xfffdfff7fbfefff7, 65477), (0x7fc1ffdffc001fff, 43972), (0xfffeffdffdffdfff, 57154),
    (0x7c108007befff81f, 53521), (0x20408007bfe00810, 30534), (0x0400800558604100, 16548),
    (0x0040200010080008, 46407), (0x0010020008040004, 11841), (0xfffdfefff7fbfff7, 21112),
    (0xfebf7dfff8fefff9, 44214), (0xc00000ffe001ffe0, 57925), (0x4af01f00078007c3, 29574),
    (0xbffbfafffb683f7f, 17309), (0x0807f67ffa102040, 40143), (0x200008e800300030, 64659),
    (0x0000008780180018, 70469), (0x0000010300180018, 62917), (0x4000008180180018, 60997),
    (0x008080310005fffa, 18554), (0x4000188100060006, 14385), (0xffffff7fffbfbfff, 0),
    (0x0000802000200040, 38091), (0x20000202ec002800, 25122), (0xfffff9ff7cfff3ff, 60083),
    (0x000000404b801800, 72209), (0x2000002fe03fd000, 67875), (0xffffff6ffe7fcffd, 56290),
    (0xbff7efffbfc00fff, 43807), (0x000000100800a804, 73365), (0x6054000a58005805, 76398),
    (0x0829000101150028, 20024), (0x00000085008a0014, 9513), (0x8000002b00408028, 24324),
    (0x4000002040790028, 22996), (0x7800002010288028, 23213), (0x0000001800e08018, 56002),
    (0xa3a80003f3a40048, 22809), (0x2003d80000500028, 44545), (0xfffff37eefefdfbe, 36072),
    (0x40000280090013c1, 4750), (0xbf7ffeffbffaf71f, 6014), (0xfffdffff777b7d6e, 36054),
    (0x48300007e8080c02, 78538), (0xafe0000fff780402, 28745), (0xee73fffbffbb77fe, 8555),
    (0x0002000308482882, 1009),
];

/// Bishop (magic, offset) pairs for a1..h8, from the same source.
#[rustfmt::skip]
const BISHOP_DATA: [(u64, u32); 64] = [
    (0xa7020080601803d8, 60984), (0x13802040400801f1, 66046), (0x0a0080181001f60c, 32910),
    (0x1840802004238008, 16369), (0xc03fe00100000000, 42115), (0x24c00bffff400000, 835),
    (0x0808101f40007f04, 18910), (0x100808201ec00080, 25911), (0xffa2feffbfefb7ff, 63301),
    (0x083e3ee040080801, 16063), (0xc0800080181001f8, 17481), (0x0440007fe0031000, 59361),
    (0x2010007ffc000000, 18735), (0x1079ffe000ff8000, 61249), (0x3c0708101f400080, 68938),
    (0x080614080fa00040, 61791), (0x7ffe7fff817fcff9, 21893), (0x7ffebfffa01027fd, 62068),
    (0x53018080c00f4001, 19829), (0x407e0001000ffb8a, 26091), (0x201fe000fff80010, 15815),
    (0xffdfefffde39ffef, 16419), (0xcc8808000fbf8002, 59777), (0x7ff7fbfff8203fff, 16288),
    (0x8800013e8300c030, 33235), (0x0420009701806018, 15459), (0x7ffeff7f7f01f7fd, 15863),
    (0x8700303010c0c006, 75555), (0xc800181810606000, 79445), (0x20002038001c8010, 15917),
    (0x087ff038000fc001, 8512), (0x00080c0c00083007, 73069), (0x00000080fc82c040, 16078),
    (0x000000407e416020, 19168), (0x00600203f8008020, 11056), (0xd003fefe04404080, 62544),
    (0xa00020c018003088, 80477), (0x7fbffe700bffe800, 75049), (0x107ff00fe4000f90, 32947),
    (0x7f8fffcff1d007f8, 59172), (0x0000004100f88080, 55845), (0x00000020807c4040, 61806),
    (0x00000041018700c0, 73601), (0x0010000080fc4080, 15546), (0x1000003c80180030, 45243),
    (0xc10000df80280050, 20333), (0xffffffbfeff80fdc, 33402), (0x000000101003f812, 25917),
    (0x0800001f40808200, 32875), (0x084000101f3fd208, 4639), (0x080000000f808081, 17077),
    (0x0004000008003f80, 62324), (0x08000001001fe040, 18159), (0x72dd000040900a00, 61436),
    (0xfffffeffbfeff81d, 57073), (0xcd8000200febf209, 61025), (0x100000101ec10082, 81259),
    (0x7fbaffffefe0c02f, 64083), (0x7f83fffffff07f7f, 56114), (0xfff1fffffff7ffc1, 57058),
    (0x0878040000ffe01f, 58912), (0x945e388000801012, 22194), (0x0840800080200fda, 70880),
    (0x100000c05f582008, 11140),
];

/// One square's key into the shared table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlackMagic {
    /// The complement of the relevant squares: ORed into the occupancy.
    pub not_mask: u64,
    /// The multiplier.
    pub magic: u64,
    /// Where the square's slice starts.
    pub offset: u32,
}

impl BlackMagic {
    /// The slot of `occupied` for a lookup with `bits` index bits.
    #[inline]
    pub const fn slot(&self, occupied: u64, bits: u32) -> usize {
        self.offset as usize
            + ((occupied | self.not_mask).wrapping_mul(self.magic) >> (64 - bits)) as usize
    }
}

/// The keys and the shared table.
pub struct Tables {
    rook: [BlackMagic; 64],
    bishop: [BlackMagic; 64],
    /// `TABLE_ENTRIES` attack sets; every key's slots lie inside it.
    attacks: Box<[Bitboard]>,
    /// How many slots some square uses (the rest are never read).
    used: usize,
    /// How many slot writes found the slot already holding the same set from another square.
    shared: usize,
}

crate::tables_built_once!(Tables);

impl Tables {
    fn build() -> Tables {
        let mut attacks = vec![Bitboard::EMPTY; TABLE_ENTRIES].into_boxed_slice();
        // For each slot, the square (+1, as rook 1..=64 and bishop 65..=128) that wrote it, 0
        // for none; a slot is shared between squares only if they want the same set there.
        let mut owner = vec![0u8; TABLE_ENTRIES];
        let (mut used, mut shared) = (0, 0);
        let mut keys = [[BlackMagic {
            not_mask: 0,
            magic: 0,
            offset: 0,
        }; 64]; 2];
        for (kind, (slider, data, bits)) in [
            (Slider::Rook, &ROOK_DATA, ROOK_BITS),
            (Slider::Bishop, &BISHOP_DATA, BISHOP_BITS),
        ]
        .into_iter()
        .enumerate()
        {
            for sq in Square::ALL {
                let (magic, offset) = data[sq as usize];
                let mask = relevant_mask(sq, slider.directions()).0;
                let key = BlackMagic {
                    not_mask: !mask,
                    magic,
                    offset,
                };
                let writer = (kind * 64 + sq as usize + 1) as u8;
                for occupied in subsets(Bitboard(mask)).map(|set| set.0) {
                    let slot = key.slot(occupied, bits);
                    assert!(
                        slot < TABLE_ENTRIES,
                        "{} on {sq}: slot {slot} outside the table",
                        slider.name()
                    );
                    let set = reference_attacks(slider, sq, Bitboard(occupied));
                    if owner[slot] == 0 {
                        owner[slot] = writer;
                        attacks[slot] = set;
                        used += 1;
                    } else {
                        assert_eq!(
                            attacks[slot],
                            set,
                            "{} on {sq}: slot {slot} holds another attack set",
                            slider.name()
                        );
                        if owner[slot] != writer {
                            shared += 1;
                        }
                    }
                }
                keys[kind][sq as usize] = key;
            }
        }
        Tables {
            rook: keys[0],
            bishop: keys[1],
            attacks,
            used,
            shared,
        }
    }

    #[inline]
    fn lookup(&self, key: &BlackMagic, occupied: Bitboard, bits: u32) -> Bitboard {
        let slot = key.slot(occupied.0, bits);
        debug_assert!(slot < self.attacks.len());
        // SAFETY: `build` computed the slot of every occupancy of the relevant squares and
        // asserted it is inside `attacks`. Any other occupancy gives the slot of its relevant
        // subset, since ORing the complement of the mask makes the bits outside it all ones
        // whatever they were. Keys and table never change after `build`.
        unsafe { *self.attacks.get_unchecked(slot) }
    }

    /// The squares a rook on `sq` attacks.
    #[inline]
    pub fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.lookup(&self.rook[sq as usize], occupied, ROOK_BITS)
    }

    /// The squares a bishop on `sq` attacks.
    #[inline]
    pub fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.lookup(&self.bishop[sq as usize], occupied, BISHOP_BITS)
    }

    /// The key of `slider` on `sq`.
    pub fn key(&self, slider: Slider, sq: Square) -> BlackMagic {
        match slider {
            Slider::Rook => self.rook[sq as usize],
            Slider::Bishop => self.bishop[sq as usize],
        }
    }

    /// How many of the table's slots some square's lookups read.
    pub fn used_slots(&self) -> usize {
        self.used
    }

    /// How many times a square's slot was already filled, with the same set, by another square.
    pub fn shared_slots(&self) -> usize {
        self.shared
    }

    /// The bytes of the keys and the table.
    pub fn bytes(&self) -> usize {
        std::mem::size_of_val(&self.rook)
            + std::mem::size_of_val(&self.bishop)
            + std::mem::size_of_val(&*self.attacks)
    }
}

crate::lookups_in_tables!(Tables, "by black-magic lookup");

/// The lookup of `slider` on `sq` among `occupied`, step by step.
pub fn step_by_step(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
    let tables = Tables::get();
    let key = tables.key(slider, sq);
    let bits = match slider {
        Slider::Rook => ROOK_BITS,
        Slider::Bishop => BISHOP_BITS,
    };
    let ored = occupied.0 | key.not_mask;
    let product = ored.wrapping_mul(key.magic);
    let index = product >> (64 - bits);
    let slot = key.slot(occupied.0, bits);
    let attacks = match slider {
        Slider::Rook => tables.rook(sq, occupied),
        Slider::Bishop => tables.bishop(sq, occupied),
    };
    let mut steps = Steps::new();
    steps.squares("occupied", occupied);
    steps.squares("relevant mask", Bitboard(!key.not_mask));
    steps.note(
        "occupied | !mask",
        Bitboard(ored),
        "every irrelevant square set, so only the relevant ones vary",
    );
    steps.note("magic", key.magic, hex64(key.magic));
    steps.word("product", product);
    steps.note(
        "index",
        StepValue::Number(index),
        format!(
            "product >> {}, the top {bits} bits; the shift is the same on every square",
            64 - bits
        ),
    );
    steps.table_slot(
        key.offset,
        slot as u64,
        &format!("one of {TABLE_ENTRIES} slots, where slices of different squares overlap"),
    );
    let technique = Technique {
        name: NAME,
        title: "black magic",
        summary: "",
    };
    steps.finish(&technique, slider, sq, occupied, attacks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_masks_have_the_known_sizes() {
        let rook: usize = Square::ALL
            .iter()
            .map(|&sq| 1 << relevant_mask(sq, Slider::Rook.directions()).count())
            .sum();
        let bishop: usize = Square::ALL
            .iter()
            .map(|&sq| 1 << relevant_mask(sq, Slider::Bishop.directions()).count())
            .sum();
        // The fancy-magic table sizes: every relevant occupancy its own slot.
        assert_eq!((rook, bishop), (102_400, 5_248));
        assert!(Square::ALL
            .iter()
            .all(
                |&sq| relevant_mask(sq, Slider::Rook.directions()).count() <= ROOK_BITS
                    && relevant_mask(sq, Slider::Bishop.directions()).count() <= BISHOP_BITS
            ));
    }

    #[test]
    fn the_published_keys_fill_the_table_to_its_last_entry() {
        // `build` has already asserted that no slot holds two different sets; here the table
        // must be no larger than the keys reach, and smaller than one slot per occupancy.
        let tables = Tables::get();
        let mut highest = 0;
        for (slider, bits) in [(Slider::Rook, ROOK_BITS), (Slider::Bishop, BISHOP_BITS)] {
            for sq in Square::ALL {
                let key = tables.key(slider, sq);
                for occupied in subsets(Bitboard(!key.not_mask)).map(|set| set.0) {
                    highest = highest.max(key.slot(occupied, bits));
                }
            }
        }
        assert_eq!(highest, TABLE_ENTRIES - 1);
        assert!(tables.used_slots() <= TABLE_ENTRIES);
        assert!(tables.used_slots() < 102_400 + 5_248);
        // The slices' ranges, 4096 slots per rook square and 512 per bishop square, overlap:
        // sorted by start, most begin before the one before them ends.
        let mut ranges: Vec<(usize, usize)> =
            [(Slider::Rook, ROOK_BITS), (Slider::Bishop, BISHOP_BITS)]
                .into_iter()
                .flat_map(|(slider, bits)| {
                    Square::ALL.map(|sq| {
                        let start = tables.key(slider, sq).offset as usize;
                        (start, start + (1 << bits))
                    })
                })
                .collect();
        ranges.sort_unstable();
        let overlapping = ranges.windows(2).filter(|w| w[1].0 < w[0].1).count();
        assert!(
            overlapping > 64,
            "{overlapping} of 127 neighbouring slices overlap"
        );
        eprintln!(
            "black magic: {} of {TABLE_ENTRIES} slots used, {} writes onto another square's equal entry",
            tables.used_slots(),
            tables.shared_slots()
        );
        assert_eq!(table_bytes(), TABLE_ENTRIES * 8 + 2 * 64 * 24);
    }

    #[test]
    fn irrelevant_squares_do_not_move_the_slot() {
        let tables = Tables::get();
        for sq in Square::ALL {
            let key = tables.key(Slider::Rook, sq);
            let relevant = 0x0000_2400_1800_0000 & !key.not_mask;
            assert_eq!(
                key.slot(relevant, ROOK_BITS),
                key.slot(relevant | key.not_mask, ROOK_BITS)
            );
        }
    }
}
