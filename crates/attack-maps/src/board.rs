//! `AttackMapBoard`: the cells, the pieces by number, the neighbour table and the attacker
//! sets, and the make and unmake that keep the last two up to date.

use crate::geometry::{
    cell_of, direction, offset, on_board, square_of, CELLS, DIAGONALS, KNIGHT_JUMPS, SPAN, STEPS,
    STRAIGHTS,
};
use boardlab_core::{Board, Color, Move, MoveSink, Piece, PositionState, Role, Setup, Square};

/// A cell holding no piece.
pub(crate) const EMPTY: u8 = 32;
/// A cell of the rim.
pub(crate) const GUARD: u8 = 33;
/// The attacker sets: one per piece number, then two that no piece owns, for [`EMPTY`] and
/// [`GUARD`], so that a piece's attacks can be marked on whatever its rays and steps reach
/// without asking first whether a piece stands there.
pub(crate) const SETS: usize = 34;
/// The number of the king of each colour: the last of its sixteen.
pub(crate) const KING_NUMBER: [u8; 2] = [15, 31];
/// The numbers of each colour's pieces as a set.
pub(crate) const SIDE: [u32; 2] = [0x0000_ffff, 0xffff_0000];

/// The bit of piece number `n`.
#[inline(always)]
pub(crate) const fn bit(n: u8) -> u32 {
    1 << n
}

/// The bit of what a cell holds: its piece's, or none for [`EMPTY`] and [`GUARD`] (their
/// bits fall above the 32 a set keeps).
#[inline(always)]
const fn bit_of(held: u8) -> u32 {
    (1u64 << held) as u32
}

/// The colour of piece number `n`.
#[inline(always)]
pub(crate) const fn color_of(n: u8) -> Color {
    if n < 16 {
        Color::White
    } else {
        Color::Black
    }
}

/// The directions a piece of `role` and `color` slides in, and those it attacks only the
/// next cell in (king and pawns).
const fn reach(role: Role, color: Color) -> (u8, u8) {
    match role {
        Role::Bishop => (DIAGONALS, 0),
        Role::Rook => (STRAIGHTS, 0),
        Role::Queen => (0xff, 0),
        Role::King => (0, 0xff),
        // North-east and north-west for white, south-west and south-east for black.
        Role::Pawn => match color {
            Color::White => (0, 0b0000_1010),
            Color::Black => (0, 0b1010_0000),
        },
        Role::Knight => (0, 0),
    }
}

/// A chess position on a guarded mailbox with attack maps (see the crate docs).
///
/// # Examples
///
/// ```
/// use boardlab_attack_maps::AttackMapBoard;
/// use boardlab_core::{perft, BoardExt, PerftMode, START_FEN};
///
/// let mut board = AttackMapBoard::from_fen(START_FEN).unwrap();
/// assert_eq!(perft(&mut board, 3, PerftMode::Bulk), 8902);
/// ```
#[derive(Clone)]
pub struct AttackMapBoard {
    /// Per cell: the number of the piece on it, [`EMPTY`] or [`GUARD`].
    pub(crate) cells: [u8; SPAN],
    /// Per occupied cell, the nearest cell in each direction that is not empty (a piece or a
    /// guard). The entries of empty cells are stale and never read.
    pub(crate) neighbours: [[u8; 8]; SPAN],
    /// Per piece number, the set of piece numbers (either colour) that attack it; the last
    /// two sets take the marks that land on empty cells and guards, and are never read.
    pub(crate) attackers: [u32; SETS],
    /// Per piece number, its cell (stale once captured).
    pub(crate) place: [u8; 32],
    /// Per piece number, its role.
    pub(crate) role: [Role; 32],
    /// Per piece number, its colour and role, read whole by the evaluation's walk and by
    /// `piece_at`.
    pieces: [Piece; 32],
    /// Per piece number, the directions it slides in.
    pub(crate) slides: [u8; 32],
    /// Per piece number, the directions it attacks the next cell in (king, pawns).
    pub(crate) touches: [u8; 32],
    /// Per direction, the pieces that slide that way, and those that attack the next cell that
    /// way: a landing piece gathers its attackers with one mask per ray.
    slide_along: [u32; 8],
    touch_along: [u32; 8],
    /// The bishops, rooks and queens, and the knights (taken ones included).
    pub(crate) sliders: u32,
    knights: u32,
    /// The numbers of the pieces on the board.
    pub(crate) alive: u32,
    /// The numbers of the pawns, on the board or taken.
    pub(crate) pawns: u32,
    /// Pieces whose number no longer ranks them by value: those promoted.
    pub(crate) misranked: u32,
    /// The squares of the kings and rooks the setup's castling rights name: a move touching
    /// none of them keeps every right.
    castling_squares: u64,
    /// The side to move, castling rights, en-passant square, clocks and hash.
    pub(crate) state: PositionState,
}

