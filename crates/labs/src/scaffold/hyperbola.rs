//! The given part of the `hyperbola` lab: what its exercises are written against and its
//! tests read. It lives outside the file a student writes (`crates/labs/src/hyperbola.rs`), so
//! that the grading command uses this version whatever the student changed in theirs.

use boardlab_core::{Bitboard, Square};

/// The squares of `sq`'s file, without `sq`.
pub fn file_mask(sq: Square) -> Bitboard {
    Bitboard::file(sq.file().index()).without(sq)
}

/// The squares of `sq`'s a1-h8 diagonal (file and rank rising together), without `sq`.
pub fn diagonal_mask(sq: Square) -> Bitboard {
    let difference = sq.rank().index() as isize - sq.file().index() as isize;
    Square::ALL
        .into_iter()
        .filter(|&other| {
            other != sq
                && other.rank().index() as isize - other.file().index() as isize == difference
        })
        .collect()
}

/// The squares of `sq`'s a8-h1 diagonal (the file rising as the rank falls), without `sq`.
pub fn anti_diagonal_mask(sq: Square) -> Bitboard {
    let sum = sq.rank().index() + sq.file().index();
    Square::ALL
        .into_iter()
        .filter(|&other| other != sq && other.rank().index() + other.file().index() == sum)
        .collect()
}
