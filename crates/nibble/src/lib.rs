//! An implementation of boardlab-core's `Board` trait using four bits a square: a rank in a
//! `u32`, the whole board in eight of them (`[u32; 8]`, 32 bytes), the "four bits a square"
//! board the old surveys describe for programmers who kept it in eight registers.
//!
//! # The index map
//!
//! Square `sq` (a1 = 0, h8 = 63) is word `sq >> 3`, nibble `sq & 7`, bits `4 * (sq & 7)` to
//! `4 * (sq & 7) + 3`. Written as a hex number, a word reads from file h down to file a:
//!
//! ```text
//!   word        bits 31-28 27-24 23-20 19-16 15-12 11-8  7-4   3-0
//!   ranks[7]  8 |  h8    g8    f8    e8    d8    c8    b8    a8 |
//!   ranks[6]  7 |  h7    g7    f7    e7    d7    c7    b7    a7 |
//!   ranks[5]  6 |  h6    g6    f6    e6    d6    c6    b6    a6 |
//!   ranks[4]  5 |  h5    g5    f5    e5    d5    c5    b5    a5 |
//!   ranks[3]  4 |  h4    g4    f4    e4    d4    c4    b4    a4 |
//!   ranks[2]  3 |  h3    g3    f3    e3    d3    c3    b3    a3 |
//!   ranks[1]  2 |  h2    g2    f2    e2    d2    c2    b2    a2 |
//!   ranks[0]  1 |  h1    g1    f1    e1    d1    c1    b1    a1 |
//!
//!   start position: ranks[0] = 0x6253_7526 (R N B Q K B N R from a to h: 6 2 5 7 3 5 2 6)
//! ```
//!
//! A square's code is bit 3 for black and a kind in bits 0-2: 1 pawn, 2 knight, 3 king,
//! 5 bishop, 6 rook, 7 queen, 0 empty. Bit 2 marks a slider, and of a slider bit 0 the
//! diagonals and bit 1 the lines, so that "the rooks and queens of this rank" is one word-wide
//! AND (the `packed` module).
//!
//! # What the board keeps
//!
//! - The eight words: every piece, and nothing else about it.
//! - The two king squares, so that finding the king is not a search of eight words.
//! - boardlab-core's `PositionState`: side to move, castling rights, en-passant square, clocks
//!   and Zobrist hash, kept by make and copied back whole by unmake.
//!
//! # Reading and writing a square
//!
//! Reading is `(ranks[sq >> 3] >> 4 * (sq & 7)) & 15`, a shift and a mask where an array board
//! has one load; writing clears the nibble and ORs the new code in. Make and unmake do nothing
//! else to the pieces: a capture writes two nibbles, castling four.
//!
//! # Word-wide questions
//!
//! The generator asks most of its questions of a whole rank at once (SWAR, SIMD within a
//! register). A word becomes a *nibble mask*, bit 0 of each nibble set for the squares that
//! answer yes: occupied (`(w | w >> 1 | w >> 2) & 0x1111_1111`), black (`(w >> 3) & 0x1111_1111`),
//! holding a given code (XOR the code into all eight nibbles and find the zero ones). Files sit
//! at the same bits in every word, so masks of neighbouring ranks combine with `&`, and a shift
//! by four moves a mask one file sideways; a rook's reach along its own rank is the nearest set
//! bit either side in the occupied mask, by counting zeros.
//!
//! # How legal moves are reached
//!
//! Before any move is generated, the checks and pins on the side to move's king are found by
//! looking outwards from it: the pawn and knight checkers with one word-wide match per rank
//! they could stand on, the sliders along the eight rays, a ray passed over at once when no
//! enemy slider of its kind stands on it (the enemy's sliders are gathered from the eight words
//! once a node). Then a pinned piece moves only along its pin line, in single check every piece
//! but the king must capture the checker or block its line, and in double check only the king
//! moves. The king steps only to squares no enemy piece attacks with the king lifted off a copy
//! of the words: the enemy's pawn, knight and king attacks are one map a node, and each enemy
//! slider walks those of its rays that pass by the king (or along its home rank, when it may
//! castle). Castling follows the Chess960 rules. En passant alone is made
//! on a copy of the words and kept if the king is safe, since it empties two squares of one
//! rank at once. See the `movegen` module.
//!
//! # Examples
//!
//! ```
//! use boardlab_core::{Board, BoardExt, Square};
//! use boardlab_nibble::NibbleBoard;
//!
//! // A white rook on h1, the top nibble of the first word; a black pawn on h7.
//! let board = NibbleBoard::from_fen("4k3/7p/8/8/8/8/8/4K2R w K - 0 1").unwrap();
//! assert_eq!(board.rank_words()[0], 0x6003_0000);
//! assert_eq!(board.rank_words()[6], 0x9000_0000);
//! assert_eq!(board.piece_at(Square::H1).map(|p| p.char()), Some('R'));
//! // King: d1 d2 e2 f2 f1 and castling; rook: h2-h6, h7 taking, g1 and f1.
//! assert_eq!(board.legal_moves().len(), 6 + 8);
//! ```

mod attack;
mod board;
mod geometry;
mod movegen;
mod packed;
mod queries;
mod views;

pub use board::{NibbleBoard, NibbleUndo};
