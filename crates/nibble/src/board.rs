//! `NibbleBoard`: the eight rank words, the two king squares, the rest of the position, and
//! make/unmake.

use crate::attack::attacked;
use crate::geometry::{file_of, rank_of, BESIDE};
use crate::packed::{
    code, code_of, matching, nibble, piece_of, with_nibble, BISHOP, EMPTY, KING, KNIGHT, PAWN,
    QUEEN, ROOK,
};
use boardlab_core::{Board, Color, Move, MoveSink, Piece, PositionState, Setup, Square};

/// The kinds a promotion's low two flag bits name, in `MoveFlag` order.
const PROMOTION_KINDS: [u32; 4] = [KNIGHT, BISHOP, ROOK, QUEEN];

/// A chess position with four bits a square (see the crate docs for the layout).
///
/// # Examples
///
/// ```
/// use boardlab_core::{perft, Board, BoardExt, PerftMode, START_FEN};
/// use boardlab_nibble::NibbleBoard;
///
/// let mut board = NibbleBoard::from_fen(START_FEN).unwrap();
/// assert_eq!(perft(&mut board, 3, PerftMode::Bulk), 8902);
/// // The first rank: R N B Q K B N R is codes 6 2 5 7 3 5 2 6, file a in the low nibble.
/// assert_eq!(board.rank_words()[0], 0x6253_7526);
/// ```
#[derive(Clone)]
pub struct NibbleBoard {
    /// One word a rank, rank 1 first; in each, file a in bits 0-3 up to file h in bits 28-31.
    pub(crate) ranks: [u32; 8],
    /// The squares of the white and the black king, so that the generator and the check test
    /// need not search eight words for them.
    pub(crate) kings: [u8; 2],
    /// The side to move, castling rights, en-passant square, clocks and hash.
    pub(crate) state: PositionState,
}

/// What [`NibbleBoard::unmake`](Board::unmake) needs to take a move back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NibbleUndo {
    /// The state before the move, which unmake copies back whole.
    state: PositionState,
    /// The code of the captured piece, or empty.
    captured: u8,
}

impl NibbleBoard {
    /// The eight rank words, rank 1 first.
    pub fn rank_words(&self) -> [u32; 8] {
        self.ranks
    }

    /// The code on square index `sq`.
    #[inline(always)]
    pub(crate) fn code_at(&self, sq: u32) -> u32 {
        nibble(self.ranks[rank_of(sq) as usize], file_of(sq))
    }

    /// Writes `content` on square index `sq`.
    #[inline(always)]
    fn put(&mut self, sq: u32, content: u32) {
        let rank = rank_of(sq) as usize;
        self.ranks[rank] = with_nibble(self.ranks[rank], file_of(sq), content);
    }

    /// The square of `color`'s king as an index.
    #[inline(always)]
    pub(crate) fn king(&self, color: Color) -> u32 {
        u32::from(self.kings[color as usize])
    }

    /// Moves `us`'s king and rook from and to the squares given, returning the rook's code.
    /// Both squares are emptied before either piece lands: in Chess960 each may land where the
    /// other stood.
    #[inline]
    fn shift_pair(&mut self, us: Color, king: (u32, u32), rook: (u32, u32)) -> u32 {
        let (king_code, rook_code) = (self.code_at(king.0), self.code_at(rook.0));
        self.put(king.0, EMPTY);
        self.put(rook.0, EMPTY);
        self.put(king.1, king_code);
        self.put(rook.1, rook_code);
        self.kings[us as usize] = king.1 as u8;
        rook_code
    }

    /// Where the rook of a castling move stands and lands, with the rights before the move.
    #[inline]
    fn castling_rook(
        &self,
        rights_state: &PositionState,
        mv: Move,
        us: Color,
    ) -> Option<(u32, u32)> {
        let side = mv.castling_side()?;
        let from = rights_state
            .castling
            .rook(us, side)
            .unwrap_or(side.rook_from(us));
        Some((from as u32, side.rook_to(us) as u32))
    }
}

/// The square of the piece `us` captures with `mv`: for en passant the one behind the target,
/// where the pawn that double-pushed stands.
#[inline(always)]
fn victim_of(mv: Move, us: Color) -> u32 {
    let to = mv.to() as u32;
    if mv.is_en_passant() {
        (to as i32 - 8 * i32::from(us.forward())) as u32
    } else {
        to
    }
}

/// The square of `sq` as core's type.
#[inline(always)]
pub(crate) fn square(sq: u32) -> Square {
    Square::from_index(sq as u8)
}

impl Board for NibbleBoard {
    type Undo = NibbleUndo;
    const NAME: &'static str = "nibble";
    const PLAYS_CHESS960: bool = true;

    fn from_setup(setup: &Setup) -> Self {
        let mut ranks = [0u32; 8];
        for (sq, piece) in setup.pieces() {
            let i = sq.index() as u32;
            ranks[rank_of(i) as usize] =
                with_nibble(ranks[rank_of(i) as usize], file_of(i), code_of(piece));
        }
        let king = |color| setup.king(color).map_or(0, |sq| sq as u8);
        NibbleBoard {
            ranks,
            kings: [king(Color::White), king(Color::Black)],
            state: PositionState::of(setup),
        }
    }

