//! Legal move generation: checks and pins found by walking rays out from the king.
//!
//! Before any piece moves, one look outwards from the king, along the rays that lead to an enemy
//! slider, finds the checking pieces and the pinned ones. With that known, almost every move is legal by construction:
//!
//! - not in check, an unpinned piece may go anywhere it can reach, and a pinned piece only along
//!   the line of its pin;
//! - in single check, only moves that capture the checker or land between it and the king, by
//!   unpinned pieces (a pinned piece cannot leave its line, and no square of the check line is
//!   on it);
//! - in double check, only the king moves.
//!
//! Three cases are tested square by square instead: the king's own steps (is the square
//! attacked?), castling (is any square the king crosses attacked?), and en passant, which
//! removes two pawns from one rank and is tested on a copy of the board with the capture made.

use crate::attack::{
    is_attacked, is_attacked_beside_king, is_attacked_on_home_rank, king_step_bit,
    near_king_attacks, Attackers, SliderLines,
};
use crate::board::MailboxBoard;
use crate::cell::Cell;
use crate::square120::{direction, is_orthogonal, line_step, Sq120, CELL_ARRAY_LEN};
use boardlab_core::{CastlingSide, Color, Move, MoveFlag, MoveSink, Role, Square};

/// The most pieces that can be pinned at once: one per ray from the king (a pinned piece is
/// the first piece on its ray, with the pinning slider next, so no ray holds two).
const MAX_PINS: usize = 8;

/// What the look outwards from the king found.
struct KingSafety {
    king: Sq120,
    /// How many enemy pieces give check.
    checkers: u8,
    /// The square of a checker (the last one found).
    checker: Sq120,
    /// For each sliding checker, the step from the king towards it; the king may not retreat
    /// one step the other way, a square the slider attacks through the king. Only the first
    /// piece on each of the king's eight rays can give check along it, so eight slots hold every
    /// sliding checker of any position, valid or not.
    check_steps: [i8; 8],
    /// How many of `check_steps` are in use.
    slider_checks: usize,
    /// Pinned pieces with the step from the king towards them.
    pins: [(Sq120, i8); MAX_PINS],
    pin_count: usize,
    /// The lines of the enemy sliders, for the attack tests of the king's steps.
    slider_lines: SliderLines,
    /// The king's neighbours attacked by an enemy knight or the enemy king, as bits of
    /// [`king_step_bit`].
    near_attacks: u8,
}

impl KingSafety {
    /// The step from the king towards the pinned piece on `sq`, or 0 if it is not pinned.
    /// Without `PINS` the answer is known to be 0, and the compiler drops the pin tests.
    #[inline(always)]
    fn pin_step<const PINS: bool>(&self, sq: Sq120) -> i8 {
        if !PINS {
            return 0;
        }
        let mut i = 0;
        while i < self.pin_count {
            if self.pins[i].0 == sq {
                return self.pins[i].1;
            }
            i += 1;
        }
        0
    }
}

/// Whether a move in `step` keeps a piece pinned along `pin` on its line (always, unpinned).
#[inline(always)]
const fn keeps_line(pin: i8, step: i8) -> bool {
    pin == 0 || pin == step || pin == -step
}

/// Which of the king's steps along its rank landed on an empty, unattacked square: the first
/// square standard castling crosses on that side. Reusing this halves the attack tests of
/// castling (callgrind, see [`MailboxBoard::standard_castling`]).
#[derive(Debug, Default, Clone, Copy)]
struct SideSteps {
    east: bool,
    west: bool,
}

/// Cells where a non-king move may land: everywhere when not in check (the table is then never
/// read), else the checker's cell and those between it and the king.
type Targets = [bool; CELL_ARRAY_LEN];

static NO_TARGETS: Targets = [false; CELL_ARRAY_LEN];

