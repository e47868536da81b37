//! Legal move generation from the maps.
//!
//! - **Checks** are the king's attacker set masked to the enemy's numbers: no search at all.
//! - **Pins** are read from the neighbour table: for each enemy slider on a line of its own
//!   through the king (the alignment table says), the nearest piece from the king toward it,
//!   and if that is ours, whether the slider is the next piece beyond. Two table reads per
//!   aligned slider, none for the others.
//! - **Captures** come straight from the attacker sets: each enemy piece's set masked to our
//!   numbers lists every piece that can take it (the sixteen sets are first tested at once,
//!   so only victims with a taker are visited). Victims are visited from the highest number
//!   down and attackers from the lowest up, so the captures come out in MVV/LVA order. A king
//!   may take a piece whose set holds no enemy; a pinned piece only along its pin; in check,
//!   only the checker is taken (or, by the king, any unguarded piece).
//! - **Quiet moves** of a slider run from its cell to the neighbour entry of each direction:
//!   a counting sink adds the distance without visiting the cells. Knights, pawns and the king
//!   step; an empty cell the king steps to is tested against each enemy piece through the
//!   alignment table (the maps hold attacks on pieces only), and the cell behind the king on
//!   a checking slider's line is refused.
//! - **En passant** empties two cells of a rank, so it is tried on a copy of the cells and kept
//!   when the king is then not attacked. **Castling** follows the Chess960 rules, its squares
//!   tested with the castling rook seen as gone.

use crate::board::{bit, AttackMapBoard, EMPTY, KING_NUMBER, SIDE};
use crate::geometry::{
    cell_of, direction, knight_apart, offset, square_of, steps_along, KNIGHT_JUMPS, NO_DIRECTION,
    SPAN, STEPS,
};
use boardlab_core::{
    Board, CastlingSide, Color, Lister, Move, MoveFlag, MoveList, MoveSink, NoisyMoves, Role,
};

/// What the generator knows about the king before it starts.
struct Safety {
    /// The enemy pieces giving check.
    checkers: u32,
    /// Our pinned pieces.
    pinned: u32,
    /// Per piece number, the direction from the king to the pinner (read for pinned pieces).
    pin_direction: [u8; 32],
    /// The cells a blocking move may land on in single check by a slider.
    blocks: [u64; 3],
    /// The cells the king may not step to because they lie behind it on a checking slider's
    /// line (one slider per direction at most); unused entries hold 0, a guard.
    behind_king: [u8; 8],
}

#[inline(always)]
fn in_cells(mask: &[u64; 3], cell: u8) -> bool {
    mask[usize::from(cell >> 6)] >> (cell & 63) & 1 != 0
}

#[inline(always)]
fn quiet(from: u8, to: u8) -> Move {
    Move::new(square_of(from), square_of(to), MoveFlag::Quiet)
}

impl AttackMapBoard {
    /// Whether a piece of `by` attacks `target` on `cells`, with the piece on `skip` (0: none)
    /// seen as gone: for an empty cell, whose attackers the maps do not hold. Pawns are looked
    /// for on the two cells they would take from; every other enemy piece is asked once,
    /// 0x88 style, whether the alignment table puts it on a line of its own to the target (a
    /// knight whether it is a jump away), and only a slider so placed walks the cells between.
    /// Scanning eight rays from the target instead cost 30% of a bulk perft's instructions.
    ///
    /// With `COPY`, `cells` may be a copy with pieces taken off, and each enemy piece is first
    /// looked for on it.
    pub(crate) fn attacked_on<const COPY: bool>(
        &self,
        cells: &[u8; SPAN],
        target: u8,
        by: Color,
        skip: u8,
    ) -> bool {
        let theirs = SIDE[by as usize];
        let pawn_origins: [i8; 2] = match by {
            Color::White => [-15, -17],
            Color::Black => [15, 17],
        };
        for step in pawn_origins {
            let n = cells[usize::from(offset(target, step))];
            if n < EMPTY && bit(n) & theirs & self.pawns != 0 {
                return true;
            }
        }
        let mut pieces = self.alive & theirs & !self.pawns;
        while pieces != 0 {
            let n = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let i = usize::from(n);
            let from = self.place[i];
            if COPY && cells[usize::from(from)] != n {
                continue;
            }
            let d = direction(from, target);
            if d == NO_DIRECTION {
                if self.role[i] == Role::Knight && knight_apart(from, target) {
                    return true;
                }
                continue;
            }
            let step = STEPS[usize::from(d)];
            let next = offset(from, step);
            if self.touches[i] >> d & 1 != 0 && next == target {
                return true;
            }
            if self.slides[i] >> d & 1 != 0 {
                let mut cell = next;
                while cell != target && (cells[usize::from(cell)] == EMPTY || cell == skip) {
                    cell = offset(cell, step);
                }
                if cell == target {
                    return true;
                }
            }
        }
        false
    }

