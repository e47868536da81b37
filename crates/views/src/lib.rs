//! boardlab-views: the teaching views, each representation drawing its own internals.
//!
//! [`Views`] is what `boardlab show` and `boardlab explain` print and `boardlab serve` draws.
//! A backend implements it in its own crate to draw what it keeps (its piece lists, its padded
//! array, its bitboards) and to walk through, step by step, how it finds the moves of one
//! piece. Every view is one value, an [`Explanation`], with three renderers: text, SVG
//! ([`svg`]) and JSON (serde, which this crate alone of the rules' and the backends' brings
//! in). A slider's table lookup is a [`Lookup`], which an explanation holds as one of its
//! steps.
//!
//! - [`explanation`]: [`Explanation`], its [`Step`]s and [`Narration`], which builds one.
//! - [`lookup`]: [`Lookup`], a slider lookup as data.
//! - [`svg`]: figures of labelled, coloured cells.
//! - [`text`]: the 8x8 grids and their arrangement, in one style for every backend.
//! - [`trace`]: what a walk over an array board reaches, for the array boards' views.
//! - [`steps`]: the steps several backends' explanations share (the legal moves, the check
//!   and pin masks, the leapers of a bitboard board).
//!
//! # Examples
//!
//! ```
//! use boardlab_views::{bitboard_grid, side_by_side, titled};
//! use boardlab_core::bitboard::knight_attacks;
//! use boardlab_core::Square;
//!
//! let left = titled("knight on b1", bitboard_grid(knight_attacks(Square::B1)));
//! let right = titled("knight on g1", bitboard_grid(knight_attacks(Square::G1)));
//! let text = side_by_side(&[left, right]);
//! assert!(text.starts_with("knight on b1"));
//! assert!(text.contains("3  1 . 1 . . . . .    3  . . . . . 1 . 1"));
//! ```

pub mod explanation;
pub mod lookup;
pub mod steps;
pub mod svg;
pub mod text;
pub mod trace;

pub use explanation::{Explanation, LegendEntry, Mark, Marked, Narration, Step};
pub use lookup::{BitString, Lookup, LookupStep, StepValue, Steps, Technique};
pub use steps::{
    bitboard_leaper_step, legal_moves_step, mask_legality, mask_legality_and_moves, MaskInputs,
};
pub use text::{
    binary64, bitboard_grid, grid, grids, hex64, join_lines, marked_grid, piece_name,
    position_header, role_name, side_by_side, sizes_line, titled,
};
pub use trace::{ReachTrace, Reached};

use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, Board, Square};
use std::fmt;

/// Why [`Views::explain`] has nothing to explain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExplainError {
    /// No piece stands on the square.
    EmptySquare(Square),
}

impl fmt::Display for ExplainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExplainError::EmptySquare(sq) => {
                write!(f, "no piece on {sq}: explain needs the square of a piece")
            }
        }
    }
}

impl std::error::Error for ExplainError {}

/// A representation that can draw its internals, for teaching.
///
/// Both methods return an [`Explanation`]: a value with steps, the squares each marks, the
/// panels a figure draws and the narration, which [`Explanation::to_text`] prints as ASCII
/// diagrams (meant to be read next to the representation's source code),
/// [`Explanation::to_svg`] draws, and serde writes as JSON. They are slow and allocate;
/// nothing on a hot path calls them.
pub trait Views: Board {
    /// The position and what this representation keeps for it, drawn: its arrays with their
    /// padding, its piece lists or its bitboards. `focus` picks one square for the parts of a
    /// representation that are kept per square (the magic masks and table offsets); a backend
    /// without such parts may ignore it.
    fn show(&self, focus: Option<Square>) -> Explanation;

    /// How this representation finds the attacks and moves of the piece on `sq`, one step at a
    /// time, ending with the legal moves [`Board::generate`] gives for that piece (the last
    /// step marks their targets).
    ///
    /// # Errors
    ///
    /// [`ExplainError::EmptySquare`] when no piece stands on `sq`.
    fn explain(&self, sq: Square) -> Result<Explanation, ExplainError>;

    /// How this representation finds the squares `slider` on `sq` attacks among `occupied`,
    /// step by step, for a board whose sliders look their attacks up (the bitboard backends,
    /// each by its technique); `None`, the default, for a board that walks rays instead. The
    /// same value is a step of [`explain`](Views::explain)'s explanation and the answer of
    /// `boardlab serve`'s slider page.
    fn slider_lookup(slider: Slider, sq: Square, occupied: Bitboard) -> Option<Lookup> {
        let _ = (slider, sq, occupied);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_square_error_names_the_square() {
        assert_eq!(
            ExplainError::EmptySquare(Square::E4).to_string(),
            "no piece on e4: explain needs the square of a piece"
        );
    }
}