impl MailboxBoard {
    /// Sends the legal moves of the sink's kind to `sink`.
    #[inline(always)]
    pub(crate) fn generate_legal<S: MoveSink>(&self, sink: &mut S) {
        let us = self.state.turn;
        let attackers = self.attackers(!us);
        let safety = self.king_safety(attackers);
        match safety.checkers {
            0 if safety.pin_count == 0 => {
                self.piece_moves::<S, false, false>(&safety, &NO_TARGETS, sink);
            }
            0 => {
                self.piece_moves::<S, false, true>(&safety, &NO_TARGETS, sink);
            }
            1 => {
                let targets = self.evasion_targets(&safety);
                // Pinned pieces stay put in check, so they are skipped like pinned knights.
                self.piece_moves::<S, true, true>(&safety, &targets, sink);
            }
            _ => {}
        }
        let side_steps = self.king_moves::<S>(&safety, attackers, sink);
        if S::KIND.wants_quiet() && safety.checkers == 0 && self.state.castling.has_any(us) {
            self.castling_moves(attackers, side_steps, sink);
        }
        if S::KIND.wants_noisy() {
            if let Some(ep) = self.state.ep_square {
                self.en_passant_moves(Sq120::from_square(ep), safety.king, attackers, sink);
            }
        }
    }

    /// Finds checkers and pins by looking out from the king of the side to move; `attackers`
    /// are the enemy's.
    #[inline(always)]
    fn king_safety(&self, attackers: Attackers) -> KingSafety {
        let us = self.state.turn;
        let them = !us;
        let us_bit = Cell::color_bit(us);
        let king = self.king(us);
        let mut safety = KingSafety {
            king,
            checkers: 0,
            checker: king,
            check_steps: [0; 8],
            slider_checks: 0,
            pins: [(king, 0); MAX_PINS],
            pin_count: 0,
            slider_lines: SliderLines::default(),
            near_attacks: 0,
        };
        let at = |sq: Sq120| self.cells[sq.index()];

        // Pawns and knights check from fixed squares and cannot pin.
        let their_pawn = Cell::of(them, Role::Pawn);
        let ahead = 10 * us.forward();
        for step in [ahead - 1, ahead + 1] {
            if at(king.offset(step)) == their_pawn {
                safety.checkers += 1;
                safety.checker = king.offset(step);
            }
        }
        let their_knight = Cell::of(them, Role::Knight);
        if attackers.knights {
            for jump in direction::KNIGHT {
                if at(king.offset(jump)) == their_knight {
                    safety.checkers += 1;
                    safety.checker = king.offset(jump);
                }
            }
        }

        // Which of the king's neighbours the enemy knights and king attack, found in one pass
        // over them rather than in each neighbour's attack test: 3.5% fewer instructions in a
        // bulk perft of kiwipete without its d5 pawn (depth 4, callgrind) and about 2% less
        // time over the six standard positions (old and new builds timed turn about).
        safety.near_attacks = near_king_attacks(&self.lists, king, them);

        // Only the enemy's bishops, rooks and queens can check from afar or pin, and most of
        // them share no line with the king, so each one the piece lists name is looked at
        // instead of all eight rays: along its line from the king, the first piece met is the
        // slider itself (a check), or one of ours with the slider next (a pin), or neither.
        // Walking only the lines that hold a slider saves about 6% of the instructions of a
        // bulk perft of kiwipete without its d5 pawn (depth 5, callgrind).
        for (role, orthogonal, diagonal) in [
            (Role::Bishop, false, true),
            (Role::Rook, true, false),
            (Role::Queen, true, true),
        ] {
            for &slider in self.lists.squares(Cell::of(them, role)) {
                safety.slider_lines.add(slider, orthogonal, diagonal);
                let step = line_step(king, slider);
                let moves_along = if is_orthogonal(step) {
                    orthogonal
                } else {
                    diagonal
                };
                if step == 0 || !moves_along {
                    continue;
                }
                let mut sq = king.offset(step);
                while at(sq).is_empty() {
                    sq = sq.offset(step);
                }
                if sq == slider {
                    safety.check_steps[safety.slider_checks] = step;
                    safety.slider_checks += 1;
                    safety.checkers += 1;
                    safety.checker = sq;
                } else if at(sq).has_piece_of(us_bit) {
                    let mut beyond = sq.offset(step);
                    while at(beyond).is_empty() {
                        beyond = beyond.offset(step);
                    }
                    if beyond == slider {
                        safety.pins[safety.pin_count] = (sq, step);
                        safety.pin_count += 1;
                    }
                }
            }
        }
        safety
    }

    /// The cells that capture or block a single checker.
    fn evasion_targets(&self, safety: &KingSafety) -> Targets {
        let mut targets = [false; CELL_ARRAY_LEN];
        targets[safety.checker.index()] = true;
        // Only a slider's check can be blocked; `check_steps[0]` is its direction then, and 0
        // (no slots in use) for a pawn's or knight's check.
        let step = safety.check_steps[0];
        if step != 0 {
            let mut sq = safety.king.offset(step);
            while sq != safety.checker {
                targets[sq.index()] = true;
                sq = sq.offset(step);
            }
        }
        targets
    }