    fn safety(&self) -> Safety {
        let us = self.state.turn;
        let theirs = SIDE[!us as usize];
        let ours = SIDE[us as usize];
        let king = self.king_cell(us);
        let checkers = self.attackers[usize::from(KING_NUMBER[us as usize])] & theirs;
        let mut safety = Safety {
            checkers,
            pinned: 0,
            pin_direction: [NO_DIRECTION; 32],
            blocks: [0; 3],
            behind_king: [0; 8],
        };
        // Only an enemy slider on a line of its own through the king can pin: the nearest
        // piece from the king toward it, if ours, is pinned when the slider is the next.
        let links = &self.neighbours[usize::from(king)];
        let mut sliders = self.alive & theirs & self.sliders;
        while sliders != 0 {
            let s = sliders.trailing_zeros() as u8;
            sliders &= sliders - 1;
            let from = self.place[usize::from(s)];
            let d = direction(king, from);
            if d == NO_DIRECTION || self.slides[usize::from(s)] >> (d ^ 4) & 1 == 0 {
                continue;
            }
            let near = links[usize::from(d)];
            let n = self.cells[usize::from(near)];
            if near != from
                && bit(n) & ours != 0
                && self.neighbours[usize::from(near)][usize::from(d)] == from
            {
                safety.pinned |= bit(n);
                safety.pin_direction[usize::from(n)] = d;
            }
        }
        let mut checks = checkers;
        let mut k = 0;
        while checks != 0 {
            let c = checks.trailing_zeros() as u8;
            checks &= checks - 1;
            if !self.role[usize::from(c)].is_slider() {
                continue;
            }
            let from = self.place[usize::from(c)];
            let d = direction(from, king);
            // Validation allows two checkers at most; room for one slider per direction keeps
            // a setup made without it from overrunning the array.
            safety.behind_king[k] = offset(king, STEPS[usize::from(d)]);
            k += 1;
            if checkers.count_ones() == 1 {
                let mut cell = offset(from, STEPS[usize::from(d)]);
                while cell != king {
                    safety.blocks[usize::from(cell >> 6)] |= 1 << (cell & 63);
                    cell = offset(cell, STEPS[usize::from(d)]);
                }
            }
        }
        safety
    }

    /// Sends the legal moves of the sink's kind to `sink`.
    #[inline]
    pub(crate) fn generate_legal<S: MoveSink>(&self, sink: &mut S) {
        let safety = self.safety();
        if S::KIND.wants_noisy() {
            self.captures(sink, &safety);
            if let Some(ep) = self.state.ep_square {
                self.en_passant(sink, cell_of(ep));
            }
        }
        self.non_captures(sink, &safety);
    }

    /// Whether piece `a` of the side to move may legally take piece `v`, a member of `v`'s
    /// attacker set `set`.
    #[inline(always)]
    fn may_take(&self, a: u8, v: u8, set: u32, safety: &Safety) -> bool {
        let us = self.state.turn;
        let target = self.place[usize::from(v)];
        if a == KING_NUMBER[us as usize] {
            set & SIDE[!us as usize] == 0
                && (safety.checkers == 0 || !safety.behind_king.contains(&target))
        } else {
            (safety.checkers == 0 || safety.checkers == bit(v))
                && (safety.pinned & bit(a) == 0
                    || direction(self.king_cell(us), target)
                        == safety.pin_direction[usize::from(a)])
        }
    }

