//! EPD lines: a position followed by `;`-separated operations.
//!
//! Two layouts are read: perft suites (`FEN ;D1 20 ;D2 400 ;id "startpos"`, six FEN fields) and
//! test suites (`FEN4 bm Qd1+; id "BK.01";`, four FEN fields, the first operation on the same
//! segment). After the four position fields, two integers are read as the clocks.

use crate::{FenError, Setup};
use std::fmt;

/// One EPD line: its position and operations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Epd {
    /// The position.
    pub setup: Setup,
    /// The FEN as written in the line (four or six fields).
    pub fen: String,
    /// The operations in order: opcode and its operands (quotes removed).
    pub ops: Vec<(String, String)>,
}

/// Why an EPD line was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EpdError {
    /// The position part is not a valid FEN.
    Fen(usize, FenError),
    /// An operation is malformed.
    Operation(usize, String),
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdError::Fen(line, err) => write!(f, "line {line}: {err}"),
            EpdError::Operation(line, why) => write!(f, "line {line}: {why}"),
        }
    }
}

impl std::error::Error for EpdError {}

/// A perft test case: a position and the expected leaf counts by depth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftCase {
    /// The position.
    pub setup: Setup,
    /// The FEN as written.
    pub fen: String,
    /// The `id` operation, if any.
    pub id: Option<String>,
    /// `(depth, nodes)` from the `D1`, `D2`, … operations, in the order written.
    pub expected: Vec<(u32, u64)>,
}

impl Epd {
    /// Parses one line; `line_number` (1-based) goes into errors.
    ///
    /// # Errors
    ///
    /// An [`EpdError`] naming the line.
    pub fn parse(line: &str, line_number: usize) -> Result<Epd, EpdError> {
        let mut segments = line.split(';');
        let head = segments.next().unwrap_or("");
        let tokens: Vec<&str> = head.split_whitespace().collect();
        let clocks = tokens.len() >= 6
            && tokens[4].bytes().all(|b| b.is_ascii_digit())
            && tokens[5].bytes().all(|b| b.is_ascii_digit());
        let fen_len = if clocks { 6 } else { tokens.len().min(4) };
        let fen = tokens[..fen_len].join(" ");
        let setup = Setup::from_fen(&fen).map_err(|err| EpdError::Fen(line_number, err))?;
        let first_op = tokens[fen_len..].join(" ");
        let mut ops = Vec::new();
        for segment in std::iter::once(first_op.as_str()).chain(segments) {
            let segment = segment.trim();
            if segment.is_empty() {
                continue;
            }
            let (opcode, operands) = segment
                .split_once(char::is_whitespace)
                .unwrap_or((segment, ""));
            ops.push((
                opcode.to_string(),
                operands.trim().trim_matches('"').to_string(),
            ));
        }
        Ok(Epd { setup, fen, ops })
    }

    /// The operands of the first operation named `opcode`.
    pub fn op(&self, opcode: &str) -> Option<&str> {
        self.ops
            .iter()
            .find(|(name, _)| name == opcode)
            .map(|(_, operands)| operands.as_str())
    }

    /// Reads this line as a perft case.
    ///
    /// # Errors
    ///
    /// A `D<n>` operation whose depth or count is not a number.
    pub fn into_perft_case(self, line_number: usize) -> Result<PerftCase, EpdError> {
        let mut expected = Vec::new();
        for (opcode, operands) in &self.ops {
            if let Some(depth) = opcode.strip_prefix('D') {
                let parse = || -> Option<(u32, u64)> {
                    Some((depth.parse().ok()?, operands.trim().parse().ok()?))
                };
                expected.push(parse().ok_or_else(|| {
                    EpdError::Operation(
                        line_number,
                        format!(
                            "perft operation {opcode:?} {operands:?}: expected D<depth> <nodes>"
                        ),
                    )
                })?);
            }
        }
        let id = self.op("id").map(str::to_string);
        Ok(PerftCase {
            setup: self.setup,
            fen: self.fen,
            id,
            expected,
        })
    }
}

