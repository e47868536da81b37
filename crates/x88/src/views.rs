//! Teaching views of the 0x88 board: both halves of the 128 cells, the piece lists whose slots
//! live on the phantom half, the difference table, and the `& 0x88` test at work in a walk.

use crate::attack::attacked;
use crate::board::{pawn_step, X88Board, PAWN_SLOTS};
use crate::difference::{
    attack_bit, vector, BLACK_PAWN_BIT, DIAGONAL_BIT, KING_BIT, KNIGHT_BIT, STRAIGHT_BIT,
    WHITE_PAWN_BIT,
};
use crate::piece::{color_bit, is_slider, kind, pawn_code, piece_of, EMPTY};
use crate::square::Sq88;
use boardlab_core::{Board, CastlingSide, Color, Piece, Role, Square};
use boardlab_views::svg::{self, Figure, Panel, Tone};
use boardlab_views::{
    join_lines, legal_moves_step, piece_name, position_header, sizes_line, Explanation, Narration,
    ReachTrace, Reached,
};
use boardlab_views::{ExplainError, Views};
use std::fmt::Write;

const KNIGHT_STEPS: [i8; 8] = [-33, -31, -18, -14, 14, 18, 31, 33];
const KING_STEPS: [i8; 8] = [-17, -16, -15, -1, 1, 15, 16, 17];
const DIAGONAL_STEPS: [i8; 4] = [-17, -15, 15, 17];
const STRAIGHT_STEPS: [i8; 4] = [-16, -1, 1, 16];

/// The 8 rows of 16 cells, rank 8 on top, each labelled with its first index in hex, a bar
/// between the real and the phantom half.
fn cells_grid(width: usize, draw: impl Fn(u8) -> String) -> Vec<String> {
    let mut lines = Vec::with_capacity(11);
    for rank in (0..8u8).rev() {
        let mut line = format!("{:02x} |", rank * 16);
        for file in 0..16u8 {
            if file == 8 {
                line.push_str(" |");
            }
            let _ = write!(line, " {:>width$}", draw(rank * 16 + file));
        }
        lines.push(line);
    }
    let rule = "-".repeat((width + 1) * 8);
    lines.push(format!("   +{rule}-+{rule}"));
    let mut footer = String::from("    ");
    for file in 0..16u8 {
        if file == 8 {
            footer.push_str("  ");
        }
        let _ = write!(footer, " {:>width$}", format!("{file:x}"));
    }
    lines.push(footer);
    lines
}

/// A cell described in words: `0x34 e4 empty`, `0x38 off the board`.
fn describe(board: &X88Board, cell: Sq88) -> String {
    if cell.is_off_board() {
        return format!(
            "{:#04x} & 0x88 = {:#04x}: off the board",
            cell.0,
            cell.0 & 0x88
        );
    }
    let sq = cell.square();
    match piece_of(board.cells[cell.index()]) {
        None => format!("{:#04x} {sq} empty", cell.0),
        Some(piece) => format!("{:#04x} {sq} {}", cell.0, piece_name(piece)),
    }
}

/// The kinds whose attack bits are set in a difference-table entry, as letters.
fn attacker_letters(bits: u8) -> String {
    let mut text = String::new();
    for (bit, letter) in [
        (WHITE_PAWN_BIT, 'P'),
        (BLACK_PAWN_BIT, 'p'),
        (KNIGHT_BIT, 'N'),
        (KING_BIT, 'K'),
        (DIAGONAL_BIT, 'D'),
        (STRAIGHT_BIT, 'S'),
    ] {
        if bits & bit != 0 {
            text.push(letter);
        }
    }
    if text.is_empty() {
        text.push('.');
    }
    text
}

impl X88Board {
    fn walk_ray(&self, from: Sq88, step: i8, walk: &mut ReachTrace) {
        let us = piece_of(self.cells[from.index()]).map_or(Color::White, |p| p.color);
        let _ = write!(walk.text, "  {step:+}:");
        let mut to = from.offset(step);
        loop {
            if to.is_off_board() {
                if to.0 & 0x08 != 0 && to.0 & 0x80 == 0 {
                    walk.mark(to.index(), Reached::OffBoard);
                }
                let _ = writeln!(walk.text, " {}, stop", describe(self, to));
                return;
            }
            let content = self.cells[to.index()];
            if content == EMPTY {
                walk.mark(to.index(), Reached::Empty);
                let _ = write!(walk.text, " {},", describe(self, to));
            } else if content & color_bit(!us) != 0 {
                walk.mark(to.index(), Reached::Capture);
                let _ = writeln!(walk.text, " {}: capture, stop", describe(self, to));
                return;
            } else {
                let _ = writeln!(walk.text, " {}: own piece, stop", describe(self, to));
                return;
            }
            to = to.offset(step);
        }
    }

