//! Teaching views of the attack maps: the cells with their piece numbers, each piece's
//! attacker set as bits and as pieces, and the neighbour table of a square.

use crate::board::{bit, AttackMapBoard, EMPTY, GUARD, SIDE};
use crate::geometry::{cell_of, on_board, square_of, CELLS, STEPS};
use boardlab_core::{Board, Square};
use boardlab_views::svg::{self, Panel, Tone};
use boardlab_views::{
    join_lines, legal_moves_step, piece_name, position_header, sizes_line, Explanation, Marked,
    Narration,
};
use boardlab_views::{ExplainError, Views};
use std::fmt::Write;

/// The directions of [`STEPS`] by name.
const DIRECTION_NAMES: [&str; 8] = [
    "east",
    "north-east",
    "north",
    "north-west",
    "west",
    "south-west",
    "south",
    "south-east",
];

impl AttackMapBoard {
    /// A cell in words: `e4 (cell 88)`, or `guard (cell 171)`.
    fn cell_text(&self, cell: u8) -> String {
        if on_board(cell) {
            match self.occupant(cell) {
                Some(n) => format!(
                    "{} {} (cell {cell}, number {n})",
                    square_of(cell),
                    piece_name(self.piece(n))
                ),
                None => format!("{} empty (cell {cell})", square_of(cell)),
            }
        } else {
            format!("guard (cell {cell})")
        }
    }

    /// A set of piece numbers as its 32 bits, black's half on the left, and as pieces.
    fn set_text(&self, set: u32) -> String {
        let mut pieces = Vec::new();
        let mut rest = set;
        while rest != 0 {
            let n = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let piece = self.piece(n);
            pieces.push(format!(
                "{}{} ({n})",
                piece.char(),
                square_of(self.place[usize::from(n)])
            ));
        }
        let list = if pieces.is_empty() {
            "none".to_string()
        } else {
            pieces.join(" ")
        };
        format!("{:016b} {:016b} = {list}", set >> 16, set & 0xffff)
    }

    /// The twelve rows of sixteen cells, each drawn by `draw`, top row first.
    fn rows(draw: impl Fn(u8) -> String) -> Vec<String> {
        let mut lines = Vec::new();
        for row in (0..CELLS as u8 / 16).rev() {
            let mut line = format!("{:>3} |", row * 16);
            for column in 0..16 {
                let _ = write!(line, " {:>2}", draw(row * 16 + column));
            }
            lines.push(line);
        }
        lines
    }

    /// The 192 cells as a figure panel, top row first, each cell's index in its corner: the
    /// guards in the frame tone, a piece as its letter over its number, `focus` (if a square)
    /// and the cells `reached` toned as such.
    fn cells_panel(&self, title: &str, focus: Option<u8>, reached: &[u8]) -> Panel {
        let mut panel = Panel::new(title);
        for row in (0..CELLS as u8 / 16).rev() {
            let cells = (0..16)
                .map(|column| {
                    let cell = row * 16 + column;
                    let (label, base) = if on_board(cell) {
                        let label = self
                            .occupant(cell)
                            .map_or(String::new(), |n| format!("{}{n}", self.piece(n).char()));
                        (label, Tone::of_square(square_of(cell)))
                    } else {
                        ("#".to_string(), Tone::Frame)
                    };
                    let tone = if Some(cell) == focus {
                        Tone::Focus
                    } else if reached.contains(&cell) {
                        Tone::Reach
                    } else {
                        base
                    };
                    svg::Cell::new(label, tone).with_corner(cell.to_string())
                })
                .collect();
            panel.rows.push(cells);
            panel.row_labels.push((u16::from(row) * 16).to_string());
        }
        panel.column_labels = (0..16).map(|c: u8| c.to_string()).collect();
        panel
    }

    fn narrate_neighbours(&self, out: &mut Narration, cell: u8) {
        for (d, name) in DIRECTION_NAMES.iter().enumerate() {
            let near = self.neighbours[usize::from(cell)][d];
            let _ = writeln!(
                out,
                "{d} {name:<10} step {:>3}: {}",
                STEPS[d],
                self.cell_text(near)
            );
            if on_board(near) {
                out.mark(square_of(near), Marked::Reach);
            }
        }
    }
}

