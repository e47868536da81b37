//! Teaching views of the piece-list board: the two lists as they lie in memory, the word-wide
//! scan that answers "what stands here", and move generation narrated with the scans it costs.

use crate::attacks::{file, rank, Line};
use crate::list::{PieceList, NO_SQUARE};
use crate::movegen::{BOTH, DIAGONAL, KING_STEPS, KNIGHT_STEPS, ORTHOGONAL};
use crate::{PieceListBoard, NOTHING_IGNORED};
use boardlab_core::{Board, CastlingSide, Color, Move, MoveFlag, Piece, Role, Square};
use boardlab_views::svg::{self, Figure, Panel, Tone};
use boardlab_views::{
    grid, hex64, join_lines, legal_moves_step, piece_name, position_header, sizes_line, Explanation,
};
use boardlab_views::{ExplainError, Views};
use std::fmt::Write;

/// The 16 square bytes of a list, unused slots included (they hold [`NO_SQUARE`]).
fn raw_squares(list: &PieceList) -> [u8; PieceList::CAPACITY] {
    let mut bytes = [NO_SQUARE; PieceList::CAPACITY];
    for (index, byte) in bytes.iter_mut().enumerate() {
        *byte = list.square(index);
    }
    bytes
}

fn square_name(sq: u8) -> String {
    Square::new(sq).map_or("--".to_string(), |s| s.to_string())
}

/// A list as three rows: slot numbers, role letters and squares.
fn list_table(out: &mut String, color: Color, list: &PieceList) {
    let mut slots = String::from("    slot  ");
    let mut roles = format!("    {:<6}", color.name());
    let mut squares = String::from("    square");
    let mut bytes = String::from("    byte  ");
    for (index, raw) in raw_squares(list).into_iter().enumerate() {
        let _ = write!(slots, " {index:>3}");
        if index < list.len() {
            let (role, _) = list.entry(index);
            let letter = Piece::new(color, role).char();
            let _ = write!(roles, " {letter:>3}");
        } else {
            roles.push_str("   -");
        }
        let _ = write!(squares, " {:>3}", square_name(raw));
        let _ = write!(bytes, " {raw:>3}");
    }
    let _ = writeln!(out, "{slots}\n{roles}\n{squares}\n{bytes}");
    let _ = writeln!(
        out,
        "    len {}; unused slots hold {NO_SQUARE} ({NO_SQUARE:#04x}), which equals no square",
        list.len()
    );
}

/// The scan behind "which entry stands on `sq`", drawn word by word as `PieceList::find` does
/// it.
fn draw_find(out: &mut String, color: Color, list: &PieceList, sq: u8) {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let splat = u64::from(sq) * 0x0101_0101_0101_0101;
    let raw = raw_squares(list);
    let _ = writeln!(out, "  {} list:", color.name());
    let mut found = None;
    for (half, chunk) in raw.chunks(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(chunk);
        let word = u64::from_le_bytes(bytes);
        let x = word ^ splat;
        let zero_bytes = !(((x & LOW7) + LOW7) | x | LOW7);
        let _ = writeln!(
            out,
            "    slots {:>2}-{:<2} word       {}\n                ^ splat    {}\n                = x        {}\n                zero bytes {}  = !(((x & 0x7f..) + 0x7f..) | x | 0x7f..)",
            half * 8,
            half * 8 + 7,
            hex64(word),
            hex64(splat),
            hex64(x),
            hex64(zero_bytes)
        );
        if found.is_none() && zero_bytes != 0 {
            found = Some(half * 8 + (zero_bytes.trailing_zeros() / 8) as usize);
        }
    }
    match found {
        Some(index) => {
            let _ = writeln!(
                out,
                "    first zero byte -> slot {index}: {}",
                piece_name(Piece::new(color, list.role(index)))
            );
        }
        None => out.push_str("    no zero byte -> not in this list\n"),
    }
    debug_assert_eq!(found.unwrap_or(16).min(16), list.find(sq).min(16));
}

