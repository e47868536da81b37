//! `boardlab figure`: the book's drawings of the ideas, each computed by the code it shows.
//!
//! The slider figures draw an [`Lookup`], the same value the text of `explain` and the
//! web page are made from; the masks figure asks a bitboard board for its checkers and pinned
//! pieces; the alpha-beta figure runs alpha-beta over a small fixed tree and draws what it
//! visited and what it cut; the descent figure runs `diff`'s one descent and draws its path.

use super::alpha_beta::{alpha_beta_svg, TREE};
use crate::{Backend, Error, Outcome, Position};
use boardlab_bitboard::views::check_and_pin_masks;
use boardlab_bitboard::HyperbolaBoard;
use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, Board, BoardExt, Square, UciMove};
use boardlab_harness::output::write_file;
use boardlab_harness::DiffReport;
use boardlab_reference::ReferenceBoard;
use boardlab_sliders::BOOK_BLOCKERS;
use boardlab_views::svg::{self, Cell, Figure, Panel, Tone};
use boardlab_views::{Lookup, LookupStep, StepValue};
use itertools::Itertools;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `boardlab figure`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct FigureArgs {
    /// The idea to draw.
    #[arg(value_enum)]
    pub idea: Idea,
    /// Write the SVG document to this file instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// The ideas there is a figure of (the descent of `diff` is drawn by `boardlab diff --svg`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Idea {
    /// Magic bitboards: mask, blockers, product, index and slot of a rook on d4.
    Magic,
    /// Kindergarten bitboards: a diagonal's squares multiplied onto the top byte.
    Kindergarten,
    /// Hyperbola quintessence: `o - 2r`, the same on the byte-swapped board, and their xor.
    Hyperbola,
    /// Kogge-Stone: the three doubling fills of one direction.
    KoggeStone,
    /// Obstruction difference: the blockers below and above, and the difference between them.
    Obstruction,
    /// The check mask and the pin lines of a position.
    Masks,
    /// Alpha-beta over a small game tree, its cut-offs marked.
    AlphaBeta,
}

/// A rook on d1 with a blocker on d8: the north fill doubles its reach twice before it stops.
const FILL_OCCUPIED: [Square; 3] = [Square::D1, Square::D8, Square::G1];

/// A white king in check from the rook on h1 whose bishop on d2 is pinned by the bishop on b4.
pub(crate) const MASKS_FEN: &str = "4k3/8/8/8/1b6/4N3/3B4/4K2r w - - 0 1";

/// Runs `boardlab figure`.
///
/// # Errors
///
/// A file that cannot be written; for the descent, what `diff` fails with.
pub(crate) fn run(args: &FigureArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    // The board of the chapter's text figures: the slider on d4 among the book's blockers.
    let occupied = BOOK_BLOCKERS
        .into_iter()
        .fold(Bitboard::from_square(Square::D4), Bitboard::with);
    let svg = match &args.idea {
        Idea::Magic => {
            let lookup = explained(Backend::Magic, Slider::Rook, occupied);
            lookup_figure(&lookup, "", 3).to_svg()
        }
        Idea::Kindergarten => {
            let lookup = explained(Backend::Kindergarten, Slider::Bishop, occupied);
            lookup_figure(&lookup, "diagonal through d4", 3).to_svg()
        }
        Idea::Hyperbola => {
            let lookup = explained(Backend::Hyperbola, Slider::Bishop, occupied);
            lookup_figure(&lookup, "diagonal through d4", 3).to_svg()
        }
        Idea::KoggeStone => {
            let fill: Bitboard = FILL_OCCUPIED.into_iter().collect();
            let lookup = Backend::KoggeStone
                .slider_lookup(Slider::Rook, Square::D1, fill)
                .expect("Kogge-Stone explains its lookups");
            lookup_figure(&lookup, "north (shift +8)", 3).to_svg()
        }
        Idea::Obstruction => {
            let lookup = explained(Backend::Obstruction, Slider::Rook, occupied);
            lookup_figure(&lookup, "file through d4", 3).to_svg()
        }
        Idea::Masks => masks_figure(MASKS_FEN)?.to_svg(),
        Idea::AlphaBeta => alpha_beta_svg(&TREE),
    };
    match &args.out {
        Some(path) => write_file(path, svg.into_bytes())?,
        None => out.write_all(svg.as_bytes())?,
    }
    Ok(Outcome::Success)
}

/// The lookup of `slider` on d4 among `occupied` by a bitboard backend's technique.
fn explained(backend: Backend, slider: Slider, occupied: Bitboard) -> Lookup {
    backend
        .slider_lookup(slider, Square::D4, occupied)
        .expect("the bitboard techniques explain their lookups")
}

