//! Legal move generation.
//!
//! [`X88Board::king_safety`] first finds the checks and pins from the king. Then:
//!
//! - the king steps to cells no enemy piece attacks, tested with the king lifted off its cell
//!   so that it cannot hide behind itself from a slider;
//! - castling needs no check, empty cells between king and rook, and no attack on the cells
//!   the king crosses and lands on;
//! - in double check nothing else moves;
//! - a pinned piece moves only along its pin (in check, not at all: two lines through the king
//!   meet only at the king, so no move along the pin can answer the check);
//! - in single check, other pieces may only capture the checker or, against a slider, land on
//!   a cell between it and the king. For knights and sliders those few cells are the only
//!   destinations tried, one difference-table lookup each; a pawn's few moves are generated
//!   and kept if two lookups place the destination on the checking line;
//! - en passant, which takes a piece off a cell other than the one it lands on and so can
//!   uncover the king along the rank, is tried on a copy of the cells and kept if the king is
//!   then not attacked.
//!
//! So no ordinary move is made and tested; only the rare en-passant capture is.
//!
//! The generator is generic over core's `MoveSink`. Each step that finds only quiet moves or
//! only captures first asks the sink's kind whether it wants them, a test on a constant that
//! the compiler settles in each copy of the generator. A counting sink offers its running
//! count (`tally`), and a knight's or slider's moves, which need no per-move test once found,
//! are then added up without building a move each.

use crate::attack::{attacked, KingSafety};
use crate::board::{pawn_step, X88Board, PAWN_SLOTS};
use crate::difference::{attack_bit, near_castling, vector};
use crate::piece::{color_bit, is_slider, kind, pawn_code, BISHOP, EMPTY, KNIGHT, ROOK};
use crate::square::Sq88;
use boardlab_core::{CastlingSide, Color, Move, MoveFlag, MoveSink};

pub(crate) const KNIGHT_STEPS: [i8; 8] = [-33, -31, -18, -14, 14, 18, 31, 33];
pub(crate) const KING_STEPS: [i8; 8] = [-17, -16, -15, -1, 1, 15, 16, 17];
pub(crate) const DIAGONAL_STEPS: [i8; 4] = [-17, -15, 15, 17];
pub(crate) const STRAIGHT_STEPS: [i8; 4] = [-16, -1, 1, 16];

/// The bytes of the step tables above and of the knight-target table.
pub(crate) const TABLE_BYTES: usize = 8 + 8 + 4 + 4 + std::mem::size_of::<[[u8; 8]; 128]>();

/// Per cell, the cells a knight there reaches, padded to eight with the cell itself: the knight
/// stands there, an own piece, so the padding never counts as a move. Counting a knight's
/// moves is then eight reads with no off-board test, which saves about 2.8% of the
/// instructions of a bulk perft of kiwipete without its d5 pawn, at depth 4 (callgrind).
static KNIGHT_TARGETS: [[u8; 8]; 128] = {
    let mut table = [[0u8; 8]; 128];
    let mut cell = 0;
    while cell < 128 {
        let mut targets = [cell as u8; 8];
        let mut count = 0;
        let mut i = 0;
        while i < KNIGHT_STEPS.len() {
            let to = (cell as u8).wrapping_add(KNIGHT_STEPS[i] as u8);
            if to & 0x88 == 0 {
                targets[count] = to;
                count += 1;
            }
            i += 1;
        }
        table[cell] = targets;
        cell += 1;
    }
    table
};

/// The move from `from` to `to` with `flag`, in core's square numbering.
#[inline]
fn move_of(from: Sq88, to: Sq88, flag: MoveFlag) -> Move {
    Move::new(from.square(), to.square(), flag)
}

/// Whether a piece pinned along `pin` (0 for none) may step along `step`.
#[inline]
fn along_pin(pin: i8, step: i8) -> bool {
    pin == 0 || pin == step || pin == -step
}

impl X88Board {
    /// Sends the legal moves of the sink's kind to `sink`: the body of
    /// [`Board::generate_into`](boardlab_core::Board::generate_into).
    #[inline]
    pub(crate) fn generate_legal<S: MoveSink>(&self, sink: &mut S) {
        let safety = self.king_safety();
        self.king_moves(sink, &safety);
        match safety.checkers {
            // Most positions have no pin: a copy of the generator for them drops every pin test
            // at compile time, which saves about 4.1% of the instructions of a bulk perft of
            // kiwipete without its d5 pawn at depth 4, and 7.6% of the start position's at
            // depth 5 (callgrind).
            0 if safety.pinned => self.piece_moves::<false, true, S>(sink, &safety),
            0 => self.piece_moves::<false, false, S>(sink, &safety),
            1 => self.piece_moves::<true, true, S>(sink, &safety),
            _ => {}
        }
        if S::KIND.wants_noisy() {
            if let Some(ep) = self.state.ep_square {
                self.en_passant(sink, Sq88::from_square(ep));
            }
        }
    }

