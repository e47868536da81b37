//! `BitboardBoard`: the position as eight bitboards, the technique's occupancy state and a
//! piece-per-square array, with make and unmake.

use crate::movegen;
use crate::slider_technique::SliderTechnique;
use boardlab_core::bitboard::{king_attacks, knight_attacks, pawn_attacks};
use boardlab_core::{
    Bitboard, Board, BoardExt, CastlingRights, CastlingSide, Color, CpuFeature, Move, MoveFlag,
    MoveSink, Piece, PositionState, Role, Setup, Square, Zobrist,
};

/// A chess position for bitboard move generation, its sliders' attacks found by `T`.
///
/// Eight bitboards (one per role, one per colour) answer "where are the white knights" with one
/// AND; the piece-per-square array answers "what stands on e4" with one load, which `make`
/// needs for the moving and the captured piece. Everything but that array is one block (104
/// bytes plus the technique's occupancy state), which `make` returns whole in its [`Undo`] and
/// `unmake` copies back, the technique's state with it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct BitboardBoard<T: SliderTechnique> {
    pub(crate) state: State<T>,
    /// The piece on each square, indexed by [`Square::index`].
    pub(crate) squares: [Code; 64],
    /// Whether a castling right has its king or rook off the standard squares, so that the
    /// generator takes the Chess960 rules' way rather than its table of standard castles.
    /// Moves only ever drop rights, so what holds for the setup holds for the whole game.
    pub(crate) chess960_castling: bool,
    /// For each square, the castling rights (bits `1 << (2 * colour + side)`) that a move from
    /// or onto it drops: the rights of the king or rook of the setup standing there. Fixed for
    /// the game, like the next.
    castle_drops: [u8; 64],
    /// For each set of rights held (as [`CastlingRights::bits`]), what follows from it: the
    /// rights themselves, the squares of their kings and rooks, and their share of the hash.
    castle_by_held: [CastleEntry; 16],
}

/// What a set of castling rights held means for the board: see
/// [`BitboardBoard::castling_after`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct CastleEntry {
    rights: CastlingRights,
    squares: Bitboard,
    key: Zobrist,
}

/// A square of the piece array: the [`Piece::index`] of the piece standing there (role * 2 +
/// colour), or [`Code::EMPTY`].
///
/// One byte where `Option<Piece>` takes two (colour, role), so `make` loads the moving and the
/// captured piece, saves them in its [`Undo`] and stores the moved one with one byte move each;
/// the trait's methods convert at the boundary ([`Code::piece`]). With `Option<Piece>`, `make`
/// saved each piece as two byte stores that `unmake` read back as one 16-bit load, which the
/// processor cannot forward from two stores and so waits for them to reach the cache: full-make
/// perft of kiwipete without its d5 pawn runs only 2.5% fewer instructions with the code
/// (callgrind), but takes 20% less time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Code(u8);

impl Code {
    /// No piece.
    pub(crate) const EMPTY: Code = Code(Piece::NUM as u8);

    /// The code of `piece`.
    #[inline(always)]
    pub(crate) const fn of(piece: Piece) -> Code {
        Code(piece.index() as u8)
    }

    /// The piece this code stands for.
    #[inline(always)]
    pub(crate) fn piece(self) -> Option<Piece> {
        if self.0 >= Piece::NUM as u8 {
            return None;
        }
        // SAFETY: a code below `Piece::NUM` is `role * 2 + colour` with `role` below
        // `Role::NUM` and `colour` below 2, and `Role` and `Color` are `repr(u8)` enums
        // numbered from 0 (boardlab-core's piece module).
        unsafe {
            Some(Piece::new(
                std::mem::transmute::<u8, Color>(self.0 & 1),
                std::mem::transmute::<u8, Role>(self.0 >> 1),
            ))
        }
    }
}

