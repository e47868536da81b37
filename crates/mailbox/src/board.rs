//! The board: 120 cells, piece lists, and make/unmake.

use crate::attack::{is_attacked, Attackers, Cells};
use crate::cell::Cell;
use crate::piece_lists::PieceLists;
use crate::square120::{direction, Sq120, CELL_ARRAY_LEN, TABLE_BYTES};
use boardlab_core::{
    Bitboard, Board, BoardExt, CastlingRights, Color, Move, MoveFlag, MoveSink, Piece,
    PositionState, Role, Setup, Square,
};
use std::fmt;

/// A chess position on a 10x12 mailbox; see the [crate docs](crate).
///
/// # Examples
///
/// ```
/// use boardlab_core::{perft, Board, BoardExt, PerftMode, START_FEN};
/// use boardlab_mailbox::MailboxBoard;
///
/// let mut board = MailboxBoard::from_fen(START_FEN).unwrap();
/// assert_eq!(perft(&mut board, 3, PerftMode::Bulk), 8902);
/// ```
#[derive(Clone)]
pub struct MailboxBoard {
    pub(crate) cells: Cells,
    pub(crate) lists: PieceLists,
    /// The side to move, castling rights, en-passant square, clocks and hash.
    pub(crate) state: PositionState,
    /// The squares of the kings and rooks the castling rights named when the board was set up.
    /// Rights only shrink, so a move that neither leaves nor reaches one of these squares keeps
    /// them, and [`CastlingRights::after_move`] need not run.
    castling_squares: Bitboard,
}

/// What [`MailboxBoard::unmake`](Board::unmake) needs: the state before the move, and the piece
/// it captured, which the cells no longer show.
#[derive(Debug, Clone, Copy)]
pub struct MailboxUndo {
    state: PositionState,
    captured: Cell,
}

impl MailboxBoard {
    /// Puts `cell` on the empty square `sq`.
    #[inline]
    fn put(&mut self, sq: Sq120, cell: Cell) {
        self.cells[sq.index()] = cell;
        self.lists.add(cell, sq);
    }

    /// Takes the piece off `sq` and returns it.
    #[inline]
    fn take(&mut self, sq: Sq120) -> Cell {
        let cell = self.cells[sq.index()];
        self.cells[sq.index()] = Cell::EMPTY;
        self.lists.remove(cell, sq);
        cell
    }

    /// Moves the piece on `from` to the empty square `to`.
    #[inline]
    fn shift(&mut self, from: Sq120, to: Sq120) -> Cell {
        let cell = self.cells[from.index()];
        self.cells[from.index()] = Cell::EMPTY;
        self.cells[to.index()] = cell;
        self.lists.relocate(cell, from, to);
        cell
    }

    /// The cell of `color`'s king.
    #[inline]
    pub(crate) fn king(&self, color: Color) -> Sq120 {
        self.lists.first(Cell::of(color, Role::King))
    }

    /// The kinds of attacker `color` has.
    #[inline]
    pub(crate) fn attackers(&self, color: Color) -> Attackers {
        Attackers::of(&self.lists, color)
    }

    /// The squares of the rook before and after castling, for a castling move of the side to
    /// move made with the current rights; `None` for any other move.
    #[inline]
    fn castling_rook(&self, mv: Move) -> Option<(Sq120, Sq120)> {
        let side = mv.castling_side()?;
        let us = self.state.turn;
        // Written out rather than through `CastlingRights::rook_or_corner`: the call costs this
        // board 2% more instructions in full-make perft under callgrind, though the code is the
        // same (the inliner decides differently across the crate boundary).
        let rook_from = self
            .state
            .castling
            .rook(us, side)
            .unwrap_or(side.rook_from(us));
        Some((
            Sq120::from_square(rook_from),
            Sq120::from_square(side.rook_to(us)),
        ))
    }
}

const DOUBLE_PUSH: u8 = MoveFlag::DoublePush as u8;
const EN_PASSANT: u8 = MoveFlag::EnPassant as u8;
/// The flag bit every promotion sets.
const PROMOTION_BIT: u8 = 8;

/// The squares of the kings and rooks that `rights` name.
fn castling_squares(rights: CastlingRights) -> Bitboard {
    let mut squares = rights.rook_squares();
    for color in Color::ALL {
        if let Some(king) = rights.king(color) {
            squares = squares.with(king);
        }
    }
    squares
}

impl Board for MailboxBoard {
    type Undo = MailboxUndo;

    const NAME: &'static str = "mailbox";
    const GENERATOR: &'static str = "mailbox";
    const PLAYS_CHESS960: bool = true;

    fn from_setup(setup: &Setup) -> MailboxBoard {
        let mut setup = setup.clone();
        setup.normalize_ep_square();
        let mut cells = [Cell::OFF_BOARD; CELL_ARRAY_LEN];
        for sq in Square::ALL {
            cells[Sq120::from_square(sq).index()] = Cell::EMPTY;
        }
        let mut board = MailboxBoard {
            cells,
            lists: PieceLists::new(),
            state: PositionState::of(&setup),
            castling_squares: castling_squares(setup.castling),
        };
        for (sq, piece) in setup.pieces() {
            board.put(Sq120::from_square(sq), Cell::new(piece));
        }
        board
    }

