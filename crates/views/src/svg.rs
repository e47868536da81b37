//! Teaching views drawn as SVG: grids of labelled, coloured cells with captions, arrows and a
//! legend.
//!
//! A backend describes what it keeps as a [`Figure`]: panels of cells (the 120 cells of a
//! mailbox, the 128 of an 0x88 board, the slots of a piece list, a bitboard's 64 bits), each
//! cell with a short label and a [`Tone`] saying what kind of cell it is. [`Figure::to_svg`]
//! draws every figure the same way, so the drawings of different representations can be read
//! side by side. The output is a plain SVG document: a `viewBox`, no scripts, no external
//! fonts (labels use the reader's monospace font), and every text escaped.
//!
//! # Examples
//!
//! ```
//! use boardlab_views::svg::{Cell, Figure, Panel, Tone};
//!
//! let mut panel = Panel::new("two cells");
//! panel.rows.push(vec![Cell::new("a<b", Tone::Set), Cell::new("", Tone::Frame)]);
//! let mut figure = Figure::new("a figure");
//! figure.legend(Tone::Set, "a cell in the set");
//! figure.panels.push(panel);
//! let svg = figure.to_svg();
//! assert!(svg.starts_with("<svg "));
//! assert!(svg.contains("a&lt;b"));
//! assert_eq!(svg.matches("class=\"cell ").count(), 2);
//! ```

use boardlab_core::{Bitboard, Board, BoardExt, Color, GenKind, MoveList, Piece, Square};
use serde::Serialize;
use std::fmt::Write;

/// What kind of cell a cell is; each tone has one colour in every figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tone {
    /// A light square of the board.
    Light,
    /// A dark square of the board.
    Dark,
    /// A cell outside the playing area that the code reads: a mailbox sentinel, an off-board
    /// stop.
    Frame,
    /// The right half of an 0x88 board, which holds no squares.
    Phantom,
    /// A list slot or table entry that holds nothing.
    Unused,
    /// A bit that is set, a cell that holds something.
    Set,
    /// The square or cell the figure is about.
    Focus,
    /// A square reached: a move's target, an attacked square.
    Reach,
    /// A reached square holding an enemy piece.
    Capture,
    /// A cell on the line being looked up.
    Line,
    /// A cell whose value is a number or name, neither set nor empty.
    Value,
}

impl Tone {
    /// The fill colour.
    fn fill(self) -> &'static str {
        match self {
            Tone::Light => "#f4ecd8",
            Tone::Dark => "#d9c7a0",
            Tone::Frame => "#8a8a8a",
            Tone::Phantom => "#d8d0ec",
            Tone::Unused => "#eeeeee",
            Tone::Set => "#7fb2e5",
            Tone::Focus => "#f5d142",
            Tone::Reach => "#9fdc8c",
            Tone::Capture => "#ef8a80",
            Tone::Line => "#f6b26b",
            Tone::Value => "#ffffff",
        }
    }

    /// The class name, so that a reader (or a test) can find the cells of one kind.
    fn class(self) -> &'static str {
        match self {
            Tone::Light => "light",
            Tone::Dark => "dark",
            Tone::Frame => "frame",
            Tone::Phantom => "phantom",
            Tone::Unused => "unused",
            Tone::Set => "set",
            Tone::Focus => "focus",
            Tone::Reach => "reach",
            Tone::Capture => "capture",
            Tone::Line => "line",
            Tone::Value => "value",
        }
    }

    /// The text colour that reads well on the fill.
    fn ink(self) -> &'static str {
        match self {
            Tone::Frame => "#ffffff",
            _ => "#1a1a1a",
        }
    }

    /// The square's own colour, light or dark, as on a chess board.
    pub fn of_square(sq: Square) -> Tone {
        if (sq.file().index() + sq.rank().index()).is_multiple_of(2) {
            Tone::Dark
        } else {
            Tone::Light
        }
    }
}

/// One cell of a panel: a short label on a coloured square.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// The label, drawn in the middle; a few characters at most.
    pub text: String,
    /// What kind of cell it is.
    pub tone: Tone,
    /// A second, smaller label in the top-left corner (a cell's index), or empty.
    pub corner: String,
}

impl Cell {
    /// A cell with a label and a tone.
    pub fn new(text: impl Into<String>, tone: Tone) -> Cell {
        Cell {
            text: text.into(),
            tone,
            corner: String::new(),
        }
    }

