//! The quad-bitboard board: its four bitboards, the codes they spell, copy-make and the
//! `Board` trait.

use crate::movegen;
use boardlab_core::bitboard::{king_attacks, knight_attacks};
use boardlab_core::{
    Board, CastlingRights, Color, Move, MoveFlag, MoveSink, Piece, PositionState, Role, Setup,
    Square, Zobrist,
};

// The piece codes, bit 0 read from plane 0, bit 1 from plane 1 and bit 2 from plane 2: pawns
// (plane 0 alone), knights (plane 1) and kings (0 and 1) have plane 2 clear; bishops (0 and
// 2) and queens (all three) have planes 0 and 2; rooks (1 and 2), queens and the rooks that
// may still castle (plane 2 alone, a piece type of its own, which is all the castling rights
// are) have plane 2 without plane 0 alone. An empty square has no plane set.
#[allow(missing_docs)]
mod codes {
    /// The code with the given bits of planes 0, 1 and 2.
    const fn code(plane0: u8, plane1: u8, plane2: u8) -> u8 {
        plane0 | plane1 << 1 | plane2 << 2
    }
    pub const EMPTY: u8 = code(0, 0, 0);
    pub const PAWN: u8 = code(1, 0, 0);
    pub const KNIGHT: u8 = code(0, 1, 0);
    pub const KING: u8 = code(1, 1, 0);
    pub const CASTLING_ROOK: u8 = code(0, 0, 1);
    pub const BISHOP: u8 = code(1, 0, 1);
    pub const ROOK: u8 = code(0, 1, 1);
    pub const QUEEN: u8 = code(1, 1, 1);
}
pub use codes::*;

/// The role code `code` stands for (a castling rook is a rook), `None` for an empty square.
#[inline(always)]
pub const fn role_of_code(code: u8) -> Option<Role> {
    match code & 7 {
        PAWN => Some(Role::Pawn),
        KNIGHT => Some(Role::Knight),
        KING => Some(Role::King),
        BISHOP => Some(Role::Bishop),
        QUEEN => Some(Role::Queen),
        EMPTY => None,
        _ => Some(Role::Rook),
    }
}

/// The code of `role` (a rook as one that may no longer castle).
pub const fn code_of_role(role: Role) -> u8 {
    // By `Role`'s order: pawn, knight, bishop, rook, queen, king.
    const CODE_OF_ROLE: [u8; 6] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING];
    CODE_OF_ROLE[role as usize]
}

/// The first rank, which is always the side to move's back rank.
pub(crate) const RANK_1: u64 = 0xff;
/// The third rank: a pawn that lands there with its first step may take a second.
pub(crate) const RANK_3: u64 = 0xff << 16;
/// The eighth rank, where the side to move's pawns promote.
pub(crate) const RANK_8: u64 = 0xff << 56;
/// The a-file.
pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The h-file.
pub(crate) const FILE_H: u64 = 0x8080_8080_8080_8080;

/// A chess position as four bitboards, seen from the side to move.
///
/// Bit `s` of `planes[0]`, `planes[1]` and `planes[2]` are the three bits of the code of the
/// piece on stored square `s` (see [`PAWN`] … [`QUEEN`]); `mover` has the side to move's
/// pieces, and one more bit on an empty square when the last move was a double push that a
/// pawn of the side to move could take en passant: the square it passed over. The stored
/// square of real square `sq` is `sq` itself when White is to move and `sq ^ 56` (the board
/// turned over, rank 1 on rank 8) when Black is: the side to move always plays up the board,
/// from rank 1 towards rank 8, and every move flips the board for the other side.
///
/// Beside those 32 bytes the board keeps only what the trait's contract asks and the pieces
/// cannot tell: the two clocks and the colour of the side to move. The castling rights are the
/// castling rooks on the boards, the en-passant square is `mover`'s extra bit, and the hash is
/// worked out when asked.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct QuadBoard {
    /// The three code planes.
    pub(crate) planes: [u64; 3],
    /// The side to move's pieces, with the en-passant square if there is one.
    pub(crate) mover: u64,
    /// Half-moves since the last capture or pawn move.
    pub(crate) halfmove_clock: u32,
    /// The full-move number.
    pub(crate) fullmove_number: u32,
    /// Whether Black is to move, so that the stored squares are the real ones flipped.
    pub(crate) black_to_move: bool,
}

/// All ones when `bit` is set, else all zeros: how a code's bit becomes a plane's mask.
#[inline(always)]
const fn spread(code: u8, plane: u32) -> u64 {
    0u64.wrapping_sub(((code >> plane) & 1) as u64)
}

