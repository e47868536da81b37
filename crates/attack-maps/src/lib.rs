//! An implementation of boardlab-core's `Board` trait using a guarded mailbox that keeps its
//! attacks incrementally, after H.G. Muller's "mailbox trials" (2021): a neighbour table and,
//! for every piece, the set of pieces that attack it.
//!
//! # The index map
//!
//! Twelve rows of sixteen cells; the 64 squares fill columns 4 to 11 of rows 2 to 9, and
//! every other cell is a guard (`g`), so the board has a rim at least two cells wide on every
//! side and four between the end of one rank and the start of the next:
//!
//! ```text
//!  row              cell = 16 * (rank + 2) + file + 4
//!  11 |  g   g   g   g   g   g   g   g   g   g   g   g   g   g   g   g
//!  10 |  g   g   g   g   g   g   g   g   g   g   g   g   g   g   g   g
//!   9 |  g   g   g   g  148 149 150 151 152 153 154 155  g   g   g   g    rank 8
//!   8 |  g   g   g   g  132 ...                     139  g   g   g   g    rank 7
//!  .. |                 ...
//!   3 |  g   g   g   g   52  53  54  55  56  57  58  59  g   g   g   g    rank 2
//!   2 |  g   g   g   g   36  37  38  39  40  41  42  43  g   g   g   g    rank 1
//!   1 |  g   g   g   g   g   g   g   g   g   g   g   g   g   g   g   g
//!   0 |  g   g   g   g   g   g   g   g   g   g   g   g   g   g   g   g
//!                        a   b   c   d   e   f   g   h
//! ```
//!
//! Why this layout: rows of sixteen keep the 0x88 property (the difference of two board
//! cells names one file and rank change, so one 256-entry table gives the direction and
//! alignment of any two cells), and the two-wide rim catches a knight's jump as well as a
//! ray's step, so nothing tests bounds: a ray walk stops at the first cell that is not empty,
//! piece or guard, and every index stays below 192, one byte. The arrays indexed by a cell are
//! 256 long all the same (the last 64 entries guards no step reaches), so that the compiler
//! needs no bounds check on a one-byte index either: that alone took 9% of the trials'
//! search's instructions and 15% of a full-make perft's. Muller's `mailbox7` uses a 0x88
//! board with guards for the same reasons.
//!
//! # What the board keeps
//!
//! - **Cells**: the number of the piece on each (0 to 31), empty, or guard.
//! - **Piece numbers** 0 to 15 for white and 16 to 31 for black, given in order of value when
//!   the board is set up (pawns first, the king always last, 15 and 31). So in a set of
//!   attackers the lowest bit is the least valuable attacker, and among a side's pieces the
//!   highest bit the most valuable victim: MVV/LVA order is two bit scans. A promoted pawn
//!   keeps its number and is marked as misranked.
//! - **The neighbour table**: for each occupied cell, the nearest cell in each of the eight
//!   directions that is not empty (a piece or a guard). Lifting a piece splices its cell out
//!   of the four lines through it; dropping one on an empty cell scans its eight rays once and
//!   splices it in. A slider's attacks are then one table read per direction.
//! - **Attacker sets**: for each piece a 32-bit set of the pieces, of both colours, that
//!   attack it. Make updates them: a lifted piece's bit is cleared from all 32 sets (a few
//!   vector instructions), sliders that stopped at its cell (the sliders of its own set) gain
//!   the piece beyond; a dropped piece gathers its own attackers from the neighbour table, one
//!   mask per ray, and cuts the sliders among them off from the piece beyond; a capturing
//!   piece inherits the victim's set, since no line through the square changes. A piece's
//!   attacks are marked on whatever its rays and steps reach, without asking first: the
//!   marks on empty cells and guards go to two sets no piece owns. Unmake puts the sets back whole from the undo record (128 bytes) and splices
//!   the neighbour table back with the entries the record saved.
//! - boardlab-core's `PositionState` for the side to move, rights, en-passant square, clocks
//!   and hash.
//!
//! # How legal moves are reached
//!
//! In the `movegen` module, from the maps: the checkers are the king's attacker set, the pins
//! sixteen neighbour-table reads from the king, the captures the enemy pieces' attacker sets
//! (already in MVV/LVA order, see [`AttackMapBoard::captures_mvv_lva`]). A pinned piece keeps
//! to its line, a single check is answered by taking the checker or blocking on the cells
//! between, and the king steps only to cells no enemy piece attacks (each asked through the
//! alignment table) and not behind it on a checking line. Only en passant is tried on a copy of the cells.
//!
//! # What the maps cost and buy
//!
//! Every make pays for the maps, and a full-make perft, which makes every leaf, shows the
//! price: KiwiPete to depth 3 (97,862 leaves) takes 79.3 million instructions under
//! callgrind, against 29.4 million for the 10x12 mailbox and 30.1 million for 0x88 (the
//! crate's `attack_maps_walk` example; about 810 instructions per leaf, some 570 of them in
//! make, where a plain mailbox spends about 300 on the whole leaf). What they buy is in the questions a
//! search asks: the checkers, any piece's attackers and the captures in MVV/LVA order are
//! read, not searched for, and `attackers_to` costs an eighth of the generic answer's
//! instructions, SEE a third (see the `queries` module).
//!
//! # Examples
//!
//! ```
//! use boardlab_attack_maps::AttackMapBoard;
//! use boardlab_core::{BoardExt, MoveList};
//!
//! // Both white pieces can take the black queen on d5; the pawn is listed first.
//! let board = AttackMapBoard::from_fen("4k3/8/8/3q4/4P3/8/3R4/4K3 w - - 0 1").unwrap();
//! let mut captures = MoveList::new();
//! board.captures_mvv_lva(&mut captures);
//! let texts: Vec<String> = captures.iter().map(|mv| mv.to_string()).collect();
//! assert_eq!(texts, ["e4d5", "d2d5"]);
//! ```

mod board;
mod geometry;
mod movegen;
mod queries;
mod views;

pub use board::{AttackMapBoard, AttackMapUndo};
