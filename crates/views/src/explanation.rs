//! A view as a value: what `show` and `explain` return, and the renderers that draw it.
//!
//! An [`Explanation`] is a heading, a few lines under it (the position), and [`Step`]s. Each
//! step has a title, its narration (`notes`, the lines the text view prints under the title),
//! the squares it marks on the board ([`Mark`]: a set bit, a square reached, a capture), the
//! panels a figure draws for it (the padded arrays, list slots and bitboards, as
//! [`svg::Panel`](crate::svg::Panel)s) and its kind: narrated, or a slider's table lookup
//! ([`StepKind::Lookup`], the very [`Lookup`] value `boardlab serve`'s slider page draws).
//! Three renderers read the one value: [`Explanation::to_text`] (what the command line
//! prints), [`Explanation::to_svg`] (the figures) and serde's `Serialize` (the JSON of `--json`
//! and of `boardlab serve`), so the three cannot tell different stories.
//!
//! ```text
//!   Explanation { title, lines, square, steps, legend, per_row }
//!   Step        { title, notes, marks, panels, kind: narrated | lookup { lookup } }
//!   Mark        { square, how: set | reach | capture }
//! ```
//!
//! # Examples
//!
//! ```
//! use boardlab_views::{Explanation, Marked, Narration};
//! use boardlab_core::Square;
//! use std::fmt::Write;
//!
//! let mut narration = Narration::new("a knight on g1");
//! narration.push_str("fen: (the position)\n");
//! narration.step("1. jumps");
//! let _ = writeln!(narration, "  f3 and h3");
//! narration.mark(Square::F3, Marked::Reach);
//! let explained: Explanation = narration.finish();
//! assert_eq!(explained.title, "a knight on g1");
//! assert_eq!(explained.steps[0].marks.len(), 1);
//! assert_eq!(explained.to_text(), "a knight on g1\nfen: (the position)\n\n1. jumps\n  f3 and h3\n");
//! ```

use crate::svg::{Figure, Panel, Tone};
use crate::Lookup;
use boardlab_core::{Bitboard, Board, Color, Square};
use serde::{Serialize, Serializer};
use std::fmt;

/// A view of a board, step by step.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The heading: which representation, which piece.
    pub title: String,
    /// The lines under the heading: the position and the state beside it.
    pub lines: Vec<String>,
    /// The square explained, or the square `show` was asked to focus on.
    #[serde(serialize_with = "optional_square_name")]
    pub square: Option<Square>,
    /// The steps, in the order the representation takes them.
    pub steps: Vec<Step>,
    /// What each tone of the panels means, in the order a figure lists them.
    pub legend: Vec<LegendEntry>,
    /// How many panels a figure puts side by side before it starts a new row.
    pub per_row: usize,
}

/// One step of an explanation, or one section of a `show`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The step's first line (`"2. ray walks"`); empty for a section that continues the one
    /// before it without a break.
    pub title: String,
    /// The narration: the lines the text view prints under the title, text drawings included.
    pub notes: Vec<String>,
    /// The squares the step marks on the board, each once, in square order.
    pub marks: Vec<Mark>,
    /// What a figure draws for the step.
    pub panels: Vec<Panel>,
    /// What kind of step it is: narrated, or a slider lookup.
    #[serde(flatten)]
    pub kind: StepKind,
}

/// What a [`Step`] is beside its notes: written as narration, or a slider's table lookup,
/// kept as the value the lookup is (in JSON, `"kind": "narrated"` or `"kind": "lookup"` with
/// the lookup beside it).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "lookup", rename_all = "snake_case")]
pub enum StepKind {
    /// The notes say it all.
    #[default]
    Narrated,
    /// A slider lookup, step by step, which the text view prints after the notes.
    Lookup(Lookup),
}

/// A square a step marks, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Mark {
    /// The square.
    #[serde(serialize_with = "square_name")]
    pub square: Square,
    /// How the step marks it.
    pub how: Marked,
}

/// How a step marks a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Marked {
    /// A square in a set the step computes: a mask, an occupancy, attacks that are not moves.
    Set,
    /// A square the piece reaches: an empty target.
    Reach,
    /// A square the piece reaches that holds an enemy piece.
    Capture,
}

impl Marked {
    /// The tone a figure gives a square marked this way.
    pub const fn tone(self) -> Tone {
        match self {
            Marked::Set => Tone::Set,
            Marked::Reach => Tone::Reach,
            Marked::Capture => Tone::Capture,
        }
    }
}

/// One entry of a figure's legend: a tone and what it means in this figure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LegendEntry {
    /// The tone.
    pub tone: Tone,
    /// What a cell of that tone is here.
    pub meaning: String,
}

fn square_name<S: Serializer>(sq: &Square, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(sq)
}

