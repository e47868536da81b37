//! An implementation of boardlab-core's `Board` trait using a 0x88 board: 128 cells, sixteen
//! to a rank, the real board on the left and a phantom board on the right.
//!
//! # The index map
//!
//! A cell's index is `16 * rank + file`, written here in hex so the two halves show:
//!
//! ```text
//!                  real board                   phantom board
//!      8 | 70 71 72 73 74 75 76 77 | 78 79 7a 7b 7c 7d 7e 7f
//!      7 | 60 61 62 63 64 65 66 67 | 68 69 6a 6b 6c 6d 6e 6f
//!      6 | 50 51 52 53 54 55 56 57 | 58 59 5a 5b 5c 5d 5e 5f
//!      5 | 40 41 42 43 44 45 46 47 | 48 49 4a 4b 4c 4d 4e 4f
//!      4 | 30 31 32 33 34 35 36 37 | 38 39 3a 3b 3c 3d 3e 3f
//!      3 | 20 21 22 23 24 25 26 27 | 28 29 2a 2b 2c 2d 2e 2f
//!      2 | 10 11 12 13 14 15 16 17 | 18 19 1a 1b 1c 1d 1e 1f
//!      1 | 00 01 02 03 04 05 06 07 | 08 09 0a 0b 0c 0d 0e 0f
//!        +-------------------------+------------------------
//!           a  b  c  d  e  f  g  h    (slots of a1 … h1's pieces)
//! ```
//!
//! Steps are fixed numbers: `±1` along a rank, `±16` along a file, `±15` and `±17` along the
//! diagonals, `±14 ±18 ±31 ±33` for the knight. A step off the side of the real board lands
//! on the phantom board (bit 3 set), a step past the first or eighth rank leaves `0..128`
//! (bit 7 set, with `u8` arithmetic wrapping), so one test, `sq & 0x88 != 0`, catches both.
//!
//! # What the board keeps
//!
//! - The real half of the cells holds one piece code per square, micro-Max style: colour bit
//!   `8` white or `16` black, and the kind in the low three bits, leapers low and sliders high
//!   (`1` white pawn, `2` black pawn, `3` knight, `4` king, `5` bishop, `6` rook, `7` queen), so
//!   `kind >= 5` tells a slider, bit 0 of a slider a diagonal mover and bit 1 a straight one.
//!   Bit 5 marks a king or rook that still carries a castling right (see the `piece` module):
//!
//!   ```text
//!   bit    5 unmoved | 4 black | 3 white | 2 1 0 kind
//!   white   9 P  11 N  12 K  13 B  14 R  15 Q
//!   black  18 p  19 n  20 k  21 b  22 r  23 q        0 empty
//!   ```
//!
//! - As an auxiliary index, a piece list per colour: the king in slot 0, the other pieces in
//!   slots 1 to 15, the pawns from slot 16. Each piece's slot is kept on the phantom board,
//!   eight cells to the right of its square, so a capture finds the slot to remove in one load
//!   and the phantom half, which a plain 0x88 board leaves unused, does useful work.
//! - boardlab-core's `PositionState` for everything else: the side to move, castling rights,
//!   en-passant square (only when a pawn of the side to move stands beside the pawn that
//!   double-pushed), both clocks and the Zobrist hash. Make updates it with the steps every
//!   backend's make takes; the undo record keeps a copy, which unmake puts back.
//!
//! # The difference table
//!
//! Because `to - from` of two on-board cells names the file and rank change without aliasing,
//! a table indexed by `to - from + 119` tells which kinds of piece attack along that vector and
//! with which unit step (the `difference` module). An attack test is one lookup per enemy
//! piece (pawns: two cell reads), plus a walk of the cells between for a slider on a line.
//!
//! # How legal moves are reached
//!
//! From the king, one difference-table lookup per enemy piece finds every check and every pin
//! before any move is generated. Pinned pieces move only along their pin, evasions of a single
//! check must capture the checker or block its line, and the king steps only to unattacked
//! cells. No ordinary move is made and tested; only an en-passant capture is tried on a copy of
//! the cells, because it empties two cells of one rank at once. The one generator,
//! `Board::generate_into`, sends the moves to any of core's move sinks, so the same code lists
//! all moves, lists captures for quiescence search and counts the last ply of bulk perft. See
//! the `movegen` module.
//!
//! # Examples
//!
//! ```
//! use boardlab_core::{Board, BoardExt, GenKind, MoveList};
//! use boardlab_x88::X88Board;
//!
//! // The bishop on b4 pins the d2 pawn to the king: the pawn cannot move, the king can.
//! let board = X88Board::from_fen("4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1").unwrap();
//! let mut moves = MoveList::new();
//! board.generate(GenKind::All, &mut moves);
//! let texts: Vec<String> = moves.iter().map(|mv| mv.to_string()).collect();
//! assert_eq!(texts.len(), 4);
//! assert!(texts.iter().all(|text| !text.starts_with("d2")));
//! assert!(texts.contains(&"e1f2".to_string()));
//! ```

mod attack;
mod board;
mod difference;
mod movegen;
mod piece;
mod queries;
mod square;
mod views;

pub use board::{X88Board, X88Undo};
