//! Teaching views of the 10x12 mailbox: the 120 cells with their frame, the piece lists, and
//! the ray walks of move generation drawn step by step.

use crate::attack::{is_attacked, Attackers};
use crate::board::MailboxBoard;
use crate::cell::Cell;
use crate::square120::{direction, Sq120};
use boardlab_core::{Board, CastlingSide, Color, Piece, Role, Square};
use boardlab_views::svg::{self, Figure, Panel, Tone};
use boardlab_views::{
    join_lines, legal_moves_step, piece_name, position_header, sizes_line, Explanation, Narration,
    ReachTrace, Reached,
};
use boardlab_views::{ExplainError, Views};
use std::fmt::Write;

/// The playing square of a cell index, or `None` for the frame; computed from the layout
/// (`21 + file + 10 * rank`) so the drawing does not lean on the tables it draws.
fn square_of_index(index: usize) -> Option<Square> {
    let (row, column) = (index / 10, index % 10);
    if (2..10).contains(&row) && (1..9).contains(&column) {
        Square::new(((row - 2) * 8 + column - 1) as u8)
    } else {
        None
    }
}

/// A cell as one character: a FEN letter, `.` for an empty square, `#` for the frame.
fn cell_char(cell: Cell) -> char {
    match cell.piece() {
        Some(piece) => piece.char(),
        None if cell.is_empty() => '.',
        None => '#',
    }
}

/// The cell's byte. `Cell` keeps its byte private, so it is rebuilt here from the layout
/// documented in `cell.rs` (colour bit | role + 1; both colour bits for the frame).
fn cell_byte(cell: Cell) -> u8 {
    match cell.piece() {
        Some(piece) => Cell::color_bit(piece.color) | (piece.role as u8 + 1),
        None if cell.is_empty() => 0,
        None => Cell::color_bit(Color::White) | Cell::color_bit(Color::Black),
    }
}

/// The name of a step on the 10x12 board.
fn step_name(step: i8) -> &'static str {
    match step {
        direction::NORTH => "north",
        direction::SOUTH => "south",
        direction::EAST => "east",
        direction::WEST => "west",
        direction::NORTH_EAST => "north-east",
        direction::NORTH_WEST => "north-west",
        direction::SOUTH_EAST => "south-east",
        direction::SOUTH_WEST => "south-west",
        _ => "knight jump",
    }
}

/// The twelve rows of ten cells, row 11 on top, each row labelled with its first index;
/// `draw(index)` gives each cell's text, padded to `width`.
fn frame_grid(width: usize, draw: impl Fn(usize) -> String) -> Vec<String> {
    let mut lines = Vec::with_capacity(12);
    for row in (0..12).rev() {
        let mut line = format!("{:>3} |", row * 10);
        for column in 0..10 {
            let _ = write!(line, " {:>width$}", draw(row * 10 + column));
        }
        lines.push(line);
    }
    let mut footer = String::from("    +");
    footer.push_str(&"-".repeat((width + 1) * 10));
    lines.push(footer);
    let mut columns = String::from("     ");
    for column in 0..10 {
        let _ = write!(columns, " {column:>width$}");
    }
    lines.push(columns);
    lines
}

/// A cell described in words: `54 d4 empty`, `50 frame`, `84 d7 black pawn`.
fn describe(board: &MailboxBoard, cell: Sq120) -> String {
    let content = board.cells[cell.index()];
    match square_of_index(cell.index()) {
        None => format!("{} frame (byte {:#04x})", cell.index(), cell_byte(content)),
        Some(sq) => match content.piece() {
            None => format!("{} {sq} empty", cell.index()),
            Some(piece) => format!("{} {sq} {}", cell.index(), piece_name(piece)),
        },
    }
}

/// What looking out from the king of the side to move finds, as move generation computes it.
struct Lookout {
    king: Sq120,
    checkers: Vec<Sq120>,
    /// Pinned pieces with the step from the king towards them.
    pins: Vec<(Sq120, i8)>,
    /// The cells a non-king move must land on in single check.
    check_targets: Vec<Sq120>,
    lines: Vec<String>,
}

