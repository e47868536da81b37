//! Where a square sits in the packed ranks, and the small tables of files and rays.
//!
//! A square index `sq` (a1 = 0, h8 = 63) names word `sq >> 3` and, in it, the nibble at bit
//! `4 * (sq & 7)`.

/// The word of square `sq`.
#[inline(always)]
pub(crate) const fn rank_of(sq: u32) -> u32 {
    sq >> 3
}

/// The file of square `sq`, which is its nibble's place in the word.
#[inline(always)]
pub(crate) const fn file_of(sq: u32) -> u32 {
    sq & 7
}

/// The nibble mask of the files `file + offset` for each offset given that lies on the board.
const fn files_at(file: i32, offsets: &[i32]) -> u32 {
    let mut mask = 0;
    let mut i = 0;
    while i < offsets.len() {
        let f = file + offsets[i];
        if f >= 0 && f < 8 {
            mask |= 1 << (4 * f);
        }
        i += 1;
    }
    mask
}

/// A nibble mask for each file.
const fn per_file(offsets: &[i32]) -> [u32; 8] {
    let mut table = [0; 8];
    let mut file = 0;
    while file < 8 {
        table[file] = files_at(file as i32, offsets);
        file += 1;
    }
    table
}

/// Per file, the files beside it: where a pawn attacking a square of that file stands, and
/// where a knight two ranks away does.
pub(crate) static BESIDE: [u32; 8] = per_file(&[-1, 1]);
/// Per file, the files two away: where a knight one rank away stands.
pub(crate) static TWO_AWAY: [u32; 8] = per_file(&[-2, 2]);
/// Per file, the file itself and those beside it: where a king next to a square stands.
pub(crate) static AROUND: [u32; 8] = per_file(&[-1, 0, 1]);

/// The eight directions, core's queen directions as (file step, rank step): the four straight
/// ones first (east, west, north, south), then the diagonals. The rank's own two, east and
/// west, are scanned within one word instead of walked.
pub(crate) use boardlab_core::bitboard::QUEEN_DIRECTIONS as DIRECTIONS;
/// The directions by name.
pub(crate) const EAST: usize = 0;
pub(crate) const WEST: usize = 1;
pub(crate) const NORTH: usize = 2;
pub(crate) const SOUTH: usize = 3;
pub(crate) const DIAGONALS: [usize; 4] = [4, 5, 6, 7];

/// Per square and direction, the squares of the ray to the edge of the board, as a set: the
/// quick test of whether any slider stands on it at all.
pub(crate) static RAYS: [[u64; 8]; 64] = {
    let mut table = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (rank, file) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut dir = 0;
        while dir < 8 {
            let (df, dr) = (DIRECTIONS[dir].0 as i32, DIRECTIONS[dir].1 as i32);
            let (mut r, mut f) = (rank + dr, file + df);
            while r >= 0 && r < 8 && f >= 0 && f < 8 {
                table[sq][dir] |= 1 << (r * 8 + f);
                r += dr;
                f += df;
            }
            dir += 1;
        }
        sq += 1;
    }
    table
};

/// Per square and direction, how many steps reach the edge of the board: the squares of its
/// ray, counted.
pub(crate) static RAY_LENGTH: [[u8; 8]; 64] = {
    let mut table = [[0u8; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut dir = 0;
        while dir < 8 {
            table[sq][dir] = RAYS[sq][dir].count_ones() as u8;
            dir += 1;
        }
        sq += 1;
    }
    table
};

/// The step of a direction in square indices.
#[inline(always)]
pub(crate) const fn index_step(dir: usize) -> i32 {
    DIRECTIONS[dir].1 as i32 * 8 + DIRECTIONS[dir].0 as i32
}

/// The bytes of the tables above.
pub(crate) const TABLE_BYTES: usize = std::mem::size_of::<[[u32; 8]; 3]>()
    + std::mem::size_of::<[[u8; 8]; 64]>()
    + std::mem::size_of::<[[u64; 8]; 64]>();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_masks_keep_to_the_board_at_both_ends_of_the_word() {
        // (table, file, expected nibble mask): a file's neighbours never wrap round the word.
        let cases = [
            (&BESIDE, 0, 0x0000_0010),
            (&BESIDE, 7, 0x0100_0000),
            (&TWO_AWAY, 6, 0x0001_0000),
            (&AROUND, 7, 0x1100_0000),
        ];
        for (table, file, mask) in cases {
            assert_eq!(table[file], mask, "file {file}");
        }
        assert_eq!(RAY_LENGTH[0][4], 7);
        assert_eq!(RAY_LENGTH[63][NORTH], 0);
        assert_eq!(RAY_LENGTH[7][WEST], 7);
        assert_eq!(index_step(NORTH), 8);
        assert_eq!(index_step(EAST), 1);
    }
}
