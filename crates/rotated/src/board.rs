//! The board: bitboards per colour and role, the rotated occupancy, and make/unmake.

use crate::attacks::TABLE_BYTES;
use crate::rotation::RotatedOccupancy;
use boardlab_core::bitboard::pawn_attacks;
use boardlab_core::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, GenKind, Move, MoveFlag, MoveList, Piece,
    Role, Setup, Square, Zobrist,
};

/// A position held in rotated bitboards (see the crate docs).
///
/// # Examples
///
/// ```
/// use boardlab_core::{perft, Board, PerftMode};
/// use boardlab_rotated::RotatedBoard;
/// let mut board = RotatedBoard::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
/// assert_eq!(perft(&mut board, 2, PerftMode::Bulk), 568);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct RotatedBoard {
    /// The squares of each piece, `[colour][role]`.
    pub(crate) pieces: [[Bitboard; Role::NUM]; Color::NUM],
    /// The squares of each side's pieces.
    pub(crate) by_color: [Bitboard; Color::NUM],
    /// Every occupied square, in the normal map and the three rotated ones.
    pub(crate) occupancy: RotatedOccupancy,
    /// The piece on each square: what make needs to know what moves and what is taken.
    pub(crate) mailbox: [Option<Piece>; 64],
    pub(crate) zobrist: Zobrist,
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
}

/// What [`RotatedBoard::unmake`](Board::unmake) needs: the captured piece and the state a move
/// overwrites.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RotatedUndo {
    captured: Option<Piece>,
    castling: CastlingRights,
    ep_square: Option<Square>,
    halfmove_clock: u32,
    zobrist: Zobrist,
}

// The flag bits make and unmake dispatch on (the move's raw flag, without decoding it).
const QUIET: u8 = MoveFlag::Quiet as u8;
const DOUBLE_PUSH: u8 = MoveFlag::DoublePush as u8;
const KING_CASTLE: u8 = MoveFlag::KingCastle as u8;
const QUEEN_CASTLE: u8 = MoveFlag::QueenCastle as u8;
const CAPTURE: u8 = MoveFlag::Capture as u8;
const EN_PASSANT: u8 = MoveFlag::EnPassant as u8;

impl RotatedBoard {
    /// The occupied squares in all four maps, as make and unmake keep them.
    #[inline]
    pub fn occupancy(&self) -> &RotatedOccupancy {
        &self.occupancy
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.pieces[color as usize][role as usize]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// Adds `piece` on the empty square `sq`, or removes it from there: the bitboards, the
    /// occupancy and the hash all toggle the same way.
    #[inline]
    fn toggle_piece(&mut self, piece: Piece, sq: Square) {
        let bit = Bitboard::from_square(sq);
        self.pieces[piece.color as usize][piece.role as usize] ^= bit;
        self.by_color[piece.color as usize] ^= bit;
        self.occupancy.toggle(sq);
    }

    /// Moves `piece` from `from` to the empty square `to`, without touching the hash.
    #[inline]
    fn shift_piece(&mut self, piece: Piece, from: Square, to: Square) {
        let bits = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.pieces[piece.color as usize][piece.role as usize] ^= bits;
        self.by_color[piece.color as usize] ^= bits;
        self.occupancy.toggle_both(from, to);
        self.mailbox[from as usize] = None;
        self.mailbox[to as usize] = Some(piece);
    }

    /// Takes `captured` off `sq` where a piece of the other side is about to land: the square
    /// stays occupied, so the occupancy maps do not change.
    #[inline]
    fn lift_captured(&mut self, captured: Piece, sq: Square) {
        let bit = Bitboard::from_square(sq);
        self.pieces[captured.color as usize][captured.role as usize] ^= bit;
        self.by_color[captured.color as usize] ^= bit;
    }

    /// The castling side of a castle move, from its flag.
    #[inline]
    fn castling_side(mv: Move) -> CastlingSide {
        if mv.flag_bits() == KING_CASTLE {
            CastlingSide::King
        } else {
            CastlingSide::Queen
        }
    }

    /// The square of the pawn an en-passant capture onto `to` takes.
    #[inline]
    fn ep_victim(to: Square, mover: Color) -> Square {
        match mover {
            Color::White => Square::from_index((to as u8).wrapping_sub(8)),
            Color::Black => Square::from_index(to as u8 + 8),
        }
    }
}

impl Board for RotatedBoard {
    type Undo = RotatedUndo;

    const NAME: &'static str = "rotated";