impl MailboxBoard {
    /// The same walk as the generator's king-safety pass, narrated.
    fn lookout(&self) -> Lookout {
        let us = self.state.turn;
        let them = !us;
        let king = self.king(us);
        let at = |sq: Sq120| self.cells[sq.index()];
        let mut look = Lookout {
            king,
            checkers: Vec::new(),
            pins: Vec::new(),
            check_targets: Vec::new(),
            lines: Vec::new(),
        };
        let ahead = 10 * us.forward();
        for step in [ahead - 1, ahead + 1] {
            if at(king.offset(step)) == Cell::of(them, Role::Pawn) {
                look.checkers.push(king.offset(step));
                look.lines.push(format!(
                    "  {step:+}: {} gives check",
                    describe(self, king.offset(step))
                ));
            }
        }
        for jump in direction::KNIGHT {
            if at(king.offset(jump)) == Cell::of(them, Role::Knight) {
                look.checkers.push(king.offset(jump));
                look.lines.push(format!(
                    "  {jump:+}: {} gives check",
                    describe(self, king.offset(jump))
                ));
            }
        }
        let mut slider_check_step = 0;
        for step in direction::KING {
            let slider = if matches!(step.unsigned_abs(), 1 | 10) {
                Cell::of(them, Role::Rook)
            } else {
                Cell::of(them, Role::Bishop)
            };
            let queen = Cell::of(them, Role::Queen);
            let mut sq = king.offset(step);
            while at(sq).is_empty() {
                sq = sq.offset(step);
            }
            let first = at(sq);
            if first == slider || first == queen {
                look.checkers.push(sq);
                slider_check_step = step;
                look.lines.push(format!(
                    "  {step:+} ({}): {} gives check",
                    step_name(step),
                    describe(self, sq)
                ));
            } else if first.has_piece_of(Cell::color_bit(us)) {
                let mut beyond = sq.offset(step);
                while at(beyond).is_empty() {
                    beyond = beyond.offset(step);
                }
                let second = at(beyond);
                if second == slider || second == queen {
                    look.pins.push((sq, step));
                    look.lines.push(format!(
                        "  {step:+} ({}): {} is pinned by {}",
                        step_name(step),
                        describe(self, sq),
                        describe(self, beyond)
                    ));
                }
            }
        }
        if look.checkers.len() == 1 {
            let checker = look.checkers[0];
            look.check_targets.push(checker);
            if slider_check_step != 0 && at(checker).role().is_slider() {
                let mut sq = king.offset(slider_check_step);
                while sq != checker {
                    look.check_targets.push(sq);
                    sq = sq.offset(slider_check_step);
                }
            }
        }
        look
    }
}

impl MailboxBoard {
    /// Walks a slider's ray from `from` along `step`, as `slide` in the generator does.
    fn walk_ray(&self, from: Sq120, step: i8, us_bit: u8, walk: &mut ReachTrace) {
        let _ = write!(walk.text, "  {step:+} ({}):", step_name(step));
        let mut to = from.offset(step);
        while self.cells[to.index()].is_empty() {
            walk.mark(to.index(), Reached::Empty);
            let _ = write!(walk.text, " {},", describe(self, to));
            to = to.offset(step);
        }
        let cell = self.cells[to.index()];
        if cell.is_open_to(us_bit) {
            walk.mark(to.index(), Reached::Capture);
            let _ = writeln!(walk.text, " {}: capture, stop", describe(self, to));
        } else if cell.piece().is_some() {
            let _ = writeln!(walk.text, " {}: own piece, stop", describe(self, to));
        } else {
            walk.mark(to.index(), Reached::OffBoard);
            let _ = writeln!(
                walk.text,
                " {}: sentinel, stop (off the board)",
                describe(self, to)
            );
        }
    }

