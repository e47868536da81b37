//! `X88Board`: the 128 cells, the piece lists, the rest of the position, and make/unmake.

use crate::attack::attacked;
use crate::piece::{
    code_of, color_bit, is_pawn, kind, pawn_code, piece_of, BISHOP, EMPTY, KING, KNIGHT, QUEEN,
    ROOK, UNMOVED,
};
use crate::square::Sq88;
use boardlab_core::{
    Board, BoardExt, CastlingSide, Color, Move, MoveSink, Piece, PositionState, Role, Setup, Square,
};
use std::fmt;

/// The first slot of the pawns in a colour's piece list; slots below it hold the king (slot 0)
/// and the other pieces.
pub(crate) const PAWN_SLOTS: usize = 16;
/// The slots of a colour's piece list: 16 for king and pieces, 8 for pawns.
pub(crate) const SLOTS: usize = 24;

/// The kinds a promotion's low two flag bits name, in [`MoveFlag`] order.
const PROMOTION_KINDS: [u8; 4] = [KNIGHT, BISHOP, ROOK, QUEEN];

/// A chess position on a 0x88 board (see the crate docs for the layout).
///
/// # Examples
///
/// ```
/// use boardlab_core::{perft, Board, BoardExt, PerftMode, START_FEN};
/// use boardlab_x88::X88Board;
///
/// let mut board = X88Board::from_fen(START_FEN).unwrap();
/// assert_eq!(perft(&mut board, 3, PerftMode::Bulk), 8902);
/// let e4 = board.parse_uci_move("e2e4").unwrap();
/// board.make(e4);
/// assert_eq!(
///     board.to_fen(),
///     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
/// );
/// ```
#[derive(Clone)]
pub struct X88Board {
    /// The real board (files 0 to 7) holds piece codes; the phantom board (files 8 to 15)
    /// holds, eight cells to the right of each occupied square, its piece's list slot.
    ///
    /// The array is twice the 128 cells long, one byte for every value of a `u8`, so that a
    /// cell index needs neither the mask nor the bounds check that an index into 128 bytes
    /// would. Those masks would cost about 3.5% of the instructions of a bulk perft (3.6% for
    /// kiwipete without its d5 pawn at depth 4, 3.3% for the start position at depth 5, by
    /// callgrind). The upper half is never written and stays empty; every read of a cell that
    /// may lie off the board comes after the `0x88` test anyway.
    pub(crate) cells: [u8; 256],
    /// Per colour, the squares of its pieces: the king in slot 0, the other pieces in slots
    /// 1 to 15, the pawns from slot 16 on. Order within a group carries no meaning.
    pub(crate) lists: [[Sq88; SLOTS]; 2],
    /// Per colour, one past the last used slot of the pieces (`[0]`) and of the pawns (`[1]`).
    pub(crate) ends: [[u8; 2]; 2],
    /// The side to move, castling rights, en-passant square, clocks and hash.
    pub(crate) state: PositionState,
}

/// What [`X88Board::unmake`](Board::unmake) needs to take a move back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct X88Undo {
    /// The state before the move, which unmake copies back whole.
    state: PositionState,
    /// The code of the captured piece, or empty.
    captured: u8,
    /// The list slot the captured piece had, so unmake puts it back where it was.
    captured_slot: u8,
    /// The list slot a promoting pawn had.
    pawn_slot: u8,
    /// The code of the moving piece before the move, unmoved bit included, which unmake puts
    /// back on the move's origin.
    moved: u8,
}

impl X88Undo {
    /// The record of a move from `state` before make learns what it captures and moves: all
    /// that a null move needs.
    #[inline]
    fn saving(state: PositionState) -> X88Undo {
        X88Undo {
            state,
            captured: EMPTY,
            captured_slot: 0,
            pawn_slot: 0,
            moved: EMPTY,
        }
    }
}

/// Whether a code is a pawn's: picks the group of list slots.
#[inline]
const fn group(code: u8) -> usize {
    is_pawn(kind(code)) as usize
}

