//! Solution of the capstone: the 16x12 board with walls, written to be read rather than to be fast.
//!
//! Legal moves are the pseudo-legal moves after which the mover's king is not attacked, each
//! tried on a scratch copy of the cells; castling is checked in full when it is generated.
//! Make and unmake move bytes between cells and take the state's steps with
//! [`PositionState`]; unmake copies the saved state back.

use crate::capstone::{
    cell, code, colour_bit, piece_of, square_of, CellBoard, Cells, BISHOP_STEPS, EMPTY, KING_STEPS,
    KNIGHT_STEPS, ROOK_STEPS,
};
use boardlab_core::{
    Board, BoardExt, CastlingRights, CastlingSide, Color, Move, MoveFlag, MoveList, MoveSink,
    Piece, PositionState, Role, Setup, Square, Zobrist, PROMOTION_ORDER,
};

/// The 16x12 board: 192 cells, the two kings' squares and the state besides the pieces.
#[derive(Clone, Debug)]
pub struct Board16x12 {
    /// The 192 cells: a piece's byte, [`EMPTY`], or the frame.
    cells: Cells,
    /// Each side's king, indexed by `Color::index`, so that the check test starts from it
    /// without a search.
    kings: [Square; 2],
    /// Side to move, castling rights, en-passant square, clocks and hash.
    state: PositionState,
}

/// What unmake needs: the state, the captured cell's byte and the kings, as before the move.
#[derive(Clone, Copy, Debug)]
pub struct Undo16x12 {
    state: PositionState,
    captured: u8,
    kings: [Square; 2],
}

/// The cell one step from `from`. Every step from a square lands inside the 192 cells, on the
/// board or on the frame, which is two rows deep above and below and four columns wide beside,
/// where a step moves two ranks or files at most.
fn step(from: u8, by: i8) -> u8 {
    from.wrapping_add_signed(by)
}

/// The byte of the cell `at`.
fn at(cells: &Cells, at: u8) -> u8 {
    cells[at]
}

/// The first cell from `from` along `by` that is not empty: a piece or the frame.
fn first_non_empty(cells: &Cells, from: u8, by: i8) -> u8 {
    let mut to = step(from, by);
    while at(cells, to) == EMPTY {
        to = step(to, by);
    }
    to
}

/// Whether a piece of `by` attacks the cell `target`: each kind of piece is looked for where
/// it would have to stand, outwards from the target.
fn attacked(cells: &Cells, target: u8, by: Color) -> bool {
    let piece = |role| code(Piece::new(by, role));
    // A white pawn attacks upwards, so it stands one rank below the cell it attacks.
    let pawn_steps: [i8; 2] = match by {
        Color::White => [-15, -17],
        Color::Black => [15, 17],
    };
    let leaper_on = |steps: &[i8], role| {
        steps
            .iter()
            .any(|&by| at(cells, step(target, by)) == piece(role))
    };
    let slider_on = |steps: &[i8], role| {
        steps.iter().any(|&by| {
            let found = at(cells, first_non_empty(cells, target, by));
            found == piece(role) || found == piece(Role::Queen)
        })
    };
    leaper_on(&pawn_steps, Role::Pawn)
        || leaper_on(&KNIGHT_STEPS, Role::Knight)
        || leaper_on(&KING_STEPS, Role::King)
        || slider_on(&ROOK_STEPS, Role::Rook)
        || slider_on(&BISHOP_STEPS, Role::Bishop)
}

impl Board16x12 {
    /// The byte of `sq`'s cell.
    fn at(&self, sq: Square) -> u8 {
        at(&self.cells, cell(sq))
    }

