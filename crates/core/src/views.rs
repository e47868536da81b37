//! Teaching views: each representation draws its own internals as text.
//!
//! [`Views`] is what `boardlab show` and `boardlab explain` print. A backend implements it to
//! draw what it keeps (its piece lists, its padded array, its bitboards) and to walk through,
//! step by step, how it finds the moves of one piece. The drawing functions here ([`grid`],
//! [`bitboard_grid`], [`side_by_side`], …) keep the diagrams of every backend in one style:
//! 8x8 grids with rank 8 on top and the files lettered underneath.
//!
//! # Examples
//!
//! ```
//! use boardlab_core::views::{bitboard_grid, side_by_side, titled};
//! use boardlab_core::bitboard::knight_attacks;
//! use boardlab_core::Square;
//!
//! let left = titled("knight on b1", bitboard_grid(knight_attacks(Square::B1)));
//! let right = titled("knight on g1", bitboard_grid(knight_attacks(Square::G1)));
//! let text = side_by_side(&[left, right]);
//! assert!(text.starts_with("knight on b1"));
//! assert!(text.contains("3  1 . 1 . . . . .    3  . . . . . 1 . 1"));
//! ```

mod explanation;
pub mod svg;

pub use explanation::{Explanation, LegendEntry, Mark, Marked, Narration, Step};

use crate::{Bitboard, Board, GenKind, Move, MoveList, Piece, Square};
use std::fmt;

/// Why [`Views::explain`] has nothing to explain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExplainError {
    /// No piece stands on the square.
    EmptySquare(Square),
}

impl fmt::Display for ExplainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExplainError::EmptySquare(sq) => {
                write!(f, "no piece on {sq}: explain needs the square of a piece")
            }
        }
    }
}

impl std::error::Error for ExplainError {}

/// A representation that can draw its internals, for teaching.
///
/// Both methods return an [`Explanation`]: a value with steps, the squares each marks, the
/// panels a figure draws and the narration, which [`Explanation::to_text`] prints as ASCII
/// diagrams (meant to be read next to the representation's source code),
/// [`Explanation::to_svg`] draws, and serde writes as JSON. They are slow and allocate;
/// nothing on a hot path calls them.
pub trait Views: Board {
    /// The position and what this representation keeps for it, drawn: its arrays with their
    /// padding, its piece lists or its bitboards. `focus` picks one square for the parts of a
    /// representation that are kept per square (the magic masks and table offsets); a backend
    /// without such parts may ignore it.
    fn show(&self, focus: Option<Square>) -> Explanation;

    /// How this representation finds the attacks and moves of the piece on `sq`, one step at a
    /// time, ending with the legal moves [`Board::generate`] gives for that piece (the last
    /// step marks their targets).
    ///
    /// # Errors
    ///
    /// [`ExplainError::EmptySquare`] when no piece stands on `sq`.
    fn explain(&self, sq: Square) -> Result<Explanation, ExplainError>;
}

/// What one step of a walk over an array board reached. The array boards' explanations record
/// each cell their walk reaches, and draw it in both views: a symbol in the text, a tone in the
/// figure.
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

/// The line a representation's `show` ends with: what one board and the shared lookup tables
/// take in memory ([`Board::board_bytes`], [`Board::table_bytes`]), `tables` saying what the
/// tables are.
pub fn sizes_line<B: Board>(tables: &str) -> String {
    format!(
        "board: {} bytes; {tables}: {} bytes",
        B::board_bytes(),
        B::table_bytes()
    )
}

/// The piece's name in words, `"white knight"`.
pub fn piece_name(piece: Piece) -> String {
    let role = match piece.role {
        crate::Role::Pawn => "pawn",
        crate::Role::Knight => "knight",
        crate::Role::Bishop => "bishop",
        crate::Role::Rook => "rook",
        crate::Role::Queen => "queen",
        crate::Role::King => "king",
    };
    format!("{} {role}", piece.color)
}

