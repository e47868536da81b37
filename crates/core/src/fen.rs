//! FEN parsing and printing.
//!
//! Parsing accepts the six standard fields, or the first four (clocks then default to `0 1`),
//! separated by any run of whitespace. Every error names the field and quotes the offending
//! text; the parser never panics, whatever the input.

use crate::setup::PositionError;
use crate::{CastlingRights, CastlingSide, Color, File, Piece, Rank, Role, Setup, Square};
use std::fmt;

/// Why a FEN string was rejected. `Display` gives one line naming the field and the text.
///
/// # Examples
///
/// ```
/// use boardlab_core::Setup;
/// let err = Setup::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1").unwrap_err();
/// assert_eq!(err.to_string(), r#"invalid FEN: castling field "KQkqX": unexpected 'X'"#);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// Not 4 to 6 whitespace-separated fields.
    FieldCount(usize),
    /// The piece placement field.
    Placement(String, String),
    /// The side-to-move field.
    Turn(String),
    /// The castling field.
    Castling(String, String),
    /// The en-passant field.
    EnPassant(String, String),
    /// The half-move clock field.
    HalfmoveClock(String),
    /// The full-move number field.
    FullmoveNumber(String),
    /// The fields parse, but the position cannot be played (or cannot have arisen from a
    /// legal move); `Display` names the field the reason is about.
    Position(PositionError),
}

/// Quotes user text for an error message, escaped and cut short so the message stays one line.
fn quote(text: &str) -> String {
    const LIMIT: usize = 80;
    if text.chars().count() > LIMIT {
        let cut: String = text.chars().take(LIMIT).collect();
        format!("{:?}...", cut)
    } else {
        format!("{text:?}")
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid FEN: ")?;
        match self {
            FenError::FieldCount(n) => {
                write!(f, "expected 6 fields (or 4, without the clocks), found {n}")
            }
            FenError::Placement(text, why) => {
                write!(f, "piece placement field {}: {why}", quote(text))
            }
            FenError::Turn(text) => {
                write!(f, "side to move field {}: expected 'w' or 'b'", quote(text))
            }
            FenError::Castling(text, why) => write!(f, "castling field {}: {why}", quote(text)),
            FenError::EnPassant(text, why) => {
                write!(f, "en passant field {}: {why}", quote(text))
            }
            FenError::HalfmoveClock(text) => write!(
                f,
                "halfmove clock field {}: expected a number from 0 to 9999",
                quote(text)
            ),
            FenError::FullmoveNumber(text) => write!(
                f,
                "fullmove number field {}: expected a number from 1 to 9999",
                quote(text)
            ),
            FenError::Position(err) => write!(f, "{} field: {err}", err.field()),
        }
    }
}

impl std::error::Error for FenError {}

impl From<PositionError> for FenError {
    fn from(err: PositionError) -> FenError {
        FenError::Position(err)
    }
}

/// The start position's FEN.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn parse_placement(text: &str) -> Result<[Option<Piece>; 64], FenError> {
    let err = |why: String| FenError::Placement(text.to_string(), why);
    let mut board = [None; 64];
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 8 {
        return Err(err(format!(
            "expected 8 ranks separated by '/', found {}",
            rows.len()
        )));
    }
    for (row_index, row) in rows.iter().enumerate() {
        let rank = 7 - row_index;
        let mut file = 0usize;
        let mut after_digit = false;
        for c in row.chars() {
            if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                // "44" would describe one run of empty squares in two parts; FEN writes "8".
                if after_digit {
                    return Err(err(format!("rank {} has two digits in a row", rank + 1)));
                }
                after_digit = true;
                file += skip as usize;
            } else if let Some(piece) = Piece::from_char(c) {
                after_digit = false;
                if file < 8 {
                    board[rank * 8 + file] = Some(piece);
                }
                file += 1;
            } else {
                return Err(err(format!("unexpected {c:?}")));
            }
            if file > 8 {
                return Err(err(format!("rank {} has more than 8 squares", rank + 1)));
            }
        }
        if file < 8 {
            return Err(err(format!("rank {} has only {file} squares", rank + 1)));
        }
    }
    Ok(board)
}

