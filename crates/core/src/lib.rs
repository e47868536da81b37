//! boardlab-core: the rules of chess and the types every board representation in boardlab
//! shares.
//!
//! Squares, pieces and moves ([`Square`], [`Piece`], [`Move`] in 16 bits); positions in
//! neutral form ([`Setup`], FEN and EPD, [`UciMove`]); Zobrist hashing with Polyglot keys
//! ([`Zobrist`]); the [`Board`] trait each representation implements and [`BoardExt`], what
//! every board can do on top of it; the move-generation vocabulary ([`MoveSink`],
//! [`GenKind`], [`PositionState`]); [`perft`]; the legality test of any move
//! ([`Board::is_legal`]); and the bitboard primitives the backends share ([`Bitboard`], leaper
//! and line tables, [`bitboard::piece_attacks`]).
//!
//! Everything else lives in the crates that use it: the engine's questions and the search in
//! boardlab-engine, the teaching views in boardlab-views, the reference board and the kinds of
//! position in boardlab-reference, the conformance checks in boardlab-testkit.
//!
//! ```
//! use boardlab_core::{Setup, Zobrist};
//! let setup = Setup::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
//! assert_eq!(Zobrist::of(&setup).key_hex(), "463b96181691fc9c");
//! ```

pub mod bitboard;
mod board;
mod castling;
mod cpu;
pub mod epd;
mod fen;
mod legality;
mod movegen;
mod moves;
mod notation;
mod perft;
mod piece;
mod setup;
mod square;
mod state;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::{Board, BoardExt};
pub use castling::{CastlePath, CastlingRights, CastlingSide};
pub use cpu::CpuFeature;
pub use epd::{Epd, EpdError, PerftCase};
pub use fen::{FenError, START_FEN};
pub use movegen::{
    AllMoves, GenKind, ListKind, Lister, MoveCounter, MoveSink, NoisyMoves, QuietMoves,
    PROMOTION_ORDER,
};
pub use moves::{Move, MoveFlag, MoveList, MAX_MOVES};
pub use notation::{MoveError, UciMove, UciMoveError};
pub use perft::{divide, perft, PerftMode, MAX_DEPTH};
pub use piece::{Color, Piece, Role};
pub use setup::{PositionError, Setup};
pub use square::{File, ParseSquareError, Rank, Square};
pub use state::PositionState;
pub use zobrist::Zobrist;
