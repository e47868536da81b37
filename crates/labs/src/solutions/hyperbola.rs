//! Solution of the hyperbola-quintessence exercise.

use boardlab_core::{Bitboard, Square};

/// The squares above the slider on the line: subtracting twice the slider's bit from the
/// line's occupancy borrows through every empty square above it and stops at the first
/// blocker, which it clears; XOR with the occupancy leaves exactly the bits that changed. The
/// squares of the slider's own rank change too, and the line has none there.
fn above(slider: u64, occupied_on_line: u64) -> u64 {
    occupied_on_line ^ occupied_on_line.wrapping_sub(slider << 1)
}

/// Up the line by subtraction, down it by the same subtraction on the board turned upside
/// down: a byte swap turns the ranks over and keeps each rank's files, which for a line of one
/// square per rank is the line read backwards.
pub fn hyperbola(sq: Square, occupied: Bitboard, line: Bitboard) -> Bitboard {
    let slider = Bitboard::from_square(sq).0;
    let occupied_on_line = occupied.0 & line.0;
    let up = above(slider, occupied_on_line);
    let down = above(slider.swap_bytes(), occupied_on_line.swap_bytes()).swap_bytes();
    Bitboard((up | down) & line.0)
}
