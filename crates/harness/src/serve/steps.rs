//! `explain`'s text, cut into the steps the board page walks through, each with the squares it
//! is about.
//!
//! The text view is the one every backend writes, so the page steps through exactly what
//! `boardlab explain` prints. A step is a block of lines between blank lines. The squares a
//! step marks on the page's board are read from the last 8x8 grid the block draws (a set bit,
//! a target `*`, a capture `x`), which is the step's result: the attacks found, the targets
//! left after the legality masks. A block without a grid marks the squares its text names.

use boardlab_core::Square;
use serde::Serialize;
use std::collections::BTreeMap;

/// One step of an explanation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Step {
    /// The block's first line.
    pub title: String,
    /// The whole block, as `explain` printed it.
    pub text: String,
    /// What the marked squares are: the caption of the grid they were read from, or
    /// `"squares named"`.
    pub marked: String,
    /// Squares to highlight, by name, with how: `"set"`, `"reach"`, `"capture"` or `"named"`.
    pub marks: BTreeMap<String, &'static str>,
}

/// Cuts `text` into steps (see the module docs).
pub(crate) fn steps(text: &str) -> Vec<Step> {
    let mut blocks: Vec<Vec<&str>> = vec![Vec::new()];
    for line in text.lines() {
        if line.trim().is_empty() {
            if blocks.last().is_some_and(|block| !block.is_empty()) {
                blocks.push(Vec::new());
            }
        } else if let Some(block) = blocks.last_mut() {
            block.push(line);
        }
    }
    blocks
        .into_iter()
        .filter(|block| !block.is_empty())
        .map(|block| {
            let (marked, marks) = match last_grid(&block) {
                Some(found) => found,
                None => ("squares named".to_string(), named_squares(&block)),
            };
            Step {
                title: block[0].trim().to_string(),
                text: block.join("\n"),
                marked,
                marks,
            }
        })
        .collect()
}

/// Where the last 8x8 grid of a block starts in its rank-8 line, and that grid's caption and
/// marks. A grid row is a rank digit, two spaces and eight cells one space apart, as
/// `boardlab_core::views::grid` draws it; grids drawn side by side share their lines.
fn last_grid(block: &[&str]) -> Option<(String, BTreeMap<String, &'static str>)> {
    let top = block
        .iter()
        .rposition(|line| grid_start(line, '8').is_some())?;
    let column = grid_start(block[top], '8')?;
    if top + 8 > block.len() {
        return None;
    }
    let mut marks = BTreeMap::new();
    for (row, line) in block[top..top + 8].iter().enumerate() {
        let rank = 7 - row;
        let cells = line.get(column + 3..)?;
        for (file, cell) in cells.chars().step_by(2).take(8).enumerate() {
            let how = match cell {
                '1' => "set",
                '*' => "reach",
                'x' => "capture",
                _ => continue,
            };
            let square = Square::ALL[rank * 8 + file];
            marks.insert(square.to_string(), how);
        }
    }
    // A caption starts its line; an indented line above a grid is the block's text (a move
    // table), and the grid is then named by the block's title.
    let caption = top
        .checked_sub(1)
        .filter(|&above| !block[above].starts_with(' '))
        .and_then(|above| block[above].get(column..))
        .map(|tail| {
            // Side-by-side captions are padded to the grids' width and separated by spaces.
            let end = tail.find("    ").unwrap_or(tail.len());
            tail[..end].trim().to_string()
        })
        .filter(|caption| !caption.is_empty())
        .unwrap_or_else(|| block[0].trim().to_string());
    Some((caption, marks))
}

/// The byte offset of the last grid row for `rank` in `line`: a rank digit, two spaces and
/// eight cells (each one character and a space between), not preceded by a letter or digit.
fn grid_start(line: &str, rank: char) -> Option<usize> {
    let bytes = line.as_bytes();
    (0..bytes.len()).rev().find(|&at| {
        let row = &bytes[at..];
        row.len() >= 3 + 15
            && row[0] == rank as u8
            && row[1] == b' '
            && row[2] == b' '
            && (0..8).all(|i| row[3 + 2 * i] != b' ')
            && (0..7).all(|i| row[4 + 2 * i] == b' ')
            && (at == 0 || bytes[at - 1] == b' ')
    })
}

/// The squares the lines name as whole words (`e4`), and the squares of moves written in UCI
/// (`e2e4`, `e7e8q`).
fn named_squares(block: &[&str]) -> BTreeMap<String, &'static str> {
    let mut marks = BTreeMap::new();
    for line in block {
        for word in line.split(|c: char| !c.is_ascii_alphanumeric()) {
            let squares: &[&str] = match word.len() {
                2 => &[word],
                4 | 5 => &[&word[0..2], &word[2..4]],
                _ => &[],
            };
            let parsed: Option<Vec<Square>> = squares.iter().map(|s| s.parse().ok()).collect();
            if word.len() == 5 && !matches!(word.as_bytes()[4], b'q' | b'r' | b'b' | b'n') {
                continue;
            }
            for square in parsed.into_iter().flatten() {
                marks.insert(square.to_string(), "named");
            }
        }
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "\
magic: the white rook on a1 (bit 0)
fen: 8/8/8/8/8/8/8/R3K3 w - - 0 1

  rook attacks from a1
occupied              entry: attacks
8  . . . . . . . .    8  1 . . . . . . .
7  . . . . . . . .    7  1 . . . . . . .
6  . . . . . . . .    6  1 . . . . . . .
5  . . . . . . . .    5  1 . . . . . . .
4  . . . . . . . .    4  1 . . . . . . .
3  . . . . . . . .    3  1 . . . . . . .
2  . . . . . . . .    2  1 . . . . . . .
1  1 . . . 1 . . .    1  . 1 1 1 1 . . .
   a b c d e f g h       a b c d e f g h

legal moves from a1 (generate): 2
  a1a2    0000
  a1b1    0000
";

    #[test]
    fn blocks_become_steps_marked_by_their_last_grid_or_the_squares_named() {
        let steps = steps(TEXT);
        assert_eq!(steps.len(), 3);
        assert_eq!(steps[0].title, "magic: the white rook on a1 (bit 0)");
        assert_eq!(steps[0].marked, "squares named");
        assert_eq!(steps[0].marks.keys().collect::<Vec<_>>(), ["a1"]);
        assert_eq!(steps[1].marked, "entry: attacks");
        assert_eq!(steps[1].marks.len(), 11);
        assert_eq!(steps[1].marks.get("a8"), Some(&"set"));
        assert_eq!(steps[1].marks.get("e1"), Some(&"set"));
        assert_eq!(steps[1].marks.get("f1"), None);
        let named: Vec<&String> = steps[2].marks.keys().collect();
        assert_eq!(named, ["a1", "a2", "b1"]);
    }

    #[test]
    fn every_backend_explains_in_steps_with_marks() {
        use crate::Backend;
        use boardlab_core::{Board, Views, START_FEN};
        for &backend in Backend::ALL {
            let text = with_backend!(backend, B => {
                B::from_fen(START_FEN).unwrap().explain(Square::G1).unwrap()
            });
            let steps = steps(&text);
            assert!(steps.len() >= 2, "{backend}: {steps:?}");
            let last = steps.last().unwrap();
            // The last grid of every explanation marks the knight's two targets.
            assert!(
                ["f3", "h3"].iter().all(|sq| last.marks.contains_key(*sq)),
                "{backend}: {last:?}"
            );
        }
    }
}
