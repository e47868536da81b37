//! Perft suites read from files: EPD lines of positions with their published counts, which
//! `boardlab suite` and `boardlab check` count and `boardlab compare` times.

use crate::Error;
use boardlab_core::epd::parse_perft_suite;
use boardlab_core::PerftCase;
use std::path::Path;

/// Reads and parses a perft suite file.
///
/// # Errors
///
/// [`Error::Read`] for a file that cannot be read, [`Error::Suite`] for a bad line.
pub fn read_suite(path: &Path) -> Result<Vec<PerftCase>, Error> {
    let text = std::fs::read(path).map_err(|err| Error::Read(path.to_path_buf(), err))?;
    let text = String::from_utf8(text).map_err(|_| {
        Error::Read(
            path.to_path_buf(),
            std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text"),
        )
    })?;
    parse_perft_suite(&text).map_err(|err| Error::Suite(path.to_path_buf(), err))
}

/// A case's name: its `id`, or its place in the file (`#3` for the third line).
pub fn case_name(case: &PerftCase, index: usize) -> String {
    case.id.clone().unwrap_or_else(|| format!("#{}", index + 1))
}
