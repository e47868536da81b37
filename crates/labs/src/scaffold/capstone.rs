//! The given part of the capstone: the 16x12 board's layout, its cells, and the trait through
//! which the lab's tests reach a board's cells. It lives outside the file a student writes
//! (`crates/labs/src/capstone.rs`), so that the grading command uses this version whatever
//! the student changed in theirs.
//!
//! The cells remember which of them were read, on the thread that read them, whichever copy of
//! the cells was read: the lab's test walls squares off in a board's cells behind its back and
//! then asks whether squares are attacked, and a board that walks its cells reads only the
//! cells on the lines and jumps out of the square asked about. A board that looks the walls up
//! by reading every cell, or that asks another representation and never reads them, is seen.

use boardlab_core::{Color, Piece, Role, Square};
use std::cell::Cell;
use std::fmt;
use std::ops::Index;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The number of cells: sixteen columns by twelve rows.
pub const CELLS: usize = 192;

/// An empty square.
pub const EMPTY: u8 = 0;
/// The colour bit of a white piece.
pub const WHITE: u8 = 8;
/// The colour bit of a black piece.
pub const BLACK: u8 = 16;
/// A frame cell, or a wall: both colour bits, so that no piece of either colour may land on
/// it.
pub const FRAME: u8 = WHITE | BLACK;

/// The rook's four steps: east, west, north, south.
pub const ROOK_STEPS: [i8; 4] = [1, -1, 16, -16];
/// The bishop's four steps.
pub const BISHOP_STEPS: [i8; 4] = [17, 15, -15, -17];
/// The king's eight steps, which are also the queen's.
pub const KING_STEPS: [i8; 8] = [1, -1, 16, -16, 17, 15, -15, -17];
/// The knight's eight jumps.
pub const KNIGHT_STEPS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];

/// The cell of `sq`: `0x24 + 16 * rank + file`.
pub const fn cell(sq: Square) -> u8 {
    0x24 + 16 * sq.rank().index() as u8 + sq.file().index() as u8
}

/// The square of a cell, or `None` for a frame cell or a number past the cells.
pub const fn square_of(cell: u8) -> Option<Square> {
    let (row, column) = (cell >> 4, cell & 15);
    if row < 2 || row > 9 || column < 4 || column > 11 {
        return None;
    }
    Square::new((row - 2) * 8 + column - 4)
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

/// How many [`cells_read_by`] calls are running, on any thread. Reads are noted only while one
/// is: the record costs a thread-local access on every cell read, which made the whole
/// conformance kit's walks several times slower than the board they measure, for a record no
/// one looks at.
static WATCHING: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// The cells read on this thread while [`WATCHING`]: bit `i % 64` of word `i / 64` for
    /// cell `i`.
    static READ: [Cell<u64>; 3] = const { [Cell::new(0), Cell::new(0), Cell::new(0)] };
}

/// Runs `f` and returns what it returned with the cells read on this thread while it ran, of
/// any board's cells, in increasing order.
pub fn cells_read_by<R>(f: impl FnOnce() -> R) -> (R, Vec<u8>) {
    /// Stops the watch when `f` returns or panics.
    struct Watch;
    impl Drop for Watch {
        fn drop(&mut self) {
            WATCHING.fetch_sub(1, Ordering::SeqCst);
        }
    }
    READ.with(|read| read.iter().for_each(|word| word.set(0)));
    WATCHING.fetch_add(1, Ordering::SeqCst);
    let watch = Watch;
    let result = f();
    drop(watch);
    let words = READ.with(|read| read.each_ref().map(|word| word.replace(0)));
    let cells = (0..CELLS as u8)
        .filter(|&i| words[usize::from(i >> 6)] & (1 << (i & 63)) != 0)
        .collect();
    (result, cells)
}

/// Notes that `cell` was read, while a [`cells_read_by`] is running.
#[inline]
fn note_read(cell: u8) {
    if WATCHING.load(Ordering::Relaxed) != 0 {
        note_watched_read(cell);
    }
}

#[cold]
#[inline(never)]
fn note_watched_read(cell: u8) {
    // One word is touched, not the three copied out and back.
    READ.with(|read| {
        let word = &read[usize::from(cell >> 6)];
        word.set(word.get() | 1 << (cell & 63));
    });
}

/// The 192 cells of a board, read as an array (`cells[cell]`, a `u8` index; a number past the
/// cells panics as an array's index does). Every way of reading them notes the cells read
/// (see [`cells_read_by`]): indexing, [`bytes`](Cells::bytes), and the `Debug` text.
#[derive(Clone)]
pub struct Cells {
    bytes: [u8; CELLS],
}

impl Cells {
    /// The cells of an empty board: [`EMPTY`] on the 64 squares, [`FRAME`] everywhere else.
    pub fn empty() -> Cells {
        let mut bytes = [FRAME; CELLS];
        for sq in Square::ALL {
            bytes[usize::from(cell(sq))] = EMPTY;
        }
        Cells { bytes }
    }

    /// Writes `byte` into `cell`.
    pub fn set(&mut self, cell: u8, byte: u8) {
        self.bytes[usize::from(cell)] = byte;
    }

    /// Makes `sq` a wall: a frame cell inside the board, which no piece may enter or cross and
    /// no attack passes. A board that walks its cells needs nothing more to honour it.
    pub fn wall_off(&mut self, sq: Square) {
        self.set(cell(sq), FRAME);
    }

    /// All the cells at once (each one noted as read).
    pub fn bytes(&self) -> [u8; CELLS] {
        for i in 0..CELLS as u8 {
            note_read(i);
        }
        self.bytes
    }
}

impl Index<u8> for Cells {
    type Output = u8;

    #[inline]
    fn index(&self, cell: u8) -> &u8 {
        let byte = &self.bytes[usize::from(cell)];
        note_read(cell);
        byte
    }
}

impl fmt::Debug for Cells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.bytes()).finish()
    }
}

/// A board kept as [`Cells`], as the lab's test reaches them: to compare them with the
/// position, and to wall squares off.
pub trait CellBoard {
    /// The board's cells.
    fn cells(&self) -> &Cells;

    /// The board's cells, to be written to.
    fn cells_mut(&mut self) -> &mut Cells;
}
