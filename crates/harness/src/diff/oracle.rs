//! Divide oracles: anything that can say how many leaves lie below each legal move of a
//! position, at a given depth.
//!
//! A boardlab backend, an outside crate's [`Board`], a UCI engine that answers `go perft` and a
//! program speaking perftree's protocol all do that, each in its own way. [`DivideOracle`] is
//! what they have in common, and the one [descent](crate::diff()) that finds where two move
//! generators part, and `check`, which asks about hundreds of roots, are written against it
//! alone.
//!
//! An oracle is asked about any root [`Position`] (a FEN and the moves played from it) and a
//! path of moves from that root. Moves are [`UciMove`]s throughout: an outside program's
//! answer is read into them where it arrives, and they become text again only where they are
//! shown or handed to a program.

use crate::perft::{PerftOptions, PerftRunner};
use crate::{Error, Position};
use boardlab_core::{Board, Color, Role, Setup, UciMove, MAX_MOVES};
use boardlab_views::piece_name;
use itertools::Itertools;
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The answer to a divide: each legal move as the position's notation writes it (castling as
/// the king's move `e1g1`, or as the king taking its own rook `e1h1` in Chess960 notation) with
/// the number of leaves below it.
pub type Divide = Vec<(UciMove, u64)>;

/// Something that divides positions below any root it is handed (see the module docs).
///
/// # Examples
///
/// An outside crate's board is an oracle through [`BoardOracle`]; here a backend stands in for
/// it.
///
/// ```
/// use boardlab_core::Setup;
/// use boardlab_harness::{BoardOracle, DivideOracle, Position};
/// use boardlab_mailbox::MailboxBoard;
///
/// let root = Position::new(Setup::start(), false);
/// let mut oracle = BoardOracle::<MailboxBoard>::new();
/// let divide = oracle.divide(&root, &["e2e4".parse()?], 2)?;
/// assert_eq!(divide.len(), 20);
/// assert_eq!(divide.iter().map(|(_, nodes)| nodes).sum::<u64>(), 600);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait DivideOracle {
    /// The oracle's name in reports: a backend's name, or a program as the user named it.
    fn name(&self) -> &str;

    /// The count below each legal move of the position that `path` reaches from `root`,
    /// `depth` plies deep (`depth` is at least 1).
    ///
    /// # Errors
    ///
    /// [`Error::Oracle`] when the oracle cannot answer, or answers something malformed;
    /// [`Error::Usage`] for a board that cannot play the root (see [`BoardOracle`]).
    fn divide(&mut self, root: &Position, path: &[UciMove], depth: u32) -> Result<Divide, Error>;

    /// The error for an answer that was well formed but cannot be right (a move listed twice,
    /// counts that contradict each other), with what the oracle can say about how it was asked.
    /// A program adds the command line of its last answer.
    fn broken(&self, problem: String) -> Error {
        Error::Oracle {
            name: self.name().to_string(),
            problem,
            context: None,
            stderr: None,
        }
    }
}

impl<T: DivideOracle + ?Sized> DivideOracle for Box<T> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn divide(&mut self, root: &Position, path: &[UciMove], depth: u32) -> Result<Divide, Error> {
        (**self).divide(root, path, depth)
    }

    fn broken(&self, problem: String) -> Error {
        (**self).broken(problem)
    }
}

/// Any [`Board`] as an oracle: a boardlab backend, or a board from an outside crate. This is
/// where such a board enters boardlab, so it is where a root it cannot play is refused: one
/// whose castling needs the Chess960 rules, for a board whose [`Board::PLAYS_CHESS960`] is false.
#[derive(Debug, Clone)]
pub struct BoardOracle<B: Board> {
    name: String,
    /// Raised to stop a divide under way (`boardlab serve` raises it when the page goes away).
    stop: Option<Arc<AtomicBool>>,
    board: PhantomData<fn() -> B>,
}

impl<B: Board> BoardOracle<B> {
    /// The oracle for board type `B`, named by its [`Board::NAME`].
    pub fn new() -> BoardOracle<B> {
        BoardOracle {
            name: B::NAME.to_string(),
            stop: None,
            board: PhantomData,
        }
    }

    /// The same oracle, giving up a divide with [`Error::Stopped`] as soon as `stop` is raised.
    pub fn stopped_by(mut self, stop: Arc<AtomicBool>) -> BoardOracle<B> {
        self.stop = Some(stop);
        self
    }

    /// The same oracle under another name in reports.
    pub fn named(mut self, name: impl Into<String>) -> BoardOracle<B> {
        self.name = name.into();
        self
    }
}

impl<B: Board> Default for BoardOracle<B> {
    fn default() -> BoardOracle<B> {
        BoardOracle::new()
    }
}

impl<B: Board> DivideOracle for BoardOracle<B> {
    fn name(&self) -> &str {
        &self.name
    }

    fn divide(&mut self, root: &Position, path: &[UciMove], depth: u32) -> Result<Divide, Error> {
        root.playable_by::<B>()?;
        let mut board: B = root.board();
        for &written in path {
            let mv = written.resolve(&board, root.king_takes_rook())?;
            board.make(mv);
        }
        // The perft runner, for its stop flag: one thread and no table count exactly as
        // boardlab_core::divide does, in the same order.
        let mut runner = PerftRunner::new(PerftOptions::default())?;
        if let Some(stop) = &self.stop {
            runner = runner.stopped_by(Arc::clone(stop));
        }
        let mut divided = Vec::new();
        runner.divide(&board, depth, &mut |mv, nodes: u64| {
            divided.push((root.uci_move(&board, mv), nodes));
        })?;
        Ok(divided)
    }
}

