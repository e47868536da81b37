//! Solutions of the rotated-bitboard exercises.

use crate::rotated::{Line, Rotation};
use boardlab_core::{Bitboard, Square};

/// Where `sq` stands in `rotation`'s map: its row, the row's length and the bit the row
/// starts at, and its position in the row.
struct Place {
    length: u8,
    start: u8,
    position: u8,
}

/// The first bit of row `row` of a 45-degree map, whose rows hold 1, 2, …, 8, …, 2, 1 bits.
fn diagonal_row_start(row: u8) -> u8 {
    if row <= 8 {
        row * (row + 1) / 2
    } else {
        64 - (15 - row) * (16 - row) / 2
    }
}

fn place(rotation: Rotation, sq: Square) -> Place {
    let file = sq.file().index() as u8;
    let rank = sq.rank().index() as u8;
    match rotation {
        Rotation::Normal => Place {
            length: 8,
            start: 8 * rank,
            position: file,
        },
        Rotation::Left90 => Place {
            length: 8,
            start: 8 * file,
            position: 7 - rank,
        },
        Rotation::Left45 => {
            // Rows are the anti-diagonals, numbered by file + rank, each read from its
            // lowest file; a row past the long diagonal starts at file row - 7.
            let row = file + rank;
            Place {
                length: 8 - row.abs_diff(7),
                start: diagonal_row_start(row),
                position: file - row.saturating_sub(7),
            }
        }
        Rotation::Right45 => {
            // Rows are the diagonals, h1 first (row 0) up to a8 (row 14); on each the lower
            // of file and rank counts the squares before it.
            let row = 7 + rank - file;
            Place {
                length: 8 - row.abs_diff(7),
                start: diagonal_row_start(row),
                position: file.min(rank),
            }
        }
    }
}

/// The bit of `sq`: the row's start plus the position in the row.
pub fn rotated_bit(rotation: Rotation, sq: Square) -> u8 {
    let place = place(rotation, sq);
    place.start + place.position
}

/// The state: the inner bits of the square's row in the line's map.
pub fn line_state(line: Line, sq: Square, occupied: Bitboard) -> u8 {
    let rotation = Rotation::of(line);
    let map = occupied
        .into_iter()
        .fold(0u64, |map, piece| map | 1 << rotated_bit(rotation, piece));
    let Place { length, start, .. } = place(rotation, sq);
    if length <= 2 {
        return 0;
    }
    ((map >> (start + 1)) & ((1 << (length - 2)) - 1)) as u8
}
