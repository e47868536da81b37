//! Moves as UCI writes them: the one place where move text is read.
//!
//! UCI's long algebraic notation names a move by its two squares and, for a promotion, the
//! new piece's lowercase letter: `e2e4`, `e7e8q`. Castling is the king's move (`e1g1`), except
//! that a Chess960 engine writes it as the king taking its own rook (`e1h1`), the only form
//! that stays unambiguous when the king's destination is a square it could also step to.
//!
//! [`UciMove`] is that text, read once into squares and a role; it says nothing about whether
//! the move is legal anywhere. [`UciMove::resolve`] finds the legal [`Move`] it names in a
//! position, and [`UciMove::written`] is the other way round.

use crate::{Board, BoardExt, CastlingRights, Color, Move, Role, Square};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// A move in UCI notation: the square a piece leaves, the square written as its destination
/// (the king's own rook for Chess960 castling) and the promotion, if any.
///
/// Moves compare in the order their text sorts (`a2a3` before `a2a4` before `b1c3`, `a7a8`
/// before `a7a8b` before `a7a8q`), so a sorted list of them reads as a sorted list of words.
///
/// # Examples
///
/// ```
/// use boardlab_core::{Role, Square, UciMove};
/// let mv: UciMove = "e7e8q".parse().unwrap();
/// assert_eq!(mv, UciMove::new(Square::E7, Square::E8, Some(Role::Queen)));
/// assert_eq!(mv.to_string(), "e7e8q");
/// let err = "e7e8Q".parse::<UciMove>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "invalid move \"e7e8Q\": the promotion letter \"Q\" must be lowercase"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UciMove {
    /// The square the piece leaves.
    pub from: Square,
    /// The square written as the destination: where the piece lands, or for Chess960 castling
    /// the square of the rook the king castles with.
    pub to: Square,
    /// The role a pawn promotes to: one of [`Role::PROMOTIONS`].
    pub promotion: Option<Role>,
}

impl UciMove {
    /// The move from `from` to `to`, promoting to `promotion`.
    pub const fn new(from: Square, to: Square, promotion: Option<Role>) -> UciMove {
        UciMove {
            from,
            to,
            promotion,
        }
    }

    /// How `mv` is written in a position whose castling rights are `castling`: castling as the
    /// king taking its own rook with `king_takes_rook`, as the king's move without.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardlab_core::{CastlingRights, Move, MoveFlag, Square, UciMove};
    /// let castle = Move::new(Square::E1, Square::G1, MoveFlag::KingCastle);
    /// assert_eq!(UciMove::written(castle, CastlingRights::ALL, false).to_string(), "e1g1");
    /// assert_eq!(UciMove::written(castle, CastlingRights::ALL, true).to_string(), "e1h1");
    /// ```
    pub fn written(mv: Move, castling: CastlingRights, king_takes_rook: bool) -> UciMove {
        let to = match mv.castling_side() {
            Some(side) if king_takes_rook => {
                // A castling king stands on its home rank, so the rank names the side castling.
                let color = if mv.from().rank().index() == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                castling.rook(color, side).unwrap_or(side.rook_from(color))
            }
            _ => mv.to(),
        };
        UciMove::new(mv.from(), to, mv.promotion())
    }

    /// The legal move of `board` this names, castling read the Chess960 way (the king taking
    /// its own rook) with `king_takes_rook` and as the king's move without.
    ///
    /// # Errors
    ///
    /// [`MoveError::PromotesNothing`] for a promotion letter on a move that is legal without
    /// one, [`MoveError::NeedsPromotion`] for a legal promotion written without its letter,
    /// and [`MoveError::Illegal`] for any other move that is not legal here.
    pub fn resolve<B: Board>(self, board: &B, king_takes_rook: bool) -> Result<Move, MoveError> {
        let castling = board.castling();
        let legal = board.legal_moves();
        let written = |mv: &Move| UciMove::written(*mv, castling, king_takes_rook);
        if let Some(&mv) = legal.iter().find(|mv| written(mv) == self) {
            return Ok(mv);
        }
        let same_squares = |mv: &&Move| {
            let w = written(mv);
            w.from == self.from && w.to == self.to
        };
        let (text, fen) = (self.to_string(), board.to_fen());
        Err(match legal.iter().find(same_squares) {
            Some(mv) if mv.promotion().is_none() => MoveError::PromotesNothing(text, fen),
            Some(_) if self.promotion.is_none() => MoveError::NeedsPromotion(text, fen),
            _ => MoveError::Illegal(text, fen),
        })
    }

