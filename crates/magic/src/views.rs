//! Teaching views of the magic-bitboard board: the role and colour bitboards, a square's magic
//! entries (mask, magic, shift, offset), and a slider's lookup step by step: mask, blockers,
//! multiply, shift, index, entry.

use crate::board::MagicBoard;
use crate::lookup::step_by_step;
use crate::magic::{Magic, MagicTables};
use boardlab_bitboard::views::{explain_piece, EN_PASSANT_NOTE, KING_NOTE};
use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, Color, Role, Square};
use boardlab_views::svg::{self, Figure, Panel, Tone};
use boardlab_views::ExplainError;
use boardlab_views::Lookup;
use boardlab_views::{
    bitboard_grid, grid, hex64, join_lines, side_by_side, sizes_line, titled, Explanation,
    Narration,
};
use std::fmt::Write;

fn entry(slider: Slider, sq: Square) -> &'static Magic {
    let tables = MagicTables::get();
    match slider {
        Slider::Rook => tables.rook_magic(sq),
        Slider::Bishop => tables.bishop_magic(sq),
    }
}

/// A square's entry: mask, magic, shift, offset and slice.
fn describe_entry(out: &mut String, slider: Slider, sq: Square) {
    let magic = entry(slider, sq);
    let _ = writeln!(
        out,
        "  {} on {sq}: mask of {} relevant squares, magic {}, shift 64 - {} = {}, slice of {} slots at offset {}",
        slider.name(),
        magic.mask.count(),
        hex64(magic.magic),
        magic.mask.count(),
        magic.shift,
        magic.len(),
        magic.offset
    );
}

/// The board drawn: its bitboards and the focus square's magic entries.
pub(crate) fn show(board: &MagicBoard, focus: Option<Square>) -> Explanation {
    let mut figure = show_figure(board, focus);
    let mut panels = std::mem::take(&mut figure.panels).into_iter();
    let mut out = Narration::new(
        "magic: six role bitboards and two colour bitboards; slider attacks by multiply, shift and lookup",
    );
    out.square(focus);
    boardlab_bitboard::views::position_and_sets(&mut out, board);
    for panel in panels.by_ref().take(Role::ALL.len() + Color::ALL.len()) {
        out.panel(panel);
    }
    match focus {
        Some(sq) => {
            out.step(&format!("the magic entries of {sq}"));
            for panel in panels.by_ref() {
                out.panel(panel);
            }
            let mut text = String::new();
            for slider in [Slider::Rook, Slider::Bishop] {
                describe_entry(&mut text, slider, sq);
            }
            out.push_str(&text);
            out.push_str(&side_by_side(&[
                titled(
                    format!("rook mask of {sq}"),
                    bitboard_grid(entry(Slider::Rook, sq).mask),
                ),
                titled(
                    format!("bishop mask of {sq}"),
                    bitboard_grid(entry(Slider::Bishop, sq).mask),
                ),
            ]));
            out.push_str(
                    "(a ray's last square is left out of the mask: a piece there blocks nothing beyond it)\n",
                );
        }
        None => out.step("(add --square SQ to see that square's masks, magics and table offsets)"),
    }
    out.step("slice sizes: the relevant squares of each square's mask (the slice holds 2^n slots)");
    for panel in panels {
        out.panel(panel);
    }
    out.push_str(&side_by_side(&[
        titled(
            "rook",
            grid(|sq| entry(Slider::Rook, sq).mask.count().to_string()),
        ),
        titled(
            "bishop",
            grid(|sq| entry(Slider::Bishop, sq).mask.count().to_string()),
        ),
    ]));
    out.step(
        "where each square's slice starts in the one shared table (rooks first, then bishops)",
    );
    out.push_str(&join_lines(&titled(
        "rook offsets",
        grid(|sq| entry(Slider::Rook, sq).offset.to_string()),
    )));
    out.push_str(&join_lines(&titled(
        "bishop offsets",
        grid(|sq| entry(Slider::Bishop, sq).offset.to_string()),
    )));
    let rook_slots: usize = Square::ALL
        .iter()
        .map(|&sq| entry(Slider::Rook, sq).len())
        .sum();
    let bishop_slots: usize = Square::ALL
        .iter()
        .map(|&sq| entry(Slider::Bishop, sq).len())
        .sum();
    let slot_bytes = std::mem::size_of::<Bitboard>();
    out.step(&format!(
        "slots: {rook_slots} rook + {bishop_slots} bishop = {} attack sets of {slot_bytes} bytes = {} bytes",
        rook_slots + bishop_slots,
        (rook_slots + bishop_slots) * slot_bytes
    ));
    out.push_str(&sizes_line::<MagicBoard>("slider entries and attack table"));
    out.push('\n');
    let mut shown = out.finish();
    shown.adopt_figure_layout(&figure);
    shown
}

/// A piece's attacks and moves: for a slider, each lookup as [`step_by_step`] narrates it (the
/// narration the slider page shows too), drawn as the mask, the blockers and the entry.
pub(crate) fn explain(board: &MagicBoard, sq: Square) -> Result<Explanation, ExplainError> {
    let mut explained = explain_piece(board, sq, "", EN_PASSANT_NOTE, KING_NOTE, |out, piece| {
        out.step(
            "1. slider lookups: index = ((occupied & mask) * magic) >> shift; attacks = table[offset + index]",
        );
        let mut attacks = Bitboard::EMPTY;
        for &slider in Slider::of(piece.role) {
            let lookup = step_by_step(slider, sq, board.occupied());
            let panels = lookup_panels(&lookup, piece.char());
            attacks |= lookup.attacks;
            out.lookup(lookup);
            for panel in panels {
                out.panel(panel);
            }
        }
        attacks
    })?;
    explained.legend(Tone::Focus, "the piece explained");
    explained.legend(Tone::Set, "occupied");
    explained.legend(Tone::Line, "in the mask");
    explained.legend(Tone::Capture, "a blocker (or a capture)");
    explained.legend(Tone::Reach, "attacked (or a move)");
    Ok(explained)
}