/// The hash of `state` after the piece `code` appears on or leaves `sq`. Every code that make
/// passes here is a piece's, so the empty code, which names none, changes nothing.
#[inline]
fn toggle_code(state: &mut PositionState, code: u8, sq: Square) {
    if let Some(piece) = piece_of(code) {
        state.toggle_piece(piece, sq);
    }
}

/// The hash of `state` after the piece `code` moves from `from` to `to` (see
/// [`toggle_code`]).
#[inline]
fn move_code(state: &mut PositionState, code: u8, from: Square, to: Square) {
    if let Some(piece) = piece_of(code) {
        state.move_piece(piece, from, to);
    }
}

/// The cell of the piece that `us` captures with `mv`, which lands on `to`: for en passant the
/// cell behind it, where the pawn that double-pushed stands.
#[inline]
fn victim_cell(mv: Move, to: Sq88, us: Color) -> Sq88 {
    if mv.is_en_passant() {
        to.offset(-pawn_step(us))
    } else {
        to
    }
}

/// The step toward the far end for `color`'s pawns.
#[inline]
pub(crate) const fn pawn_step(color: Color) -> i8 {
    match color {
        Color::White => 16,
        Color::Black => -16,
    }
}

impl X88Board {
    /// The squares of `color`'s king and pieces (not pawns), the king first.
    #[inline]
    pub(crate) fn officers(&self, color: Color) -> &[Sq88] {
        let c = color as usize;
        &self.lists[c][..self.ends[c][0] as usize]
    }

    /// The squares of `color`'s pawns.
    #[inline]
    pub(crate) fn pawns(&self, color: Color) -> &[Sq88] {
        let c = color as usize;
        &self.lists[c][PAWN_SLOTS..self.ends[c][1] as usize]
    }

    /// The square of `color`'s king.
    #[inline]
    pub(crate) fn king(&self, color: Color) -> Sq88 {
        self.lists[color as usize][0]
    }

    /// The list slot of the piece on `sq`, kept on the phantom board.
    #[inline]
    fn slot_of(&self, sq: Sq88) -> usize {
        self.cells[sq.phantom_index()] as usize
    }

    /// Records that slot `slot` of `color` holds the piece on `sq`.
    #[inline]
    fn set_slot(&mut self, color: Color, slot: usize, sq: Sq88) {
        self.lists[color as usize][slot] = sq;
        self.cells[sq.phantom_index()] = slot as u8;
    }

    /// Adds the piece `code` standing on `sq` at the end of its group.
    ///
    /// # Panics
    ///
    /// When the group is full. Validation allows at most 16 pieces a side, 8 of them pawns, and
    /// no move adds a piece (a promotion moves one from the pawns to the other pieces), so the
    /// 16 slots for king and pieces and the 8 for pawns always suffice.
    fn append(&mut self, color: Color, code: u8, sq: Sq88) {
        let g = group(code);
        let end = self.ends[color as usize][g] as usize;
        let limit = if g == 0 { PAWN_SLOTS } else { SLOTS };
        assert!(end < limit, "{color}'s piece list has no free slot");
        self.set_slot(color, end, sq);
        self.ends[color as usize][g] += 1;
    }

    /// Takes the piece `code` on `sq` out of its list, filling its slot with the group's last
    /// piece, and returns the slot it had.
    #[inline]
    fn remove(&mut self, color: Color, code: u8, sq: Sq88) -> u8 {
        let g = group(code);
        let slot = self.slot_of(sq);
        let last = self.ends[color as usize][g] as usize - 1;
        let moved = self.lists[color as usize][last];
        self.set_slot(color, slot, moved);
        self.ends[color as usize][g] = last as u8;
        slot as u8
    }

    /// Puts the piece `code` on `sq` back into slot `slot`, moving the piece now there to the
    /// end: the exact inverse of [`remove`](Self::remove).
    #[inline]
    fn insert(&mut self, color: Color, code: u8, sq: Sq88, slot: u8) {
        let g = group(code);
        let end = self.ends[color as usize][g] as usize;
        let slot = slot as usize;
        if slot < end {
            let displaced = self.lists[color as usize][slot];
            self.set_slot(color, end, displaced);
        }
        self.set_slot(color, slot, sq);
        self.ends[color as usize][g] = end as u8 + 1;
    }