    /// The same cell with a small label in its corner.
    pub fn with_corner(mut self, corner: impl Into<String>) -> Cell {
        self.corner = corner.into();
        self
    }
}

/// A grid of cells under a caption, with optional row and column labels, arrows between cells
/// and lines of notes underneath.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Panel {
    /// The caption above the grid.
    pub title: String,
    /// The cells, top row first. Rows may differ in length.
    pub rows: Vec<Vec<Cell>>,
    /// A label left of each row, top row first (ranks, row indexes); may be empty.
    pub row_labels: Vec<String>,
    /// A label under each column (files, column indexes); may be empty.
    pub column_labels: Vec<String>,
    /// Arrows from one cell to another, as (row, column) pairs.
    pub arrows: Vec<((usize, usize), (usize, usize))>,
    /// Lines of text under the grid.
    pub notes: Vec<String>,
    /// A vertical rule drawn left of this column (the 0x88 board's two halves), if any.
    pub divider: Option<usize>,
}

impl Panel {
    /// An empty panel with a caption.
    pub fn new(title: impl Into<String>) -> Panel {
        Panel {
            title: title.into(),
            ..Panel::default()
        }
    }

    /// An 8x8 board, rank 8 on top and files lettered underneath, each square drawn by `cell`.
    pub fn board(title: impl Into<String>, cell: impl Fn(Square) -> Cell) -> Panel {
        let mut panel = Panel::new(title);
        for rank in (0..8u8).rev() {
            panel
                .rows
                .push((0..8u8).map(|file| cell(square(file, rank))).collect());
            panel.row_labels.push((rank + 1).to_string());
        }
        panel.column_labels = "abcdefgh".chars().map(String::from).collect();
        panel
    }

    /// The row and column of a square in a panel made by [`Panel::board`].
    pub fn board_position(sq: Square) -> (usize, usize) {
        (7 - sq.rank().index(), sq.file().index())
    }

    /// A bitboard as a board: the set squares in `tone` and labelled `1`, the others in the
    /// square's own colour.
    pub fn bitboard(title: impl Into<String>, set: Bitboard, tone: Tone) -> Panel {
        Panel::board(title, |sq| {
            if set.contains(sq) {
                Cell::new("1", tone)
            } else {
                Cell::new("", Tone::of_square(sq))
            }
        })
    }

    /// The pieces of a board, FEN letters on the squares' own colours.
    pub fn pieces<B: Board>(title: impl Into<String>, board: &B) -> Panel {
        Panel::board(title, |sq| piece_cell(board, sq))
    }
}

/// A square's cell on a board of pieces: its FEN letter on the square's colour.
pub fn piece_cell<B: Board>(board: &B, sq: Square) -> Cell {
    Cell::new(
        board
            .piece_at(sq)
            .map_or(String::new(), |p| p.char().to_string()),
        Tone::of_square(sq),
    )
}

fn square(file: u8, rank: u8) -> Square {
    // Both are below 8 here, so the index is a square.
    Square::ALL[usize::from(rank * 8 + file)]
}

/// A whole drawing: a title, lines of text under it, panels laid out in rows, and a legend.
#[derive(Debug, Clone, Default)]
pub struct Figure {
    /// The heading.
    pub title: String,
    /// Lines under the heading (the FEN, what the figure shows).
    pub lines: Vec<String>,
    /// The panels, laid out left to right and wrapped after [`Figure::per_row`].
    pub panels: Vec<Panel>,
    /// How many panels stand side by side before the next row starts.
    pub per_row: usize,
    /// What each colour means here, in the order given.
    pub legend: Vec<(Tone, String)>,
}

const CELL: f64 = 34.0;
const CHAR: f64 = 8.4;
const FONT: &str = "DejaVu Sans Mono, Menlo, Consolas, monospace";
const GAP: f64 = 28.0;
const LINE: f64 = 18.0;
const MARGIN: f64 = 16.0;

impl Figure {
    /// An empty figure with a heading; panels stand two to a row, which keeps a figure of
    /// 8x8 boards narrow enough to be read at the width of a book page.
    pub fn new(title: impl Into<String>) -> Figure {
        Figure {
            title: title.into(),
            per_row: 2,
            ..Figure::default()
        }
    }

    /// A figure about `board`'s position: the heading, with the FEN and the state under it.
    pub fn of_position<B: Board>(title: impl Into<String>, board: &B) -> Figure {
        Figure {
            lines: position_lines(board),
            ..Figure::new(title)
        }
    }