    /// The move's characters in the order they are written, for comparing as text does: a
    /// move without a promotion sorts before the same squares with one.
    fn text_key(self) -> [u8; 5] {
        let square = |sq: Square| [sq.file().index() as u8, sq.rank().index() as u8];
        let [from_file, from_rank] = square(self.from);
        let [to_file, to_rank] = square(self.to);
        let promotion = self.promotion.map_or(0, |role| role.char() as u8);
        [from_file, from_rank, to_file, to_rank, promotion]
    }
}

impl Ord for UciMove {
    fn cmp(&self, other: &UciMove) -> Ordering {
        self.text_key().cmp(&other.text_key())
    }
}

impl PartialOrd for UciMove {
    fn partial_cmp(&self, other: &UciMove) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<Move> for UciMove {
    /// The move in standard notation, castling as the king's move (see [`UciMove::written`]
    /// for Chess960's).
    fn from(mv: Move) -> UciMove {
        UciMove::new(mv.from(), mv.to(), mv.promotion())
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

/// Why text is not a move in UCI notation. Each variant holds the text as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UciMoveError {
    /// A character outside ASCII.
    NotAscii(String),
    /// Not four or five characters.
    Length(String),
    /// The first two characters are not a square.
    BadFrom(String),
    /// The third and fourth characters are not a square.
    BadTo(String),
    /// The fifth character names no piece a pawn promotes to.
    BadPromotion(String),
    /// The fifth character is a promotion piece in uppercase.
    UppercasePromotion(String),
}

impl UciMoveError {
    /// The text that was refused.
    pub fn text(&self) -> &str {
        match self {
            UciMoveError::NotAscii(text)
            | UciMoveError::Length(text)
            | UciMoveError::BadFrom(text)
            | UciMoveError::BadTo(text)
            | UciMoveError::BadPromotion(text)
            | UciMoveError::UppercasePromotion(text) => text,
        }
    }
}

impl fmt::Display for UciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.text();
        write!(f, "invalid move {text:?}: ")?;
        // Only the variants past the ASCII and length checks slice the text.
        match self {
            UciMoveError::NotAscii(_) => {
                f.write_str("UCI notation is ASCII letters and digits (e2e4, e7e8q)")
            }
            UciMoveError::Length(_) => write!(
                f,
                "{} characters, where UCI notation has 4, or 5 with a promotion (e2e4, e7e8q)",
                text.chars().count()
            ),
            UciMoveError::BadFrom(_) => write!(
                f,
                "{:?} is not a square (a file a-h, then a rank 1-8)",
                &text[0..2]
            ),
            UciMoveError::BadTo(_) => write!(
                f,
                "{:?} is not a square (a file a-h, then a rank 1-8)",
                &text[2..4]
            ),
            UciMoveError::BadPromotion(_) => write!(
                f,
                "{:?} is not a promotion letter (n, b, r or q)",
                &text[4..]
            ),
            UciMoveError::UppercasePromotion(_) => {
                write!(f, "the promotion letter {:?} must be lowercase", &text[4..])
            }
        }
    }
}

impl std::error::Error for UciMoveError {}

impl FromStr for UciMove {
    type Err = UciMoveError;

