//! Teaching views of the rotated-bitboard board: the piece bitboards, the occupancy in its four
//! maps, and a slider's lookups (which map, the shift, the mask, the state, the table entry).

use crate::attacks::{Line, TABLE_BYTES};
use crate::board::RotatedBoard;
use crate::rotation::Rotation;
use boardlab_core::views::{
    bitboard_grid, bitboard_leaper_step, grid, hex64, mask_legality_and_moves, piece_name,
    position_header, side_by_side, titled,
};
use boardlab_core::{Bitboard, Board, Color, ExplainError, Piece, Role, Square};
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

fn line_names(role: Role) -> &'static [Line] {
    match role {
        Role::Rook => &[Line::Rank, Line::File],
        Role::Bishop => &[Line::Diagonal, Line::AntiDiagonal],
        _ => &Line::ALL,
    }
}

/// One slider lookup, narrated: the map, the line's bits, shift, mask, state and entry.
fn narrate_line(board: &RotatedBoard, out: &mut String, sq: Square, line: Line) -> Bitboard {
    let rotation = line.rotation();
    let map = board.lines().board(rotation);
    let slot = line.slot(sq);
    let squares = line.squares(sq);
    let first_bit = rotation.bit(squares[0]);
    let state = line.state(sq, board.lines());
    let attacks = line.attacks_for_state(sq, state);
    let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
    let _ = writeln!(
        out,
        "\n  {} through {sq}: the {} map, bits {}..{}: {}",
        line.name(),
        rotation.name(),
        first_bit,
        first_bit as usize + squares.len() - 1,
        names.join(" ")
    );
    let inner: Vec<Square> = if squares.len() > 2 {
        squares[1..squares.len() - 1].to_vec()
    } else {
        Vec::new()
    };
    let state_bits: Vec<String> = inner
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{s}={}", state >> i & 1))
        .collect();
    let _ = writeln!(
            out,
            "    map {}\n    >> shift {} (bit of the first inner square), & mask {:#08b} = state {} ({:#08b})",
            hex64(map),
            slot.shift,
            slot.mask,
            state,
            state
        );
    let _ = writeln!(
        out,
        "    state bits, lowest first: {}",
        if state_bits.is_empty() {
            "none (a line of one or two squares has no inner square)".to_string()
        } else {
            state_bits.join(" ")
        }
    );
    if inner.contains(&sq) {
        let _ = writeln!(
            out,
            "    ({sq}'s own bit is in the state; the entries are the same with it set or not)"
        );
    }
    let _ = writeln!(
        out,
        "    entry LINE_ATTACKS[{}][{sq}][{state}] = {}",
        line.name(),
        hex64(attacks.0)
    );
    let line_bits: Vec<u8> = squares.iter().map(|&s| rotation.bit(s)).collect();
    let inner_bits: Vec<u8> = inner.iter().map(|&s| rotation.bit(s)).collect();
    let own_bit = rotation.bit(sq);
    out.push_str(&side_by_side(&[
        titled(
            format!("{} map, line marked", rotation.name()),
            map_grid(map, |bit| {
                if bit == own_bit {
                    Some('@')
                } else if inner_bits.contains(&bit) {
                    Some(if map >> bit & 1 != 0 { '#' } else { 'o' })
                } else if line_bits.contains(&bit) {
                    Some('+')
                } else {
                    None
                }
            }),
        ),
        titled("entry (normal map)", bitboard_grid(attacks)),
    ]));
    attacks
}

/// The board drawn: its bitboards and the occupancy in its four maps.
pub(crate) fn show(board: &RotatedBoard, focus: Option<Square>) -> String {
    let mut out = String::from(
            "rotated: a bitboard per piece, and the occupancy kept in four maps (normal, 90, 45 left, 45 right)\n",
        );
    out.push_str(&position_header(board));
    out.push_str("\npiece bitboards (bit = square, a1 bottom left)\n");
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
    out.push_str(
            "\nthe occupancy in its four maps, each u64 drawn as 8 rows of 8 bits (bit 56 top left);\nin each map one kind of line lies in consecutive bits\n",
        );
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
    out.push_str("\nwhere each square goes: the bit of every square in each map\n");
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
        let _ = writeln!(out, "\nthe four lines through {sq}:");
        for line in Line::ALL {
            narrate_line(board, &mut out, sq, line);
        }
    } else {
        out.push_str("\n(add --square SQ to see the four line lookups for a square)\n");
    }
    let _ = writeln!(
            out,
            "\nboard: {} bytes; lookup tables (4 x 64 x 64 line attacks, slots, rotated bits): {} bytes",
            RotatedBoard::board_bytes(),
            TABLE_BYTES
        );
    out
}

/// A piece's attacks and moves, each line lookup narrated.
pub(crate) fn explain(board: &RotatedBoard, sq: Square) -> Result<String, ExplainError> {
    let piece = board.piece_at(sq).ok_or(ExplainError::EmptySquare(sq))?;
    let us = piece.color;
    let own = board.by_color(us);
    let theirs = board.by_color(!us);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "rotated: the {} on {sq} (bit {})",
        piece_name(piece),
        sq.index()
    );
    let _ = writeln!(out, "{}", position_header(board).trim_end());
    let leaper = bitboard_leaper_step(
        board,
        sq,
        board.lines().occupied(),
        theirs,
        "tested on a copy of the four occupancy maps with both pawns moved",
    );
    let reached = match leaper {
        Some((text, reached)) => {
            out.push_str(&text);
            reached
        }
        None => {
            out.push_str(
                "\n1. slider lookups: for each line, (map >> shift) & mask is the state of the line's inner\n   squares, and the state indexes a table of 64 attack sets per square and line\n   (@ the piece, # occupied inner square, o empty inner square, + end square of the line)\n",
            );
            let mut attacks = Bitboard::EMPTY;
            for &line in line_names(piece.role) {
                attacks |= narrate_line(board, &mut out, sq, line);
            }
            let _ = writeln!(
                out,
                "\n  attacks = the union of the {} entries",
                line_names(piece.role).len()
            );
            attacks
        }
    };

    out.push_str(&mask_legality_and_moves(
            board,
            sq,
            reached,
            own,
            board.checkers(),
            board.pinned(),
            "  the king's targets, king_attacks[sq] & !own, are each tested for attackers on the\n  occupancy maps without the king (a toggled copy), so it cannot hide behind itself\n",
        ));
    Ok(out)
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
    use boardlab_core::Views;

    #[test]
    fn a_rook_lookup_names_map_shift_mask_and_state() {
        let board = RotatedBoard::from_fen("4k3/3p4/8/8/3R4/8/3P4/4K3 w - - 0 1").unwrap();
        let text = board.explain(Square::D4).unwrap();
        // The d-file, read from rank 8 down, is bits 24..31 of the map turned 90 degrees left;
        // its inner squares d7..d2 are bits 25..30; d7, the rook's own d4 and d2 are occupied.
        assert!(
            text.contains("file through d4: the rotated 90 left map"),
            "{text}"
        );
        assert!(text.contains("state 41 (0b101001)"), "{text}");
        assert!(
            text.contains("legal moves from d4 (generate): 11"),
            "{text}"
        );
    }

    #[test]
    fn show_draws_all_four_maps() {
        let board = RotatedBoard::from_fen(boardlab_core::START_FEN).unwrap();
        let text = board.show(Some(Square::C1));
        for rotation in Rotation::ALL {
            assert!(text.contains(rotation.name()), "{text}");
        }
        assert!(text.contains("anti-diagonal through c1"), "{text}");
    }
}