    /// Adds a legend entry, once per tone (a second meaning for a tone is ignored).
    pub fn legend(&mut self, tone: Tone, meaning: impl Into<String>) {
        if !self.legend.iter().any(|(t, _)| *t == tone) {
            self.legend.push((tone, meaning.into()));
        }
    }

    /// The figure as one SVG document.
    pub fn to_svg(&self) -> String {
        let per_row = self.per_row.max(1);
        let layouts: Vec<Layout> = self.panels.iter().map(Layout::of).collect();
        let mut body = String::new();
        let mut y = MARGIN + 22.0;
        let mut width: f64 = 0.0;
        let _ = writeln!(
            body,
            r#"<text x="{MARGIN}" y="{y}" font-size="15" font-weight="bold">{}</text>"#,
            escape(&self.title)
        );
        width = width.max(MARGIN * 2.0 + text_width(&self.title, 15.0));
        for line in &self.lines {
            y += LINE;
            let _ = writeln!(
                body,
                r#"<text x="{MARGIN}" y="{y}" font-size="13">{}</text>"#,
                escape(line)
            );
            width = width.max(MARGIN * 2.0 + text_width(line, 13.0));
        }
        y += GAP / 2.0;
        for (row, chunk) in self.panels.chunks(per_row).enumerate() {
            let mut x = MARGIN;
            let mut tallest: f64 = 0.0;
            for (i, panel) in chunk.iter().enumerate() {
                let layout = &layouts[row * per_row + i];
                draw_panel(&mut body, panel, layout, x, y);
                x += layout.width + GAP;
                tallest = tallest.max(layout.height);
            }
            width = width.max(x - GAP + MARGIN);
            y += tallest + GAP;
        }
        if !self.legend.is_empty() {
            let mut x = MARGIN;
            for (tone, meaning) in &self.legend {
                let item = 22.0 + text_width(meaning, 12.0) + 18.0;
                if x > MARGIN && x + item > width.max(560.0) - MARGIN {
                    x = MARGIN;
                    y += 22.0;
                }
                let _ = writeln!(
                    body,
                    r##"<rect class="key {}" x="{x}" y="{}" width="16" height="16" fill="{}" stroke="#555"/>"##,
                    tone.class(),
                    y - 12.0,
                    tone.fill()
                );
                let _ = writeln!(
                    body,
                    r#"<text x="{}" y="{}" font-size="12">{}</text>"#,
                    x + 22.0,
                    y + 1.0,
                    escape(meaning)
                );
                x += item;
                width = width.max(x + MARGIN);
            }
            y += 22.0;
        }
        let height = y + MARGIN - 6.0;
        let width = width.ceil();
        let height = height.ceil();
        let mut svg = format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="{FONT}">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1f5fa8"/></marker></defs>
<rect width="100%" height="100%" fill="#ffffff"/>
"##
        );
        svg.push_str(&body);
        svg.push_str("</svg>\n");
        svg
    }
}

/// The sizes of a panel, worked out before it is drawn.
struct Layout {
    cell_width: f64,
    label_width: f64,
    grid_top: f64,
    width: f64,
    height: f64,
}

impl Layout {
    fn of(panel: &Panel) -> Layout {
        let widest = panel
            .rows
            .iter()
            .flatten()
            .map(|cell| cell.text.chars().count())
            .max()
            .unwrap_or(1);
        let cell_width = CELL.max(widest as f64 * CHAR + 10.0);
        let label_width = panel
            .row_labels
            .iter()
            .map(|l| l.chars().count() as f64 * CHAR * 0.9 + 8.0)
            .fold(0.0, f64::max);
        let columns = panel.rows.iter().map(Vec::len).max().unwrap_or(0) as f64;
        let grid_width = label_width + columns * cell_width;
        let title_width = text_width(&panel.title, 13.0);
        let notes_width = panel
            .notes
            .iter()
            .map(|n| text_width(n, 12.0))
            .fold(0.0, f64::max);
        let grid_top = LINE + 4.0;
        let mut height = grid_top + panel.rows.len() as f64 * CELL;
        if !panel.column_labels.is_empty() {
            height += LINE;
        }
        height += panel.notes.len() as f64 * (LINE - 2.0);
        Layout {
            cell_width,
            label_width,
            grid_top,
            width: grid_width.max(title_width).max(notes_width),
            height,
        }
    }
}

