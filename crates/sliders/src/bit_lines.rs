//! Bit lines: the occupancy kept as one byte per line, the bit-rank/bit-file structure.
//!
//! ```text
//!   make/unmake: toggle(sq) flips one bit in four bytes
//!
//!   ranks[8]  files[8]  diagonals[15]  anti_diagonals[15]      (one byte per line)
//!       |
//!       v   byte of the line through sq      e.g. rank 4: 0b0100_1001 (a4, d4, g4)
//!   state = byte >> 1 & 63                   the six inner squares; the ends block nothing
//!       |
//!       v
//!   ATTACKS[line][sq][state]  ->  Bitboard   rook: rank | file, bishop: the two diagonals
//! ```
//!
//! This is the bit-rank/bit-file structure that an editor's note on rotated bitboards prefers
//! to them: instead of three extra 64-bit occupancy maps turned by 90 and 45 degrees, from
//! which a line is *shifted out*, the board keeps every line's occupancy directly as a byte. A lookup reads the byte of the line through
//! the square and indexes a table with it; no 64-bit occupancy is touched.
//!
//! In a rank's byte bit `f` is the square on file `f`; in a file's byte bit `r` is the square
//! on rank `r`. A diagonal has at most one square per file, so its byte uses the file too: bit
//! `f` is the diagonal's square on file `f`, and bits for files the diagonal does not reach
//! stay clear. Either way bits 0 and 7 are the line's ends or off the line, so the six bits in
//! between are the whole *state*, and the table holds 64 attack sets per square and line:
//! 4 × 64 × 64 × 8 bytes = 128 KiB, the same as the rotated tables.
//!
//! The diagonal arrays have a sixteenth, always-empty byte so that `index & 15` needs no
//! bounds check.

use crate::lines::Line;
use crate::Slider;
use boardlab_core::bitboard::slider_attacks_slow;
use boardlab_core::{Bitboard, Square};
use boardlab_views::{Lookup, StepValue, Steps, Technique};

/// The technique's name, as its backend, the benches and the book call it.
pub const NAME: &str = "bit-lines";

/// The occupancy of every line, one byte each (see the module docs).
///
/// # Examples
///
/// ```
/// use boardlab_core::{Bitboard, Square};
/// use boardlab_sliders::bit_lines::LineBytes;
///
/// let mut lines = LineBytes::from_occupancy(Bitboard::from_square(Square::D6));
/// assert_eq!(lines.rook_attacks(Square::D4).count(), 2 + 3 + 3 + 4);
/// // A make that moves the blocker from d6 to h4 toggles both squares.
/// lines.toggle(Square::D6);
/// lines.toggle(Square::H4);
/// assert_eq!(lines.rook_attacks(Square::D4).count(), 4 + 3 + 3 + 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LineBytes {
    /// Rank `r`'s byte: bit `f` for the square on file `f`.
    ranks: [u8; 8],
    /// File `f`'s byte: bit `r` for the square on rank `r`.
    files: [u8; 8],
    /// Diagonal `f - r + 7` (0 is h1, 14 is a8): bit `f` for its square on file `f`.
    diagonals: [u8; 16],
    /// Anti-diagonal `f + r` (0 is a1, 14 is h8): bit `f` for its square on file `f`.
    anti_diagonals: [u8; 16],
}

#[inline]
const fn file_of(sq: Square) -> usize {
    sq as usize & 7
}

#[inline]
const fn rank_of(sq: Square) -> usize {
    sq as usize >> 3
}

/// The index of the diagonal through `sq` in [`LineBytes`].
#[inline]
const fn diagonal_of(sq: Square) -> usize {
    (file_of(sq) + 7 - rank_of(sq)) & 15
}

/// The index of the anti-diagonal through `sq` in [`LineBytes`].
#[inline]
const fn anti_diagonal_of(sq: Square) -> usize {
    (file_of(sq) + rank_of(sq)) & 15
}

/// The bit a square has in its line's byte: its rank on a file, its file on every other line.
const fn position_on(line: Line, sq: Square) -> usize {
    match line {
        Line::File => rank_of(sq),
        _ => file_of(sq),
    }
}

