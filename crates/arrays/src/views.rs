//! The teaching views the array boards share: the cells drawn as the board lays them out
//! (index map, codes, frame), and a piece's walk narrated step by step, each step's edge
//! decision in the board's own words ([`ArrayViews::step_words`]).

use crate::code::{is_enemy, is_own, piece_of, sign, EMPTY, SENTINEL};
use crate::geometry::{Dir, Geometry, DIAGONAL, KING_STEPS, KNIGHT_JUMPS, STRAIGHT};
use crate::position::ArrayPosition;
use boardlab_core::{Board, Color, Role, Square};
use boardlab_views::svg::{self, Panel, Tone};
use boardlab_views::{
    join_lines, legal_moves_step, piece_name, position_header, ExplainError, Explanation,
    Narration, ReachTrace, Reached,
};
use std::fmt::Write;

/// What a board's views say in its own words.
pub trait ArrayViews: Geometry {
    /// The line that heads every view: the board's name and index formula.
    const TITLE: &'static str;
    /// Cells in a row of the array, as drawn.
    const WIDTH: usize;
    /// Rows of the array: as many as a row has cells, on every board here.
    const HEIGHT: usize = Self::WIDTH;
    /// What an off-board cell is called here ("a sentinel cell", "a frame cell"), or, on a
    /// board without a frame, what stops a step.
    const OFF_BOARD: &'static str;
    /// Whether cell indexes are written in hex (where the nibbles mean rank and file).
    const HEX: bool = false;

    /// How the board decides the step `dir` from `cell`, in words, with its verdict.
    fn step_words(cells: &Self::Cells, cell: usize, dir: Dir) -> String;
}

/// A cell's index as the board's views write it.
fn cell_name<G: ArrayViews>(cell: usize) -> String {
    if G::HEX {
        format!("{cell:#04x}")
    } else {
        cell.to_string()
    }
}

/// Whether `cell` is one of the 64 squares' cells.
fn on_board<G: Geometry>(cell: usize) -> bool {
    G::BOARD_CELLS.iter().any(|&c| usize::from(c) == cell)
}

/// The rows of the whole array, top row first, each cell drawn by `draw` and the row labelled
/// with its first index.
pub fn cell_rows<G: ArrayViews>(draw: impl Fn(usize) -> String) -> Vec<String> {
    let texts: Vec<String> = (0..G::WIDTH * G::HEIGHT).map(&draw).collect();
    let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(1);
    let mut lines = Vec::with_capacity(G::HEIGHT);
    for row in (0..G::HEIGHT).rev() {
        let mut line = format!("{:>3} |", row * G::WIDTH);
        for column in 0..G::WIDTH {
            let _ = write!(line, " {:>width$}", texts[row * G::WIDTH + column]);
        }
        lines.push(line);
    }
    lines
}

/// The whole array as a figure panel, the frame (or nothing, on a board without one) in the
/// frame tone, every cell with its index in the corner.
fn cells_panel<G: ArrayViews>(
    title: &str,
    label: impl Fn(usize) -> String,
    tone: impl Fn(usize) -> Option<Tone>,
) -> Panel {
    let mut panel = Panel::new(title);
    for row in (0..G::HEIGHT).rev() {
        let cells = (0..G::WIDTH)
            .map(|column| {
                let cell = row * G::WIDTH + column;
                let base = if on_board::<G>(cell) {
                    Tone::of_square(G::square(cell))
                } else {
                    Tone::Frame
                };
                svg::Cell::new(label(cell), tone(cell).unwrap_or(base))
                    .with_corner(cell.to_string())
            })
            .collect();
        panel.rows.push(cells);
        panel.row_labels.push((row * G::WIDTH).to_string());
    }
    panel.column_labels = (0..G::WIDTH).map(|c| c.to_string()).collect();
    panel
}

/// A code as the views print it: the number, `.` for an empty square, `#` for the sentinel.
fn code_text(code: i8) -> String {
    match code {
        EMPTY => ".".to_string(),
        SENTINEL => SENTINEL.to_string(),
        _ => format!("{code:+}"),
    }
}

/// `show`: the index map, the codes, then whatever `extra` adds about the focus square.
pub fn show<G: ArrayViews, B: Board>(
    board: &B,
    position: &ArrayPosition<G>,
    focus: Option<Square>,
    extra: impl FnOnce(&mut Narration),
) -> Explanation {
    let mut out = Narration::new(G::TITLE);
    out.square(focus);
    out.push_str(&position_header(board));
    let focus_cell = focus.map(G::cell);
    out.step(&format!(
        "the index map: {} cells, {} to a row, rank 1 at the bottom{}",
        G::WIDTH * G::HEIGHT,
        G::WIDTH,
        if G::HEX { ", in hex" } else { "" }
    ));
    out.panel(cells_panel::<G>(
        "cell indexes",
        |cell| {
            if on_board::<G>(cell) {
                G::square(cell).to_string()
            } else {
                String::new()
            }
        },
        |cell| (Some(cell) == focus_cell).then_some(Tone::Focus),
    ));
    out.push_str(&join_lines(&cell_rows::<G>(|cell| {
        cell_name::<G>(cell).trim_start_matches("0x").to_string()
    })));
    out.step(
        "the codes: 0 empty (.), 1 pawn 2 knight 3 bishop 4 rook 5 queen 6 king, + white - black",
    );
    out.panel(cells_panel::<G>(
        "codes",
        |cell| code_text(position.cells[cell]),
        |cell| (Some(cell) == focus_cell).then_some(Tone::Focus),
    ));
    out.push_str(&join_lines(&cell_rows::<G>(|cell| {
        code_text(position.cells[cell])
    })));
    let _ = writeln!(
        out,
        "kings: white in cell {}, black in cell {}",
        cell_name::<G>(position.king(Color::White)),
        cell_name::<G>(position.king(Color::Black))
    );
    extra(&mut out);
    let mut explanation = out.finish();
    explanation.legend(Tone::Focus, "the square asked about");
    if G::WIDTH * G::HEIGHT > 64 {
        explanation.legend(Tone::Frame, format!("{}, holding {SENTINEL}", G::OFF_BOARD));
    }
    explanation
}