impl QuadBoard {
    /// The XOR that turns a real square index into a stored one and back: 0 or 56.
    #[inline(always)]
    pub(crate) const fn orientation(&self) -> u8 {
        (self.black_to_move as u8) * 56
    }

    /// A stored set as real squares.
    #[inline(always)]
    pub(crate) const fn real_set(&self, set: u64) -> u64 {
        if self.black_to_move {
            set.swap_bytes()
        } else {
            set
        }
    }

    /// The stored square of `sq`.
    #[inline(always)]
    pub(crate) const fn stored(&self, sq: Square) -> u32 {
        (sq as u8 ^ self.orientation()) as u32
    }

    /// Every occupied square.
    #[inline(always)]
    pub(crate) const fn occupied(&self) -> u64 {
        self.planes[0] | self.planes[1] | self.planes[2]
    }

    /// The side to move's pieces.
    #[inline(always)]
    pub(crate) const fn ours(&self) -> u64 {
        self.mover & self.occupied()
    }

    /// The other side's pieces.
    #[inline(always)]
    pub(crate) const fn theirs(&self) -> u64 {
        self.occupied() & !self.mover
    }

    /// The en-passant square, stored, as a set of at most one square.
    #[inline(always)]
    pub(crate) const fn ep_set(&self) -> u64 {
        self.mover & !self.occupied()
    }

    /// The squares whose code is `code`, both colours: three plane tests in parallel.
    #[inline(always)]
    pub(crate) const fn with_code(&self, code: u8) -> u64 {
        let [a, b, c] = self.planes;
        (a ^ !spread(code, 0)) & (b ^ !spread(code, 1)) & (c ^ !spread(code, 2))
    }

    /// The code on stored square `s`: one bit from each plane.
    #[inline(always)]
    pub(crate) const fn code_at(&self, s: u32) -> u8 {
        let [a, b, c] = self.planes;
        ((a >> s) & 1 | ((b >> s) & 1) << 1 | ((c >> s) & 1) << 2) as u8
    }

    /// The stored set of `color`'s pieces.
    #[inline(always)]
    pub(crate) fn side(&self, color: Color) -> u64 {
        if color == self.turn() {
            self.ours()
        } else {
            self.theirs()
        }
    }