    fn from_str(text: &str) -> Result<UciMove, UciMoveError> {
        let refused = |error: fn(String) -> UciMoveError| Err(error(text.to_string()));
        if !text.is_ascii() {
            return refused(UciMoveError::NotAscii);
        }
        if !(4..=5).contains(&text.len()) {
            return refused(UciMoveError::Length);
        }
        let Ok(from) = text[0..2].parse::<Square>() else {
            return refused(UciMoveError::BadFrom);
        };
        let Ok(to) = text[2..4].parse::<Square>() else {
            return refused(UciMoveError::BadTo);
        };
        let promotion = match text.as_bytes().get(4) {
            None => None,
            Some(&letter) => {
                let letter = char::from(letter);
                match Role::from_char(letter) {
                    Some(role) if Role::PROMOTIONS.contains(&role) => {
                        if letter.is_ascii_uppercase() {
                            return refused(UciMoveError::UppercasePromotion);
                        }
                        Some(role)
                    }
                    _ => return refused(UciMoveError::BadPromotion),
                }
            }
        };
        Ok(UciMove::new(from, to, promotion))
    }
}

/// Why a move in text form was refused in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not UCI notation (`e2e4`, `e7e8q`).
    Syntax(UciMoveError),
    /// The move (as written) and the position's FEN: a promotion letter on a move that is
    /// legal without one.
    PromotesNothing(String, String),
    /// The move and the FEN: a legal promotion written without its letter.
    NeedsPromotion(String, String),
    /// The move and the FEN: no legal move in the position is written so.
    Illegal(String, String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(error) => error.fmt(f),
            MoveError::PromotesNothing(text, fen) => write!(
                f,
                "illegal move {text:?} in position {fen}: it has a promotion letter but \
                 promotes nothing"
            ),
            MoveError::NeedsPromotion(text, fen) => write!(
                f,
                "illegal move {text:?} in position {fen}: a pawn reaching the last rank needs \
                 a promotion letter (n, b, r or q)"
            ),
            MoveError::Illegal(text, fen) => {
                write!(f, "illegal move {text:?} in position {fen}")
            }
        }
    }
}

impl std::error::Error for MoveError {}

impl From<UciMoveError> for MoveError {
    fn from(error: UciMoveError) -> MoveError {
        MoveError::Syntax(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_malformed_form_is_refused_with_its_own_message() {
        for (text, variant, reason) in [
            (
                "e2é4",
                UciMoveError::NotAscii as fn(String) -> UciMoveError,
                "ASCII",
            ),
            ("e2e", UciMoveError::Length, "3 characters"),
            ("", UciMoveError::Length, "0 characters"),
            ("e7e8qq", UciMoveError::Length, "6 characters"),
            ("i2e4", UciMoveError::BadFrom, "\"i2\" is not a square"),
            ("E2e4", UciMoveError::BadFrom, "\"E2\" is not a square"),
            ("e2e9", UciMoveError::BadTo, "\"e9\" is not a square"),
            (
                "e7e8k",
                UciMoveError::BadPromotion,
                "\"k\" is not a promotion",
            ),
            (
                "e7e8p",
                UciMoveError::BadPromotion,
                "\"p\" is not a promotion",
            ),
            (
                "e7e8x",
                UciMoveError::BadPromotion,
                "\"x\" is not a promotion",
            ),
            (
                "e7e8Q",
                UciMoveError::UppercasePromotion,
                "\"Q\" must be lowercase",
            ),
        ] {
            let err = text.parse::<UciMove>().unwrap_err();
            assert_eq!(err, variant(text.to_string()), "{text}");
            let message = err.to_string();
            assert!(
                message.starts_with(&format!("invalid move {text:?}: "))
                    && message.contains(reason),
                "{text}: {message}"
            );
            assert!(!message.contains('\n'), "{message}");
        }
    }

    #[test]
    fn moves_sort_as_their_text_does() {
        let mut moves: Vec<UciMove> = ["b1c3", "a7a8q", "a2a4", "a7a8", "a7a8b", "a2a3", "h1a1"]
            .iter()
            .map(|text| text.parse().unwrap())
            .collect();
        moves.sort();
        let texts: Vec<String> = moves.iter().map(UciMove::to_string).collect();
        let mut sorted = texts.clone();
        sorted.sort();
        assert_eq!(texts, sorted);
        assert_eq!(texts.len(), 7);
    }
}