    #[inline]
    fn state(&self) -> PositionState {
        self.state
    }

    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.cells[Sq120::from_square(sq).index()].piece()
    }

    #[inline]
    fn king_square(&self, color: Color) -> Square {
        self.king(color).on_board()
    }

    #[inline]
    fn in_check(&self) -> bool {
        let us = self.state.turn;
        is_attacked(&self.cells, self.king(us), self.attackers(!us))
    }

    #[inline]
    fn is_attacked(&self, sq: Square, by: Color) -> bool {
        is_attacked(&self.cells, Sq120::from_square(sq), self.attackers(by))
    }

    #[inline]
    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        self.generate_legal(sink);
    }

    fn make(&mut self, mv: Move) -> MailboxUndo {
        let us = self.state.turn;
        let from = Sq120::from_square(mv.from());
        let to = Sq120::from_square(mv.to());
        // A Chess960 king may castle onto its own rook's square, which is no capture.
        let captured = if mv.is_castle() {
            Cell::EMPTY
        } else {
            self.cells[to.index()]
        };
        let undo = MailboxUndo {
            state: self.state,
            captured,
        };
        self.state.start_move();
        if !captured.is_empty() {
            self.take(to);
            self.state.toggle_piece(captured.occupant(), mv.to());
        }
        let moving = match self.castling_rook(mv) {
            // King and rook both leave before either lands: in Chess960 each may land where
            // the other stood.
            Some((rook_from, rook_to)) => {
                let king = self.take(from);
                let rook = self.take(rook_from);
                self.put(to, king);
                self.put(rook_to, rook);
                self.state
                    .move_piece(rook.occupant(), rook_from.on_board(), rook_to.on_board());
                king
            }
            None => self.shift(from, to),
        };
        self.state.move_piece(moving.occupant(), mv.from(), mv.to());
        let forward = 10 * us.forward();
        let flag = mv.flag_bits();
        match flag {
            DOUBLE_PUSH => {
                let their_pawn = Cell::of(!us, Role::Pawn);
                if self.cells[to.offset(direction::EAST).index()] == their_pawn
                    || self.cells[to.offset(direction::WEST).index()] == their_pawn
                {
                    self.state.set_en_passant(from.offset(forward).on_board());
                }
            }
            EN_PASSANT => {
                let victim_square = to.offset(-forward);
                let victim = self.take(victim_square);
                self.state
                    .toggle_piece(victim.occupant(), victim_square.on_board());
            }
            f if f & PROMOTION_BIT != 0 => {
                let promoted = Cell::of(us, Role::PROMOTIONS[usize::from(f & 3)]);
                self.take(to);
                self.put(to, promoted);
                self.state.toggle_piece(moving.occupant(), mv.to());
                self.state.toggle_piece(promoted.occupant(), mv.to());
            }
            _ => {}
        }
        // Skipping the general update for the moves that touch no castling square saves about
        // 9% of the instructions of make (callgrind, full-make perft of kiwipete without d5).
        if self.castling_squares.contains(mv.from()) || self.castling_squares.contains(mv.to()) {
            self.state
                .set_castling(self.state.castling.after_move(mv.from(), mv.to()));
        }
        if moving.role() == Role::Pawn || mv.is_capture() {
            self.state.reset_halfmove_clock();
        }
        self.state.finish_move();
        undo
    }

    fn unmake(&mut self, mv: Move, undo: MailboxUndo) {
        // The state goes back first: the rights before the move name the castling rook.
        self.state = undo.state;
        let us = self.state.turn;
        let from = Sq120::from_square(mv.from());
        let to = Sq120::from_square(mv.to());
        if let Some((rook_from, rook_to)) = self.castling_rook(mv) {
            let king = self.take(to);
            let rook = self.take(rook_to);
            self.put(from, king);
            self.put(rook_from, rook);
            return;
        }
        match mv.flag_bits() {
            EN_PASSANT => {
                let victim_square = to.offset(-10 * us.forward());
                self.put(victim_square, Cell::of(!us, Role::Pawn));
            }
            f if f & PROMOTION_BIT != 0 => {
                self.take(to);
                self.put(to, Cell::of(us, Role::Pawn));
            }
            _ => {}
        }
        self.shift(to, from);
        if !undo.captured.is_empty() {
            self.put(to, undo.captured);
        }
    }

    fn make_null(&mut self) -> MailboxUndo {
        let undo = MailboxUndo {
            state: self.state,
            captured: Cell::EMPTY,
        };
        self.state.pass();
        undo
    }

    fn unmake_null(&mut self, undo: MailboxUndo) {
        self.state = undo.state;
    }

    fn for_each_piece(&self, mut f: impl FnMut(Square, Piece)) {
        for color in Color::ALL {
            for role in Role::ALL {
                for &sq in self.lists.squares(Cell::of(color, role)) {
                    f(sq.on_board(), Piece::new(color, role));
                }
            }
        }
    }

    fn table_bytes() -> usize {
        TABLE_BYTES + crate::attack::TABLE_BYTES
    }
}

impl fmt::Debug for MailboxBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MailboxBoard({})", self.to_fen())
    }
}