/// Parses every non-empty, non-comment (`#`) line of an EPD text.
///
/// # Errors
///
/// The first line that fails to parse.
pub fn parse_epd(text: &str) -> Result<Vec<Epd>, EpdError> {
    numbered_lines(text)
        .map(|(number, line)| Epd::parse(line, number))
        .collect()
}

/// Parses a perft suite: every line an EPD with `D<depth> <nodes>` operations.
///
/// # Errors
///
/// The first line that fails to parse.
pub fn parse_perft_suite(text: &str) -> Result<Vec<PerftCase>, EpdError> {
    numbered_lines(text)
        .map(|(number, line)| Epd::parse(line, number)?.into_perft_case(number))
        .collect()
}

fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
}

/// The six standard perft positions with their counts (chessprogramming.org's "Perft Results"
/// page, re-verified), embedded so `boardlab compare` needs no file.
pub const STANDARD_SUITE: &str = include_str!("../data/standard.epd");

/// The perft suite in wide public use (depths 1 to 6): 126 positions, one of the published 127
/// left out in a comment because no legal game reaches it.
pub const PERFT_SUITE: &str = include_str!("../data/perftsuite.epd");

/// Positions that catch the classic move-generator bugs (en passant through a pin, castling
/// through check, rights lost to a rook capture, promotions out of check, self-stalemate,
/// double check), with their published counts and a name each; the sources are in the file.
pub const BUG_CATCHERS: &str = include_str!("../data/bug-catchers.epd");

/// The 960 Chess960 start positions with perft 1 to 6 (chessprogramming.org's "Chess960 Perft
/// Results", as python-chess ships them; Shredder-FEN castling), the source in the file.
pub const CHESS960_SUITE: &str = include_str!("../data/chess960.epd");

/// python-chess's castling and en-passant corner cases with their counts, many with X-FEN
/// castling (the king or rooks off their standard squares), the sources in the file. 13 of its
/// 19 positions: the six whose check no legal move can give are left out in comments.
pub const TRICKY_SUITE: &str = include_str!("../data/tricky.epd");

/// The 24 Bratko-Kopec test positions with their best moves (`bm`).
pub const BRATKO_KOPEC: &str = include_str!("../data/bratko-kopec.epd");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_lines_give_their_depths() {
        let cases = parse_perft_suite(STANDARD_SUITE).unwrap();
        assert_eq!(cases.len(), 6);
        assert_eq!(cases[0].id.as_deref(), Some("startpos"));
        assert_eq!(cases[0].expected[..3], [(1, 20), (2, 400), (3, 8902)]);
        assert_eq!(parse_perft_suite(PERFT_SUITE).unwrap().len(), 126);
        let catchers = parse_perft_suite(BUG_CATCHERS).unwrap();
        assert_eq!(catchers.len(), 17);
        assert!(catchers.iter().all(|case| case.id.is_some()));
        let chess960 = parse_perft_suite(CHESS960_SUITE).unwrap();
        assert_eq!(chess960.len(), 960);
        assert_eq!(chess960[959].id.as_deref(), Some("chess960-959"));
        assert!(chess960.iter().all(|case| case.expected.len() == 6));
        assert_eq!(parse_perft_suite(TRICKY_SUITE).unwrap().len(), 13);
    }

    #[test]
    fn test_suite_lines_give_their_operations() {
        let lines = parse_epd(BRATKO_KOPEC).unwrap();
        assert_eq!(lines.len(), 24);
        assert_eq!(lines[0].op("bm"), Some("Qd1+"));
        assert_eq!(lines[0].op("id"), Some("BK.01"));
    }

    #[test]
    fn bad_lines_name_their_number() {
        let err = parse_perft_suite("\n8/8/8/8/8/8/8/8 w - - 0 1 ;D1 0").unwrap_err();
        assert!(err.to_string().starts_with("line 2: invalid FEN"));
        let err = parse_perft_suite(&format!("{} ;D1 x", crate::START_FEN)).unwrap_err();
        assert!(err.to_string().contains("perft operation"));
    }
}