    /// The side to move.
    #[inline(always)]
    pub(crate) const fn turn(&self) -> Color {
        if self.black_to_move {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The three planes, the mover set and the orientation, as a reader of this crate's views
    /// sees them: `[plane 0, plane 1, plane 2, mover]`, stored squares.
    pub fn quad(&self) -> [u64; 4] {
        [self.planes[0], self.planes[1], self.planes[2], self.mover]
    }

    /// The attackers of stored square `s` among the pieces of one side (`by_mover`: the side
    /// to move, which plays up the board) on the occupancy `occupied`.
    pub(crate) fn attackers(&self, s: u32, by_mover: bool, occupied: u64) -> u64 {
        let side = if by_mover { self.mover } else { !self.mover } & self.occupied();
        let bit = 1u64 << s;
        let pawn_sources = if by_mover {
            ((bit >> 9) & !FILE_H) | ((bit >> 7) & !FILE_A)
        } else {
            ((bit << 7) & !FILE_H) | ((bit << 9) & !FILE_A)
        };
        let [a, b, c] = self.planes;
        let sq = Square::from_index(s as u8);
        let tables = movegen::tables();
        let leapers = (pawn_sources & a & !(b | c))
            | (knight_attacks(sq).0 & b & !(a | c))
            | (king_attacks(sq).0 & a & b & !c);
        let sliders = (tables.bishop(sq, boardlab_core::Bitboard(occupied)).0 & a & c)
            | (tables.rook(sq, boardlab_core::Bitboard(occupied)).0 & c & !(a & !b));
        (leapers | sliders) & side
    }

    /// The rights the castling rooks on the board stand for.
    fn rights(&self) -> CastlingRights {
        let castling_rooks = self.with_code(CASTLING_ROOK);
        let mut rights = CastlingRights::NONE;
        if castling_rooks == 0 {
            return rights;
        }
        for color in Color::ALL {
            let rooks = self.real_set(castling_rooks & self.side(color));
            if rooks == 0 {
                continue;
            }
            let king = self.king_square(color);
            let mut rest = rooks;
            while rest != 0 {
                let rook = Square::from_index(rest.trailing_zeros() as u8);
                rights = rights.with_rook(color, king, rook);
                rest &= rest - 1;
            }
        }
        rights
    }

    /// Plays `mv` on this board (copy-make's "make"): the pieces move in stored squares, then
    /// the board turns over for the other side.
    #[inline(always)]
    fn play(&mut self, mv: Move) {
        let o = self.orientation();
        let from = (mv.from() as u8 ^ o) as u32;
        let to = (mv.to() as u8 ^ o) as u32;
        let from_bit = 1u64 << from;
        let to_bit = 1u64 << to;
        let [mut a, mut b, mut c] = self.planes;
        let mut theirs = (a | b | c) & !self.mover;
        // The raw flag: 4 marks captures, 8 promotions, 2 and 3 are castling, 5 en passant.
        let flag = mv.flag_bits();
        let mut passed = 0u64;
        let resets_clock;
        if flag & 0b1110 == 0b0010 {
            // Each side has one castling rook at most, so the rook is the one on that side.
            let castling_rooks = c & !(a | b) & RANK_1;
            let (rook_bit, rook_to) = if flag == MoveFlag::KingCastle as u8 {
                (castling_rooks & !((from_bit << 1).wrapping_sub(1)), 5)
            } else {
                (castling_rooks & from_bit.wrapping_sub(1), 3)
            };
            let lifted = !(from_bit | rook_bit);
            let rook_to_bit = 1u64 << rook_to;
            a = (a & lifted) | to_bit;
            b = (b & lifted) | to_bit | rook_to_bit;
            c = (c & lifted) | rook_to_bit;
            // The other castling rook, if any, may no longer castle either.
            b |= c & !a & RANK_1;
            resets_clock = false;
        } else {
            let moving = self.code_at(from);
            // A castling rook that moves is a rook; a promotion's code is the new role's.
            let code = if flag & 8 != 0 {
                PROMOTION_CODES[(flag & 3) as usize]
            } else {
                moving | ((moving == CASTLING_ROOK) as u8) << 1
            };
            // A king that moves takes its castling rooks' rights with it.
            b |= c & !(a | b) & RANK_1 & 0u64.wrapping_sub((moving == KING) as u64);
            let captured = if flag == MoveFlag::EnPassant as u8 {
                to_bit >> 8
            } else {
                0
            };
            if flag == MoveFlag::DoublePush as u8 {
                let their_pawns = theirs & a & !(b | c);
                let beside = ((to_bit << 1) & !FILE_A) | ((to_bit >> 1) & !FILE_H);
                if their_pawns & beside != 0 {
                    passed = from_bit << 8;
                }
            }
            let lifted = !(from_bit | to_bit | captured);
            a = (a & lifted) | (spread(code, 0) & to_bit);
            b = (b & lifted) | (spread(code, 1) & to_bit);
            c = (c & lifted) | (spread(code, 2) & to_bit);
            theirs &= lifted;
            resets_clock = moving == PAWN || flag & 4 != 0;
        }
        self.planes = [a.swap_bytes(), b.swap_bytes(), c.swap_bytes()];
        self.mover = (theirs | passed).swap_bytes();
        self.halfmove_clock = if resets_clock {
            0
        } else {
            self.halfmove_clock.wrapping_add(1)
        };
        self.fullmove_number = self.fullmove_number.wrapping_add(self.black_to_move as u32);
        self.black_to_move = !self.black_to_move;
    }
}

/// The code a promotion makes, by the low two bits of its flag: knight, bishop, rook, queen.
const PROMOTION_CODES: [u8; 4] = [KNIGHT, BISHOP, ROOK, QUEEN];

impl Board for QuadBoard {
    /// The board before the move: copy-make's whole undo record.
    type Undo = QuadBoard;

    const NAME: &'static str = "quad";
    const PLAYS_CHESS960: bool = true;
    const NEEDS: Option<boardlab_core::CpuFeature> = Some(boardlab_core::CpuFeature::Bmi2);

    fn from_setup(setup: &Setup) -> Self {
        // Building the PEXT tables here means the generator finds them ready.
        movegen::tables();
        let mut board = QuadBoard {
            planes: [0; 3],
            mover: 0,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number,
            black_to_move: setup.turn == Color::Black,
        };
        let o = board.orientation();
        for (sq, piece) in setup.pieces() {
            let s = sq as u8 ^ o;
            let code = code_of_role(piece.role);
            for (plane, bits) in board.planes.iter_mut().enumerate() {
                *bits |= spread(code, plane as u32) & 1 << s;
            }
            if piece.color == setup.turn {
                board.mover |= 1 << s;
            }
        }
        for color in Color::ALL {
            for side in boardlab_core::CastlingSide::ALL {
                if let Some(rook) = setup.castling.rook(color, side) {
                    let s = rook as u8 ^ o;
                    if board.code_at(s as u32) == ROOK {
                        board.planes[1] &= !(1 << s);
                    }
                }
            }
        }
        if let Some(ep) = setup.ep_square {
            let s = ep as u8 ^ o;
            if board.occupied() & 1 << s == 0 {
                board.mover |= 1 << s;
            }
        }
        board
    }

    fn state(&self) -> PositionState {
        PositionState {
            zobrist: self.zobrist(),
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            castling: self.rights(),
            ep_square: self.ep_square(),
            turn: self.turn(),
        }
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        self.turn()
    }

    fn castling(&self) -> CastlingRights {
        self.rights()
    }

    #[inline]
    fn ep_square(&self) -> Option<Square> {
        let ep = self.ep_set();
        (ep != 0).then(|| Square::from_index(ep.trailing_zeros() as u8 ^ self.orientation()))
    }

    #[inline]
    fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    #[inline]
    fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Worked out from the pieces on every call: nothing on the board keeps it.
    fn zobrist(&self) -> Zobrist {
        let mut key = Zobrist::castling(self.rights());
        let ours = self.ours();
        let o = self.orientation();
        let mut rest = self.occupied();
        while rest != 0 {
            let s = rest.trailing_zeros();
            rest &= rest - 1;
            if let Some(role) = role_of_code(self.code_at(s)) {
                let color = if ours >> s & 1 != 0 {
                    self.turn()
                } else {
                    !self.turn()
                };
                key ^= Zobrist::piece(Piece::new(color, role), Square::from_index(s as u8 ^ o));
            }
        }
        if let Some(ep) = self.ep_square() {
            key ^= Zobrist::en_passant(ep.file());
        }
        if !self.black_to_move {
            key ^= Zobrist::white_to_move();
        }
        key
    }

    /// Three bit tests for the code, one for the colour.
    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        let s = self.stored(sq);
        let role = role_of_code(self.code_at(s))?;
        let color = if self.mover >> s & 1 != 0 {
            self.turn()
        } else {
            !self.turn()
        };
        Some(Piece::new(color, role))
    }

    /// The occupied squares only, in the real squares' order, each read by its three bits.
    fn for_each_piece(&self, mut f: impl FnMut(Square, Piece)) {
        for sq in boardlab_core::Bitboard(self.real_set(self.occupied())) {
            if let Some(piece) = self.piece_at(sq) {
                f(sq, piece);
            }
        }
    }

    fn king_square(&self, color: Color) -> Square {
        let kings = self.with_code(KING) & self.side(color);
        Square::from_index(self.real_set(kings).trailing_zeros() as u8)
    }

    fn in_check(&self) -> bool {
        let king = (self.with_code(KING) & self.ours()).trailing_zeros() & 63;
        self.attackers(king, false, self.occupied()) != 0
    }

    fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attackers(self.stored(sq), by == self.turn(), self.occupied()) != 0
    }

