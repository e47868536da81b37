//! `MagicBoard`: the position as eight bitboards and a piece-per-square array.

use crate::movegen::{self, Counter, Lister};
use crate::piece_map::{code, PieceMap, EMPTY};
use crate::sliders::{sliders, Sliders};
use boardlab_core::bitboard::{king_attacks, knight_attacks, pawn_attacks};
use boardlab_core::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, GenKind, Move, MoveFlag, MoveList, Piece,
    Role, Setup, Square, Zobrist,
};

/// Each piece code of the [`PieceMap`] back to its piece; code `0` (empty) maps to `None`.
const PIECES: [Option<Piece>; 16] = {
    let mut pieces = [None; 16];
    let mut i = 0;
    while i < Piece::NUM {
        let color = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let piece = Piece::new(color, Role::ALL[i / 2]);
        pieces[code(piece) as usize] = Some(piece);
        i += 1;
    }
    pieces
};

/// The role of a code that is not empty.
#[inline(always)]
fn role_of(code: u8) -> Role {
    // A match rather than a table: it compiles to arithmetic on the code.
    match code.wrapping_sub(1) >> 1 {
        0 => Role::Pawn,
        1 => Role::Knight,
        2 => Role::Bishop,
        3 => Role::Rook,
        4 => Role::Queen,
        _ => Role::King,
    }
}

/// The piece of a code that is not empty.
#[inline(always)]
fn piece_of(code: u8) -> Piece {
    let color = if code.wrapping_sub(1) & 1 == 0 {
        Color::White
    } else {
        Color::Black
    };
    Piece::new(color, role_of(code))
}

/// The hash component of the piece of `code` (not empty) on `sq`.
#[inline(always)]
fn key(code: u8, sq: Square) -> Zobrist {
    Zobrist::piece(piece_of(code), sq)
}

/// The square with index `index & 63`, without the table lookup `Square::from_index` compiles
/// to.
#[inline(always)]
pub(crate) fn square(index: u32) -> Square {
    // SAFETY: `Square` is `repr(u8)` with exactly the 64 discriminants 0..64 (a1 = 0, see
    // boardlab-core's square module), and the mask keeps the value in that range.
    unsafe { std::mem::transmute::<u8, Square>((index & 63) as u8) }
}

/// The squares of a set, lowest first.
#[inline(always)]
pub(crate) fn squares(set: Bitboard) -> impl Iterator<Item = Square> {
    let mut bits = set.0;
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let sq = square(bits.trailing_zeros());
        bits &= bits - 1;
        Some(sq)
    })
}

#[inline(always)]
pub(crate) fn bit(sq: Square) -> Bitboard {
    Bitboard(1 << sq as u8)
}

/// A chess position for magic bitboard move generation.
///
/// Eight bitboards (one per role, one per colour) answer "where are the white knights" with one
/// AND; the packed piece-per-square map answers "what stands on e4" with a load and a shift,
/// which `make` needs for the moving and the captured piece. The board is `Copy` and fits in
/// 128 bytes, so `make` returns the whole previous board as its undo record and `unmake` is a
/// copy: copy-make.
///
/// # Examples
///
/// ```
/// use boardlab_core::{perft, Board, PerftMode, START_FEN};
/// use boardlab_magic::MagicBoard;
///
/// let mut board = MagicBoard::from_fen(START_FEN).unwrap();
/// assert_eq!(board.count_legal(), 20);
/// assert_eq!(perft(&mut board, 3, PerftMode::Bulk), 8902);
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct MagicBoard {
    /// The squares of each role, either colour, indexed by [`Role::index`].
    pub(crate) roles: [Bitboard; Role::NUM],
    /// The squares of each colour's pieces, indexed by [`Color::index`].
    pub(crate) colors: [Bitboard; Color::NUM],
    /// The piece on each square.
    pub(crate) squares: PieceMap,
    pub(crate) zobrist: Zobrist,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    /// Set only while a pawn of the side to move stands beside the pawn that double-pushed.
    pub(crate) ep_square: Option<Square>,
}

impl std::fmt::Debug for MagicBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MagicBoard({})", self.to_fen())
    }
}