impl PieceListBoard {
    /// The two lists as they lie in memory, sixteen slots each: the role letter and square of
    /// each entry, the slot number in the corner, unused slots holding `0xff`. `focus` picks
    /// the entry on that square, if any.
    fn lists_panel(&self, focus: Option<Square>) -> Panel {
        let mut panel = Panel::new("the two lists: (role, square) in slots 0-15, king in slot 0");
        for color in Color::ALL {
            let list = self.list(color);
            let cells = raw_squares(list)
                .into_iter()
                .enumerate()
                .map(|(index, raw)| {
                    if index < list.len() {
                        let (role, _) = list.entry(index);
                        let letter = Piece::new(color, role).char();
                        let tone = if Square::new(raw) == focus {
                            Tone::Focus
                        } else {
                            Tone::Set
                        };
                        svg::Cell::new(format!("{letter}{}", square_name(raw)), tone)
                            .with_corner(index.to_string())
                    } else {
                        svg::Cell::new(format!("{raw:02x}"), Tone::Unused)
                            .with_corner(index.to_string())
                    }
                })
                .collect();
            panel.rows.push(cells);
            panel.row_labels.push(color.name().to_string());
        }
        panel.column_labels = (0..PieceList::CAPACITY).map(|i| i.to_string()).collect();
        panel.notes.push(format!(
            "white: {} entries, black: {}; removing a piece moves the last entry into its slot",
            self.list(Color::White).len(),
            self.list(Color::Black).len()
        ));
        panel
    }

    /// The board a reader sees, which is not stored: each square names the list entry found
    /// there by a scan of both lists (`w3` = white slot 3).
    fn scan_panel(&self, focus: Option<Square>) -> Panel {
        Panel::board(
            "the board is not stored: each square is a scan (w3 = white slot 3)",
            |sq| {
                let mut cell = svg::Cell::new("", Tone::of_square(sq));
                for color in Color::ALL {
                    if let Some(index) = self.list(color).index_of(sq) {
                        let side = if color == Color::White { 'w' } else { 'b' };
                        cell.text = format!("{side}{index}");
                    }
                }
                if Some(sq) == focus {
                    cell.tone = Tone::Focus;
                }
                cell
            },
        )
    }
}

impl PieceListBoard {
    /// The panels and legend of `show`: the lists and the scans that stand in for a board.
    fn show_figure(&self, focus: Option<Square>) -> Figure {
        let mut figure = Figure::of_position(
            "piece-list: two lists of up to 16 (role, square) entries; no board array",
            self,
        );
        figure.per_row = 1;
        figure.panels.push(self.lists_panel(focus));
        figure.panels.push(self.scan_panel(focus));
        figure.legend(Tone::Set, "a used slot: role and square");
        figure.legend(Tone::Unused, "an unused slot, holding 0xff");
        if let Some(sq) = focus {
            figure.legend(Tone::Focus, format!("the entry on {sq}"));
        }
        figure
    }

    /// The panels of `explain`'s moves step (the lists every target is scanned in), and the
    /// legend of its figure.
    fn lists_figure(&self, sq: Square, piece: Piece) -> Figure {
        let slot = self.list(piece.color).index_of(sq).unwrap_or(0);
        let mut figure = Figure::of_position(
            format!(
                "piece-list: the {} on {sq} is slot {slot} of {}'s list",
                piece_name(piece),
                piece.color
            ),
            self,
        );
        figure.per_row = 1;
        let mut lists = self.lists_panel(Some(sq));
        lists.notes.push(
            "every target below was tested for a piece by scanning these lists, not by reading a board"
                .to_string(),
        );
        figure.panels.push(lists);
        figure.panels.push(self.scan_panel(Some(sq)));
        svg::explain_legend(&mut figure);
        figure.legend(Tone::Set, "a used list slot");
        figure.legend(Tone::Unused, "an unused slot, holding 0xff");
        figure
    }
}