/// The square of `line` through `sq` whose bit in the line's byte is `position`, if the line
/// reaches it.
const fn square_at(line: Line, sq: Square, position: usize) -> Option<Square> {
    let (file, rank) = (file_of(sq) as i8, rank_of(sq) as i8);
    let p = position as i8;
    let (f, r) = match line {
        Line::Rank => (p, rank),
        Line::File => (file, p),
        Line::Diagonal => (p, rank + (p - file)),
        Line::AntiDiagonal => (p, rank - (p - file)),
    };
    if r >= 0 && r < 8 {
        Some(Square::from_index((r * 8 + f) as u8))
    } else {
        None
    }
}

/// `ATTACKS[line][sq][state]`: what a slider on `sq` attacks along `line` when the line's
/// inner bits (1 to 6 of its byte) are `state`. Built at compile time by walking the rays.
static ATTACKS: [[[Bitboard; 64]; 64]; 4] = {
    let mut table = [[[Bitboard::EMPTY; 64]; 64]; 4];
    let mut line = 0;
    while line < 4 {
        let kind = Line::ALL[line];
        let (df, dr) = kind.step();
        let directions = [(df, dr), (-df, -dr), (df, dr), (-df, -dr)];
        let mut sq = 0;
        while sq < 64 {
            let from = Square::from_index(sq as u8);
            let mut state = 0;
            while state < 64 {
                let mut occupied = 0u64;
                let mut bit = 0;
                while bit < 6 {
                    if state >> bit & 1 != 0 {
                        if let Some(on) = square_at(kind, from, bit + 1) {
                            occupied |= 1 << on as u8;
                        }
                    }
                    bit += 1;
                }
                table[line][sq][state] = slider_attacks_slow(from, Bitboard(occupied), &directions);
                state += 1;
            }
            sq += 1;
        }
        line += 1;
    }
    table
};

impl LineBytes {
    /// The bytes of an empty board.
    pub const EMPTY: LineBytes = LineBytes {
        ranks: [0; 8],
        files: [0; 8],
        diagonals: [0; 16],
        anti_diagonals: [0; 16],
    };

    /// The line bytes of `occupied`.
    pub fn from_occupancy(occupied: Bitboard) -> LineBytes {
        let mut lines = LineBytes::EMPTY;
        for sq in occupied {
            lines.toggle(sq);
        }
        lines
    }

    /// The occupied squares, read back from the rank bytes.
    pub fn occupancy(&self) -> Bitboard {
        Bitboard(u64::from_le_bytes(self.ranks))
    }

    /// Flips `sq` in the four lines through it: a piece arrived there or left.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        let (file, rank) = (file_of(sq), rank_of(sq));
        self.ranks[rank] ^= 1 << file;
        self.files[file] ^= 1 << rank;
        self.diagonals[diagonal_of(sq)] ^= 1 << file;
        self.anti_diagonals[anti_diagonal_of(sq)] ^= 1 << file;
    }

    /// The byte of `line` through `sq`.
    #[inline]
    pub fn byte(&self, line: Line, sq: Square) -> u8 {
        match line {
            Line::Rank => self.ranks[rank_of(sq)],
            Line::File => self.files[file_of(sq)],
            Line::Diagonal => self.diagonals[diagonal_of(sq)],
            Line::AntiDiagonal => self.anti_diagonals[anti_diagonal_of(sq)],
        }
    }

    /// What a slider on `sq` attacks along `line`.
    #[inline]
    pub fn line_attacks(&self, line: Line, sq: Square) -> Bitboard {
        attacks_for_state(line, sq, self.byte(line, sq))
    }

    /// The squares a rook on `sq` attacks.
    #[inline]
    pub fn rook_attacks(&self, sq: Square) -> Bitboard {
        let rank = self.ranks[rank_of(sq)];
        let file = self.files[file_of(sq)];
        attacks_for_state(Line::Rank, sq, rank) | attacks_for_state(Line::File, sq, file)
    }

    /// The squares a bishop on `sq` attacks.
    #[inline]
    pub fn bishop_attacks(&self, sq: Square) -> Bitboard {
        let diagonal = self.diagonals[diagonal_of(sq)];
        let anti_diagonal = self.anti_diagonals[anti_diagonal_of(sq)];
        attacks_for_state(Line::Diagonal, sq, diagonal)
            | attacks_for_state(Line::AntiDiagonal, sq, anti_diagonal)
    }

    /// The squares a queen on `sq` attacks.
    #[inline]
    pub fn queen_attacks(&self, sq: Square) -> Bitboard {
        self.rook_attacks(sq) | self.bishop_attacks(sq)
    }
}