impl Views for AttackMapBoard {
    fn show(&self, focus: Option<Square>) -> Explanation {
        let mut out = Narration::new(
            "attack-maps: 12 rows of 16 cells, cell = 16 * (rank + 2) + file + 4, a rim of guards around",
        );
        out.square(focus);
        out.push_str(&position_header(self));
        let _ = writeln!(out, "{}", sizes_line::<Self>("alignment and step tables"));
        out.step("cells: the piece number on each square (white 0-15, black 16-31, kings 15 and 31), . empty, # guard");
        out.push_str(&join_lines(&Self::rows(|cell| {
            match self.cells[usize::from(cell)] {
                EMPTY => ".".to_string(),
                GUARD => "#".to_string(),
                n => n.to_string(),
            }
        })));
        out.panel(self.cells_panel(
            "cells: each piece's letter and number, # a guard",
            focus.map(cell_of),
            &[],
        ));
        out.step("attacker sets: per piece, the numbers of the pieces attacking it (bit n = piece n; black's half on the left)");
        out.push_str(
            "numbers rank by value, so the lowest bit of a set is its least valuable attacker\n",
        );
        let mut pieces = self.alive;
        while pieces != 0 {
            let n = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let cell = self.place[usize::from(n)];
            let _ = writeln!(
                out,
                "{n:>2} {}{}: {}",
                self.piece(n).char(),
                square_of(cell),
                self.set_text(self.attackers[usize::from(n)])
            );
        }
        if let Some(sq) = focus {
            let cell = cell_of(sq);
            match self.occupant(cell) {
                Some(_) => {
                    out.step(&format!(
                        "neighbour table of {sq}: the nearest piece or guard in each direction"
                    ));
                    self.narrate_neighbours(&mut out, cell);
                    let near = self.neighbours[usize::from(cell)];
                    out.panel(self.cells_panel(
                        &format!("the neighbours of {sq}: the nearest cell each way"),
                        Some(cell),
                        &near,
                    ));
                }
                None => {
                    out.step(&format!(
                        "neighbour table of {sq}: not kept, the square is empty (a piece landing there scans its rays)"
                    ));
                }
            }
        }
        with_legend(out.finish())
    }

    fn explain(&self, sq: Square) -> Result<Explanation, ExplainError> {
        let piece = self.piece_at(sq).ok_or(ExplainError::EmptySquare(sq))?;
        let cell = cell_of(sq);
        let n = self.cells[usize::from(cell)];
        let mut out = Narration::new(format!(
            "attack-maps: the {} on {sq} is piece number {n}, in cell {cell}",
            piece_name(piece)
        ));
        out.square(Some(sq));
        let _ = writeln!(out, "{}", position_header(self).trim_end());

        out.step("1. its neighbour table: the nearest non-empty cell in each direction, kept by make and unmake");
        self.narrate_neighbours(&mut out, cell);
        let own = self.slides[usize::from(n)] | self.touches[usize::from(n)];
        let dirs: Vec<&str> = (0..8)
            .filter(|d| own >> d & 1 != 0)
            .map(|d| DIRECTION_NAMES[d])
            .collect();
        out.push_str(&match dirs.is_empty() {
            true => "a knight jumps: its eight targets are read from the cells\n".to_string(),
            false => format!(
                "it attacks along {}: one table read per direction finds what it hits\n",
                dirs.join(", ")
            ),
        });

        out.step("2. its attacker set: the pieces attacking it, either colour");
        let set = self.attackers[usize::from(n)];
        let _ = writeln!(out, "{}", self.set_text(set));
        let enemies = set & SIDE[!piece.color as usize];
        let _ = writeln!(
            out,
            "enemy attackers {}, defenders {}",
            enemies.count_ones(),
            (set & SIDE[piece.color as usize]).count_ones()
        );
        if enemies != 0 {
            let least = enemies.trailing_zeros() as u8;
            let _ = writeln!(
                out,
                "the lowest enemy bit, number {least}, is the least valuable attacker: {}",
                piece_name(self.piece(least))
            );
        }
        let mut rest = set;
        while rest != 0 {
            let a = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            out.mark(square_of(self.place[usize::from(a)]), Marked::Capture);
        }

        out.step("3. the pieces it attacks: those whose sets hold its bit");
        let mut targets = Vec::new();
        let mut others = self.alive;
        while others != 0 {
            let t = others.trailing_zeros() as u8;
            others &= others - 1;
            if self.attackers[usize::from(t)] & bit(n) != 0 {
                let target = square_of(self.place[usize::from(t)]);
                targets.push(format!("{}{target} ({t})", self.piece(t).char()));
                out.mark(target, Marked::Set);
            }
        }
        let _ = writeln!(
            out,
            "{}",
            if targets.is_empty() {
                "none".to_string()
            } else {
                targets.join(" ")
            }
        );

        legal_moves_step(&mut out, self, sq);
        Ok(with_legend(out.finish()))
    }
}

/// The tones the cell panels use, named under the figure.
fn with_legend(mut explanation: Explanation) -> Explanation {
    explanation.legend(Tone::Frame, "guard cell");
    explanation.legend(Tone::Light, "light square");
    explanation.legend(Tone::Dark, "dark square");
    explanation.legend(Tone::Focus, "the square asked about");
    explanation.legend(Tone::Reach, "a cell reached");
    explanation
}
