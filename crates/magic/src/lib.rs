//! An implementation of boardlab-core's `Board` trait using fancy magic bitboards: the slider
//! technique [`MagicTechnique`] on boardlab-bitboard's shared bitboard board.
//!
//! The position is a set of 64-bit bitboards, bit `i` for square `i`:
//!
//! ```text
//!   8 | 56 57 58 59 60 61 62 63        roles[6]   pawns, knights, bishops, rooks, queens, kings
//!   7 | 48 49 50 51 52 53 54 55        colors[2]  white pieces, black pieces
//!   6 | 40 41 42 43 44 45 46 47
//!   5 | 32 33 34 35 36 37 38 39        white knights = roles[knight] & colors[white]
//!   4 | 24 25 26 27 28 29 30 31        occupied      = colors[white] | colors[black]
//!   3 | 16 17 18 19 20 21 22 23
//!   2 |  8  9 10 11 12 13 14 15        north = << 8, south = >> 8,
//!   1 |  0  1  2  3  4  5  6  7        east  = << 1 (off the h-file), west = >> 1
//!     +------------------------
//!        a  b  c  d  e  f  g  h
//! ```
//!
//! Beside the bitboards the board keeps one auxiliary index, a piece-per-square array (what
//! stands on e4, in one load, for `make`), the incremental Zobrist hash, the clocks, rights and
//! en-passant square. `make` returns everything but the piece array (104 bytes) as its [`Undo`]
//! record, and `unmake` copies it back and restores the few squares the move changed.
//!
//! Sliding attacks come from fancy magic bitboards ([`Magic`], [`MagicTables`]): the relevant
//! occupancy times a per-square magic number, shifted, indexes one shared attack table, built
//! once at start-up (about 2 ms) by a seeded random search ([`find_magic`]). (BMI2's `pext`
//! computes such an index without a magic number: that is the `pext` backend, boardlab-sliders'
//! PEXT technique on boardlab-bitboard's board.) Knight, king and pawn attacks and the
//! `between`/`line` tables are boardlab-core's shared ones.
//!
//! ```
//! use boardlab_core::{Bitboard, Square};
//! let occupied = Bitboard::from_square(Square::D6);
//! let attacks = boardlab_magic::rook_attacks(Square::D4, occupied);
//! assert!(attacks.contains(Square::D6) && !attacks.contains(Square::D7));
//! assert_eq!(attacks.count(), 2 + 3 + 3 + 4);
//! ```
//!
//! The board, `make`/`unmake` and the legal move generator are boardlab-bitboard's, shared by
//! every bitboard backend; this crate supplies [`MagicTechnique`], the slider lookup they are
//! generic over. Moves are legal by construction: each node finds its checkers and pinned
//! pieces once, then masks every piece's targets with the check mask and its pin line, tries
//! the king's targets against the attackers with the king lifted, and tests each en-passant
//! capture on the changed occupancy. Bulk perft's last ply is therefore a sum of popcounts
//! ([`Board::count_legal`](boardlab_core::Board::count_legal)); pawns move as whole sets by
//! shifts.
//!
//! ```
//! use boardlab_core::{perft, Board, BoardExt, PerftMode};
//! use boardlab_magic::MagicBoard;
//!
//! let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
//! let mut board = MagicBoard::from_fen(fen).unwrap();
//! assert_eq!(perft(&mut board, 2, PerftMode::Bulk), 2039);
//! ```

mod board;
mod lookup;
mod magic;
mod views;

pub use board::{MagicBoard, MagicTechnique, Undo};
pub use boardlab_sliders::Slider;
pub use lookup::{step_by_step, TECHNIQUE};
pub use magic::{
    bishop_attacks, bishop_magic, find_magic, magic_build_time, queen_attacks, relevant_mask,
    rook_attacks, rook_magic, search_seed, subsets, table_bytes, Magic, MagicTables,
};
