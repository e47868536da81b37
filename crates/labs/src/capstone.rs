//! The capstone: a whole `Board` for a representation boardlab lacks, the 16x16 board.
//!
//! The 16x16 board puts the 64 squares in the middle of 256 cells, inside a frame four cells
//! deep on every side. It joins the two array boards of the book: the frame is the mailbox's
//! (a ray runs until it meets a cell that is not empty, and a frame cell is one), and the rows
//! are sixteen cells wide as on the 0x88 board, so the steps are 0x88's. A cell index is one
//! byte, and a byte indexes the 256 cells without a bounds test.
//!
//! ```text
//!          file  a    b    c    d    e    f    g    h
//!  rank 8      0xb4 0xb5 0xb6 0xb7 0xb8 0xb9 0xba 0xbb     rows 0xc0-0xff: frame
//!  …
//!  rank 1      0x44 0x45 0x46 0x47 0x48 0x49 0x4a 0x4b     rows 0x00-0x3f: frame
//!              columns 0-3 and 12-15 of every row: frame
//! ```
//!
//! `cell = 0x44 + 16 * rank + file` ([`cell`]). One rank up is `+16`, one file right `+1`, the
//! diagonals `+17`, `+15`, `-15`, `-17`, the knight's jumps `±14`, `±18`, `±31`, `±33`. The
//! frame needs only be two cells deep for a knight's jump; four makes the board 256 cells, so
//! that every `u8` is an index inside it.
//!
//! Each cell holds one byte ([`code`]): [`WHITE`] or [`BLACK`] and the role plus one in the
//! low three bits, [`EMPTY`] for an empty square, and [`FRAME`], both colour bits, on the
//! frame: "may my piece land here?" is `cell & my_colour_bit == 0`, as in the mailbox.
//!
//! A frame cell may also stand inside the board, as a wall: the lab's test puts some there
//! ([`Board16x16::wall_off`]). A board that walks its cells honours a wall with no code of its
//! own, since a wall is what it already meets at the edge: a ray stops before it, no piece
//! lands on it, a pawn neither pushes onto it nor captures it, castling finds the way not
//! empty. A board that keeps its position anywhere else (a `Setup`, boardlab-reference's
//! `ReferenceBoard`, another backend) or asks boardlab-engine's generic queries (which read
//! squares through `piece_at`, where a wall looks empty) gets the walled positions wrong.
//!
//! The layout (the constants and the conversions below) is given. The board,
//! [`Board16x16`], is the exercise: every method of its `Board` implementation is a `todo!()`.
//! The lab's chapter, `docs/src/capstone.md`, says what to write in which order and where the
//! book explains each part.

#[cfg(not(feature = "solutions"))]
use boardlab_core::{Board, Move, MoveSink, PositionState, Setup};
use boardlab_core::{Color, Piece, Role, Square};

/// An empty square.
pub const EMPTY: u8 = 0;
/// The colour bit of a white piece.
pub const WHITE: u8 = 8;
/// The colour bit of a black piece.
pub const BLACK: u8 = 16;
/// A frame cell: both colour bits, so that no piece of either colour may land on it.
pub const FRAME: u8 = WHITE | BLACK;

/// The rook's four steps: east, west, north, south.
pub const ROOK_STEPS: [i8; 4] = [1, -1, 16, -16];
/// The bishop's four steps.
pub const BISHOP_STEPS: [i8; 4] = [17, 15, -15, -17];
/// The king's eight steps, which are also the queen's.
pub const KING_STEPS: [i8; 8] = [1, -1, 16, -16, 17, 15, -15, -17];
/// The knight's eight jumps.
pub const KNIGHT_STEPS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];

/// The cell of `sq`: `0x44 + 16 * rank + file`.
pub const fn cell(sq: Square) -> u8 {
    0x44 + 16 * sq.rank().index() as u8 + sq.file().index() as u8
}

/// The square of a cell, or `None` for a frame cell.
pub const fn square_of(cell: u8) -> Option<Square> {
    let (row, column) = (cell >> 4, cell & 15);
    if row < 4 || row > 11 || column < 4 || column > 11 {
        return None;
    }
    Square::new((row - 4) * 8 + column - 4)
}

/// The colour bit of `color`'s pieces.
pub const fn colour_bit(color: Color) -> u8 {
    match color {
        Color::White => WHITE,
        Color::Black => BLACK,
    }
}

/// The byte of a cell holding `piece`.
pub const fn code(piece: Piece) -> u8 {
    colour_bit(piece.color) | (piece.role as u8 + 1)
}

/// The piece a cell's byte holds, or `None` for an empty cell or a frame cell.
pub const fn piece_of(code: u8) -> Option<Piece> {
    let color = match code & FRAME {
        WHITE => Color::White,
        BLACK => Color::Black,
        _ => return None,
    };
    let role = match code & 7 {
        1 => Role::Pawn,
        2 => Role::Knight,
        3 => Role::Bishop,
        4 => Role::Rook,
        5 => Role::Queen,
        6 => Role::King,
        _ => return None,
    };
    Some(Piece::new(color, role))
}