    /// Moves of every piece but the king, en passant aside.
    #[inline(always)]
    fn piece_moves<S: MoveSink, const CHECK: bool, const PINS: bool>(
        &self,
        safety: &KingSafety,
        targets: &Targets,
        sink: &mut S,
    ) {
        let us = self.state.turn;
        let us_bit = Cell::color_bit(us);

        self.pawn_moves::<S, CHECK, PINS>(safety, targets, sink);

        for &from in self.lists.squares(Cell::of(us, Role::Knight)) {
            // Never taken; see `Sq120::is_on_board_range`.
            if !from.is_on_board_range() {
                continue;
            }
            // A knight's jump always leaves its pin line.
            if safety.pin_step::<PINS>(from) != 0 {
                continue;
            }
            let from_square = from.on_board();
            for jump in direction::KNIGHT {
                self.step_to::<S, CHECK>(from_square, from.offset(jump), us_bit, targets, sink);
            }
        }

        for (role, steps) in [
            (Role::Bishop, &direction::DIAGONAL[..]),
            (Role::Rook, &direction::ORTHOGONAL[..]),
            (Role::Queen, &direction::KING[..]),
        ] {
            for &from in self.lists.squares(Cell::of(us, role)) {
                let pin = safety.pin_step::<PINS>(from);
                if pin == 0 {
                    for &step in steps {
                        self.slide::<S, CHECK>(from, step, us_bit, targets, sink);
                    }
                } else if !CHECK && steps.contains(&pin) {
                    // Along the pin line only: towards the king, and towards the pinner,
                    // which it may capture.
                    self.slide::<S, CHECK>(from, pin, us_bit, targets, sink);
                    self.slide::<S, CHECK>(from, -pin, us_bit, targets, sink);
                }
            }
        }
    }

    /// The move of a piece from `from` to `to` by a single step or jump, if it may land there.
    #[inline(always)]
    fn step_to<S: MoveSink, const CHECK: bool>(
        &self,
        from: Square,
        to: Sq120,
        us_bit: u8,
        targets: &Targets,
        sink: &mut S,
    ) {
        let cell = self.cells[to.index()];
        if CHECK && !targets[to.index()] {
            return;
        }
        if cell.is_empty() {
            if S::KIND.wants_quiet() {
                sink.push(Move::new(from, to.on_board(), MoveFlag::Quiet));
            }
        } else if cell.is_open_to(us_bit) && S::KIND.wants_noisy() {
            sink.push(Move::new(from, to.on_board(), MoveFlag::Capture));
        }
    }

    /// The moves of a slider from `from` along one direction: empty cells, then a capture if
    /// the first piece met is an enemy.
    #[inline(always)]
    fn slide<S: MoveSink, const CHECK: bool>(
        &self,
        from: Sq120,
        step: i8,
        us_bit: u8,
        targets: &Targets,
        sink: &mut S,
    ) {
        let from_square = from.on_board();
        let mut to = from.offset(step);
        let mut cell = self.cells[to.index()];
        while cell.is_empty() {
            if S::KIND.wants_quiet() && (!CHECK || targets[to.index()]) {
                sink.push(Move::new(from_square, to.on_board(), MoveFlag::Quiet));
            }
            to = to.offset(step);
            cell = self.cells[to.index()];
        }
        if S::KIND.wants_noisy() && cell.is_open_to(us_bit) && (!CHECK || targets[to.index()]) {
            sink.push(Move::new(from_square, to.on_board(), MoveFlag::Capture));
        }
    }