    /// One step or jump from `from`, as `step_to` in the generator does.
    fn try_step(&self, from: Sq120, step: i8, us_bit: u8, walk: &mut ReachTrace) {
        let to = from.offset(step);
        let cell = self.cells[to.index()];
        let verdict = if cell.is_empty() {
            walk.mark(to.index(), Reached::Empty);
            "move"
        } else if cell.is_open_to(us_bit) {
            walk.mark(to.index(), Reached::Capture);
            "capture"
        } else if cell.piece().is_some() {
            "own piece, no"
        } else {
            walk.mark(to.index(), Reached::OffBoard);
            "sentinel, no (off the board)"
        };
        let _ = writeln!(walk.text, "  {step:+}: {} -> {verdict}", describe(self, to));
    }

    fn pawn_walk(&self, from: Sq120, us: Color, walk: &mut ReachTrace) {
        let ahead = 10 * us.forward();
        let (start_rank, last_step_rank) = match us {
            Color::White => (1, 6),
            Color::Black => (6, 1),
        };
        let one = from.offset(ahead);
        let verdict = if self.cells[one.index()].is_empty() {
            walk.mark(one.index(), Reached::Empty);
            if from.is_on_rank(last_step_rank) {
                " -> promotion (four moves)"
            } else {
                " -> move"
            }
        } else {
            " -> blocked"
        };
        let _ = writeln!(
            walk.text,
            "  push {ahead:+}: {}{verdict}",
            describe(self, one)
        );
        if from.is_on_rank(start_rank) && self.cells[one.index()].is_empty() {
            let two = one.offset(ahead);
            let free = self.cells[two.index()].is_empty();
            if free {
                walk.mark(two.index(), Reached::Empty);
            }
            let _ = writeln!(
                walk.text,
                "  double push {:+} from the start rank: {} -> {}",
                2 * ahead,
                describe(self, two),
                if free { "move" } else { "blocked" }
            );
        }
        let them_bit = Cell::color_bit(!us);
        for step in [ahead - 1, ahead + 1] {
            let to = from.offset(step);
            let cell = self.cells[to.index()];
            let verdict = if cell.has_piece_of(them_bit) {
                walk.mark(to.index(), Reached::Capture);
                if from.is_on_rank(last_step_rank) {
                    "capture with promotion (four moves)"
                } else {
                    "capture"
                }
            } else if self.state.ep_square.map(Sq120::from_square) == Some(to)
                && us == self.state.turn
            {
                // As the generator does: make the capture on a copy of the cells and look
                // out from the king, since two pawns leave one rank at once.
                let mut after = self.cells;
                let victim = to.offset(-ahead);
                after[from.index()] = Cell::EMPTY;
                after[victim.index()] = Cell::EMPTY;
                after[to.index()] = Cell::of(us, Role::Pawn);
                if is_attacked(&after, self.king(us), Attackers::of(&self.lists, !us)) {
                    "en passant: on a copy with both pawns gone, the king is attacked -> refused"
                } else {
                    walk.mark(to.index(), Reached::Capture);
                    "en passant: on a copy with both pawns gone, the king is safe -> capture"
                }
            } else if cell.piece().is_none() && !cell.is_empty() {
                walk.mark(to.index(), Reached::OffBoard);
                "sentinel, no"
            } else {
                "no enemy piece, no"
            };
            let _ = writeln!(
                walk.text,
                "  capture {step:+}: {} -> {verdict}",
                describe(self, to)
            );
        }
    }