/// The castling field, read with the placement: `KQkq` (X-FEN: the outermost rook on that side
/// of the king), a rook's file letter (Shredder-FEN `HAha`, or X-FEN naming an inner rook), or
/// `-`. Also says whether a file letter was used, which only Chess960 needs.
fn parse_castling(
    text: &str,
    board: &[Option<Piece>; 64],
) -> Result<(CastlingRights, bool), FenError> {
    if text == "-" {
        return Ok((CastlingRights::NONE, false));
    }
    let err = |why: String| FenError::Castling(text.to_string(), why);
    let mut rights = CastlingRights::NONE;
    let mut file_letters = false;
    for (index, c) in text.char_indices() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let lower = c.to_ascii_lowercase();
        if !matches!(lower, 'k' | 'q') && !crate::castling::is_file_letter(c) {
            return Err(err(format!("unexpected {c:?}")));
        }
        if text[..index].contains(c) {
            return Err(err(format!("{c:?} appears twice")));
        }
        let rank = match color {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        };
        let on_rank = |file: File| Square::from_coords(file, rank);
        let holds = |sq: Square, role: Role| board[sq.index()] == Some(Piece::new(color, role));
        let king = File::ALL
            .into_iter()
            .map(on_rank)
            .find(|&sq| holds(sq, Role::King));
        let (side, rook) = match lower {
            'k' | 'q' => {
                let side = if lower == 'k' {
                    CastlingSide::King
                } else {
                    CastlingSide::Queen
                };
                // The outermost rook on that side: scan from the board's edge towards the king.
                let found = king.and_then(|king| {
                    let mut files: Vec<File> = File::ALL
                        .into_iter()
                        .filter(|&f| CastlingSide::of_rook(king, on_rank(f)) == Some(side))
                        .collect();
                    if side == CastlingSide::King {
                        files.reverse();
                    }
                    files
                        .into_iter()
                        .map(on_rank)
                        .find(|&sq| holds(sq, Role::Rook))
                });
                match (king, found) {
                    (Some(_), Some(rook)) => (side, rook),
                    _ => {
                        return Err(FenError::Position(PositionError::BadCastlingRights(
                            color, side,
                        )))
                    }
                }
            }
            _ => {
                file_letters = true;
                let Some(file) = File::from_char(lower) else {
                    return Err(err(format!("unexpected {c:?}")));
                };
                let rook = on_rank(file);
                let Some(king) = king else {
                    return Err(err(format!(
                        "{c:?} names a rook, but no {color} king stands on its back rank"
                    )));
                };
                let Some(side) = CastlingSide::of_rook(king, rook) else {
                    return Err(err(format!("{c:?} names the file of the {color} king")));
                };
                (side, rook)
            }
        };
        if rights.has(color, side) {
            let side_name = match side {
                CastlingSide::King => "king",
                CastlingSide::Queen => "queen",
            };
            return Err(err(format!(
                "{c:?} gives {color} a second right on the {side_name} side"
            )));
        }
        rights = rights.with_rook(color, king.unwrap_or(rook), rook);
    }
    Ok((rights, file_letters))
}

fn parse_ep(text: &str) -> Result<Option<Square>, FenError> {
    if text == "-" {
        return Ok(None);
    }
    let sq: Square = text.parse().map_err(|_| {
        FenError::EnPassant(
            text.to_string(),
            "expected '-' or a square such as e3".to_string(),
        )
    })?;
    if !matches!(sq.rank(), Rank::Third | Rank::Sixth) {
        return Err(FenError::EnPassant(
            text.to_string(),
            "the square must be on the third or sixth rank".to_string(),
        ));
    }
    Ok(Some(sq))
}