    #[inline]
    fn king_moves<S: MoveSink>(&self, sink: &mut S, safety: &KingSafety) {
        let us = self.state.turn;
        let them = !us;
        let own = color_bit(us);
        let king = self.king(us);
        let in_check = safety.checkers != 0;
        let their_officers = safety.near_officers();
        for step in KING_STEPS {
            let to = king.offset(step);
            if to.is_off_board() {
                continue;
            }
            let content = self.cells[to.index()];
            if content & own != 0 {
                continue;
            }
            let capture = content != EMPTY;
            if (capture && !S::KIND.wants_noisy()) || (!capture && !S::KIND.wants_quiet()) {
                continue;
            }
            if attacked(&self.cells, their_officers, to, them, king) {
                continue;
            }
            let flag = if capture {
                MoveFlag::Capture
            } else {
                MoveFlag::Quiet
            };
            sink.push(move_of(king, to, flag));
        }
        if S::KIND.wants_quiet() && !in_check && !self.state.castling.is_empty() {
            self.castling_moves(sink);
        }
    }

    /// Castling, when not in check, by the Chess960 rules (which include the standard ones):
    /// every square king or rook crosses or lands on is empty apart from the two themselves, and
    /// no square the king crosses or lands on is attacked with the castling rook seen as gone
    /// (it may shield the king's destination from an enemy rook or queen on the home rank).
    ///
    /// The squares come straight from the files on the home rank rather than from
    /// `CastlingRights::path`, an out-of-line call that builds bitboards: testing that its
    /// squares are empty would cost about 5.1% of the instructions of a bulk perft of kiwipete
    /// without its d5 pawn at depth 4, and 8.8% of the start position's at depth 5, where every
    /// node asks and is refused (callgrind).
    ///
    /// The attack tests look only at the enemy pieces that could reach a cell one or two files
    /// beside the king on an empty board, picked with one table lookup each, when the king
    /// crosses no other cell (always in standard chess): this saves about 2.9% of the
    /// instructions of a bulk perft of kiwipete without its d5 pawn, at depth 4 (callgrind).
    /// It is no gain where castling is always blocked: the start position at depth 5, which
    /// never reaches these tests, takes 1.6% more instructions with the code present, from how
    /// the compiler then lays out the generator.
    fn castling_moves<S: MoveSink>(&self, sink: &mut S) {
        let us = self.state.turn;
        let them = !us;
        // The rights are read from the state where they are used: with a local copy of them,
        // the compiler worked out both sides' files up front on the stack, and a bulk perft of
        // the start position at depth 5 took 3.7% more instructions (callgrind).
        let Some(king_from) = self.state.castling.king(us) else {
            return;
        };
        let king_from = Sq88::from_square(king_from);
        let mut near = [Sq88::NONE; PAWN_SLOTS];
        let mut near_count = None;
        // Every cell of the home rank is the first cell of the rank plus its file.
        let home = Sq88(king_from.0 & 0x70);
        let king_file = king_from.0 & 7;
        for side in CastlingSide::ALL {
            let Some(rook_from) = self.state.castling.rook(us, side) else {
                continue;
            };
            let rook_file = Sq88::from_square(rook_from).0 & 7;
            let king_to_file = Sq88::from_square(side.king_to(us)).0 & 7;
            let rook_to_file = Sq88::from_square(side.rook_to(us)).0 & 7;
            // The king's span holds its landing file and the rook's span the file next to it,
            // so the two spans together cover one unbroken run of files.
            let low = king_file.min(king_to_file).min(rook_file).min(rook_to_file);
            let high = king_file.max(king_to_file).max(rook_file).max(rook_to_file);
            let blocked = (low..=high).any(|file| {
                file != king_file
                    && file != rook_file
                    && self.cells[home.offset(file as i8).index()] != EMPTY
            });
            if blocked {
                continue;
            }
            let rook = home.offset(rook_file as i8);
            let (first, last) = (king_file.min(king_to_file), king_file.max(king_to_file));
            let their_officers = if first + 2 >= king_file && last <= king_file + 2 {
                let count = *near_count.get_or_insert_with(|| {
                    let mut count = 0;
                    for &from in self.officers(them) {
                        let bit = attack_bit(self.cells[from.index()]);
                        if near_castling(from, king_from) & bit != 0 {
                            near[count] = from;
                            count += 1;
                        }
                    }
                    count
                });
                &near[..count]
            } else {
                self.officers(them)
            };
            // The check test has cleared the king's own cell, but only with the rook in place:
            // a king that castles without moving stays there while the rook leaves, and the
            // rook may have been what stood between it and an enemy on the home rank.
            let safe = (first..=last).all(|file| {
                (file == king_file && file != king_to_file)
                    || !attacked(
                        &self.cells,
                        their_officers,
                        home.offset(file as i8),
                        them,
                        rook,
                    )
            });
            if safe {
                sink.push(move_of(
                    king_from,
                    home.offset(king_to_file as i8),
                    side.flag(),
                ));
            }
        }
    }

