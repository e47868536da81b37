//! Legal move generation from the piece lists, with check and pin detection up front.
//!
//! Before any move is generated, one pass over the opponent's list finds the pieces that give
//! check and, for each slider lined up with our king, whether exactly one of our pieces stands
//! in between: that piece is pinned and may only move along the line. With that known, every
//! move but two kinds is legal by construction:
//!
//! - king moves, whose target is tested against the opponent's list with our king taken off the
//!   board (so a king cannot step back along the line of the slider that checks it);
//! - en passant, which removes two pawns from one rank at once; it is rare, so it is played on
//!   a copy of the board and kept if our king is then not attacked.
//!
//! In check, the other pieces may only capture the checker or step between it and the king.

use crate::attacks::{file, rank, Line};
use crate::list::{entries, PieceList, NO_SQUARE};
use crate::{PieceListBoard, NOTHING_IGNORED};
use boardlab_core::{Board, CastlingSide, Color, Move, MoveFlag, MoveSink, Role, Square};

#[inline]
fn new_move(from: u8, to: u8, flag: MoveFlag) -> Move {
    Move::new(Square::from_index(from), Square::from_index(to), flag)
}

/// How many steps of `d` (-1, 0 or 1) stay on the board from coordinate `c`.
#[inline]
pub(crate) fn room(c: i32, d: i32) -> i32 {
    match d {
        1 => 7 - c,
        -1 => c,
        _ => 7,
    }
}

pub(crate) const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
pub(crate) const KNIGHT_STEPS: [(i32, i32); 8] = widened(boardlab_core::bitboard::KNIGHT_STEPS);

/// Steps as the list code computes with them: `i32` coordinates, as [`room`] takes.
const fn widened<const N: usize>(steps: [(i8, i8); N]) -> [(i32, i32); N] {
    let mut wide = [(0, 0); N];
    let mut i = 0;
    while i < N {
        wide[i] = (steps[i].0 as i32, steps[i].1 as i32);
        i += 1;
    }
    wide
}

/// The squares a leaper reaches from one square, the first `len` of `squares` in use.
#[derive(Clone, Copy)]
struct Targets {
    squares: [u8; 8],
    len: u8,
}

impl Targets {
    /// The targets from every square of a leaper with these steps, worked out at compile time.
    const fn table(steps: &[(i32, i32); 8]) -> [Targets; 64] {
        let mut table = [Targets {
            squares: [0; 8],
            len: 0,
        }; 64];
        let mut sq = 0;
        while sq < 64 {
            let (f, r) = (sq as i32 & 7, sq as i32 >> 3);
            let targets = &mut table[sq];
            let mut i = 0;
            while i < 8 {
                let (tf, tr) = (f + steps[i].0, r + steps[i].1);
                // A negative coordinate has high bits set as well, so one mask test catches
                // both edges.
                if (tf | tr) & !7 == 0 {
                    targets.squares[targets.len as usize] = (tr * 8 + tf) as u8;
                    targets.len += 1;
                }
                i += 1;
            }
            sq += 1;
        }
        table
    }

    #[inline]
    fn as_slice(&self) -> &[u8] {
        &self.squares[..usize::from(self.len)]
    }
}

/// A knight's and a king's targets from each square. The tables replace a step and an edge
/// test per direction with a load and leave the off-board directions out of the loop, which
/// saves 11% of bulk perft's instructions (callgrind, kiwipete without its d5 pawn at depth 4:
/// 291 M against 259 M) and about 9% of its time.
static KNIGHT_TARGETS: [Targets; 64] = Targets::table(&KNIGHT_STEPS);
static KING_TARGETS: [Targets; 64] = Targets::table(&KING_STEPS);

/// The bytes of the two leaper tables, the backend's only lookup tables.
pub(crate) const TABLE_BYTES: usize = 2 * std::mem::size_of::<[Targets; 64]>();

pub(crate) const ORTHOGONAL: &[(i32, i32)] = &[(1, 0), (-1, 0), (0, 1), (0, -1)];
pub(crate) const DIAGONAL: &[(i32, i32)] = &[(1, 1), (-1, 1), (1, -1), (-1, -1)];
pub(crate) const BOTH: &[(i32, i32)] = &KING_STEPS;

/// The one piece giving check: its square and, for a slider, the line from our king to it.
#[derive(Clone, Copy)]
struct Checker {
    square: u8,
    line: Option<Line>,
}

