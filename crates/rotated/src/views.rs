//! Teaching views of the rotated-bitboard board: the piece bitboards, the occupancy in its four
//! maps, and a slider's lookups (which map, the shift, the mask, the state, the table entry).

use crate::board::RotatedBoard;
use crate::lookup::step_by_step;
use crate::rotation::Rotation;
use boardlab_bitboard::views::explain_piece;
use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, Board, Color, Piece, Role, Square};
use boardlab_views::svg::{self, Figure, Panel, Tone};
use boardlab_views::ExplainError;
use boardlab_views::{
    bitboard_grid, grid, hex64, position_header, side_by_side, sizes_line, titled, Explanation,
    Narration,
};
use std::fmt::Write;

/// A map's 64 bits as an 8x8 grid, bit 56 top left to bit 7 bottom right, the way a normal
/// bitboard is drawn, so the rotated maps show how their lines lie in consecutive bits.
/// `mark(bit)` may replace a bit's `1`/`.`.
fn map_grid(map: u64, mark: impl Fn(u8) -> Option<char>) -> Vec<String> {
    let mut lines = Vec::with_capacity(9);
    for row in (0..8u8).rev() {
        let mut line = format!("{:>2} ", row * 8);
        for column in 0..8u8 {
            let bit = row * 8 + column;
            let c = mark(bit).unwrap_or(if map >> bit & 1 != 0 { '1' } else { '.' });
            line.push(' ');
            line.push(c);
        }
        lines.push(line);
    }
    lines.push("    +0+1+2+3+4+5+6+7".to_string());
    lines
}

/// The board drawn: its bitboards and the occupancy in its four maps.
pub(crate) fn show(board: &RotatedBoard, focus: Option<Square>) -> Explanation {
    let mut figure = maps_figure(
        board,
        "rotated: the occupancy kept in four maps, each with one kind of line in consecutive bits"
            .to_string(),
        focus,
    );
    let mut out = Narration::new(
        "rotated: a bitboard per piece, and the occupancy kept in four maps (normal, 90, 45 left, 45 right)",
    );
    out.square(focus);
    out.push_str(&position_header(board));
    out.step("piece bitboards (bit = square, a1 bottom left)");
    for color in Color::ALL {
        let blocks: Vec<Vec<String>> = Role::ALL
            .iter()
            .map(|&role| {
                let piece = Piece::new(color, role);
                titled(
                    format!("{} ({})", piece.char(), role_plural(role)),
                    bitboard_grid(board.pieces(color, role)),
                )
            })
            .collect();
        out.push_str(&side_by_side(&blocks[..3]));
        out.push_str(&side_by_side(&blocks[3..]));
    }
    out.step(
            "the occupancy in its four maps, each u64 drawn as 8 rows of 8 bits (bit 56 top left);\nin each map one kind of line lies in consecutive bits",
        );
    for panel in std::mem::take(&mut figure.panels) {
        out.panel(panel);
    }
    let maps: Vec<Vec<String>> = Rotation::ALL
        .iter()
        .map(|&rotation| {
            titled(
                rotation.name().to_string(),
                map_grid(board.lines().board(rotation), |_| None),
            )
        })
        .collect();
    out.push_str(&side_by_side(&maps));
    for rotation in Rotation::ALL {
        let _ = writeln!(
            out,
            "  {:<17} {}",
            rotation.name(),
            hex64(board.lines().board(rotation))
        );
    }
    out.step("where each square goes: the bit of every square in each map");
    let index_maps: Vec<Vec<String>> = Rotation::ALL
        .iter()
        .map(|&rotation| {
            titled(
                rotation.name().to_string(),
                grid(|sq| rotation.bit(sq).to_string()),
            )
        })
        .collect();
    out.push_str(&side_by_side(&index_maps[..2]));
    out.push_str(&side_by_side(&index_maps[2..]));
    if let Some(sq) = focus {
        out.step(&format!(
            "the four lines through {sq}: a rook's lookup reads two, a bishop's the other two"
        ));
        for slider in Slider::ALL {
            out.lookup(step_by_step(slider, sq, board.occupied()));
        }
    } else {
        out.step("(add --square SQ to see the four line lookups for a square)");
    }
    out.step(&sizes_line::<RotatedBoard>(
        "lookup tables (4 x 64 x 64 line attacks, slots, rotated bits)",
    ));
    out.finish_with_layout(&figure)
}