/// What [`AttackMapBoard::unmake`](Board::unmake) needs to take a move back.
#[derive(Clone, Copy)]
pub struct AttackMapUndo {
    state: PositionState,
    /// The attacker sets before the move, put back whole.
    attackers: [u32; 32],
    /// The neighbour entries of the cell the mover left, for relinking it.
    from_links: [u8; 8],
    /// Those of the en-passant victim's cell or the castling rook's.
    other_links: [u8; 8],
    misranked: u32,
    /// The number of the captured piece, or [`EMPTY`].
    victim: u8,
}

impl AttackMapUndo {
    /// The record of a move from `board` before make learns what it captures: all that a
    /// null move needs.
    #[inline(always)]
    fn saving(board: &AttackMapBoard) -> AttackMapUndo {
        AttackMapUndo {
            state: board.state,
            attackers: board.saved_sets(),
            from_links: [0; 8],
            other_links: [0; 8],
            misranked: board.misranked,
            victim: EMPTY,
        }
    }
}

impl AttackMapBoard {
    /// The 32 pieces' attacker sets, as the undo record keeps them.
    #[inline(always)]
    fn saved_sets(&self) -> [u32; 32] {
        let mut sets = [0; 32];
        sets.copy_from_slice(&self.attackers[..32]);
        sets
    }

    /// The board with no piece and every cell of the rim a guard, holding `state`.
    fn bare(state: PositionState) -> AttackMapBoard {
        let mut cells = [GUARD; SPAN];
        for cell in (0..CELLS as u8).filter(|&c| on_board(c)) {
            cells[usize::from(cell)] = EMPTY;
        }
        AttackMapBoard {
            cells,
            neighbours: [[0; 8]; SPAN],
            attackers: [0; SETS],
            place: [0; 32],
            role: [Role::Pawn; 32],
            pieces: [Piece::new(Color::White, Role::Pawn); 32],
            slides: [0; 32],
            touches: [0; 32],
            slide_along: [0; 8],
            touch_along: [0; 8],
            sliders: 0,
            knights: 0,
            alive: 0,
            pawns: 0,
            misranked: 0,
            castling_squares: 0,
            state,
        }
    }

    /// The piece of number `n`.
    #[inline]
    pub(crate) fn piece(&self, n: u8) -> Piece {
        self.pieces[usize::from(n)]
    }

    /// The number of the piece on `cell`, if one stands there.
    #[inline]
    pub(crate) fn occupant(&self, cell: u8) -> Option<u8> {
        let n = self.cells[usize::from(cell)];
        (n < EMPTY).then_some(n)
    }

    /// The cell of `color`'s king.
    #[inline]
    pub(crate) fn king_cell(&self, color: Color) -> u8 {
        self.place[usize::from(KING_NUMBER[color as usize])]
    }

