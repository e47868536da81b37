//! The given part of the `move_encoding` lab: what its exercises are written against and its
//! tests read. It lives outside the file a student writes (`crates/labs/src/move_encoding.rs`), so
//! that the grading command uses this version whatever the student changed in theirs.

/// The three fields of a 16-bit move, each as a plain number: squares as indexes (`a1 = 0`,
/// `h8 = 63`) and the flag as its four bits (the values of `MoveFlag`, and the two unused
/// values 6 and 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fields {
    /// The square the piece leaves, below 64.
    pub from: u8,
    /// The square the piece lands on, below 64.
    pub to: u8,
    /// The kind of move, below 16.
    pub flag: u8,
}
