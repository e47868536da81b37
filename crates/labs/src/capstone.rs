//! The capstone: a whole `Board` for a representation boardlab lacks, the 16x12 board with
//! walls.
//!
//! The 16x12 board puts the 64 squares in the middle of 192 cells: rows sixteen cells wide as
//! on the 0x88 board, so the steps are 0x88's, and a frame around the squares as on the
//! mailbox, so that a ray runs until it meets a cell that is not empty, and a frame cell is
//! one. The frame is two rows deep above and below the board, where a knight's jump moves two
//! ranks at most, and four columns wide on each side.
//!
//! ```text
//!          file  a    b    c    d    e    f    g    h
//!  rank 8      0x94 0x95 0x96 0x97 0x98 0x99 0x9a 0x9b     rows 0xa0-0xbf: frame
//!  …
//!  rank 1      0x24 0x25 0x26 0x27 0x28 0x29 0x2a 0x2b     rows 0x00-0x1f: frame
//!              columns 0-3 and 12-15 of every row: frame
//! ```
//!
//! `cell = 0x24 + 16 * rank + file` ([`cell`]). One rank up is `+16`, one file right `+1`, the
//! diagonals `+17`, `+15`, `-15`, `-17`, the knight's jumps `±14`, `±18`, `±31`, `±33`. Every
//! step from a square lands inside the 192 cells, on the board or on the frame.
//!
//! Each cell holds one byte ([`code`]): [`WHITE`] or [`BLACK`] and the role plus one in the
//! low three bits, [`EMPTY`] for an empty square, and [`FRAME`], both colour bits, on the
//! frame: "may my piece land here?" is `cell & my_colour_bit == 0`, as in the mailbox.
//!
//! A frame cell may also stand inside the board, as a wall: the lab's test writes some into a
//! board's cells ([`Cells::wall_off`]) and asks the board about the walled position. A board
//! that walks its cells honours a wall with no code of its own, since a wall is what it already
//! meets at the edge: a ray stops before it, no piece lands on it, a pawn neither pushes onto
//! it nor captures it, castling finds the way not empty. A board that keeps its position
//! anywhere else (a `Setup`, boardlab-reference's `ReferenceBoard`, another backend) or asks
//! boardlab-engine's generic queries (which read squares through `piece_at`, where a wall
//! looks empty) gets the walled positions wrong.
//!
//! The layout (the constants, the conversions and the cells, in `crate::scaffold::capstone`)
//! is given. The board, [`Board16x12`], is the exercise: every method of its `Board`
//! implementation is a `todo!()`. The lab's chapter, `docs/src/capstone.md`, says what to write
//! in which order and where the book explains each part.

pub use crate::scaffold::capstone::*;
#[cfg(not(feature = "solutions"))]
use boardlab_core::{Board, Color, Move, MoveSink, Piece, PositionState, Setup, Square};

/// The capstone: a [`Board`] kept as 192 [`Cells`] (see the module docs), with the state
/// besides the pieces in a [`PositionState`] and the two kings' squares at hand for the check
/// test.
///
/// Reach legal moves the plain way: generate the pseudo-legal moves, and keep each one after
/// which the mover's king is not attacked (try it on a copy of the cells). The fields below are
/// a suggestion; add what you need, but keep the position in `cells`, which the lab's test
/// reaches through [`CellBoard`].
///
/// The library can reach boardlab-core and boardlab-engine, and with them `Setup::play`,
/// `Setup::attackers` and the generic queries of `boardlab_engine::queries`, which already
/// answer every question a board is asked. A board that hands its work to them is not an
/// answer, and the test finds it: it compares the cells with the position after every move of
/// random games; it writes walls into the cells, in the middle of games and without telling
/// the board, and asks for the legal moves of the walled board and which squares each side
/// attacks, which no other representation can hold; and it records the cells an attack test
/// reads, which for a board that walks its cells are the cells on the lines and jumps out of
/// the square asked about, and no others.
#[cfg(not(feature = "solutions"))]
#[derive(Clone, Debug)]
// The fields are read once the methods below are written.
#[allow(dead_code)]
pub struct Board16x12 {
    /// The 192 cells.
    cells: Cells,
    /// Each side's king, indexed by `Color::index`.
    kings: [Square; 2],
    /// Side to move, castling rights, en-passant square, clocks and hash.
    state: PositionState,
}

/// What [`Board16x12`]'s unmake needs: the state before the move, and the byte of the cell
/// the move captured on.
#[cfg(not(feature = "solutions"))]
#[derive(Clone, Copy, Debug)]
// The fields are read once make and unmake are written.
#[allow(dead_code)]
pub struct Undo16x12 {
    /// The state before the move.
    state: PositionState,
    /// The byte of the target cell before the move.
    captured: u8,
    /// The kings before the move.
    kings: [Square; 2],
}

#[cfg(not(feature = "solutions"))]
impl CellBoard for Board16x12 {
    fn cells(&self) -> &Cells {
        &self.cells
    }

    fn cells_mut(&mut self) -> &mut Cells {
        &mut self.cells
    }
}

#[cfg(not(feature = "solutions"))]
impl Board for Board16x12 {
    type Undo = Undo16x12;
    const NAME: &'static str = "16x12";
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

    fn make(&mut self, mv: Move) -> Undo16x12 {
        todo!("exercise capstone: read docs/src/capstone.md, \"Step 4: make and unmake\"")
    }

    fn unmake(&mut self, mv: Move, undo: Undo16x12) {
        todo!("exercise capstone: read docs/src/capstone.md, \"Step 4: make and unmake\"")
    }

    fn make_null(&mut self) -> Undo16x12 {
        todo!("exercise capstone: read docs/src/capstone.md, \"Step 4: make and unmake\"")
    }

    fn unmake_null(&mut self, undo: Undo16x12) {
        todo!("exercise capstone: read docs/src/capstone.md, \"Step 4: make and unmake\"")
    }
}

#[cfg(feature = "solutions")]
pub use crate::solutions::capstone::{Board16x12, Undo16x12};

/// The engine's questions keep their generic answers on the capstone board, which the
/// conformance kit asks of it too: the exercise is the board and its moves.
impl boardlab_engine::EngineQueries for Board16x12 {}
