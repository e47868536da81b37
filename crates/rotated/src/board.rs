//! `RotatedBoard`: boardlab-bitboard's board with the rotated occupancy as its technique's state.

use crate::attacks::{bishop_attacks, rook_attacks, TABLE_BYTES};
use crate::rotation::RotatedOccupancy;
use boardlab_bitboard::{BitboardBoard, SliderTechnique};
use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, Square};
use boardlab_views::{ExplainError, Explanation, Lookup};

/// Rotated bitboards as a slider technique: the occupancy kept in four maps
/// ([`RotatedOccupancy`]), flipped square by square in make, restored by unmake, and read a
/// line at a time from the line tables.
///
/// The maps stand for the board's own occupancy only. An engine query with pieces lifted off
/// (attackers for SEE's x-rays) copies them (32 bytes) and toggles each lifted square out, as
/// `make` would: a load of the square's three rotated bits and four XORs a piece
/// ([`boardlab_bitboard::queries`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RotatedTechnique;

impl SliderTechnique for RotatedTechnique {
    const NAME: &'static str = "rotated";
    const STATELESS: bool = false;
    type Lines = RotatedOccupancy;
    type Tables = ();

    #[inline(always)]
    fn tables() -> &'static () {
        &()
    }

    fn lines(occupied: Bitboard) -> RotatedOccupancy {
        RotatedOccupancy::from_occupied(occupied)
    }

    #[inline(always)]
    fn toggle(lines: &mut RotatedOccupancy, sq: Square) {
        lines.toggle(sq);
    }

    #[inline(always)]
    fn rook_attacks(
        _tables: &(),
        lines: &RotatedOccupancy,
        _occupied: Bitboard,
        sq: Square,
    ) -> Bitboard {
        rook_attacks(sq, lines)
    }

    #[inline(always)]
    fn bishop_attacks(
        _tables: &(),
        lines: &RotatedOccupancy,
        _occupied: Bitboard,
        sq: Square,
    ) -> Bitboard {
        bishop_attacks(sq, lines)
    }

    fn table_bytes() -> usize {
        TABLE_BYTES
    }

    fn step_by_step(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
        crate::lookup::step_by_step(slider, sq, occupied)
    }

    fn show(board: &RotatedBoard, focus: Option<Square>) -> Explanation {
        crate::views::show(board, focus)
    }

    fn explain(board: &RotatedBoard, sq: Square) -> Result<Explanation, ExplainError> {
        crate::views::explain(board, sq)
    }
}

/// A position held in rotated bitboards (see the crate docs): boardlab-bitboard's board and
/// legal generator with [`RotatedTechnique`]'s lookups. [`BitboardBoard::lines`] is its
/// [`RotatedOccupancy`].
///
/// # Examples
///
/// ```
/// use boardlab_core::{perft, Board, BoardExt, PerftMode};
/// use boardlab_rotated::RotatedBoard;
/// let mut board = RotatedBoard::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
/// assert_eq!(perft(&mut board, 2, PerftMode::Bulk), 568);
/// ```
pub type RotatedBoard = BitboardBoard<RotatedTechnique>;

/// What [`RotatedBoard`]'s `unmake` needs beyond the move.
pub type RotatedUndo = boardlab_bitboard::Undo<RotatedTechnique>;