    /// The moves of every piece but the king, en passant aside. With `EVASION`, the side to
    /// move is in single check and only moves that capture or block the checker are made.
    #[inline]
    ///
    /// Without `PINS`, no piece of the side to move is pinned and the pin tests are left out.
    fn piece_moves<const EVASION: bool, const PINS: bool, S: MoveSink>(
        &self,
        sink: &mut S,
        safety: &KingSafety,
    ) {
        let us = self.state.turn;
        let them_bit = color_bit(!us);
        let king = self.king(us);
        let answers_check = |to: Sq88| {
            !EVASION
                || to == safety.checker
                || (safety.check_step != 0
                    && vector(king, to).step == safety.check_step
                    && vector(to, safety.checker).step == safety.check_step)
        };
        let c = us as usize;
        if EVASION {
            self.officer_evasions(sink, safety);
        } else {
            self.officer_moves::<PINS, S>(sink, safety);
        }

        let up = pawn_step(us);
        let (start_rank, last_but_one) = match us {
            Color::White => (1, 6),
            Color::Black => (6, 1),
        };
        let pawns_end = self.ends[c][1] as usize;
        for slot in PAWN_SLOTS..pawns_end {
            let from = self.lists[c][slot];
            let pin = if PINS { safety.pins[slot] } else { 0 };
            if EVASION && pin != 0 {
                continue;
            }
            let promotes = from.rank() == last_but_one;
            let ahead = from.offset(up);
            if self.cells[ahead.index()] == EMPTY && along_pin(pin, up) {
                if promotes {
                    if S::KIND.wants_noisy() && answers_check(ahead) {
                        sink.push_promotions(from.square(), ahead.square(), false);
                    }
                } else if S::KIND.wants_quiet() {
                    if answers_check(ahead) {
                        sink.push(move_of(from, ahead, MoveFlag::Quiet));
                    }
                    if from.rank() == start_rank {
                        let two_ahead = ahead.offset(up);
                        if self.cells[two_ahead.index()] == EMPTY && answers_check(two_ahead) {
                            sink.push(move_of(from, two_ahead, MoveFlag::DoublePush));
                        }
                    }
                }
            }
            if S::KIND.wants_noisy() {
                for step in [up - 1, up + 1] {
                    let to = from.offset(step);
                    if to.is_off_board()
                        || self.cells[to.index()] & them_bit == 0
                        || !along_pin(pin, step)
                        || !answers_check(to)
                    {
                        continue;
                    }
                    if promotes {
                        sink.push_promotions(from.square(), to.square(), true);
                    } else {
                        sink.push(move_of(from, to, MoveFlag::Capture));
                    }
                }
            }
        }
    }

    /// Out of check, the moves of every piece but king and pawns; a pinned piece keeps to its
    /// pin.
    #[inline]
    fn officer_moves<const PINS: bool, S: MoveSink>(&self, sink: &mut S, safety: &KingSafety) {
        let us = self.state.turn;
        let them_bit = color_bit(!us);
        let own_bit = color_bit(us);
        let c = us as usize;
        let officers_end = self.ends[c][0] as usize;
        for slot in 1..officers_end {
            let from = self.lists[c][slot];
            let pin = if PINS { safety.pins[slot] } else { 0 };
            let code = self.cells[from.index()];
            let steps: &[i8] = match kind(code) {
                KNIGHT => {
                    if pin != 0 {
                        continue;
                    }
                    if let Some(count) = sink.tally() {
                        // Every on-board cell not holding an own piece is a destination.
                        *count += KNIGHT_TARGETS[usize::from(from.0 & 0x7f)]
                            .iter()
                            .map(|&to| u64::from(self.cells[usize::from(to)] & own_bit == 0))
                            .sum::<u64>();
                        continue;
                    }
                    for step in KNIGHT_STEPS {
                        let to = from.offset(step);
                        if to.is_off_board() {
                            continue;
                        }
                        let content = self.cells[to.index()];
                        if content == EMPTY {
                            if S::KIND.wants_quiet() {
                                sink.push(move_of(from, to, MoveFlag::Quiet));
                            }
                        } else if S::KIND.wants_noisy() && content & them_bit != 0 {
                            sink.push(move_of(from, to, MoveFlag::Capture));
                        }
                    }
                    continue;
                }
                BISHOP => &DIAGONAL_STEPS,
                ROOK => &STRAIGHT_STEPS,
                _ => &KING_STEPS,
            };
            for &step in steps {
                if !along_pin(pin, step) {
                    continue;
                }
                if let Some(count) = sink.tally() {
                    // The empty cells of the ray, then the blocker if it is an enemy.
                    let mut to = from.offset(step);
                    while !to.is_off_board() && self.cells[to.index()] == EMPTY {
                        *count += 1;
                        to = to.offset(step);
                    }
                    if !to.is_off_board() {
                        *count += u64::from(self.cells[to.index()] & them_bit != 0);
                    }
                    continue;
                }
                let mut to = from.offset(step);
                while !to.is_off_board() {
                    let content = self.cells[to.index()];
                    if content != EMPTY {
                        if S::KIND.wants_noisy() && content & them_bit != 0 {
                            sink.push(move_of(from, to, MoveFlag::Capture));
                        }
                        break;
                    }
                    if S::KIND.wants_quiet() {
                        sink.push(move_of(from, to, MoveFlag::Quiet));
                    }
                    to = to.offset(step);
                }
            }
        }
    }