    fn set_role(&mut self, n: u8, role: Role) {
        let (slides, touches) = reach(role, color_of(n));
        let i = usize::from(n);
        self.role[i] = role;
        self.pieces[i] = Piece::new(color_of(n), role);
        self.slides[i] = slides;
        self.touches[i] = touches;
        let mark = bit(n);
        let member = |set: &mut u32, is: bool| *set = (*set & !mark) | if is { mark } else { 0 };
        member(&mut self.pawns, role == Role::Pawn);
        member(&mut self.knights, role == Role::Knight);
        member(&mut self.sliders, slides != 0);
        for d in 0..8 {
            member(&mut self.slide_along[d], slides >> d & 1 != 0);
            member(&mut self.touch_along[d], touches >> d & 1 != 0);
        }
    }

    /// The neighbour entries of `cell` scanned from the cells.
    #[inline(always)]
    pub(crate) fn scan_neighbours(&self, cell: u8) -> [u8; 8] {
        Self::scan_neighbours_on(&self.cells, cell)
    }

    /// The neighbour entries of `cell` scanned from `cells`: in each direction the first cell
    /// that is not empty.
    #[inline(always)]
    pub(crate) fn scan_neighbours_on(cells: &[u8; SPAN], cell: u8) -> [u8; 8] {
        let mut links = [0u8; 8];
        for (d, &step) in STEPS.iter().enumerate() {
            let mut to = offset(cell, step);
            while cells[usize::from(to)] == EMPTY {
                to = offset(to, step);
            }
            links[d] = to;
        }
        links
    }

    /// The pieces attacking `cell` according to the neighbour entries `links`.
    #[inline(always)]
    pub(crate) fn gather_attackers(&self, cell: u8, links: &[u8; 8]) -> u32 {
        self.gather_attackers_on(&self.cells, cell, links)
    }

    /// The pieces on `cells` attacking `cell`, whose neighbour entries there are `links`: the
    /// knights a jump away, and in each direction the piece the ray meets if it slides back
    /// along it, or attacks the next cell that way and stands on it.
    #[inline(always)]
    pub(crate) fn gather_attackers_on(&self, cells: &[u8; SPAN], cell: u8, links: &[u8; 8]) -> u32 {
        let mut leapers = 0;
        for jump in KNIGHT_JUMPS {
            leapers |= bit_of(cells[usize::from(offset(cell, jump))]);
        }
        let mut set = leapers & self.knights;
        for (d, &near) in links.iter().enumerate() {
            let mut along = self.slide_along[d ^ 4];
            if near == offset(cell, STEPS[d]) {
                along |= self.touch_along[d ^ 4];
            }
            set |= bit_of(cells[usize::from(near)]) & along;
        }
        set
    }

    /// The neighbour entries and attacker sets worked out from the cells alone, as
    /// `from_setup` builds them: what the incrementally kept maps must equal.
    pub(crate) fn rebuilt_maps(&self) -> (Box<[[u8; 8]; SPAN]>, [u32; SETS]) {
        let mut links = Box::new([[0u8; 8]; SPAN]);
        let mut attackers = [0u32; SETS];
        for cell in 0..CELLS as u8 {
            if self.occupant(cell).is_some() {
                links[usize::from(cell)] = self.scan_neighbours(cell);
            }
        }
        for cell in 0..CELLS as u8 {
            if let Some(n) = self.occupant(cell) {
                attackers[usize::from(n)] = self.gather_attackers(cell, &links[usize::from(cell)]);
            }
        }
        (links, attackers)
    }

    /// Compares the kept neighbour entries of every occupied cell and the kept attacker set of
    /// every piece with those rebuilt from the cells.
    ///
    /// # Errors
    ///
    /// The first entry that differs, in words.
    pub fn audit_maps(&self) -> Result<(), String> {
        let (links, attackers) = self.rebuilt_maps();
        for cell in 0..CELLS as u8 {
            if let Some(n) = self.occupant(cell) {
                let i = usize::from(cell);
                if self.neighbours[i] != links[i] {
                    return Err(format!(
                        "neighbours of {}: kept {:?}, rebuilt {:?}",
                        square_of(cell),
                        self.neighbours[i],
                        links[i]
                    ));
                }
                let (kept, fresh) = (self.attackers[usize::from(n)], attackers[usize::from(n)]);
                if kept != fresh {
                    return Err(format!(
                        "attackers of piece {n} on {}: kept {kept:#010x}, rebuilt {fresh:#010x}",
                        square_of(cell)
                    ));
                }
                if self.place[usize::from(n)] != cell {
                    return Err(format!("piece {n} placed wrongly"));
                }
            }
        }
        let on_cells = (0..CELLS as u8)
            .filter_map(|c| self.occupant(c))
            .fold(0, |s, n| s | bit(n));
        if on_cells != self.alive {
            return Err(format!(
                "alive {:#x}, on the cells {on_cells:#x}",
                self.alive
            ));
        }
        Ok(())
    }

