//! boardlab-core: what every board representation in boardlab shares.
//!
//! Squares, pieces and moves ([`Square`], [`Piece`], [`Move`] in 16 bits); positions in
//! neutral form ([`Setup`], FEN and EPD); Zobrist hashing with Polyglot keys ([`Zobrist`]); the
//! [`Board`] trait each representation implements; [`perft`]; and the bitboard primitives the
//! bitboard backends share ([`Bitboard`], leaper and line tables). The conformance checks every
//! backend runs are in the boardlab-testkit crate.
//!
//! ```
//! use boardlab_core::{Setup, Zobrist};
//! let setup = Setup::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
//! assert_eq!(Zobrist::of(&setup).key_hex(), "463b96181691fc9c");
//! ```

pub mod bitboard;
mod board;
mod castling;
pub mod epd;
mod fen;
mod kinds;
mod legality;
mod movegen;
mod moves;
mod notation;
mod perft;
mod piece;
pub mod queries;
mod reference;
mod search;
mod setup;
mod square;
mod state;
pub mod views;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use castling::{CastlePath, CastlingRights, CastlingSide};
pub use epd::{Epd, EpdError, PerftCase};
pub use fen::{FenError, START_FEN};
pub use kinds::{pinned, PositionKind, PositionKinds};
pub use movegen::{
    AllMoves, GenKind, Kind, Lister, MoveCounter, MoveSink, NoisyMoves, QuietMoves, PROMOTION_ORDER,
};
pub use moves::{Move, MoveFlag, MoveList, MAX_MOVES};
pub use notation::{MoveError, UciMove, UciMoveError};
pub use perft::{divide, perft, PerftMode};
pub use piece::{Color, Piece, Role};
pub use queries::{see_value, PawnStructure, Swap, SEE_VALUES};
pub use reference::ReferenceBoard;
pub use search::{
    evaluate, evaluate_breakdown, evaluate_detail, evaluate_detail_with, king_zone_attacks,
    role_value, staged_order, EvalBreakdown, EvalTerms, Evaluation, GenerationCounts, Limits,
    MoveGeneration, Score, SearchInfo, SearchResult, Searcher, MATE, MAX_DEPTH, MAX_PLY,
};
pub use setup::{PositionError, Setup};
pub use square::{File, ParseSquareError, Rank, Square};
pub use state::PositionState;
pub use views::{ExplainError, Views};
pub use zobrist::Zobrist;