    fn try_step(&self, from: Sq88, step: i8, us: Color, walk: &mut ReachTrace) -> Option<Sq88> {
        let to = from.offset(step);
        if to.is_off_board() {
            if to.0 & 0x08 != 0 && to.0 & 0x80 == 0 {
                walk.mark(to.index(), Reached::OffBoard);
            }
            let _ = writeln!(walk.text, "  {step:+}: {}", describe(self, to));
            return None;
        }
        let content = self.cells[to.index()];
        let verdict = if content == EMPTY {
            walk.mark(to.index(), Reached::Empty);
            "move"
        } else if content & color_bit(!us) != 0 {
            walk.mark(to.index(), Reached::Capture);
            "capture"
        } else {
            "own piece, no"
        };
        let _ = writeln!(walk.text, "  {step:+}: {} -> {verdict}", describe(self, to));
        Some(to)
    }

    /// The generator's `king_safety`, narrated enemy piece by enemy piece.
    fn narrate_king_safety(&self, out: &mut Narration) {
        let us = self.state.turn;
        let them = !us;
        let king = self.king(us);
        out.step(&format!(
            "1. checks and pins: each enemy piece is looked up once in the difference table\n   with the vector king - piece + 119 (king on {:#04x} {})",
            king.0,
            king.square()
        ));
        let their_pawn = pawn_code(them);
        for step in [pawn_step(us) - 1, pawn_step(us) + 1] {
            let from = king.offset(step);
            if !from.is_off_board() && self.cells[from.index()] == their_pawn {
                let _ = writeln!(
                    out,
                    "  pawn cell {:+}: {} gives check",
                    step,
                    describe(self, from)
                );
            }
        }
        for &from in self.officers(them) {
            let code = self.cells[from.index()];
            let Some(piece) = piece_of(code) else {
                continue;
            };
            let entry = vector(from, king);
            let index = king.0 as i32 - from.0 as i32 + 119;
            let head = format!(
                "  {} {:#04x} {}: entry {index:>3} has {:<3} the piece is {:<2}",
                piece.char(),
                from.0,
                from.square(),
                attacker_letters(entry.attackers),
                attacker_letters(attack_bit(code))
            );
            if entry.attackers & attack_bit(code) == 0 {
                let _ = writeln!(out, "{head} -> no common bit, no attack");
                continue;
            }
            if !is_slider(kind(code)) {
                let _ = writeln!(out, "{head} -> CHECK");
                continue;
            }
            let step = -entry.step;
            let mut cell = king.offset(step);
            let mut blocker = None;
            let mut verdict = String::new();
            while cell != from {
                let content = self.cells[cell.index()];
                if content != EMPTY {
                    if content & color_bit(us) == 0 {
                        verdict = format!("{} blocks", describe(self, cell));
                        break;
                    }
                    if blocker.is_some() {
                        verdict = "two of ours between".to_string();
                        break;
                    }
                    blocker = Some(cell);
                }
                cell = cell.offset(step);
            }
            if verdict.is_empty() {
                verdict = match blocker {
                    None => "nothing between: CHECK".to_string(),
                    Some(b) => format!(
                        "only {} between: PINNED, slot {} (read from its phantom twin {:#04x})",
                        describe(self, b),
                        self.cells[b.phantom_index()],
                        b.phantom_index()
                    ),
                };
            }
            let _ = writeln!(
                out,
                "{head} -> line, step {step:+} from the king: {verdict}"
            );
        }
    }
}