/// The table entry for a line's byte: its inner six bits are the state.
#[inline]
fn attacks_for_state(line: Line, sq: Square, byte: u8) -> Bitboard {
    ATTACKS[line as usize][sq as usize][(byte >> 1 & 63) as usize]
}

/// The bytes of the attack table.
pub const fn table_bytes() -> usize {
    std::mem::size_of::<[[[Bitboard; 64]; 64]; 4]>()
}

/// The lookup of `slider` on `sq` among `occupied`, step by step.
pub fn step_by_step(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
    let lines = LineBytes::from_occupancy(occupied);
    let mut steps = Steps::new();
    let mut attacks = Bitboard::EMPTY;
    for line in Line::of(slider) {
        let byte = lines.byte(line, sq);
        let state = byte >> 1 & 63;
        let entry = attacks_for_state(line, sq, byte);
        attacks |= entry;
        let positions: Vec<String> = (0..8)
            .rev()
            .map(|p| square_at(line, sq, p).map_or("--".to_string(), |s| s.to_string()))
            .collect();
        steps.part(format!(
            "{} through {sq} ({sq} is bit {})",
            line.name(),
            position_on(line, sq)
        ));
        steps.note(
            "byte",
            StepValue::bit_string(u64::from(byte), 8),
            format!("bits 7..0 are the squares {}", positions.join(" ")),
        );
        steps.note(
            "state",
            StepValue::bit_string(u64::from(state), 6),
            format!("the inner bits 6..1, {state}"),
        );
        steps.squares("line", line.mask(sq));
        steps.squares("occupied on it", occupied & line.mask(sq));
        steps.note(
            "table entry",
            entry,
            format!("ATTACKS[{}][{sq}][{state}]", line.name()),
        );
    }
    let technique = Technique {
        name: NAME,
        title: "bit lines",
        summary: "the board keeps one occupancy byte per line",
    };
    steps.finish(&technique, slider, sq, occupied, attacks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_has_a_bit_in_each_of_its_four_lines() {
        for sq in Square::ALL {
            for line in Line::ALL {
                assert_eq!(square_at(line, sq, position_on(line, sq)), Some(sq));
                let lines = LineBytes::from_occupancy(Bitboard::from_square(sq));
                assert_eq!(lines.byte(line, sq), 1 << position_on(line, sq), "{sq}");
            }
        }
    }

    #[test]
    fn a_lines_bits_are_exactly_its_squares() {
        for sq in Square::ALL {
            for line in Line::ALL {
                let squares: Bitboard = (0..8).filter_map(|p| square_at(line, sq, p)).collect();
                assert_eq!(squares, line.mask(sq), "{} through {sq}", line.name());
            }
        }
    }

    #[test]
    fn toggling_twice_restores_the_bytes() {
        let start = LineBytes::from_occupancy(Bitboard(0x00ff_0000_1234_ff00));
        let mut lines = start;
        lines.toggle(Square::E4);
        lines.toggle(Square::H8);
        assert_ne!(lines, start);
        assert_eq!(
            lines.occupancy(),
            start.occupancy() ^ Bitboard(1 << 28 | 1 << 63)
        );
        lines.toggle(Square::H8);
        lines.toggle(Square::E4);
        assert_eq!(lines, start);
        // The padding bytes are never written.
        assert_eq!(LineBytes::from_occupancy(Bitboard::FULL).diagonals[15], 0);
    }

    #[test]
    fn the_table_is_four_lines_of_64_states_per_square() {
        assert_eq!(table_bytes(), 4 * 64 * 64 * 8);
    }
}
