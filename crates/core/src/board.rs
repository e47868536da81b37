//! The `Board` trait every representation implements, and [`BoardExt`], what every board can
//! do on top of it.

use crate::legality;
use crate::movegen::{AllMoves, Lister, MoveCounter, MoveSink, NoisyMoves, QuietMoves};
use crate::{
    CastlingRights, Color, CpuFeature, FenError, GenKind, Move, MoveError, MoveList, Piece,
    PositionState, Setup, Square, UciMove, Zobrist,
};

/// A chess position in one representation, with legal move generation and make/unmake.
///
/// # Contract
///
/// Required methods give the position's pieces and state, generate **legal** moves, and make
/// and unmake them. After `let undo = b.make(mv)` then `b.unmake(mv, undo)`, the board is
/// exactly as before: the same `to_setup()` and `zobrist()`. The [`zobrist`](Board::zobrist)
/// hash always equals `Zobrist::of(&self.to_setup())`; the
/// [`search_zobrist`](Board::search_zobrist) derived from it equals
/// `Zobrist::for_search(&self.to_setup())`. After a double push, the en-passant square is set
/// only when a pawn of the side to move stands beside the pushed pawn (the rule of [`Setup`]),
/// so setups compare equal across backends.
///
/// [`state`](Board::state) returns the [`PositionState`] by value. A board may keep the record
/// whole beside its pieces, as most do (make saves it, unmake copies it back); it may as well
/// keep only part of it and derive the rest when asked, the hash included, so that a lean
/// copy-make board need not write a record on every make. The state accessors and
/// [`zobrist`](Board::zobrist) are provided on top of `state` and are overridable, for a board
/// that can answer one of them without building the whole record.
///
/// Moves are generated in one place, [`generate_into`](Board::generate_into), into a
/// [`MoveSink`]; [`generate`](Board::generate) (a list of one kind) and
/// [`count_legal`](Board::count_legal) (the last ply of bulk perft, counted without a list) are
/// provided on top of it and are not meant to be overridden. The other provided methods are
/// written in terms of the required ones too. A backend overrides one when it can do better:
/// [`to_setup`](Board::to_setup) with a copy of a setup it keeps,
/// [`for_each_piece`](Board::for_each_piece) by walking its own piece index instead of 64
/// squares, [`is_legal`](Board::is_legal) with a test of its own,
/// [`table_bytes`](Board::table_bytes) to report its lookup tables.
///
/// What a board does not choose for itself (FEN, notation, the list of legal moves) is
/// [`BoardExt`], written once for every board and not overridable; the engine's questions and
/// the teaching views are traits of their own crates, boardlab-engine's `EngineQueries` and
/// boardlab-views' `Views`.
///
/// The methods take no invalid input: squares and colours are typed, and `make` is only ever
/// given a move that `generate` produced for this position.
pub trait Board: Clone + Send + Sync + 'static {
    /// What `unmake` needs to restore the position (captured piece, old rights, clocks, …).
    type Undo: Copy + Send;

    /// The backend's name on the command line, such as `"mailbox"` or `"magic"` (the registry
    /// in boardlab-backends lists them all).
    const NAME: &'static str;

    /// The move generator the board runs, named by the crate that holds it: `"mailbox"` for the
    /// mailbox, `"bitboard"` for every board of boardlab-bitboard, whatever its slider technique.
    /// Boards that share a generator differ only in their lookups, so two of them agreeing
    /// tests those lookups and not the generator; the registry groups its backends by this name
    /// to count independent checks. By default the board's own name, since a board that says
    /// nothing runs a generator of its own.
    const GENERATOR: &'static str = Self::NAME;

    /// Whether the backend castles by the Chess960 rules (king and rook anywhere on the back
    /// rank, the rights kept as rook squares). A backend that does not is never given a
    /// position that needs them ([`Setup::has_chess960_castling`]); the command line refuses
    /// it instead. Standard positions castle the same way under both rules. How castling is
    /// written is another matter, the `king_takes_rook` flag of the notation methods.
    const PLAYS_CHESS960: bool = false;

    /// The processor feature the backend's code needs beyond the x86-64 every backend runs on,
    /// if any (PEXT bitboards need [`CpuFeature::Bmi2`]): the registry refuses the backend on a
    /// processor without it ([`CpuFeature::is_present`]) instead of running it slowly or not at
    /// all.
    const NEEDS: Option<CpuFeature> = None;

    /// The board for a validated setup (from [`Setup::from_fen`], or reached by legal moves).
    fn from_setup(setup: &Setup) -> Self;

    /// The position in neutral form: every piece ([`for_each_piece`](Board::for_each_piece))
    /// and the [`state`](Board::state). A backend that keeps a setup or a 64-square array at
    /// hand may override it with a copy.
    fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        self.for_each_piece(|sq, piece| setup.board[sq.index()] = Some(piece));
        self.state().write_to(&mut setup);
        setup
    }

    /// The side to move, castling rights, en-passant square, clocks and hash (see
    /// [`PositionState`]), by value: kept whole by most backends, derived on demand by a board
    /// that keeps less (see the trait docs). The accessors below read it.
    fn state(&self) -> PositionState;

    /// The piece on `sq`.
    fn piece_at(&self, sq: Square) -> Option<Piece>;

    /// The side to move.
    #[inline]
    fn side_to_move(&self) -> Color {
        self.state().turn
    }

    /// The castling rights.
    #[inline]
    fn castling(&self) -> CastlingRights {
        self.state().castling
    }

    /// The en-passant square, following the rule in the trait docs.
    #[inline]
    fn ep_square(&self) -> Option<Square> {
        self.state().ep_square
    }

    /// Half-moves since the last capture or pawn move.
    #[inline]
    fn halfmove_clock(&self) -> u32 {
        self.state().halfmove_clock
    }

    /// The full-move number.
    #[inline]
    fn fullmove_number(&self) -> u32 {
        self.state().fullmove_number
    }

    /// The position's Polyglot hash (the Polyglot en-passant rule, for books): the state's.
    /// A board that derives its hash on demand overrides this to do so without the rest of the
    /// record. See the [`zobrist`](crate::Zobrist) module docs for the two hashes.
    #[inline]
    fn zobrist(&self) -> Zobrist {
        self.state().zobrist
    }

    /// The position's search hash (the legal en-passant rule, for the transposition table and
    /// repetitions): [`zobrist`](Board::zobrist) without the en-passant file when no en-passant
    /// capture is legal. Equals [`Zobrist::for_search`] of the setup.
    ///
    /// The en-passant square is set only after a double push beside an enemy pawn, so the
    /// legality test (a generation of the noisy moves) is rarely needed.
    fn search_zobrist(&self) -> Zobrist {
        let polyglot = self.zobrist();
        match self.ep_square() {
            Some(ep) if !self.has_legal_en_passant() => polyglot ^ Zobrist::en_passant(ep.file()),
            _ => polyglot,
        }
    }

    /// The square of `color`'s king.
    fn king_square(&self, color: Color) -> Square;

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;

    /// Whether any piece of `by` attacks `sq`.
    fn is_attacked(&self, sq: Square, by: Color) -> bool;

    /// Sends the legal moves of the sink's kind to `sink` (see [`MoveSink`]): the backend's one
    /// move generator, which lists every move, lists captures for quiescence search and counts
    /// the last ply of bulk perft alike. A generator may push moves of any kind (the sink keeps
    /// those of [`MoveSink::KIND`]); testing `S::KIND` first skips the work for the rest.
    fn generate_into<S: MoveSink>(&self, sink: &mut S);

    /// Replaces the contents of `out` with the legal moves of `kind`.
    fn generate(&self, kind: GenKind, out: &mut MoveList) {
        out.clear();
        match kind {
            GenKind::All => self.generate_into(&mut Lister::<AllMoves>::new(out)),
            GenKind::Noisy => self.generate_into(&mut Lister::<NoisyMoves>::new(out)),
            GenKind::Quiet => self.generate_into(&mut Lister::<QuietMoves>::new(out)),
        }
    }

    /// The number of legal moves: the leaves of bulk-counting perft.
    #[inline]
    fn count_legal(&self) -> u64 {
        let mut counter = MoveCounter::new();
        self.generate_into(&mut counter);
        counter.count()
    }

    /// Plays a legal move and returns what [`unmake`](Board::unmake) needs.
    fn make(&mut self, mv: Move) -> Self::Undo;

    /// Takes back `mv`, which must be the last move made, with the `undo` its `make` returned.
    fn unmake(&mut self, mv: Move, undo: Self::Undo);

    /// Passes the move to the other side (for null-move pruning): the en-passant square is
    /// cleared and the half-move clock advances. Never called when the side to move is in check.
    fn make_null(&mut self) -> Self::Undo;

    /// Takes back [`make_null`](Board::make_null).
    fn unmake_null(&mut self, undo: Self::Undo);

    /// Calls `f` with every piece and its square, in any order.
    fn for_each_piece(&self, mut f: impl FnMut(Square, Piece)) {
        for sq in Square::ALL {
            if let Some(piece) = self.piece_at(sq) {
                f(sq, piece);
            }
        }
    }

    /// Whether `mv` is legal here: exactly when [`legal_moves`](BoardExt::legal_moves) holds
    /// it. Any 16-bit move is accepted, so a move remembered from another position (a hash
    /// move, a killer) can be checked; the board is left as it was given.
    ///
    /// The provided answer generates nothing, since the search asks it before generating a
    /// node's moves: it checks that the piece on the origin moves that way, with the flag the
    /// generator would give it, and plays the move and takes it back to see that the king is
    /// safe (castling is checked square by square instead). A backend may override it with a
    /// test of its own.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardlab_core::{Board, BoardExt, Move, MoveFlag, Square};
    /// use boardlab_reference::ReferenceBoard;
    /// // The bishop on d2 is pinned by the bishop on b4.
    /// let mut board = ReferenceBoard::from_fen("4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1").unwrap();
    /// assert!(board.is_legal(Move::new(Square::D2, Square::C3, MoveFlag::Quiet)));
    /// assert!(!board.is_legal(Move::new(Square::D2, Square::E3, MoveFlag::Quiet)));
    /// assert!(board.is_legal(Move::new(Square::D2, Square::B4, MoveFlag::Capture)));
    /// // The right squares but the wrong flag: d2b4 takes a piece.
    /// assert!(!board.is_legal(Move::new(Square::D2, Square::B4, MoveFlag::Quiet)));
    /// ```
    fn is_legal(&mut self, mv: Move) -> bool {
        legality::is_legal(self, mv)
    }

    /// The bytes one board takes (`size_of`), for the comparison table.
    fn board_bytes() -> usize {
        std::mem::size_of::<Self>()
    }

    /// The bytes of the backend's shared lookup tables, for the comparison table.
    fn table_bytes() -> usize {
        0
    }
}