impl Views for PieceListBoard {
    fn show(&self, focus: Option<Square>) -> Explanation {
        let mut figure = self.show_figure(focus);
        let mut panels = std::mem::take(&mut figure.panels).into_iter();
        let mut out = boardlab_views::Narration::new(
            "piece-list: two lists of up to 16 (role, square) entries, king in slot 0; no board array",
        );
        out.square(focus);
        out.push_str(&position_header(self));
        out.step("the lists as they lie in memory (squares and roles are parallel arrays)");
        out.panel(panels.next().unwrap_or_default());
        let mut text = String::new();
        for color in Color::ALL {
            list_table(&mut text, color, self.list(color));
        }
        out.push_str(&text);
        out.step(
            "the board a reader sees is not stored: each square below is a scan of both lists\n(w3 = white slot 3)",
        );
        out.panel(panels.next().unwrap_or_default());
        out.push_str(&join_lines(&grid(|sq| {
            for color in Color::ALL {
                if let Some(index) = self.list(color).index_of(sq) {
                    let side = if color == Color::White { 'w' } else { 'b' };
                    return format!("{side}{index}");
                }
            }
            ".".to_string()
        })));
        match focus {
            Some(sq) => {
                out.step(&format!(
                    "what stands on {sq}? PieceList::find reads 16 slots as two 64-bit words and \
                     looks for a byte equal to {} ({:#04x}):",
                    sq.index(),
                    sq.index()
                ));
                let mut text = String::new();
                for color in Color::ALL {
                    draw_find(&mut text, color, self.list(color), sq as u8);
                }
                out.push_str(&text);
            }
            None => out.step(
                "(add --square SQ to see the word-wide scan that finds the entry on a square)",
            ),
        }
        out.step(&sizes_line::<PieceListBoard>("lookup tables"));
        out.finish_with_layout(&figure)
    }

    fn explain(&self, sq: Square) -> Result<Explanation, ExplainError> {
        let piece = self.piece_at(sq).ok_or(ExplainError::EmptySquare(sq))?;
        let us = piece.color;
        let own = self.list(us);
        let slot = own.index_of(sq).unwrap_or(0);
        let mut out = boardlab_views::Narration::new(format!(
            "piece-list: the {} on {sq} is slot {slot} of {}'s list (file {}, rank {})",
            piece_name(piece),
            us,
            sq.file().index(),
            sq.rank().index()
        ));
        out.square(Some(sq));
        let _ = writeln!(out, "{}", position_header(self).trim_end());
        let mut narration = Narration::default();

        let mut pin = 0u8;
        let mut checkers = 0;
        if us == self.state.turn {
            out.step(&format!(
                "1. one pass over {}'s list: who checks our king on {}, and whom do sliders pin?",
                !us,
                square_name(own.king())
            ));
            let (text, pins, checks) = self.narrate_checks_and_pins(&mut narration);
            out.push_str(&text);
            pin = pins[slot];
            checkers = checks;
        } else {
            out.step(&format!(
                "1. it is {}'s move: below are this piece's candidate moves, none of them legal now",
                self.state.turn
            ));
        }

        out.step("2. the piece's moves; each \"own?\" and \"enemy?\" is a scan of a whole list");
        let mut figure = self.lists_figure(sq, piece);
        for panel in std::mem::take(&mut figure.panels) {
            out.panel(panel);
        }
        let before = narration.scans;
        match piece.role {
            Role::Pawn => self.narrate_pawn(sq as u8, us, pin, &mut narration),
            Role::Knight => self.narrate_leaper(sq as u8, us, &KNIGHT_STEPS, &mut narration),
            Role::King => self.narrate_king(sq as u8, us, &mut narration),
            Role::Bishop => self.narrate_slides(sq as u8, us, pin, DIAGONAL, &mut narration),
            Role::Rook => self.narrate_slides(sq as u8, us, pin, ORTHOGONAL, &mut narration),
            Role::Queen => self.narrate_slides(sq as u8, us, pin, BOTH, &mut narration),
        }
        out.push_str(&narration.text);
        let _ = writeln!(
            out,
            "  list scans for this piece: {} (16 slots compared each)",
            narration.scans - before
        );

        if us == self.state.turn {
            out.step("3. legality");
            if piece.role == Role::King {
                out.push_str(
                    "  every king target was tested against the enemy list with our king ignored\n",
                );
            } else if checkers > 1 {
                out.push_str("  double check: only the king moves\n");
            } else if piece.role == Role::Knight && pin != 0 {
                out.push_str("  a pinned knight never stays on its line: no move\n");
            } else if pin != 0 {
                let _ = writeln!(
                    out,
                    "  pinned: only steps of size {pin} (the pin line's index step) are walked{}",
                    if checkers == 1 {
                        ", and in check none of them can answer it"
                    } else {
                        ""
                    }
                );
            } else if checkers == 1 {
                out.push_str("  in check: only moves that capture the checker or land between it and the king\n");
            } else {
                out.push_str("  not in check and not pinned: every candidate above is legal\n");
            }
        }
        legal_moves_step(&mut out, self, sq);
        Ok(out.finish_with_layout(&figure))
    }
}