    /// Takes the bits of `gone` out of every piece's attacker set: 32 independent ANDs,
    /// which the compiler turns into a few vector instructions.
    #[inline(always)]
    fn forget(&mut self, gone: u32) {
        for set in &mut self.attackers[..32] {
            *set &= !gone;
        }
    }

    /// Marks `n` in the sets of whatever it attacks from its cell, whose neighbour entries are
    /// up to date: the first thing each of its rays meets, or the cells of its steps. What
    /// lands on an empty cell or a guard goes to a set no piece owns.
    #[inline(always)]
    fn spread(&mut self, n: u8) {
        let i = usize::from(n);
        let cell = self.place[i];
        let mark = bit(n);
        if self.knights & mark != 0 {
            for jump in KNIGHT_JUMPS {
                let held = self.cells[usize::from(offset(cell, jump))];
                self.attackers[usize::from(held)] |= mark;
            }
            return;
        }
        let links = self.neighbours[usize::from(cell)];
        let mut dirs = self.slides[i];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let held = self.cells[usize::from(links[d])];
            self.attackers[usize::from(held)] |= mark;
        }
        let mut dirs = self.touches[i];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let held = self.cells[usize::from(offset(cell, STEPS[d]))];
            self.attackers[usize::from(held)] |= mark;
        }
    }

    /// The sliders of `through`, each attacking along a line through the empty-or-not `cell`
    /// whose neighbour entries are `links`: the piece each reaches beyond the cell, marked
    /// (`OPENED`: the cell has just been emptied) or cleared (it has just been filled).
    #[inline(always)]
    fn across<const OPENED: bool>(&mut self, cell: u8, links: &[u8; 8], through: u32) {
        let mut sliders = through & self.sliders;
        while sliders != 0 {
            let s = sliders.trailing_zeros() as u8;
            sliders &= sliders - 1;
            let toward = direction(cell, self.place[usize::from(s)]);
            let beyond = links[usize::from(toward ^ 4)];
            let set = &mut self.attackers[usize::from(self.cells[usize::from(beyond)])];
            *set = if OPENED {
                *set | bit(s)
            } else {
                *set & !bit(s)
            };
        }
    }

    /// Piece `n` leaves its cell, which is unlinked from the neighbour table, and each slider
    /// that attacked it now reaches the piece beyond; its own attacks stay marked until
    /// [`forget`](Self::forget). Returns the cell's neighbour entries, which relinking it
    /// needs.
    #[inline(always)]
    fn lift_keeping_marks(&mut self, n: u8) -> [u8; 8] {
        let cell = self.place[usize::from(n)];
        let c = usize::from(cell);
        self.cells[c] = EMPTY;
        let links = self.neighbours[c];
        for d in 0..4 {
            let (ahead, behind) = (links[d], links[d ^ 4]);
            self.neighbours[usize::from(ahead)][d ^ 4] = behind;
            self.neighbours[usize::from(behind)][d] = ahead;
        }
        self.across::<true>(cell, &links, self.attackers[usize::from(n)]);
        links
    }

    /// [`lift_keeping_marks`](Self::lift_keeping_marks), and `n`'s attacks go.
    #[inline(always)]
    fn lift(&mut self, n: u8) -> [u8; 8] {
        let links = self.lift_keeping_marks(n);
        self.forget(bit(n));
        links
    }

    /// Piece `n` lands on the empty `cell`: the cell is linked in by scanning its eight rays,
    /// the piece gathers its attackers, the sliders among them are cut off from the piece
    /// beyond, and its own attacks are marked.
    #[inline(always)]
    fn drop(&mut self, n: u8, cell: u8) {
        let c = usize::from(cell);
        self.cells[c] = n;
        self.place[usize::from(n)] = cell;
        let links = self.scan_neighbours(cell);
        self.neighbours[c] = links;
        for (d, &near) in links.iter().enumerate() {
            self.neighbours[usize::from(near)][d ^ 4] = cell;
        }
        let set = self.gather_attackers(cell, &links);
        self.attackers[usize::from(n)] = set;
        self.across::<false>(cell, &links, set);
        self.spread(n);
    }

    /// Piece `n`, lifted with its marks kept, takes `victim` on its cell: the lines through
    /// the cell stay as they were, so `n` inherits the victim's attackers, and one pass takes
    /// both pieces' old attacks away before `n`'s new ones are marked.
    #[inline(always)]
    fn take_over(&mut self, n: u8, victim: u8) {
        let cell = self.place[usize::from(victim)];
        self.attackers[usize::from(n)] = self.attackers[usize::from(victim)];
        self.forget(bit(n) | bit(victim));
        self.alive &= !bit(victim);
        self.cells[usize::from(cell)] = n;
        self.place[usize::from(n)] = cell;
        self.spread(n);
    }

    /// Takes `cell` out of the neighbour table (the maps are restored whole by unmake).
    #[inline(always)]
    fn unlink(&mut self, cell: u8) {
        let links = self.neighbours[usize::from(cell)];
        for d in 0..4 {
            let (ahead, behind) = (links[d], links[d ^ 4]);
            self.neighbours[usize::from(ahead)][d ^ 4] = behind;
            self.neighbours[usize::from(behind)][d] = ahead;
        }
        self.cells[usize::from(cell)] = EMPTY;
    }

    /// Puts piece `n` back on `cell` with the neighbour entries `links` it had when lifted.
    #[inline(always)]
    fn relink(&mut self, n: u8, cell: u8, links: [u8; 8]) {
        let c = usize::from(cell);
        self.neighbours[c] = links;
        for (d, &near) in links.iter().enumerate() {
            self.neighbours[usize::from(near)][d ^ 4] = cell;
        }
        self.cells[c] = n;
        self.place[usize::from(n)] = cell;
    }

    /// The cells the rook of a castling move leaves and lands on, or `None` for another move.
    /// A castling move is only made with its right, which names the rook.
    #[inline]
    fn castling_rook(&self, mv: Move, us: Color) -> Option<(u8, u8)> {
        let side = mv.castling_side()?;
        let lands = cell_of(side.rook_to(us));
        match self.state.castling.rook(us, side) {
            Some(rook) => Some((cell_of(rook), lands)),
            None => Some((cell_of(side.rook_from(us)), lands)),
        }
    }
}