/// The moves an outside program is given to reach the position `path` leads to from `root`:
/// the root's own moves, then the path, separated by spaces; `None` when there are none.
pub fn moves_after(root: &Position, path: &[UciMove]) -> Option<String> {
    let played = root.uci_moves().iter().chain(path).join(" ");
    (!played.is_empty()).then_some(played)
}

/// An outside program's answer, `move count` pairs as it wrote them, read into a [`Divide`]
/// about the position `path` reaches from `root`. Promotion letters may be in either case.
///
/// # Errors
///
/// For a move that is not UCI notation, the clause naming it, as a problem of the program.
pub fn read_answer(
    answer: Vec<(String, u64)>,
    root: &Position,
    path: &[UciMove],
) -> Result<Divide, String> {
    answer
        .into_iter()
        .map(|(text, count)| match lowercase_promotion(&text).parse() {
            Ok(mv) => Ok((mv, count)),
            Err(err) => Err(format!(
                "listed a move no generator could find in {}: {err}",
                fen_after(root, path)
            )),
        })
        .collect()
}

/// The FEN of the position `path` reaches from `root`, as reports write it; the root's with
/// the path after it when the path cannot be played (two outside programs may agree on an
/// illegal move).
fn fen_after(root: &Position, path: &[UciMove]) -> String {
    let mut at = root.clone();
    match path.iter().try_for_each(|&mv| at.play_uci(mv).map(drop)) {
        Ok(()) => at.setup().to_fen_pseudo_legal_ep(),
        Err(_) => format!(
            "{} after {}",
            root.setup().to_fen_pseudo_legal_ep(),
            path.iter().join(" ")
        ),
    }
}

/// The most move lines an outside program's answer may have: boardlab-core's [`MAX_MOVES`],
/// more legal moves than any position that passes validation has (218 is the most known in a
/// game, but 241 are easy to reach with 15 queens); a program printing more is printing
/// something else.
pub const MAX_MOVE_LINES: usize = MAX_MOVES;

/// A program's answer, once its counts are seen to add up to the `total` it gave; `said` is
/// how it gave it ("it printed the total 20"), for the message when they do not.
pub fn adding_up(
    answer: Vec<(String, u64)>,
    total: u64,
    said: &str,
) -> Result<Vec<(String, u64)>, String> {
    let sum = answer
        .iter()
        .try_fold(0u64, |sum, &(_, count)| sum.checked_add(count));
    match sum {
        Some(sum) if sum == total => Ok(answer),
        Some(sum) => Err(format!("its move counts add up to {sum}, but {said}")),
        None => Err(format!(
            "its move counts add up to more than 2^64, but {said}"
        )),
    }
}

/// `a7b8Q` as `a7b8q`: outside programs may write promotion letters in either case. Only the
/// fifth character changes; squares in capitals stay malformed.
pub fn lowercase_promotion(mv: &str) -> String {
    match mv.char_indices().nth(4) {
        Some((at, _)) => format!("{}{}", &mv[..at], mv[at..].to_ascii_lowercase()),
        None => mv.to_string(),
    }
}

/// Why a move in an oracle's answer cannot be a move of `setup` at all, by any reading of the
/// rules; `None` when it could be (legal or not).
///
/// A buggy generator lists illegal moves: a pinned piece's move, castling through check, en
/// passant that exposes the king. The descent must report those as the divergence they are.
/// What no generator of *this* position could list is a sign that the program misread it or
/// speaks another notation (text that is not UCI is refused as the answer is read): a move
/// from a square without a piece of the side to move, a destination that piece never reaches
/// on an empty board, a promotion letter on a move that does not promote or none on one that
/// must.
pub fn impossible_move(setup: &Setup, mv: UciMove) -> Option<String> {
    let UciMove {
        from,
        to,
        promotion,
    } = mv;
    let text = mv.to_string();
    let us = setup.turn;
    let Some(piece) = setup.piece_at(from) else {
        return Some(format!("{text} moves from {from}, which is empty"));
    };
    if piece.color != us {
        return Some(format!(
            "{text} moves {}'s piece on {from}, but {us} is to move",
            !us
        ));
    }
    let home_rank = if us == Color::White { 0 } else { 7 };
    // Castling from the home rank: to the c- or g-file (the king's move, as standard chess
    // writes it from e1, and as a Chess960 king may land there from anywhere), or onto its own
    // rook (king takes rook, as Chess960 engines write it).
    let castling = piece.role == Role::King
        && from.rank().index() == home_rank
        && to.rank().index() == home_rank
        && (matches!(to.file().index(), 2 | 6)
            || setup.piece_at(to) == Some(boardlab_core::Piece::new(us, Role::Rook)));
    let reaches = piece.reaches(from, to) || castling;
    if !reaches {
        return Some(format!(
            "{text}: the {} on {from} never moves to {to}",
            piece_name(piece)
        ));
    }
    let promotes = piece.role == Role::Pawn && to.rank().index() == 7 - home_rank;
    match (promotes, promotion) {
        (true, None) => Some(format!(
            "{text} reaches the last rank without a promotion letter"
        )),
        (false, Some(_)) => Some(format!(
            "{text} has a promotion letter but promotes nothing"
        )),
        _ => None,
    }
}