impl Checker {
    /// Whether a piece landing on `to` answers the check: it captures the checker or stands
    /// between it and the king.
    #[inline]
    fn answered_by(&self, king: u8, to: u8) -> bool {
        to == self.square
            || self.line.is_some_and(|line| {
                Line::between(king, to, true, true)
                    .is_some_and(|inner| inner.delta == line.delta && inner.steps < line.steps)
            })
    }
}

/// The direction and the ranks a side's pawn moves depend on.
#[derive(Clone, Copy)]
struct PawnRanks {
    /// The square-index step of a push.
    forward: i32,
    /// The rank a pawn starts on and may push two squares from.
    start: i32,
    /// The rank from which a pawn's next step promotes.
    before_promotion: i32,
}

impl PawnRanks {
    #[inline]
    fn of(color: Color) -> PawnRanks {
        match color {
            Color::White => PawnRanks {
                forward: 8,
                start: 1,
                before_promotion: 6,
            },
            Color::Black => PawnRanks {
                forward: -8,
                start: 6,
                before_promotion: 1,
            },
        }
    }
}

/// One generation: the board, where the moves go, and what the check and pin pass found. The
/// sink's kind ([`MoveSink::KIND`]) says which moves to work out at all.
pub(crate) struct Generation<'a, S> {
    board: &'a PieceListBoard,
    own: &'a PieceList,
    enemy: &'a PieceList,
    sink: &'a mut S,
    us: Color,
    king: u8,
    /// For each entry of our list, `0` if it is free to move, else the square-index step of
    /// the line it is pinned on, without sign (1 along a rank, 8 along a file, 7 or 9 on a
    /// diagonal): a move is allowed when its own step has that size.
    pins: [u8; PieceList::CAPACITY],
    checker: Checker,
    /// The king's neighbours that [`king_moves`](Generation::king_moves) tested and found
    /// attacked, one bit per square: castling asks about some of the same squares.
    attacked_neighbours: u64,
}

impl<'a, S: MoveSink> Generation<'a, S> {
    /// Generates the legal moves of `board` into `sink`.
    #[inline]
    pub(crate) fn run(board: &'a PieceListBoard, sink: &'a mut S) {
        let us = board.state.turn;
        let own = &board.lists[us.index()];
        let mut generator = Generation {
            board,
            own,
            enemy: &board.lists[(!us).index()],
            sink,
            us,
            king: own.king(),
            pins: [0; PieceList::CAPACITY],
            checker: Checker {
                square: NO_SQUARE,
                line: None,
            },
            attacked_neighbours: 0,
        };
        let checks = generator.find_checks_and_pins();
        generator.king_moves();
        match checks {
            0 => {
                if S::KIND.wants_quiet() {
                    generator.castling();
                }
                generator.piece_moves::<false>();
                if S::KIND.wants_noisy() {
                    generator.en_passant();
                }
            }
            1 => {
                generator.piece_moves::<true>();
                if S::KIND.wants_noisy() {
                    generator.en_passant();
                }
            }
            _ => {}
        }
    }

    /// Walks the opponent's list once: counts the pieces that give check (remembering the last
    /// one) and marks our pinned pieces.
    #[inline]
    fn find_checks_and_pins(&mut self) -> u32 {
        let (own, enemy, king) = (self.own, self.enemy, self.king);
        let them = !self.us;
        let mut checks = 0;
        for index in entries(enemy.reachers(king, them)) {
            let sq = enemy.square(index);
            match enemy.role(index) {
                // Kings never stand next to each other.
                Role::King => continue,
                Role::Pawn | Role::Knight => {
                    checks += 1;
                    self.checker = Checker {
                        square: sq,
                        line: None,
                    };
                    continue;
                }
                Role::Bishop | Role::Rook | Role::Queen => {}
            }
            // The walk below goes from our king out to the slider.
            let line = Line::joining(king, sq);
            let mut pinned = None;
            let mut blocked = false;
            let mut between = king as i32;
            for _ in 1..line.steps {
                between += line.delta;
                let between = between as u8;
                let ours = own.find(between);
                if ours < PieceList::CAPACITY {
                    if pinned.is_some() {
                        blocked = true;
                        break;
                    }
                    pinned = Some(ours);
                } else if enemy.contains(between) {
                    blocked = true;
                    break;
                }
            }
            if blocked {
                continue;
            }
            match pinned {
                None => {
                    checks += 1;
                    self.checker = Checker {
                        square: sq,
                        line: Some(line),
                    };
                }
                Some(index) => {
                    // `index` came from `find` and passed the `< CAPACITY` test above.
                    self.pins[index] = line.delta.unsigned_abs() as u8
                }
            }
        }
        checks
    }

