//! Kindergarten bitboards: a multiplication gathers a line's occupancy into six bits, and a
//! small table turns them into attacks.
//!
//! ```text
//!   diagonal:  (occupied & line) * B_FILE >> 58          -> 6 bits, the files b..g
//!   rank:      occupied >> (8 * rank + 1) & 63           -> 6 bits, the files b..g
//!              FILL_UP[file][bits] & line                -> attacks
//!
//!   file:      (occupied >> file & A_FILE) * C2_H7 >> 58 -> 6 bits, the ranks 2..7
//!              A_FILE_ATTACKS[rank][bits] << file        -> attacks
//! ```
//!
//! Following the Chess Programming Wiki's page "Kindergarten Bitboards". A diagonal has at most one square per file, so multiplying its
//! squares by the b-file (a one in every rank, shifted one file right) adds up copies of the
//! line in which every square lands, without carries, in the top rank one file to its right;
//! the top six bits are then the line's squares on files b to g, in file order. The table
//! `FILL_UP[file][bits]` holds the first-rank attacks of a slider on `file` for those six
//! bits, copied into all eight ranks; ANDing it with the line keeps, in every rank, just the
//! line's square. A rank needs no multiplication: its six inner bits are one shift away.
//!
//! A file has all its squares on one file, so the same trick would pile them onto one bit.
//! Shifted to the a-file instead, its squares are multiplied by the c2-h7 diagonal, which
//! lands the square on rank index `r` (0 is rank 1) at bit `64 - r`: bits 63 down to 58 are
//! ranks 2 up to 7.
//! A second table, `A_FILE_ATTACKS[rank][bits]`, holds the a-file's attacks, shifted back to
//! the slider's file.
//!
//! The tables are 2 × 8 × 64 × 8 bytes = 8 KiB, plus the line masks.

use crate::lines::{first_rank_attacks, Line, LINE_MASK_BYTES};
use crate::Slider;
use boardlab_core::bitboard::slider_attacks_slow;
use boardlab_core::{Bitboard, Square};
use boardlab_views::hex64;
use boardlab_views::{Lookup, StepValue, Steps, Technique};

/// The technique's name, as its backend, the benches and the book call it.
pub const NAME: &str = "kindergarten";

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_B: u64 = 0x0202_0202_0202_0202;
/// The c2-h7 diagonal: c2, d3, e4, f5, g6, h7.
const C2_H7: u64 = 0x0080_4020_1008_0400;

/// The six inner squares of a diagonal or anti-diagonal `line` (the slider's square left out),
/// gathered into the files b..g order.
#[inline]
const fn gather_diagonal(occupied: u64, line: u64) -> usize {
    ((occupied & line).wrapping_mul(FILE_B) >> 58) as usize
}

/// The six inner squares of rank `rank`.
#[inline]
const fn gather_rank(occupied: u64, rank: usize) -> usize {
    (occupied >> (8 * rank + 1) & 63) as usize
}

/// The six inner squares of file `file`, gathered from the a-file after a shift.
#[inline]
const fn gather_file(occupied: u64, file: usize) -> usize {
    ((occupied >> file & FILE_A).wrapping_mul(C2_H7) >> 58) as usize
}

/// `FILL_UP[file][bits]`: the first-rank attacks of a slider on `file` when the files b..g
/// are occupied as `bits` says, repeated in every rank.
static FILL_UP: [[u64; 64]; 8] = {
    let mut table = [[0u64; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut bits = 0;
        while bits < 64 {
            table[file][bits] = (first_rank_attacks(file, bits) as u64).wrapping_mul(FILE_A);
            bits += 1;
        }
        file += 1;
    }
    table
};

/// `A_FILE_ATTACKS[rank][bits]`: the attacks along the a-file of a slider on its `rank`, for
/// the gathered bits `bits`. Filled by gathering every occupancy of the a-file's inner squares
/// with [`gather_file`] itself, so the table and the lookup cannot disagree on the order.
static A_FILE_ATTACKS: [[u64; 64]; 8] = {
    let mut table = [[0u64; 64]; 8];
    let mut rank = 0;
    while rank < 8 {
        let mut subset = 0;
        while subset < 64 {
            // Subset bit i is the square a(i + 2), one of the inner squares a2..a7.
            let mut occupied = 0u64;
            let mut i = 0;
            while i < 6 {
                if subset >> i & 1 != 0 {
                    occupied |= 1 << (8 * (i + 1));
                }
                i += 1;
            }
            let slider = Square::from_index(8 * rank as u8);
            let attacks = slider_attacks_slow(
                slider,
                Bitboard(occupied),
                &[(0, 1), (0, -1), (0, 1), (0, -1)],
            );
            table[rank][gather_file(occupied, 0)] = attacks.0;
            subset += 1;
        }
        rank += 1;
    }
    table
};

/// The squares a slider on `sq` attacks along its rank.
#[inline]
pub fn rank_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let (file, rank) = (sq as usize & 7, sq as usize >> 3);
    Bitboard(FILL_UP[file][gather_rank(occupied.0, rank)] & Bitboard::rank(rank).0)
}

/// The squares a slider on `sq` attacks along its file.
#[inline]
pub fn file_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let (file, rank) = (sq as usize & 7, sq as usize >> 3);
    Bitboard(A_FILE_ATTACKS[rank][gather_file(occupied.0, file)] << file)
}