/// Everything of a [`BitboardBoard`] but its piece array: what `make` saves whole and `unmake`
/// copies back.
///
/// Without a technique's state it is 104 bytes, which the compiler copies as three 32-byte
/// pieces and one of 8; at 112 bytes the copies overlapped, a load spanned two stores, and
/// full-make perft ran 4% slower despite fewer instructions. The order is fixed (`repr(C)`) so
/// that the fields `make` reads first, the side to move and the en-passant square (the last
/// bytes of [`PositionState`]), lie in the last 8-byte piece, where they are read back from the
/// one store that put the block back. With the position's state at the start of the third
/// piece instead, those two bytes at its end, full-make perft of kiwipete without its d5 pawn
/// took 3.5% longer (turn-about timing; the same instructions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct State<T: SliderTechnique> {
    /// The squares of each role, either colour, indexed by [`Role::index`].
    pub(crate) roles: [Bitboard; Role::NUM],
    /// The squares of each colour's pieces, indexed by [`Color::index`].
    pub(crate) colors: [Bitboard; Color::NUM],
    /// The squares of the kings and rooks that still hold a castling right: a move from or to
    /// one of them may drop a right, any other move keeps them all (see
    /// [`BitboardBoard::castling_after`]).
    pub(crate) castling_squares: Bitboard,
    /// The side to move, the castling rights, the en-passant square, the clocks and the hash.
    pub(crate) position: PositionState,
    /// The technique's occupancy state, in step with `colors`.
    pub(crate) lines: T::Lines,
}

impl<T: SliderTechnique> std::fmt::Debug for BitboardBoard<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BitboardBoard<{}>({})", T::NAME, self.to_fen())
    }
}