/// A piece's attacks and moves: for a slider, each lookup as [`step_by_step`] narrates it (the
/// narration the slider page shows too), with the four occupancy maps drawn, the lines through
/// the piece marked.
pub(crate) fn explain(board: &RotatedBoard, sq: Square) -> Result<Explanation, ExplainError> {
    let mut explained = explain_piece(
        board,
        sq,
        "",
        "tested on a copy of the four occupancy maps with both pawns moved",
        "  the king's targets, king_attacks[sq] & !own, are each tested for attackers on the\n  occupancy maps without the king (a toggled copy), so it cannot hide behind itself\n",
        |out, piece| {
            out.step(
                "1. slider lookups: for each line, (map >> shift) & mask is the state of the line's inner",
            );
            out.push_str(
                "   squares, and the state indexes a table of 64 attack sets per square and line\n",
            );
            let mut attacks = Bitboard::EMPTY;
            for &slider in Slider::of(piece.role) {
                let lookup = step_by_step(slider, sq, board.occupied());
                attacks |= lookup.attacks;
                out.lookup(lookup);
            }
            attacks
        },
    )?;
    let piece = board.piece_at(sq).ok_or(ExplainError::EmptySquare(sq))?;
    let mut figure = maps_figure(board, String::new(), Some(sq));
    if let Some(first) = explained.steps.first_mut() {
        first.notes.push(
            match piece.role {
                Role::Rook => "  a rook reads the normal (rank) and rotated 90 left (file) maps",
                Role::Bishop => "  a bishop reads the two 45-degree maps (its diagonals)",
                Role::Queen => "  a queen reads all four maps",
                _ => "  knights, kings and pawns read no map: their attacks are table entries",
            }
            .to_string(),
        );
        first.panels.append(&mut figure.panels);
    }
    explained.adopt_figure_layout(&figure);
    explained.legend(Tone::Reach, "a move to an empty square");
    explained.legend(Tone::Capture, "a capture");
    Ok(explained)
}

/// Whether `other` lies on the line `rotation` keeps in consecutive bits through `sq`: its
/// rank, file, anti-diagonal or diagonal.
fn on_line(rotation: Rotation, sq: Square, other: Square) -> bool {
    let (f, r) = (sq.file().index() as i32, sq.rank().index() as i32);
    let (of, or) = (other.file().index() as i32, other.rank().index() as i32);
    match rotation {
        Rotation::Normal => r == or,
        Rotation::Left90 => f == of,
        Rotation::Left45 => f + r == of + or,
        Rotation::Right45 => f - r == of - or,
    }
}

/// One occupancy map as 8 rows of 8 bits, bit 56 top left as the text view draws it; each bit
/// labelled with the square it holds. With `focus`, the line through that square which this
/// map keeps in consecutive bits is marked.
fn map_panel(board: &RotatedBoard, rotation: Rotation, focus: Option<Square>) -> Panel {
    let map = board.lines().board(rotation);
    let mut square_of_bit = [Square::A1; 64];
    for sq in Square::ALL {
        square_of_bit[usize::from(rotation.bit(sq))] = sq;
    }
    let mut panel = Panel::new(format!("{}: {}", rotation.name(), hex64(map)));
    for row in (0..8u8).rev() {
        let cells = (0..8u8)
            .map(|column| {
                let bit = row * 8 + column;
                let sq = square_of_bit[usize::from(bit)];
                let set = map >> bit & 1 == 1;
                let tone = match focus {
                    Some(f) if f == sq => Tone::Focus,
                    Some(f) if on_line(rotation, f, sq) => {
                        if set {
                            Tone::Frame
                        } else {
                            Tone::Line
                        }
                    }
                    _ if set => Tone::Set,
                    _ => Tone::Value,
                };
                svg::Cell::new(sq.to_string(), tone).with_corner(bit.to_string())
            })
            .collect();
        panel.rows.push(cells);
        panel.row_labels.push((row * 8).to_string());
    }
    panel.column_labels = (0..8).map(|c| format!("+{c}")).collect();
    panel
}

/// The four occupancy maps, each with the line through `focus` marked.
fn maps_figure(board: &RotatedBoard, title: String, focus: Option<Square>) -> Figure {
    let mut figure = Figure::of_position(title, board);
    figure.lines.push(
            "each map is one u64 drawn as 8 rows of 8 bits; each bit is labelled with the square it holds"
                .to_string(),
        );
    figure.per_row = 2;
    for rotation in Rotation::ALL {
        figure.panels.push(map_panel(board, rotation, focus));
    }
    figure.legend(Tone::Set, "bit set: the square is occupied");
    figure.legend(Tone::Value, "bit clear: the square is empty");
    if let Some(sq) = focus {
        figure.legend(Tone::Focus, format!("{sq} itself"));
        figure.legend(Tone::Line, format!("the line through {sq}, empty"));
        figure.legend(Tone::Frame, format!("the line through {sq}, occupied"));
    }
    figure
}

fn role_plural(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawns",
        Role::Knight => "knights",
        Role::Bishop => "bishops",
        Role::Rook => "rooks",
        Role::Queen => "queens",
        Role::King => "king",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::BoardExt;
    use boardlab_views::Views;

    #[test]
    fn a_rook_lookup_names_map_shift_mask_and_state() {
        let board = RotatedBoard::from_fen("4k3/3p4/8/8/3R4/8/3P4/4K3 w - - 0 1").unwrap();
        let text = board.explain(Square::D4).unwrap().to_text();
        // The d-file, read from rank 8 down, is bits 24..31 of the map turned 90 degrees left;
        // its inner squares d7..d2 are bits 25..30; d7, the rook's own d4 and d2 are occupied.
        assert!(text.contains("the rotated 90 left map"), "{text}");
        assert!(text.contains("state 41"), "{text}");
        assert!(
            text.contains("legal moves from d4 (generate): 11"),
            "{text}"
        );
    }

    #[test]
    fn show_draws_all_four_maps() {
        let board = RotatedBoard::from_fen(boardlab_core::START_FEN).unwrap();
        let text = board.show(Some(Square::C1)).to_text();
        for rotation in Rotation::ALL {
            assert!(text.contains(rotation.name()), "{text}");
        }
        assert!(text.contains("anti-diagonal through c1"), "{text}");
    }
}