    fn king_walk(&self, from: Sq120, us: Color, walk: &mut ReachTrace) {
        let us_bit = Cell::color_bit(us);
        for step in direction::KING {
            let to = from.offset(step);
            let cell = self.cells[to.index()];
            let verdict = if !cell.is_open_to(us_bit) {
                if cell.piece().is_some() {
                    "own piece, no"
                } else {
                    walk.mark(to.index(), Reached::OffBoard);
                    "sentinel, no"
                }
            } else if is_attacked(&self.cells, to, Attackers::of(&self.lists, !us)) {
                "attacked, no"
            } else {
                let reached = if cell.is_empty() {
                    Reached::Empty
                } else {
                    Reached::Capture
                };
                walk.mark(to.index(), reached);
                if cell.is_empty() {
                    "not attacked -> move"
                } else {
                    "not attacked -> capture"
                }
            };
            let _ = writeln!(
                walk.text,
                "  {step:+} ({}): {} -> {verdict}",
                step_name(step),
                describe(self, to)
            );
        }
        if from.on_board() != CastlingSide::king_from(us) {
            return;
        }
        for side in CastlingSide::ALL {
            let name = side.name();
            if !self.state.castling.has(us, side) {
                let _ = writeln!(walk.text, "  castling {name}: no right");
                continue;
            }
            let blocked: Vec<String> = side
                .empty_squares(us)
                .iter()
                .filter(|&&sq| !self.cells[Sq120::from_square(sq).index()].is_empty())
                .map(ToString::to_string)
                .collect();
            let attacked: Vec<String> = side
                .king_path(us)
                .iter()
                .filter(|&&sq| {
                    is_attacked(
                        &self.cells,
                        Sq120::from_square(sq),
                        Attackers::of(&self.lists, !us),
                    )
                })
                .map(ToString::to_string)
                .collect();
            let verdict = if !blocked.is_empty() {
                format!("{} occupied, no", blocked.join(" "))
            } else if !attacked.is_empty() {
                format!("{} attacked, no", attacked.join(" "))
            } else {
                let landing = Sq120::from_square(side.king_to(us));
                walk.mark(landing.index(), Reached::Empty);
                "path empty and not attacked -> move".to_string()
            };
            let _ = writeln!(walk.text, "  castling {name}: {verdict}");
        }
    }
}

/// The 120 cells as a panel of twelve rows of ten, row 11 on top as in the text view; each
/// cell gets its index in the corner and is coloured as a square of the board or as frame.
/// `mark(index)` overrides the tone of a cell.
fn frame_panel(
    title: &str,
    label: impl Fn(usize) -> String,
    mark: impl Fn(usize) -> Option<Tone>,
) -> Panel {
    let mut panel = Panel::new(title);
    for row in (0..12).rev() {
        let cells = (0..10)
            .map(|column| {
                let index = row * 10 + column;
                let base = match square_of_index(index) {
                    Some(sq) => Tone::of_square(sq),
                    None => Tone::Frame,
                };
                svg::Cell::new(label(index), mark(index).unwrap_or(base))
                    .with_corner(index.to_string())
            })
            .collect();
        panel.rows.push(cells);
        panel.row_labels.push((row * 10).to_string());
    }
    panel.column_labels = (0..10).map(|c| format!("+{c}")).collect();
    panel
}

