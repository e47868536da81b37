//! Hyperbola quintessence: the attacks along a file or diagonal by two subtractions, one of
//! them on the byte-swapped board; ranks by a first-rank table.
//!
//! ```text
//!   o  = occupied & line          (line: the file or diagonal through sq, sq left out)
//!   r  = the slider's bit
//!   forward = o - 2r              borrows from the first blocker above the slider
//!   reverse = swap(swap(o) - 2 swap(r))   the same on the board flipped top to bottom
//!   attacks = (forward ^ reverse) & line
//!
//!   rank:  RANK_ATTACKS[file][occupied >> (8 * rank + 1) & 63] << 8 * rank
//! ```
//!
//! Following the Chess Programming Wiki's page "Hyperbola Quintessence", which applies the
//! `o ^ (o - 2r)` trick in both directions. Subtracting `2r` from the
//! line's occupancy borrows through every empty square above the slider up to and including
//! the first blocker; XOR with `o` leaves exactly those squares. For the squares below, the
//! board is mirrored so that "below" becomes "above": a file or diagonal has at most one square
//! per rank, so reversing the order of the ranks, a byte swap (`swap_bytes`, one `bswap`),
//! reverses the line's order. Both halves are XORed together and masked to the line.
//!
//! A rank has all its squares in one byte, where a byte swap does nothing useful; mirroring it
//! would need a full bit reversal. Ranks are instead looked up in a first-rank table of
//! 8 × 64 bytes, indexed by the slider's file and the rank's six inner squares, and shifted to
//! the slider's rank, as kindergarten and rotated bitboards do.

use crate::lines::{first_rank_attacks, Line, LINE_MASK_BYTES};
use crate::Slider;
use boardlab_core::{Bitboard, Square};
use boardlab_views::{Lookup, StepValue, Steps, Technique};

/// The technique's name, as its backend, the benches and the book call it.
pub const NAME: &str = "hyperbola";

/// `RANK_ATTACKS[file][bits]`: the first-rank attacks of a slider on `file` when the files
/// b..g are occupied as `bits` says.
static RANK_ATTACKS: [[u8; 64]; 8] = {
    let mut table = [[0u8; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut bits = 0;
        while bits < 64 {
            table[file][bits] = first_rank_attacks(file, bits);
            bits += 1;
        }
        file += 1;
    }
    table
};

/// The attacks of the slider `bit` along `line` (the line without the slider's square), for
/// any line with at most one square per rank.
#[inline]
fn line_attacks(occupied: u64, bit: u64, line: u64) -> u64 {
    let o = occupied & line;
    let forward = o.wrapping_sub(bit.wrapping_mul(2));
    let reverse = o
        .swap_bytes()
        .wrapping_sub(bit.swap_bytes().wrapping_mul(2))
        .swap_bytes();
    (forward ^ reverse) & line
}

/// The squares a slider on `sq` attacks along its rank, by the first-rank table.
#[inline]
pub fn rank_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let (file, rank) = (sq as usize & 7, sq as usize >> 3);
    let bits = (occupied.0 >> (8 * rank + 1) & 63) as usize;
    Bitboard(u64::from(RANK_ATTACKS[file][bits]) << (8 * rank))
}

/// The squares a slider on `sq` attacks along `line`, which must not be [`Line::Rank`].
#[inline]
fn hyperbola(line: Line, sq: Square, occupied: Bitboard) -> Bitboard {
    debug_assert!(line != Line::Rank);
    Bitboard(line_attacks(
        occupied.0,
        Bitboard::from_square(sq).0,
        line.mask_ex(sq).0,
    ))
}

/// The squares a rook on `sq` attacks when `occupied` is occupied.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    hyperbola(Line::File, sq, occupied) | rank_attacks(sq, occupied)
}

/// The squares a bishop on `sq` attacks when `occupied` is occupied.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    hyperbola(Line::Diagonal, sq, occupied) | hyperbola(Line::AntiDiagonal, sq, occupied)
}

/// The squares a queen on `sq` attacks when `occupied` is occupied.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The bytes of the rank table and the line masks.
pub const fn table_bytes() -> usize {
    std::mem::size_of::<[[u8; 64]; 8]>() + LINE_MASK_BYTES
}

/// The lookup of `slider` on `sq` among `occupied`, step by step.
pub fn step_by_step(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
    let mut steps = Steps::new();
    let mut attacks = Bitboard::EMPTY;
    for line in Line::of(slider) {
        steps.part(format!("{} through {sq}", line.name()));
        let entry = if line == Line::Rank {
            let (file, rank) = (sq as usize & 7, sq as usize >> 3);
            let bits = (occupied.0 >> (8 * rank + 1) & 63) as usize;
            steps.note(
                "inner bits",
                StepValue::bit_string(bits as u64, 6),
                format!(
                    "occupied >> {} & 63; a rank does not mirror with a byte swap, so a table instead",
                    8 * rank + 1
                ),
            );
            steps.note(
                "first-rank attacks",
                StepValue::bit_string(u64::from(RANK_ATTACKS[file][bits]), 8),
                format!("RANK_ATTACKS[{file}][{bits}], then << {}", 8 * rank),
            );
            rank_attacks(sq, occupied)
        } else {
            let mask = line.mask_ex(sq).0;
            let r = Bitboard::from_square(sq).0;
            let o = occupied.0 & mask;
            let forward = o.wrapping_sub(r.wrapping_mul(2));
            let swapped = o.swap_bytes().wrapping_sub(r.swap_bytes().wrapping_mul(2));
            let reverse = swapped.swap_bytes();
            steps.word("o = occupied & line", o);
            steps.word("2r", r.wrapping_mul(2));
            steps.word("forward = o - 2r", forward);
            steps.word("swap(o)", o.swap_bytes());
            steps.word("swap(o) - 2 swap(r)", swapped);
            steps.word("reverse = swap(that)", reverse);
            steps.word("forward ^ reverse", forward ^ reverse);
            hyperbola(line, sq, occupied)
        };
        steps.squares("occupied on the line", occupied & line.mask(sq));
        steps.note(
            "attacks on the line",
            entry,
            if line == Line::Rank {
                "the first-rank attacks shifted to the rank"
            } else {
                "(forward ^ reverse) & line"
            },
        );
        attacks |= entry;
    }
    let technique = Technique {
        name: NAME,
        title: "hyperbola quintessence",
        summary: "o ^ (o - 2r) on each line and on its byte-swapped mirror; ranks by a table",
    };
    steps.finish(&technique, slider, sq, occupied, attacks)
}