    /// Every pseudo-legal move: each piece's moves by the rules of its kind, without asking
    /// whether the own king is left attacked. Castling is the exception: it is checked in full
    /// here, since its rule is about the squares the king crosses, not the one it lands on.
    fn pseudo_legal(&self, out: &mut MoveList) {
        let us = self.state.turn;
        for sq in Square::ALL {
            match piece_of(self.at(sq)) {
                Some(piece) if piece.color == us => match piece.role {
                    Role::Pawn => self.pawn_moves(sq, out),
                    Role::Knight => self.leaper_moves(sq, &KNIGHT_STEPS, out),
                    Role::King => self.leaper_moves(sq, &KING_STEPS, out),
                    Role::Bishop => self.slider_moves(sq, &BISHOP_STEPS, out),
                    Role::Rook => self.slider_moves(sq, &ROOK_STEPS, out),
                    Role::Queen => self.slider_moves(sq, &KING_STEPS, out),
                },
                _ => {}
            }
        }
        self.castling_moves(out);
    }

    /// A move to the cell `to` if a piece of ours may land there: a quiet move onto an empty
    /// cell, a capture onto an enemy piece, nothing onto our own piece or the frame (the frame
    /// carries our colour bit too).
    fn land(&self, from: Square, to: u8, out: &mut MoveList) {
        let target = at(&self.cells, to);
        if target & colour_bit(self.state.turn) != 0 {
            return;
        }
        if let Some(to_sq) = square_of(to) {
            let flag = if target == EMPTY {
                MoveFlag::Quiet
            } else {
                MoveFlag::Capture
            };
            out.push(Move::new(from, to_sq, flag));
        }
    }

    /// A knight's or king's moves: one step each, onto any cell a piece of ours may land on.
    fn leaper_moves(&self, from: Square, steps: &[i8], out: &mut MoveList) {
        for &by in steps {
            self.land(from, step(cell(from), by), out);
        }
    }

    /// A slider's moves: along each step over the empty cells, then onto the cell that ended
    /// the ray if a piece of ours may land there (an enemy piece; not our own, not the frame).
    fn slider_moves(&self, from: Square, steps: &[i8], out: &mut MoveList) {
        for &by in steps {
            let mut to = step(cell(from), by);
            while at(&self.cells, to) == EMPTY {
                self.land(from, to, out);
                to = step(to, by);
            }
            self.land(from, to, out);
        }
    }

    /// A pawn's moves: one step forward onto an empty cell (four promotions on the last
    /// rank), two from its start rank over two empty cells, and diagonally forward onto an
    /// enemy piece or the en-passant square.
    fn pawn_moves(&self, from: Square, out: &mut MoveList) {
        let us = self.state.turn;
        let (forward, start_rank, last_rank): (i8, usize, usize) = match us {
            Color::White => (16, 1, 7),
            Color::Black => (-16, 6, 0),
        };
        let push = |to: Square, flag: MoveFlag, out: &mut MoveList| {
            if to.rank().index() == last_rank {
                for role in PROMOTION_ORDER {
                    out.push(Move::new(
                        from,
                        to,
                        MoveFlag::promotion(role, flag == MoveFlag::Capture),
                    ));
                }
            } else {
                out.push(Move::new(from, to, flag));
            }
        };
        // An empty cell is never a frame cell, so its square is always found.
        let one = step(cell(from), forward);
        if let Some(one_sq) = square_of(one).filter(|_| at(&self.cells, one) == EMPTY) {
            push(one_sq, MoveFlag::Quiet, out);
            let two = step(one, forward);
            if let Some(two_sq) = square_of(two).filter(|_| at(&self.cells, two) == EMPTY) {
                if from.rank().index() == start_rank {
                    out.push(Move::new(from, two_sq, MoveFlag::DoublePush));
                }
            }
        }
        for side in [-1, 1] {
            let to = step(cell(from), forward + side);
            let Some(to_sq) = square_of(to) else {
                continue;
            };
            let target = at(&self.cells, to);
            if piece_of(target).is_some_and(|piece| piece.color != us) {
                push(to_sq, MoveFlag::Capture, out);
            } else if self.state.ep_square == Some(to_sq) {
                out.push(Move::new(from, to_sq, MoveFlag::EnPassant));
            }
        }
    }