/// What every [`Board`] can do on top of its own methods: read and write FEN, list its legal
/// moves, and read and write moves in UCI notation. Written once here for every board (the
/// impl covers every `B: Board`), so no backend can answer differently.
///
/// # Examples
///
/// ```
/// use boardlab_core::{Board, BoardExt, START_FEN};
/// use boardlab_reference::ReferenceBoard;
///
/// let mut board = ReferenceBoard::from_fen(START_FEN).unwrap();
/// let e4 = board.parse_uci_move("e2e4").unwrap();
/// board.make(e4);
/// assert_eq!(board.legal_moves().len(), 20);
/// assert_eq!(board.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// ```
pub trait BoardExt: Board {
    /// The board for a FEN.
    ///
    /// # Errors
    ///
    /// The [`FenError`] of [`Setup::from_fen`].
    fn from_fen(fen: &str) -> Result<Self, FenError> {
        Setup::from_fen(fen).map(|setup| Self::from_setup(&setup))
    }

    /// The canonical FEN (see [`Setup::to_fen`]).
    fn to_fen(&self) -> String {
        self.to_setup().to_fen()
    }

    /// All legal moves.
    fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate(GenKind::All, &mut moves);
        moves
    }

    /// Whether an en-passant capture is among the legal moves.
    fn has_legal_en_passant(&self) -> bool {
        if self.ep_square().is_none() {
            return false;
        }
        let mut noisy = MoveList::new();
        self.generate(GenKind::Noisy, &mut noisy);
        noisy.iter().any(|mv| mv.is_en_passant())
    }

    /// The legal move written `text` in UCI notation (`e2e4`, `e7e8q`, `e1g1`).
    ///
    /// # Errors
    ///
    /// [`MoveError::Syntax`] for text that is not UCI notation, and one of the other
    /// [`MoveError`]s for a move that is not legal here.
    fn parse_uci_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_move(text, false)
    }

    /// The legal move written `text` in UCI notation; with `king_takes_rook`, castling is read
    /// as a Chess960 engine writes it, the king taking its own rook (`e1h1`), which is the only
    /// unambiguous form when the king's destination is a square it could also step to. The
    /// text is read by [`UciMove`]'s `FromStr` and resolved by [`UciMove::resolve`].
    ///
    /// # Errors
    ///
    /// As [`parse_uci_move`](BoardExt::parse_uci_move).
    fn parse_move(&self, text: &str, king_takes_rook: bool) -> Result<Move, MoveError> {
        text.parse::<UciMove>()?.resolve(self, king_takes_rook)
    }

    /// The move as written in UCI notation here, castling as the king taking its own rook with
    /// `king_takes_rook` (see [`UciMove::written`]); `mv` must be legal here.
    fn uci_move(&self, mv: Move, king_takes_rook: bool) -> UciMove {
        UciMove::written(mv, self.castling(), king_takes_rook)
    }

    /// The move in UCI notation, castling as the king taking its own rook with
    /// `king_takes_rook` (see [`Move::to_uci`]); `mv` must be legal here.
    fn move_text(&self, mv: Move, king_takes_rook: bool) -> String {
        self.uci_move(mv, king_takes_rook).to_string()
    }

    /// The moves of `line`, played one after the other from here, in UCI notation (see
    /// [`move_text`](BoardExt::move_text)): each castling move needs the rights of the position
    /// it is played in. The text stops before the first move that is not legal where it
    /// stands.
    fn line_text(&self, line: &[Move], king_takes_rook: bool) -> Vec<String> {
        let mut board = self.clone();
        let mut texts = Vec::with_capacity(line.len());
        for &mv in line {
            if !board.is_legal(mv) {
                break;
            }
            texts.push(board.move_text(mv, king_takes_rook));
            board.make(mv);
        }
        texts
    }
}