/// The steps of `part` of a lookup ("" for one without parts) as panels, `per_row` to a row:
/// square sets and words as boards (a word's bit `i` on square `i`), bit strings as a row of
/// cells, and numbers as notes under the panel before them; then the lookup's attacks.
pub fn lookup_figure(lookup: &Lookup, part: &str, per_row: usize) -> Figure {
    let mut figure = Figure::new(format!(
        "{}: a {} on {}",
        lookup.title,
        lookup.slider.name(),
        lookup.square
    ));
    if !lookup.summary.is_empty() {
        figure.lines.push(lookup.summary.to_string());
    }
    let others: Vec<String> = lookup
        .occupied
        .without(lookup.square)
        .map(|sq| sq.to_string())
        .collect();
    figure.lines.push(format!(
        "occupied besides {}: {}",
        lookup.square,
        others.join(" ")
    ));
    if !part.is_empty() {
        figure.lines.push(format!("the {part}"));
    }
    let letter = match lookup.slider {
        Slider::Rook => "R",
        Slider::Bishop => "B",
    };
    let mut number = 0;
    for step in lookup.steps.iter().filter(|step| step.part == part) {
        if let StepValue::Number(value) = step.value {
            let line = number_line(step, value);
            match figure.panels.last_mut() {
                Some(panel) => panel.notes.push(line),
                None => figure.lines.push(line),
            }
            continue;
        }
        number += 1;
        let title = format!("{number}. {}", step.label);
        let mut panel = match step.value {
            StepValue::Squares(set) => {
                let mut panel = Panel::bitboard(title, set, Tone::Set);
                let (row, column) = Panel::board_position(lookup.square);
                panel.rows[row][column] = Cell::new(letter, Tone::Focus);
                panel
            }
            StepValue::Word(word) => Panel::bitboard(title, Bitboard(word), Tone::Line),
            StepValue::Bits(bits) => {
                let mut panel = Panel::new(title);
                let width = u32::from(bits.width);
                panel.rows.push(
                    (0..width)
                        .rev()
                        .map(|bit| {
                            if bits.value >> bit & 1 != 0 {
                                Cell::new("1", Tone::Set)
                            } else {
                                Cell::new("0", Tone::Unused)
                            }
                        })
                        .collect(),
                );
                panel.column_labels = (0..width).rev().map(|bit| bit.to_string()).collect();
                panel
            }
            StepValue::Number(_) => unreachable!("numbers are notes"),
        };
        panel.notes.extend(wrap(&step.note, 40));
        figure.panels.push(panel);
    }
    let mut attacks = Panel::bitboard(
        format!("{}. attacks", number + 1),
        lookup.attacks,
        Tone::Reach,
    );
    let (row, column) = Panel::board_position(lookup.square);
    attacks.rows[row][column] = Cell::new(letter, Tone::Focus);
    if !part.is_empty() {
        attacks
            .notes
            .push("every part of the lookup ORed".to_string());
    }
    figure.panels.push(attacks);
    figure.per_row = per_row;
    figure.legend(Tone::Focus, "the slider");
    figure.legend(Tone::Set, "a square in the set");
    figure.legend(Tone::Line, "a 1 bit of a 64-bit word, bit i on square i");
    figure.legend(Tone::Reach, "attacked");
    figure
}

/// A number step as a line of text.
fn number_line(step: &LookupStep, value: u64) -> String {
    if step.note.is_empty() {
        format!("{} = {value}", step.label)
    } else {
        format!("{} = {value} ({})", step.label, step.note)
    }
}

