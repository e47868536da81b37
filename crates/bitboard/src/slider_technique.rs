//! The one thing bitboard backends differ in: how a slider finds its attacks.

use crate::board::BitboardBoard;
use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, CpuFeature, Square};
use boardlab_views::{ExplainError, Explanation, Lookup};
use std::fmt::Debug;

/// A way of finding a rook's or a bishop's attacks on a bitboard board, with whatever occupancy
/// state it keeps beside the plain occupancy.
///
/// The board calls [`toggle`](SliderTechnique::toggle) on its own copy of the state whenever a
/// square empties or fills, so a technique that keeps rotated maps or per-line bytes never
/// rebuilds them; `unmake` restores the state with the rest of the board. A technique that reads
/// only the plain occupancy sets [`Lines`](SliderTechnique::Lines) to `()` and
/// [`STATELESS`](SliderTechnique::STATELESS) to `true`: its toggles are empty inline functions
/// and cost nothing.
///
/// Every query receives both the state and the plain occupancy it stands for, always in step:
/// when the generator asks about a changed occupancy (the king lifted off its square, the two
/// pawns of an en-passant capture moved) it toggles a copy of the state to match.
pub trait SliderTechnique: Copy + Send + Sync + 'static {
    /// The backend's name: its board's [`Board::NAME`](boardlab_core::Board::NAME).
    const NAME: &'static str;

    /// The processor feature the technique's lookups need, its board's
    /// [`Board::NEEDS`](boardlab_core::Board::NEEDS): PEXT's BMI2, or none.
    const NEEDS: Option<CpuFeature> = None;

    /// True when the attacks depend on the plain occupancy alone, so that a caller may ask
    /// about any occupancy (such as "their pieces only") without building a state.
    const STATELESS: bool;

    /// The occupancy state kept incrementally; `()` if none.
    type Lines: Copy + Eq + Send + Sync + Debug;

    /// Shared read-only tables the queries read, fetched once per generation so that a table
    /// built on first use is not looked up again for every slider; `()` if the technique's
    /// tables are plain statics or it has none.
    type Tables: Sync + 'static;

    /// The tables, built on first use.
    fn tables() -> &'static Self::Tables;

    /// The state for the squares of `occupied`.
    fn lines(occupied: Bitboard) -> Self::Lines;

    /// Flips `sq` in the state: an empty square becomes occupied, an occupied one empty.
    fn toggle(lines: &mut Self::Lines, sq: Square);

    /// The squares a rook on `sq` attacks when `occupied` (which `lines` stands for) is occupied.
    fn rook_attacks(
        tables: &Self::Tables,
        lines: &Self::Lines,
        occupied: Bitboard,
        sq: Square,
    ) -> Bitboard;

    /// The squares a bishop on `sq` attacks when `occupied` (which `lines` stands for) is
    /// occupied.
    fn bishop_attacks(
        tables: &Self::Tables,
        lines: &Self::Lines,
        occupied: Bitboard,
        sq: Square,
    ) -> Bitboard;

    /// The bytes of the technique's own tables (not boardlab-core's leaper and line tables,
    /// which every bitboard backend reads alike).
    fn table_bytes() -> usize;

    /// The lookup of `slider` on `sq` among `occupied`, step by step: the technique's own
    /// narration, which its board gives as
    /// [`Views::slider_lookup`](boardlab_views::Views::slider_lookup) and its `explain` shows.
    fn step_by_step(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup;

    /// The board and what the technique keeps for it, drawn (see
    /// [`Views::show`](boardlab_views::Views::show)).
    fn show(board: &BitboardBoard<Self>, focus: Option<Square>) -> Explanation;

    /// How the technique finds the attacks of the piece on `sq`, step by step (see
    /// [`Views::explain`](boardlab_views::Views::explain)).
    ///
    /// # Errors
    ///
    /// [`ExplainError::EmptySquare`] when no piece stands on `sq`.
    fn explain(board: &BitboardBoard<Self>, sq: Square) -> Result<Explanation, ExplainError>;
}