/// The text of a narration and the list scans it counted.
#[derive(Default)]
struct Narration {
    text: String,
    scans: usize,
}

impl Narration {
    fn line(&mut self, text: impl AsRef<str>) {
        self.text.push_str("  ");
        self.text.push_str(text.as_ref());
        self.text.push('\n');
    }
}

impl PieceListBoard {
    /// `contains` on one list, counted.
    fn scan(&self, list: &PieceList, sq: u8, narration: &mut Narration) -> bool {
        narration.scans += 1;
        list.contains(sq)
    }

    /// The check and pin pass of the generator, narrated entry by entry.
    fn narrate_checks_and_pins(
        &self,
        narration: &mut Narration,
    ) -> (String, [u8; PieceList::CAPACITY], u32) {
        let us = self.state.turn;
        let them = !us;
        let own = self.list(us);
        let enemy = self.list(them);
        let king = own.king();
        let mut pins = [0u8; PieceList::CAPACITY];
        let mut checks = 0;
        let mut text = String::new();
        for index in 0..enemy.len() {
            let (role, at) = enemy.entry(index);
            let sq = at as u8;
            let df = file(king) - file(sq);
            let dr = rank(king) - rank(sq);
            let who = format!(
                "  slot {index:>2} {} {at}: df {df:+}, dr {dr:+}",
                Piece::new(them, role).char()
            );
            let (orthogonal, diagonal) = match role {
                Role::Pawn => {
                    let hit = dr == i32::from(them.forward()) && df.abs() == 1;
                    checks += u32::from(hit);
                    let _ = writeln!(text, "{who} -> {}", if hit { "CHECK" } else { "no" });
                    continue;
                }
                Role::Knight => {
                    let hit = df.abs() * dr.abs() == 2;
                    checks += u32::from(hit);
                    let _ = writeln!(
                        text,
                        "{who} -> |df * dr| {} 2: {}",
                        if hit { "=" } else { "!=" },
                        if hit { "CHECK" } else { "no" }
                    );
                    continue;
                }
                Role::King => {
                    let _ = writeln!(text, "{who} -> a king never checks");
                    continue;
                }
                Role::Bishop => (false, true),
                Role::Rook => (true, false),
                Role::Queen => (true, true),
            };
            let Some(line) = Line::between(king, sq, orthogonal, diagonal) else {
                let _ = writeln!(text, "{who} -> not on one of its lines");
                continue;
            };
            let mut between = king as i32;
            let mut ours = Vec::new();
            let mut blocked_by_enemy = false;
            for _ in 1..line.steps {
                between += line.delta;
                let b = between as u8;
                narration.scans += 1;
                let found = own.find(b);
                if found < PieceList::CAPACITY {
                    ours.push((found, b));
                    if ours.len() > 1 {
                        break;
                    }
                } else if self.scan(enemy, b, narration) {
                    blocked_by_enemy = true;
                    break;
                }
            }
            let verdict = if blocked_by_enemy {
                "an enemy piece stands between: nothing".to_string()
            } else {
                match ours.as_slice() {
                    [] => {
                        checks += 1;
                        "nothing between: CHECK".to_string()
                    }
                    [(found, b)] => {
                        pins[*found] = line.delta.unsigned_abs() as u8;
                        format!(
                            "only our {} on {} between: PINNED (slot {found}, step {})",
                            piece_name(Piece::new(us, own.role(*found))),
                            square_name(*b),
                            line.delta.unsigned_abs()
                        )
                    }
                    _ => "two of ours between: nothing".to_string(),
                }
            };
            let _ = writeln!(
                text,
                "{who} -> lined up, index step {:+}, {} squares between: {verdict}",
                line.delta,
                line.steps - 1
            );
        }
        let _ = writeln!(text, "  checks: {checks}");
        (text, pins, checks)
    }