/// The four steps of one lookup as panels, read from its narration: occupied, mask, blockers
/// and the entry, with the multiply, shift and slot written under the blockers.
fn lookup_panels(lookup: &Lookup, letter: char) -> Vec<Panel> {
    let value = |label: &str| lookup.step("", label).map_or(0, |step| step.value.bits());
    let sq = lookup.square;
    let (mask, index, offset) = (
        Bitboard(value("mask")),
        value("index = product >> shift"),
        value("offset"),
    );
    let name = lookup.slider.name();
    let with_square = |mut panel: Panel| {
        let (row, column) = Panel::board_position(sq);
        panel.rows[row][column] = svg::Cell::new(letter.to_string(), Tone::Focus);
        panel
    };
    let mut blockers_panel = with_square(Panel::bitboard(
        "2. blockers = occupied & mask".to_string(),
        Bitboard(value("blockers = occupied & mask")),
        Tone::Capture,
    ));
    blockers_panel.notes = vec![
        format!("3. * magic {}", hex64(value("magic"))),
        format!("   = {}", hex64(value("product = blockers * magic"))),
        format!("4. >> {} = index {index}", value("shift")),
        format!("   slot {offset} + {index} = {}", value("slot")),
    ];
    vec![
        with_square(Panel::bitboard(
            format!("{name} lookup from {sq}: occupied"),
            lookup.occupied,
            Tone::Set,
        )),
        with_square(Panel::bitboard(
            format!("1. mask: {} squares", mask.count()),
            mask,
            Tone::Line,
        )),
        blockers_panel,
        with_square(Panel::bitboard(
            "5. the entry: attacks",
            lookup.attacks,
            Tone::Reach,
        )),
    ]
}

/// The panels and legend of `show`: its bitboards and the focus square's magic masks (or,
/// without a focus, every square's mask sizes).
fn show_figure(board: &MagicBoard, focus: Option<Square>) -> Figure {
    let mut figure = Figure::of_position(
            "magic: six role bitboards and two colour bitboards; slider attacks by multiply, shift and lookup", board);
    for role in Role::ALL {
        figure.panels.push(Panel::bitboard(
            format!("roles[{}]", boardlab_views::role_name(role)),
            board.by_role(role),
            Tone::Set,
        ));
    }
    for color in Color::ALL {
        figure.panels.push(Panel::bitboard(
            format!("colors[{color}]"),
            board.by_color(color),
            Tone::Set,
        ));
    }
    figure.legend(Tone::Set, "a bit set");
    match focus {
        Some(sq) => {
            figure.lines.push(format!(
                    "the magic entries of {sq}: a mask, a magic number, a shift and an offset per slider"
                ));
            for slider in [Slider::Rook, Slider::Bishop] {
                let magic = entry(slider, sq);
                let mut panel = Panel::bitboard(
                    format!(
                        "{} mask of {sq}: {} squares",
                        slider.name(),
                        magic.mask.count()
                    ),
                    magic.mask,
                    Tone::Line,
                );
                let (row, column) = Panel::board_position(sq);
                panel.rows[row][column].tone = Tone::Focus;
                panel.notes = vec![
                    format!("magic {}", hex64(magic.magic)),
                    format!(
                        "shift {}, {} slots at {}",
                        magic.shift,
                        magic.len(),
                        magic.offset
                    ),
                ];
                figure.panels.push(panel);
            }
            figure.legend(Tone::Line, "a relevant square of the mask");
            figure.legend(Tone::Focus, format!("the square {sq}"));
        }
        None => {
            for slider in [Slider::Rook, Slider::Bishop] {
                figure.panels.push(Panel::board(
                    format!("{} mask sizes (2^n slots)", slider.name()),
                    |sq| svg::Cell::new(entry(slider, sq).mask.count().to_string(), Tone::Value),
                ));
            }
        }
    }
    figure
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::BoardExt;
    use boardlab_views::Views;

    #[test]
    fn a_lookup_shows_its_slot() {
        let board = MagicBoard::from_fen("4k3/3p4/8/8/3R4/8/3P4/4K3 w - - 0 1").unwrap();
        let text = board.explain(Square::D4).unwrap().to_text();
        let magic = entry(Slider::Rook, Square::D4);
        let index = magic.index(board.occupied());
        assert!(
            text.contains(&format!("slot = {}", magic.offset as usize + index)),
            "{text}"
        );
        assert!(
            text.contains("legal moves from d4 (generate): 11"),
            "{text}"
        );
    }

    #[test]
    fn show_names_the_focus_squares_entries() {
        let board = MagicBoard::from_fen(boardlab_core::START_FEN).unwrap();
        let text = board.show(Some(Square::A1)).to_text();
        assert!(
            text.contains("rook on a1: mask of 12 relevant squares"),
            "{text}"
        );
        assert!(text.contains("slots: 102400 rook + 5248 bishop"), "{text}");
    }
}
