//! Legal move generation with check and pin masks, attack queries, and bulk counting.
//!
//! Legality is settled before a move is emitted, so no move is ever made to be tested:
//!
//! - the king steps only to squares the other side does not attack, where the squares behind
//!   the king on a checking slider's line count as attacked (the king would still be in line);
//! - in double check only the king moves; in single check the other pieces must land on the
//!   *check mask*, the checker's square or a square between it and the king;
//! - a pinned piece (the only piece between the king and an enemy slider on a line) moves only
//!   along the line through the king and itself;
//! - en passant, which empties two squares of one rank at once, is tested by playing it on a
//!   copy of the four occupancy maps and looking at the king's lines.
//!
//! The same generator either lists the moves or only counts them ([`MoveSink`]): counting
//! adds up the population counts of target sets and never touches a single move.

use crate::attacks::{bishop_attacks, bishop_rays, rook_attacks, rook_rays};
use crate::board::RotatedBoard;
use boardlab_core::bitboard::{between, king_attacks, knight_attacks, line, pawn_attacks};
use boardlab_core::{
    Bitboard, Board, CastlingSide, Color, GenKind, Move, MoveFlag, MoveList, Role, Square,
};

/// Where generated moves go.
pub(crate) trait MoveSink {
    /// Moves of the piece on `from` to each square of `targets`; those onto `enemies` capture.
    fn piece_moves(&mut self, from: Square, targets: Bitboard, enemies: Bitboard);
    /// Pawn moves of kind `flag` to each square of `targets`, each from the square `back`
    /// indexes below it (modulo 256, so black's backward steps are written as wrapped negatives).
    fn pawn_moves(&mut self, targets: Bitboard, back: u8, flag: MoveFlag);
    /// The four promotions onto each square of `targets`, from `back` indexes below.
    fn promotions(&mut self, targets: Bitboard, back: u8, capture: bool);
    /// One move.
    fn single(&mut self, mv: Move);
}

#[inline]
fn square_back(to: Square, back: u8) -> Square {
    Square::from_index((to as u8).wrapping_sub(back))
}