    /// Moves the piece on `from` to the empty (or just emptied) `to`, cells and list slot.
    #[inline]
    fn shift(&mut self, color: Color, from: Sq88, to: Sq88) {
        let code = self.cells[from.index()];
        let slot = self.slot_of(from);
        self.cells[to.index()] = code;
        self.cells[from.index()] = EMPTY;
        self.set_slot(color, slot, to);
    }

    /// Where the rook stands and lands for a castling move made with the current rights, or
    /// `None` for any other move.
    #[inline]
    fn castling_rook(&self, mv: Move, us: Color) -> Option<(Sq88, Sq88)> {
        let side = mv.castling_side()?;
        // Written out rather than through `CastlingRights::rook_or_corner`: the call costs this
        // board 2% more instructions in full-make perft under callgrind, though the code is the
        // same (the inliner decides differently across the crate boundary).
        let rook_from = self
            .state
            .castling
            .rook(us, side)
            .unwrap_or(side.rook_from(us));
        Some((
            Sq88::from_square(rook_from),
            Sq88::from_square(side.rook_to(us)),
        ))
    }

    /// Moves king and rook for castling, cells and slots: both slots are read before either
    /// piece lands, since in Chess960 each may land where the other stood.
    #[inline]
    fn shift_pair(&mut self, color: Color, king: (Sq88, Sq88), rook: (Sq88, Sq88)) {
        let (king_code, rook_code) = (self.cells[king.0.index()], self.cells[rook.0.index()]);
        let (king_slot, rook_slot) = (self.slot_of(king.0), self.slot_of(rook.0));
        self.cells[king.0.index()] = EMPTY;
        self.cells[rook.0.index()] = EMPTY;
        self.cells[king.1.index()] = king_code;
        self.cells[rook.1.index()] = rook_code;
        self.set_slot(color, king_slot, king.1);
        self.set_slot(color, rook_slot, rook.1);
    }

    /// Sets the unmoved bit on each king and rook that a castling right names, so that every
    /// live right has both its pieces marked. A right whose king or rook is missing marks
    /// nothing; validation refuses such a setup anyway.
    fn mark_unmoved(&mut self) {
        let castling = self.state.castling;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let (Some(king), Some(rook)) = (castling.king(color), castling.rook(color, side))
                else {
                    continue;
                };
                let (king, rook) = (Sq88::from_square(king), Sq88::from_square(rook));
                let own = color_bit(color);
                if self.cells[king.index()] & !UNMOVED == own | KING
                    && self.cells[rook.index()] & !UNMOVED == own | ROOK
                {
                    self.cells[king.index()] |= UNMOVED;
                    self.cells[rook.index()] |= UNMOVED;
                }
            }
        }
    }

    /// Checks that the cells, the piece lists and the phantom slots describe the same pieces,
    /// and that every live castling right has its king and rook carrying the unmoved bit.
    #[cfg(test)]
    pub(crate) fn assert_consistent(&self) {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(rook) = self.state.castling.rook(color, side) {
                    let rook = Sq88::from_square(rook);
                    assert_ne!(
                        self.cells[self.king(color).index()] & UNMOVED,
                        0,
                        "{color} king"
                    );
                    assert_ne!(
                        self.cells[rook.index()] & UNMOVED,
                        0,
                        "{color} {side:?} rook"
                    );
                }
            }
        }
        let mut listed = 0;
        for color in Color::ALL {
            let c = color as usize;
            let groups = [
                (0usize, self.ends[c][0] as usize),
                (PAWN_SLOTS, self.ends[c][1] as usize),
            ];
            for (g, (start, end)) in groups.into_iter().enumerate() {
                for slot in start..end {
                    let sq = self.lists[c][slot];
                    let code = self.cells[sq.index()];
                    assert_eq!(code & color_bit(color), color_bit(color), "slot {slot}");
                    assert_eq!(group(code), g, "slot {slot} holds the wrong group");
                    assert_eq!(self.slot_of(sq), slot, "phantom slot of {:?}", sq.square());
                    listed += 1;
                }
            }
            assert_eq!(kind(self.cells[self.king(color).index()]), KING);
        }
        let on_board = Square::ALL
            .into_iter()
            .filter(|&sq| self.cells[Sq88::from_square(sq).index()] != EMPTY)
            .count();
        assert_eq!(listed, on_board);
    }
}