    /// Whether the sink's kind takes a capture (`capture`) or a quiet move: asked of the king's
    /// and the knights' moves, which never promote.
    #[inline]
    fn wanted(capture: bool) -> bool {
        if capture {
            S::KIND.wants_noisy()
        } else {
            S::KIND.wants_quiet()
        }
    }

    #[inline]
    fn king_moves(&mut self) {
        let (king, them) = (self.king, !self.us);
        for &to in KING_TARGETS[usize::from(king)].as_slice() {
            if self.own.contains(to) {
                continue;
            }
            let capture = self.enemy.contains(to);
            if !Self::wanted(capture) {
                continue;
            }
            if self.board.attacked_ignoring(to, them, king) {
                self.attacked_neighbours |= 1 << to;
            } else {
                let flag = if capture {
                    MoveFlag::Capture
                } else {
                    MoveFlag::Quiet
                };
                self.sink.push(new_move(king, to, flag));
            }
        }
    }

    /// Castling, only called when not in check, by the Chess960 rules (which include the
    /// standard ones): every square king or rook crosses or lands on is empty apart from the two
    /// themselves, and no square the king crosses or lands on is attacked with the castling rook
    /// seen as gone. The rook may be what stood between an enemy rook or queen on the back rank
    /// and the king's destination. (The king's own square need not be ignored as well: an
    /// attack through it would be a check, and there is none.)
    fn castling(&mut self) {
        let (us, board, king) = (self.us, self.board, self.king);
        // Without a right left there is nothing to test: one test instead of two.
        if !board.state.castling.has_any(us) {
            return;
        }
        for side in CastlingSide::ALL {
            let Some(rook_from) = board.state.castling.rook(us, side) else {
                continue;
            };
            let rook = rook_from as u8;
            let (king_to, rook_to) = (side.king_to(us) as u8, side.rook_to(us) as u8);
            // The king's span holds the g- (or c-) file and the rook's the f- (or d-) file next
            // to it, so together they are the one stretch of the home rank from the leftmost to
            // the rightmost of the four squares. King and rook stand in it, so it is clear when
            // the lists hold exactly two pieces in that range of squares. Counting them, all
            // slots at once, costs less than walking the stretch a square at a time: 1% fewer
            // instructions over the six standard positions, 2.2% on kiwipete (callgrind).
            // (Asking boardlab-core for the `CastlePath` cost more than the walk itself, 3% of
            // bulk perft's instructions on kiwipete, callgrind.)
            let leftmost = king.min(rook).min(king_to).min(rook_to);
            let rightmost = king.max(rook).max(king_to).max(rook_to);
            let held = board.lists[0].count_within(leftmost, rightmost)
                + board.lists[1].count_within(leftmost, rightmost);
            if held != 2 {
                continue;
            }
            // The squares the king crosses or lands on; its own square only if it stays there.
            let mut king_path = if king_to > king {
                king + 1..king_to + 1
            } else if king_to < king {
                king_to..king
            } else {
                king..king + 1
            };
            // A square beside the king was already tested by `king_moves`, with the king seen
            // as gone instead of the rook. Both answers are the plain "attacked?" when the rook
            // stands in a corner: nothing lies beyond a corner on the home rank, and a line
            // through the king's square would end in a check, which there is not. Reusing the
            // answer saves about 3% of bulk perft's instructions on kiwipete (callgrind).
            let rook_in_corner = file(rook) % 7 == 0;
            let attacked_neighbours = self.attacked_neighbours;
            // The check test has cleared the king's own square, but only with the rook in
            // place: a king that castles without moving stays there while the rook leaves, and
            // the rook may have been what stood between it and an enemy on the home rank.
            if king_path.any(|sq| {
                if rook_in_corner && sq.abs_diff(king) == 1 {
                    attacked_neighbours & (1 << sq) != 0
                } else {
                    board.attacked_ignoring(sq, !us, rook)
                }
            }) {
                continue;
            }
            self.sink.push(new_move(king, king_to, side.flag()));
        }
    }

    /// Whether a non-king move to `to` is legal as far as the check goes: always when not in
    /// check (`EVADES` false), else only if it answers the check.
    #[inline]
    fn answers_check<const EVADES: bool>(&self, to: u8) -> bool {
        !EVADES || self.checker.answered_by(self.king, to)
    }