    /// Pushes, double pushes, captures and promotions; en passant is generated apart.
    #[inline(always)]
    fn pawn_moves<S: MoveSink, const CHECK: bool, const PINS: bool>(
        &self,
        safety: &KingSafety,
        targets: &Targets,
        sink: &mut S,
    ) {
        let us = self.state.turn;
        let them_bit = Cell::color_bit(!us);
        let ahead = 10 * us.forward();
        // Ranks counted from white's side: where a double push starts and a promotion starts.
        let (start_rank, last_step_rank) = match us {
            Color::White => (1, 6),
            Color::Black => (6, 1),
        };
        let allowed = |to: Sq120| !CHECK || targets[to.index()];
        for &from in self.lists.squares(Cell::of(us, Role::Pawn)) {
            // Never taken; see `Sq120::is_on_board_range`.
            if !from.is_on_board_range() {
                continue;
            }
            let pin = safety.pin_step::<PINS>(from);
            if CHECK && pin != 0 {
                continue;
            }
            let from_square = from.on_board();
            let promotes = from.is_on_rank(last_step_rank);
            let one = from.offset(ahead);
            if keeps_line(pin, ahead) && self.cells[one.index()].is_empty() {
                if promotes {
                    if S::KIND.wants_noisy() && allowed(one) {
                        sink.push_promotions(from_square, one.on_board(), false);
                    }
                } else if S::KIND.wants_quiet() {
                    if allowed(one) {
                        sink.push(Move::new(from_square, one.on_board(), MoveFlag::Quiet));
                    }
                    let two = one.offset(ahead);
                    if from.is_on_rank(start_rank)
                        && self.cells[two.index()].is_empty()
                        && allowed(two)
                    {
                        sink.push(Move::new(from_square, two.on_board(), MoveFlag::DoublePush));
                    }
                }
            }
            if S::KIND.wants_noisy() {
                for step in [ahead - 1, ahead + 1] {
                    let to = from.offset(step);
                    if keeps_line(pin, step)
                        && self.cells[to.index()].has_piece_of(them_bit)
                        && allowed(to)
                    {
                        if promotes {
                            sink.push_promotions(from_square, to.on_board(), true);
                        } else {
                            sink.push(Move::new(from_square, to.on_board(), MoveFlag::Capture));
                        }
                    }
                }
            }
        }
    }

    /// The king's steps to squares no enemy attacks. Returns which of the two steps along the
    /// rank went to an empty, unattacked square, for castling to reuse.
    #[inline(always)]
    fn king_moves<S: MoveSink>(
        &self,
        safety: &KingSafety,
        attackers: Attackers,
        sink: &mut S,
    ) -> SideSteps {
        use direction::{EAST, NORTH, NORTH_EAST, NORTH_WEST, SOUTH, SOUTH_EAST, SOUTH_WEST, WEST};
        for step in [NORTH, SOUTH, NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST] {
            self.king_step::<S>(step, safety, attackers, sink);
        }
        SideSteps {
            east: self.king_step::<S>(EAST, safety, attackers, sink),
            west: self.king_step::<S>(WEST, safety, attackers, sink),
        }
    }

    /// The king's step in `step` if its target is not attacked; whether it was a quiet step.
    #[inline(always)]
    fn king_step<S: MoveSink>(
        &self,
        step: i8,
        safety: &KingSafety,
        attackers: Attackers,
        sink: &mut S,
    ) -> bool {
        let us_bit = Cell::color_bit(self.state.turn);
        let king = safety.king;
        let to = king.offset(step);
        let cell = self.cells[to.index()];
        if !cell.is_open_to(us_bit) {
            return false;
        }
        let flag = if cell.is_empty() {
            if !S::KIND.wants_quiet() {
                return false;
            }
            MoveFlag::Quiet
        } else {
            if !S::KIND.wants_noisy() {
                return false;
            }
            MoveFlag::Capture
        };
        // The attack test below sees the king itself blocking a checking slider's ray, so
        // the square straight behind the king, away from that slider, is excluded here.
        if safety.slider_checks != 0 && safety.check_steps[..safety.slider_checks].contains(&-step)
        {
            return false;
        }
        if safety.near_attacks & king_step_bit(step) != 0
            || is_attacked_beside_king(&self.cells, to, attackers, &safety.slider_lines)
        {
            return false;
        }
        sink.push(Move::new(king.on_board(), to.on_board(), flag));
        flag == MoveFlag::Quiet
    }