/// The 128 cells as eight rows of sixteen, rank 8 on top: the real half in the squares'
/// colours, the phantom half (files 8-f) in its own; each cell's hex index in its corner.
/// `mark(index)` overrides the tone of a cell.
fn cells_panel(
    title: &str,
    label: impl Fn(u8) -> String,
    mark: impl Fn(u8) -> Option<Tone>,
) -> Panel {
    let mut panel = Panel::new(title);
    for rank in (0..8u8).rev() {
        let cells = (0..16u8)
            .map(|file| {
                let index = rank * 16 + file;
                let cell = Sq88(index);
                let base = if cell.is_off_board() {
                    Tone::Phantom
                } else {
                    Tone::of_square(cell.square())
                };
                svg::Cell::new(label(index), mark(index).unwrap_or(base))
                    .with_corner(format!("{index:02x}"))
            })
            .collect();
        panel.rows.push(cells);
        panel.row_labels.push(format!("{:02x}", rank * 16));
    }
    panel.column_labels = (0..16).map(|f| format!("{f:x}")).collect();
    panel.divider = Some(8);
    panel
}

/// The whole difference table as a 15x15 grid with the target in the centre: the cell `up`
/// ranks above and `right` files right of it holds the entry for an attacker standing there,
/// index `target - attacker + 119`, the kinds of piece that attack the target from there on
/// an empty board. Given a square, the centre is named after it, and the entries whose attacker
/// would stand off the board as seen from that square are drawn on the phantom tone, so the
/// figure shows which part of the table the square can use.
fn difference_panel(focus: Option<Square>) -> Panel {
    let mut panel = Panel::new(match focus {
        Some(sq) => format!(
            "the difference table around {sq} ({:#04x}): entry {sq} - attacker + 119",
            Sq88::from_square(sq).0
        ),
        None => "the difference table around a target sq: entry sq - attacker + 119".to_string(),
    });
    let centre = focus.map_or_else(|| "sq".to_string(), |sq| sq.to_string());
    for up in (-7..=7i32).rev() {
        let cells = (-7..=7i32)
            .map(|right| {
                let index = 119 - 16 * up - right;
                if up == 0 && right == 0 {
                    return svg::Cell::new(centre.clone(), Tone::Focus)
                        .with_corner(index.to_string());
                }
                // Two cells on the board that lie this far apart.
                let from = Sq88((16 * up.max(0) + right.max(0)) as u8);
                let target = Sq88((16 * (-up).max(0) + (-right).max(0)) as u8);
                let bits = vector(from, target).attackers;
                // Where the attacker of the focus square would stand, and whether that is a
                // square: the same `& 0x88` test the walks use.
                let off_board = focus.is_some_and(|sq| {
                    let cell = i32::from(Sq88::from_square(sq).0) + 16 * up + right;
                    !(0..128).contains(&cell) || cell & 0x88 != 0
                });
                let tone = match (bits == 0, off_board) {
                    (_, true) => Tone::Phantom,
                    (true, false) => Tone::Unused,
                    (false, false) => Tone::Set,
                };
                // An empty entry is drawn blank, its tone alone saying so.
                let label = if bits == 0 {
                    String::new()
                } else {
                    attacker_letters(bits)
                };
                svg::Cell::new(label, tone).with_corner(index.to_string())
            })
            .collect();
        panel.rows.push(cells);
        panel.row_labels.push(format!("{up:+}"));
    }
    panel.column_labels = (-7..=7i32).map(|right| format!("{right:+}")).collect();
    panel.notes.push(
        "each cell: where an attacker stands, in ranks (rows) and files (columns) from the target"
            .to_string(),
    );
    panel.notes.push(
        "N knight, K king, D diagonal slider, S straight slider, P/p white/black pawn; corner: index"
            .to_string(),
    );
    if let Some(sq) = focus {
        panel.notes.push(format!(
            "phantom tone: an attacker of {sq} would stand off the board there, so {sq} never reads that entry"
        ));
    }
    panel
}

