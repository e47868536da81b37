//! An implementation of boardlab-core's `Board` trait using bitboards, generic over the
//! technique that finds a slider's attacks.
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
//! Bitboard backends differ only in how a rook or a bishop finds its attacks: rotated maps,
//! magic multiplication, PEXT, per-line occupancy bytes and the rest. That difference is a
//! [`SliderTechnique`]; everything else is written once here: the board ([`BitboardBoard`]),
//! `make` and `unmake`, and one legal move generator. A technique that keeps occupancy state of
//! its own (rotated maps, line bytes) declares it as [`SliderTechnique::Lines`]; the board keeps
//! it beside the bitboards and toggles it square by square in `make`, and `unmake` restores it
//! with the rest of the saved state.
//!
//! Beside the bitboards the board keeps a piece-per-square array (what stands on e4, in one
//! load, for `make`) and boardlab-core's [`PositionState`](boardlab_core::PositionState): the
//! side to move, the castling rights, the en-passant square, the clocks and the incremental
//! Zobrist hash.
//!
//! Moves are legal by construction: each node finds its checkers and pinned pieces once, then
//! masks every piece's targets with the check mask and its pin line, tries the king's targets
//! against the attackers with the king lifted, and tests each en-passant capture on the
//! changed occupancy (a stateful technique's state is toggled in a copy to match). Bulk
//! perft's last ply is therefore a sum of popcounts
//! ([`Board::count_legal`](boardlab_core::Board::count_legal)); pawns move as whole sets by
//! shifts. See [`movegen`] for the rules step by step.
//!
//! The engine queries (attacks from a square, attackers with pieces lifted off, mobility,
//! attacked squares, pawn structure, SEE) are answered by the same lookups ([`queries`]); a
//! technique that keeps occupancy state answers for lifted pieces on a copy of its state with
//! their squares toggled out.
//!
//! Besides the trait, this crate makes the seven techniques of boardlab-sliders into boards
//! ([`techniques`]): [`BitLinesBoard`], [`KindergartenBoard`], [`HyperbolaBoard`],
//! [`ObstructionBoard`], [`KoggeStoneBoard`], [`BlackMagicBoard`] and [`PextBoard`]. The rotated
//! and magic boards live in their own crates, boardlab-rotated and boardlab-magic.
//!
//! ```
//! use boardlab_bitboard::{BitLinesBoard, KoggeStoneBoard};
//! use boardlab_core::{perft, Board, BoardExt, PerftMode};
//!
//! let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
//! let mut lines = BitLinesBoard::from_fen(fen).unwrap();
//! let mut fills = KoggeStoneBoard::from_fen(fen).unwrap();
//! // 2039 is the published depth-2 count of this position (chessprogramming.org, "Perft Results").
//! assert_eq!(perft(&mut lines, 2, PerftMode::Bulk), 2039);
//! assert_eq!(perft(&mut fills, 2, PerftMode::Bulk), 2039);
//! ```

mod board;
pub mod movegen;
pub mod queries;
mod slider_technique;
pub mod techniques;
pub mod views;

pub use board::{BitboardBoard, Undo};

/// The name of this crate's one legal move generator, the [`Board::GENERATOR`] of every
/// [`BitboardBoard`], whatever its technique.
///
/// [`Board::GENERATOR`]: boardlab_core::Board::GENERATOR
pub const GENERATOR: &str = "bitboard";
pub use boardlab_sliders;
pub use slider_technique::SliderTechnique;
pub use techniques::{
    BitLines, BitLinesBoard, BlackMagic, BlackMagicBoard, Hyperbola, HyperbolaBoard, Kindergarten,
    KindergartenBoard, KoggeStone, KoggeStoneBoard, Obstruction, ObstructionBoard, Pext, PextBoard,
};