    /// Sends `a` takes `v`, as four promotions when a pawn reaches the last rank.
    #[inline(always)]
    fn push_capture<S: MoveSink>(&self, sink: &mut S, a: u8, v: u8) {
        let from = self.place[usize::from(a)];
        let target = self.place[usize::from(v)];
        let last_rank_row = if self.state.turn == Color::White {
            9
        } else {
            2
        };
        if self.role[usize::from(a)] == Role::Pawn && target >> 4 == last_rank_row {
            sink.push_promotions(square_of(from), square_of(target), true);
        } else {
            sink.push(Move::new(
                square_of(from),
                square_of(target),
                MoveFlag::Capture,
            ));
        }
    }

    /// The pieces that may take something: in double check the king alone.
    #[inline(always)]
    fn takers(&self, safety: &Safety) -> u32 {
        let us = self.state.turn as usize;
        if safety.checkers.count_ones() > 1 {
            bit(KING_NUMBER[us])
        } else {
            SIDE[us]
        }
    }

    /// The enemy pieces that may be taken: all but the king.
    #[inline(always)]
    fn victims(&self) -> u32 {
        let them = !self.state.turn as usize;
        self.alive & SIDE[them] & !bit(KING_NUMBER[them])
    }

    /// Every capture but en passant, from the attacker sets: victims from the highest number
    /// down, each one's takers from the lowest up.
    #[inline]
    fn captures<S: MoveSink>(&self, sink: &mut S, safety: &Safety) {
        let takers = self.takers(safety);
        // The enemy's sixteen sets at once: which of them a taker is in (a loop the compiler
        // turns into a few vector compares), so that only victims with a taker are visited.
        let base = 16 * (!self.state.turn as usize);
        let mut attacked = 0u32;
        for (i, &set) in self.attackers[base..base + 16].iter().enumerate() {
            attacked |= u32::from(set & takers != 0) << i;
        }
        let mut victims = self.victims() & attacked << base;
        while victims != 0 {
            let v = 31 - victims.leading_zeros() as u8;
            victims &= !bit(v);
            let set = self.attackers[usize::from(v)];
            let mut by = set & takers;
            while by != 0 {
                let a = by.trailing_zeros() as u8;
                by &= by - 1;
                if self.may_take(a, v, set, safety) {
                    self.push_capture(sink, a, v);
                }
            }
        }
    }

    /// En-passant captures onto `ep`, each tried on a copy of the cells.
    #[cold]
    fn en_passant<S: MoveSink>(&self, sink: &mut S, ep: u8) {
        let us = self.state.turn;
        let up = STEPS[if us == Color::White { 2 } else { 6 }];
        let victim = offset(ep, -up);
        let king = self.king_cell(us);
        for side in [-1, 1] {
            let from = offset(victim, side);
            let Some(n) = self.occupant(from) else {
                continue;
            };
            if bit(n) & SIDE[us as usize] == 0 || self.role[usize::from(n)] != Role::Pawn {
                continue;
            }
            let mut after = self.cells;
            after[usize::from(from)] = EMPTY;
            after[usize::from(victim)] = EMPTY;
            after[usize::from(ep)] = n;
            if !self.attacked_on::<true>(&after, king, !us, 0) {
                sink.push(Move::new(
                    square_of(from),
                    square_of(ep),
                    MoveFlag::EnPassant,
                ));
            }
        }
    }