    #[inline]
    fn piece_moves<const EVADES: bool>(&mut self) {
        // What a pawn move depends on besides the pawn, worked out once for all the pawns:
        // asked inside the pawn code, the side to move was loaded and tested again for every
        // pawn; passing them in saves 2.3% of bulk perft's instructions over the six standard
        // positions (callgrind; 3.7% on the start position).
        let pawns = PawnRanks::of(self.us);
        for index in 1..self.own.len() {
            let sq = self.own.square(index);
            let pin = self.pins[index];
            match self.own.role(index) {
                // As with the sliders, a free pawn gets its own copy of the pawn code, without
                // the pin tests: 1.3% fewer instructions (callgrind, bulk perft of kiwipete
                // without its d5 pawn at depth 4: 235.0 M against 232.0 M) and 1-2% less time
                // over the six standard positions.
                Role::Pawn if pin == 0 => self.pawn_moves::<EVADES>(sq, 0, pawns),
                Role::Pawn => self.pawn_moves::<EVADES>(sq, pin, pawns),
                Role::Knight => {
                    if pin == 0 {
                        self.knight_moves::<EVADES>(sq);
                    }
                }
                Role::Bishop => self.slides::<EVADES, false, true>(sq, pin),
                Role::Rook => self.slides::<EVADES, true, false>(sq, pin),
                Role::Queen => self.slides::<EVADES, true, true>(sq, pin),
                Role::King => {}
            }
        }
    }

    #[inline(always)]
    fn pawn_moves<const EVADES: bool>(&mut self, from: u8, pin: u8, pawns: PawnRanks) {
        let forward = pawns.forward;
        let r = rank(from);
        let promotes = r == pawns.before_promotion;
        if pin == 0 || pin == 8 {
            let to = (from as i32 + forward) as u8;
            if !self.board.occupied(to) {
                if promotes {
                    if S::KIND.wants_noisy() && self.answers_check::<EVADES>(to) {
                        self.sink.push_promotions(
                            Square::from_index(from),
                            Square::from_index(to),
                            false,
                        );
                    }
                } else if S::KIND.wants_quiet() {
                    if self.answers_check::<EVADES>(to) {
                        self.sink.push(new_move(from, to, MoveFlag::Quiet));
                    }
                    if r == pawns.start {
                        let to2 = (to as i32 + forward) as u8;
                        if !self.board.occupied(to2) && self.answers_check::<EVADES>(to2) {
                            self.sink.push(new_move(from, to2, MoveFlag::DoublePush));
                        }
                    }
                }
            }
        }
        if !S::KIND.wants_noisy() {
            return;
        }
        let f = file(from);
        for df in [-1, 1] {
            if (f + df) & !7 != 0 {
                continue;
            }
            let delta = forward + df;
            if pin != 0 && delta.unsigned_abs() != u32::from(pin) {
                continue;
            }
            let to = (from as i32 + delta) as u8;
            if self.enemy.contains(to) && self.answers_check::<EVADES>(to) {
                if promotes {
                    self.sink.push_promotions(
                        Square::from_index(from),
                        Square::from_index(to),
                        true,
                    );
                } else {
                    self.sink.push(new_move(from, to, MoveFlag::Capture));
                }
            }
        }
    }

    #[inline]
    fn knight_moves<const EVADES: bool>(&mut self, from: u8) {
        let targets = KNIGHT_TARGETS[usize::from(from)].as_slice();
        // Counting every move of an unpinned knight out of check needs no target in
        // particular: all are legal but those our own pieces stand on, and the list counts
        // those at once. This saves 1.1% of bulk perft's instructions over the six standard
        // positions, 2.1% on position 6 (callgrind).
        if !EVADES {
            if let Some(count) = self.sink.tally() {
                *count += u64::from(targets.len() as u32 - self.own.count_knight_jumps(from));
                return;
            }
        }
        for &to in targets {
            if self.own.contains(to) {
                continue;
            }
            let capture = self.enemy.contains(to);
            if Self::wanted(capture) && self.answers_check::<EVADES>(to) {
                let flag = if capture {
                    MoveFlag::Capture
                } else {
                    MoveFlag::Quiet
                };
                self.sink.push(new_move(from, to, flag));
            }
        }
    }