impl X88Board {
    /// The panels and legend of `show`: the cells, the piece lists and the difference table.
    fn show_figure(&self, focus: Option<Square>) -> Figure {
        let mut figure = Figure::of_position(
            "x88: 128 cells, 16 to a rank; index = 16 * rank + file; files 8-f are the phantom board", self);
        figure.per_row = 1;
        let mut cells = cells_panel(
            "cells: pieces on the real half; on the phantom half, the list slot of the piece 8 cells left",
            |index| {
                let real = index & !8;
                match piece_of(self.cells[real as usize]) {
                    None => String::new(),
                    Some(piece) if index & 8 == 0 => piece.char().to_string(),
                    Some(_) => self.cells[index as usize].to_string(),
                }
            },
            |index| (focus.map(|sq| Sq88::from_square(sq).0) == Some(index)).then_some(Tone::Focus),
        );
        cells.notes.push(
            "a step leaves the board exactly when the cell index has a bit of 0x88 set".to_string(),
        );
        figure.panels.push(cells);
        let mut lists =
            Panel::new("piece lists: slot 0 the king, 1-15 the other pieces, 16-23 the pawns");
        for color in Color::ALL {
            for (cells, first) in [(self.officers(color), 0), (self.pawns(color), PAWN_SLOTS)] {
                lists.rows.push(
                    cells
                        .iter()
                        .enumerate()
                        .map(|(i, &cell)| {
                            let letter =
                                piece_of(self.cells[cell.index()]).map_or('?', Piece::char);
                            svg::Cell::new(format!("{letter}{}", cell.square()), Tone::Set)
                                .with_corner((first + i).to_string())
                        })
                        .collect(),
                );
                lists.row_labels.push(format!("{} {first}-", color.name()));
            }
        }
        figure.panels.push(lists);
        figure.panels.push(difference_panel(focus));
        figure.legend(Tone::Light, "light square");
        figure.legend(Tone::Dark, "dark square");
        figure.legend(
            Tone::Phantom,
            "phantom half (index & 0x08), or an entry whose attacker would be off the board",
        );
        figure.legend(Tone::Set, "a list slot, or a table entry that attacks");
        figure.legend(Tone::Unused, "an entry no piece attacks along");
        figure.legend(Tone::Focus, "the square (difference 0 in the table)");
        figure
    }

    /// The panel of the walk over the 128 cells, and the legend of `explain`'s figure.
    fn walk_figure(&self, sq: Square, piece: Piece, walk: &ReachTrace) -> Figure {
        let from = Sq88::from_square(sq);
        let mut figure = Figure::of_position(
            format!(
                "x88: the {} on {sq} in cell {:#04x}, stepping over the 128 cells",
                piece_name(piece),
                from.0
            ),
            self,
        );
        figure.per_row = 1;
        let mut cells = cells_panel(
            "the steps: a cell with a bit of 0x88 set is off the board",
            |index| {
                if index & 8 == 0 {
                    piece_of(self.cells[index as usize])
                        .map_or(String::new(), |p| p.char().to_string())
                } else {
                    String::new()
                }
            },
            |index| {
                if index == from.0 {
                    return Some(Tone::Focus);
                }
                walk.reached(usize::from(index)).map(Reached::tone)
            },
        );
        if piece.role == Role::Pawn {
            cells.notes.push(
                "a pawn steps +-16, and +-15/+-17 to capture; its moves are drawn below"
                    .to_string(),
            );
        } else if piece.role == Role::King {
            cells.notes.push(
                "the king's steps before the attack test; the legal ones are drawn below"
                    .to_string(),
            );
        }
        figure.panels.push(cells);
        ReachTrace::legend(&mut figure, "a phantom cell");
        figure.legend(Tone::Phantom, "phantom half");
        figure
    }
}

