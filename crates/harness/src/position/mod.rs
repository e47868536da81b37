//! The position a command works on, resolved once: the command line's `--fen`, `--moves` and
//! `--chess960` (or UCI's `position` command) become one [`Position`], and everything
//! downstream takes it. Nothing after this module parses a FEN or replays `--moves`.

use crate::Error;
use boardlab_core::{Board, BoardExt, Move, MoveError, Setup, UciMove, Zobrist};
use boardlab_reference::ReferenceBoard;

/// A position as a game reached it: the root set up from a FEN, the moves played from it, the
/// hashes repetition detection needs, and the notation its moves are read and written in.
///
/// The moves are checked once, here, against core's reference board; a backend is then handed
/// them as [`Move`]s, which every backend encodes alike.
///
/// # Examples
///
/// ```
/// use boardlab_harness::Position;
///
/// let mut position = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1", false)?;
/// position.play("e1g1")?;
/// assert_eq!(position.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
/// assert_eq!(position.move_texts(), ["e1g1"]);
/// // With Chess960 notation the same castling is the king taking its own rook.
/// let mut chess960 = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1", true)?;
/// assert!(chess960.play("e1g1").is_err());
/// chess960.play("e1h1")?;
/// assert_eq!(chess960.fen(), position.fen());
/// # Ok::<(), boardlab_harness::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Position {
    /// The FEN as it was given, its whitespace tidied: outside programs are handed the position
    /// in the user's own notation.
    given_fen: String,
    root: Setup,
    king_takes_rook: bool,
    moves: Vec<Move>,
    /// The moves as this position's notation writes them.
    notated: Vec<UciMove>,
    /// The search hash of the position before each move.
    history: Vec<Zobrist>,
    /// The position after the moves.
    now: ReferenceBoard,
}

impl Position {
    /// The position `root`, with no move played; `king_takes_rook` asks for Chess960 notation
    /// (castling written as the king taking its own rook), which a root whose castling needs
    /// the Chess960 rules gets in any case.
    pub fn new(root: Setup, king_takes_rook: bool) -> Position {
        Position {
            given_fen: root.to_fen(),
            king_takes_rook: king_takes_rook || root.has_chess960_castling(),
            now: ReferenceBoard::from_setup(&root),
            root,
            moves: Vec::new(),
            notated: Vec::new(),
            history: Vec::new(),
        }
    }

    /// The position of a FEN in any of its castling forms (standard, X-FEN, Shredder-FEN). A
    /// FEN that leaves no doubt that the position is Chess960 (see [`Setup::from_fen_960`])
    /// turns Chess960 notation on without `king_takes_rook`.
    ///
    /// # Errors
    ///
    /// [`Error::Fen`] naming the field that is wrong.
    pub fn from_fen(fen: &str, king_takes_rook: bool) -> Result<Position, Error> {
        let (root, says_chess960) = Setup::from_fen_960(fen)?;
        Ok(Position {
            given_fen: fen.split_whitespace().collect::<Vec<_>>().join(" "),
            ..Position::new(root, king_takes_rook || says_chess960)
        })
    }

    /// Plays the move written `text` in this position's notation (UCI, castling as the king
    /// taking its own rook in Chess960 notation), and returns it.
    ///
    /// # Errors
    ///
    /// [`MoveError`] for text that is not UCI notation or not a legal move here; the position
    /// is then unchanged.
    pub fn play(&mut self, text: &str) -> Result<Move, MoveError> {
        self.play_uci(text.parse()?)
    }

    /// Plays the move `written` names in this position's notation (see [`play`](Self::play)),
    /// and returns it.
    ///
    /// # Errors
    ///
    /// [`MoveError`] for a move that is not legal here; the position is then unchanged.
    pub fn play_uci(&mut self, written: UciMove) -> Result<Move, MoveError> {
        let mv = written.resolve(&self.now, self.king_takes_rook)?;
        self.history.push(self.now.search_zobrist());
        self.notated
            .push(self.now.uci_move(mv, self.king_takes_rook));
        self.moves.push(mv);
        self.now.make(mv);
        Ok(mv)
    }