impl fmt::Debug for X88Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "X88Board({})", self.to_fen())
    }
}

impl Board for X88Board {
    type Undo = X88Undo;

    const NAME: &'static str = "x88";
    const GENERATOR: &'static str = "x88";
    const PLAYS_CHESS960: bool = true;

    fn from_setup(setup: &Setup) -> X88Board {
        let mut setup = setup.clone();
        setup.normalize_ep_square();
        let mut board = X88Board {
            cells: [EMPTY; 256],
            lists: [[Sq88::NONE; SLOTS]; 2],
            ends: [[0, PAWN_SLOTS as u8]; 2],
            state: PositionState::of(&setup),
        };
        // Kings first, so that each takes slot 0 of its list.
        for kings in [true, false] {
            for (sq, piece) in setup.pieces() {
                if (piece.role == Role::King) == kings {
                    let cell = Sq88::from_square(sq);
                    let code = code_of(piece);
                    board.cells[cell.index()] = code;
                    board.append(piece.color, code, cell);
                }
            }
        }
        board.mark_unmoved();
        board
    }

    #[inline]
    fn state(&self) -> PositionState {
        self.state
    }

    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        piece_of(self.cells[Sq88::from_square(sq).index()])
    }

    #[inline]
    fn king_square(&self, color: Color) -> Square {
        self.king(color).square()
    }

    #[inline]
    fn in_check(&self) -> bool {
        let us = self.state.turn;
        attacked(
            &self.cells,
            self.officers(!us),
            self.king(us),
            !us,
            Sq88::NONE,
        )
    }

    #[inline]
    fn is_attacked(&self, sq: Square, by: Color) -> bool {
        attacked(
            &self.cells,
            self.officers(by),
            Sq88::from_square(sq),
            by,
            Sq88::NONE,
        )
    }

    #[inline]
    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        self.generate_legal(sink);
    }

    fn make(&mut self, mv: Move) -> X88Undo {
        let (from_sq, to_sq) = (mv.from(), mv.to());
        let from = Sq88::from_square(from_sq);
        let to = Sq88::from_square(to_sq);
        let us = self.state.turn;
        let them = !us;
        let mut undo = X88Undo::saving(self.state);
        self.state.start_move();
        if mv.is_capture() {
            let victim = victim_cell(mv, to, us);
            let captured = self.cells[victim.index()];
            undo.captured = captured;
            undo.captured_slot = self.remove(them, captured, victim);
            self.cells[victim.index()] = EMPTY;
            toggle_code(&mut self.state, captured, victim.square());
            self.state.reset_halfmove_clock();
        }
        let code = self.cells[from.index()];
        undo.moved = code;
        if mv.is_promotion() {
            let promoted = color_bit(us) | PROMOTION_KINDS[usize::from(mv.flag_bits() & 3)];
            undo.pawn_slot = self.remove(us, code, from);
            self.cells[from.index()] = EMPTY;
            self.cells[to.index()] = promoted;
            self.append(us, promoted, to);
            toggle_code(&mut self.state, code, from_sq);
            toggle_code(&mut self.state, promoted, to_sq);
            self.state.reset_halfmove_clock();
        } else if let Some((rook_from, rook_to)) = self.castling_rook(mv, us) {
            let rook = self.cells[rook_from.index()];
            self.shift_pair(us, (from, to), (rook_from, rook_to));
            self.cells[to.index()] &= !UNMOVED;
            self.cells[rook_to.index()] &= !UNMOVED;
            move_code(&mut self.state, code, from_sq, to_sq);
            move_code(&mut self.state, rook, rook_from.square(), rook_to.square());
        } else {
            self.shift(us, from, to);
            self.cells[to.index()] = code & !UNMOVED;
            move_code(&mut self.state, code, from_sq, to_sq);
            if is_pawn(kind(code)) {
                self.state.reset_halfmove_clock();
                if mv.is_double_push() {
                    // The square is kept only when an enemy pawn stands beside the pushed one.
                    let their_pawn = pawn_code(them);
                    let beside = |step: i8| {
                        let cell = to.offset(step);
                        !cell.is_off_board() && self.cells[cell.index()] == their_pawn
                    };
                    if beside(-1) || beside(1) {
                        self.state
                            .set_en_passant(from.offset(pawn_step(us)).square());
                    }
                }
            }
        }
        // A live right's king and rook carry the unmoved bit, so a move that neither moves nor
        // takes a piece carrying it leaves every right as it was.
        if (code | undo.captured) & UNMOVED != 0 {
            self.state
                .set_castling(self.state.castling.after_move(from_sq, to_sq));
        }
        self.state.finish_move();
        undo
    }

    fn unmake(&mut self, mv: Move, undo: X88Undo) {
        // The state comes back first: its rights name the rook of a castling move.
        self.state = undo.state;
        let from = Sq88::from_square(mv.from());
        let to = Sq88::from_square(mv.to());
        let us = self.state.turn;
        let them = !us;
        if mv.is_promotion() {
            let promoted = self.cells[to.index()];
            self.remove(us, promoted, to);
            self.cells[to.index()] = EMPTY;
            let pawn = pawn_code(us);
            self.cells[from.index()] = pawn;
            self.insert(us, pawn, from, undo.pawn_slot);
        } else if let Some((rook_from, rook_to)) = self.castling_rook(mv, us) {
            self.shift_pair(us, (to, from), (rook_to, rook_from));
            // Castling needs a live right, so its rook carried the unmoved bit.
            self.cells[rook_from.index()] |= UNMOVED;
            self.cells[from.index()] = undo.moved;
        } else {
            self.shift(us, to, from);
            self.cells[from.index()] = undo.moved;
        }
        if undo.captured != EMPTY {
            let victim = victim_cell(mv, to, us);
            self.cells[victim.index()] = undo.captured;
            self.insert(them, undo.captured, victim, undo.captured_slot);
        }
    }

    fn make_null(&mut self) -> X88Undo {
        let undo = X88Undo::saving(self.state);
        self.state.pass();
        undo
    }

    fn unmake_null(&mut self, undo: X88Undo) {
        self.state = undo.state;
    }

    fn for_each_piece(&self, mut f: impl FnMut(Square, Piece)) {
        for color in Color::ALL {
            for &sq in self.officers(color).iter().chain(self.pawns(color)) {
                if let Some(piece) = piece_of(self.cells[sq.index()]) {
                    f(sq.square(), piece);
                }
            }
        }
    }

    fn table_bytes() -> usize {
        crate::difference::TABLE_BYTES + crate::movegen::TABLE_BYTES
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::{GenKind, MoveList};

    /// Makes and unmakes every move `depth` plies deep, checking after each step that cells,
    /// lists and phantom slots agree, and that unmake restores the real cells and the lists
    /// exactly, list order included.
    fn walk(board: &mut X88Board, depth: u32) -> u64 {
        board.assert_consistent();
        if depth == 0 {
            return 1;
        }
        let before = board.clone();
        let mut moves = MoveList::new();
        board.generate(GenKind::All, &mut moves);
        let mut leaves = 0;
        for &mv in moves.iter() {
            let undo = board.make(mv);
            leaves += walk(board, depth - 1);
            board.unmake(mv, undo);
            // Phantom cells beside empty squares keep stale slots, which nothing reads.
            let real = |b: &X88Board| {
                b.cells
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| i & 8 == 0)
                    .map(|(_, &c)| c)
                    .collect::<Vec<u8>>()
            };
            assert_eq!(real(board), real(&before), "after {mv}");
            for color in Color::ALL {
                assert_eq!(board.officers(color), before.officers(color), "after {mv}");
                assert_eq!(board.pawns(color), before.pawns(color), "after {mv}");
            }
        }
        leaves
    }

    #[test]
    fn phantom_slots_and_lists_stay_in_step_through_make_and_unmake() {
        // Captures, castling, en passant and promotions (with captures) all move list slots.
        // The leaf counts are the depth-3 figures of standard.epd and perftsuite.epd.
        let cases = [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                97862,
            ),
            ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 9483),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 2812),
        ];
        for (fen, expected) in cases {
            let mut board = X88Board::from_fen(fen).unwrap();
            assert_eq!(walk(&mut board, 3), expected, "{fen}");
        }
    }

    #[test]
    fn a_full_side_fills_every_list_slot() {
        // Fifteen queens and the king: the 16 slots for king and pieces, all in use, through
        // make and unmake of every move two plies deep (python-chess counts 241 legal moves).
        let mut board =
            X88Board::from_fen("krQ4Q/rr2Q3/QQ4Q1/3Q4/Q4Q2/Q1Q4Q/4Q3/1Q4QK w - - 0 1").unwrap();
        assert_eq!(board.officers(Color::White).len(), PAWN_SLOTS);
        assert_eq!(board.count_legal(), 241);
        walk(&mut board, 2);
    }

    #[test]
    #[should_panic(expected = "white's piece list has no free slot")]
    fn a_seventeenth_piece_fails_loudly() {
        // Validation refuses a side with 17 pieces; a setup that skipped it is not cut short.
        let mut setup =
            Setup::from_fen("krQ4Q/rr2Q3/QQ4Q1/3Q4/Q4Q2/Q1Q4Q/4Q3/1Q4QK w - - 0 1").unwrap();
        setup.board[Square::D1.index()] = Some(Piece::new(Color::White, Role::Queen));
        X88Board::from_setup(&setup);
    }

    #[test]
    fn the_unmoved_bit_marks_the_pieces_of_live_rights() {
        // White may castle short only, black long only: the kings, h1 and a8 carry bit 32.
        let mut board = X88Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1").unwrap();
        let code = |b: &X88Board, sq: Square| b.cells[Sq88::from_square(sq).index()];
        let expected = [
            (Square::E1, 44),
            (Square::H1, 46),
            (Square::A1, 14),
            (Square::E8, 52),
            (Square::A8, 54),
            (Square::H8, 22),
        ];
        for (sq, value) in expected {
            assert_eq!(code(&board, sq), value, "{sq}");
        }
        // The rook leaves: it loses the bit and white the right; unmake gives both back.
        let before = board.clone();
        let mv = board.parse_uci_move("h1g1").unwrap();
        let undo = board.make(mv);
        assert_eq!(code(&board, Square::G1), 14);
        assert_eq!(board.to_fen(), "r3k2r/8/8/8/8/8/8/R3K1R1 b q - 1 1");
        board.unmake(mv, undo);
        assert_eq!(code(&board, Square::H1), 46);
        assert_eq!(board.castling(), before.castling());
        // Castling clears the bit on king and rook.
        let mv = board.parse_uci_move("e1g1").unwrap();
        board.make(mv);
        assert_eq!(
            (code(&board, Square::G1), code(&board, Square::F1)),
            (12, 14)
        );
        board.assert_consistent();
    }

    #[test]
    fn the_undo_record_is_the_saved_state_and_four_bytes() {
        // The state (the hash 16 bytes, the clocks 8, the castling rights 6, the en-passant
        // square and the side 1 each) and four bytes of codes and slots, padded to the hash's
        // alignment of 8: every make returns one and every unmake reads it back.
        assert_eq!(std::mem::size_of::<PositionState>(), 32);
        assert_eq!(std::mem::size_of::<X88Undo>(), 40);
    }

    #[test]
    fn the_phantom_half_holds_the_list_slots() {
        let board = X88Board::from_setup(&Setup::start());
        // The kings took slot 0, so the phantom cell beside e1 and beside e8 holds 0.
        assert_eq!(board.cells[Sq88::E1.phantom_index()], 0);
        assert_eq!(board.cells[Sq88(0x74).phantom_index()], 0);
        // Pawns start at slot 16.
        assert!(board.cells[Sq88(0x14).phantom_index()] as usize >= PAWN_SLOTS);
        assert_eq!(board.officers(Color::White).len(), 8);
        assert_eq!(board.pawns(Color::Black).len(), 8);
    }
}
