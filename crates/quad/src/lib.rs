//! An implementation of boardlab-core's `Board` trait using quad-bitboards: three bitboards
//! whose bits at a square spell the code of the piece standing there, and a fourth with the
//! side to move's pieces, 32 bytes for the whole placement, on a board turned over so that the
//! side to move always plays up it (Gerd Isenberg's description of 2006 on chessprogramming.org,
//! "Quad-Bitboards").
//!
//! The squares are stored squares: the real square's index when White is to move, that index
//! XOR 56 (rank mirrored, file kept) when Black is. Bit `s` of every bitboard is stored square
//! `s`:
//!
//! ```text
//!   8 | 56 57 58 59 60 61 62 63    the side to move's pawns promote here
//!   7 | 48 49 50 51 52 53 54 55
//!   6 | 40 41 42 43 44 45 46 47    an en-passant square is always on this rank
//!   5 | 32 33 34 35 36 37 38 39
//!   4 | 24 25 26 27 28 29 30 31
//!   3 | 16 17 18 19 20 21 22 23
//!   2 |  8  9 10 11 12 13 14 15    pawns push by << 8, capture by << 7 and << 9
//!   1 |  0  1  2  3  4  5  6  7    the side to move's back rank, its castling rooks
//!     +------------------------
//!        a  b  c  d  e  f  g  h    (White to move; for Black, the rank numbers read 1..8 down)
//!
//!   code = plane0[s] | plane1[s] << 1 | plane2[s] << 2
//!   0 empty  1 pawn  2 knight  3 king  4 castling rook  5 bishop  6 rook  7 queen
//!   colour = mover[s] ? side to move : the other side   (mover[s] on an empty square: e.p.)
//!
//!   bishops and queens = plane0 & plane2        rooks and queens = plane2 & !(plane0 & !plane1)
//! ```
//!
//! A rook that may still castle has a code of its own, so the castling rights are the castling
//! rooks on the board, and a Chess960 right (any rook on the back rank) costs nothing more:
//! the king castles with the castling rook on its side of the move. The board beside the 32
//! bytes holds the two clocks and which colour is to move; the Zobrist hash, the rights and the
//! en-passant square of the trait's [`PositionState`](boardlab_core::PositionState) are worked
//! out when asked.
//!
//! `make` is copy-make: its undo record is the board before the move, and `unmake` copies it
//! back. A move is played in stored squares, then the four bitboards are byte-swapped, which
//! turns the board over for the other side, and the other side's pieces become `mover`.
//!
//! Legality is decided in the generator (`movegen`), which finds in one pass the squares the
//! enemy attacks with the king lifted off the board (whole around the king and on a standard
//! castling's path: a slider whose empty-board rays miss that zone is not looked up), the
//! checkers, and the rays of the pinned pieces; every piece's targets are then masked by the
//! check mask and its pin ray, the king's by the attacked squares, so every move generated is
//! legal and bulk perft's last ply is a sum of popcounts. Only an en-passant capture (the
//! occupancy after it, tested against the sliders) and castling (the path; a Chess960 path's
//! squares beyond the zone, and the destination with the rook lifted, in a cold function) are
//! tested move by move. Pawns move as whole sets by shifts. Slider attacks come from
//! boardlab-sliders' PEXT tables.
//!
//! The engine's queries (which squares a piece attacks, who attacks a square, mobility, the
//! squares a side controls, the pawns) take each kind of piece as a set from the planes and look
//! up only those pieces, in stored squares, turning the answer back into real squares at the end.
//!
//! ```
//! use boardlab_core::{perft, BoardExt, PerftMode};
//! use boardlab_quad::QuadBoard;
//!
//! let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
//! let mut board = QuadBoard::from_fen(fen).unwrap();
//! assert_eq!(perft(&mut board, 2, PerftMode::Bulk), 2039);
//! ```

mod board;
mod movegen;
mod queries;
mod views;

pub use board::{
    code_of_role, role_of_code, QuadBoard, BISHOP, CASTLING_ROOK, EMPTY, KING, KNIGHT, PAWN, QUEEN,
    ROOK,
};