fn draw_panel(out: &mut String, panel: &Panel, layout: &Layout, left: f64, top: f64) {
    let _ = writeln!(out, "<g>");
    let _ = writeln!(
        out,
        r#"<text x="{left}" y="{}" font-size="13" font-weight="bold">{}</text>"#,
        top + 13.0,
        escape(&panel.title)
    );
    let grid_left = left + layout.label_width;
    let grid_top = top + layout.grid_top;
    let centre = |row: usize, column: usize| {
        (
            grid_left + (column as f64 + 0.5) * layout.cell_width,
            grid_top + (row as f64 + 0.5) * CELL,
        )
    };
    for (r, row) in panel.rows.iter().enumerate() {
        let y = grid_top + r as f64 * CELL;
        if let Some(label) = panel.row_labels.get(r) {
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" font-size="12" text-anchor="end" fill="#555">{}</text>"##,
                grid_left - 5.0,
                y + CELL / 2.0 + 4.0,
                escape(label)
            );
        }
        for (c, cell) in row.iter().enumerate() {
            let x = grid_left + c as f64 * layout.cell_width;
            let _ = writeln!(
                out,
                r##"<rect class="cell {}" x="{x}" y="{y}" width="{}" height="{CELL}" fill="{}" stroke="#666" stroke-width="0.6"/>"##,
                cell.tone.class(),
                layout.cell_width,
                cell.tone.fill()
            );
            if !cell.corner.is_empty() {
                let _ = writeln!(
                    out,
                    r#"<text x="{}" y="{}" font-size="8" fill="{}" opacity="0.75">{}</text>"#,
                    x + 2.0,
                    y + 8.5,
                    cell.tone.ink(),
                    escape(&cell.corner)
                );
            }
            if !cell.text.is_empty() {
                let (cx, cy) = centre(r, c);
                let _ = writeln!(
                    out,
                    r#"<text x="{cx}" y="{}" font-size="14" text-anchor="middle" fill="{}">{}</text>"#,
                    cy + 5.0,
                    cell.tone.ink(),
                    escape(&cell.text)
                );
            }
        }
    }
    if let Some(column) = panel.divider {
        let x = grid_left + column as f64 * layout.cell_width;
        let _ = writeln!(
            out,
            r##"<line x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="#222" stroke-width="3"/>"##,
            grid_top - 4.0,
            grid_top + panel.rows.len() as f64 * CELL + 4.0
        );
    }
    let mut y = grid_top + panel.rows.len() as f64 * CELL;
    if !panel.column_labels.is_empty() {
        y += LINE - 3.0;
        for (c, label) in panel.column_labels.iter().enumerate() {
            let (cx, _) = centre(0, c);
            let _ = writeln!(
                out,
                r##"<text x="{cx}" y="{y}" font-size="12" text-anchor="middle" fill="#555">{}</text>"##,
                escape(label)
            );
        }
        y += 3.0;
    }
    for &(from, to) in &panel.arrows {
        let (x1, y1) = centre(from.0, from.1);
        let (x2, y2) = centre(to.0, to.1);
        // The arrow stops short of the target's centre so that the target's label stays
        // readable under the head.
        let (dx, dy) = (x2 - x1, y2 - y1);
        let length = (dx * dx + dy * dy).sqrt().max(1.0);
        let shorten = (CELL * 0.3).min(length / 3.0);
        // It starts off the origin's centre too, so the moving piece's letter stays visible.
        let _ = writeln!(
            out,
            r##"<line class="arrow" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#1f5fa8" stroke-width="2" opacity="0.8" marker-end="url(#arrow)"/>"##,
            x1 + dx / length * shorten,
            y1 + dy / length * shorten,
            x2 - dx / length * shorten,
            y2 - dy / length * shorten
        );
    }
    for note in &panel.notes {
        y += LINE - 2.0;
        let _ = writeln!(
            out,
            r#"<text x="{left}" y="{y}" font-size="12">{}</text>"#,
            escape(note)
        );
    }
    let _ = writeln!(out, "</g>");
}

/// An estimate of a text's width at a font size, for a monospace font.
fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.62
}

/// Text made safe for SVG: the five characters XML gives meaning replaced by entities.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

/// The FEN and the state beside it, as lines under a figure's title.
pub fn position_lines<B: Board>(board: &B) -> Vec<String> {
    let ep = board
        .ep_square()
        .map_or("-".to_string(), |sq| sq.to_string());
    vec![
        format!("fen: {}", board.to_fen()),
        format!(
            "side to move: {}   castling: {}   en passant: {}",
            board.side_to_move(),
            board.castling(),
            ep
        ),
    ]
}