impl MagicBoard {
    /// The squares of `color`'s pieces of `role`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.colors[color as usize] & self.roles[role as usize]
    }

    /// The squares of `color`'s pieces.
    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color as usize]
    }

    /// The squares of `role`'s pieces of both colours.
    #[inline(always)]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role as usize]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    #[inline(always)]
    pub(crate) fn king_of(&self, color: Color) -> Square {
        square(self.pieces(color, Role::King).0.trailing_zeros())
    }

    /// The pieces of `by` attacking `sq` when `occupied` is occupied.
    #[inline(always)]
    pub(crate) fn attackers(
        &self,
        tables: &Sliders,
        sq: Square,
        by: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        let theirs = self.colors[by as usize];
        let queens = self.roles[Role::Queen as usize];
        let diagonal = (self.roles[Role::Bishop as usize] | queens) & theirs;
        let straight = (self.roles[Role::Rook as usize] | queens) & theirs;
        (knight_attacks(sq) & self.roles[Role::Knight as usize] & theirs)
            | (king_attacks(sq) & self.roles[Role::King as usize] & theirs)
            | (pawn_attacks(!by, sq) & self.roles[Role::Pawn as usize] & theirs)
            | (tables.bishop(sq, occupied) & diagonal)
            | (tables.rook(sq, occupied) & straight)
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        let us = self.turn;
        self.attackers(sliders(), self.king_of(us), !us, self.occupied())
    }

    /// Toggles the squares of `change` in the bitboards of the piece of `code`: adds, removes
    /// or (with two squares) moves it. The piece map and the hash are the caller's.
    #[inline(always)]
    fn flip(&mut self, code: u8, change: Bitboard) {
        let index = usize::from(code.wrapping_sub(1)) & 15;
        self.roles[(index >> 1).min(Role::NUM - 1)] ^= change;
        self.colors[index & 1] ^= change;
    }

    #[inline(always)]
    fn put(&mut self, code: u8, sq: Square) {
        self.flip(code, bit(sq));
        self.squares.set(sq, code);
        self.zobrist ^= key(code, sq);
    }
}

/// What [`MagicBoard::unmake`](Board::unmake) needs beyond the move: the captured piece and
/// the state a move cannot be undone into (rights, en-passant square, clock), and the hash,
/// which is cheaper to restore than to recompute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo {
    roles: [Bitboard; Role::NUM],
    colors: [Bitboard; Color::NUM],
    moving: u8,
    zobrist: Zobrist,
    halfmove_clock: u32,
    castling: CastlingRights,
    ep_square: Option<Square>,
    captured: u8,
}

/// The square behind `sq` as `color`'s pawns walk: where a double push skipped, or where the
/// pawn taken en passant stands.
#[inline(always)]
fn behind(sq: Square, color: Color) -> Square {
    square((sq as u32).wrapping_sub(8).wrapping_add(16 * color as u32))
}

/// The rook's squares, from and to, for a castling move's flag.
#[inline(always)]
fn castling_rook(flag: u8, color: Color) -> (Square, Square) {
    let side = if flag == MoveFlag::KingCastle as u8 {
        CastlingSide::King
    } else {
        CastlingSide::Queen
    };
    (side.rook_from(color), side.rook_to(color))
}

impl Board for MagicBoard {
    type Undo = Undo;

    const NAME: &'static str = "magic";

    fn from_setup(setup: &Setup) -> MagicBoard {
        // Building the tables here means every board's generator finds them ready.
        sliders();
        let mut board = MagicBoard {
            roles: [Bitboard::EMPTY; Role::NUM],
            colors: [Bitboard::EMPTY; Color::NUM],
            squares: PieceMap::default(),
            zobrist: Zobrist::castling(setup.castling),
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number,
            turn: setup.turn,
            castling: setup.castling,
            ep_square: None,
        };
        for (sq, piece) in setup.pieces() {
            board.put(code(piece), sq);
        }
        if setup.turn == Color::White {
            board.zobrist ^= Zobrist::white_to_move();
        }
        if let Some(ep) = setup.ep_square {
            let capturers = pawn_attacks(!setup.turn, ep) & board.pieces(setup.turn, Role::Pawn);
            if !capturers.is_empty() {
                board.ep_square = Some(ep);
                board.zobrist ^= Zobrist::en_passant(ep.file());
            }
        }
        board
    }

    fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for sq in squares(self.occupied()) {
            setup.board[sq as usize] = PIECES[self.squares.get(sq) as usize];
        }
        setup.turn = self.turn;
        setup.castling = self.castling;
        setup.ep_square = self.ep_square;
        setup.halfmove_clock = self.halfmove_clock;
        setup.fullmove_number = self.fullmove_number;
        setup
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        self.turn
    }

    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        PIECES[self.squares.get(sq) as usize]
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
        self.king_of(color)
    }

    #[inline]
    fn in_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    #[inline]
    fn is_attacked(&self, sq: Square, by: Color) -> bool {
        !self
            .attackers(sliders(), sq, by, self.occupied())
            .is_empty()
    }

    fn generate(&self, kind: GenKind, out: &mut MoveList) {
        out.clear();
        movegen::generate(self, &mut Lister::new(out, kind));
    }

    #[inline]
    fn count_legal(&self) -> u64 {
        let mut counter = Counter::default();
        movegen::generate(self, &mut counter);
        counter.count()
    }

    #[inline]
    fn make(&mut self, mv: Move) -> Undo {
        let us = self.turn;
        let from = square(u32::from(mv.bits()));
        let to = square(u32::from(mv.bits()) >> 6);
        let flag = mv.flag_bits();
        let moving = self.squares.get(from);
        let captured = self.squares.get(to);
        let undo = Undo {
            roles: self.roles,
            colors: self.colors,
            moving,
            zobrist: self.zobrist,
            halfmove_clock: self.halfmove_clock,
            castling: self.castling,
            ep_square: self.ep_square,
            captured,
        };
        // The hash changes are gathered here and applied once: a chain of updates through
        // memory would wait on each store.
        let mut hash = Zobrist::white_to_move() ^ key(moving, from) ^ key(moving, to);

        if let Some(ep) = self.ep_square.take() {
            hash ^= Zobrist::en_passant(ep.file());
        }
        let rights = self.castling.after_move(from, to);
        if rights != self.castling {
            hash ^= Zobrist::castling(self.castling) ^ Zobrist::castling(rights);
            self.castling = rights;
        }
        self.halfmove_clock += 1;
        self.fullmove_number += us as u32;

        self.flip(moving, bit(from) | bit(to));
        self.squares.set(from, EMPTY);
        self.squares.set(to, moving);
        if captured != EMPTY {
            self.flip(captured, bit(to));
            hash ^= key(captured, to);
            self.halfmove_clock = 0;
        }

        if role_of(moving) == Role::Pawn {
            self.halfmove_clock = 0;
            if flag == MoveFlag::DoublePush as u8 {
                let skipped = behind(to, us);
                let capturers = pawn_attacks(us, skipped) & self.pieces(!us, Role::Pawn);
                if !capturers.is_empty() {
                    self.ep_square = Some(skipped);
                    hash ^= Zobrist::en_passant(skipped.file());
                }
            } else if flag == MoveFlag::EnPassant as u8 {
                let victim = behind(to, us);
                let pawn = code(Piece::new(!us, Role::Pawn));
                self.flip(pawn, bit(victim));
                self.squares.set(victim, EMPTY);
                hash ^= key(pawn, victim);
            } else if let Some(role) = mv.promotion() {
                let promoted = code(Piece::new(us, role));
                self.flip(moving, bit(to));
                self.flip(promoted, bit(to));
                self.squares.set(to, promoted);
                hash ^= key(moving, to) ^ key(promoted, to);
            }
        } else if mv.is_castle() {
            let rook = code(Piece::new(us, Role::Rook));
            let (rook_from, rook_to) = castling_rook(flag, us);
            self.flip(rook, bit(rook_from) | bit(rook_to));
            self.squares.set(rook_from, EMPTY);
            self.squares.set(rook_to, rook);
            hash ^= key(rook, rook_from) ^ key(rook, rook_to);
        }

        self.zobrist ^= hash;
        self.turn = !us;
        undo
    }

    #[inline]
    fn unmake(&mut self, mv: Move, undo: Undo) {
        let us = !self.turn;
        let from = square(u32::from(mv.bits()));
        let to = square(u32::from(mv.bits()) >> 6);
        let flag = mv.flag_bits();
        self.turn = us;
        self.fullmove_number -= us as u32;
        self.zobrist = undo.zobrist;
        self.halfmove_clock = undo.halfmove_clock;
        self.castling = undo.castling;
        self.ep_square = undo.ep_square;

        self.roles = undo.roles;
        self.colors = undo.colors;
        self.squares.set(from, undo.moving);
        self.squares.set(to, undo.captured);
        if flag == MoveFlag::EnPassant as u8 {
            self.squares
                .set(behind(to, us), code(Piece::new(!us, Role::Pawn)));
        } else if mv.is_castle() {
            let (rook_from, rook_to) = castling_rook(flag, us);
            self.squares.set(rook_to, EMPTY);
            self.squares
                .set(rook_from, code(Piece::new(us, Role::Rook)));
        }
    }

    fn make_null(&mut self) -> Undo {
        let undo = Undo {
            roles: self.roles,
            colors: self.colors,
            moving: EMPTY,
            zobrist: self.zobrist,
            halfmove_clock: self.halfmove_clock,
            castling: self.castling,
            ep_square: self.ep_square,
            captured: EMPTY,
        };
        if let Some(ep) = self.ep_square.take() {
            self.zobrist ^= Zobrist::en_passant(ep.file());
        }
        self.halfmove_clock += 1;
        self.fullmove_number += self.turn as u32;
        self.turn = !self.turn;
        self.zobrist ^= Zobrist::white_to_move();
        undo
    }

    fn unmake_null(&mut self, undo: Undo) {
        self.turn = !self.turn;
        self.fullmove_number -= self.turn as u32;
        self.zobrist = undo.zobrist;
        self.halfmove_clock = undo.halfmove_clock;
        self.ep_square = undo.ep_square;
    }

    fn for_each_piece(&self, mut f: impl FnMut(Square, Piece)) {
        for sq in squares(self.occupied()) {
            f(sq, piece_of(self.squares.get(sq)));
        }
    }

    fn table_bytes() -> usize {
        crate::sliders::table_bytes()
    }
}