/// The squares a slider on `sq` attacks along `line`, a diagonal or anti-diagonal.
#[inline]
fn diagonal_attacks(line: Line, sq: Square, occupied: Bitboard) -> Bitboard {
    let mask = line.mask_ex(sq).0;
    Bitboard(FILL_UP[sq as usize & 7][gather_diagonal(occupied.0, mask)] & mask)
}

/// The squares a rook on `sq` attacks when `occupied` is occupied.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rank_attacks(sq, occupied) | file_attacks(sq, occupied)
}

/// The squares a bishop on `sq` attacks when `occupied` is occupied.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    diagonal_attacks(Line::Diagonal, sq, occupied)
        | diagonal_attacks(Line::AntiDiagonal, sq, occupied)
}

/// The squares a queen on `sq` attacks when `occupied` is occupied.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The bytes of the two tables and the line masks they use.
pub const fn table_bytes() -> usize {
    2 * std::mem::size_of::<[[u64; 64]; 8]>() + LINE_MASK_BYTES
}

/// Notes the multiply-and-shift that gathers a line's six inner squares into an index: the
/// masked occupancy as the line's lookup computes it, its product with the named multiplier,
/// and the product's top six bits with what each of them stands for.
fn note_gathering(
    steps: &mut Steps,
    (masked, masked_as): (u64, String),
    (multiplier_name, multiplier): (&str, u64),
    (bits, bits_stand_for): (usize, &str),
) {
    steps.note("masked", masked, masked_as);
    steps.note(
        "product",
        masked.wrapping_mul(multiplier),
        format!("* {multiplier_name} ({})", hex64(multiplier)),
    );
    steps.note(
        "gathered",
        StepValue::bit_string(bits as u64, 6),
        format!(">> 58: {bits_stand_for}"),
    );
}

/// The lookup of `slider` on `sq` among `occupied`, step by step.
pub fn step_by_step(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
    let (file, rank) = (sq as usize & 7, sq as usize >> 3);
    let mut steps = Steps::new();
    let mut attacks = Bitboard::EMPTY;
    for line in Line::of(slider) {
        steps.part(format!("{} through {sq}", line.name()));
        let entry = match line {
            Line::Rank => {
                let bits = gather_rank(occupied.0, rank);
                steps.note(
                    "gathered",
                    StepValue::bit_string(bits as u64, 6),
                    format!(
                        "occupied >> {} & 63: files g..b of rank {}",
                        8 * rank + 1,
                        rank + 1
                    ),
                );
                steps.note(
                    "table entry",
                    Bitboard(FILL_UP[file][bits]),
                    format!("FILL_UP[{file}][{bits}], the rank's attacks in every rank"),
                );
                rank_attacks(sq, occupied)
            }
            Line::File => {
                let shifted = occupied.0 >> file & FILE_A;
                let bits = gather_file(occupied.0, file);
                note_gathering(
                    &mut steps,
                    (shifted, format!("occupied >> {file} & A_FILE")),
                    ("C2_H7", C2_H7),
                    (bits, "ranks 2..7, the top bit rank 2"),
                );
                steps.note(
                    "table entry",
                    Bitboard(A_FILE_ATTACKS[rank][bits]),
                    format!("A_FILE_ATTACKS[{rank}][{bits}], on the a-file"),
                );
                file_attacks(sq, occupied)
            }
            Line::Diagonal | Line::AntiDiagonal => {
                let mask = line.mask_ex(sq).0;
                let masked = occupied.0 & mask;
                let bits = gather_diagonal(occupied.0, mask);
                note_gathering(
                    &mut steps,
                    (masked, format!("occupied & line, without {sq}")),
                    ("B_FILE", FILE_B),
                    (bits, "files g..b"),
                );
                steps.note(
                    "table entry",
                    Bitboard(FILL_UP[file][bits]),
                    format!("FILL_UP[{file}][{bits}], the first-rank attacks in every rank"),
                );
                diagonal_attacks(line, sq, occupied)
            }
        };
        steps.squares("occupied on the line", occupied & line.mask(sq));
        steps.note(
            "attacks on the line",
            entry,
            if line == Line::File {
                format!("the entry << {file}")
            } else {
                "the entry & the line".to_string()
            },
        );
        attacks |= entry;
    }
    let technique = Technique {
        name: NAME,
        title: "kindergarten",
        summary: "a multiplication gathers each line's occupancy into 6 bits, a small table gives its attacks",
    };
    steps.finish(&technique, slider, sq, occupied, attacks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::bitboard::ray;

    #[test]
    fn the_file_gather_is_one_to_one() {
        // Every subset of a2..a7 must land on its own index, or the table would lose entries.
        let mut seen = [false; 64];
        for subset in 0..64u64 {
            let occupied: u64 = (0..6)
                .filter(|i| subset >> i & 1 != 0)
                .map(|i| 1u64 << (8 * (i + 1)))
                .sum();
            let index = gather_file(occupied, 0);
            assert!(!seen[index], "two subsets share index {index}");
            seen[index] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn the_diagonal_gather_reads_files_b_to_g() {
        // The a1-h8 diagonal with b2 and g7 occupied: bits 0 (file b) and 5 (file g).
        let line = ray(Square::A1, 1, 1).0;
        let occupied = (1u64 << Square::B2 as u8) | (1 << Square::G7 as u8);
        assert_eq!(gather_diagonal(occupied, line), 0b10_0001);
    }
}