    /// Pushes, promotions without capture, and every other move onto an empty cell.
    #[inline]
    fn non_captures<S: MoveSink>(&self, sink: &mut S, safety: &Safety) {
        let us = self.state.turn;
        let them = !us;
        let king = self.king_cell(us);
        let checks = safety.checkers.count_ones();
        // The king's steps.
        if S::KIND.wants_quiet() {
            for step in STEPS {
                let to = offset(king, step);
                if self.cells[usize::from(to)] != EMPTY
                    || (safety.checkers != 0 && safety.behind_king.contains(&to))
                    || self.attacked_on::<false>(&self.cells, to, them, 0)
                {
                    continue;
                }
                sink.push(quiet(king, to));
            }
            if checks == 0 && !self.state.castling.is_empty() {
                self.castling(sink);
            }
        }
        if checks > 1 {
            return;
        }
        let evasion = checks == 1;
        let up = STEPS[if us == Color::White { 2 } else { 6 }];
        let (start_row, last_row) = if us == Color::White { (3, 9) } else { (8, 2) };
        let mut pieces = self.alive & SIDE[us as usize] & !bit(KING_NUMBER[us as usize]);
        if !S::KIND.wants_quiet() {
            // Only a pawn one step from its last rank has a move here (a quiet promotion):
            // the quiescence search asks for noisy moves at every node that does not stand pat.
            let mut pawns = pieces & self.pawns;
            pieces = 0;
            while pawns != 0 {
                let n = pawns.trailing_zeros() as u8;
                pawns &= pawns - 1;
                if offset(self.place[usize::from(n)], up) >> 4 == last_row {
                    pieces |= bit(n);
                }
            }
        }
        while pieces != 0 {
            let n = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let i = usize::from(n);
            let from = self.place[i];
            let along = if safety.pinned & bit(n) != 0 {
                let d = safety.pin_direction[i];
                (1u8 << d) | (1u8 << (d ^ 4))
            } else {
                0xff
            };
            let allowed = |to: u8| !evasion || in_cells(&safety.blocks, to);
            match self.role[i] {
                Role::Pawn => {
                    let ahead = offset(from, up);
                    let up_dir = if us == Color::White { 2 } else { 6 };
                    if along >> up_dir & 1 == 0 || self.cells[usize::from(ahead)] != EMPTY {
                        continue;
                    }
                    if ahead >> 4 == last_row {
                        if S::KIND.wants_noisy() && allowed(ahead) {
                            sink.push_promotions(square_of(from), square_of(ahead), false);
                        }
                        continue;
                    }
                    if !S::KIND.wants_quiet() {
                        continue;
                    }
                    if allowed(ahead) {
                        sink.push(quiet(from, ahead));
                    }
                    let two = offset(ahead, up);
                    if from >> 4 == start_row
                        && self.cells[usize::from(two)] == EMPTY
                        && allowed(two)
                    {
                        sink.push(Move::new(
                            square_of(from),
                            square_of(two),
                            MoveFlag::DoublePush,
                        ));
                    }
                }
                Role::Knight => {
                    if !S::KIND.wants_quiet() || along != 0xff {
                        continue;
                    }
                    for jump in KNIGHT_JUMPS {
                        let to = offset(from, jump);
                        if self.cells[usize::from(to)] == EMPTY && allowed(to) {
                            sink.push(quiet(from, to));
                        }
                    }
                }
                _ => {
                    if !S::KIND.wants_quiet() {
                        continue;
                    }
                    let mut dirs = self.slides[i] & along;
                    while dirs != 0 {
                        let d = dirs.trailing_zeros() as usize;
                        dirs &= dirs - 1;
                        let near = self.neighbours[usize::from(from)][d];
                        if !evasion {
                            if let Some(count) = sink.tally() {
                                *count += u64::from(steps_along(d, from, near)) - 1;
                                continue;
                            }
                        }
                        let mut to = offset(from, STEPS[d]);
                        while to != near {
                            if allowed(to) {
                                sink.push(quiet(from, to));
                            }
                            to = offset(to, STEPS[d]);
                        }
                    }
                }
            }
        }
    }

