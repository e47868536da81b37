//! Legal move generation, written once over the board's [`Geometry`]: every step it takes goes
//! through [`Geometry::step`] and every attack question through [`Geometry::attacked`], the two
//! places where the array boards differ, so that the boards are compared on exactly those.
//!
//! 1. From the king, the eight rays find the sliders that check it and the own pieces pinned
//!    to it (the first own piece on a ray with an enemy slider of the ray's kind behind it);
//!    the knight jumps and the two pawn cells find the leapers that check it.
//! 2. The king steps to the cells that are not attacked with the king read as gone, so that a
//!    slider's line runs on through the cell it leaves.
//! 3. Castling, out of check, needs the squares king and rook cross empty and the king's path
//!    unattacked with both lifted (the Chess960 rules, of which the standard ones are a case).
//! 4. In double check nothing else moves. Otherwise the 64 squares are scanned for the side's
//!    pieces; a pinned one moves only along its pin, and in check the others only to the
//!    checker's cell or a cell between it and the king.
//! 5. En passant, which empties two cells of one rank, is played on a copy of the cells and
//!    kept when the king is then not attacked.

use crate::code::{code, is_enemy, is_own, sign, BISHOP, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::geometry::{Dir, Geometry, DIAGONAL, KING_STEPS, KNIGHT_JUMPS, STRAIGHT};
use crate::position::ArrayPosition;
use boardlab_core::{CastlingSide, Color, Move, MoveFlag, MoveSink, Role, Square};

/// A cell index no board has, for "no cell".
pub const NO_CELL: usize = usize::MAX;

/// The checks on the side to move's king and the pieces pinned to it.
struct Safety {
    checkers: u32,
    /// The (last found) checking piece's cell.
    checker: usize,
    /// The step from the king towards a sliding checker.
    check_dir: Option<Dir>,
    /// The pinned pieces' cells and the step from the king towards their pinners.
    pins: [(usize, Dir); 8],
    pin_count: usize,
}

impl Safety {
    /// The pin on the piece on `cell`, if any.
    #[inline(always)]
    fn pin_of(&self, cell: usize) -> Option<Dir> {
        self.pins[..self.pin_count]
            .iter()
            .find(|&&(pinned, _)| pinned == cell)
            .map(|&(_, dir)| dir)
    }
}

/// Whether a piece pinned along `pin` may step along `dir`.
#[inline(always)]
fn along(pin: Option<Dir>, dir: Dir) -> bool {
    match pin {
        None => true,
        Some(pin) => pin == dir || pin == dir.reverse(),
    }
}

/// The cells a move may land on to answer a single check: the checker's, and the cells
/// between it and the king.
struct Answers {
    cells: [usize; 8],
    count: usize,
}

impl Answers {
    #[inline(always)]
    fn contains(&self, cell: usize) -> bool {
        self.cells[..self.count].contains(&cell)
    }
}

impl<G: Geometry> ArrayPosition<G> {
    /// Sends the legal moves of the sink's kind to `sink`.
    #[inline]
    pub fn generate_legal<S: MoveSink>(&self, sink: &mut S) {
        let safety = self.safety();
        self.king_moves(sink, safety.checkers != 0);
        match safety.checkers {
            // A copy of the scan for positions without a pin drops every pin test.
            0 if safety.pin_count == 0 => self.piece_moves::<false, false, S>(sink, &safety),
            0 => self.piece_moves::<false, true, S>(sink, &safety),
            1 => self.piece_moves::<true, true, S>(sink, &safety),
            _ => {}
        }
        if S::KIND.wants_noisy() {
            if let Some(ep) = self.state.ep_square {
                self.en_passant(sink, ep);
            }
        }
    }

    /// Finds the checks and pins from the king.
    #[inline(always)]
    fn safety(&self) -> Safety {
        let us = self.state.turn;
        let own = sign(us);
        let king = self.king(us);
        let cells = &self.cells;
        let mut safety = Safety {
            checkers: 0,
            checker: NO_CELL,
            check_dir: None,
            pins: [(NO_CELL, Dir { df: 0, dr: 0 }); 8],
            pin_count: 0,
        };
        for dir in KING_STEPS {
            let slider = if dir.is_diagonal() { BISHOP } else { ROOK };
            let mut cell = king;
            let mut shield = NO_CELL;
            while let Some(next) = G::step(cells, cell, dir) {
                cell = next;
                let content = cells[cell];
                if content == EMPTY {
                    continue;
                }
                if is_own(content, own) {
                    if shield != NO_CELL {
                        break;
                    }
                    shield = cell;
                    continue;
                }
                let kind = -content * own;
                if kind == slider || kind == QUEEN {
                    if shield == NO_CELL {
                        safety.checkers += 1;
                        safety.checker = cell;
                        safety.check_dir = Some(dir);
                    } else {
                        safety.pins[safety.pin_count] = (shield, dir);
                        safety.pin_count += 1;
                    }
                }
                break;
            }
        }
        let their_knight = -own * KNIGHT;
        for jump in KNIGHT_JUMPS {
            if let Some(cell) = G::step(cells, king, jump) {
                if cells[cell] == their_knight {
                    safety.checkers += 1;
                    safety.checker = cell;
                }
            }
        }
        let their_pawn = -own * PAWN;
        for df in [-1, 1] {
            let toward = Dir {
                df,
                dr: us.forward(),
            };
            if let Some(cell) = G::step(cells, king, toward) {
                if cells[cell] == their_pawn {
                    safety.checkers += 1;
                    safety.checker = cell;
                }
            }
        }
        safety
    }

    #[inline(always)]
    fn push(sink: &mut impl MoveSink, from: usize, to: usize, flag: MoveFlag) {
        sink.push(Move::new(G::square(from), G::square(to), flag));
    }

    /// The king's steps, then castling.
    #[inline(always)]
    fn king_moves<S: MoveSink>(&self, sink: &mut S, in_check: bool) {
        let us = self.state.turn;
        let own = sign(us);
        let king = self.king(us);
        // The attack tests read the cells with the king lifted, so that a slider's line runs
        // on through the cell it leaves.
        let mut lifted = self.cells;
        lifted[king] = EMPTY;
        for dir in KING_STEPS {
            let Some(to) = G::step(&self.cells, king, dir) else {
                continue;
            };
            let content = self.cells[to];
            if is_own(content, own) {
                continue;
            }
            let capture = content != EMPTY;
            if (capture && !S::KIND.wants_noisy()) || (!capture && !S::KIND.wants_quiet()) {
                continue;
            }
            if G::attacked(&lifted, to, !us) {
                continue;
            }
            let flag = if capture {
                MoveFlag::Capture
            } else {
                MoveFlag::Quiet
            };
            Self::push(sink, king, to, flag);
        }
        if S::KIND.wants_quiet() && !in_check && !self.state.castling.is_empty() {
            self.castling(sink);
        }
    }

    /// Castling by the Chess960 rules: every square king or rook crosses or lands on is empty
    /// but for the two themselves, and no square the king stands on, crosses or lands on is
    /// attacked once both are lifted (the rook may have shielded the king along the rank).
    fn castling<S: MoveSink>(&self, sink: &mut S) {
        let us = self.state.turn;
        let Some(king_from) = self.state.castling.king(us) else {
            return;
        };
        let home = king_from.rank().index() as u8 * 8;
        let king_file = king_from.file().index() as u8;
        let on_home = |file: u8| G::cell(Square::from_index(home + file));
        for side in CastlingSide::ALL {
            let Some(rook_from) = self.state.castling.rook(us, side) else {
                continue;
            };
            let rook_file = rook_from.file().index() as u8;
            let king_to_file = side.king_to(us).file().index() as u8;
            let rook_to_file = side.rook_to(us).file().index() as u8;
            let low = king_file.min(king_to_file).min(rook_file).min(rook_to_file);
            let high = king_file.max(king_to_file).max(rook_file).max(rook_to_file);
            let blocked = (low..=high).any(|file| {
                file != king_file && file != rook_file && self.cells[on_home(file)] != EMPTY
            });
            if blocked {
                continue;
            }
            let mut lifted = self.cells;
            lifted[on_home(king_file)] = EMPTY;
            lifted[on_home(rook_file)] = EMPTY;
            // The king's own square needs a test only when it stays there: not in check, it
            // can be attacked once lifted only through the rook's square on the home rank, and
            // then the next square of a path that leaves it is attacked too.
            let path = if king_to_file == king_file {
                king_file..=king_file
            } else if king_to_file > king_file {
                king_file + 1..=king_to_file
            } else {
                king_to_file..=king_file - 1
            };
            let attacked = path
                .into_iter()
                .any(|file| G::attacked(&lifted, on_home(file), !us));
            if !attacked {
                sink.push(Move::new(king_from, side.king_to(us), side.flag()));
            }
        }
    }

    /// The moves of every piece but the king: a scan of the 64 squares. With `CHECK`, only
    /// those that answer the one check; without `PINS`, no piece is pinned.
    #[inline(always)]
    fn piece_moves<const CHECK: bool, const PINS: bool, S: MoveSink>(
        &self,
        sink: &mut S,
        safety: &Safety,
    ) {
        let us = self.state.turn;
        let own = sign(us);
        let mut answers = Answers {
            cells: [NO_CELL; 8],
            count: 0,
        };
        if CHECK {
            answers.cells[0] = safety.checker;
            answers.count = 1;
            if let Some(dir) = safety.check_dir {
                let mut cell = self.king(us);
                while let Some(next) = G::step(&self.cells, cell, dir) {
                    if next == safety.checker {
                        break;
                    }
                    answers.cells[answers.count] = next;
                    answers.count += 1;
                    cell = next;
                }
            }
        }
        let lands = |to: usize| !CHECK || answers.contains(to);
        for &from in G::BOARD_CELLS.iter() {
            let from = usize::from(from);
            let content = self.cells[from];
            if !is_own(content, own) {
                continue;
            }
            let kind = content * own;
            let pin = if PINS { safety.pin_of(from) } else { None };
            if CHECK && pin.is_some() {
                continue;
            }
            match kind {
                PAWN => self.pawn_moves(sink, from, pin, &lands),
                KNIGHT => {
                    if pin.is_none() {
                        self.leaps(sink, from, &lands);
                    }
                }
                BISHOP => self.slides(sink, from, &DIAGONAL, pin, &lands),
                ROOK => self.slides(sink, from, &STRAIGHT, pin, &lands),
                QUEEN => self.slides(sink, from, &KING_STEPS, pin, &lands),
                _ => debug_assert_eq!(kind, KING),
            }
        }
    }

    #[inline(always)]
    fn leaps<S: MoveSink>(&self, sink: &mut S, from: usize, lands: &impl Fn(usize) -> bool) {
        let own = sign(self.state.turn);
        for jump in KNIGHT_JUMPS {
            let Some(to) = G::step(&self.cells, from, jump) else {
                continue;
            };
            let content = self.cells[to];
            if content == EMPTY {
                if S::KIND.wants_quiet() && lands(to) {
                    Self::push(sink, from, to, MoveFlag::Quiet);
                }
            } else if S::KIND.wants_noisy() && is_enemy(content, own) && lands(to) {
                Self::push(sink, from, to, MoveFlag::Capture);
            }
        }
    }

    #[inline(always)]
    fn slides<S: MoveSink>(
        &self,
        sink: &mut S,
        from: usize,
        dirs: &[Dir],
        pin: Option<Dir>,
        lands: &impl Fn(usize) -> bool,
    ) {
        let own = sign(self.state.turn);
        for &dir in dirs {
            if !along(pin, dir) {
                continue;
            }
            let mut cell = from;
            while let Some(to) = G::step(&self.cells, cell, dir) {
                let content = self.cells[to];
                if content != EMPTY {
                    if S::KIND.wants_noisy() && is_enemy(content, own) && lands(to) {
                        Self::push(sink, from, to, MoveFlag::Capture);
                    }
                    break;
                }
                if S::KIND.wants_quiet() && lands(to) {
                    Self::push(sink, from, to, MoveFlag::Quiet);
                }
                cell = to;
            }
        }
    }

    #[inline(always)]
    fn pawn_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        from: usize,
        pin: Option<Dir>,
        lands: &impl Fn(usize) -> bool,
    ) {
        let us = self.state.turn;
        let own = sign(us);
        let forward = us.forward();
        let (start_rank, last_rank) = match us {
            Color::White => (1, 7),
            Color::Black => (6, 0),
        };
        let up = Dir { df: 0, dr: forward };
        let Some(ahead) = G::step(&self.cells, from, up) else {
            return;
        };
        let promotes = G::rank(ahead) == last_rank;
        if self.cells[ahead] == EMPTY && along(pin, up) {
            if promotes {
                if S::KIND.wants_noisy() && lands(ahead) {
                    sink.push_promotions(G::square(from), G::square(ahead), false);
                }
            } else if S::KIND.wants_quiet() {
                if lands(ahead) {
                    Self::push(sink, from, ahead, MoveFlag::Quiet);
                }
                if G::rank(from) == start_rank {
                    if let Some(two) = G::step(&self.cells, ahead, up) {
                        if self.cells[two] == EMPTY && lands(two) {
                            Self::push(sink, from, two, MoveFlag::DoublePush);
                        }
                    }
                }
            }
        }
        if S::KIND.wants_noisy() {
            for df in [-1, 1] {
                let dir = Dir { df, dr: forward };
                let Some(to) = G::step(&self.cells, from, dir) else {
                    continue;
                };
                if !is_enemy(self.cells[to], own) || !along(pin, dir) || !lands(to) {
                    continue;
                }
                if promotes {
                    sink.push_promotions(G::square(from), G::square(to), true);
                } else {
                    Self::push(sink, from, to, MoveFlag::Capture);
                }
            }
        }
    }

    /// En-passant captures onto `ep`, each tried on a copy of the cells.
    #[cold]
    fn en_passant<S: MoveSink>(&self, sink: &mut S, ep: Square) {
        let us = self.state.turn;
        let pawn = code(us, Role::Pawn);
        let Some(victim) = ep.offset(0, -us.forward()) else {
            return;
        };
        let king = self.king(us);
        for df in [-1, 1] {
            let Some(from) = victim.offset(df, 0) else {
                continue;
            };
            if self.cells[G::cell(from)] != pawn {
                continue;
            }
            let mut after = self.cells;
            after[G::cell(from)] = EMPTY;
            after[G::cell(victim)] = EMPTY;
            after[G::cell(ep)] = pawn;
            if !G::attacked(&after, king, !us) {
                sink.push(Move::new(from, ep, MoveFlag::EnPassant));
            }
        }
    }
}
