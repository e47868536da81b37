//! boardlab-engine: a chess engine over any board of boardlab.
//!
//! - [`EngineQueries`] ([`queries`]): the questions an evaluation and a search ask a board
//!   beside its moves (attacks from a square, attackers to a square with pieces lifted off,
//!   mobility, attacked squares, pawn structure, static exchange evaluation), each with a
//!   generic answer every backend may give in its own idiom instead, and one fold of an
//!   exchange's captures ([`queries::fold_gains`]) that every backend's SEE calls.
//! - [`eval`]: the evaluation, PeSTO's tables, and with [`EvalTerms::Full`] the terms the
//!   queries answer.
//! - [`search`]: iterative deepening, principal-variation alpha-beta, quiescence, a
//!   transposition table, null-move pruning and the usual move ordering, written once and
//!   visiting the same tree on every backend.
//!
//! ```
//! use boardlab_core::BoardExt;
//! use boardlab_engine::{evaluate, Limits, Score, Searcher};
//! use boardlab_reference::ReferenceBoard;
//! use std::sync::atomic::AtomicBool;
//!
//! // Ra8 mates at once.
//! let mut board = ReferenceBoard::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
//! let stop = AtomicBool::new(false);
//! let result = Searcher::new(1).search(&mut board, &[], &Limits::depth(3), &stop, |_| {});
//! assert_eq!(result.score, Score::Mate(1));
//! // A rook against three pawns, from the side to move's point of view.
//! assert!(evaluate(&board) > 0);
//! ```

pub mod eval;
pub mod queries;
pub mod search;

pub use eval::{
    evaluate, evaluate_breakdown, evaluate_detail, evaluate_detail_with, king_zone_attacks,
    role_value, EvalBreakdown, EvalTerms, Evaluation,
};
pub use queries::{see_value, EngineQueries, PawnStructure, Swap, SwapList, SEE_VALUES};
pub use search::{
    staged_order, GenerationCounts, Limits, MoveGeneration, Score, SearchInfo, SearchResult,
    Searcher, MATE, MAX_PLY,
};
