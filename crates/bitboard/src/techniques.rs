//! The seven techniques of boardlab-sliders as [`SliderTechnique`]s, each with its board type.
//!
//! Each technique's lookup is written and explained in its own module of boardlab-sliders; this
//! module only connects it to the board: which state it keeps (only bit lines keeps any), which
//! shared table it reads, and how the views narrate it.

use crate::board::BitboardBoard;
use crate::slider_technique::SliderTechnique;
use crate::views::{explain_with, show_with};
use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, CpuFeature, Square};
use boardlab_sliders::{
    bit_lines, black_magic, hyperbola, kindergarten, kogge_stone, obstruction, pext,
};
use boardlab_views::{ExplainError, Explanation, Lookup};

/// Defines a technique over a boardlab-sliders module that reads only the plain occupancy, and
/// its board alias. Reading only the occupancy word, such a technique answers the engine
/// queries with pieces lifted off by being handed the word without them: one AND. The module
/// has `NAME` (the technique's name, and so its board's), `table_bytes` and `step_by_step`, and
/// either plain functions `rook_attacks` and `bishop_attacks` (`plain`), or one shared table
/// built on first use, a `Tables` with `get`, `rook` and `bishop` (`table`), fetched once per
/// generation.
macro_rules! stateless_technique {
    (plain $(#[$meta:meta])* $technique:ident, $board:ident, $module:ident, $summary:literal $(, needs $needs:expr)?) => {
        stateless_technique!(@define $(#[$meta])* $technique, $board, $module, $summary, [$($needs)?], {
            type Tables = ();

            #[inline(always)]
            fn tables() -> &'static () {
                &()
            }

            #[inline(always)]
            fn rook_attacks(_: &(), _: &(), occupied: Bitboard, sq: Square) -> Bitboard {
                $module::rook_attacks(sq, occupied)
            }

            #[inline(always)]
            fn bishop_attacks(_: &(), _: &(), occupied: Bitboard, sq: Square) -> Bitboard {
                $module::bishop_attacks(sq, occupied)
            }
        });
    };
    (table $(#[$meta:meta])* $technique:ident, $board:ident, $module:ident, $summary:literal $(, needs $needs:expr)?) => {
        stateless_technique!(@define $(#[$meta])* $technique, $board, $module, $summary, [$($needs)?], {
            type Tables = $module::Tables;

            #[inline(always)]
            fn tables() -> &'static $module::Tables {
                $module::Tables::get()
            }

            #[inline(always)]
            fn rook_attacks(
                tables: &$module::Tables,
                _: &(),
                occupied: Bitboard,
                sq: Square,
            ) -> Bitboard {
                tables.rook(sq, occupied)
            }

            #[inline(always)]
            fn bishop_attacks(
                tables: &$module::Tables,
                _: &(),
                occupied: Bitboard,
                sq: Square,
            ) -> Bitboard {
                tables.bishop(sq, occupied)
            }
        });
    };
    (@define $(#[$meta:meta])* $technique:ident, $board:ident, $module:ident, $summary:literal, [$($needs:expr)?], { $($lookups:tt)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct $technique;

        impl SliderTechnique for $technique {
            const NAME: &'static str = $module::NAME;
            $(const NEEDS: Option<CpuFeature> = Some($needs);)?
            const STATELESS: bool = true;
            type Lines = ();

            $($lookups)*

            #[inline(always)]
            fn lines(_occupied: Bitboard) {}

            #[inline(always)]
            fn toggle(_lines: &mut (), _sq: Square) {}

            fn table_bytes() -> usize {
                $module::table_bytes()
            }

            fn step_by_step(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
                $module::step_by_step(slider, sq, occupied)
            }

            fn show(board: &BitboardBoard<Self>, focus: Option<Square>) -> Explanation {
                show_with(board, focus, $summary)
            }

            fn explain(board: &BitboardBoard<Self>, sq: Square) -> Result<Explanation, ExplainError> {
                explain_with(board, sq, $summary)
            }
        }

        #[doc = concat!("A bitboard board whose sliders use ", stringify!($technique), ".")]
        pub type $board = BitboardBoard<$technique>;
    };
}

stateless_technique!(
    plain
    /// Kindergarten bitboards: a multiplication gathers a line's occupancy into six bits, which
    /// index a small table.
    Kindergarten,
    KindergartenBoard,
    kindergarten,
    "kindergarten bitboards: a multiplication gathers each line's occupancy, a small table gives its attacks"
);

stateless_technique!(
    plain
    /// Hyperbola quintessence: `o ^ (o - 2r)` towards the high bits, the same on the byte-swapped
    /// board towards the low bits.
    Hyperbola,
    HyperbolaBoard,
    hyperbola,
    "hyperbola quintessence: o ^ (o - 2r) on each line and on its byte-swapped mirror"
);

stateless_technique!(
    plain
    /// Obstruction difference: the nearest blocker below and above the square, found by bit
    /// scans, bound each line.
    Obstruction,
    ObstructionBoard,
    obstruction,
    "obstruction difference: the nearest blockers below and above, by bit scans, bound each line"
);

stateless_technique!(
    plain
    /// Kogge-Stone fills: parallel-prefix shifts in each direction, no tables at all.
    KoggeStone,
    KoggeStoneBoard,
    kogge_stone,
    "Kogge-Stone fills: three doubling shift steps per direction, no tables"
);

stateless_technique!(
    table
    /// Black magic bitboards: fixed shifts, the occupancy ORed with the mask's complement, and
    /// slices of one table allowed to overlap.
    BlackMagic,
    BlackMagicBoard,
    black_magic,
    "black magic bitboards: (occupied | !mask) * magic >> fixed shift indexes one overlapping table"
);

stateless_technique!(
    table
    /// BMI2's PEXT gathers the relevant occupancy into a dense index. Only fast on a processor
    /// with BMI2, which it declares it needs: the registry refuses it elsewhere.
    Pext,
    PextBoard,
    pext,
    "PEXT bitboards: pext(occupied, mask) is the index into one table",
    needs CpuFeature::Bmi2
);

/// The bit-rank/bit-file structure as a technique: one occupancy byte per rank, file and
/// diagonal ([`bit_lines::LineBytes`]), toggled in make, restored by unmake, each byte the
/// index of its line's table.
///
/// The bytes stand for the board's own occupancy only. An engine query with pieces lifted off
/// (attackers for SEE's x-rays) copies them (48 bytes) and toggles each lifted square out,
/// four byte XORs a piece ([`crate::queries`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BitLines;

impl SliderTechnique for BitLines {
    const NAME: &'static str = bit_lines::NAME;
    const STATELESS: bool = false;
    type Lines = bit_lines::LineBytes;
    type Tables = ();

    #[inline(always)]
    fn tables() -> &'static () {
        &()
    }

    fn lines(occupied: Bitboard) -> bit_lines::LineBytes {
        bit_lines::LineBytes::from_occupancy(occupied)
    }

    #[inline(always)]
    fn toggle(lines: &mut bit_lines::LineBytes, sq: Square) {
        lines.toggle(sq);
    }

    #[inline(always)]
    fn rook_attacks(_: &(), lines: &bit_lines::LineBytes, _: Bitboard, sq: Square) -> Bitboard {
        lines.rook_attacks(sq)
    }

    #[inline(always)]
    fn bishop_attacks(_: &(), lines: &bit_lines::LineBytes, _: Bitboard, sq: Square) -> Bitboard {
        lines.bishop_attacks(sq)
    }

    fn table_bytes() -> usize {
        bit_lines::table_bytes()
    }

    fn step_by_step(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
        bit_lines::step_by_step(slider, sq, occupied)
    }

    fn show(board: &BitboardBoard<Self>, focus: Option<Square>) -> Explanation {
        show_with(board, focus, BIT_LINES_SUMMARY)
    }

    fn explain(board: &BitboardBoard<Self>, sq: Square) -> Result<Explanation, ExplainError> {
        explain_with(board, sq, BIT_LINES_SUMMARY)
    }
}

const BIT_LINES_SUMMARY: &str =
    "bit lines: one occupancy byte per rank, file and diagonal, kept by make/unmake, indexes each line's table";

/// A bitboard board whose sliders use [`BitLines`].
pub type BitLinesBoard = BitboardBoard<BitLines>;