impl<T: SliderTechnique> BitboardBoard<T> {
    /// The squares of `color`'s pieces of `role`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.state.colors[color as usize] & self.state.roles[role as usize]
    }

    /// The squares of `color`'s pieces.
    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.state.colors[color as usize]
    }

    /// The squares of `role`'s pieces of both colours.
    #[inline(always)]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.state.roles[role as usize]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.state.colors[0] | self.state.colors[1]
    }

    /// The technique's occupancy state, as make and unmake keep it.
    #[inline(always)]
    pub fn lines(&self) -> &T::Lines {
        &self.state.lines
    }

    /// The square of `color`'s king.
    #[inline(always)]
    pub fn king_of(&self, color: Color) -> Square {
        Square::from_index(self.pieces(color, Role::King).0.trailing_zeros() as u8)
    }

    /// The pieces of `by` attacking `sq` when `occupied` is occupied, `lines` being the
    /// technique's state for that occupancy.
    #[inline(always)]
    pub(crate) fn attackers(
        &self,
        tables: &T::Tables,
        lines: &T::Lines,
        sq: Square,
        by: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        let theirs = self.state.colors[by as usize];
        let queens = self.state.roles[Role::Queen as usize];
        let diagonal = (self.state.roles[Role::Bishop as usize] | queens) & theirs;
        let straight = (self.state.roles[Role::Rook as usize] | queens) & theirs;
        (knight_attacks(sq) & self.state.roles[Role::Knight as usize] & theirs)
            | (king_attacks(sq) & self.state.roles[Role::King as usize] & theirs)
            | (pawn_attacks(!by, sq) & self.state.roles[Role::Pawn as usize] & theirs)
            | (T::bishop_attacks(tables, lines, occupied, sq) & diagonal)
            | (T::rook_attacks(tables, lines, occupied, sq) & straight)
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        let us = self.state.position.turn;
        let lines = &self.state.lines;
        self.attackers(T::tables(), lines, self.king_of(us), !us, self.occupied())
    }

    /// Our pieces that stand alone between our king and an enemy slider.
    pub fn pinned(&self) -> Bitboard {
        movegen::pinned(self)
    }

    /// The rest of an en-passant capture (the captured pawn) or a promotion (the new piece),
    /// whose pawn has already moved. Out of line, so that the common moves' code in `make`
    /// stays small.
    #[inline(never)]
    fn finish_en_passant_or_promotion(&mut self, mv: Move, us: Color) {
        let to = mv.to();
        if mv.is_en_passant() {
            let victim = behind(to, us);
            let pawn = Piece::new(!us, Role::Pawn);
            self.flip(pawn, Bitboard::from_square(victim));
            T::toggle(&mut self.state.lines, victim);
            self.squares[victim as usize] = Code::EMPTY;
            self.state.position.toggle_piece(pawn, victim);
        } else if let Some(role) = mv.promotion() {
            let pawn = Piece::new(us, Role::Pawn);
            let promoted = Piece::new(us, role);
            self.flip(pawn, Bitboard::from_square(to));
            self.flip(promoted, Bitboard::from_square(to));
            self.squares[to as usize] = Code::of(promoted);
            self.state.position.toggle_piece(pawn, to);
            self.state.position.toggle_piece(promoted, to);
        }
    }

    /// The castling rights left after a move from `from` to `to` that starts or ends on one
    /// of [`State::castling_squares`], and the change to the hash; `castling_squares` follows
    /// the rights. Asking [`CastlingRights::after_move`] and [`Zobrist::castling`] on every
    /// move cost about 130 instructions, two thirds of `make` with rights left; the test in
    /// front skips most moves, and the setup's tables, one entry per set of rights held, turn
    /// the rest into a few loads. Asking [`CastlingRights::after_move`] and
    /// [`PositionState::set_castling`] (two [`Zobrist::castling`]s) on just these moves, one
    /// in five, still ran 25% more instructions than the tables in full-make perft of kiwipete
    /// (magic, depth 4, callgrind).
    #[inline(always)]
    fn castling_after(&mut self, from: Square, to: Square) -> (CastlingRights, Zobrist) {
        let held = self.state.position.castling.bits();
        let kept = held & !(self.castle_drops[from as usize] | self.castle_drops[to as usize]);
        let before = &self.castle_by_held[usize::from(held & 15)];
        let after = &self.castle_by_held[usize::from(kept & 15)];
        self.state.castling_squares = after.squares;
        (after.rights, before.key ^ after.key)
    }

    /// `make` for every move: castles, en-passant captures and promotions, which `make`'s own
    /// straight path leaves to it.
    #[inline(never)]
    fn make_general(&mut self, mv: Move) -> Undo<T> {
        let us = self.state.position.turn;
        let from = mv.from();
        let to = mv.to();
        let flag = mv.flag_bits();
        if mv.is_castle() {
            return self.make_castle(mv, us);
        }
        self.make_piece_move::<true>(mv, from, to, flag)
    }

    /// What every move but a castle does: the piece moves, a capture leaves, the clocks, the
    /// en-passant square and the rights follow. With `SPECIAL`, en-passant captures and
    /// promotions finish their own extra work too; `make`'s straight path leaves them out at
    /// compile time, and `make_general` keeps them.
    #[inline(always)]
    fn make_piece_move<const SPECIAL: bool>(
        &mut self,
        mv: Move,
        from: Square,
        to: Square,
        flag: u8,
    ) -> Undo<T> {
        let us = self.state.position.turn;
        let moving = self.squares[from as usize];
        let captured = self.squares[to as usize];
        let undo = Undo {
            state: self.state,
            moving,
            captured,
        };
        // `generate` made the move, so a piece stands on `from`; were the contract broken, the
        // board is left as it was rather than corrupted.
        let Some(moving) = moving.piece() else {
            return undo;
        };

        // `PositionState`'s steps in their deferred form: the changes to the hash are gathered
        // in a register and applied once, by `finish_move_with` (see `start_move_deferred` for
        // what the in-place steps cost here). The rarer moves, out of line below, and the null
        // move take the in-place steps.
        let mut hash = self.state.position.start_move_deferred()
            ^ Zobrist::piece(moving, from)
            ^ Zobrist::piece(moving, to);
        if !(self.state.castling_squares
            & (Bitboard::from_square(from) | Bitboard::from_square(to)))
        .is_empty()
        {
            let (rights, change) = self.castling_after(from, to);
            self.state.position.castling = rights;
            hash ^= change;
        }

        self.flip(
            moving,
            Bitboard::from_square(from) | Bitboard::from_square(to),
        );
        T::toggle(&mut self.state.lines, from);
        self.squares[from as usize] = Code::EMPTY;
        self.squares[to as usize] = Code::of(moving);
        if let Some(captured) = captured.piece() {
            // `to` stays occupied, so the technique's state changes only at `from`.
            self.flip(captured, Bitboard::from_square(to));
            hash ^= Zobrist::piece(captured, to);
            self.state.position.reset_halfmove_clock();
        } else {
            T::toggle(&mut self.state.lines, to);
        }

        if moving.role == Role::Pawn {
            self.state.position.reset_halfmove_clock();
            if flag == MoveFlag::DoublePush as u8 {
                let skipped = behind(to, us);
                let capturers = pawn_attacks(us, skipped) & self.pieces(!us, Role::Pawn);
                if !capturers.is_empty() {
                    hash ^= self.state.position.set_en_passant_deferred(skipped);
                }
            } else if SPECIAL && flag & 0b1011 != 0 {
                // Of a pawn's other flags, quiet (0) and capture (4) have none of these bits;
                // en passant (5) and every promotion (8 to 15) have one.
                self.finish_en_passant_or_promotion(mv, us);
            }
        }

        self.state.position.finish_move_with(hash);
        undo
    }

    /// Castling, the whole move: lifts king and rook before placing either, since in Chess960
    /// either may land where the other stood, or on its own square. Out of line, so that the
    /// common moves' code in `make` stays small.
    #[inline(never)]
    fn make_castle(&mut self, mv: Move, us: Color) -> Undo<T> {
        let undo = Undo {
            state: self.state,
            moving: Code::of(Piece::new(us, Role::King)),
            captured: Code::EMPTY,
        };
        let king = Piece::new(us, Role::King);
        let rook = Piece::new(us, Role::Rook);
        let (king_from, king_to) = (mv.from(), mv.to());
        let (rook_from, rook_to) = castling_rook(mv, us, self.state.position.castling);
        self.state.position.start_move();
        self.state.position.move_piece(king, king_from, king_to);
        self.state.position.move_piece(rook, rook_from, rook_to);
        let (rights, change) = self.castling_after(king_from, king_to);
        self.state.position.set_castling_with_key(rights, change);

        for (piece, sq) in [(king, king_from), (rook, rook_from)] {
            self.flip(piece, Bitboard::from_square(sq));
            T::toggle(&mut self.state.lines, sq);
            self.squares[sq as usize] = Code::EMPTY;
        }
        for (piece, sq) in [(king, king_to), (rook, rook_to)] {
            self.flip(piece, Bitboard::from_square(sq));
            T::toggle(&mut self.state.lines, sq);
            self.squares[sq as usize] = Code::of(piece);
        }
        self.state.position.finish_move();
        undo
    }

    /// Toggles the squares of `change` in the bitboards of `piece`: adds, removes or (with two
    /// squares) moves it. The piece array, the hash and the technique's state are the
    /// caller's.
    #[inline(always)]
    fn flip(&mut self, piece: Piece, change: Bitboard) {
        // SAFETY: `Role` has `Role::NUM` variants numbered from 0 and `Color` two, so both
        // indexes are in bounds; the compiler does not see that for a piece read from the
        // piece array. Without its bounds tests here and in `Zobrist::piece`, full-make perft
        // of kiwipete runs 2% fewer instructions (callgrind).
        unsafe {
            *self.state.roles.get_unchecked_mut(piece.role as usize) ^= change;
            *self.state.colors.get_unchecked_mut(piece.color as usize) ^= change;
        }
    }
}