    fn from_setup(setup: &Setup) -> RotatedBoard {
        let mut board = RotatedBoard {
            pieces: [[Bitboard::EMPTY; Role::NUM]; Color::NUM],
            by_color: [Bitboard::EMPTY; Color::NUM],
            occupancy: RotatedOccupancy::EMPTY,
            mailbox: [None; 64],
            zobrist: Zobrist::of(setup),
            turn: setup.turn,
            castling: setup.castling,
            ep_square: setup.ep_square,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number,
        };
        for (sq, piece) in setup.pieces() {
            board.toggle_piece(piece, sq);
            board.mailbox[sq as usize] = Some(piece);
        }
        board
    }

    fn to_setup(&self) -> Setup {
        Setup {
            board: self.mailbox,
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        self.turn
    }

    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.mailbox[sq as usize]
    }

    #[inline]
    fn castling(&self) -> CastlingRights {
        self.castling
    }

    #[inline]
    fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    #[inline]
    fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    #[inline]
    fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    #[inline]
    fn zobrist(&self) -> Zobrist {
        self.zobrist
    }

    #[inline]
    fn king_square(&self, color: Color) -> Square {
        let kings = self.pieces[color as usize][Role::King as usize];
        Square::from_index(kings.0.trailing_zeros() as u8)
    }

    #[inline]
    fn in_check(&self) -> bool {
        let us = self.turn;
        !self.attackers(self.king_square(us), !us).is_empty()
    }

    #[inline]
    fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attacked_by(sq, by)
    }

    fn generate(&self, kind: GenKind, out: &mut MoveList) {
        out.clear();
        self.generate_into(kind, out);
    }

    #[inline]
    fn count_legal(&self) -> u64 {
        self.count_moves()
    }

    fn make(&mut self, mv: Move) -> RotatedUndo {
        let us = self.turn;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        let undo = RotatedUndo {
            captured: None,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmove_clock: self.halfmove_clock,
            zobrist: self.zobrist,
        };
        let Some(moving) = self.mailbox[from as usize] else {
            return undo;
        };
        let mut zobrist = self.zobrist ^ Zobrist::white_to_move();
        if let Some(ep) = self.ep_square.take() {
            zobrist ^= Zobrist::en_passant(ep.file());
        }
        self.halfmove_clock += 1;
        let mut captured = None;

        match mv.flag_bits() {
            QUIET | DOUBLE_PUSH | CAPTURE => {
                if let Some(victim) = self.mailbox[to as usize] {
                    self.lift_captured(victim, to);
                    zobrist ^= Zobrist::piece(victim, to);
                    captured = Some(victim);
                    // `to` stays occupied: only `from` empties in the occupancy maps.
                    let bits = Bitboard::from_square(from) | Bitboard::from_square(to);
                    self.pieces[us as usize][moving.role as usize] ^= bits;
                    self.by_color[us as usize] ^= bits;
                    self.occupancy.toggle(from);
                    self.mailbox[from as usize] = None;
                    self.mailbox[to as usize] = Some(moving);
                    self.halfmove_clock = 0;
                } else {
                    self.shift_piece(moving, from, to);
                }
                zobrist ^= Zobrist::piece(moving, from) ^ Zobrist::piece(moving, to);
                if moving.role == Role::Pawn {
                    self.halfmove_clock = 0;
                    if mv.is_double_push() {
                        let ep = Square::from_index((from as u8 + to as u8) / 2);
                        // The Polyglot rule: keep the square only when a pawn could take.
                        let their_pawns = self.pieces[them as usize][Role::Pawn as usize];
                        if !(pawn_attacks(us, ep) & their_pawns).is_empty() {
                            self.ep_square = Some(ep);
                            zobrist ^= Zobrist::en_passant(ep.file());
                        }
                    }
                }
            }
            EN_PASSANT => {
                let victim_sq = Self::ep_victim(to, us);
                let victim = Piece::new(them, Role::Pawn);
                self.toggle_piece(victim, victim_sq);
                self.mailbox[victim_sq as usize] = None;
                self.shift_piece(moving, from, to);
                zobrist ^= Zobrist::piece(victim, victim_sq)
                    ^ Zobrist::piece(moving, from)
                    ^ Zobrist::piece(moving, to);
                self.halfmove_clock = 0;
            }
            KING_CASTLE | QUEEN_CASTLE => {
                let side = Self::castling_side(mv);
                let rook = Piece::new(us, Role::Rook);
                let (rook_from, rook_to) = (side.rook_from(us), side.rook_to(us));
                self.shift_piece(moving, from, to);
                self.shift_piece(rook, rook_from, rook_to);
                zobrist ^= Zobrist::piece(moving, from)
                    ^ Zobrist::piece(moving, to)
                    ^ Zobrist::piece(rook, rook_from)
                    ^ Zobrist::piece(rook, rook_to);
            }
            _ => {
                // Promotions, with or without a capture.
                let promoted = Piece::new(us, mv.promotion().unwrap_or(Role::Queen));
                if let Some(victim) = self.mailbox[to as usize] {
                    self.toggle_piece(victim, to);
                    zobrist ^= Zobrist::piece(victim, to);
                    captured = Some(victim);
                }
                self.toggle_piece(moving, from);
                self.toggle_piece(promoted, to);
                self.mailbox[from as usize] = None;
                self.mailbox[to as usize] = Some(promoted);
                zobrist ^= Zobrist::piece(moving, from) ^ Zobrist::piece(promoted, to);
                self.halfmove_clock = 0;
            }
        }

        let castling = self.castling.after_move(from, to);
        if castling != self.castling {
            zobrist ^= Zobrist::castling(self.castling) ^ Zobrist::castling(castling);
            self.castling = castling;
        }
        // Black's move ends a full move: `Color::Black as u32` is 1.
        self.fullmove_number += us as u32;
        self.turn = them;
        self.zobrist = zobrist;
        RotatedUndo { captured, ..undo }
    }