/// The 256 cells of an empty board: [`EMPTY`] on the 64 squares, [`FRAME`] everywhere else.
pub fn empty_cells() -> [u8; 256] {
    let mut cells = [FRAME; 256];
    for sq in Square::ALL {
        cells[usize::from(cell(sq))] = EMPTY;
    }
    cells
}

/// The capstone: a [`Board`] kept as 256 cells (see the module docs), with the state besides
/// the pieces in a [`PositionState`] and the two kings' squares at hand for the check test.
///
/// Reach legal moves the plain way: generate the pseudo-legal moves, and keep each one after
/// which the mover's king is not attacked (try it on a copy of the cells). The fields below are
/// a suggestion; add what you need, but keep `cells`: the lab's test reads it.
///
/// The library can reach boardlab-core and boardlab-engine, and with them `Setup::play`,
/// `Setup::attackers` and the generic queries of `boardlab_engine::queries`, which already
/// answer every question a board is asked. A board that hands its work to them is not an
/// answer, and the test finds it: it compares [`cells`](Board16x16::cells) with the position
/// after every move of random games, and it walls squares off ([`wall_off`](Board16x16::wall_off))
/// and asks for the legal moves of the walled board, which no other representation can hold.
#[cfg(not(feature = "solutions"))]
#[derive(Clone, Debug)]
// The fields are read once the methods below are written.
#[allow(dead_code)]
pub struct Board16x16 {
    /// The 256 cells.
    cells: [u8; 256],
    /// Each side's king, indexed by `Color::index`.
    kings: [Square; 2],
    /// Side to move, castling rights, en-passant square, clocks and hash.
    state: PositionState,
}

/// What [`Board16x16`]'s unmake needs: the state before the move, and the byte of the cell
/// the move captured on.
#[cfg(not(feature = "solutions"))]
#[derive(Clone, Copy, Debug)]
// The fields are read once make and unmake are written.
#[allow(dead_code)]
pub struct Undo16x16 {
    /// The state before the move.
    state: PositionState,
    /// The byte of the target cell before the move.
    captured: u8,
    /// The kings before the move.
    kings: [Square; 2],
}

#[cfg(not(feature = "solutions"))]
impl Board16x16 {
    /// The 256 cells, as the lab's test reads them.
    pub fn cells(&self) -> &[u8; 256] {
        &self.cells
    }

    /// Makes `sq` a wall: a frame cell inside the board, which no piece may enter or cross and
    /// no attack passes. The lab's test walls off empty squares; a board that walks its cells
    /// needs nothing more to honour them (see the module docs).
    pub fn wall_off(&mut self, sq: Square) {
        self.cells[usize::from(cell(sq))] = FRAME;
    }
}

#[cfg(not(feature = "solutions"))]
impl Board for Board16x16 {
    type Undo = Undo16x16;
    const NAME: &'static str = "16x16";
    const PLAYS_CHESS960: bool = true;

    fn from_setup(setup: &Setup) -> Self {
        todo!("exercise capstone: read docs/src/capstone.md, \"Step 1: the board and its state\"")
    }

    fn state(&self) -> PositionState {
        todo!("exercise capstone: read docs/src/capstone.md, \"Step 1: the board and its state\"")
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        todo!("exercise capstone: read docs/src/capstone.md, \"Step 1: the board and its state\"")
    }

    fn king_square(&self, color: Color) -> Square {
        todo!("exercise capstone: read docs/src/capstone.md, \"Step 1: the board and its state\"")
    }

    fn in_check(&self) -> bool {
        todo!("exercise capstone: read docs/src/capstone.md, \"Step 2: attacks\"")
    }

    fn is_attacked(&self, sq: Square, by: Color) -> bool {
        todo!("exercise capstone: read docs/src/capstone.md, \"Step 2: attacks\"")
    }

    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        todo!("exercise capstone: read docs/src/capstone.md, \"Step 3: moves\"")
    }

    fn make(&mut self, mv: Move) -> Undo16x16 {
        todo!("exercise capstone: read docs/src/capstone.md, \"Step 4: make and unmake\"")
    }

    fn unmake(&mut self, mv: Move, undo: Undo16x16) {
        todo!("exercise capstone: read docs/src/capstone.md, \"Step 4: make and unmake\"")
    }

    fn make_null(&mut self) -> Undo16x16 {
        todo!("exercise capstone: read docs/src/capstone.md, \"Step 4: make and unmake\"")
    }

    fn unmake_null(&mut self, undo: Undo16x16) {
        todo!("exercise capstone: read docs/src/capstone.md, \"Step 4: make and unmake\"")
    }
}

#[cfg(feature = "solutions")]
pub use crate::solutions::capstone::{Board16x16, Undo16x16};

/// The engine's questions keep their generic answers on the capstone board, which the
/// conformance kit asks of it too: the exercise is the board and its moves.
impl boardlab_engine::EngineQueries for Board16x16 {}
