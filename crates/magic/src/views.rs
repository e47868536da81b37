//! Teaching views of the magic-bitboard board: the role and colour bitboards, a square's magic
//! entries (mask, magic, shift, offset), and a slider's lookup step by step: mask, blockers,
//! multiply, shift, index, entry.

use crate::board::MagicBoard;
use crate::magic::{Magic, MagicTables};
use boardlab_bitboard::views::{explain_piece, sliders_of, EN_PASSANT_NOTE, KING_NOTE};
use boardlab_core::views::svg::{self, Figure, Panel, Tone};
use boardlab_core::views::{
    bitboard_grid, grid, hex64, join_lines, piece_name, side_by_side, sizes_line, titled,
};
use boardlab_core::{Bitboard, Board, Color, ExplainError, Role, Square};
use boardlab_sliders::Slider;
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

/// The steps of one lookup, which the text and the SVG views both draw.
struct Lookup {
    magic: &'static Magic,
    blockers: Bitboard,
    product: u64,
    index: usize,
    attacks: Bitboard,
}

impl Lookup {
    /// The lookup of `slider` on `sq` among `occupied`, as the tables make it.
    fn of(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
        let tables = MagicTables::get();
        let magic = entry(slider, sq);
        let blockers = occupied & magic.mask;
        Lookup {
            magic,
            blockers,
            product: blockers.0.wrapping_mul(magic.magic),
            index: magic.index(occupied),
            attacks: match slider {
                Slider::Rook => tables.rook(sq, occupied),
                Slider::Bishop => tables.bishop(sq, occupied),
            },
        }
    }
}

/// One lookup, narrated: mask, blockers, product, index, slot, entry.
fn narrate_lookup(out: &mut String, slider: Slider, sq: Square, occupied: Bitboard) -> Bitboard {
    let Lookup {
        magic,
        blockers,
        product,
        index,
        attacks,
    } = Lookup::of(slider, sq, occupied);
    let _ = writeln!(out, "\n  {} attacks from {sq}", slider.name());
    let _ = writeln!(
        out,
        "    blockers = occupied & mask     = {}\n    product  = blockers * magic    = {}   (magic {})\n    index    = product >> {:<2}        = {index}   (the top {} bits)\n    slot     = offset + index      = {} + {index} = {}",
        hex64(blockers.0),
        hex64(product),
        hex64(magic.magic),
        magic.shift,
        64 - magic.shift,
        magic.offset,
        magic.offset as usize + index
    );
    out.push_str(&side_by_side(&[
        titled("occupied", bitboard_grid(occupied)),
        titled(
            format!("mask ({} squares)", magic.mask.count()),
            bitboard_grid(magic.mask),
        ),
        titled("blockers", bitboard_grid(blockers)),
        titled("entry: attacks", bitboard_grid(attacks)),
    ]));
    attacks
}