    fn narrate_slides(
        &self,
        from: u8,
        us: Color,
        pin: u8,
        directions: &[(i32, i32)],
        narration: &mut Narration,
    ) {
        let (own, enemy) = (self.list(us), self.list(!us));
        let (f, r) = (file(from), rank(from));
        for &(df, dr) in directions {
            let delta = dr * 8 + df;
            let room = room(f, df).min(room(r, dr));
            if pin != 0 && delta.unsigned_abs() != u32::from(pin) {
                narration.line(format!(
                    "({df:+},{dr:+}) index step {delta:+}: off the pin line, not walked"
                ));
                continue;
            }
            let mut line = format!(
                "({df:+},{dr:+}) index step {delta:+}, room {room} (edge distance, no off-board test):"
            );
            let mut to = from as i32;
            for _ in 0..room {
                to += delta;
                let t = to as u8;
                if self.scan(own, t, narration) {
                    let _ = write!(line, " {} own, stop", square_name(t));
                    break;
                }
                if self.scan(enemy, t, narration) {
                    let _ = write!(line, " {} capture, stop", square_name(t));
                    break;
                }
                let _ = write!(line, " {}", square_name(t));
            }
            narration.line(line);
        }
    }

    fn narrate_leaper(&self, from: u8, us: Color, steps: &[(i32, i32)], narration: &mut Narration) {
        let (own, enemy) = (self.list(us), self.list(!us));
        let (f, r) = (file(from), rank(from));
        for &(df, dr) in steps {
            let (nf, nr) = (f + df, r + dr);
            if (nf | nr) & !7 != 0 {
                narration.line(format!(
                    "({df:+},{dr:+}) -> file {nf}, rank {nr}: (f | r) & !7 != 0, off the board"
                ));
                continue;
            }
            let to = (nr * 8 + nf) as u8;
            let verdict = if self.scan(own, to, narration) {
                "own piece"
            } else if self.scan(enemy, to, narration) {
                "capture"
            } else {
                "move"
            };
            narration.line(format!("({df:+},{dr:+}) -> {}: {verdict}", square_name(to)));
        }
    }

    fn narrate_king(&self, from: u8, us: Color, narration: &mut Narration) {
        let (own, enemy) = (self.list(us), self.list(!us));
        let (f, r) = (file(from), rank(from));
        for (df, dr) in KING_STEPS {
            let (nf, nr) = (f + df, r + dr);
            if (nf | nr) & !7 != 0 {
                narration.line(format!("({df:+},{dr:+}): off the board"));
                continue;
            }
            let to = (nr * 8 + nf) as u8;
            if self.scan(own, to, narration) {
                narration.line(format!("({df:+},{dr:+}) -> {}: own piece", square_name(to)));
                continue;
            }
            let capture = self.scan(enemy, to, narration);
            let attacker = (0..enemy.len()).find(|&index| {
                let (role, at) = enemy.entry(index);
                self.piece_attacks(role, !us, at as u8, to, from)
            });
            let verdict = match attacker {
                Some(index) => {
                    let (role, at) = enemy.entry(index);
                    format!(
                        "attacked by the {} on {at} (king ignored), no",
                        piece_name(Piece::new(!us, role))
                    )
                }
                None if capture => "no enemy piece reaches it: capture".to_string(),
                None => "no enemy piece reaches it: move".to_string(),
            };
            narration.line(format!("({df:+},{dr:+}) -> {}: {verdict}", square_name(to)));
        }
        if Square::new(from) != Some(CastlingSide::king_from(us)) {
            return;
        }
        for side in CastlingSide::ALL {
            let name = side.name();
            if !self.state.castling.has(us, side) {
                narration.line(format!("castling {name}: no right"));
                continue;
            }
            let occupied: Vec<String> = side
                .empty_squares(us)
                .iter()
                .filter(|&&s| self.occupied(s as u8))
                .map(ToString::to_string)
                .collect();
            let attacked: Vec<String> = side.king_path(us)[1..]
                .iter()
                .filter(|&&s| self.attacked_ignoring(s as u8, !us, NOTHING_IGNORED))
                .map(ToString::to_string)
                .collect();
            let verdict = if !occupied.is_empty() {
                format!("{} occupied, no", occupied.join(" "))
            } else if !attacked.is_empty() {
                format!("{} attacked, no", attacked.join(" "))
            } else {
                "between empty, crossed and landing squares safe: move".to_string()
            };
            narration.line(format!("castling {name}: {verdict}"));
        }
    }