    /// The moves of a slider along the rook lines (`STRAIGHT`) and the bishop lines (`SLANTED`).
    ///
    /// Each direction is its own inlined copy of [`ray`](Generation::ray), so that its step and
    /// the distance to the edge are constants; a loop over a slice of directions computed them for
    /// every direction of every slider (7% of bulk perft's instructions, callgrind: 387 M against
    /// 359 M on kiwipete without its d5 pawn at depth 4).
    ///
    /// The rays are inlined into one function per kind of slider, which is kept out of line:
    /// left to itself the compiler made each ray a call of its own, paying a prologue per
    /// direction, and inlining everything into the generator cost far more. This split takes 4%
    /// fewer instructions (callgrind, 303 M against 291 M on the same workload) and about 7% less
    /// time.
    #[inline(never)]
    fn slides<const EVADES: bool, const STRAIGHT: bool, const SLANTED: bool>(
        &mut self,
        from: u8,
        pin: u8,
    ) {
        // A pinned slider is rare. Taking it aside spares every ray of a free one the test of
        // its step against the pin line: 5.7% fewer instructions (callgrind, bulk perft of
        // kiwipete without its d5 pawn at depth 4: 249.3 M against 235.0 M) and about 5% less
        // time over the six standard positions.
        if pin != 0 {
            self.pinned_slides::<EVADES, STRAIGHT, SLANTED>(from, pin);
            return;
        }
        if STRAIGHT {
            self.ray::<EVADES>(from, 1, 0);
            self.ray::<EVADES>(from, -1, 0);
            self.ray::<EVADES>(from, 0, 1);
            self.ray::<EVADES>(from, 0, -1);
        }
        if SLANTED {
            self.ray::<EVADES>(from, 1, 1);
            self.ray::<EVADES>(from, -1, 1);
            self.ray::<EVADES>(from, 1, -1);
            self.ray::<EVADES>(from, -1, -1);
        }
    }

    /// The moves of a pinned slider: only along the line of the pin (`pin` is its step without
    /// sign, as in [`Generation::pins`]), in both directions, and only if the slider moves along
    /// such lines at all.
    #[inline(never)]
    fn pinned_slides<const EVADES: bool, const STRAIGHT: bool, const SLANTED: bool>(
        &mut self,
        from: u8,
        pin: u8,
    ) {
        let (df, dr) = match pin {
            1 if STRAIGHT => (1, 0),
            8 if STRAIGHT => (0, 1),
            9 if SLANTED => (1, 1),
            7 if SLANTED => (-1, 1),
            _ => return,
        };
        self.ray::<EVADES>(from, df, dr);
        self.ray::<EVADES>(from, -df, -dr);
    }

    /// The moves of a slider on `from` in the direction of `df` files and `dr` ranks a step, up
    /// to the first piece (taken if it is the opponent's) or the edge. Inlined, so that for a
    /// free slider each direction's step and distance to the edge are constants.
    #[inline(always)]
    fn ray<const EVADES: bool>(&mut self, from: u8, df: i32, dr: i32) {
        let delta = dr * 8 + df;
        let steps = room(file(from), df).min(room(rank(from), dr));
        let mut to = from as i32;
        for _ in 0..steps {
            to += delta;
            let to = to as u8;
            // Both lists are asked before branching: most squares on a ray are empty, and this
            // way an empty square costs one branch instead of two.
            let (ours, theirs) = (self.own.contains(to), self.enemy.contains(to));
            if !(ours | theirs) {
                if S::KIND.wants_quiet() && self.answers_check::<EVADES>(to) {
                    self.sink.push(new_move(from, to, MoveFlag::Quiet));
                }
                continue;
            }
            if theirs && S::KIND.wants_noisy() && self.answers_check::<EVADES>(to) {
                self.sink.push(new_move(from, to, MoveFlag::Capture));
            }
            break;
        }
    }

    /// En-passant captures, each tried on a copy of the board: taking en passant empties two
    /// squares of one rank, which can expose the king in ways no pin test above sees.
    fn en_passant(&mut self) {
        let Some(ep) = self.board.state.ep_square else {
            return;
        };
        let ep = ep as u8;
        let us = self.us;
        // The pawn to capture stands on the rank our capturing pawns stand on.
        let victim = if us == Color::White { ep - 8 } else { ep + 8 };
        for df in [-1, 1] {
            if (file(victim) + df) & !7 != 0 {
                continue;
            }
            let from = (victim as i32 + df) as u8;
            let Some(index) = self.own.index_of(Square::from_index(from)) else {
                continue;
            };
            if self.own.role(index) != Role::Pawn {
                continue;
            }
            let mv = new_move(from, ep, MoveFlag::EnPassant);
            let mut after = self.board.clone();
            after.make(mv);
            let king = after.lists[us.index()].king();
            if !after.attacked_ignoring(king, !us, NOTHING_IGNORED) {
                self.sink.push(mv);
            }
        }
    }
}