    /// Castling, when not in check, by the Chess960 rules (which include the standard ones):
    /// every square king or rook crosses or lands on is empty apart from the two themselves, and
    /// no square the king crosses or lands on is attacked.
    ///
    /// With the standard squares, an attack along the home rank can only come through the king
    /// or the rook, so the faster test that skips the rank's rays does. In Chess960 an enemy
    /// rook or queen on the home rank may stand beyond the castling rook, which shields the
    /// king's destination until it moves: the full test runs on a copy of the cells with that
    /// rook lifted.
    fn castling_moves<S: MoveSink>(
        &self,
        attackers: Attackers,
        side_steps: SideSteps,
        sink: &mut S,
    ) {
        let us = self.state.turn;
        let king_at_home = self.state.castling.king(us) == Some(CastlingSide::king_from(us));
        for (side, first_step_safe) in [
            (CastlingSide::King, side_steps.east),
            (CastlingSide::Queen, side_steps.west),
        ] {
            let Some(rook_from) = self.state.castling.rook(us, side) else {
                continue;
            };
            if king_at_home && rook_from == side.rook_from(us) {
                if first_step_safe {
                    self.standard_castling(side, attackers, sink);
                }
            } else {
                self.chess960_castling(side, attackers, sink);
            }
        }
    }

    /// Castling to `side` with king and rook on their standard squares, once the king's own
    /// step towards the rook is known to be legal.
    ///
    /// The squares to look at are fixed steps from the king's cell, so this skips building the
    /// general path of [`CastlingRights::path`](boardlab_core::CastlingRights::path): that
    /// saves about 7% of the instructions of a bulk perft of kiwipete without its d5 pawn
    /// (depth 5, callgrind). The first square the king crosses is where its single step along
    /// the rank lands, already found empty and unattacked by [`Self::king_moves`], so only the
    /// landing square is tested here.
    #[inline]
    fn standard_castling<S: MoveSink>(
        &self,
        side: CastlingSide,
        attackers: Attackers,
        sink: &mut S,
    ) {
        let us = self.state.turn;
        let king = Sq120::from_square(CastlingSide::king_from(us));
        // The steps from the king to the squares between king and rook beyond its first step,
        // and to the square the king lands on.
        let (between, landing): (&[i8], i8) = match side {
            CastlingSide::King => (&[2], 2),
            CastlingSide::Queen => (&[-2, -3], -2),
        };
        if between
            .iter()
            .any(|&step| !self.cells[king.offset(step).index()].is_empty())
        {
            return;
        }
        if !is_attacked_on_home_rank(&self.cells, king.offset(landing), attackers) {
            sink.push(Move::new(king.on_board(), side.king_to(us), side.flag()));
        }
    }

    /// Castling to `side` by the general Chess960 rules.
    #[cold]
    fn chess960_castling<S: MoveSink>(
        &self,
        side: CastlingSide,
        attackers: Attackers,
        sink: &mut S,
    ) {
        let us = self.state.turn;
        let Some(path) = self.state.castling.path(us, side) else {
            return;
        };
        let cell = |sq: Square| self.cells[Sq120::from_square(sq).index()];
        if path
            .must_be_empty
            .into_iter()
            .any(|sq| !cell(sq).is_empty())
        {
            return;
        }
        let mut lifted = self.cells;
        lifted[Sq120::from_square(path.rook_from).index()] = Cell::EMPTY;
        // The check test has cleared the king's own square, but only with the rook in place: a
        // king that castles without moving stays there while the rook leaves, and the rook may
        // have been what stood between it and an enemy on the home rank.
        if path
            .king_path
            .without(path.king_from)
            .with(path.king_to)
            .into_iter()
            .all(|sq| !is_attacked(&lifted, Sq120::from_square(sq), attackers))
        {
            sink.push(Move::new(path.king_from, path.king_to, side.flag()));
        }
    }

    /// En-passant captures onto `ep`, each tried on a copy of the board: taking two pawns off
    /// one rank can expose the king in a way no pin test sees.
    #[cold]
    fn en_passant_moves<S: MoveSink>(
        &self,
        ep: Sq120,
        king: Sq120,
        attackers: Attackers,
        sink: &mut S,
    ) {
        let us = self.state.turn;
        let our_pawn = Cell::of(us, Role::Pawn);
        let victim = ep.offset(-10 * us.forward());
        for side in [direction::WEST, direction::EAST] {
            let from = victim.offset(side);
            if self.cells[from.index()] != our_pawn {
                continue;
            }
            let mut after = self.cells;
            after[from.index()] = Cell::EMPTY;
            after[victim.index()] = Cell::EMPTY;
            after[ep.index()] = our_pawn;
            if !is_attacked(&after, king, attackers) {
                sink.push(Move::new(
                    from.on_board(),
                    ep.on_board(),
                    MoveFlag::EnPassant,
                ));
            }
        }
    }
}
