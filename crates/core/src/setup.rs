//! `Setup`: a position in neutral form, the one every backend converts from and to.

use crate::bitboard::{
    king_attacks, knight_attacks, line, pawn_attacks, piece_attacks, slider_attacks_slow,
    BISHOP_DIRECTIONS, ROOK_DIRECTIONS,
};
use crate::{Bitboard, CastlingRights, CastlingSide, Color, Move, Piece, Role, Square};
use std::fmt;

/// A position: placement, side to move, castling rights, en-passant square and the two clocks.
///
/// A `Setup` made by [`Setup::from_fen`] has passed [`Setup::validate`], and its en-passant
/// square is kept only when a pawn of the side to move stands beside the pawn that just
/// double-pushed (the rule of the Polyglot key). Every backend keeps that same rule after a
/// double push, so `to_setup()` compares equal across backends.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; 64],
    /// The side to move.
    pub turn: Color,
    /// The castling rights.
    pub castling: CastlingRights,
    /// The square a pawn skipped with a double push, while a capture onto it may be possible.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move (the 50-move rule counts these).
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and rising after each black move.
    pub fullmove_number: u32,
}

/// Why a position cannot be played: the reasons [`Setup::validate`] rejects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// A side has no king.
    MissingKing(Color),
    /// A side has more than one king.
    TooManyKings(Color, usize),
    /// A pawn stands on the first or eighth rank.
    PawnOnBackRank(Square),
    /// A side has more than 16 pieces.
    TooManyPieces(Color, usize),
    /// A side has more than 8 pawns.
    TooManyPawns(Color, usize),
    /// The side that just moved has left its king in check.
    OppositeCheck(Color),
    /// A castling right without king and rook on their home squares.
    BadCastlingRights(Color, CastlingSide),
    /// An en-passant square that is not behind a pawn that just double-pushed.
    BadEnPassant(Square, &'static str),
    /// More than two pieces give check: one move can give at most two checks (the piece that
    /// moved and one it uncovered).
    TooManyCheckers(Color, usize),
    /// Two pieces give check along one line through the king (from its two sides). Neither can
    /// have uncovered the other's check, so no single move gave both.
    AlignedCheckers(Color, Square, Square),
    /// The en-passant square says the last move was a double push, and that push cannot have
    /// given the check: it gives two, or one from a piece that attacked the king before.
    CheckNotFromDoublePush(Square, Bitboard),
}