    /// Castling by the Chess960 rules, which include the standard ones: the squares king and
    /// rook cross or land on are empty apart from the two themselves, and no square of the
    /// king's path is attacked once king and rook are lifted off the board.
    fn castling_moves(&self, out: &mut MoveList) {
        let us = self.state.turn;
        for side in CastlingSide::ALL {
            let Some(path) = self.state.castling.path(us, side) else {
                continue;
            };
            if path
                .must_be_empty
                .into_iter()
                .any(|sq| self.at(sq) != EMPTY)
            {
                continue;
            }
            let mut lifted = self.cells.clone();
            lifted.set(cell(path.king_from), EMPTY);
            lifted.set(cell(path.rook_from), EMPTY);
            if path
                .king_path
                .into_iter()
                .any(|sq| attacked(&lifted, cell(sq), !us))
            {
                continue;
            }
            out.push(Move::new(path.king_from, path.king_to, side.flag()));
        }
    }

    /// Whether `mv` leaves our king unattacked: the move is tried on `scratch`, a copy of the
    /// cells, and taken back. Only the occupancy matters to the test, so a promotion moves the
    /// pawn as it is, and the rook of a castling move is not needed (castling is checked when
    /// it is generated).
    fn leaves_king_safe(&self, scratch: &mut Cells, mv: Move) -> bool {
        let us = self.state.turn;
        let (from, to) = (cell(mv.from()), cell(mv.to()));
        let victim = if mv.is_en_passant() {
            mv.to().offset(0, -us.forward()).map(cell)
        } else {
            None
        };
        let (moving, captured) = (scratch[from], scratch[to]);
        scratch.set(to, moving);
        scratch.set(from, EMPTY);
        let victim_byte = victim.map(|v| {
            let byte = scratch[v];
            scratch.set(v, EMPTY);
            byte
        });
        let king = self.kings[us.index()];
        let king = if mv.from() == king { mv.to() } else { king };
        let safe = !attacked(scratch, cell(king), !us);
        scratch.set(from, moving);
        scratch.set(to, captured);
        if let (Some(v), Some(byte)) = (victim, victim_byte) {
            scratch.set(v, byte);
        }
        safe
    }

    /// The side and the rook squares of a castling move, from the rights before it.
    fn castling_rook(rights: CastlingRights, us: Color, mv: Move) -> (Square, Square) {
        let side = mv.castling_side().unwrap_or(CastlingSide::Queen);
        let rook_from = rights.rook(us, side).unwrap_or(side.rook_from(us));
        (rook_from, side.rook_to(us))
    }

    /// Puts `byte` on `sq`'s cell.
    fn put(&mut self, sq: Square, byte: u8) {
        self.cells.set(cell(sq), byte);
    }
}

impl CellBoard for Board16x12 {
    fn cells(&self) -> &Cells {
        &self.cells
    }

    fn cells_mut(&mut self) -> &mut Cells {
        &mut self.cells
    }
}

impl Board for Board16x12 {
    type Undo = Undo16x12;
    const NAME: &'static str = "16x12";
    const PLAYS_CHESS960: bool = true;

    fn from_setup(setup: &Setup) -> Self {
        let mut board = Board16x12 {
            cells: Cells::empty(),
            kings: [Square::E1, Square::E8],
            state: PositionState::of(setup),
        };
        for (sq, piece) in setup.pieces() {
            board.put(sq, code(piece));
            if piece.role == Role::King {
                board.kings[piece.color.index()] = sq;
            }
        }
        board
    }

    fn state(&self) -> PositionState {
        self.state
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        piece_of(self.at(sq))
    }

    fn king_square(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    fn in_check(&self) -> bool {
        let us = self.state.turn;
        self.is_attacked(self.kings[us.index()], !us)
    }

    fn is_attacked(&self, sq: Square, by: Color) -> bool {
        attacked(&self.cells, cell(sq), by)
    }

    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        let mut candidates = MoveList::new();
        self.pseudo_legal(&mut candidates);
        let mut scratch = self.cells.clone();
        for &mv in candidates.iter() {
            if S::KIND.includes(mv) && (mv.is_castle() || self.leaves_king_safe(&mut scratch, mv)) {
                sink.push(mv);
            }
        }
    }

