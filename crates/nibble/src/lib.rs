//! An implementation of boardlab-core's `Board` trait using four bits a square: a rank in a
//! `u32`, the whole board in eight of them.

mod attack;
mod board;
mod geometry;
mod movegen;
mod packed;
mod queries;
mod views;

pub use board::{NibbleBoard, NibbleUndo};