/// What [`BitboardBoard::unmake`](Board::unmake) needs beyond the move: the board's state as it
/// was (bitboards, the technique's state, hash, clocks, rights) and the moving and the captured
/// piece.
///
/// Copying the state back takes about as many instructions as undoing the move's changes to
/// it, but needs no branch and does not wait on the stores `make` has just made; the piece
/// array, larger, is put back square by square. Of the three ways tried (copying the whole
/// board, undoing each change with XORs, and this), this one ran full-make perft fastest: a
/// copy of the whole board per move ran 24% more instructions and took about 1.7 times as long
/// on kiwipete without its d5 pawn (`cargo run --release -p boardlab-magic --example copy_make`,
/// modes `make` and `copy`, under callgrind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo<T: SliderTechnique> {
    state: State<T>,
    moving: Code,
    captured: Code,
}

/// The move flags `make` plays on its straight path, as bits `1 << flag`: quiet moves, double
/// pushes and captures.
const PLAIN_FLAGS: u16 =
    1 << MoveFlag::Quiet as u8 | 1 << MoveFlag::DoublePush as u8 | 1 << MoveFlag::Capture as u8;

/// The four castling rights in the order of their bits ([`CastlingRights::bits`]).
const RIGHTS: [(Color, CastlingSide); 4] = [
    (Color::White, CastlingSide::King),
    (Color::White, CastlingSide::Queen),
    (Color::Black, CastlingSide::King),
    (Color::Black, CastlingSide::Queen),
];