impl PositionError {
    /// The FEN field the error is about, as [`FenError`](crate::FenError) names it.
    pub fn field(&self) -> &'static str {
        match self {
            PositionError::MissingKing(_)
            | PositionError::TooManyKings(..)
            | PositionError::PawnOnBackRank(_)
            | PositionError::TooManyPieces(..)
            | PositionError::TooManyPawns(..)
            | PositionError::TooManyCheckers(..)
            | PositionError::AlignedCheckers(..) => "piece placement",
            PositionError::OppositeCheck(_) => "side to move",
            PositionError::BadCastlingRights(..) => "castling",
            PositionError::BadEnPassant(..) | PositionError::CheckNotFromDoublePush(..) => {
                "en passant"
            }
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::MissingKing(c) => write!(f, "{c} has no king"),
            PositionError::TooManyKings(c, n) => write!(f, "{c} has {n} kings"),
            PositionError::PawnOnBackRank(sq) => {
                write!(
                    f,
                    "pawn on {sq}: pawns cannot stand on the first or last rank"
                )
            }
            PositionError::TooManyPieces(c, n) => {
                write!(f, "{c} has {n} pieces, at most 16 are possible")
            }
            PositionError::TooManyPawns(c, n) => {
                write!(f, "{c} has {n} pawns, at most 8 are possible")
            }
            PositionError::OppositeCheck(c) => {
                write!(f, "{c} is in check but it is not {c}'s move")
            }
            PositionError::BadCastlingRights(c, side) => {
                let side = match side {
                    CastlingSide::King => "king",
                    CastlingSide::Queen => "queen",
                };
                write!(
                    f,
                    "{c} may not castle {side} side: it needs the king on its back rank and a \
                     rook on that side of it"
                )
            }
            PositionError::BadEnPassant(sq, why) => write!(f, "en-passant square {sq}: {why}"),
            PositionError::TooManyCheckers(c, n) => write!(
                f,
                "{c} is in check from {n} pieces, but one move gives at most two checks"
            ),
            PositionError::AlignedCheckers(c, a, b) => write!(
                f,
                "{c} is in check from {a} and {b} on one line through the king, which no single \
                 move can give"
            ),
            PositionError::CheckNotFromDoublePush(ep, checkers) => {
                let squares: Vec<String> = checkers.map(|sq| sq.to_string()).collect();
                if squares.len() > 1 {
                    write!(
                        f,
                        "en-passant square {ep}: a double push cannot give check from {} at once",
                        squares.join(" and ")
                    )
                } else {
                    write!(
                        f,
                        "en-passant square {ep}: the check from {} was there before the double \
                         push",
                        squares.join("")
                    )
                }
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl Default for Setup {
    /// The start position.
    fn default() -> Setup {
        Setup::start()
    }
}

impl Setup {
    /// The standard start position.
    pub fn start() -> Setup {
        let mut board = [None; 64];
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (file, role) in back.into_iter().enumerate() {
            board[file] = Some(Piece::new(Color::White, role));
            board[8 + file] = Some(Piece::new(Color::White, Role::Pawn));
            board[48 + file] = Some(Piece::new(Color::Black, Role::Pawn));
            board[56 + file] = Some(Piece::new(Color::Black, role));
        }
        Setup {
            board,
            turn: Color::White,
            castling: CastlingRights::ALL,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// An empty board, white to move, no rights (not a valid position until kings are added).
    pub fn empty() -> Setup {
        Setup {
            board: [None; 64],
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The pieces with their squares, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::ALL
            .into_iter()
            .filter_map(|sq| self.board[sq.index()].map(|piece| (sq, piece)))
    }

    /// The squares holding `piece`.
    pub fn squares_of(&self, piece: Piece) -> Bitboard {
        self.pieces()
            .filter(|&(_, p)| p == piece)
            .map(|(sq, _)| sq)
            .collect()
    }

    /// The squares holding any piece.
    pub fn occupied(&self) -> Bitboard {
        self.pieces().map(|(sq, _)| sq).collect()
    }

    /// The square of `color`'s king, the first if there are several.
    pub fn king(&self, color: Color) -> Option<Square> {
        self.squares_of(Piece::new(color, Role::King)).first()
    }

    /// Whether a piece of `by` attacks `sq` on this board. A straightforward reference for
    /// validation and for checking the backends, not a fast path.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        !self.attackers(sq, by, self.occupied()).is_empty()
    }

    /// The squares of the pieces of `by` that attack `sq` when the squares `occupied` are
    /// occupied (the pieces themselves stay where they stand on this board).
    ///
    /// A piece attacks `sq` exactly when a piece of its kind standing on `sq` would attack the
    /// piece's square (a pawn with the colours swapped), so the rays are traced once, outwards
    /// from `sq`, rather than once from every enemy slider.
    pub fn attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let diagonal = slider_attacks_slow(sq, occupied, &BISHOP_DIRECTIONS);
        let straight = slider_attacks_slow(sq, occupied, &ROOK_DIRECTIONS);
        self.pieces()
            .filter(|&(from, piece)| {
                let seen_from_sq = match piece.role {
                    Role::Pawn => pawn_attacks(!by, sq),
                    Role::Knight => knight_attacks(sq),
                    Role::King => king_attacks(sq),
                    Role::Bishop => diagonal,
                    Role::Rook => straight,
                    Role::Queen => diagonal | straight,
                };
                piece.color == by && seen_from_sq.contains(from)
            })
            .map(|(from, _)| from)
            .collect()
    }

    /// Every square a piece of `by` attacks (pawns their capture squares, sliders up to and
    /// including the first piece in each direction).
    pub fn attacked_squares(&self, by: Color) -> Bitboard {
        let occupied = self.occupied();
        let mut attacked = Bitboard::EMPTY;
        for (from, piece) in self.pieces().filter(|(_, piece)| piece.color == by) {
            attacked |= piece_attacks(piece, from, occupied);
        }
        attacked
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.king(self.turn)
            .is_some_and(|king| self.is_attacked(king, !self.turn))
    }

    /// The pawns of the side to move that stand beside the double-pushed pawn, ready to take
    /// en passant (legal or not).
    pub fn ep_capturers(&self) -> Bitboard {
        match self.ep_square {
            Some(ep) => {
                pawn_attacks(!self.turn, ep) & self.squares_of(Piece::new(self.turn, Role::Pawn))
            }
            None => Bitboard::EMPTY,
        }
    }

    /// Whether some en-passant capture is legal here: the test for writing the en-passant square
    /// in canonical FEN.
    pub fn has_legal_ep_capture(&self) -> bool {
        let (Some(ep), Some(king)) = (self.ep_square, self.king(self.turn)) else {
            return false;
        };
        let Some(victim) = ep.offset(0, -self.turn.forward()) else {
            return false;
        };
        self.ep_capturers().any(|from| {
            let mut after = self.clone();
            after.board[from.index()] = None;
            after.board[victim.index()] = None;
            after.board[ep.index()] = Some(Piece::new(self.turn, Role::Pawn));
            !after.is_attacked(king, !self.turn)
        })
    }

    /// Checks that the position can be played; see [`PositionError`] for the rules.
    ///
    /// # Errors
    ///
    /// The first rule the position breaks.
    pub fn validate(&self) -> Result<(), PositionError> {
        for color in Color::ALL {
            let kings = self.squares_of(Piece::new(color, Role::King)).count() as usize;
            match kings {
                0 => return Err(PositionError::MissingKing(color)),
                1 => {}
                n => return Err(PositionError::TooManyKings(color, n)),
            }
            let pieces = self.pieces().filter(|(_, p)| p.color == color).count();
            if pieces > 16 {
                return Err(PositionError::TooManyPieces(color, pieces));
            }
            let pawns = self.squares_of(Piece::new(color, Role::Pawn)).count() as usize;
            if pawns > 8 {
                return Err(PositionError::TooManyPawns(color, pawns));
            }
        }
        for (sq, piece) in self.pieces() {
            if piece.role == Role::Pawn && matches!(sq.rank().index(), 0 | 7) {
                return Err(PositionError::PawnOnBackRank(sq));
            }
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if !self.castling_right_is_playable(color, side) {
                    return Err(PositionError::BadCastlingRights(color, side));
                }
            }
        }
        if let Some(ep) = self.ep_square {
            self.validate_ep_square(ep)?;
        }
        let waiting = !self.turn;
        if self
            .king(waiting)
            .is_some_and(|king| self.is_attacked(king, self.turn))
        {
            return Err(PositionError::OppositeCheck(waiting));
        }
        self.validate_checkers()
    }

    /// Refuses checks that no last move can have given: the rules of python-chess's
    /// `Board.status()` (too many checkers, impossible check), which shakmaty and cozy-chess
    /// apply as well.
    fn validate_checkers(&self) -> Result<(), PositionError> {
        let us = self.turn;
        let Some(king) = self.king(us) else {
            return Ok(());
        };
        let occupied = self.occupied();
        let checkers = self.attackers(king, !us, occupied);
        if checkers.count() > 2 {
            return Err(PositionError::TooManyCheckers(
                us,
                checkers.count() as usize,
            ));
        }
        let (Some(first), Some(last)) = (checkers.first(), checkers.last()) else {
            return Ok(());
        };
        match self.ep_square {
            Some(ep) => {
                // The pawn went from `pushed_from` to `pushed_to`, so it either gives the check
                // itself or uncovered it by leaving `pushed_from`; any other check was there
                // before the push, with the other side to move.
                let pushed_to = ep.offset(0, -us.forward()).unwrap_or(ep);
                let pushed_from = ep.offset(0, us.forward()).unwrap_or(ep);
                let before = occupied.without(pushed_to).with(pushed_from);
                if first != last
                    || (first != pushed_to && !self.attackers(king, !us, before).is_empty())
                {
                    return Err(PositionError::CheckNotFromDoublePush(ep, checkers));
                }
            }
            None => {
                if first != last && line(first, last).contains(king) {
                    return Err(PositionError::AlignedCheckers(us, first, last));
                }
            }
        }
        Ok(())
    }

    /// Whether `color`'s right to castle to `side`, if held, has its pieces in place: by the
    /// Chess960 rules, which include the standard ones, the king stands on its back rank, and
    /// a rook of its colour stands on the right's square, on the same rank and on the named
    /// side of the king. (No file is refused to the king: python-chess's corner cases hold a king
    /// on the h-file with a queen-side right, and nothing in the castling rules forbids it.)
    fn castling_right_is_playable(&self, color: Color, side: CastlingSide) -> bool {
        let Some(rook) = self.castling.rook(color, side) else {
            return true;
        };
        let Some(king) = self.castling.king(color) else {
            return false;
        };
        let back_rank = match color {
            Color::White => 0,
            Color::Black => 7,
        };
        king.rank().index() == back_rank
            && rook.rank().index() == back_rank
            && CastlingSide::of_rook(king, rook) == Some(side)
            && self.piece_at(king) == Some(Piece::new(color, Role::King))
            && self.piece_at(rook) == Some(Piece::new(color, Role::Rook))
    }

    /// Whether playing this position needs the Chess960 rules: some castling right has its king
    /// off the e-file or its rook off the a- and h-files.
    pub fn has_chess960_castling(&self) -> bool {
        !self.castling.is_standard()
    }

    fn validate_ep_square(&self, ep: Square) -> Result<(), PositionError> {
        let (rank, pusher) = match self.turn {
            Color::White => (5, Color::Black),
            Color::Black => (2, Color::White),
        };
        if ep.rank().index() != rank {
            let why = match self.turn {
                Color::White => "with white to move it must be on the sixth rank",
                Color::Black => "with black to move it must be on the third rank",
            };
            return Err(PositionError::BadEnPassant(ep, why));
        }
        let forward = pusher.forward();
        let pushed_to = ep.offset(0, forward);
        let pushed_from = ep.offset(0, -forward);
        if self.piece_at(ep).is_some() {
            return Err(PositionError::BadEnPassant(ep, "the square is occupied"));
        }
        if pushed_to.and_then(|sq| self.piece_at(sq)) != Some(Piece::new(pusher, Role::Pawn)) {
            return Err(PositionError::BadEnPassant(
                ep,
                "no pawn stands in front of it that could just have double-pushed",
            ));
        }
        if pushed_from.and_then(|sq| self.piece_at(sq)).is_some() {
            return Err(PositionError::BadEnPassant(
                ep,
                "the square the pawn came from is occupied",
            ));
        }
        Ok(())
    }

    /// Drops an en-passant square that no pawn of the side to move could capture onto, so equal
    /// positions have equal setups (the rule the type's docs describe).
    pub fn normalize_ep_square(&mut self) {
        if self.ep_capturers().is_empty() {
            self.ep_square = None;
        }
    }

    /// Plays `mv` on the setup: the reference make, written for clarity, that the testkit holds
    /// every backend's `make` against. The move must be legal here (as generated by a backend);
    /// nothing is checked.
    pub fn play(&mut self, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let Some(moving) = self.board[from.index()].take() else {
            return;
        };
        if let Some(side) = mv.castling_side() {
            // King and rook are both lifted before either lands: in Chess960 the king may land
            // on the rook's square and the rook on the king's.
            let rook_from = self
                .castling
                .rook(self.turn, side)
                .unwrap_or(side.rook_from(self.turn));
            let rook = self.board[rook_from.index()].take();
            self.board[to.index()] = Some(moving);
            self.board[side.rook_to(self.turn).index()] = rook;
            self.castling = self.castling.after_move(from, to);
            self.halfmove_clock += 1;
            if self.turn == Color::Black {
                self.fullmove_number += 1;
            }
            self.ep_square = None;
            self.turn = !self.turn;
            return;
        }
        let captured = self.board[to.index()];
        if mv.is_en_passant() {
            if let Some(victim) = to.offset(0, -self.turn.forward()) {
                self.board[victim.index()] = None;
            }
        }
        self.board[to.index()] = Some(match mv.promotion() {
            Some(role) => Piece::new(self.turn, role),
            None => moving,
        });
        self.castling = self.castling.after_move(from, to);
        if moving.role == Role::Pawn || captured.is_some() || mv.is_en_passant() {
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock += 1;
        }
        if self.turn == Color::Black {
            self.fullmove_number += 1;
        }
        self.ep_square = if mv.is_double_push() {
            from.offset(0, self.turn.forward())
        } else {
            None
        };
        self.turn = !self.turn;
        self.normalize_ep_square();
    }

    /// Passes the move to the other side: the reference for `Board::make_null`.
    pub fn play_null(&mut self) {
        self.ep_square = None;
        self.halfmove_clock += 1;
        if self.turn == Color::Black {
            self.fullmove_number += 1;
        }
        self.turn = !self.turn;
    }

    /// The board as an 8x8 text grid, rank 8 on top, FEN letters and `.` for empty squares.
    pub fn grid(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            out.push((b'1' + rank as u8) as char);
            out.push(' ');
            for file in 0..8 {
                out.push(' ');
                out.push(self.board[rank * 8 + file].map_or('.', |p| p.char()));
            }
            out.push('\n');
        }
        out.push_str("   a b c d e f g h\n");
        out
    }
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Setup({})", self.to_fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_valid_and_quiet() {
        let start = Setup::start();
        assert_eq!(start.validate(), Ok(()));
        assert!(!start.in_check());
        assert_eq!(start.king(Color::Black), Some(Square::E8));
        assert!(start.is_attacked(Square::F3, Color::White));
        assert!(!start.is_attacked(Square::E4, Color::White));
    }

    #[test]
    fn grid_draws_rank_eight_on_top() {
        let grid = Setup::start().grid();
        assert!(grid.starts_with("8  r n b q k b n r\n"));
        assert!(grid.ends_with("   a b c d e f g h\n"));
    }
}