/// One step of a walk: the board's words for it, and what it reached.
fn walk_step<G: ArrayViews>(
    position: &ArrayPosition<G>,
    from: usize,
    dir: Dir,
    own: i8,
    walk: &mut ReachTrace,
) -> Option<usize> {
    let words = G::step_words(&position.cells, from, dir);
    let Some(to) = G::step(&position.cells, from, dir) else {
        if to_frame::<G>(from, dir).is_some_and(|cell| !on_board::<G>(cell)) {
            walk.mark(to_frame::<G>(from, dir).unwrap_or(0), Reached::OffBoard);
        }
        let _ = writeln!(walk.text, "  ({:+},{:+}) {words}", dir.df, dir.dr);
        return None;
    };
    let content = position.cells[to];
    let verdict = if content == EMPTY {
        walk.mark(to, Reached::Empty);
        "empty".to_string()
    } else if is_enemy(content, own) {
        walk.mark(to, Reached::Capture);
        format!("{content:+}, an enemy piece")
    } else if is_own(content, own) {
        format!("{content:+}, an own piece")
    } else {
        code_text(content)
    };
    let _ = writeln!(
        walk.text,
        "  ({:+},{:+}) {words} -> {} {verdict}",
        dir.df,
        dir.dr,
        G::square(to)
    );
    Some(to)
}

/// The cell a step reaches in the drawn array, if it lies in it (a frame cell), for marking.
fn to_frame<G: ArrayViews>(from: usize, dir: Dir) -> Option<usize> {
    let cell = from as isize + dir.offset(G::WIDTH as isize);
    let column = (from % G::WIDTH) as isize + dir.df as isize;
    ((0..(G::WIDTH * G::HEIGHT) as isize).contains(&cell)
        && (0..G::WIDTH as isize).contains(&column))
    .then_some(cell as usize)
}

/// `explain`: the piece's code and cell, its steps one by one in the board's words, the walk
/// drawn over the whole array, what `extra` adds, and the legal moves.
pub fn explain<G: ArrayViews, B: Board>(
    board: &B,
    position: &ArrayPosition<G>,
    sq: Square,
    extra: impl FnOnce(&mut Narration),
) -> Result<Explanation, ExplainError> {
    let piece = board.piece_at(sq).ok_or(ExplainError::EmptySquare(sq))?;
    let from = G::cell(sq);
    let own = sign(piece.color);
    let mut out = Narration::new(format!(
        "{}: the {} on {sq} stands in cell {}, code {:+}",
        G::TITLE,
        piece_name(piece),
        cell_name::<G>(from),
        position.cells[from]
    ));
    out.square(Some(sq));
    let _ = writeln!(out, "{}", position_header(board).trim_end());
    let mut walk = ReachTrace::default();
    let (title, dirs, slides): (&str, &[Dir], bool) = match piece.role {
        Role::Pawn => ("pawn steps: the push, then the two captures", &[], false),
        Role::Knight => ("knight jumps, each tested", &KNIGHT_JUMPS, false),
        Role::Bishop => ("bishop rays, step by step", &DIAGONAL, true),
        Role::Rook => ("rook rays, step by step", &STRAIGHT, true),
        Role::Queen => ("queen rays, step by step", &KING_STEPS, true),
        Role::King => ("king steps, each tested", &KING_STEPS, false),
    };
    out.step(&format!("1. {title}"));
    if piece.role == Role::Pawn {
        let forward = piece.color.forward();
        for dir in [
            Dir { df: 0, dr: forward },
            Dir {
                df: -1,
                dr: forward,
            },
            Dir { df: 1, dr: forward },
        ] {
            walk_step(position, from, dir, own, &mut walk);
        }
    }
    for &dir in dirs {
        let mut cell = from;
        while let Some(to) = walk_step(position, cell, dir, own, &mut walk) {
            if !slides || position.cells[to] != EMPTY {
                break;
            }
            cell = to;
        }
    }
    out.push_str(&walk.text);
    out.step(&format!("2. {}", ReachTrace::text_legend(G::OFF_BOARD)));
    walk.mark_squares(&mut out, |cell| {
        on_board::<G>(cell).then(|| G::square(cell))
    });
    out.push_str(&join_lines(&cell_rows::<G>(|cell| {
        if cell == from {
            return piece.char().to_string();
        }
        match walk.reached(cell) {
            Some(reached) => reached.symbol().to_string(),
            None if !on_board::<G>(cell) => "#".to_string(),
            None => {
                piece_of(position.cells[cell]).map_or(".".to_string(), |p| p.char().to_string())
            }
        }
    })));
    out.push_str("(# off the board; the legal moves below add the checks, pins and castling)\n");
    extra(&mut out);
    legal_moves_step(&mut out, board, sq);
    let mut explanation = out.finish();
    explanation.legend(Reached::Empty.tone(), "reached, empty");
    explanation.legend(Reached::Capture.tone(), "reached, enemy piece");
    Ok(explanation)
}