/// An 8x8 grid, rank 8 on top, each square drawn by `cell`. Cells are right-aligned to the
/// widest one, so multi-character cells (indexes, numbers) line up.
pub fn grid(cell: impl Fn(Square) -> String) -> Vec<String> {
    let cells: Vec<String> = Square::ALL.iter().map(|&sq| cell(sq)).collect();
    let width = cells.iter().map(|c| c.chars().count()).max().unwrap_or(1);
    let mut lines = Vec::with_capacity(9);
    for rank in (0..8).rev() {
        let mut line = format!("{} ", rank + 1);
        for file in 0..8 {
            line.push(' ');
            line.push_str(&pad_left(&cells[rank * 8 + file], width));
        }
        lines.push(line);
    }
    let mut footer = String::from("  ");
    for file in b'a'..=b'h' {
        footer.push(' ');
        footer.push_str(&pad_left(&(file as char).to_string(), width));
    }
    lines.push(footer);
    lines
}

/// A bitboard as a grid: `1` for a square in the set, `.` for one outside it.
pub fn bitboard_grid(set: Bitboard) -> Vec<String> {
    grid(|sq| if set.contains(sq) { "1" } else { "." }.to_string())
}

/// The pieces of a board with some squares marked: `mark(sq)` replaces the square's letter
/// when it returns a character.
pub fn marked_grid<B: Board>(board: &B, mark: impl Fn(Square) -> Option<char>) -> Vec<String> {
    grid(|sq| {
        mark(sq)
            .or_else(|| board.piece_at(sq).map(Piece::char))
            .unwrap_or('.')
            .to_string()
    })
}

/// `lines` under a title line.
pub fn titled(title: impl Into<String>, lines: Vec<String>) -> Vec<String> {
    let mut out = vec![title.into()];
    out.extend(lines);
    out
}