fn optional_square_name<S: Serializer>(
    sq: &Option<Square>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match sq {
        Some(sq) => serializer.collect_str(sq),
        None => serializer.serialize_none(),
    }
}

impl Step {
    /// Marks `square` as `how`; a square marked twice keeps the later mark.
    pub fn mark(&mut self, square: Square, how: Marked) {
        match self.marks.iter_mut().find(|mark| mark.square == square) {
            Some(mark) => mark.how = how,
            None => {
                self.marks.push(Mark { square, how });
                self.marks.sort_by_key(|mark| mark.square);
            }
        }
    }

    /// The marked squares, whatever the mark.
    pub fn marked(&self) -> Bitboard {
        self.marks.iter().map(|mark| mark.square).collect()
    }

    /// The step as the text view prints it: a blank line and the title (when there is one),
    /// then the notes.
    fn write_text(&self, out: &mut String) {
        if !self.title.is_empty() {
            out.push('\n');
            out.push_str(&self.title);
            out.push('\n');
        }
        for note in &self.notes {
            out.push_str(note);
            out.push('\n');
        }
        if let StepKind::Lookup(lookup) = &self.kind {
            out.push('\n');
            out.push_str(&lookup.to_text());
        }
    }
}

impl Explanation {
    /// The explanation as text: the heading, the lines under it, and each step's title and
    /// notes, a blank line before each title.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        out.push_str(&self.title);
        out.push('\n');
        for line in &self.lines {
            out.push_str(line);
            out.push('\n');
        }
        for step in &self.steps {
            step.write_text(&mut out);
        }
        out
    }

    /// The explanation as a figure: the heading, the lines, every step's panels in order, and
    /// the legend.
    pub fn to_figure(&self) -> Figure {
        let mut figure = Figure::new(self.title.clone());
        figure.lines = self.lines.clone();
        if self.per_row > 0 {
            figure.per_row = self.per_row;
        }
        figure.panels = self
            .steps
            .iter()
            .flat_map(|step| step.panels.iter().cloned())
            .collect();
        for entry in &self.legend {
            figure.legend(entry.tone, entry.meaning.clone());
        }
        figure
    }

    /// The explanation as one SVG document (see [`Figure::to_svg`]).
    pub fn to_svg(&self) -> String {
        self.to_figure().to_svg()
    }

    /// Adds a legend entry, once per tone (a second meaning for a tone is ignored, as in
    /// [`Figure::legend`]).
    pub fn legend(&mut self, tone: Tone, meaning: impl Into<String>) {
        if !self.legend.iter().any(|entry| entry.tone == tone) {
            self.legend.push(LegendEntry {
                tone,
                meaning: meaning.into(),
            });
        }
    }

    /// Takes over a figure's lines, legend and layout, so that a representation can draw its
    /// panels with the figure helpers; the figure's panels are left for the caller to place in
    /// steps.
    pub fn adopt_figure_layout(&mut self, figure: &Figure) {
        self.per_row = figure.per_row;
        for (tone, meaning) in &figure.legend {
            self.legend(*tone, meaning.clone());
        }
    }

    /// The last step, for the panels and marks of the step every explanation ends with.
    pub fn last_step_mut(&mut self) -> Option<&mut Step> {
        self.steps.last_mut()
    }

    /// The first step whose title starts with `prefix`.
    pub fn step_mut(&mut self, prefix: &str) -> Option<&mut Step> {
        self.steps
            .iter_mut()
            .find(|step| step.title.starts_with(prefix))
    }
}

/// Builds an [`Explanation`] the way a text view is written: it starts with the heading
/// ([`Narration::new`]); text written before the first step is the lines under it;
/// [`Narration::step`] starts a step, and the text written after it is that step's notes, a
/// note a line. Marks and panels go to the step being written.
#[derive(Debug, Default)]
pub struct Narration {
    explanation: Explanation,
    /// The text written since the last step began (or since the heading).
    pending: String,
}

impl Narration {
    /// An explanation headed `title`, with nothing under it yet.
    pub fn new(title: impl Into<String>) -> Narration {
        Narration {
            explanation: Explanation {
                title: title.into(),
                ..Explanation::default()
            },
            pending: String::new(),
        }
    }

    /// Appends text to the step being written.
    pub fn push_str(&mut self, text: &str) {
        self.pending.push_str(text);
    }

    /// Appends one character.
    pub fn push(&mut self, c: char) {
        self.pending.push(c);
    }

    /// Starts a step titled `title`, one line; the text view prints a blank line before it.
    pub fn step(&mut self, title: &str) {
        self.start(Step {
            title: title.to_string(),
            ..Step::default()
        });
    }

    /// Starts a section without a title, which the text view prints straight after the one
    /// before it.
    pub fn section(&mut self) {
        self.start(Step::default());
    }