    fn narrate_pawn(&self, from: u8, us: Color, pin: u8, narration: &mut Narration) {
        let enemy = self.list(!us);
        let forward: i32 = if us == Color::White { 8 } else { -8 };
        let r = rank(from);
        let promotes = r == if us == Color::White { 6 } else { 1 };
        let to = (from as i32 + forward) as u8;
        if pin != 0 && pin != 8 {
            narration.line("push: pinned off the file, not tried");
        } else {
            let blocked = self.occupied(to);
            narration.scans += 2;
            narration.line(format!(
                "push {forward:+}: {} {}",
                square_name(to),
                match (blocked, promotes) {
                    (true, _) => "occupied, no",
                    (false, true) => "empty: promotion (four moves)",
                    (false, false) => "empty: move",
                }
            ));
            if !blocked && r == if us == Color::White { 1 } else { 6 } {
                let to2 = (to as i32 + forward) as u8;
                let blocked2 = self.occupied(to2);
                narration.scans += 2;
                narration.line(format!(
                    "double push {:+}: {} {}",
                    2 * forward,
                    square_name(to2),
                    if blocked2 {
                        "occupied, no"
                    } else {
                        "empty: move"
                    }
                ));
            }
        }
        let f = file(from);
        for df in [-1, 1] {
            if (f + df) & !7 != 0 {
                narration.line(format!("capture file {df:+}: off the board"));
                continue;
            }
            let delta = forward + df;
            let target = (from as i32 + delta) as u8;
            if pin != 0 && delta.unsigned_abs() != u32::from(pin) {
                narration.line(format!(
                    "capture {delta:+} -> {}: off the pin line, not tried",
                    square_name(target)
                ));
                continue;
            }
            let verdict = if self.scan(enemy, target, narration) {
                if promotes {
                    "enemy piece: capture with promotion (four moves)".to_string()
                } else {
                    "enemy piece: capture".to_string()
                }
            } else if self.state.ep_square.map(|s| s as u8) == Some(target) && us == self.state.turn
            {
                // As the generator does: play it on a copy and look at our king.
                let mut after = self.clone();
                after.make(Move::new(
                    Square::from_index(from),
                    Square::from_index(target),
                    MoveFlag::EnPassant,
                ));
                let king = after.list(us).king();
                let legal = !after.attacked_ignoring(king, !us, NOTHING_IGNORED);
                format!(
                    "en passant square: played on a copy of the board, our king {}",
                    if legal {
                        "safe: capture"
                    } else {
                        "attacked: refused"
                    }
                )
            } else {
                "no enemy piece".to_string()
            };
            narration.line(format!(
                "capture {delta:+} -> {}: {verdict}",
                square_name(target)
            ));
        }
    }
}

/// How many steps of `d` (-1, 0 or 1) stay on the board from coordinate `c`.
fn room(c: i32, d: i32) -> i32 {
    match d {
        1 => 7 - c,
        -1 => c,
        _ => 7,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::BoardExt;

    #[test]
    fn the_lists_are_drawn_slot_by_slot() {
        let board = PieceListBoard::from_fen(boardlab_core::START_FEN).unwrap();
        let text = board.show(Some(Square::D1)).to_text();
        assert!(
            text.contains("    white    K   Q   R   R   B   B   N   N   P"),
            "{text}"
        );
        assert!(
            text.contains("first zero byte -> slot 1: white queen"),
            "{text}"
        );
        assert!(text.contains("no zero byte -> not in this list"), "{text}");
    }

    #[test]
    fn a_pin_is_found_from_the_attacker() {
        let board = PieceListBoard::from_fen("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
        let text = board.explain(Square::E2).unwrap().to_text();
        assert!(text.contains("PINNED (slot 1, step 8)"), "{text}");
        assert!(text.contains("legal moves from e2 (generate): 0"), "{text}");
    }

    #[test]
    fn a_king_step_names_its_attacker() {
        let board = PieceListBoard::from_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap();
        let text = board.explain(Square::E1).unwrap().to_text();
        assert!(
            text.contains("(+1,+0) -> f1: attacked by the black rook on a1 (king ignored), no"),
            "{text}"
        );
    }
}