impl MailboxBoard {
    /// The panels and legend of `show`: the cells, their bytes and the piece lists.
    fn show_figure(&self) -> Figure {
        let mut figure = Figure::of_position(
            "mailbox: 10x12 = 120 cells of one byte; the grey frame is the sentinel",
            self,
        );
        figure.per_row = 1;
        figure.panels.push(frame_panel(
            "cells (a1 is cell 21, h8 cell 98)",
            |i| match cell_char(self.cells[i]) {
                '.' | '#' => String::new(),
                letter => letter.to_string(),
            },
            |_| None,
        ));
        let mut bytes = frame_panel(
            "bytes in hex: bit 4 black, bit 3 white, role + 1",
            |i| format!("{:02x}", cell_byte(self.cells[i])),
            |_| None,
        );
        bytes
            .notes
            .push("the frame's 0x18 sets both colour bits: no side may land there".to_string());
        figure.panels.push(bytes);
        let mut lists = Panel::new("piece lists: the cells of each kind of piece, in list order");
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                let cells = self.lists.squares(Cell::new(piece));
                lists.rows.push(
                    cells
                        .iter()
                        .map(|c| {
                            svg::Cell::new(c.index().to_string(), Tone::Set)
                                .with_corner(c.on_board().to_string())
                        })
                        .collect(),
                );
                lists.row_labels.push(piece.char().to_string());
            }
        }
        figure.panels.push(lists);
        figure.legend(Tone::Frame, "frame cell (sentinel)");
        figure.legend(Tone::Light, "light square");
        figure.legend(Tone::Dark, "dark square");
        figure.legend(Tone::Set, "a list entry: cell index (square in the corner)");
        figure
    }

    /// The panel of the walk over the 120 cells, and the legend of `explain`'s figure.
    fn walk_figure(&self, sq: Square, piece: Piece, walk: &ReachTrace) -> Figure {
        let from = Sq120::from_square(sq);
        let mut figure = Figure::of_position(
            format!(
                "mailbox: the {} on {sq} in cell {}, walking the 120 cells",
                piece_name(piece),
                from.index()
            ),
            self,
        );
        figure.per_row = 2;
        let mark = |index: usize| {
            if index == from.index() {
                return Some(Tone::Focus);
            }
            walk.reached(index).map(Reached::tone)
        };
        let mut walk_panel = frame_panel(
            "the walk: each step adds an offset to the cell index",
            |i| match cell_char(self.cells[i]) {
                '.' | '#' => String::new(),
                letter => letter.to_string(),
            },
            mark,
        );
        walk_panel.notes.push(format!(
            "steps: {}",
            match piece.role {
                Role::Pawn => format!(
                    "{:+} and captures {:+}/{:+}",
                    10 * piece.color.forward(),
                    10 * piece.color.forward() - 1,
                    10 * piece.color.forward() + 1
                ),
                Role::Knight => "-21 -19 -12 -8 +8 +12 +19 +21".to_string(),
                Role::Bishop => "-11 -9 +9 +11, repeated".to_string(),
                Role::Rook => "-10 -1 +1 +10, repeated".to_string(),
                Role::Queen => "-11 -10 -9 -1 +1 +9 +10 +11, repeated".to_string(),
                Role::King => "-11 -10 -9 -1 +1 +9 +10 +11, once".to_string(),
            }
        ));
        figure.panels.push(walk_panel);
        ReachTrace::legend(&mut figure, "a frame cell");
        figure.legend(Tone::Frame, "frame cell (sentinel)");
        figure
    }
}

