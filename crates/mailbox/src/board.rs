//! The board: 120 cells, piece lists, and make/unmake.

use crate::attack::{is_attacked, Attackers, Cells};
use crate::cell::Cell;
use crate::movegen::{MoveCounter, ALL, NOISY, QUIET};
use crate::piece_lists::PieceLists;
use crate::square120::{direction, Sq120, CELL_ARRAY_LEN, TABLE_BYTES};
use boardlab_core::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, GenKind, Move, MoveFlag, MoveList, Piece,
    Role, Setup, Square, Zobrist,
};
use std::fmt;

/// A chess position on a 10x12 mailbox; see the [crate docs](crate).
///
/// # Examples
///
/// ```
/// use boardlab_core::{perft, Board, PerftMode, START_FEN};
/// use boardlab_mailbox::MailboxBoard;
///
/// let mut board = MailboxBoard::from_fen(START_FEN).unwrap();
/// assert_eq!(perft(&mut board, 3, PerftMode::Bulk), 8902);
/// ```
#[derive(Clone)]
pub struct MailboxBoard {
    pub(crate) cells: Cells,
    pub(crate) lists: PieceLists,
    pub(crate) side: Color,
    pub(crate) castling: CastlingRights,
    /// The squares of the kings and rooks the castling rights named when the board was set up.
    /// Rights only shrink, so a move that neither leaves nor reaches one of these squares keeps
    /// them, and [`CastlingRights::after_move`] need not run.
    castling_squares: Bitboard,
    /// Set only while a pawn of the side to move stands beside the pawn that double-pushed.
    pub(crate) ep: Option<Sq120>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) zobrist: Zobrist,
}

/// What [`MailboxBoard::unmake`](Board::unmake) needs: the state a move cannot give back.
#[derive(Debug, Clone, Copy)]
pub struct MailboxUndo {
    zobrist: Zobrist,
    halfmove: u32,
    captured: Cell,
    castling: CastlingRights,
    ep: Option<Sq120>,
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

    /// The squares of the rook before and after castling, for a castling move made with the
    /// current rights; `None` for any other move.
    #[inline]
    fn castling_rook(&self, mv: Move) -> Option<(Sq120, Sq120)> {
        let side = match mv.flag_bits() {
            KING_CASTLE => CastlingSide::King,
            QUEEN_CASTLE => CastlingSide::Queen,
            _ => return None,
        };
        let us = if mv.from().rank().index() == 0 {
            Color::White
        } else {
            Color::Black
        };
        let rook_from = self.castling.rook(us, side).unwrap_or(side.rook_from(us));
        Some((
            Sq120::from_square(rook_from),
            Sq120::from_square(side.rook_to(us)),
        ))
    }
}

const DOUBLE_PUSH: u8 = MoveFlag::DoublePush as u8;
const KING_CASTLE: u8 = MoveFlag::KingCastle as u8;
const QUEEN_CASTLE: u8 = MoveFlag::QueenCastle as u8;
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

/// The Zobrist component of the piece in `cell` standing on `sq`.
#[inline]
fn piece_key(cell: Cell, sq: Sq120) -> Zobrist {
    Zobrist::piece(cell.occupant(), sq.on_board())
}

impl Board for MailboxBoard {
    type Undo = MailboxUndo;

    const NAME: &'static str = "mailbox";
    const CHESS960: bool = true;

    fn from_setup(setup: &Setup) -> MailboxBoard {
        let mut cells = [Cell::OFF_BOARD; CELL_ARRAY_LEN];
        for sq in Square::ALL {
            cells[Sq120::from_square(sq).index()] = Cell::EMPTY;
        }
        let mut board = MailboxBoard {
            cells,
            lists: PieceLists::new(),
            side: setup.turn,
            castling: setup.castling,
            castling_squares: castling_squares(setup.castling),
            ep: None,
            halfmove: setup.halfmove_clock,
            fullmove: setup.fullmove_number,
            zobrist: Zobrist::ZERO,
        };
        for (sq, piece) in setup.pieces() {
            board.put(Sq120::from_square(sq), Cell::new(piece));
        }
        // The rule of `Setup`: keep the square only while a capture onto it is possible.
        if !setup.ep_capturers().is_empty() {
            board.ep = setup.ep_square.map(Sq120::from_square);
        }
        let mut normalized = setup.clone();
        normalized.ep_square = board.ep.map(Sq120::on_board);
        board.zobrist = Zobrist::of(&normalized);
        board
    }

    fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for sq in Square::ALL {
            setup.board[sq.index()] = self.cells[Sq120::from_square(sq).index()].piece();
        }
        setup.turn = self.side;
        setup.castling = self.castling;
        setup.ep_square = self.ep.map(Sq120::on_board);
        setup.halfmove_clock = self.halfmove;
        setup.fullmove_number = self.fullmove;
        setup
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.cells[Sq120::from_square(sq).index()].piece()
    }

    #[inline]
    fn castling(&self) -> CastlingRights {
        self.castling
    }

    #[inline]
    fn ep_square(&self) -> Option<Square> {
        self.ep.map(Sq120::on_board)
    }

    #[inline]
    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    #[inline]
    fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    #[inline]
    fn zobrist(&self) -> Zobrist {
        self.zobrist
    }

    #[inline]
    fn king_square(&self, color: Color) -> Square {
        self.king(color).on_board()
    }

    #[inline]
    fn in_check(&self) -> bool {
        is_attacked(
            &self.cells,
            self.king(self.side),
            self.attackers(!self.side),
        )
    }

    #[inline]
    fn is_attacked(&self, sq: Square, by: Color) -> bool {
        is_attacked(&self.cells, Sq120::from_square(sq), self.attackers(by))
    }

    fn generate(&self, kind: GenKind, out: &mut MoveList) {
        out.clear();
        match kind {
            GenKind::All => self.generate_legal::<_, ALL>(out),
            GenKind::Noisy => self.generate_legal::<_, NOISY>(out),
            GenKind::Quiet => self.generate_legal::<_, QUIET>(out),
        }
    }

    #[inline]
    fn count_legal(&self) -> u64 {
        let mut counter = MoveCounter::default();
        self.generate_legal::<_, ALL>(&mut counter);
        counter.count()
    }

    fn make(&mut self, mv: Move) -> MailboxUndo {
        let us = self.side;
        let from = Sq120::from_square(mv.from());
        let to = Sq120::from_square(mv.to());
        // A Chess960 king may castle onto its own rook's square, which is no capture.
        let captured = if mv.is_castle() {
            Cell::EMPTY
        } else {
            self.cells[to.index()]
        };
        let undo = MailboxUndo {
            zobrist: self.zobrist,
            halfmove: self.halfmove,
            captured,
            castling: self.castling,
            ep: self.ep,
        };
        let mut zobrist = self.zobrist ^ Zobrist::white_to_move();
        if let Some(ep) = self.ep.take() {
            zobrist ^= Zobrist::en_passant(ep.on_board().file());
        }
        if !captured.is_empty() {
            self.take(to);
            zobrist ^= piece_key(captured, to);
        }
        let moving = match self.castling_rook(mv) {
            // King and rook both leave before either lands: in Chess960 each may land where
            // the other stood.
            Some((rook_from, rook_to)) => {
                let king = self.take(from);
                let rook = self.take(rook_from);
                self.put(to, king);
                self.put(rook_to, rook);
                zobrist ^= piece_key(rook, rook_from) ^ piece_key(rook, rook_to);
                king
            }
            None => self.shift(from, to),
        };
        zobrist ^= piece_key(moving, from) ^ piece_key(moving, to);
        let forward = 10 * us.forward();
        let flag = mv.flag_bits();
        match flag {
            DOUBLE_PUSH => {
                let their_pawn = Cell::of(!us, Role::Pawn);
                if self.cells[to.offset(direction::EAST).index()] == their_pawn
                    || self.cells[to.offset(direction::WEST).index()] == their_pawn
                {
                    let ep = from.offset(forward);
                    self.ep = Some(ep);
                    zobrist ^= Zobrist::en_passant(ep.on_board().file());
                }
            }
            EN_PASSANT => {
                let victim_square = to.offset(-forward);
                let victim = self.take(victim_square);
                zobrist ^= piece_key(victim, victim_square);
            }
            f if f & PROMOTION_BIT != 0 => {
                let promoted = Cell::of(us, Role::PROMOTIONS[usize::from(f & 3)]);
                self.take(to);
                self.put(to, promoted);
                zobrist ^= piece_key(moving, to) ^ piece_key(promoted, to);
            }
            _ => {}
        }
        // Skipping the general update for the moves that touch no castling square saves about
        // 9% of the instructions of make (callgrind, full-make perft of kiwipete without d5).
        if self.castling_squares.contains(mv.from()) || self.castling_squares.contains(mv.to()) {
            let castling = self.castling.after_move(mv.from(), mv.to());
            if castling != self.castling {
                zobrist ^= Zobrist::castling(self.castling) ^ Zobrist::castling(castling);
                self.castling = castling;
            }
        }
        if moving.role() == Role::Pawn || mv.is_capture() {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.wrapping_add(1);
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.wrapping_add(1);
        }
        self.side = !us;
        self.zobrist = zobrist;
        undo
    }

    fn unmake(&mut self, mv: Move, undo: MailboxUndo) {
        let us = !self.side;
        self.side = us;
        if us == Color::Black {
            self.fullmove = self.fullmove.wrapping_sub(1);
        }
        let from = Sq120::from_square(mv.from());
        let to = Sq120::from_square(mv.to());
        let flag = mv.flag_bits();
        // The rights before the move name the castling rook's square.
        self.castling = undo.castling;
        if let Some((rook_from, rook_to)) = self.castling_rook(mv) {
            let king = self.take(to);
            let rook = self.take(rook_to);
            self.put(from, king);
            self.put(rook_from, rook);
            self.ep = undo.ep;
            self.halfmove = undo.halfmove;
            self.zobrist = undo.zobrist;
            return;
        }
        match flag {
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
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.zobrist = undo.zobrist;
    }

    fn make_null(&mut self) -> MailboxUndo {
        let undo = MailboxUndo {
            zobrist: self.zobrist,
            halfmove: self.halfmove,
            captured: Cell::EMPTY,
            castling: self.castling,
            ep: self.ep,
        };
        self.zobrist ^= Zobrist::white_to_move();
        if let Some(ep) = self.ep.take() {
            self.zobrist ^= Zobrist::en_passant(ep.on_board().file());
        }
        self.halfmove = self.halfmove.wrapping_add(1);
        if self.side == Color::Black {
            self.fullmove = self.fullmove.wrapping_add(1);
        }
        self.side = !self.side;
        undo
    }

    fn unmake_null(&mut self, undo: MailboxUndo) {
        self.side = !self.side;
        if self.side == Color::Black {
            self.fullmove = self.fullmove.wrapping_sub(1);
        }
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.zobrist = undo.zobrist;
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