    /// Castling by the Chess960 rules, when not in check.
    fn castling<S: MoveSink>(&self, sink: &mut S) {
        let us = self.state.turn;
        let Some(king_square) = self.state.castling.king(us) else {
            return;
        };
        let king = cell_of(king_square);
        let home = king & 0xf0;
        let king_file = king & 15;
        for side in CastlingSide::ALL {
            let Some(rook_square) = self.state.castling.rook(us, side) else {
                continue;
            };
            let rook = cell_of(rook_square);
            let king_to = cell_of(side.king_to(us));
            let rook_to = cell_of(side.rook_to(us));
            let files = [king_file, rook & 15, king_to & 15, rook_to & 15];
            let (low, high) = (
                files.iter().min().unwrap_or(&4),
                files.iter().max().unwrap_or(&4),
            );
            let blocked = (*low..=*high).any(|file| {
                let cell = home | file;
                cell != king && cell != rook && self.cells[usize::from(cell)] != EMPTY
            });
            if blocked {
                continue;
            }
            let (first, last) = (king_file.min(king_to & 15), king_file.max(king_to & 15));
            let safe = (first..=last).all(|file| {
                let cell = home | file;
                (cell == king && cell != king_to)
                    || !self.attacked_on::<false>(&self.cells, cell, !us, rook)
            });
            if safe {
                sink.push(Move::new(king_square, square_of(king_to), side.flag()));
            }
        }
    }

    /// The legal captures (en passant and capturing promotions included) in MVV/LVA order,
    /// read straight from the attacker sets: the victims a group of equal value at a time,
    /// the most valuable first (numbers rank by value, so a group is the run of the highest
    /// remaining numbers with one role), and within a group the takers from the least
    /// valuable up (the lowest bit of the union of the group's sets first), each with every
    /// victim of the group it attacks. En-passant captures, pawn takes pawn, go with the other
    /// pawn-takes-pawn captures. When a promoted piece is on the board, its number no longer
    /// ranks it, and the list is then sorted by value instead.
    pub fn captures_mvv_lva(&self, out: &mut MoveList) {
        out.clear();
        let safety = self.safety();
        let mut lister = Lister::<NoisyMoves>::new(out);
        let takers = self.takers(&safety);
        let mut victims = self.victims();
        while victims != 0 {
            let role = self.role[usize::from(31 - victims.leading_zeros() as u8)];
            let (mut group, mut union) = (0u32, 0u32);
            let mut rest = victims;
            while rest != 0 {
                let v = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                if self.role[usize::from(v)] == role {
                    group |= bit(v);
                    union |= self.attackers[usize::from(v)];
                }
            }
            victims &= !group;
            let mut by = union & takers;
            while by != 0 {
                let a = by.trailing_zeros() as u8;
                by &= by - 1;
                let mut targets = group;
                while targets != 0 {
                    let v = 31 - targets.leading_zeros() as u8;
                    targets &= !bit(v);
                    let set = self.attackers[usize::from(v)];
                    if set & bit(a) != 0 && self.may_take(a, v, set, &safety) {
                        self.push_capture(&mut lister, a, v);
                    }
                }
            }
        }
        let value = |mv: Move| {
            let victim = self.piece_at(mv.to()).map_or(0, |p| p.role.index());
            let taker = self.piece_at(mv.from()).map_or(0, |p| p.role.index());
            (std::cmp::Reverse(victim), taker)
        };
        let mut moves: Vec<Move> = out.iter().copied().collect();
        if let Some(ep) = self.state.ep_square {
            let mut en_passant = MoveList::new();
            self.en_passant(&mut Lister::<NoisyMoves>::new(&mut en_passant), cell_of(ep));
            // After every capture of a pawn by a pawn: the first capture of a pawn by a
            // knight or more, or the end.
            let at = moves
                .iter()
                .position(|&mv| value(mv) > (std::cmp::Reverse(0), 0))
                .unwrap_or(moves.len());
            moves.splice(at..at, en_passant.iter().copied());
        }
        if self.misranked & self.alive != 0 {
            moves.sort_by_key(|&mv| value(mv));
        }
        out.clear();
        for mv in moves {
            out.push(mv);
        }
    }
}