    /// The position before any move.
    pub fn root(&self) -> &Setup {
        &self.root
    }

    /// The position after the moves.
    pub fn setup(&self) -> Setup {
        self.now.to_setup()
    }

    /// The moves played from the root.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played from the root, in this position's notation.
    pub fn uci_moves(&self) -> &[UciMove] {
        &self.notated
    }

    /// The moves played from the root as text, for output.
    pub fn move_texts(&self) -> Vec<String> {
        self.notated.iter().map(UciMove::to_string).collect()
    }

    /// Whether `other` is the same root, the same moves from it and the same notation: what
    /// an outside program is shown of a position is the same for both.
    pub fn same_game(&self, other: &Position) -> bool {
        self.given_fen == other.given_fen
            && self.notated == other.notated
            && self.king_takes_rook == other.king_takes_rook
    }

    /// The search hash (see [`Board::search_zobrist`]) of the position before each move: the
    /// game so far, which a search needs to see repetitions.
    pub fn history(&self) -> &[Zobrist] {
        &self.history
    }

    /// Whether moves are read and written in Chess960 notation, castling as the king taking
    /// its own rook (`e1h1`).
    pub fn king_takes_rook(&self) -> bool {
        self.king_takes_rook
    }

    /// The FEN of the root as it was given, for outside programs.
    pub fn given_fen(&self) -> &str {
        &self.given_fen
    }

    /// The canonical FEN of the position after the moves.
    pub fn fen(&self) -> String {
        self.now.to_fen()
    }

    /// Whether board type `B` can count this position: one whose castling needs the Chess960
    /// rules is refused for a board that does not play them ([`Board::PLAYS_CHESS960`] is
    /// false), since it would count wrong.
    ///
    /// # Errors
    ///
    /// [`Error::Usage`], naming the position and its castling rights.
    pub fn playable_by<B: Board>(&self) -> Result<(), Error> {
        if self.root.has_chess960_castling() && !B::PLAYS_CHESS960 {
            return Err(chess960_refused::<B>(&format!(
                "{} needs (castling {})",
                self.root.to_fen(),
                self.root.castling.shredder()
            )));
        }
        Ok(())
    }

    /// The position after the moves on board type `B`, reached by `B`'s own make from the
    /// root, as a game reaches it.
    pub fn board<B: Board>(&self) -> B {
        let mut board = B::from_setup(&self.root);
        for &mv in &self.moves {
            board.make(mv);
        }
        board
    }

    /// `mv`, legal in this position, in its notation.
    pub fn move_text(&self, mv: Move) -> String {
        self.text(&self.now, mv)
    }

    /// The moves of `line`, played one after the other from this position, in its notation
    /// (see [`BoardExt::line_text`]).
    pub fn line_texts(&self, line: &[Move]) -> Vec<String> {
        self.line_text(&self.now, line)
    }

    /// `mv`, legal on `board`, in this position's notation.
    pub fn text<B: Board>(&self, board: &B, mv: Move) -> String {
        board.move_text(mv, self.king_takes_rook)
    }

    /// `mv`, legal on `board`, as this position's notation writes it.
    pub fn uci_move<B: Board>(&self, board: &B, mv: Move) -> UciMove {
        board.uci_move(mv, self.king_takes_rook)
    }

    /// The moves of `line`, played one after the other on `board`, in this position's notation
    /// (see [`BoardExt::line_text`]).
    pub fn line_text<B: Board>(&self, board: &B, line: &[Move]) -> Vec<String> {
        board.line_text(line, self.king_takes_rook)
    }
}

/// The refusal of a board that does not play Chess960 castling ([`Board::PLAYS_CHESS960`] is
/// false) for positions that need it; `needing` ends the sentence ("the Chess960 positions
/// need").
pub fn chess960_refused<B: Board>(needing: &str) -> Error {
    Error::Usage(format!(
        "{} does not play Chess960 castling (its Board::PLAYS_CHESS960 is false), which {needing}",
        B::NAME
    ))
}
