//! Teaching views of the 8x8 board: the 64 cells and their codes, and every step of a walk
//! with its edge test written out, file and rank.

use crate::{Array8x8Board, Grid8x8};
use boardlab_arrays::views::{explain, show, ArrayViews};
use boardlab_arrays::{Dir, KING_STEPS};
use boardlab_core::Square;
use boardlab_views::{ExplainError, Explanation, Views};
use std::fmt::Write;

impl ArrayViews for Grid8x8 {
    const TITLE: &'static str = "8x8: 64 cells, index = 8 * rank + file, no frame";
    const WIDTH: usize = 8;
    const OFF_BOARD: &'static str = "a failed edge test";

    fn step_words(_cells: &[i8; 64], cell: usize, dir: Dir) -> String {
        let (file, rank) = ((cell & 7) as i8, (cell >> 3) as i8);
        let (to_file, to_rank) = (file + dir.df, rank + dir.dr);
        let verdict = if !(0..8).contains(&to_file) {
            "file off the board, stop"
        } else if !(0..8).contains(&to_rank) {
            "rank off the board, stop"
        } else {
            "on the board"
        };
        format!(
            "file {file}{:+}={to_file} rank {rank}{:+}={to_rank}: {verdict}",
            dir.df, dir.dr
        )
    }
}

impl Views for Array8x8Board {
    fn show(&self, focus: Option<Square>) -> Explanation {
        show(self, &self.0, focus, |out| {
            let sq = focus.unwrap_or(Square::H1);
            let cell = sq.index();
            out.step(&format!(
                "the edge test around {sq} (cell {cell}): the cell arithmetic alone would wrap"
            ));
            for dir in KING_STEPS {
                let wrapped = cell as isize + dir.offset(8);
                let _ = writeln!(
                    out,
                    "  ({:+},{:+}) cell {cell}{:+}={wrapped}; {}",
                    dir.df,
                    dir.dr,
                    dir.offset(8),
                    Grid8x8::step_words(&self.0.cells, cell, dir)
                );
            }
            out.push_str(
                "every step of every walk, in move generation and in the attack test, makes this test\n",
            );
        })
    }

    fn explain(&self, sq: Square) -> Result<Explanation, ExplainError> {
        explain(self, &self.0, sq, |out| {
            out.step(
                "3. each line of step 1 is one edge test: a file and a rank compared with 0..8",
            );
        })
    }
}