/// The board with the piece on `sq` highlighted and an arrow to each square [`Board::generate`]
/// lets it move to: the panel every explanation ends with.
pub fn legal_moves_panel<B: Board>(board: &B, sq: Square) -> Panel {
    let mut moves = MoveList::new();
    if board.piece_at(sq).map(|p| p.color) == Some(board.side_to_move()) {
        board.generate(GenKind::All, &mut moves);
    }
    let count = moves.iter().filter(|mv| mv.from() == sq).count();
    let targets: Bitboard = moves
        .iter()
        .filter(|mv| mv.from() == sq)
        .map(|mv| mv.to())
        .collect();
    let mut panel = Panel::board(format!("legal moves from {sq} (generate): {count}"), |s| {
        let mut cell = piece_cell(board, s);
        if s == sq {
            cell.tone = Tone::Focus;
        } else if targets.contains(s) {
            cell.tone = if board.piece_at(s).is_some() {
                Tone::Capture
            } else {
                Tone::Reach
            };
        }
        cell
    });
    for target in targets {
        panel
            .arrows
            .push((Panel::board_position(sq), Panel::board_position(target)));
    }
    if count as u32 != targets.count() {
        panel.notes.push(format!(
            "{count} moves to {} squares: a promotion is four moves to one square",
            targets.count()
        ));
    }
    if board.piece_at(sq).map(|p| p.color) != Some(board.side_to_move()) {
        panel
            .notes
            .push(format!("none: it is {}'s move", board.side_to_move()));
    }
    panel
}

/// The drawing of a board that has no drawing of its own: its pieces, each colour's pieces
/// as a set, and the occupied squares, all read through [`Board::piece_at`].
pub fn generic_show<B: Board>(board: &B, focus: Option<Square>) -> Figure {
    let mut figure = Figure::of_position(format!("{}: the position as 64 squares", B::NAME), board);
    let set_of = |keep: &dyn Fn(Piece) -> bool| -> Bitboard {
        Square::ALL
            .iter()
            .copied()
            .filter(|&sq| board.piece_at(sq).is_some_and(keep))
            .collect()
    };
    let mut pieces = Panel::pieces("pieces", board);
    if let Some(sq) = focus {
        let (row, column) = Panel::board_position(sq);
        pieces.rows[row][column].tone = Tone::Focus;
        figure.legend(Tone::Focus, format!("the square {sq}"));
    }
    figure.panels.push(pieces);
    for color in Color::ALL {
        figure.panels.push(Panel::bitboard(
            format!("{color} pieces"),
            set_of(&|p: Piece| p.color == color),
            Tone::Set,
        ));
    }
    figure.panels.push(Panel::bitboard(
        "occupied",
        set_of(&|_: Piece| true),
        Tone::Set,
    ));
    figure.legend(Tone::Set, "a bit set: the square is in the set");
    figure.legend(Tone::Light, "light square");
    figure.legend(Tone::Dark, "dark square");
    figure
}

/// The legend of the legal-moves panel.
pub fn explain_legend(figure: &mut Figure) {
    figure.legend(Tone::Focus, "the piece explained");
    figure.legend(Tone::Reach, "a move to an empty square");
    figure.legend(Tone::Capture, "a capture");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_replaces_every_markup_character() {
        assert_eq!(
            escape(r#"<a & 'b' "c">"#),
            "&lt;a &amp; &apos;b&apos; &quot;c&quot;&gt;"
        );
    }

    #[test]
    fn a_board_panel_has_rank_eight_on_top() {
        let panel = Panel::board("t", |sq| Cell::new(sq.to_string(), Tone::Value));
        assert_eq!(panel.rows[0][0].text, "a8");
        assert_eq!(panel.rows[7][7].text, "h1");
        assert_eq!(Panel::board_position(Square::A8), (0, 0));
        assert_eq!(Panel::board_position(Square::H1), (7, 7));
    }

    #[test]
    fn a_legend_keeps_the_first_meaning_of_a_tone() {
        let mut figure = Figure::new("t");
        figure.legend(Tone::Set, "first");
        figure.legend(Tone::Set, "second");
        assert_eq!(figure.legend, vec![(Tone::Set, "first".to_string())]);
    }
}