    fn make(&mut self, mv: Move) -> Undo16x12 {
        let mut undo = Undo16x12 {
            state: self.state,
            captured: EMPTY,
            kings: self.kings,
        };
        let us = self.state.turn;
        let (from, to) = (mv.from(), mv.to());
        let moving = self.at(from);
        let Some(mover) = piece_of(moving) else {
            return undo;
        };
        self.state.start_move();
        if mv.is_castle() {
            // King and rook are both lifted before either lands: in Chess960 the king may land
            // on the rook's square and the rook on the king's.
            let (rook_from, rook_to) = Self::castling_rook(undo.state.castling, us, mv);
            let rook = Piece::new(us, Role::Rook);
            self.put(from, EMPTY);
            self.put(rook_from, EMPTY);
            self.put(to, moving);
            self.put(rook_to, code(rook));
            self.state.move_piece(mover, from, to);
            self.state.move_piece(rook, rook_from, rook_to);
        } else {
            undo.captured = self.at(to);
            if let Some(captured) = piece_of(undo.captured) {
                self.state.toggle_piece(captured, to);
                self.state.reset_halfmove_clock();
            }
            if mv.is_en_passant() {
                if let Some(victim) = to.offset(0, -us.forward()) {
                    self.put(victim, EMPTY);
                    self.state.toggle_piece(Piece::new(!us, Role::Pawn), victim);
                }
            }
            let arriving = mv.promotion().map_or(mover, |role| Piece::new(us, role));
            self.put(from, EMPTY);
            self.put(to, code(arriving));
            self.state.toggle_piece(mover, from);
            self.state.toggle_piece(arriving, to);
            if mover.role == Role::Pawn {
                self.state.reset_halfmove_clock();
                // The en-passant square is kept only when an enemy pawn stands beside the
                // pushed pawn, ready to take it (the rule of `Setup`).
                let their_pawn = code(Piece::new(!us, Role::Pawn));
                let beside = [step(cell(to), -1), step(cell(to), 1)];
                if mv.is_double_push() && beside.iter().any(|&c| at(&self.cells, c) == their_pawn) {
                    if let Some(passed) = from.offset(0, us.forward()) {
                        self.state.set_en_passant(passed);
                    }
                }
            }
        }
        if mover.role == Role::King {
            self.kings[us.index()] = to;
        }
        self.state
            .set_castling(undo.state.castling.after_move(from, to));
        self.state.finish_move();
        undo
    }

    fn unmake(&mut self, mv: Move, undo: Undo16x12) {
        let us = undo.state.turn;
        let (from, to) = (mv.from(), mv.to());
        if mv.is_castle() {
            let (rook_from, rook_to) = Self::castling_rook(undo.state.castling, us, mv);
            self.put(to, EMPTY);
            self.put(rook_to, EMPTY);
            self.put(from, code(Piece::new(us, Role::King)));
            self.put(rook_from, code(Piece::new(us, Role::Rook)));
        } else {
            let arrived = self.at(to);
            let moved = if mv.is_promotion() {
                code(Piece::new(us, Role::Pawn))
            } else {
                arrived
            };
            self.put(from, moved);
            self.put(to, undo.captured);
            if mv.is_en_passant() {
                if let Some(victim) = to.offset(0, -us.forward()) {
                    self.put(victim, code(Piece::new(!us, Role::Pawn)));
                }
            }
        }
        self.state = undo.state;
        self.kings = undo.kings;
    }

    fn make_null(&mut self) -> Undo16x12 {
        let undo = Undo16x12 {
            state: self.state,
            captured: EMPTY,
            kings: self.kings,
        };
        self.state.pass();
        undo
    }

    fn unmake_null(&mut self, undo: Undo16x12) {
        self.state = undo.state;
        self.kings = undo.kings;
    }
}
