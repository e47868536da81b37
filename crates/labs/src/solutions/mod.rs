//! The reference solutions, compiled with the `solutions` feature in place of the stubs.
//! The book's instructor appendix walks through each one.

pub mod board_search;
pub mod capstone;
pub mod hyperbola;
pub mod legality;
pub mod magic;
pub mod mailbox;
pub mod move_encoding;
pub mod perft;
pub mod picker;
pub mod piece_list;
pub mod rotated;
pub mod search;
pub mod x88;
pub mod zobrist;
