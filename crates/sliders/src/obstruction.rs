//! Obstruction difference: the attacks along a line from the nearest blocker below the slider
//! and the nearest above, found with two bit scans.
//!
//! ```text
//!   lower = occupied & LOWER[line][sq]        the line's squares below sq
//!   upper = occupied & UPPER[line][sq]        the line's squares above sq
//!   from  = 1 << msb(lower | 1)               the highest lower blocker (bit 0: none)
//!   to    = 2 * lsb(upper)                    one past the lowest upper blocker (0: none)
//!   attacks = (to - from) & LINE[line][sq]    the bits from blocker to blocker, on the line
//! ```
//!
//! Following Michael Hoffmann's obstruction difference as the Chess Programming Wiki describes
//! it ("Obstruction Difference"). The highest blocker below the slider and the lowest above it
//! bound the attacks; `to - from`, computed modulo 2^64, is every bit from the lower blocker up
//! to the upper one, both included (`2^(u+1) - 2^l` is the run of ones from bit `l` to `u`). When no piece stands below, `lower | 1` makes the scan
//! return bit 0, and when none stands above, `to` is 0 and the difference runs to bit 63; the
//! mask then keeps just the line. There is no table to look up, only three masks per line and
//! square: 4 × 64 × 3 × 8 bytes = 6 KiB.

use crate::lines::Line;
use crate::Slider;
use boardlab_core::{Bitboard, Square};
use boardlab_views::{Lookup, Steps, Technique};

/// The technique's name, as its backend, the benches and the book call it.
pub const NAME: &str = "obstruction";

/// The masks of one line through one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineMasks {
    /// The line's squares below the square.
    pub lower: u64,
    /// The line's squares above the square.
    pub upper: u64,
    /// Both, the square itself left out.
    pub line: u64,
}

/// `MASKS[line][sq]`.
static MASKS: [[LineMasks; 64]; 4] = {
    let empty = LineMasks {
        lower: 0,
        upper: 0,
        line: 0,
    };
    let mut masks = [[empty; 64]; 4];
    let mut line = 0;
    while line < 4 {
        let mut sq = 0;
        while sq < 64 {
            let (lower, upper) = Line::ALL[line].halves(Square::from_index(sq as u8));
            masks[line][sq] = LineMasks {
                lower: lower.0,
                upper: upper.0,
                line: lower.0 | upper.0,
            };
            sq += 1;
        }
        line += 1;
    }
    masks
};

/// The masks of `line` through `sq`.
#[inline]
pub fn masks(line: Line, sq: Square) -> LineMasks {
    MASKS[line as usize][sq as usize]
}

#[inline]
fn line_attacks(occupied: u64, m: &LineMasks) -> u64 {
    let lower = occupied & m.lower;
    let upper = occupied & m.upper;
    let from = 1u64 << (63 - (lower | 1).leading_zeros());
    let to = (upper & upper.wrapping_neg()).wrapping_mul(2);
    to.wrapping_sub(from) & m.line
}

/// The squares a slider on `sq` attacks along `line`.
#[inline]
pub fn attacks_along(line: Line, sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(line_attacks(occupied.0, &MASKS[line as usize][sq as usize]))
}

/// The squares a rook on `sq` attacks when `occupied` is occupied.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    attacks_along(Line::Rank, sq, occupied) | attacks_along(Line::File, sq, occupied)
}

/// The squares a bishop on `sq` attacks when `occupied` is occupied.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    attacks_along(Line::Diagonal, sq, occupied) | attacks_along(Line::AntiDiagonal, sq, occupied)
}

/// The squares a queen on `sq` attacks when `occupied` is occupied.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The bytes of the masks.
pub const fn table_bytes() -> usize {
    std::mem::size_of::<[[LineMasks; 64]; 4]>()
}

/// The lookup of `slider` on `sq` among `occupied`, step by step.
pub fn step_by_step(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
    let mut steps = Steps::new();
    let mut attacks = Bitboard::EMPTY;
    for line in Line::of(slider) {
        steps.part(format!("{} through {sq}", line.name()));
        let m = masks(line, sq);
        let lower = occupied.0 & m.lower;
        let upper = occupied.0 & m.upper;
        let from = 1u64 << (63 - (lower | 1).leading_zeros());
        let to = (upper & upper.wrapping_neg()).wrapping_mul(2);
        let entry = Bitboard(line_attacks(occupied.0, &m));
        steps.note(
            "from = 1 << msb(lower | 1)",
            from,
            "the highest lower blocker, bit 0 if none",
        );
        steps.note(
            "to = 2 * lsb(upper)",
            to,
            "one past the lowest upper blocker, 0 if none",
        );
        steps.word("to - from", to.wrapping_sub(from));
        steps.note("lower blockers", Bitboard(lower), "occupied & LOWER");
        steps.note("upper blockers", Bitboard(upper), "occupied & UPPER");
        steps.note("attacks on the line", entry, "(to - from) & line");
        attacks |= entry;
    }
    let technique = Technique {
        name: NAME,
        title: "obstruction difference",
        summary: "the nearest blockers below and above, by bit scans, bound each line",
    };
    steps.finish(&technique, slider, sq, occupied, attacks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_squares_are_below_and_upper_above() {
        for sq in Square::ALL {
            for line in Line::ALL {
                let m = masks(line, sq);
                let below = (1u64 << sq as u8) - 1;
                assert_eq!(m.lower & !below, 0, "{sq}");
                assert_eq!(m.upper & below, 0, "{sq}");
                assert_eq!(m.line, line.mask_ex(sq).0);
            }
        }
        assert_eq!(table_bytes(), 4 * 64 * 3 * 8);
    }
}
