//! What boardlab's plain array boards share: the survey's signed piece codes ([`code`]), the
//! position's bookkeeping and make/unmake ([`ArrayPosition`]), the legal-move skeleton
//! ([`ArrayPosition::generate_legal`]) and the answers to the engine's queries
//! ([`engine_queries!`]), all written once over a [`Geometry`].
//!
//! A board's crate (boardlab-array8x8, boardlab-array12x12, boardlab-array16x16) implements
//! [`Geometry`] in its own idiom: where its squares lie among its cells, how a step learns it
//! has left the board (a test of rank and file, or a read of a sentinel), and how an attack on
//! a cell is found (walking out from the cell, or a difference table). The rest is the same
//! code for all of them, so that a measurement of one against another measures those.
//!
//! Every cell holds one `i8`: `0` empty, `±1` pawn, `±2` knight, `±3` bishop, `±4` rook, `±5`
//! queen, `±6` king, white positive; the frame of a framed board holds the sentinel `99`.

pub mod code;
mod generate;
mod geometry;
mod position;
mod queries;
pub mod views;

pub use generate::NO_CELL;
pub use geometry::{
    framed_board, framed_step, framed_step_words, offsets, Dir, Geometry, DIAGONAL, KING_STEPS,
    KNIGHT_JUMPS, STRAIGHT,
};
pub use position::{ArrayPosition, ArrayUndo};
pub use queries::SeeAttackers;

/// The bytes of the tables every array board reads: the piece of each code, and the cells of
/// the 64 squares that the generator's scan walks.
pub const SHARED_TABLE_BYTES: usize =
    std::mem::size_of_val(&code::PIECES) + std::mem::size_of::<[u8; 64]>();

#[doc(hidden)]
pub use boardlab_core as __core;

/// Writes an array board's type: `$board`, a newtype of [`ArrayPosition`] over the geometry
/// `$geometry`, with its `Board` impl (named `$name` on the command line, its generator
/// `"arrays"`, playing Chess960),
/// its `Debug` and its `table_bytes`, `$tables` (the bytes of the board's own lookup tables).
#[macro_export]
macro_rules! array_board {
    ($(#[$meta:meta])* $board:ident, $geometry:ty, $name:literal, $tables:expr) => {
        $(#[$meta])*
        #[derive(Clone)]
        pub struct $board(pub(crate) $crate::ArrayPosition<$geometry>);

        impl $crate::__core::Board for $board {
            type Undo = $crate::ArrayUndo;

            const NAME: &'static str = $name;
            // The array boards share this crate's generator and differ in their steps and
            // attack tests, so their agreeing checks those and not the generator.
            const GENERATOR: &'static str = "arrays";
            const PLAYS_CHESS960: bool = true;

            fn from_setup(setup: &$crate::__core::Setup) -> Self {
                $board($crate::ArrayPosition::from_setup(setup))
            }

            #[inline]
            fn state(&self) -> $crate::__core::PositionState {
                self.0.state
            }

            #[inline]
            fn piece_at(&self, sq: $crate::__core::Square) -> Option<$crate::__core::Piece> {
                self.0.piece_at(sq)
            }

            #[inline]
            fn king_square(&self, color: $crate::__core::Color) -> $crate::__core::Square {
                <$geometry as $crate::Geometry>::square(self.0.king(color))
            }

            #[inline]
            fn in_check(&self) -> bool {
                let us = self.0.state.turn;
                <$geometry as $crate::Geometry>::attacked(
                    &self.0.cells,
                    self.0.king(us),
                    !us,
                )
            }

            #[inline]
            fn is_attacked(&self, sq: $crate::__core::Square, by: $crate::__core::Color) -> bool {
                <$geometry as $crate::Geometry>::attacked(
                    &self.0.cells,
                    <$geometry as $crate::Geometry>::cell(sq),
                    by,
                )
            }

            #[inline]
            fn generate_into<S: $crate::__core::MoveSink>(&self, sink: &mut S) {
                self.0.generate_legal(sink);
            }

            #[inline]
            fn make(&mut self, mv: $crate::__core::Move) -> $crate::ArrayUndo {
                self.0.make(mv)
            }

            #[inline]
            fn unmake(&mut self, mv: $crate::__core::Move, undo: $crate::ArrayUndo) {
                self.0.unmake(mv, undo)
            }

            fn make_null(&mut self) -> $crate::ArrayUndo {
                self.0.make_null()
            }

            fn unmake_null(&mut self, undo: $crate::ArrayUndo) {
                self.0.unmake_null(undo)
            }

            fn for_each_piece(&self, f: impl FnMut($crate::__core::Square, $crate::__core::Piece)) {
                self.0.for_each_piece(f)
            }

            fn table_bytes() -> usize {
                $tables
            }
        }

        impl std::fmt::Debug for $board {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                use $crate::__core::BoardExt;
                write!(f, "{}({})", stringify!($board), self.to_fen())
            }
        }
    };
}