/// Blocks of lines printed beside each other, each padded to its widest line, four spaces
/// apart. Blocks of different heights are padded at the bottom.
pub fn side_by_side(blocks: &[Vec<String>]) -> String {
    const GAP: &str = "    ";
    let widths: Vec<usize> = blocks
        .iter()
        .map(|b| b.iter().map(|l| l.chars().count()).max().unwrap_or(0))
        .collect();
    let height = blocks.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = String::new();
    for row in 0..height {
        let mut line = String::new();
        for (i, block) in blocks.iter().enumerate() {
            if i > 0 {
                line.push_str(GAP);
            }
            let text = block.get(row).map_or("", String::as_str);
            line.push_str(text);
            if i + 1 < blocks.len() {
                let pad = widths[i] - text.chars().count();
                line.push_str(&" ".repeat(pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The lines joined with newlines, one after the last.
pub fn join_lines(lines: &[String]) -> String {
    let mut out = String::new();
    for line in lines {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The FEN and the state beside the placement, as two lines: what every `show` starts with.
pub fn position_header<B: Board>(board: &B) -> String {
    let ep = board
        .ep_square()
        .map_or("-".to_string(), |sq| sq.to_string());
    format!(
        "fen: {}\nside to move: {}   castling: {}   en passant: {}   halfmove clock: {}\n",
        board.to_fen(),
        board.side_to_move(),
        board.castling(),
        ep,
        board.halfmove_clock()
    )
}

/// A 64-bit number as 16 hex digits in four groups, `0x0000_0000_0000_0000`: easier to read
/// against a grid than one long run of digits.
pub fn hex64(value: u64) -> String {
    format!(
        "0x{:04x}_{:04x}_{:04x}_{:04x}",
        value >> 48,
        value >> 32 & 0xffff,
        value >> 16 & 0xffff,
        value & 0xffff
    )
}

/// The step every `explain` ends with, after the representation's own walk has shown where
/// the candidates come from: the legal moves of the piece on `sq` as [`Board::generate`] gives
/// them, each with its 16-bit encoding split into its fields, and a grid marking their targets
/// (`*`). The step marks the targets on the board and draws them as a figure's last panel.
pub fn legal_moves_step<B: Board>(narration: &mut Narration, board: &B, sq: Square) {
    use std::fmt::Write;
    if board.piece_at(sq).map(|p| p.color) != Some(board.side_to_move()) {
        narration.step(&format!(
            "legal moves from {sq}: none, it is {}'s move",
            board.side_to_move()
        ));
        narration.panel(svg::legal_moves_panel(board, sq));
        return;
    }
    let mut moves = MoveList::new();
    board.generate(GenKind::All, &mut moves);
    let mine: Vec<Move> = moves.iter().copied().filter(|mv| mv.from() == sq).collect();
    narration.step(&format!("legal moves from {sq} (generate): {}", mine.len()));
    if !mine.is_empty() {
        narration.push_str("  move    flag to     from     bits    kind\n");
    }
    for mv in &mine {
        let bits = mv.bits();
        let _ = writeln!(
            narration,
            "  {:<7} {:04b} {:06b} {:06b}   {:#06x}  {:?}",
            mv.to_string(),
            bits >> 12,
            bits >> 6 & 63,
            bits & 63,
            bits,
            mv.flag()
        );
    }
    let targets: Bitboard = mine.iter().map(|mv| mv.to()).collect();
    narration.push_str(&join_lines(&marked_grid(board, |s| {
        targets.contains(s).then_some('*')
    })));
    narration.mark_reached(board, board.side_to_move(), targets);
    narration.panel(svg::legal_moves_panel(board, sq));
}

/// The legality step of a backend that reaches legal moves through check and pin masks, for
/// a piece other than the king: the candidate targets, minus the own pieces, cut down to the
/// check mask and the pin line, drawn as five grids side by side. `attacks` are the squares the
/// piece reaches on the current occupancy (for a pawn, its pushes and captures), `checkers` the
/// pieces giving check to the side to move, `pinned` its pinned pieces.
pub fn mask_legality<B: Board>(
    board: &B,
    sq: Square,
    attacks: Bitboard,
    own: Bitboard,
    checkers: Bitboard,
    pinned: Bitboard,
) -> (String, Bitboard) {
    use crate::bitboard::{between, line};
    let king = board.king_square(board.side_to_move());
    let mut out = String::new();
    let check_mask = match checkers.count() {
        0 => {
            out.push_str("  no checker: check mask = every square\n");
            Bitboard::FULL
        }
        1 => {
            let checker = checkers.first().unwrap_or(king);
            out.push_str(&format!(
                "  one checker on {checker}: check mask = between({king}, {checker}) | {checker}\n"
            ));
            between(king, checker).with(checker)
        }
        _ => {
            out.push_str("  two checkers: check mask = no square, only the king may move\n");
            Bitboard::EMPTY
        }
    };
    let pin_mask = if pinned.contains(sq) {
        out.push_str(&format!(
            "  pinned: pin mask = line({king}, {sq}), the whole line through king and piece\n"
        ));
        line(king, sq)
    } else {
        out.push_str("  not pinned: pin mask = every square\n");
        Bitboard::FULL
    };
    let targets = attacks & !own & check_mask & pin_mask;
    out.push_str(&side_by_side(&[
        titled("reached", bitboard_grid(attacks)),
        titled("& !own", bitboard_grid(!own)),
        titled("& check mask", bitboard_grid(check_mask)),
        titled("& pin mask", bitboard_grid(pin_mask)),
        titled(
            format!("= {} targets", targets.count()),
            bitboard_grid(targets),
        ),
    ]));
    (out, targets)
}

/// Step 1 of `explain` for a knight, king or pawn on a bitboard backend, where these come from
/// boardlab-core's leaper tables and pawn shifts whatever the slider technique: the step,
/// written into `narration` with the squares the piece reaches marked, and those squares.
/// `ep_note` says how the backend tests an en-passant capture. `None`, with nothing written,
/// for a slider, which each backend explains its own way.
pub fn bitboard_leaper_step<B: Board>(
    narration: &mut Narration,
    board: &B,
    sq: Square,
    occupied: Bitboard,
    theirs: Bitboard,
    ep_note: &str,
) -> Option<Bitboard> {
    use crate::bitboard::{king_attacks, knight_attacks, pawn_attacks};
    use crate::{Color, Role};
    let piece = board.piece_at(sq)?;
    let us = piece.color;
    let reached = match piece.role {
        Role::Knight => {
            narration.step("1. a knight's attacks are one table entry, knight_attacks[sq]");
            knight_attacks(sq)
        }
        Role::King => {
            narration.step("1. a king's attacks are one table entry, king_attacks[sq]");
            king_attacks(sq)
        }
        Role::Pawn => {
            let empty = !occupied;
            let one = Bitboard::from_square(sq).forward(us) & empty;
            let start = if us == Color::White { 1 } else { 6 };
            let two = if sq.rank().index() == start {
                one.forward(us) & empty
            } else {
                Bitboard::EMPTY
            };
            let captures = pawn_attacks(us, sq) & theirs;
            narration.step(
                "1. pawns move as sets: pushes shift the pawn set a rank onto empty squares,\n   captures are pawn_attacks & the enemy pieces (en passant apart)",
            );
            narration.push_str(&side_by_side(&[
                titled("one push", bitboard_grid(one)),
                titled("double push", bitboard_grid(two)),
                titled("pawn_attacks & theirs", bitboard_grid(captures)),
            ]));
            if let Some(ep) = board.ep_square() {
                if pawn_attacks(us, sq).contains(ep) && us == board.side_to_move() {
                    narration.push_str(&format!("  en passant onto {ep}: {ep_note}\n"));
                }
            }
            one | two | captures
        }
        _ => return None,
    };
    narration.mark_reached(board, us, reached);
    Some(reached)
}

/// What a backend's check and pin masks are made from: the explained piece's own side, the
/// pieces giving check, and the side to move's pinned pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaskInputs {
    /// The pieces of the explained piece's side, which none of its moves lands on (read only
    /// when that side is to move).
    pub own: Bitboard,
    /// The pieces giving check.
    pub checkers: Bitboard,
    /// The side to move's pieces pinned to their king.
    pub pinned: Bitboard,
}

/// The end of `explain` for a backend that reaches legal moves through check and pin masks:
/// step 2 (how the `reached` squares of the piece on `sq` become legal targets, with
/// `king_note` saying how that backend tests the king's own steps) and the legal moves from
/// `sq`.
pub fn mask_legality_and_moves<B: Board>(
    narration: &mut Narration,
    board: &B,
    sq: Square,
    reached: Bitboard,
    masks_from: MaskInputs,
    king_note: &str,
) {
    let MaskInputs {
        own,
        checkers,
        pinned,
    } = masks_from;
    let Some(piece) = board.piece_at(sq) else {
        return;
    };
    if piece.color == board.side_to_move() {
        narration.step("2. legality with check and pin masks");
        if piece.role == crate::Role::King {
            narration.push_str(king_note);
        } else if checkers.more_than_one() {
            narration.push_str("  double check: only the king moves\n");
        } else {
            let (text, targets) = mask_legality(board, sq, reached, own, checkers, pinned);
            narration.push_str(&text);
            narration.mark_reached(board, piece.color, targets);
        }
    } else {
        narration.step(&format!(
            "2. it is {}'s move: these are attacks, not legal moves",
            board.side_to_move()
        ));
    }
    legal_moves_step(narration, board, sq);
}

fn pad_left(text: &str, width: usize) -> String {
    let len = text.chars().count();
    let mut out = String::with_capacity(width);
    out.push_str(&" ".repeat(width.saturating_sub(len)));
    out.push_str(text);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_puts_rank_eight_on_top_and_aligns_wide_cells() {
        let lines = grid(|sq| sq.index().to_string());
        assert_eq!(lines[0], "8  56 57 58 59 60 61 62 63");
        assert_eq!(lines[7], "1   0  1  2  3  4  5  6  7");
        assert_eq!(lines[8], "    a  b  c  d  e  f  g  h");
    }

    #[test]
    fn side_by_side_pads_short_blocks() {
        let a = vec!["ab".to_string(), "c".to_string()];
        let b = vec!["x".to_string(), "y".to_string(), "z".to_string()];
        assert_eq!(side_by_side(&[a, b]), "ab    x\nc     y\n      z\n");
    }

    #[test]
    fn hex_groups_read_left_to_right_from_the_high_bits() {
        assert_eq!(hex64(0x0123_4567_89ab_cdef), "0x0123_4567_89ab_cdef");
    }

    #[test]
    fn the_empty_square_error_names_the_square() {
        assert_eq!(
            ExplainError::EmptySquare(Square::E4).to_string(),
            "no piece on e4: explain needs the square of a piece"
        );
    }
}
