//! The views of every bitboard board ([`Views`] for [`BitboardBoard`]), and the parts of them
//! the techniques share: the board's bitboards, and a piece's moves with the technique's own
//! narration of each slider lookup, which the explanation holds as a step of its own.

use crate::board::BitboardBoard;
use crate::slider_technique::SliderTechnique;
use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, Board, Color, Piece, Role, Square};
use boardlab_views::svg::{self, Figure};
use boardlab_views::{
    bitboard_grid, bitboard_leaper_step, mask_legality_and_moves, piece_name, position_header,
    role_name, side_by_side, sizes_line, titled, ExplainError, Explanation, Lookup, MaskInputs,
    Narration, Views,
};
use std::fmt::Write;

/// A bitboard board draws what it keeps and narrates its lookups through its technique.
impl<T: SliderTechnique> Views for BitboardBoard<T> {
    fn show(&self, focus: Option<Square>) -> Explanation {
        T::show(self, focus)
    }

    fn explain(&self, sq: Square) -> Result<Explanation, ExplainError> {
        T::explain(self, sq)
    }

    fn slider_lookup(slider: Slider, sq: Square, occupied: Bitboard) -> Option<Lookup> {
        Some(T::step_by_step(slider, sq, occupied))
    }
}

/// How the shared generator judges the king's targets, for every technique's `explain`.
pub const KING_NOTE: &str = "  the king's targets, king_attacks & !own, are each tested for attackers on the\n  occupancy without the king, so it cannot hide behind itself on a slider's line\n";

/// The position header, then the six role and two colour bitboards every technique's board
/// keeps: the part of `show` that is the same whatever finds the sliders' attacks, written into
/// `out` as two sections, the second with the figure of the pieces and their sets.
pub fn position_and_sets<T: SliderTechnique>(out: &mut Narration, board: &BitboardBoard<T>) {
    out.push_str(&position_header(board));
    out.step("role bitboards (both colours)");
    let roles: Vec<Vec<String>> = Role::ALL
        .iter()
        .map(|&role| {
            titled(
                format!("roles[{}]", role_name(role)),
                bitboard_grid(board.by_role(role)),
            )
        })
        .collect();
    out.push_str(&side_by_side(&roles[..3]));
    out.push_str(&side_by_side(&roles[3..]));
    out.step("colour bitboards; a piece set is roles[r] & colors[c]");
    out.push_str(&side_by_side(&[
        titled("colors[white]", bitboard_grid(board.by_color(Color::White))),
        titled("colors[black]", bitboard_grid(board.by_color(Color::Black))),
        titled("occupied", bitboard_grid(board.occupied())),
    ]));
}

/// The board drawn: role and colour bitboards, and, for a focus square, the technique's
/// lookups of a rook and a bishop standing there on this occupancy.
pub(crate) fn show_with<T: SliderTechnique>(
    board: &BitboardBoard<T>,
    focus: Option<Square>,
    summary: &str,
) -> Explanation {
    let mut out = Narration::new(format!(
        "{}: six role bitboards and two colour bitboards; {summary}",
        T::NAME
    ));
    out.square(focus);
    position_and_sets(&mut out, board);
    let mut figure = svg::generic_show(board, focus);
    for panel in std::mem::take(&mut figure.panels) {
        out.panel(panel);
    }
    if !T::STATELESS {
        out.step(&format!(
            "the technique's occupancy state, kept by make and unmake: {:?}",
            board.lines()
        ));
    }
    if let Some(sq) = focus {
        out.step(&format!(
            "a rook and a bishop on {sq}, looked up on this occupancy"
        ));
        for slider in Slider::ALL {
            out.lookup(T::step_by_step(slider, sq, board.occupied()));
        }
    }
    out.step(&sizes_line::<BitboardBoard<T>>("the technique's tables"));
    out.finish_with_layout(&figure)
}

/// The note on en passant that a technique without occupancy state of its own gives.
pub const EN_PASSANT_NOTE: &str = "the occupancy with both pawns moved is looked up from the king\n  for a rook or bishop line that the capture would open";