impl Views for X88Board {
    fn show(&self, focus: Option<Square>) -> Explanation {
        let mut figure = self.show_figure(focus);
        let mut panels = std::mem::take(&mut figure.panels).into_iter();
        let mut out = Narration::new(
            "x88: 128 cells, 16 to a rank; index = 16 * rank + file; files 8-f are the phantom board",
        );
        out.square(focus);
        out.push_str(&position_header(self));
        out.step("cells: pieces on the real half; on the phantom half, 8 cells right of each piece, its list slot");
        out.push_str("(the phantom cells of empty squares are never read and drawn as .)\n");
        out.panel(panels.next().unwrap_or_default());
        out.push_str(&join_lines(&cells_grid(2, |index| {
            let content = self.cells[index as usize];
            if index & 8 == 0 {
                piece_of(content).map_or(".".to_string(), |p| p.char().to_string())
            } else if piece_of(self.cells[(index & !8) as usize]).is_some() {
                content.to_string()
            } else {
                ".".to_string()
            }
        })));
        out.step(
            "codes on the real half, micro-Max's: kind 1 white pawn 2 black pawn 3 knight 4 king 5 bishop\n6 rook 7 queen, + 8 white or 16 black, + 32 for a king or castling rook that has not moved",
        );
        out.push_str(&join_lines(&cells_grid(2, |index| {
            if index & 8 == 0 {
                self.cells[index as usize].to_string()
            } else {
                String::new()
            }
        })));
        out.step("piece lists: slot 0 the king, 1-15 the other pieces, 16-23 the pawns");
        out.panel(panels.next().unwrap_or_default());
        for color in Color::ALL {
            let describe_slots = |cells: &[Sq88], first: usize| -> String {
                cells
                    .iter()
                    .enumerate()
                    .map(|(i, &cell)| {
                        let letter = piece_of(self.cells[cell.index()]).map_or('?', Piece::char);
                        format!("{}:{letter}{}", first + i, cell.square())
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let _ = writeln!(
                out,
                "  {:<5} {}\n        {}",
                color.name(),
                describe_slots(self.officers(color), 0),
                describe_slots(self.pawns(color), PAWN_SLOTS)
            );
        }
        match focus {
            Some(sq) => {
                let target = Sq88::from_square(sq);
                out.step(&format!(
                    "the difference table seen from {sq} ({:#04x}): the entry for {sq} - cell + 119 names the kinds\nthat attack {sq} from each cell on an empty board (N knight, K king, D diagonal slider,\nS straight slider, P/p white/black pawn)",
                    target.0
                ));
                out.panel(panels.next().unwrap_or_default());
                out.push_str(&join_lines(&cells_grid(3, |index| {
                    let from = Sq88(index);
                    if from.is_off_board() {
                        String::new()
                    } else if from == target {
                        sq.to_string()
                    } else {
                        attacker_letters(vector(from, target).attackers)
                    }
                })));
            }
            None => {
                out.step(
                    "(add --square SQ to see the difference table's entries for attacks on that square)",
                );
                out.panel(panels.next().unwrap_or_default());
            }
        }
        out.step(&sizes_line::<X88Board>("lookup tables (difference, attack bits, near-king and castling reach, knight targets, steps)"));
        out.finish_with_layout(&figure)
    }

    fn explain(&self, sq: Square) -> Result<Explanation, ExplainError> {
        let piece = self.piece_at(sq).ok_or(ExplainError::EmptySquare(sq))?;
        let from = Sq88::from_square(sq);
        let us = piece.color;
        let mut out = Narration::new(format!(
            "x88: the {} on {sq} stands in cell {:#04x} = 16 * rank {} + file {}, code {}, list slot {}",
            piece_name(piece),
            from.0,
            sq.rank().index(),
            sq.file().index(),
            self.cells[from.index()],
            self.cells[from.phantom_index()]
        ));
        out.square(Some(sq));
        let _ = writeln!(out, "{}", position_header(self).trim_end());
        let safety = (us == self.state.turn).then(|| self.king_safety());
        if safety.is_some() {
            self.narrate_king_safety(&mut out);
        } else {
            out.step(&format!(
                "1. it is {}'s move: below are this piece's candidate moves, none of them legal now",
                self.state.turn
            ));
        }

        let mut walk = ReachTrace::default();
        match piece.role {
            Role::Pawn => {
                out.step("2. pawn steps: +-16 a rank, +-15/+-17 the captures");
                let up = pawn_step(us);
                let ahead = from.offset(up);
                let free = !ahead.is_off_board() && self.cells[ahead.index()] == EMPTY;
                let promotes = ahead.rank() == if us == Color::White { 7 } else { 0 };
                if free {
                    walk.mark(ahead.index(), Reached::Empty);
                }
                let _ = writeln!(
                    walk.text,
                    "  push {up:+}: {} -> {}",
                    describe(self, ahead),
                    match (free, promotes) {
                        (false, _) => "blocked",
                        (true, true) => "promotion (four moves)",
                        (true, false) => "move",
                    }
                );
                if free && from.rank() == if us == Color::White { 1 } else { 6 } {
                    let two = ahead.offset(up);
                    let free2 = self.cells[two.index()] == EMPTY;
                    if free2 {
                        walk.mark(two.index(), Reached::Empty);
                    }
                    let _ = writeln!(
                        walk.text,
                        "  double push {:+}: {} -> {}",
                        2 * up,
                        describe(self, two),
                        if free2 { "move" } else { "blocked" }
                    );
                }
                for step in [up - 1, up + 1] {
                    let to = from.offset(step);
                    let verdict = if to.is_off_board() {
                        if to.0 & 0x80 == 0 {
                            walk.mark(to.index(), Reached::OffBoard);
                        }
                        "no".to_string()
                    } else if self.cells[to.index()] & color_bit(!us) != 0 {
                        walk.mark(to.index(), Reached::Capture);
                        if promotes {
                            "capture with promotion (four moves)".to_string()
                        } else {
                            "capture".to_string()
                        }
                    } else if self.state.ep_square == Some(to.square()) && us == self.state.turn {
                        let mut after = self.cells;
                        after[from.index()] = EMPTY;
                        after[to.offset(-up).index()] = EMPTY;
                        after[to.index()] = pawn_code(us);
                        let king = self.king(us);
                        if attacked(&after, self.officers(!us), king, !us, Sq88::NONE) {
                            "en passant: on a copy of the cells with both pawns moved, the king is attacked -> refused".to_string()
                        } else {
                            walk.mark(to.index(), Reached::Capture);
                            "en passant: on a copy of the cells with both pawns moved, the king is safe -> capture".to_string()
                        }
                    } else {
                        "no enemy piece".to_string()
                    };
                    let _ = writeln!(
                        walk.text,
                        "  capture {step:+}: {} -> {verdict}",
                        describe(self, to)
                    );
                }
            }
            Role::Knight => {
                out.step("2. knight jumps: add the step, then one test, cell & 0x88");
                for step in KNIGHT_STEPS {
                    self.try_step(from, step, us, &mut walk);
                }
            }
            Role::King => {
                out.step("2. king steps, each target tested with the king lifted off its cell");
                for step in KING_STEPS {
                    let Some(to) = self.try_step(from, step, us, &mut walk) else {
                        continue;
                    };
                    if self.cells[to.index()] & color_bit(us) == 0
                        && attacked(&self.cells, self.officers(!us), to, !us, from)
                    {
                        walk.unmark(to.index());
                        let _ = writeln!(walk.text, "      but {} is attacked: no", to.square());
                    }
                }
                if from.square() == CastlingSide::king_from(us) {
                    for side in CastlingSide::ALL {
                        let allowed = self.state.castling.has(us, side)
                            && side
                                .empty_squares(us)
                                .iter()
                                .all(|&s| self.piece_at(s).is_none())
                            && side.king_path(us).iter().all(|&s| {
                                !attacked(
                                    &self.cells,
                                    self.officers(!us),
                                    Sq88::from_square(s),
                                    !us,
                                    Sq88::NONE,
                                )
                            });
                        let _ = writeln!(
                            walk.text,
                            "  castling {}: {}",
                            side.name(),
                            if allowed {
                                "right held, cells between empty, king's path not attacked -> move"
                            } else {
                                "no (no right, a cell between occupied, or the king's path attacked)"
                            }
                        );
                    }
                }
            }
            _ => {
                out.step(
                    "2. ray walks: add the step until cell & 0x88 != 0 (off the board) or a piece",
                );
                let steps: &[i8] = match piece.role {
                    Role::Bishop => &DIAGONAL_STEPS,
                    Role::Rook => &STRAIGHT_STEPS,
                    _ => &KING_STEPS,
                };
                for &step in steps {
                    self.walk_ray(from, step, &mut walk);
                }
            }
        }
        out.push_str(&walk.text);
        let square_of = |cell: usize| {
            let cell = Sq88(u8::try_from(cell).ok()?);
            (!cell.is_off_board()).then(|| cell.square())
        };
        walk.mark_squares(&mut out, square_of);
        let mut figure = self.walk_figure(sq, piece, &walk);
        for panel in std::mem::take(&mut figure.panels) {
            out.panel(panel);
        }

        if let Some(safety) = &safety {
            out.step("3. legality");
            let slot = self.cells[from.phantom_index()] as usize;
            let pin = if piece.role == Role::King {
                0
            } else {
                safety.pins[slot % safety.pins.len()]
            };
            if piece.role == Role::King {
                out.push_str(
                    "  king targets were tested above; castling needs the king not in check\n",
                );
            } else if safety.checkers > 1 {
                out.push_str("  double check: only the king moves\n");
            } else if pin != 0 && safety.checkers == 1 {
                out.push_str("  pinned and in check: no move along the pin can answer the check\n");
            } else if pin != 0 {
                let _ = writeln!(
                    out,
                    "  pinned (slot {slot}): only steps {pin:+}/{:+}, along the pin, are allowed{}",
                    -pin,
                    if piece.role == Role::Knight {
                        "; a knight has no such step, so none"
                    } else {
                        ""
                    }
                );
            } else if safety.checkers == 1 {
                let _ = writeln!(
                    out,
                    "  in single check from {}: a move must capture it or land between it and the king;\n  the generator asks the difference table, for each such cell, whether this piece reaches it",
                    safety.checker.square()
                );
            } else {
                out.push_str("  not in check and not pinned: every candidate above is legal\n");
            }
        }

        out.step(&ReachTrace::text_legend("a phantom cell"));
        walk.mark_squares(&mut out, square_of);
        out.push_str(&join_lines(&cells_grid(1, |index| {
            if index == from.0 {
                return piece.char().to_string();
            }
            if let Some(reached) = walk.reached(usize::from(index)) {
                return reached.symbol().to_string();
            }
            if index & 8 == 0 {
                piece_of(self.cells[index as usize])
                    .map_or('.', Piece::char)
                    .to_string()
            } else {
                " ".to_string()
            }
        })));
        legal_moves_step(&mut out, self, sq);
        Ok(out.finish_with_layout(&figure))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::BoardExt;

    #[test]
    fn both_halves_are_drawn_with_slots_on_the_phantom_half() {
        let board = X88Board::from_fen(boardlab_core::START_FEN).unwrap();
        let text = board.show(Some(Square::E4)).to_text();
        // The white king is slot 0; its phantom twin, cell 0x0c, says so.
        assert!(text.contains("00 |  R  N  B  Q  K  B  N  R |  "), "{text}");
        assert!(text.contains("0:Ke1"), "{text}");
    }

    #[test]
    fn the_difference_table_names_the_square_it_is_seen_from() {
        let board = X88Board::from_fen(boardlab_core::START_FEN).unwrap();
        for (sq, row) in [
            // e4's row of the text grid: the queen-side squares see it along the rank (S), d4
            // and f4 as a king too (KS), and the phantom half is blank.
            (Square::E4, "30 |   S   S   S  KS  e4  KS   S   S |"),
            (Square::A1, "00 |  a1  KS   S   S   S   S   S   S |"),
        ] {
            let text = board.show(Some(sq)).to_text();
            assert!(text.contains(row), "{sq}: {text}");
            assert!(!text.contains("()"), "{sq}: {text}");
            let svg = board.show(Some(sq)).to_svg();
            assert!(
                svg.contains(&format!(">{sq}<")) && !svg.contains(">()<"),
                "{sq}: the centre of the table is not named"
            );
            assert!(
                svg.contains(&format!("the difference table around {sq}")),
                "{sq}"
            );
        }
        // Without a square the centre stands for any target.
        let svg = board.show(None).to_svg();
        assert!(svg.contains(">sq<") && !svg.contains(">()<"));
    }

    #[test]
    fn a_walk_stops_on_the_phantom_half() {
        let board = X88Board::from_fen("4k3/8/8/8/7R/8/8/4K3 w - - 0 1").unwrap();
        let text = board.explain(Square::H4).unwrap().to_text();
        assert!(
            text.contains("+1: 0x38 & 0x88 = 0x08: off the board, stop"),
            "{text}"
        );
        assert!(
            text.contains("legal moves from h4 (generate): 14"),
            "{text}"
        );
    }

    #[test]
    fn a_pin_is_found_through_the_difference_table() {
        let board = X88Board::from_fen("4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1").unwrap();
        let text = board.explain(Square::D2).unwrap().to_text();
        assert!(text.contains("PINNED"), "{text}");
        assert!(text.contains("legal moves from d2 (generate): 0"), "{text}");
    }
}
