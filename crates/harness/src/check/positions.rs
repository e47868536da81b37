//! The positions a check runs from perft suites, with their published counts; the positions of
//! random games are drawn in the sibling module `random`.

use crate::{Error, Position};
use boardlab_core::epd::{
    parse_perft_suite, BUG_CATCHERS, CHESS960_SUITE, PERFT_SUITE, STANDARD_SUITE, TRICKY_SUITE,
};
use boardlab_core::PerftCase;

/// One position to check: a name for reports, the position (a FEN, and for a random game the
/// moves that reached it, which the program is shown too), and any published counts.
#[derive(Debug, Clone)]
pub struct CheckPosition {
    /// "kiwipete", "perftsuite #12", "random game 17".
    pub label: String,
    /// The position, as a game reached it.
    pub position: Position,
    /// `(depth, nodes)` published for it; empty for a random position, whose counts are
    /// boardlab's.
    pub published: Vec<(u32, u64)>,
}

impl CheckPosition {
    /// The published count at `depth`, if there is one.
    pub fn published(&self, depth: u32) -> Option<u64> {
        self.published
            .iter()
            .find(|&&(d, _)| d == depth)
            .map(|&(_, nodes)| nodes)
    }
}

/// The suites `check` runs when it is given none: name and text.
const BUILT_IN: [(&str, &str); 4] = [
    ("standard", STANDARD_SUITE),
    ("perftsuite", PERFT_SUITE),
    ("bug-catchers", BUG_CATCHERS),
    ("tricky", TRICKY_SUITE),
];

/// The built-in suite: the standard, perft-suite, bug-catcher and tricky positions, and with
/// `chess960` the 960 Chess960 positions too.
pub fn built_in(chess960: bool) -> Result<Vec<CheckPosition>, Error> {
    let mut positions = Vec::new();
    for (name, text) in BUILT_IN {
        positions.extend(suite_positions(name, text, false)?);
    }
    if chess960 {
        positions.extend(suite_positions("chess960", CHESS960_SUITE, true)?);
    }
    Ok(positions)
}

/// The positions of a suite's text, named after their `id` or their place in `suite`.
/// `chess960` reads every castling move the Chess960 way; a position whose FEN needs it is
/// read that way anyway.
pub fn suite_positions(
    suite: &str,
    text: &str,
    chess960: bool,
) -> Result<Vec<CheckPosition>, Error> {
    let cases =
        parse_perft_suite(text).map_err(|err| Error::Usage(format!("the {suite} suite: {err}")))?;
    cases_positions(suite, cases, chess960)
}

/// The positions of parsed suite cases (see [`suite_positions`]).
pub fn cases_positions(
    suite: &str,
    cases: Vec<PerftCase>,
    chess960: bool,
) -> Result<Vec<CheckPosition>, Error> {
    cases
        .into_iter()
        .enumerate()
        .map(|(index, case)| {
            Ok(CheckPosition {
                label: case
                    .id
                    .clone()
                    .unwrap_or_else(|| format!("{suite} #{}", index + 1)),
                position: Position::from_fen(&case.fen, chess960)?,
                published: case.expected,
            })
        })
        .collect()
}