    fn unmake(&mut self, mv: Move, undo: RotatedUndo) {
        let them = self.turn;
        let us = !them;
        let (from, to) = (mv.from(), mv.to());
        self.turn = us;
        self.fullmove_number -= us as u32;
        self.castling = undo.castling;
        self.ep_square = undo.ep_square;
        self.halfmove_clock = undo.halfmove_clock;
        self.zobrist = undo.zobrist;
        let Some(moved) = self.mailbox[to as usize] else {
            return;
        };

        match mv.flag_bits() {
            QUIET | DOUBLE_PUSH | CAPTURE => {
                if let Some(victim) = undo.captured {
                    let bits = Bitboard::from_square(from) | Bitboard::from_square(to);
                    self.pieces[us as usize][moved.role as usize] ^= bits;
                    self.by_color[us as usize] ^= bits;
                    self.occupancy.toggle(from);
                    self.lift_captured(victim, to);
                    self.mailbox[from as usize] = Some(moved);
                    self.mailbox[to as usize] = Some(victim);
                } else {
                    self.shift_piece(moved, to, from);
                }
            }
            EN_PASSANT => {
                self.shift_piece(moved, to, from);
                let victim_sq = Self::ep_victim(to, us);
                let victim = Piece::new(them, Role::Pawn);
                self.toggle_piece(victim, victim_sq);
                self.mailbox[victim_sq as usize] = Some(victim);
            }
            KING_CASTLE | QUEEN_CASTLE => {
                let side = Self::castling_side(mv);
                self.shift_piece(moved, to, from);
                self.shift_piece(
                    Piece::new(us, Role::Rook),
                    side.rook_to(us),
                    side.rook_from(us),
                );
            }
            _ => {
                let pawn = Piece::new(us, Role::Pawn);
                self.toggle_piece(moved, to);
                self.toggle_piece(pawn, from);
                self.mailbox[from as usize] = Some(pawn);
                self.mailbox[to as usize] = undo.captured;
                if let Some(victim) = undo.captured {
                    self.toggle_piece(victim, to);
                }
            }
        }
    }

    fn make_null(&mut self) -> RotatedUndo {
        let undo = RotatedUndo {
            captured: None,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmove_clock: self.halfmove_clock,
            zobrist: self.zobrist,
        };
        if let Some(ep) = self.ep_square.take() {
            self.zobrist ^= Zobrist::en_passant(ep.file());
        }
        self.zobrist ^= Zobrist::white_to_move();
        self.halfmove_clock += 1;
        if self.turn == Color::Black {
            self.fullmove_number += 1;
        }
        self.turn = !self.turn;
        undo
    }

    fn unmake_null(&mut self, undo: RotatedUndo) {
        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmove_number -= 1;
        }
        self.ep_square = undo.ep_square;
        self.halfmove_clock = undo.halfmove_clock;
        self.zobrist = undo.zobrist;
    }

    fn for_each_piece(&self, mut f: impl FnMut(Square, Piece)) {
        for sq in self.occupancy.occupied() {
            if let Some(piece) = self.mailbox[sq as usize] {
                f(sq, piece);
            }
        }
    }

    fn table_bytes() -> usize {
        TABLE_BYTES
    }
}