fn parse_clock(text: &str, min: u32) -> Option<u32> {
    if text.is_empty() || text.len() > 4 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|&n| n >= min)
}

impl Setup {
    /// Parses and validates a FEN.
    ///
    /// # Errors
    ///
    /// A [`FenError`] naming the first field that is wrong, or why the position cannot be
    /// played.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardlab_core::Setup;
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K2R w K -").unwrap();
    /// assert_eq!(setup.to_fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    /// assert!(Setup::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err());
    /// ```
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        Setup::from_fen_960(fen).map(|(setup, _)| setup)
    }

    /// Parses and validates a FEN in any of its castling forms (standard `KQkq`, X-FEN, and
    /// Shredder-FEN `HAha`), and says whether the FEN leaves no doubt that the position is
    /// Chess960: a rook's file letter in the castling field, or a right whose king is off the
    /// e-file or whose rook is off the a- and h-files.
    ///
    /// # Errors
    ///
    /// As [`Setup::from_fen`].
    ///
    /// # Examples
    ///
    /// ```
    /// use boardlab_core::Setup;
    /// let (setup, chess960) =
    ///     Setup::from_fen_960("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -").unwrap();
    /// assert!(chess960);
    /// // X-FEN writes K and Q here: h1 and f1 are the outermost rooks on their sides.
    /// assert_eq!(setup.to_fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 1");
    /// assert_eq!(setup.to_shredder_fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1");
    /// assert!(!Setup::from_fen_960(boardlab_core::START_FEN).unwrap().1);
    /// ```
    pub fn from_fen_960(fen: &str) -> Result<(Setup, bool), FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let board = parse_placement(fields[0])?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::Turn(other.to_string())),
        };
        let (castling, file_letters) = parse_castling(fields[2], &board)?;
        let ep_square = parse_ep(fields[3])?;
        let halfmove_clock = match fields.get(4) {
            Some(text) => parse_clock(text, 0).ok_or(FenError::HalfmoveClock(text.to_string()))?,
            None => 0,
        };
        let fullmove_number = match fields.get(5) {
            // Some writers put 0 here; it means the game has not started counting, so read it as 1.
            Some(&"0") => 1,
            Some(text) => parse_clock(text, 1).ok_or(FenError::FullmoveNumber(text.to_string()))?,
            None => 1,
        };
        let mut setup = Setup {
            board,
            turn,
            castling,
            ep_square,
            halfmove_clock,
            fullmove_number,
        };
        setup.validate()?;
        setup.normalize_ep_square();
        let chess960 = file_letters || setup.has_chess960_castling();
        Ok((setup, chess960))
    }

    /// The canonical FEN in Shredder-FEN's castling form: each right as its rook's file letter
    /// (`HAha` for the standard rights).
    pub fn to_shredder_fen(&self) -> String {
        self.fen_with(&self.castling.shredder(), self.legal_ep_square())
    }

    /// The castling field in X-FEN: `K`/`Q` (`k`/`q`) for a right whose rook is the outermost
    /// rook of its colour on that side of the king, the rook's file letter otherwise. For
    /// standard positions this is the standard field.
    pub fn xfen_castling(&self) -> String {
        self.castling.letters(|color, side, rook| {
            let rank = rook.rank();
            let beyond = File::ALL.into_iter().filter(|&file| match side {
                CastlingSide::King => file > rook.file(),
                CastlingSide::Queen => file < rook.file(),
            });
            let mut beyond = beyond.map(|file| Square::from_coords(file, rank));
            !beyond.any(|sq| self.piece_at(sq) == Some(Piece::new(color, Role::Rook)))
        })
    }

    /// The canonical FEN: the en-passant square only when an en-passant capture is legal, so
    /// equal positions print equal strings, and the castling field in X-FEN (see
    /// [`Setup::xfen_castling`]), which is the standard field for standard positions.
    pub fn to_fen(&self) -> String {
        self.fen_with(&self.xfen_castling(), self.legal_ep_square())
    }

    /// The FEN with the en-passant square written whenever a pawn of the side to move stands
    /// ready to capture onto it, legal capture or not (the rule the setup keeps its square by,
    /// and X-FEN's). A debugging report writes this form: the en passant that would expose the
    /// king is just what a buggy generator lists, and the position pasted back into it must
    /// still offer it.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardlab_core::Setup;
    /// // The d5 pawn cannot take on e6: the rook on h5 pins it to its king along the rank.
    /// let setup = Setup::from_fen("8/8/8/K2Pp2r/8/8/8/7k w - e6 0 1").unwrap();
    /// assert_eq!(setup.to_fen(), "8/8/8/K2Pp2r/8/8/8/7k w - - 0 1");
    /// assert_eq!(setup.to_fen_pseudo_legal_ep(), "8/8/8/K2Pp2r/8/8/8/7k w - e6 0 1");
    /// ```
    pub fn to_fen_pseudo_legal_ep(&self) -> String {
        self.fen_with(&self.xfen_castling(), self.ep_square)
    }

    /// The en-passant square when a capture onto it is legal: what canonical FEN writes.
    fn legal_ep_square(&self) -> Option<Square> {
        self.ep_square.filter(|_| self.has_legal_ep_capture())
    }

    fn fen_with(&self, castling: &str, ep_square: Option<Square>) -> String {
        let mut fen = String::with_capacity(90);
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            fen.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        fen.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push((b'0' + empty) as char);
            }
            if rank != Rank::First {
                fen.push('/');
            }
        }
        let ep = ep_square.map_or_else(|| "-".to_string(), |sq| sq.to_string());
        fen.push_str(&format!(
            " {} {} {} {} {}",
            self.turn.char(),
            castling,
            ep,
            self.halfmove_clock,
            self.fullmove_number
        ));
        fen
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