    /// In single check, the moves of pieces other than king and pawns that answer it: for each
    /// cell that does (the checker's, and against a slider those between it and the king), one
    /// difference-table lookup per piece says whether the piece could go there, and a slider's
    /// path is then walked. Pinned pieces have no such move.
    fn officer_evasions<S: MoveSink>(&self, sink: &mut S, safety: &KingSafety) {
        let us = self.state.turn;
        let king = self.king(us);
        let mut targets = [Sq88::NONE; 8];
        let mut count = 0;
        if S::KIND.wants_noisy() {
            targets[0] = safety.checker;
            count = 1;
        }
        if S::KIND.wants_quiet() && safety.check_step != 0 {
            let mut cell = king.offset(safety.check_step);
            while cell != safety.checker && count < targets.len() {
                targets[count] = cell;
                count += 1;
                cell = cell.offset(safety.check_step);
            }
        }
        let c = us as usize;
        for slot in 1..self.ends[c][0] as usize {
            if safety.pins[slot] != 0 {
                continue;
            }
            let from = self.lists[c][slot];
            let code = self.cells[from.index()];
            let bit = attack_bit(code);
            for &to in &targets[..count] {
                let line = vector(from, to);
                if line.attackers & bit == 0 {
                    continue;
                }
                if is_slider(kind(code)) && !self.path_is_clear(from, to, line.step) {
                    continue;
                }
                let flag = if to == safety.checker {
                    MoveFlag::Capture
                } else {
                    MoveFlag::Quiet
                };
                sink.push(move_of(from, to, flag));
            }
        }
    }

    /// Whether every cell strictly between `from` and `to`, a whole number of `step`s apart,
    /// is empty.
    #[inline]
    fn path_is_clear(&self, from: Sq88, to: Sq88, step: i8) -> bool {
        let mut cell = from.offset(step);
        while cell != to {
            if self.cells[cell.index()] != EMPTY {
                return false;
            }
            cell = cell.offset(step);
        }
        true
    }

    /// En-passant captures onto `ep`, each tried on a copy of the cells: the capture empties
    /// two cells of one rank at once, which no pin test from the king foresees.
    #[cold]
    fn en_passant<S: MoveSink>(&self, sink: &mut S, ep: Sq88) {
        let us = self.state.turn;
        let them = !us;
        let victim = ep.offset(-pawn_step(us));
        let pawn = pawn_code(us);
        let king = self.king(us);
        for step in [-1, 1] {
            let from = victim.offset(step);
            if from.is_off_board() || self.cells[from.index()] != pawn {
                continue;
            }
            let mut after = self.cells;
            after[from.index()] = EMPTY;
            after[victim.index()] = EMPTY;
            after[ep.index()] = pawn;
            if !attacked(&after, self.officers(them), king, them, Sq88::NONE) {
                sink.push(move_of(from, ep, MoveFlag::EnPassant));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::bitboard::knight_attacks;
    use boardlab_core::Square;

    #[test]
    fn knight_targets_are_the_on_board_jumps_padded_with_the_cell_itself() {
        for sq in Square::ALL {
            let cell = Sq88::from_square(sq);
            let targets = KNIGHT_TARGETS[usize::from(cell.0)];
            // boardlab-core's leaper table, built from file and rank steps, not 0x88 steps.
            let mut jumps: Vec<u8> = knight_attacks(sq)
                .map(|to| Sq88::from_square(to).0)
                .collect();
            let (mut real, padding): (Vec<u8>, Vec<u8>) =
                targets.iter().partition(|&&to| to != cell.0);
            real.sort_unstable();
            jumps.sort_unstable();
            assert_eq!(real, jumps, "{sq}");
            assert_eq!(padding.len(), 8 - jumps.len(), "{sq}");
        }
    }
}
