//! What a piece's walk over an array board reaches, cell by cell: the array boards' views
//! record it and draw it in both renderings, a symbol in the text and a tone in the figure.

use crate::svg;
use crate::{Marked, Narration};
use boardlab_core::Square;

/// What one step of a walk over an array board reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reached {
    /// An empty square the piece may move to.
    Empty,
    /// A square holding an enemy piece: a capture.
    Capture,
    /// A cell off the board (the mailbox frame, the 0x88 phantom half) that ended a step.
    OffBoard,
}

impl Reached {
    /// The symbol the text views draw in the reached cell.
    pub const fn symbol(self) -> char {
        match self {
            Reached::Empty => '*',
            Reached::Capture => 'x',
            Reached::OffBoard => '@',
        }
    }

    /// The tone the figures give the reached cell.
    pub const fn tone(self) -> svg::Tone {
        match self {
            Reached::Empty => svg::Tone::Reach,
            Reached::Capture => svg::Tone::Capture,
            Reached::OffBoard => svg::Tone::Line,
        }
    }
}

/// The trace a piece's walk over an array board leaves, as an explanation narrates it: the
/// cells it reached, by cell index, and the narration (a line per ray or step, and the verdicts
/// after them).
#[derive(Debug, Clone, Default)]
pub struct ReachTrace {
    marks: Vec<(usize, Reached)>,
    /// The narration.
    pub text: String,
}

impl ReachTrace {
    /// Records that the walk reached `cell`.
    pub fn mark(&mut self, cell: usize, reached: Reached) {
        self.marks.push((cell, reached));
    }

    /// Takes back every mark on `cell` (a king step that turned out to be attacked).
    pub fn unmark(&mut self, cell: usize) {
        self.marks.retain(|&(marked, _)| marked != cell);
    }

    /// What the walk last reached on `cell`, if it reached it.
    pub fn reached(&self, cell: usize) -> Option<Reached> {
        self.marks
            .iter()
            .rev()
            .find(|&&(marked, _)| marked == cell)
            .map(|&(_, reached)| reached)
    }

    /// The caption of the text grid that draws the walk, naming its symbols; `off_board` says
    /// what an off-board cell is on this board.
    pub fn text_legend(off_board: &str) -> String {
        format!(
            "the walk drawn ({} empty target, {} capture, {} {off_board} that ended a walk)",
            Reached::Empty.symbol(),
            Reached::Capture.symbol(),
            Reached::OffBoard.symbol()
        )
    }

    /// Marks the squares the walk reached in the step `narration` is writing (the off-board
    /// cells left out); `square_of` gives a cell's square, `None` off the board.
    pub fn mark_squares(
        &self,
        narration: &mut Narration,
        square_of: impl Fn(usize) -> Option<Square>,
    ) {
        for &(cell, _) in &self.marks {
            let Some(square) = square_of(cell) else {
                continue;
            };
            match self.reached(cell) {
                Some(Reached::Empty) => narration.mark(square, Marked::Reach),
                Some(Reached::Capture) => narration.mark(square, Marked::Capture),
                Some(Reached::OffBoard) | None => {}
            }
        }
    }

    /// The legend of a figure that draws the walk; `off_board` says what an off-board cell is
    /// on this board.
    pub fn legend(figure: &mut svg::Figure, off_board: &str) {
        figure.legend(svg::Tone::Focus, "the piece explained");
        figure.legend(Reached::Empty.tone(), "reached, empty");
        figure.legend(Reached::Capture.tone(), "reached, enemy piece");
        figure.legend(
            Reached::OffBoard.tone(),
            format!("{off_board} that stopped a step"),
        );
    }
}