    #[inline]
    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        movegen::generate(self, sink);
    }

    /// The trait's count, inlined into perft's last-ply loop so that the board just made stays
    /// in registers for the generator.
    #[inline(always)]
    fn count_legal(&self) -> u64 {
        let mut counter = boardlab_core::MoveCounter::new();
        movegen::generate(self, &mut counter);
        counter.count()
    }

    #[inline(always)]
    fn make(&mut self, mv: Move) -> QuadBoard {
        let before = *self;
        self.play(mv);
        before
    }

    #[inline]
    fn unmake(&mut self, _mv: Move, undo: QuadBoard) {
        *self = undo;
    }

    fn make_null(&mut self) -> QuadBoard {
        let before = *self;
        let [a, b, c] = self.planes;
        self.planes = [a.swap_bytes(), b.swap_bytes(), c.swap_bytes()];
        self.mover = before.theirs().swap_bytes();
        self.halfmove_clock = self.halfmove_clock.wrapping_add(1);
        self.fullmove_number = self.fullmove_number.wrapping_add(self.black_to_move as u32);
        self.black_to_move = !self.black_to_move;
        before
    }

    fn unmake_null(&mut self, undo: QuadBoard) {
        *self = undo;
    }

    /// The PEXT tables, and the generator's castling paths, king-zone reach and rays.
    fn table_bytes() -> usize {
        boardlab_sliders::pext::table_bytes() + movegen::own_table_bytes()
    }
}
