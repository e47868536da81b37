//! Teaching views of the 16x16 board: the 256 cells with the frame, the nibbles of a cell,
//! and the difference table around a square.

use crate::difference::{
    entry, BISHOP_BIT, BLACK_PAWN_BIT, KING_BIT, KNIGHT_BIT, QUEEN_BIT, ROOK_BIT, WHITE_PAWN_BIT,
};
use crate::{cell_of, Array16x16Board, Grid16x16, CELLS, FRAME, WIDTH};
use boardlab_arrays::views::{explain, show, ArrayViews};
use boardlab_arrays::{framed_step_words, Dir, Geometry};
use boardlab_core::{Color, Square};
use boardlab_views::{piece_name, ExplainError, Explanation, Narration, Views};
use std::fmt::Write;

impl ArrayViews for Grid16x16 {
    const TITLE: &'static str =
        "16x16: 256 cells, index = (rank + 4) << 4 | (file + 4), a frame of 99 four deep";
    const WIDTH: usize = WIDTH;
    const OFF_BOARD: &'static str = "a frame cell";
    const HEX: bool = true;

    fn step_words(cells: &[i8; CELLS], cell: usize, dir: Dir) -> String {
        framed_step_words(cells, WIDTH as isize, cell, dir, true)
    }
}

/// The letters of an entry's kinds, full: `P` white pawn, `p` black pawn, `N`, `B`, `R`, `Q`,
/// `K`.
const FULL_LETTERS: [(u8, char); 7] = [
    (WHITE_PAWN_BIT, 'P'),
    (BLACK_PAWN_BIT, 'p'),
    (KNIGHT_BIT, 'N'),
    (BISHOP_BIT, 'B'),
    (ROOK_BIT, 'R'),
    (QUEEN_BIT, 'Q'),
    (KING_BIT, 'K'),
];

/// The letters short enough for the grid: `D` a diagonal slider (bishop, queen), `S` a straight
/// one (rook, queen).
const GRID_LETTERS: [(u8, char); 6] = [
    (BISHOP_BIT, 'D'),
    (ROOK_BIT, 'S'),
    (KNIGHT_BIT, 'N'),
    (KING_BIT, 'K'),
    (WHITE_PAWN_BIT, 'P'),
    (BLACK_PAWN_BIT, 'p'),
];

/// The kinds an entry names, in `letters`; `.` for none.
fn kinds(bits: u8, letters: &[(u8, char)]) -> String {
    let text: String = letters
        .iter()
        .filter(|&&(bit, _)| bits & bit != 0)
        .map(|&(_, letter)| letter)
        .collect();
    if text.is_empty() {
        ".".to_string()
    } else {
        text
    }
}

/// The difference table around `sq`: for an attacker `up` ranks and `right` files away, the
/// entry `target - attacker + 119` (the kinds with a queen's or pawn's letters left out, so
/// each fits in two characters: `D` diagonal slider, `S` straight slider).
fn difference_grid(out: &mut Narration, sq: Square) {
    let target = cell_of(sq.index());
    let _ = writeln!(
        out,
        "entry = {target:#04x} - attacker + 119; D bishop and queen, S rook and queen, N knight, K king, P/p pawns"
    );
    for up in (-7..=7isize).rev() {
        let mut line = format!("{up:+3} ");
        for right in -7..=7isize {
            let from = target as isize + up * WIDTH as isize + right;
            let text = if up == 0 && right == 0 {
                "()".to_string()
            } else {
                kinds(entry(from as usize & 0xff, target), &GRID_LETTERS)
            };
            let _ = write!(line, " {text:>3}");
        }
        out.push_str(&line);
        out.push('\n');
    }
}

impl Views for Array16x16Board {
    fn show(&self, focus: Option<Square>) -> Explanation {
        show(self, &self.0, focus, |out| {
            let sq = focus.unwrap_or(Square::E4);
            let cell = cell_of(sq.index());
            out.step(&format!(
                "{sq} is cell {cell:#04x}: rank {cell:#04x} >> 4 - {FRAME} = {}, file {cell:#04x} & 15 - {FRAME} = {}",
                (cell >> 4) - FRAME,
                (cell & 15) - FRAME
            ));
            out.step(&format!("the difference table around {sq}"));
            difference_grid(out, sq);
        })
    }

    fn explain(&self, sq: Square) -> Result<Explanation, ExplainError> {
        explain(self, &self.0, sq, |out| {
            let Some(piece) = self.0.piece_at(sq) else {
                return;
            };
            let from = Grid16x16::cell(sq);
            let king = self.0.king(!piece.color);
            let bits = entry(from, king);
            out.step(&format!(
                "3. the difference table from this {} to the {} king in cell {king:#04x}",
                piece_name(piece),
                match piece.color {
                    Color::White => "black",
                    Color::Black => "white",
                }
            ));
            let _ = writeln!(
                out,
                "  entry {king:#04x} - {from:#04x} + 119 = {} holds {}: {}",
                king + 119 - from,
                kinds(bits, &FULL_LETTERS),
                if bits & crate::difference::code_bits(self.0.cells[from]) != 0 {
                    "this kind attacks along the vector, if the cells between are empty"
                } else {
                    "this kind never attacks along the vector: no walk needed"
                }
            );
        })
    }
}