    #[inline]
    fn state(&self) -> PositionState {
        self.state
    }

    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        piece_of(self.code_at(sq as u32))
    }

    #[inline]
    fn king_square(&self, color: Color) -> Square {
        square(self.king(color))
    }

    #[inline]
    fn in_check(&self) -> bool {
        let us = self.state.turn;
        attacked(&self.ranks, self.king(us), !us)
    }

    #[inline]
    fn is_attacked(&self, sq: Square, by: Color) -> bool {
        attacked(&self.ranks, sq as u32, by)
    }

    #[inline]
    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        self.generate_legal(sink);
    }

    fn make(&mut self, mv: Move) -> NibbleUndo {
        let (from, to) = (mv.from() as u32, mv.to() as u32);
        let us = self.state.turn;
        let mut undo = NibbleUndo {
            state: self.state,
            captured: EMPTY as u8,
        };
        let moving = self.code_at(from);
        self.state.start_move();
        if let Some((rook_from, rook_to)) = self.castling_rook(&undo.state, mv, us) {
            let rook = self.shift_pair(us, (from, to), (rook_from, rook_to));
            if let (Some(king), Some(rook)) = (piece_of(moving), piece_of(rook)) {
                self.state.move_piece(king, square(from), square(to));
                self.state
                    .move_piece(rook, square(rook_from), square(rook_to));
            }
        } else {
            if mv.is_capture() {
                let victim = victim_of(mv, us);
                let captured = self.code_at(victim);
                undo.captured = captured as u8;
                self.put(victim, EMPTY);
                if let Some(piece) = piece_of(captured) {
                    self.state.toggle_piece(piece, square(victim));
                }
                self.state.reset_halfmove_clock();
            }
            let placed = if mv.is_promotion() {
                code(us, PROMOTION_KINDS[usize::from(mv.flag_bits() & 3)])
            } else {
                moving
            };
            self.put(from, EMPTY);
            self.put(to, placed);
            if let (Some(before), Some(after)) = (piece_of(moving), piece_of(placed)) {
                self.state.toggle_piece(before, square(from));
                self.state.toggle_piece(after, square(to));
            }
            match moving & 7 {
                KING => self.kings[us as usize] = to as u8,
                PAWN => {
                    self.state.reset_halfmove_clock();
                    if mv.is_double_push() {
                        // The square is kept only when an enemy pawn stands beside the pushed
                        // one: one word-wide match on the rank it landed on.
                        let word = self.ranks[rank_of(to) as usize];
                        if matching(word, code(!us, PAWN)) & BESIDE[file_of(to) as usize] != 0 {
                            self.state.set_en_passant(square((from + to) / 2));
                        }
                    }
                }
                _ => {}
            }
        }
        // Every king and rook that carries a right stands on its first rank, so a move that
        // neither starts nor ends on the first or the eighth rank leaves the rights as they were.
        let on_home_rank = |sq: u32| !(8..56).contains(&sq);
        if !self.state.castling.is_empty() && (on_home_rank(from) || on_home_rank(to)) {
            self.state
                .set_castling(self.state.castling.after_move(square(from), square(to)));
        }
        self.state.finish_move();
        undo
    }

    fn unmake(&mut self, mv: Move, undo: NibbleUndo) {
        self.state = undo.state;
        let (from, to) = (mv.from() as u32, mv.to() as u32);
        let us = self.state.turn;
        if let Some((rook_from, rook_to)) = self.castling_rook(&undo.state, mv, us) {
            self.shift_pair(us, (to, from), (rook_to, rook_from));
            return;
        }
        let placed = self.code_at(to);
        let moving = if mv.is_promotion() {
            code(us, PAWN)
        } else {
            placed
        };
        self.put(to, EMPTY);
        self.put(from, moving);
        if moving & 7 == KING {
            self.kings[us as usize] = from as u8;
        }
        if mv.is_capture() {
            self.put(victim_of(mv, us), u32::from(undo.captured));
        }
    }

    fn make_null(&mut self) -> NibbleUndo {
        let undo = NibbleUndo {
            state: self.state,
            captured: EMPTY as u8,
        };
        self.state.pass();
        undo
    }

    fn unmake_null(&mut self, undo: NibbleUndo) {
        self.state = undo.state;
    }

    fn for_each_piece(&self, mut f: impl FnMut(Square, Piece)) {
        for (rank, &word) in self.ranks.iter().enumerate() {
            let mut occupied = crate::packed::occupied(word);
            while occupied != 0 {
                let bit = occupied.trailing_zeros();
                occupied &= occupied - 1;
                if let Some(piece) = piece_of(word >> bit) {
                    f(square(rank as u32 * 8 + bit / 4), piece);
                }
            }
        }
    }

    fn table_bytes() -> usize {
        crate::geometry::TABLE_BYTES + std::mem::size_of_val(&crate::packed::PIECE_OF)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_its_eight_words_the_kings_and_the_state() {
        // 32 bytes of words, 2 of king squares and the 32-byte state, padded to the state's
        // alignment of 8; the undo record is the state and the captured code.
        assert_eq!(std::mem::size_of::<[u32; 8]>(), 32);
        assert_eq!(NibbleBoard::board_bytes(), 72);
        assert_eq!(std::mem::size_of::<NibbleUndo>(), 40);
        // Three file-mask tables, the ray lengths, the rays and the code-to-piece table.
        assert_eq!(NibbleBoard::table_bytes(), 96 + 512 + 4096 + 32);
    }
}
