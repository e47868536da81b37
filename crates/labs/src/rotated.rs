//! Lab exercises for the rotated-bitboards chapter: where a square's bit goes in each of the
//! four occupancy maps, and the state of a line read from its map.
//!
//! The maps are those of `boardlab_rotated::Rotation` (the grids in that crate's docs and in
//! `boardlab show --backend rotated`): a map is the board turned and read off row by row, and
//! a square's bit is where its row starts plus its position in the row.

use boardlab_core::{Bitboard, Square};
pub use boardlab_rotated::{Line, Rotation};

/// Exercise `rotated_bit`: the bit that `sq` occupies in the map `rotation`.
///
/// - `Normal`: the ranks are the rows, `a1 = 0`, `h8 = 63`;
/// - `Left90`: the files are the rows, the a-file first, each read from rank 8 down
///   (`a8 = 0`, `a1 = 7`, `b8 = 8`);
/// - `Left45`: the a8-h1 diagonals are the rows, of lengths 1, 2, …, 8, …, 2, 1, starting with
///   a1 alone, then a2-b1, then a3-b2-c1; each row is read from its lowest file;
/// - `Right45`: the a1-h8 diagonals are the rows, starting with h1 alone, then g1-h2, then
///   f1-g2-h3; each row is read from its lowest file (`a1 = 28`).
///
/// Checked against `Rotation::bit` for all four maps and 64 squares. Do not call it.
#[cfg(not(feature = "solutions"))]
pub fn rotated_bit(rotation: Rotation, sq: Square) -> u8 {
    todo!("exercise rotated_bit: the start of the square's row in the map plus its position in the row")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::rotated::rotated_bit;

/// Exercise `rotated_state`: the state of `line` through `sq` when the squares of `occupied`
/// hold pieces: one bit per *inner* square of the line (the end squares never change a
/// slider's attacks), in map order, so bit 0 is the line's second square in its map's row.
/// A line of `n` squares has an `n - 2`-bit state; a line of one or two squares has state 0.
///
/// Build the line's rotated map from `occupied` (your [`rotated_bit`] for every occupied
/// square, with `Rotation::of(line)`), then shift the row's second bit down to bit 0 and mask.
///
/// Checked against `RotatedOccupancy::state` on random occupancies, every line and square. Do
/// not call `LineSlot::of` or `RotatedOccupancy::state`.
#[cfg(not(feature = "solutions"))]
pub fn line_state(line: Line, sq: Square, occupied: Bitboard) -> u8 {
    todo!("exercise rotated_state: (map >> (row start + 1)) & ((1 << (row length - 2)) - 1)")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::rotated::line_state;