impl MoveSink for MoveList {
    #[inline]
    fn piece_moves(&mut self, from: Square, targets: Bitboard, enemies: Bitboard) {
        for to in targets & enemies {
            self.push(Move::new(from, to, MoveFlag::Capture));
        }
        for to in targets & !enemies {
            self.push(Move::new(from, to, MoveFlag::Quiet));
        }
    }

    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, back: u8, flag: MoveFlag) {
        for to in targets {
            self.push(Move::new(square_back(to, back), to, flag));
        }
    }

    #[inline]
    fn promotions(&mut self, targets: Bitboard, back: u8, capture: bool) {
        for to in targets {
            let from = square_back(to, back);
            for role in Role::PROMOTIONS {
                self.push(Move::new(from, to, MoveFlag::promotion(role, capture)));
            }
        }
    }

    #[inline]
    fn single(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Counts moves without producing them.
struct MoveCounter(u64);

impl MoveSink for MoveCounter {
    #[inline]
    fn piece_moves(&mut self, _from: Square, targets: Bitboard, _enemies: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, _back: u8, _flag: MoveFlag) {
        self.0 += u64::from(targets.count());
    }

    #[inline]
    fn promotions(&mut self, targets: Bitboard, _back: u8, _capture: bool) {
        self.0 += 4 * u64::from(targets.count());
    }

    #[inline]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// The squares between king and rook that must be empty to castle, `[colour][side]`.
static CASTLING_EMPTY: [[Bitboard; 2]; 2] = {
    let mut table = [[Bitboard::EMPTY; 2]; 2];
    let mut color = 0;
    while color < 2 {
        let mut side = 0;
        while side < 2 {
            let squares = CastlingSide::ALL[side].empty_squares(boardlab_core::Color::ALL[color]);
            let mut bits = 0u64;
            let mut i = 0;
            while i < squares.len() {
                bits |= 1 << squares[i] as u8;
                i += 1;
            }
            table[color][side] = Bitboard(bits);
            side += 1;
        }
        color += 1;
    }
    table
};

/// What every legal move has to respect, worked out once per position.
struct Constraints {
    king: Square,
    /// Squares a piece other than the king may land on: everything, or the checker and the
    /// squares between it and the king.
    check_mask: Bitboard,
    pinned: Bitboard,
}

impl RotatedBoard {
    /// The pieces of `by` that attack `sq`.
    #[inline]
    pub fn attackers(&self, sq: Square, by: Color) -> Bitboard {
        let theirs = &self.pieces[by as usize];
        let occupancy = &self.occupancy;
        (pawn_attacks(!by, sq) & theirs[Role::Pawn as usize])
            | (knight_attacks(sq) & theirs[Role::Knight as usize])
            | (king_attacks(sq) & theirs[Role::King as usize])
            | (rook_attacks(sq, occupancy)
                & (theirs[Role::Rook as usize] | theirs[Role::Queen as usize]))
            | (bishop_attacks(sq, occupancy)
                & (theirs[Role::Bishop as usize] | theirs[Role::Queen as usize]))
    }

    /// Whether a piece of `by` attacks `sq`; the leapers are asked first, the sliders only
    /// when needed.
    #[inline]
    pub(crate) fn attacked_by(&self, sq: Square, by: Color) -> bool {
        let theirs = &self.pieces[by as usize];
        let leapers = (pawn_attacks(!by, sq) & theirs[Role::Pawn as usize])
            | (knight_attacks(sq) & theirs[Role::Knight as usize])
            | (king_attacks(sq) & theirs[Role::King as usize]);
        if !leapers.is_empty() {
            return true;
        }
        let queens = theirs[Role::Queen as usize];
        let rooks = theirs[Role::Rook as usize] | queens;
        let bishops = theirs[Role::Bishop as usize] | queens;
        !(rook_attacks(sq, &self.occupancy) & rooks).is_empty()
            || !(bishop_attacks(sq, &self.occupancy) & bishops).is_empty()
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        let us = self.turn;
        self.attackers(self.king_square(us), !us)
    }

    /// The pieces of the side to move pinned to their king.
    pub fn pinned(&self) -> Bitboard {
        let us = self.turn;
        self.pinned_to(self.king_square(us), us)
    }

    /// The pieces of `us` that are alone between `king` and an enemy slider on its line. The
    /// sliders are found on empty-board rays, so the occupancy is only consulted between.
    #[inline]
    fn pinned_to(&self, king: Square, us: Color) -> Bitboard {
        let theirs = &self.pieces[!us as usize];
        let queens = theirs[Role::Queen as usize];
        let snipers = (rook_rays(king) & (theirs[Role::Rook as usize] | queens))
            | (bishop_rays(king) & (theirs[Role::Bishop as usize] | queens));
        let occupied = self.occupancy.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers;
            }
        }
        pinned & self.by_color[us as usize]
    }

    /// The number of legal moves, counted without listing them.
    pub(crate) fn count_moves(&self) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate_with(GenKind::All, &mut counter);
        counter.0
    }

    /// Appends the legal moves of `kind` to `out`.
    pub(crate) fn generate_into(&self, kind: GenKind, out: &mut MoveList) {
        match kind {
            GenKind::All => self.generate_with(GenKind::All, out),
            GenKind::Noisy => self.generate_with(GenKind::Noisy, out),
            GenKind::Quiet => self.generate_with(GenKind::Quiet, out),
        }
    }

    /// The generator behind both listing and counting: `kind` picks the target squares, the
    /// sink decides what becomes of the moves.
    #[inline(always)]
    fn generate_with<S: MoveSink>(&self, kind: GenKind, sink: &mut S) {
        let us = self.turn;
        let them = !us;
        let ours = self.by_color[us as usize];
        let theirs = self.by_color[them as usize];
        let occupied = self.occupancy.occupied();
        let king = self.king_square(us);
        let kind_targets = match kind {
            GenKind::All => !ours,
            GenKind::Noisy => theirs,
            GenKind::Quiet => !occupied,
        };

        let checkers = self.attackers(king, them);
        let their = &self.pieces[them as usize];
        let their_queens = their[Role::Queen as usize];
        let their_sliders =
            their[Role::Rook as usize] | their[Role::Bishop as usize] | their_queens;

        let mut king_targets = king_attacks(king) & kind_targets;
        for checker in checkers & their_sliders {
            // Stepping back along the checking line leaves the king in check; taking the
            // checker is the one square of the line that may be safe.
            king_targets &= !line(king, checker) | Bitboard::from_square(checker);
        }
        let mut safe = Bitboard::EMPTY;
        for to in king_targets {
            if !self.attacked_by(to, them) {
                safe |= Bitboard::from_square(to);
            }
        }
        sink.piece_moves(king, safe, theirs);

        if checkers.more_than_one() {
            return;
        }
        let check_mask = match checkers.first() {
            Some(checker) => between(king, checker).with(checker),
            None => {
                if kind != GenKind::Noisy {
                    self.castles(sink, us, occupied);
                }
                Bitboard::FULL
            }
        };
        let constraints = Constraints {
            king,
            check_mask,
            pinned: self.pinned_to(king, us),
        };
        let targets = kind_targets & check_mask;
        let pinned = constraints.pinned;
        let mine = &self.pieces[us as usize];
        let queens = mine[Role::Queen as usize];

        for from in mine[Role::Knight as usize] & !pinned {
            sink.piece_moves(from, knight_attacks(from) & targets, theirs);
        }
        for from in mine[Role::Bishop as usize] | queens {
            let mut to = bishop_attacks(from, &self.occupancy) & targets;
            if pinned.contains(from) {
                to &= line(king, from);
            }
            sink.piece_moves(from, to, theirs);
        }
        for from in mine[Role::Rook as usize] | queens {
            let mut to = rook_attacks(from, &self.occupancy) & targets;
            if pinned.contains(from) {
                to &= line(king, from);
            }
            sink.piece_moves(from, to, theirs);
        }

        match us {
            Color::White => self.pawn_moves::<S, true>(sink, kind, &constraints),
            Color::Black => self.pawn_moves::<S, false>(sink, kind, &constraints),
        }
    }

    /// Castling, when the side to move is not in check: the right, empty squares between king
    /// and rook, and no attack on the squares the king crosses and lands on.
    #[inline]
    fn castles<S: MoveSink>(&self, sink: &mut S, us: Color, occupied: Bitboard) {
        if self.castling.bits() & (0b11 << (2 * us as u8)) == 0 {
            return;
        }
        for side in CastlingSide::ALL {
            if self.castling.has(us, side)
                && (occupied & CASTLING_EMPTY[us as usize][side as usize]).is_empty()
            {
                let [from, crossed, to] = side.king_path(us);
                if !self.attacked_by(crossed, !us) && !self.attacked_by(to, !us) {
                    let flag = match side {
                        CastlingSide::King => MoveFlag::KingCastle,
                        CastlingSide::Queen => MoveFlag::QueenCastle,
                    };
                    sink.single(Move::new(from, to, flag));
                }
            }
        }
    }

    /// Pawn moves: the unpinned pawns all at once by shifting their set, the pinned ones one by
    /// one restricted to their pin line, and en passant apart.
    #[inline(always)]
    fn pawn_moves<S: MoveSink, const WHITE: bool>(
        &self,
        sink: &mut S,
        kind: GenKind,
        constraints: &Constraints,
    ) {
        let us = if WHITE { Color::White } else { Color::Black };
        let pawns = self.pieces[us as usize][Role::Pawn as usize];
        let free = pawns & !constraints.pinned;
        self.pawn_set_moves::<S, WHITE>(sink, kind, free, constraints.check_mask);
        for pawn in pawns & constraints.pinned {
            let allowed = constraints.check_mask & line(constraints.king, pawn);
            self.pawn_set_moves::<S, WHITE>(sink, kind, Bitboard::from_square(pawn), allowed);
        }
        if kind != GenKind::Quiet {
            if let Some(ep) = self.ep_square {
                self.en_passant(sink, ep, constraints.king, us);
            }
        }
    }

    /// The moves of the pawns in `pawns` that land on `allowed`.
    #[inline(always)]
    fn pawn_set_moves<S: MoveSink, const WHITE: bool>(
        &self,
        sink: &mut S,
        kind: GenKind,
        pawns: Bitboard,
        allowed: Bitboard,
    ) {
        let them = if WHITE { Color::Black } else { Color::White };
        let empty = !self.occupancy.occupied();
        let theirs = self.by_color[them as usize];
        let (third_rank, last_rank) = if WHITE {
            (Bitboard::rank(2), Bitboard::RANK_8)
        } else {
            (Bitboard::rank(5), Bitboard::RANK_1)
        };
        // Steps back from a target to its pawn, modulo 256: a push, and the two captures.
        let (push_back, west_back, east_back): (u8, u8, u8) = if WHITE {
            (8, 7, 9)
        } else {
            (8u8.wrapping_neg(), 9u8.wrapping_neg(), 7u8.wrapping_neg())
        };
        let up = |set: Bitboard| if WHITE { set << 8 } else { set >> 8 };

        let single = up(pawns) & empty;
        if kind != GenKind::Noisy {
            let double = up(single & third_rank) & empty & allowed;
            sink.pawn_moves(single & allowed & !last_rank, push_back, MoveFlag::Quiet);
            sink.pawn_moves(double, push_back.wrapping_mul(2), MoveFlag::DoublePush);
        }
        if kind != GenKind::Quiet {
            let west_pawns = pawns & !Bitboard::FILE_A;
            let east_pawns = pawns & !Bitboard::FILE_H;
            let (west, east) = if WHITE {
                (west_pawns << 7, east_pawns << 9)
            } else {
                (west_pawns >> 9, east_pawns >> 7)
            };
            let west = west & theirs & allowed;
            let east = east & theirs & allowed;
            sink.promotions(single & allowed & last_rank, push_back, false);
            sink.pawn_moves(west & !last_rank, west_back, MoveFlag::Capture);
            sink.pawn_moves(east & !last_rank, east_back, MoveFlag::Capture);
            sink.promotions(west & last_rank, west_back, true);
            sink.promotions(east & last_rank, east_back, true);
        }
    }

    /// En-passant captures onto `ep`, each tested by emptying the two pawns' squares and
    /// filling `ep` in a copy of the occupancy maps, then looking for an attack on the king.
    #[inline(never)]
    fn en_passant<S: MoveSink>(&self, sink: &mut S, ep: Square, king: Square, us: Color) {
        let them = !us;
        let victim = match us {
            Color::White => Square::from_index((ep as u8).wrapping_sub(8)),
            Color::Black => Square::from_index(ep as u8 + 8),
        };
        let their = &self.pieces[them as usize];
        let queens = their[Role::Queen as usize];
        let rooks = their[Role::Rook as usize] | queens;
        let bishops = their[Role::Bishop as usize] | queens;
        // The victim is the only piece whose attacks the capture can remove; leapers elsewhere
        // still give check afterwards.
        let leapers = (pawn_attacks(us, king) & their[Role::Pawn as usize].without(victim))
            | (knight_attacks(king) & their[Role::Knight as usize]);
        if !leapers.is_empty() {
            return;
        }
        for from in pawn_attacks(them, ep) & self.pieces[us as usize][Role::Pawn as usize] {
            let mut after = self.occupancy;
            after.toggle(from);
            after.toggle(victim);
            after.toggle(ep);
            if (rook_attacks(king, &after) & rooks).is_empty()
                && (bishop_attacks(king, &after) & bishops).is_empty()
            {
                sink.single(Move::new(from, ep, MoveFlag::EnPassant));
            }
        }
    }
}
