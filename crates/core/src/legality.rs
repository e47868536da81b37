//! The provided answer of [`Board::is_legal`]: whether a move is legal, decided without
//! generating any moves.
//!
//! The search asks it of the hash move and of two killers at every node, before anything is
//! generated (see the staged picker), so it must cost less than a generation. It accepts any
//! 16-bit move, a move remembered from another position included, and answers exactly as
//! membership in [`BoardExt::legal_moves`](crate::BoardExt::legal_moves) would: the move must be one the rules allow the piece
//! on its origin square (flag included, so that it equals the move the generator would
//! produce), and must not leave the mover's king attacked.

use crate::bitboard::between;
use crate::{Board, Color, Move, MoveFlag, Piece, Role, Setup, Square};

/// Whether `mv` is legal on `board`; the king's safety is tested by playing the move and
/// taking it back, so `board` is left as it was given.
pub(crate) fn is_legal<B: Board>(board: &mut B, mv: Move) -> bool {
    if mv.is_castle() {
        // The castle path covers every square the king stands on, crosses and lands on.
        return can_castle(board, mv);
    }
    if !is_pseudo_legal(board, mv) {
        return false;
    }
    let us = board.side_to_move();
    let undo = board.make(mv);
    let king_safe = !board.is_attacked(board.king_square(us), !us);
    board.unmake(mv, undo);
    king_safe
}

/// Whether the piece on `mv`'s origin may make `mv` (not a castling move) by the way it
/// moves, with the flag the generators would give it.
fn is_pseudo_legal<B: Board>(board: &B, mv: Move) -> bool {
    let (from, to) = (mv.from(), mv.to());
    if from == to {
        return false;
    }
    let us = board.side_to_move();
    let Some(piece) = board.piece_at(from) else {
        return false;
    };
    if piece.color != us {
        return false;
    }
    // The capture bit must say what stands on the destination; en passant lands on an empty
    // square.
    match board.piece_at(to) {
        Some(target) => {
            if target.color == us
                || target.role == Role::King
                || !mv.is_capture()
                || mv.is_en_passant()
            {
                return false;
            }
        }
        None => {
            if mv.is_capture() && !mv.is_en_passant() {
                return false;
            }
        }
    }
    if !piece.reaches(from, to) {
        return false;
    }
    if piece.role == Role::Pawn {
        let file_step = to.file().index() as i8 - from.file().index() as i8;
        let rank_step = to.rank().index() as i8 - from.rank().index() as i8;
        return is_pawn_move(board, mv, us, file_step, rank_step);
    }
    if mv.is_promotion() || mv.is_en_passant() || mv.is_double_push() {
        return false;
    }
    !piece.role.is_slider() || path_is_clear(board, from, to)
}

/// A pawn's move: one step forward to an empty square, two from its home rank over an empty
/// square, or one diagonal step onto a piece or the en-passant square; promoting exactly when it
/// reaches the last rank.
fn is_pawn_move<B: Board>(board: &B, mv: Move, us: Color, file_step: i8, rank_step: i8) -> bool {
    let (forward, home_rank, last_rank) = match us {
        Color::White => (1, 1, 7),
        Color::Black => (-1, 6, 0),
    };
    if mv.is_promotion() != (mv.to().rank().index() == last_rank) {
        return false;
    }
    match mv.flag() {
        MoveFlag::DoublePush => {
            file_step == 0
                && rank_step == 2 * forward
                && mv.from().rank().index() == home_rank
                && mv
                    .from()
                    .offset(0, forward)
                    .is_some_and(|middle| board.piece_at(middle).is_none())
        }
        MoveFlag::EnPassant => {
            file_step.abs() == 1 && rank_step == forward && board.ep_square() == Some(mv.to())
        }
        MoveFlag::KingCastle | MoveFlag::QueenCastle => false,
        // A capture (promoting or not): the destination's piece was checked by the caller.
        _ if mv.is_capture() => file_step.abs() == 1 && rank_step == forward,
        // A single step (promoting or not) onto a square the caller found empty.
        _ => file_step == 0 && rank_step == forward,
    }
}

/// Whether every square strictly between `from` and `to` is empty; the caller has checked
/// that the two share a rank, file or diagonal.
fn path_is_clear<B: Board>(board: &B, from: Square, to: Square) -> bool {
    let mut squares = between(from, to);
    squares.all(|square| board.piece_at(square).is_none())
}

/// Castling by the rules, standard and Chess960 alike: the right is held, king and rook stand
/// on the squares the rights name, the move goes from the king's square to its castled square,
/// every square king and rook pass through or land on is empty, and no square of the king's
/// path is attacked once king and rook are lifted off the board (in Chess960 the rook may
/// stand between an enemy slider and a square the king crosses). The attacks are [`Setup`]'s,
/// read off the neutral form: castling moves are few among the moves this is asked of.
fn can_castle<B: Board>(board: &B, mv: Move) -> bool {
    let us = board.side_to_move();
    let Some(side) = mv.castling_side() else {
        return false;
    };
    let Some(path) = board.castling().path(us, side) else {
        return false;
    };
    let mut must_be_empty = path.must_be_empty;
    let placed = mv.from() == path.king_from
        && mv.to() == path.king_to
        && board.piece_at(path.king_from) == Some(Piece::new(us, Role::King))
        && board.piece_at(path.rook_from) == Some(Piece::new(us, Role::Rook))
        && must_be_empty.all(|square| board.piece_at(square).is_none());
    if !placed {
        return false;
    }
    let setup: Setup = board.to_setup();
    let occupied = setup.occupied() & !path.lifted();
    let mut king_path = path.king_path;
    king_path.all(|square| setup.attackers(square, !us, occupied).is_empty())
}
