//! Lab exercises for the rotated-bitboards chapter: where a square's bit goes in each of the
//! four occupancy maps, and the state of a line read from its map.
//!
//! The maps are those of the rotated backend (`boardlab_rotated::Rotation`, the grids in that
//! crate's docs and in `boardlab show --backend rotated`): a map is the board turned and read
//! off row by row, and a square's bit is where its row starts plus its position in the row.
//! The types here name them; the backend itself is out of the exercises' reach (a
//! dev-dependency, seen only by the tests).

pub use crate::scaffold::rotated::*;
use boardlab_core::{Bitboard, Square};

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
/// Checked against the rotated backend's `Rotation::bit` for all four maps and 64 squares.
/// The library cannot reach that backend; boardlab-core has no rotated maps.
#[cfg(not(feature = "solutions"))]
pub fn rotated_bit(rotation: Rotation, sq: Square) -> u8 {
    todo!("exercise rotated_bit: read docs/src/rotated.md, \"The idea\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::rotated::rotated_bit;
/// Exercise `rotated_state`: the state of `line` through `sq` when the squares of `occupied`
/// hold pieces: one bit per *inner* square of the line (the end squares never change a
/// slider's attacks), in map order, so bit 0 is the line's second square in its map's row.
/// A line of `n` squares has an `n - 2`-bit state; a line of one or two squares has state 0.
///
/// Build the line's rotated map from `occupied` with your [`rotated_bit`] and
/// `line.rotation()`, then take the inner bits of the square's row.
///
/// Checked against the rotated backend's `RotatedOccupancy::state` on random occupancies, every line and
/// square. The library cannot reach that backend.
#[cfg(not(feature = "solutions"))]
pub fn line_state(line: Line, sq: Square, occupied: Bitboard) -> u8 {
    todo!("exercise rotated_state: read docs/src/rotated.md, \"Shift, mask, state, entry\"")
}
#[cfg(feature = "solutions")]
pub use crate::solutions::rotated::line_state;