impl Views for MailboxBoard {
    fn show(&self, focus: Option<Square>) -> Explanation {
        let mut figure = self.show_figure();
        let mut panels = std::mem::take(&mut figure.panels).into_iter();
        let mut out =
            Narration::new("mailbox: 10x12 = 120 cells of one byte; the frame (#) is the sentinel");
        out.square(focus);
        out.push_str(&position_header(self));
        out.step("cells (row 11 on top; a1 is cell 21, h8 cell 98)");
        out.panel(panels.next().unwrap_or_default());
        out.push_str(&join_lines(&frame_grid(1, |i| {
            cell_char(self.cells[i]).to_string()
        })));
        let padding = self.cells.len() - 120;
        if padding > 0 {
            let all_frame = self.cells[120..].iter().all(|&c| cell_char(c) == '#');
            let _ =
                writeln!(
                out,
                "(the array holds {} cells: {padding} more after 119, {}, so that a cell index, \
                 being a byte, needs no bounds check)",
                self.cells.len(),
                if all_frame { "all sentinels" } else { "not all sentinels" }
            );
        }
        out.step("bytes: bit 4 black, bit 3 white, bits 0-2 role + 1 (1 pawn .. 6 king);");
        out.panel(panels.next().unwrap_or_default());
        out.push_str("the sentinel 0x18 sets both colour bits, so `cell & own_colour_bit == 0`\n");
        out.push_str("(may land here) is false on the frame for either side\n");
        out.push_str(&join_lines(&frame_grid(2, |i| {
            format!("{:02x}", cell_byte(self.cells[i]))
        })));
        out.step("piece lists (cells in list order; removing a piece moves the last entry into its slot)");
        out.panel(panels.next().unwrap_or_default());
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                let cells = self.lists.squares(Cell::new(piece));
                let indexes: Vec<String> = cells.iter().map(|c| c.index().to_string()).collect();
                let squares: Vec<String> = cells.iter().map(|c| c.on_board().to_string()).collect();
                let _ = writeln!(
                    out,
                    "  {} {:<13} {:>2}: {}{}",
                    piece.char(),
                    piece_name(piece),
                    cells.len(),
                    indexes.join(" "),
                    if cells.is_empty() {
                        "-".to_string()
                    } else {
                        format!("  ({})", squares.join(" "))
                    }
                );
            }
        }
        out.step(&sizes_line::<MailboxBoard>(
            "lookup tables (64 <-> 120 maps, line steps, slider lines, knight and king reach)",
        ));
        out.finish_with_layout(&figure)
    }

    fn explain(&self, sq: Square) -> Result<Explanation, ExplainError> {
        let piece = self.piece_at(sq).ok_or(ExplainError::EmptySquare(sq))?;
        let from = Sq120::from_square(sq);
        let us = piece.color;
        let us_bit = Cell::color_bit(us);
        let mut out = Narration::new(format!(
            "mailbox: the {} on {sq} stands in cell {} = 21 + file {} + 10 * rank {}, byte {:#04x}",
            piece_name(piece),
            from.index(),
            sq.file().index(),
            sq.rank().index(),
            cell_byte(self.cells[from.index()])
        ));
        out.square(Some(sq));
        let _ = writeln!(out, "{}", position_header(self).trim_end());

        // Step 1: the look out from the king, which decides what legality costs.
        let mut pinned_step = 0;
        let mut look = None;
        if us == self.state.turn {
            let lookout = self.lookout();
            out.step(&format!(
                "1. look out from the {} king in cell {} ({}): 8 rays, 8 knight jumps, 2 pawn cells",
                us,
                lookout.king.index(),
                lookout.king.on_board()
            ));
            if lookout.lines.is_empty() {
                out.push_str("  no check, no pin\n");
            }
            for line in &lookout.lines {
                let _ = writeln!(out, "{line}");
            }
            pinned_step = lookout
                .pins
                .iter()
                .find(|(cell, _)| *cell == from)
                .map_or(0, |&(_, step)| step);
            look = Some(lookout);
        } else {
            out.step(&format!(
                "1. it is {}'s move: the walk below finds this piece's attacks and candidate moves, \
                 but no legal move",
                self.state.turn
            ));
        }

        // Step 2: the piece's own walk over the cells.
        let mut walk = ReachTrace::default();
        let steps: &[i8] = match piece.role {
            Role::Knight => &direction::KNIGHT,
            Role::Bishop => &direction::DIAGONAL,
            Role::Rook => &direction::ORTHOGONAL,
            Role::Queen | Role::King => &direction::KING,
            Role::Pawn => &[],
        };
        match piece.role {
            Role::Pawn => {
                out.step("2. pawn steps (one rank is 10 cells; the frame stops nothing a pawn can reach)");
                self.pawn_walk(from, us, &mut walk);
            }
            Role::Knight => {
                out.step("2. knight jumps: add each offset; the frame catches every jump off the board (two rows deep below and above, one column at each side)");
                for &jump in steps {
                    self.try_step(from, jump, us_bit, &mut walk);
                }
            }
            Role::King => {
                out.step("2. king steps, each target tested with is_attacked (looking out from that cell)");
                self.king_walk(from, us, &mut walk);
            }
            _ => {
                out.step("2. ray walks (pseudo-legal): add the step until a cell is not empty; a piece or the frame ends the ray");
                for &step in steps {
                    self.walk_ray(from, step, us_bit, &mut walk);
                }
            }
        }
        out.push_str(&walk.text);
        walk.mark_squares(&mut out, square_of_index);
        let mut figure = self.walk_figure(sq, piece, &walk);
        for panel in std::mem::take(&mut figure.panels) {
            out.panel(panel);
        }

        // Step 3: what the look out allows.
        if let Some(look) = &look {
            out.step("3. legality");
            if piece.role == Role::King {
                out.push_str("  the king's targets were tested above; in check, the cell straight behind the king\n  on a checking slider's line is refused too (the king hid it from the test)\n");
            } else if look.checkers.len() > 1 {
                out.push_str("  double check: only the king may move\n");
            } else if pinned_step != 0 && !look.checkers.is_empty() {
                out.push_str("  pinned and in check: a pinned piece cannot capture or block the checker, no move\n");
            } else if pinned_step != 0 {
                let along = if piece.role == Role::Pawn {
                    "a pinned pawn keeps only the steps along its pin line"
                } else if steps.contains(&pinned_step) {
                    "only the two rays along the pin are walked, the pinner's capture included"
                } else {
                    "it cannot move along that line, so the generator walks none of its rays"
                };
                let _ = writeln!(
                    out,
                    "  pinned along {:+}/{:+}: {along}",
                    pinned_step, -pinned_step
                );
            } else if look.checkers.len() == 1 {
                let cells: Vec<String> = look
                    .check_targets
                    .iter()
                    .map(|c| format!("{} {}", c.index(), c.on_board()))
                    .collect();
                let _ = writeln!(
                    out,
                    "  in check: a move must land on the checker or between it and the king: {}",
                    cells.join(", ")
                );
            } else {
                out.push_str("  not in check and not pinned: every candidate above is legal\n");
                if piece.role == Role::Pawn && self.state.ep_square.is_some() {
                    out.push_str(
                        "  (en passant was settled above, on its own copy of the cells)\n",
                    );
                }
            }
        }

        out.step(&ReachTrace::text_legend("a frame cell"));
        walk.mark_squares(&mut out, square_of_index);
        out.push_str(&join_lines(&frame_grid(1, |i| {
            if i == from.index() {
                return piece.char().to_string();
            }
            walk.reached(i)
                .map_or_else(|| cell_char(self.cells[i]), Reached::symbol)
                .to_string()
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
    fn the_frame_is_drawn_around_the_board() {
        let board = MailboxBoard::from_fen(boardlab_core::START_FEN).unwrap();
        let text = board.show(None).to_text();
        assert!(text.contains(" 90 | # r n b q k b n r #"), "{text}");
        assert!(text.contains(" 20 | # R N B Q K B N R #"), "{text}");
        assert!(text.contains("110 | # # # # # # # # # #"), "{text}");
        assert!(text.contains("K white king     1: 25  (e1)"), "{text}");
        // The rebuilt bytes are the cells' own: each decodes back to the same cell.
        assert_eq!(cell_byte(Cell::OFF_BOARD), 0x18);
        assert_eq!(cell_byte(Cell::EMPTY), 0);
        assert_eq!(cell_byte(Cell::of(Color::Black, Role::King)), 0x16);
    }

    #[test]
    fn a_rook_walk_stops_at_the_sentinel_and_at_pieces() {
        let board = MailboxBoard::from_fen("4k3/3p4/8/8/3R4/8/3P4/4K3 w - - 0 1").unwrap();
        let text = board.explain(Square::D4).unwrap().to_text();
        assert!(
            text.contains("+10 (north): 64 d5 empty, 74 d6 empty, 84 d7 black pawn: capture, stop"),
            "{text}"
        );
        assert!(text.contains("-1 (west): 53 c4 empty, 52 b4 empty, 51 a4 empty, 50 frame (byte 0x18): sentinel, stop"), "{text}");
        assert!(
            text.contains("-10 (south): 44 d3 empty, 34 d2 white pawn: own piece, stop"),
            "{text}"
        );
        assert!(
            text.contains("legal moves from d4 (generate): 11"),
            "{text}"
        );
    }

    #[test]
    fn a_pinned_piece_is_named_and_an_empty_square_refused() {
        let board = MailboxBoard::from_fen("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
        let text = board.explain(Square::E2).unwrap().to_text();
        assert!(
            text.contains("35 e2 white bishop is pinned by 95 e8 black rook"),
            "{text}"
        );
        assert!(text.contains("legal moves from e2 (generate): 0"), "{text}");
        assert_eq!(
            board.explain(Square::E4).unwrap_err(),
            ExplainError::EmptySquare(Square::E4)
        );
    }
}