    /// Adds a slider lookup as a step of its own, untitled (the lookup has its heading); the
    /// text view prints it after a blank line. Marks and text that follow go to it until the
    /// next step starts.
    pub fn lookup(&mut self, lookup: Lookup) {
        self.start(Step {
            kind: StepKind::Lookup(lookup),
            ..Step::default()
        });
    }

    /// Marks `square` in the step being written.
    pub fn mark(&mut self, square: Square, how: Marked) {
        self.current().mark(square, how);
    }

    /// Marks every square of `set` in the step being written.
    pub fn mark_set(&mut self, set: Bitboard, how: Marked) {
        for square in set {
            self.mark(square, how);
        }
    }

    /// Marks the squares a piece of `board`'s reaches: those holding a piece of the other
    /// colour than `mover`'s as captures, empty ones as reached, and its own side's as set.
    pub fn mark_reached<B: Board>(&mut self, board: &B, mover: Color, set: Bitboard) {
        for square in set {
            let how = match board.piece_at(square) {
                None => Marked::Reach,
                Some(piece) if piece.color != mover => Marked::Capture,
                Some(_) => Marked::Set,
            };
            self.mark(square, how);
        }
    }

    /// Adds a panel to the step being written.
    pub fn panel(&mut self, panel: Panel) {
        self.current().panels.push(panel);
    }

    /// The square the explanation is about.
    pub fn square(&mut self, square: Option<Square>) {
        self.explanation.square = square;
    }

    /// The explanation, its last step closed.
    pub fn finish(mut self) -> Explanation {
        self.close();
        self.explanation
    }

    /// The explanation, its last step closed, with `figure`'s lines, legend and layout (see
    /// [`Explanation::adopt_figure_layout`]): how a view that drew its panels with the figure
    /// helpers ends.
    pub fn finish_with_layout(self, figure: &Figure) -> Explanation {
        let mut explanation = self.finish();
        explanation.adopt_figure_layout(figure);
        explanation
    }

    /// Closes what was being written and starts `step`.
    fn start(&mut self, step: Step) {
        self.close();
        self.explanation.steps.push(step);
    }

    /// The step being written; an untitled one is opened for marks or panels given before
    /// the first step.
    fn current(&mut self) -> &mut Step {
        if self.explanation.steps.is_empty() {
            self.section();
        }
        let last = self.explanation.steps.len() - 1;
        &mut self.explanation.steps[last]
    }

    /// Moves the text written since the last step began into that step's notes (or, before
    /// the first step, the lines under the heading), a line each.
    fn close(&mut self) {
        let text = std::mem::take(&mut self.pending);
        let lines = text.split_terminator('\n').map(str::to_string);
        match self.explanation.steps.last_mut() {
            Some(step) => step.notes.extend(lines),
            None => self.explanation.lines.extend(lines),
        }
    }
}

impl fmt::Write for Narration {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.pending.push_str(s);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write;

    #[test]
    fn the_text_renderer_gives_back_what_was_written() {
        let written = "title\nline\n\n1. first\n  a\n\n  b\n\n2. second\nc\nd\n";
        let mut narration = Narration::new("title");
        narration.push_str("line\n");
        narration.step("1. first");
        narration.push_str("  a\n\n  b\n");
        narration.step("2. second");
        narration.push_str("c\n");
        let _ = writeln!(narration, "d");
        let explained = narration.finish();
        assert_eq!(explained.lines, ["line"]);
        assert_eq!(explained.steps.len(), 2);
        assert_eq!(explained.steps[1].title, "2. second");
        assert_eq!(explained.steps[1].notes, ["c", "d"]);
        assert_eq!(explained.to_text(), written);
    }

    #[test]
    fn a_square_marked_twice_keeps_the_later_mark_and_marks_stay_in_square_order() {
        let mut step = Step::default();
        step.mark(Square::E4, Marked::Reach);
        step.mark(Square::A1, Marked::Set);
        step.mark(Square::E4, Marked::Capture);
        let squares: Vec<Square> = step.marks.iter().map(|mark| mark.square).collect();
        assert_eq!(squares, [Square::A1, Square::E4]);
        assert_eq!(step.marks[1].how, Marked::Capture);
    }

    #[test]
    fn marks_before_any_step_open_an_untitled_one() {
        let mut narration = Narration::new("heading");
        narration.push_str("a line under it\n");
        narration.mark(Square::D4, Marked::Set);
        let explained = narration.finish();
        // The lines under the heading were taken before the mark opened the step.
        assert_eq!(explained.title, "heading");
        assert_eq!(explained.lines, ["a line under it"]);
        assert_eq!(explained.steps.len(), 1);
        assert_eq!(explained.steps[0].marks.len(), 1);
    }
}