/// The board drawn: its bitboards and the focus square's magic entries.
pub(crate) fn show(board: &MagicBoard, focus: Option<Square>) -> String {
    let mut out = String::from(
            "magic: six role bitboards and two colour bitboards; slider attacks by multiply, shift and lookup\n",
        );
    out.push_str(&boardlab_bitboard::views::position_and_sets(board));
    match focus {
        Some(sq) => {
            let _ = writeln!(out, "\nthe magic entries of {sq}");
            for slider in [Slider::Rook, Slider::Bishop] {
                describe_entry(&mut out, slider, sq);
            }
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
        None => out
            .push_str("\n(add --square SQ to see that square's masks, magics and table offsets)\n"),
    }
    out.push_str(
        "\nslice sizes: the relevant squares of each square's mask (the slice holds 2^n slots)\n",
    );
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
    out.push_str(
        "\nwhere each square's slice starts in the one shared table (rooks first, then bishops)\n",
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
    let _ = writeln!(
            out,
            "\nslots: {rook_slots} rook + {bishop_slots} bishop = {} attack sets of {slot_bytes} bytes = {} bytes",
            rook_slots + bishop_slots,
            (rook_slots + bishop_slots) * slot_bytes
        );
    out.push_str(&sizes_line::<MagicBoard>("slider entries and attack table"));
    out.push('\n');
    out
}

/// A piece's attacks and moves, the magic lookup narrated.
pub(crate) fn explain(board: &MagicBoard, sq: Square) -> Result<String, ExplainError> {
    explain_piece(board, sq, "", EN_PASSANT_NOTE, KING_NOTE, |out, piece| {
        out.push_str(
            "\n1. slider lookups: index = ((occupied & mask) * magic) >> shift; attacks = table[offset + index]\n",
        );
        let sliders = sliders_of(piece.role);
        for &slider in sliders {
            describe_entry(out, slider, sq);
        }
        let mut attacks = Bitboard::EMPTY;
        for &slider in sliders {
            attacks |= narrate_lookup(out, slider, sq, board.occupied());
        }
        attacks
    })
}

/// The four steps of one lookup as panels: occupied, mask, blockers and the entry, with the
/// multiply, shift and slot written under the blockers.
fn lookup_panels(slider: Slider, sq: Square, occupied: Bitboard, letter: char) -> Vec<Panel> {
    let lookup = Lookup::of(slider, sq, occupied);
    let (magic, index) = (lookup.magic, lookup.index);
    let name = slider.name();
    let with_square = |mut panel: Panel| {
        let (row, column) = Panel::board_position(sq);
        panel.rows[row][column] = svg::Cell::new(letter.to_string(), Tone::Focus);
        panel
    };
    let mut blockers_panel = with_square(Panel::bitboard(
        "2. blockers = occupied & mask".to_string(),
        lookup.blockers,
        Tone::Capture,
    ));
    blockers_panel.notes = vec![
        format!("3. * magic {}", hex64(magic.magic)),
        format!("   = {}", hex64(lookup.product)),
        format!("4. >> {} = index {index}", magic.shift),
        format!(
            "   slot {} + {index} = {}",
            magic.offset,
            magic.offset as usize + index
        ),
    ];
    vec![
        with_square(Panel::bitboard(
            format!("{name} lookup from {sq}: occupied"),
            occupied,
            Tone::Set,
        )),
        with_square(Panel::bitboard(
            format!("1. mask: {} squares", magic.mask.count()),
            magic.mask,
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

/// The board drawn as SVG: its bitboards and the focus square's magic masks.
pub(crate) fn show_svg(board: &MagicBoard, focus: Option<Square>) -> Figure {
    let mut figure = Figure::of_position(
            "magic: six role bitboards and two colour bitboards; slider attacks by multiply, shift and lookup", board);
    for role in Role::ALL {
        figure.panels.push(Panel::bitboard(
            format!("roles[{}]", boardlab_bitboard::views::role_name(role)),
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

pub(crate) fn explain_svg(board: &MagicBoard, sq: Square) -> Result<Figure, ExplainError> {
    let piece = board.piece_at(sq).ok_or(ExplainError::EmptySquare(sq))?;
    let mut figure = Figure::of_position(
        format!(
            "magic: the {} on {sq}; a slider's attacks are one multiply, one shift and one load",
            piece_name(piece)
        ),
        board,
    );
    let sliders_used = sliders_of(piece.role);
    if sliders_used.is_empty() {
        figure.lines.push(
            "knights, kings and pawns need no magic: their attacks are table entries".to_string(),
        );
    }
    for &slider in sliders_used {
        figure
            .panels
            .extend(lookup_panels(slider, sq, board.occupied(), piece.char()));
    }
    figure.panels.push(svg::legal_moves_panel(board, sq));
    figure.legend(Tone::Focus, "the piece explained");
    figure.legend(Tone::Set, "occupied");
    figure.legend(Tone::Line, "in the mask");
    figure.legend(Tone::Capture, "a blocker (or a capture)");
    figure.legend(Tone::Reach, "attacked (or a move)");
    Ok(figure)
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::Views;

    #[test]
    fn a_lookup_shows_its_slot() {
        let board = MagicBoard::from_fen("4k3/3p4/8/8/3R4/8/3P4/4K3 w - - 0 1").unwrap();
        let text = board.explain(Square::D4).unwrap();
        let magic = entry(Slider::Rook, Square::D4);
        let index = magic.index(board.occupied());
        assert!(
            text.contains(&format!(
                "= {} + {index} = {}",
                magic.offset,
                magic.offset as usize + index
            )),
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
        let text = board.show(Some(Square::A1));
        assert!(
            text.contains("rook on a1: mask of 12 relevant squares"),
            "{text}"
        );
        assert!(text.contains("slots: 102400 rook + 5248 bishop"), "{text}");
    }
}