impl std::str::FromStr for Setup {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Setup, FenError> {
        Setup::from_fen(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> String {
        Setup::from_fen(fen).unwrap_err().to_string()
    }

    #[test]
    fn start_fen_round_trips() {
        let setup = Setup::from_fen(START_FEN).unwrap();
        assert_eq!(setup, Setup::start());
        assert_eq!(setup.to_fen(), START_FEN);
    }

    #[test]
    fn four_fields_and_extra_whitespace_are_accepted() {
        let setup = Setup::from_fen("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \t w  KQkq -  ")
            .unwrap();
        assert_eq!(setup.to_fen(), START_FEN);
    }

    #[test]
    fn errors_name_the_field_and_the_text() {
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1"),
            r#"invalid FEN: castling field "KQkqX": unexpected 'X'"#
        );
        assert!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")
                .contains(r#"side to move field "x""#)
        );
        assert!(
            err("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                .contains("piece placement field")
        );
        assert!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1")
                .contains(r#"en passant field "e9""#)
        );
        assert!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1")
                .contains("halfmove clock")
        );
        assert!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3")
                .contains("fullmove number")
        );
        assert!(err("rnbqkbnr w").contains("found 2"));
        assert_eq!(
            err("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            r#"invalid FEN: piece placement field "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR": rank 6 has two digits in a row"#
        );
        assert!(err("4k3/8/8/8/8/8/8/3K13 w - - 0 1").contains("rank 1 has two digits in a row"));
    }