impl Board for AttackMapBoard {
    type Undo = AttackMapUndo;
    const NAME: &'static str = "attack-maps";
    const PLAYS_CHESS960: bool = true;

    fn from_setup(setup: &Setup) -> Self {
        let mut board = Self::bare(PositionState::of(setup));
        for color in Color::ALL {
            // Numbered by value, the king last: a bit scan from the bottom of an attacker set
            // meets the least valuable attacker first, one from the top the most valuable
            // victim.
            let mut pieces: Vec<(Role, Square)> = setup
                .pieces()
                .filter(|(_, p)| p.color == color)
                .map(|(sq, p)| (p.role, sq))
                .collect();
            pieces.sort_by_key(|&(role, sq)| (role.index(), sq as u8));
            let base = 16 * color as u8;
            let mut next = base;
            for (role, sq) in pieces {
                let n = if role == Role::King {
                    KING_NUMBER[color as usize]
                } else {
                    next += 1;
                    next - 1
                };
                board.set_role(n, role);
                board.place[usize::from(n)] = cell_of(sq);
                board.cells[usize::from(cell_of(sq))] = n;
                board.alive |= bit(n);
            }
        }
        let (links, attackers) = board.rebuilt_maps();
        board.neighbours = *links;
        board.attackers = attackers;
        let castling = setup.castling;
        for color in Color::ALL {
            if let Some(king) = castling.king(color) {
                board.castling_squares |= 1 << king as u8;
            }
            for side in boardlab_core::CastlingSide::ALL {
                if let Some(rook) = castling.rook(color, side) {
                    board.castling_squares |= 1 << rook as u8;
                }
            }
        }
        board
    }

    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.occupant(cell_of(sq)).map(|n| self.piece(n))
    }

    #[inline]
    fn king_square(&self, color: Color) -> Square {
        square_of(self.king_cell(color))
    }

    fn state(&self) -> PositionState {
        self.state
    }

    #[inline]
    fn in_check(&self) -> bool {
        let us = self.state.turn;
        self.attackers[usize::from(KING_NUMBER[us as usize])] & SIDE[!us as usize] != 0
    }

    #[inline]
    fn is_attacked(&self, sq: Square, by: Color) -> bool {
        let cell = cell_of(sq);
        match self.occupant(cell) {
            Some(n) => self.attackers[usize::from(n)] & SIDE[by as usize] != 0,
            None => self.attacked_on::<false>(&self.cells, cell, by, 0),
        }
    }

    #[inline]
    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        self.generate_legal(sink);
    }

    fn make(&mut self, mv: Move) -> AttackMapUndo {
        let (from_sq, to_sq) = (mv.from(), mv.to());
        let (from, to) = (cell_of(from_sq), cell_of(to_sq));
        let us = self.state.turn;
        let mut undo = AttackMapUndo::saving(self);
        self.state.start_move();
        let n = self.cells[usize::from(from)];
        let moved = self.piece(n);
        if let Some((rook_from, rook_to)) = self.castling_rook(mv, us) {
            let rook = self.cells[usize::from(rook_from)];
            undo.from_links = self.lift(n);
            undo.other_links = self.lift(rook);
            self.drop(n, to);
            self.drop(rook, rook_to);
            let rook_piece = self.piece(rook);
            self.state.move_piece(moved, from_sq, to_sq);
            self.state
                .move_piece(rook_piece, square_of(rook_from), square_of(rook_to));
        } else {
            if mv.is_en_passant() {
                let victim_cell = offset(to, -STEPS[if us == Color::White { 2 } else { 6 }]);
                let victim = self.cells[usize::from(victim_cell)];
                undo.victim = victim;
                undo.other_links = self.lift(victim);
                self.alive &= !bit(victim);
                self.state
                    .toggle_piece(self.piece(victim), square_of(victim_cell));
            }
            let target = self.cells[usize::from(to)];
            undo.from_links = if target < EMPTY {
                self.lift_keeping_marks(n)
            } else {
                self.lift(n)
            };
            if let Some(role) = mv.promotion() {
                self.set_role(n, role);
                self.misranked |= bit(n);
                self.state.toggle_piece(moved, from_sq);
                self.state.toggle_piece(self.piece(n), to_sq);
            } else {
                self.state.move_piece(moved, from_sq, to_sq);
            }
            if target < EMPTY {
                undo.victim = target;
                self.state.toggle_piece(self.piece(target), to_sq);
                self.take_over(n, target);
            } else {
                self.drop(n, to);
            }
            if moved.role == Role::Pawn || mv.is_capture() {
                self.state.reset_halfmove_clock();
            }
            if mv.is_double_push() {
                let pawn = Piece::new(!us, Role::Pawn);
                let beside = |step: i8| {
                    self.occupant(offset(to, step))
                        .is_some_and(|t| self.piece(t) == pawn)
                };
                if beside(-1) || beside(1) {
                    let up = STEPS[if us == Color::White { 2 } else { 6 }];
                    self.state.set_en_passant(square_of(offset(from, up)));
                }
            }
        }
        let touched = 1u64 << from_sq as u8 | 1u64 << to_sq as u8;
        if self.castling_squares & touched != 0 {
            let rights = self.state.castling.after_move(from_sq, to_sq);
            self.state.set_castling(rights);
        }
        self.state.finish_move();
        undo
    }

    fn unmake(&mut self, mv: Move, undo: AttackMapUndo) {
        self.state = undo.state;
        self.attackers[..32].copy_from_slice(&undo.attackers);
        self.misranked = undo.misranked;
        let us = self.state.turn;
        let (from, to) = (cell_of(mv.from()), cell_of(mv.to()));
        if let Some((rook_from, rook_to)) = self.castling_rook(mv, us) {
            let king = self.cells[usize::from(to)];
            let rook = self.cells[usize::from(rook_to)];
            self.unlink(rook_to);
            self.unlink(to);
            self.relink(rook, rook_from, undo.other_links);
            self.relink(king, from, undo.from_links);
            return;
        }
        let n = self.cells[usize::from(to)];
        if mv.is_promotion() {
            self.set_role(n, Role::Pawn);
        }
        if mv.is_en_passant() {
            self.unlink(to);
            self.relink(n, from, undo.from_links);
            let victim_cell = offset(to, -STEPS[if us == Color::White { 2 } else { 6 }]);
            self.relink(undo.victim, victim_cell, undo.other_links);
            self.alive |= bit(undo.victim);
        } else if undo.victim != EMPTY {
            self.cells[usize::from(to)] = undo.victim;
            self.alive |= bit(undo.victim);
            self.relink(n, from, undo.from_links);
        } else {
            self.unlink(to);
            self.relink(n, from, undo.from_links);
        }
    }

    fn make_null(&mut self) -> AttackMapUndo {
        let undo = AttackMapUndo::saving(self);
        self.state.pass();
        undo
    }

    fn unmake_null(&mut self, undo: AttackMapUndo) {
        self.state = undo.state;
    }

    fn for_each_piece(&self, mut f: impl FnMut(Square, Piece)) {
        let mut pieces = self.alive;
        while pieces != 0 {
            let n = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            f(square_of(self.place[usize::from(n)]), self.piece(n));
        }
    }

    fn table_bytes() -> usize {
        crate::geometry::TABLE_BYTES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_and_the_undo_record_have_the_sizes_worked_out_by_hand() {
        // Board: 256 cells (192 and the 64 that spare a byte index its bounds check), 256 x 8
        // neighbour entries, 34 attacker sets of 4 bytes (two of them for marks on empty
        // cells and guards), four per-number arrays of 32 bytes and one of 64 (the pieces),
        // 16 direction sets of 4, five sets of 4, the castling squares' 8 and the 32-byte
        // state: 2,756 bytes, padded to 8: 2,760. Undo: the state, the 128 bytes of
        // sets, two rows of 8 links, 4 for the misranked set and 1 for the victim, padded to
        // 8: 184.
        let sizes = (
            std::mem::size_of::<AttackMapBoard>(),
            std::mem::size_of::<AttackMapUndo>(),
        );
        assert_eq!(sizes, (2760, 184));
    }

    #[test]
    fn numbers_rank_each_side_by_value_with_the_king_last() {
        let board = AttackMapBoard::from_setup(&Setup::start());
        let roles: Vec<Role> = (0..16).map(|n| board.role[n]).collect();
        let mut sorted = roles.clone();
        sorted.sort_by_key(|role| role.index());
        assert_eq!(roles, sorted);
        assert_eq!(board.role[15], Role::King);
        assert_eq!(board.role[31], Role::King);
        assert_eq!(board.alive, u32::MAX);
        // Pawns 0-7, knights 8 and 9, bishops 10 and 11, rooks 12 and 13, the queen 14: on
        // d1 only the king beside it defends her (c1's bishop and the c2 pawn do not).
        assert_eq!(board.role[14], Role::Queen);
        assert_eq!(board.attackers[14], bit(15));
        // The knight on g1 (number 9) is defended by the h1 rook (13) alone.
        assert_eq!(board.attackers[9], bit(13));
    }
}
