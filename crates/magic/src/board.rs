//! `MagicBoard`: boardlab-bitboard's board with magic slider lookups.

use crate::magic::{table_bytes, MagicTables};
use boardlab_bitboard::{BitboardBoard, SliderTechnique};
use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, Square};
use boardlab_views::{ExplainError, Explanation, Lookup};

/// Magic bitboards as a slider technique: no occupancy state of its own, one shared table
/// indexed by multiply and shift. Its lookups take any occupancy word, so an engine query with
/// pieces lifted off asks them about the occupancy without those pieces: one AND.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MagicTechnique;

impl SliderTechnique for MagicTechnique {
    const NAME: &'static str = "magic";
    const STATELESS: bool = true;
    type Lines = ();
    type Tables = MagicTables;

    #[inline(always)]
    fn tables() -> &'static MagicTables {
        MagicTables::get()
    }

    #[inline(always)]
    fn lines(_occupied: Bitboard) {}

    #[inline(always)]
    fn toggle(_lines: &mut (), _sq: Square) {}

    #[inline(always)]
    fn rook_attacks(tables: &MagicTables, _: &(), occupied: Bitboard, sq: Square) -> Bitboard {
        tables.rook(sq, occupied)
    }

    #[inline(always)]
    fn bishop_attacks(tables: &MagicTables, _: &(), occupied: Bitboard, sq: Square) -> Bitboard {
        tables.bishop(sq, occupied)
    }

    fn table_bytes() -> usize {
        table_bytes()
    }

    fn step_by_step(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
        crate::lookup::step_by_step(slider, sq, occupied)
    }

    fn show(board: &MagicBoard, focus: Option<Square>) -> Explanation {
        crate::views::show(board, focus)
    }

    fn explain(board: &MagicBoard, sq: Square) -> Result<Explanation, ExplainError> {
        crate::views::explain(board, sq)
    }
}

/// A chess position for magic bitboard move generation: boardlab-bitboard's board and legal
/// generator with [`MagicTechnique`]'s lookups.
///
/// Eight bitboards (one per role, one per colour) answer "where are the white knights" with one
/// AND; the piece-per-square array answers "what stands on e4" with one load, which `make`
/// needs for the moving and the captured piece. Everything but that array is one 104-byte
/// block, which `make` returns whole in its [`Undo`] and `unmake` copies back.
///
/// # Examples
///
/// ```
/// use boardlab_core::{perft, Board, BoardExt, PerftMode, START_FEN};
/// use boardlab_magic::MagicBoard;
///
/// let mut board = MagicBoard::from_fen(START_FEN).unwrap();
/// assert_eq!(board.count_legal(), 20);
/// assert_eq!(perft(&mut board, 3, PerftMode::Bulk), 8902);
/// ```
pub type MagicBoard = BitboardBoard<MagicTechnique>;

/// What [`MagicBoard`]'s `unmake` needs beyond the move.
pub type Undo = boardlab_bitboard::Undo<MagicTechnique>;
