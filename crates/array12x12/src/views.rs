//! Teaching views of the 12x12 board: the 144 cells with their frame of sentinels, and every
//! step of a walk as the cell it reads.

use crate::{Array12x12Board, Grid12x12, CELLS, WIDTH};
use boardlab_arrays::views::{explain, show, ArrayViews};
use boardlab_arrays::{framed_step_words, Dir, Geometry, KING_STEPS, KNIGHT_JUMPS};
use boardlab_core::Square;
use boardlab_views::{ExplainError, Explanation, Views};
use std::fmt::Write;

impl ArrayViews for Grid12x12 {
    const TITLE: &'static str =
        "12x12: 144 cells, index = 26 + 12 * rank + file, a frame of 99 two deep";
    const WIDTH: usize = WIDTH;
    const OFF_BOARD: &'static str = "a sentinel cell";

    fn step_words(cells: &[i8; CELLS], cell: usize, dir: Dir) -> String {
        framed_step_words(cells, WIDTH as isize, cell, dir, false)
    }
}

impl Views for Array12x12Board {
    fn show(&self, focus: Option<Square>) -> Explanation {
        show(self, &self.0, focus, |out| {
            let sq = focus.unwrap_or(Square::H1);
            let cell = Grid12x12::cell(sq);
            out.step(&format!(
                "the sentinel read around {sq} (cell {cell}): one load answers both questions"
            ));
            for dir in KING_STEPS.iter().chain(KNIGHT_JUMPS.iter()) {
                let _ = writeln!(
                    out,
                    "  ({:+},{:+}) {}",
                    dir.df,
                    dir.dr,
                    Grid12x12::step_words(&self.0.cells, cell, *dir)
                );
            }
            out.push_str(
                "the frame is two deep, so even a knight's jump from a corner reads a frame cell\n",
            );
        })
    }

    fn explain(&self, sq: Square) -> Result<Explanation, ExplainError> {
        explain(self, &self.0, sq, |out| {
            out.step(
                "3. no step above computed a rank or a file: each read its cell and looked for 99",
            );
        })
    }
}
