//! The text drawings every backend's views share: 8x8 grids with rank 8 on top and the files
//! lettered underneath, set side by side, and the lines about a board and its sizes.

use boardlab_core::{Bitboard, Board, BoardExt, Piece, Role, Square};

/// The line a representation's `show` ends with: what one board and the shared lookup tables
/// take in memory ([`Board::board_bytes`], [`Board::table_bytes`]), `tables` saying what the
/// tables are.
pub fn sizes_line<B: Board>(tables: &str) -> String {
    format!(
        "board: {} bytes; {tables}: {} bytes",
        B::board_bytes(),
        B::table_bytes()
    )
}

/// The piece's name in words, `"white knight"`.
pub fn piece_name(piece: Piece) -> String {
    format!("{} {}", piece.color, role_name(piece.role))
}

/// A role's name in words, `"knight"`.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// An 8x8 grid, rank 8 on top, each square drawn by `cell`. Cells are right-aligned to the
/// widest one, so multi-character cells (indexes, numbers) line up.
pub fn grid(cell: impl Fn(Square) -> String) -> Vec<String> {
    let cells: Vec<String> = Square::ALL.iter().map(|&sq| cell(sq)).collect();
    let width = cells.iter().map(|c| c.chars().count()).max().unwrap_or(1);
    let mut lines = Vec::with_capacity(9);
    for rank in (0..8).rev() {
        let mut line = format!("{} ", rank + 1);
        for file in 0..8 {
            line.push(' ');
            line.push_str(&pad_left(&cells[rank * 8 + file], width));
        }
        lines.push(line);
    }
    let mut footer = String::from("  ");
    for file in b'a'..=b'h' {
        footer.push(' ');
        footer.push_str(&pad_left(&(file as char).to_string(), width));
    }
    lines.push(footer);
    lines
}

/// A bitboard as a grid: `1` for a square in the set, `.` for one outside it.
pub fn bitboard_grid(set: Bitboard) -> Vec<String> {
    grid(|sq| if set.contains(sq) { "1" } else { "." }.to_string())
}

/// The pieces of a board with some squares marked: `mark(sq)` replaces the square's letter
/// when it returns a character.
pub fn marked_grid<B: Board>(board: &B, mark: impl Fn(Square) -> Option<char>) -> Vec<String> {
    grid(|sq| {
        mark(sq)
            .or_else(|| board.piece_at(sq).map(Piece::char))
            .unwrap_or('.')
            .to_string()
    })
}

/// `lines` under a title line.
pub fn titled(title: impl Into<String>, lines: Vec<String>) -> Vec<String> {
    let mut out = vec![title.into()];
    out.extend(lines);
    out
}

/// Blocks of lines printed beside each other, each padded to its widest line, four spaces
/// apart. Blocks of different heights are padded at the bottom.
pub fn side_by_side(blocks: &[Vec<String>]) -> String {
    const GAP: &str = "    ";
    let widths: Vec<usize> = blocks
        .iter()
        .map(|b| b.iter().map(|l| l.chars().count()).max().unwrap_or(0))
        .collect();
    let height = blocks.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = String::new();
    for row in 0..height {
        let mut line = String::new();
        for (i, block) in blocks.iter().enumerate() {
            if i > 0 {
                line.push_str(GAP);
            }
            let text = block.get(row).map_or("", String::as_str);
            line.push_str(text);
            if i + 1 < blocks.len() {
                let pad = widths[i] - text.chars().count();
                line.push_str(&" ".repeat(pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The lines joined with newlines, one after the last.
pub fn join_lines(lines: &[String]) -> String {
    let mut out = String::new();
    for line in lines {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The FEN and the state beside the placement, as two lines: what every `show` starts with.
pub fn position_header<B: Board>(board: &B) -> String {
    let ep = board
        .ep_square()
        .map_or("-".to_string(), |sq| sq.to_string());
    format!(
        "fen: {}\nside to move: {}   castling: {}   en passant: {}   halfmove clock: {}\n",
        board.to_fen(),
        board.side_to_move(),
        board.castling(),
        ep,
        board.halfmove_clock()
    )
}

/// A 64-bit number as 16 hex digits in four groups, `0x0000_0000_0000_0000`: easier to read
/// against a grid than one long run of digits.
pub fn hex64(value: u64) -> String {
    format!(
        "0x{:04x}_{:04x}_{:04x}_{:04x}",
        value >> 48,
        value >> 32 & 0xffff,
        value >> 16 & 0xffff,
        value & 0xffff
    )
}

fn pad_left(text: &str, width: usize) -> String {
    let len = text.chars().count();
    let mut out = String::with_capacity(width);
    out.push_str(&" ".repeat(width.saturating_sub(len)));
    out.push_str(text);
    out
}

/// Bitboards drawn side by side, each under its title.
pub fn grids(boards: &[(&str, Bitboard)]) -> String {
    let blocks: Vec<Vec<String>> = boards
        .iter()
        .map(|&(title, set)| titled(title, bitboard_grid(set)))
        .collect();
    side_by_side(&blocks)
}

/// A 64-bit number in binary, a space between bytes, the highest byte first.
pub fn binary64(value: u64) -> String {
    let bytes: Vec<String> = (0..8)
        .rev()
        .map(|byte| format!("{:08b}", value >> (8 * byte) & 0xff))
        .collect();
    bytes.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_puts_rank_eight_on_top_and_aligns_wide_cells() {
        let lines = grid(|sq| sq.index().to_string());
        assert_eq!(lines[0], "8  56 57 58 59 60 61 62 63");
        assert_eq!(lines[7], "1   0  1  2  3  4  5  6  7");
        assert_eq!(lines[8], "    a  b  c  d  e  f  g  h");
    }

    #[test]
    fn side_by_side_pads_short_blocks() {
        let a = vec!["ab".to_string(), "c".to_string()];
        let b = vec!["x".to_string(), "y".to_string(), "z".to_string()];
        assert_eq!(side_by_side(&[a, b]), "ab    x\nc     y\n      z\n");
    }

    #[test]
    fn hex_groups_read_left_to_right_from_the_high_bits() {
        assert_eq!(hex64(0x0123_4567_89ab_cdef), "0x0123_4567_89ab_cdef");
    }
}