impl<B: Board> BoardExt for B {}

/// Writes, inside an `impl Board for Wrapper`, the methods that a board wrapping another
/// passes straight through to the board in field `$inner`, so that the impl shows only what
/// the wrapper changes. Name the methods to pass through: any of `state`, `piece_at`,
/// `king_square`, `in_check`, `is_attacked`, `make`, `unmake`, `make_null` and `unmake_null`.
/// The wrapper's `Undo` must be the inner board's.
///
/// # Examples
///
/// ```
/// use boardlab_core::{Board, BoardExt, MoveSink, Role, Setup};
/// use boardlab_reference::ReferenceBoard;
///
/// /// The reference board, but a promotion to a bishop is never listed.
/// #[derive(Clone)]
/// struct NoBishopPromotions(ReferenceBoard);
///
/// impl Board for NoBishopPromotions {
///     type Undo = <ReferenceBoard as Board>::Undo;
///     const NAME: &'static str = "no-bishops";
///     fn from_setup(setup: &Setup) -> Self {
///         NoBishopPromotions(ReferenceBoard::from_setup(setup))
///     }
///     fn generate_into<S: MoveSink>(&self, sink: &mut S) {
///         for mv in self.0.legal_moves().iter() {
///             if mv.promotion() != Some(Role::Bishop) {
///                 sink.push(*mv);
///             }
///         }
///     }
///     boardlab_core::delegate_board!(0 => state, piece_at, king_square, in_check, is_attacked,
///         make, unmake, make_null, unmake_null);
/// }
///
/// let board = NoBishopPromotions::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(board.count_legal(), 5 + 3);
/// ```
#[macro_export]
macro_rules! delegate_board {
    ($inner:tt => $($method:ident),+ $(,)?) => {
        $($crate::delegate_board!(@one $inner $method);)+
    };
    (@one $inner:tt state) => {
        fn state(&self) -> $crate::PositionState {
            self.$inner.state()
        }
    };
    (@one $inner:tt piece_at) => {
        fn piece_at(&self, sq: $crate::Square) -> Option<$crate::Piece> {
            self.$inner.piece_at(sq)
        }
    };
    (@one $inner:tt king_square) => {
        fn king_square(&self, color: $crate::Color) -> $crate::Square {
            self.$inner.king_square(color)
        }
    };
    (@one $inner:tt in_check) => {
        fn in_check(&self) -> bool {
            self.$inner.in_check()
        }
    };
    (@one $inner:tt is_attacked) => {
        fn is_attacked(&self, sq: $crate::Square, by: $crate::Color) -> bool {
            self.$inner.is_attacked(sq, by)
        }
    };
    (@one $inner:tt make) => {
        fn make(&mut self, mv: $crate::Move) -> Self::Undo {
            self.$inner.make(mv)
        }
    };
    (@one $inner:tt unmake) => {
        fn unmake(&mut self, mv: $crate::Move, undo: Self::Undo) {
            self.$inner.unmake(mv, undo)
        }
    };
    (@one $inner:tt make_null) => {
        fn make_null(&mut self) -> Self::Undo {
            self.$inner.make_null()
        }
    };
    (@one $inner:tt unmake_null) => {
        fn unmake_null(&mut self, undo: Self::Undo) {
            self.$inner.unmake_null(undo)
        }
    };
}