/// What every technique's `explain` shows around its own narration of a slider's lookups: the
/// piece and the position (and `intro`, when not empty), a leaper's step (with
/// `en_passant_note` for a pawn), or for a slider the steps `sliders` writes, which returns the
/// piece's attacks (marked on the board in the step it wrote last); then the check and pin
/// masks (with `king_note` for a king) and the legal moves. The legend is the caller's to add.
///
/// # Errors
///
/// [`ExplainError::EmptySquare`] when no piece stands on `sq`.
pub fn explain_piece<T: SliderTechnique>(
    board: &BitboardBoard<T>,
    sq: Square,
    intro: &str,
    en_passant_note: &str,
    king_note: &str,
    sliders: impl FnOnce(&mut Narration, Piece) -> Bitboard,
) -> Result<Explanation, ExplainError> {
    let piece = board.piece_at(sq).ok_or(ExplainError::EmptySquare(sq))?;
    let own = board.by_color(piece.color);
    let theirs = board.by_color(!piece.color);
    let mut out = Narration::new(format!(
        "{}: the {} on {sq} (bit {})",
        T::NAME,
        piece_name(piece),
        sq.index()
    ));
    out.square(Some(sq));
    if !intro.is_empty() {
        let _ = writeln!(out, "{intro}");
    }
    let _ = writeln!(out, "{}", position_header(board).trim_end());
    let leaper = bitboard_leaper_step(
        &mut out,
        board,
        sq,
        board.occupied(),
        theirs,
        en_passant_note,
    );
    let reached = match leaper {
        Some(reached) => reached,
        None => {
            let attacks = sliders(&mut out, piece);
            out.mark_reached(board, piece.color, attacks);
            attacks
        }
    };
    mask_legality_and_moves(
        &mut out,
        board,
        sq,
        reached,
        MaskInputs {
            own,
            checkers: board.checkers(),
            pinned: board.pinned(),
        },
        king_note,
    );
    Ok(out.finish())
}

/// A piece's attacks and moves: a leaper's step, or the technique's narration of each slider
/// lookup (checked against the lookup the generator makes), then the check and pin masks.
pub(crate) fn explain_with<T: SliderTechnique>(
    board: &BitboardBoard<T>,
    sq: Square,
    summary: &str,
) -> Result<Explanation, ExplainError> {
    let mut explained = explain_piece(
        board,
        sq,
        summary,
        EN_PASSANT_NOTE,
        KING_NOTE,
        |out, piece| {
            out.step("1. slider lookups, step by step");
            let tables = T::tables();
            let occupied = board.occupied();
            let mut attacks = Bitboard::EMPTY;
            for &slider in Slider::of(piece.role) {
                out.lookup(T::step_by_step(slider, sq, occupied));
                attacks |= match slider {
                    Slider::Rook => T::rook_attacks(tables, board.lines(), occupied, sq),
                    Slider::Bishop => T::bishop_attacks(tables, board.lines(), occupied, sq),
                };
            }
            attacks
        },
    )?;
    explained.adopt_figure_layout(&moves_legend());
    Ok(explained)
}

/// A figure holding only the legend of the legal-moves panel, which every `explain` ends with.
pub fn moves_legend() -> Figure {
    let mut figure = Figure::new("");
    svg::explain_legend(&mut figure);
    figure
}

/// The masks a legal generator with check and pin masks applies to the side to move, drawn by
/// the book's figure of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckAndPinMasks {
    /// The pieces giving check.
    pub checkers: Bitboard,
    /// Where a piece other than the king may move: every square when not in check; the checker
    /// and the squares between it and the king in a single check; none in a double check.
    pub check_mask: Bitboard,
    /// Each pinned piece with the line through it and its king, off which it may not move.
    pub pins: Vec<(Square, Bitboard)>,
}

/// The check mask and pin lines of the side to move, computed from the board's checkers and
/// pinned pieces by the definitions the generator uses (the generator keeps its own masks in
/// registers and does not hand them out).
///
/// # Examples
///
/// ```
/// use boardlab_bitboard::views::check_and_pin_masks;
/// use boardlab_bitboard::HyperbolaBoard;
/// use boardlab_core::{Bitboard, Board, BoardExt, Square};
///
/// // The rook on h1 checks along the first rank; the bishop on b4 pins d2 to the king.
/// let board = HyperbolaBoard::from_fen("4k3/8/8/8/1b6/4N3/3B4/4K2r w - - 0 1").unwrap();
/// let masks = check_and_pin_masks(&board);
/// let block_or_take: Bitboard = [Square::F1, Square::G1, Square::H1].into_iter().collect();
/// assert_eq!(masks.check_mask, block_or_take);
/// assert_eq!(masks.pins.len(), 1);
/// assert!(masks.pins[0].1.contains(Square::C3));
/// ```
pub fn check_and_pin_masks<T: SliderTechnique>(board: &BitboardBoard<T>) -> CheckAndPinMasks {
    let king = board.king_of(board.side_to_move());
    let checkers = board.checkers();
    let check_mask = match checkers.count() {
        0 => Bitboard::FULL,
        1 => checkers.fold(checkers, |mask, checker| {
            mask | boardlab_core::bitboard::between(king, checker)
        }),
        _ => Bitboard::EMPTY,
    };
    let pins = board
        .pinned()
        .map(|pinned| (pinned, boardlab_core::bitboard::line(king, pinned)))
        .collect();
    CheckAndPinMasks {
        checkers,
        check_mask,
        pins,
    }
}