/// `text` in lines of at most about `width` characters, broken at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The check mask and pin lines of the side to move in `fen`, on a bitboard board.
///
/// # Errors
///
/// A bad FEN.
fn masks_figure(fen: &str) -> Result<Figure, Error> {
    let board = HyperbolaBoard::from_fen(fen).map_err(|err| Error::Usage(err.to_string()))?;
    let masks = check_and_pin_masks(&board);
    let mut figure = Figure::of_position(
        "the check mask and the pin lines of the side to move",
        &board,
    );
    figure.lines.push(
        "checkers and pinned pieces as the bitboard generator finds them; the masks from the same definitions"
            .to_string(),
    );
    let king = board.king_of(board.side_to_move());
    let mark_king = |mut panel: Panel| {
        let (row, column) = Panel::board_position(king);
        panel.rows[row][column] = svg::piece_cell(&board, king);
        panel.rows[row][column].tone = Tone::Focus;
        panel
    };
    figure.panels.push(Panel::pieces("the position", &board));
    figure.panels.push(mark_king(Panel::bitboard(
        "checkers",
        masks.checkers,
        Tone::Capture,
    )));
    let mut check = mark_king(Panel::bitboard(
        "check mask: take the checker or block",
        masks.check_mask,
        Tone::Reach,
    ));
    check
        .notes
        .push("a piece other than the king moves only here".to_string());
    figure.panels.push(check);
    let pinned: Bitboard = masks.pins.iter().map(|&(sq, _)| sq).collect();
    figure.panels.push(mark_king(Panel::bitboard(
        "pinned pieces",
        pinned,
        Tone::Set,
    )));
    for &(sq, line) in &masks.pins {
        let mut panel = mark_king(Panel::bitboard(
            format!("pin line of {sq}"),
            line,
            Tone::Line,
        ));
        panel.notes.push(format!("{sq} may move only along it;"));
        panel.notes.push(format!(
            "with the check mask: {} squares",
            (line & masks.check_mask).without(sq).count()
        ));
        figure.panels.push(panel);
    }
    let movers = board.by_color(board.side_to_move()) & !pinned;
    if let Some(blocker) = movers.without(king).find(|&sq| {
        boardlab_views::svg::legal_moves_panel(&board, sq)
            .rows
            .iter()
            .flatten()
            .any(|cell| cell.tone == Tone::Reach || cell.tone == Tone::Capture)
    }) {
        figure.panels.push(svg::legal_moves_panel(&board, blocker));
    }
    figure.per_row = 3;
    figure.legend(Tone::Focus, "the king");
    figure.legend(Tone::Capture, "checker");
    figure.legend(Tone::Reach, "allowed by the check mask, or a legal target");
    figure.legend(Tone::Set, "pinned");
    figure.legend(Tone::Line, "the pin line");
    Ok(figure)
}

/// The path of `boardlab diff` from `root` to the position where the move lists differ: each
/// position with the move played from it, and the last with the moves only one side lists.
///
/// # Errors
///
/// A move on the report's path that the root does not allow (which the descent never reports).
pub(crate) fn descent_figure(root: &Position, report: &DiffReport) -> Result<Figure, Error> {
    let mut figure = Figure::new(format!(
        "the descent of diff: {} against {}, depth {}",
        report.a, report.b, report.depth
    ));
    figure.lines.push(format!("root: {}", report.fen));
    let Some(divergence) = &report.divergence else {
        figure
            .lines
            .push("no divergence: the two agree".to_string());
        figure
            .panels
            .push(Panel::pieces("the root", &root.board::<ReferenceBoard>()));
        return Ok(figure);
    };
    figure.lines.push(
        "each step plays the move whose counts differ, the smallest such subtree first".to_string(),
    );
    let mut at = root.clone();
    for (ply, &mv) in divergence.path.iter().enumerate() {
        let title = if ply == 0 {
            "the root: counts differ".to_string()
        } else {
            format!("after {}", divergence.path[..ply].iter().join(" "))
        };
        let mut panel = Panel::pieces(title, &at.board::<ReferenceBoard>());
        arrow(&mut panel, mv, false);
        panel
            .notes
            .push(format!("{}. {mv}: counts differ below it", ply + 1));
        figure.panels.push(panel);
        at.play_uci(mv)
            .map_err(|err| Error::Usage(err.to_string()))?;
    }
    let mut last = Panel::pieces(
        if divergence.path.is_empty() {
            "the root: the move lists differ".to_string()
        } else {
            format!(
                "after {}: the lists differ",
                divergence.path.iter().join(" ")
            )
        },
        &at.board::<ReferenceBoard>(),
    );
    for (name, moves) in [
        (&report.a, &divergence.only_in_a),
        (&report.b, &divergence.only_in_b),
    ] {
        for &mv in moves {
            arrow(&mut last, mv, true);
        }
        let listed = if moves.is_empty() {
            "(none)".to_string()
        } else {
            moves.iter().join(" ")
        };
        last.notes.push(format!("only in {name}: {listed}"));
    }
    figure.panels.push(last);
    figure.per_row = 3;
    figure.legend(Tone::Capture, "a move only one side lists");
    Ok(figure)
}

/// An arrow for the move `mv` on a board panel, its squares marked when `differs`.
fn arrow(panel: &mut Panel, mv: UciMove, differs: bool) {
    let (from, to) = (Panel::board_position(mv.from), Panel::board_position(mv.to));
    panel.arrows.push((from, to));
    if differs {
        for (row, column) in [from, to] {
            panel.rows[row][column].tone = Tone::Capture;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_figure_is_an_svg_document() {
        for idea in [
            Idea::Magic,
            Idea::Kindergarten,
            Idea::Hyperbola,
            Idea::KoggeStone,
            Idea::Obstruction,
            Idea::Masks,
            Idea::AlphaBeta,
        ] {
            let args = FigureArgs { idea, out: None };
            let mut out = Vec::new();
            run(&args, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert!(text.starts_with("<svg ") && text.ends_with("</svg>\n"));
        }
    }
}