    #[test]
    fn unplayable_positions_are_rejected_with_the_reason() {
        assert!(err("8/8/8/8/8/8/8/4K3 w - - 0 1").contains("black has no king"));
        assert!(err("k7/8/8/8/8/8/8/KK6 w - - 0 1").contains("white has 2 kings"));
        assert!(err("k7/8/8/8/8/8/8/K6P w - - 0 1").contains("pawn on h1"));
        assert!(err("k7/8/8/8/8/8/PPPPPPPP/KP6 w - - 0 1").contains("9 pawns"));
        assert!(err("k7/8/8/8/8/NNNNNNNN/NNNNNNNN/K7 w - - 0 1").contains("17 pieces"));
        assert!(err("k6R/8/8/8/8/8/8/K7 w - - 0 1").contains("black is in check"));
        assert!(err("k7/8/8/8/8/8/8/R3K3 w K - 0 1").contains("castle king side"));
        assert!(err("k7/8/8/8/8/8/8/4K2R w Q - 0 1").contains("castle queen side"));
        assert!(err("4k3/8/8/8/8/8/8/4K3 w - e6 0 1").contains("en-passant square e6"));
        assert!(err("4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1").contains("sixth rank"));
    }

    #[test]
    fn checks_no_move_can_give_are_rejected_with_the_reason() {
        // Three checkers: the rook on e8, the rook on a4 and the bishop on h7.
        assert_eq!(
            err("4r2k/7b/8/8/r3K3/8/8/8 w - - 0 1"),
            "invalid FEN: piece placement field: white is in check from 3 pieces, but one move \
             gives at most two checks"
        );
        // Two rooks checking from both sides along the first rank.
        assert_eq!(
            err("4k3/8/8/8/8/8/8/r3K2r w - - 0 1"),
            "invalid FEN: piece placement field: white is in check from a1 and h1 on one line \
             through the king, which no single move can give"
        );
        // The double push e7e5 cannot give check from e5 and from the rook on a4 at once.
        assert!(err("4k3/8/8/4p3/r2K4/8/8/8 w - e6 0 1").starts_with(
            "invalid FEN: en passant field: en-passant square e6: a double push cannot give check"
        ));
        // The rook on a1 checked the king before the push c7c5 as well.
        assert_eq!(
            err("4k3/8/8/2p5/8/8/8/r2K4 w - c6 0 1"),
            "invalid FEN: en passant field: en-passant square c6: the check from a1 was there \
             before the double push"
        );
    }

    #[test]
    fn checks_a_move_can_give_are_accepted() {
        for fen in [
            // A double check: the knight on f3 moved and uncovered the rook on e8.
            "4r2k/8/8/8/4K3/5n2/8/8 w - - 0 1",
            // Two checkers that share a line, but not one through the king.
            "k7/8/8/8/8/8/2n5/r2K4 w - - 0 1",
            // The pawn that just double-pushed gives the check.
            "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
            // The double push d2d4 uncovered the bishop's check along the diagonal.
            "8/8/8/8/3P1k2/8/1B6/4K3 b - d3 0 1",
            // No en-passant square: a check from a piece that did not just move.
            "4k3/8/8/2p5/8/8/8/r2K4 w - - 0 1",
        ] {
            assert!(Setup::from_fen(fen).is_ok(), "{fen}: {}", err(fen));
        }
    }

    #[test]
    fn en_passant_square_is_kept_only_when_a_pawn_could_take() {
        let with_taker = Setup::from_fen("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1").unwrap();
        assert_eq!(with_taker.ep_square, Some(Square::E6));
        assert!(with_taker.to_fen().contains(" e6 "));
        let without = Setup::from_fen("4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1").unwrap();
        assert_eq!(without.ep_square, None);
    }

    #[test]
    fn canonical_fen_hides_an_en_passant_capture_that_is_illegal() {
        // The d5 pawn taking on e6 would leave the king on a5 in check from the rook on h5.
        let pinned = Setup::from_fen("4k3/8/8/K2Pp2r/8/8/8/8 w - e6 0 1").unwrap();
        assert_eq!(pinned.ep_square, Some(Square::E6));
        assert_eq!(pinned.to_fen(), "4k3/8/8/K2Pp2r/8/8/8/8 w - - 0 1");
    }

    #[test]
    fn garbage_never_panics() {
        for junk in [
            "",
            " ",
            "/",
            "////////",
            "8/8/8/8/8/8/8/8/8 w - - 0 1",
            "é w - -",
            "kK w - -",
        ] {
            assert!(Setup::from_fen(junk).is_err(), "{junk:?}");
        }
    }
}

#[cfg(test)]
mod chess960_tests {
    use super::*;

