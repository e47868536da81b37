//! boardlab-reference: the yardstick every backend is held against, and the one classifier of
//! the positions move generators get wrong.
//!
//! - [`ReferenceBoard`]: a slow [`Board`](boardlab_core::Board) built on
//!   [`Setup`](boardlab_core::Setup) alone, short enough to check by eye; the conformance kit,
//!   `boardlab check`, the registry's `every_backend_holds` and the tests compare the backends
//!   with it.
//! - [`kinds`]: what a position is (in check, in double or discovered check, with a pin, an
//!   en-passant capture legal or refused, castling, a promotion) and what a move is (castling,
//!   an en-passant capture that uncovers its king, a move of a pinned piece), told apart once:
//!   `boardlab check` groups its failures by it, `boardlab perft --stats` counts its checks
//!   with it, and the testkit counts the kinds its random positions cover.
//!
//! The crate depends on boardlab-core alone, so that every other crate, the engine and the
//! command line's library included, may use it without taking in more.
//!
//! ```
//! use boardlab_core::{perft, Board, PerftMode, Setup};
//! use boardlab_reference::{PositionKind, PositionKinds, ReferenceBoard};
//!
//! let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
//! let mut board = ReferenceBoard::from_setup(&Setup::from_fen(kiwipete).unwrap());
//! // 2039 is the published depth-2 count (chessprogramming.org, "Perft Results").
//! assert_eq!(perft(&mut board, 2, PerftMode::Bulk), 2039);
//! assert!(PositionKinds::of(&board.to_setup()).contains(PositionKind::Castling));
//! ```

mod board;
pub mod kinds;

pub use board::ReferenceBoard;
pub use kinds::{pinned, Checks, MoveKind, MoveKinds, PositionKind, PositionKinds};