/// The square behind `sq` as `color`'s pawns walk: where a double push skipped, or where the
/// pawn taken en passant stands.
#[inline(always)]
fn behind(sq: Square, color: Color) -> Square {
    Square::from_index((sq as u8).wrapping_sub(8).wrapping_add(16 * color as u8))
}

/// The rook's squares, from and to, for a castling move of `color` made under `rights` (the
/// rights before the move, which name the rook's square).
#[inline(always)]
fn castling_rook(mv: Move, color: Color, rights: CastlingRights) -> (Square, Square) {
    let side = match mv.castling_side() {
        Some(CastlingSide::King) => CastlingSide::King,
        _ => CastlingSide::Queen,
    };
    let rook_from = rights.rook(color, side).unwrap_or(side.rook_from(color));
    (rook_from, side.rook_to(color))
}

impl<T: SliderTechnique> Board for BitboardBoard<T> {
    type Undo = Undo<T>;

    const NAME: &'static str = T::NAME;
    const GENERATOR: &'static str = crate::GENERATOR;
    const PLAYS_CHESS960: bool = true;
    const NEEDS: Option<CpuFeature> = T::NEEDS;

    fn from_setup(setup: &Setup) -> BitboardBoard<T> {
        // Building the tables here means every board's generator finds them ready.
        T::tables();
        let rights = setup.castling;
        let mut position = PositionState::of(setup);
        // The hash leaves out an en-passant square no pawn can capture onto; so does the board.
        if setup.ep_capturers().is_empty() {
            position.ep_square = None;
        }
        let mut board = BitboardBoard {
            state: State {
                lines: T::lines(Bitboard::EMPTY),
                roles: [Bitboard::EMPTY; Role::NUM],
                colors: [Bitboard::EMPTY; Color::NUM],
                position,
                castling_squares: Bitboard::EMPTY,
            },
            squares: [Code::EMPTY; 64],
            chess960_castling: !rights.is_standard(),
            castle_drops: [0; 64],
            castle_by_held: [CastleEntry {
                rights: CastlingRights::NONE,
                squares: Bitboard::EMPTY,
                key: Zobrist::ZERO,
            }; 16],
        };
        let mut castle_squares = [Bitboard::EMPTY; 4];
        for (slot, (color, side)) in RIGHTS.into_iter().enumerate() {
            if let (Some(king), Some(rook)) = (rights.king(color), rights.rook(color, side)) {
                castle_squares[slot] = Bitboard::from_square(king) | Bitboard::from_square(rook);
                board.castle_drops[king as usize] |= 1 << slot;
                board.castle_drops[rook as usize] |= 1 << slot;
            }
        }
        for (held, entry) in board.castle_by_held.iter_mut().enumerate() {
            let mut kept = rights;
            for (slot, (color, side)) in RIGHTS.into_iter().enumerate() {
                if held & 1 << slot != 0 {
                    entry.squares |= castle_squares[slot];
                } else {
                    kept = kept.without(color, side);
                }
            }
            entry.rights = kept;
            entry.key = Zobrist::castling(kept);
        }
        board.state.castling_squares = board.castle_by_held[usize::from(rights.bits())].squares;
        for (sq, piece) in setup.pieces() {
            board.flip(piece, Bitboard::from_square(sq));
            T::toggle(&mut board.state.lines, sq);
            board.squares[sq as usize] = Code::of(piece);
        }
        board
    }

    fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        setup.board = self.squares.map(Code::piece);
        self.state.position.write_to(&mut setup);
        setup
    }

    #[inline]
    fn state(&self) -> PositionState {
        self.state.position
    }

    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq as usize].piece()
    }

    #[inline]
    fn king_square(&self, color: Color) -> Square {
        self.king_of(color)
    }

    #[inline]
    fn in_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    #[inline]
    fn is_attacked(&self, sq: Square, by: Color) -> bool {
        let lines = &self.state.lines;
        !self
            .attackers(T::tables(), lines, sq, by, self.occupied())
            .is_empty()
    }

    #[inline(always)]
    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        movegen::generate(self, sink);
    }

    // Inlined into the caller, perft's leaf loop among them: the call, the saving of six
    // registers and the return cost about 22 instructions a move, and full-make perft of
    // kiwipete without its d5 pawn runs 13% fewer instructions and about 5% less time inlined.
    // The work is not dropped: perft's loop hands the board to `black_box` between make and
    // unmake, so every store of `make` must reach memory first.
    #[inline(always)]
    fn make(&mut self, mv: Move) -> Undo<T> {
        let from = mv.from();
        let to = mv.to();
        let flag = mv.flag_bits();
        // Quiet moves, double pushes and plain captures take the straight path, the shared body
        // without the en-passant and promotion work; castles, en-passant captures and
        // promotions go to `make_general`. Together with the castling tables (see
        // `castling_after`) this runs 7.5% fewer instructions in full-make perft of kiwipete
        // (callgrind). Deciding on the flag alone, before anything else, lets the compiler
        // branch away before it saves any register: 5% fewer again.
        if PLAIN_FLAGS >> flag & 1 == 0 {
            return self.make_general(mv);
        }
        self.make_piece_move::<false>(mv, from, to, flag)
    }

    #[inline]
    fn unmake(&mut self, mv: Move, undo: Undo<T>) {
        let us = undo.state.position.turn;
        let from = mv.from();
        let to = mv.to();
        let flag = mv.flag_bits();
        self.state = undo.state;
        // The moves of `make`'s straight path first: they need only their two squares put
        // back, and one bit test finds them where the castle and en-passant tests took two
        // each. Full-make perft of kiwipete without its d5 pawn runs 2.4% fewer instructions
        // (callgrind).
        if PLAIN_FLAGS >> flag & 1 != 0 {
            self.squares[from as usize] = undo.moving;
            self.squares[to as usize] = undo.captured;
            return;
        }
        if mv.is_castle() {
            // Both pieces are lifted before either is put back, as in `make`.
            let (rook_from, rook_to) = castling_rook(mv, us, self.state.position.castling);
            self.squares[to as usize] = Code::EMPTY;
            self.squares[rook_to as usize] = Code::EMPTY;
            self.squares[from as usize] = Code::of(Piece::new(us, Role::King));
            self.squares[rook_from as usize] = Code::of(Piece::new(us, Role::Rook));
            return;
        }
        self.squares[from as usize] = undo.moving;
        self.squares[to as usize] = undo.captured;
        if flag == MoveFlag::EnPassant as u8 {
            self.squares[behind(to, us) as usize] = Code::of(Piece::new(!us, Role::Pawn));
        }
    }

    fn make_null(&mut self) -> Undo<T> {
        let undo = Undo {
            state: self.state,
            moving: Code::EMPTY,
            captured: Code::EMPTY,
        };
        self.state.position.pass();
        undo
    }

    fn unmake_null(&mut self, undo: Undo<T>) {
        self.state = undo.state;
    }

    fn for_each_piece(&self, mut f: impl FnMut(Square, Piece)) {
        for sq in self.occupied() {
            if let Some(piece) = self.squares[sq as usize].piece() {
                f(sq, piece);
            }
        }
    }

    fn table_bytes() -> usize {
        T::table_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layout the docs of [`State`] rely on: 104 bytes without a technique's state, the
    /// side to move and the en-passant square in its last 8-byte piece.
    #[test]
    fn the_state_block_keeps_its_measured_layout() {
        type Plain = State<crate::Kindergarten>;
        assert_eq!(std::mem::size_of::<Plain>(), 104);
        let position = std::mem::offset_of!(Plain, position);
        for field in [
            std::mem::offset_of!(PositionState, turn),
            std::mem::offset_of!(PositionState, ep_square),
        ] {
            assert!(
                position + field >= 96,
                "a byte `make` reads first at {field}"
            );
        }
    }

    #[test]
    fn piece_codes_give_back_their_piece_and_every_other_byte_no_piece() {
        let mut pieces = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                assert_eq!(Code::of(piece).piece(), Some(piece));
                pieces += 1;
            }
        }
        assert_eq!(pieces, Piece::NUM);
        assert_eq!(Code::EMPTY.piece(), None);
        for byte in Piece::NUM as u8..=u8::MAX {
            assert_eq!(Code(byte).piece(), None, "byte {byte}");
        }
    }
}