    fn read(fen: &str) -> (Setup, bool) {
        Setup::from_fen_960(fen).unwrap()
    }

    #[test]
    fn shredder_and_xfen_forms_read_the_same_rights() {
        // King g1 with rooks f1 and h1 (and the same for black).
        let placement = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR";
        let (shredder, _) = read(&format!("{placement} w HFhf - 0 1"));
        let (xfen, _) = read(&format!("{placement} w KQkq - 0 1"));
        assert_eq!(shredder, xfen);
        assert_eq!(
            shredder.castling.rook(Color::White, CastlingSide::Queen),
            Some(Square::F1)
        );
        assert_eq!(shredder.to_fen(), format!("{placement} w KQkq - 0 1"));
        assert_eq!(
            shredder.to_shredder_fen(),
            format!("{placement} w HFhf - 0 1")
        );
    }

    #[test]
    fn xfen_names_an_inner_rook_by_its_file() {
        // White king e1, rooks g1 and h1; the right is with the g1 rook, which is not the
        // outermost, so X-FEN writes G.
        let (setup, chess960) = read("4k3/8/8/8/8/8/8/4K1RR w G - 0 1");
        assert!(chess960);
        assert_eq!(
            setup.castling.rook(Color::White, CastlingSide::King),
            Some(Square::G1)
        );
        assert_eq!(setup.to_fen(), "4k3/8/8/8/8/8/8/4K1RR w G - 0 1");
        let (outer, chess960) = read("4k3/8/8/8/8/8/8/4K1RR w K - 0 1");
        assert!(
            !chess960,
            "K with the h1 rook and the e1 king is standard chess"
        );
        assert_eq!(outer.to_shredder_fen(), "4k3/8/8/8/8/8/8/4K1RR w H - 0 1");
        for fen in [setup.to_fen(), outer.to_fen(), setup.to_shredder_fen()] {
            assert_eq!(
                Setup::from_fen(&fen).unwrap().to_fen(),
                fen.replace(" H ", " K ")
            );
        }
    }

    #[test]
    fn chess960_is_detected_only_when_the_fen_leaves_no_doubt() {
        // Shredder letters, even for the standard squares.
        assert!(read("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").1);
        // The king off the e-file.
        assert!(read("1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1").1);
        // A rook off the a- and h-files.
        assert!(read("4k3/8/8/8/8/8/8/2R1K3 w Q - 0 1").1);
        // Standard rights, or none: nothing says Chess960.
        assert!(!read(START_FEN).1);
        assert!(!read("1r4k1/8/8/8/8/8/8/1R4K1 w - - 0 1").1);
    }

    #[test]
    fn bad_chess960_rights_are_refused_with_the_reason() {
        let err = |fen: &str| Setup::from_fen(fen).unwrap_err().to_string();
        // No rook beyond the king on that side.
        assert!(err("4k3/8/8/8/8/8/8/4KR2 w Q - 0 1").contains("white may not castle queen side"));
        // A letter on the king's own file.
        assert_eq!(
            err("4k3/8/8/8/8/8/8/R3K2R w E - 0 1"),
            r#"invalid FEN: castling field "E": 'E' names the file of the white king"#
        );
        // A letter whose square holds no rook.
        assert!(err("4k3/8/8/8/8/8/8/R3K2R w G - 0 1").contains("white may not castle king side"));
        // Two rights on one side.
        assert_eq!(
            err("4k3/8/8/8/8/8/8/R3K1RR w KG - 0 1"),
            r#"invalid FEN: castling field "KG": 'G' gives white a second right on the king side"#
        );
        // A letter with no king on the back rank.
        assert!(err("8/8/8/8/8/4k3/8/R3K2R w Ha - 0 1").contains("no black king stands"));
    }
}
