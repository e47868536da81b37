//! The parsers of outside text that live in this crate, reachable by the fuzz targets in
//! `fuzz/` and by the test that replays their corpora (`tests/integration/fuzz_regressions.rs`).
//!
//! Each function is the smallest wrapper that lets a target feed a parser the text a user, a
//! GUI or another program would, and see what it made of it. They are not part of the
//! library's API (the module is hidden from the docs), so that the parsers' types can stay
//! crate-private; the fuzz crate and the replay test are their only callers.

use crate::report::{html_page, markdown, parse_measurement, Machine, Measurement, Results};
pub use crate::uci::go::GO_KEYWORDS;
use crate::uci::UciServer;
pub use crate::uci::COMMANDS as UCI_COMMANDS;
use crate::{Backend, Position};
use boardlab_core::UciMove;
use boardlab_harness::perft::DivideFormat;
use boardlab_harness::units::{UnitResult, UnitsFile};
use boardlab_harness::Divide;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Runs the UCI engine on `input`, read line by line as from a GUI until `quit` or the end of
/// the input (which stops any search still running), and returns everything it printed.
///
/// The engine searches with the default backend; a `setoption` may change that, as a GUI may.
pub fn uci_session(input: &[u8]) -> String {
    let output = SharedBuffer::default();
    let mut engine = UciServer::new(Backend::DEFAULT, output.clone());
    // Reading from a slice cannot fail, and the engine reports everything else in its output.
    let _ = engine.run(input);
    drop(engine);
    let bytes = output.0.lock().map(|b| b.clone()).unwrap_or_default();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A writer the engine's threads share, whose bytes the caller reads afterwards.
#[derive(Clone, Default)]
struct SharedBuffer(Arc<Mutex<Vec<u8>>>);

impl Write for SharedBuffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if let Ok(mut buffer) = self.0.lock() {
            buffer.extend_from_slice(bytes);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A perftree program's answer read as `boardlab diff --protocol perftree` reads it: the
/// moves with their counts, or what is wrong with the answer.
///
/// # Errors
///
/// What is wrong with the answer.
pub fn perftree_answer(lines: &[String]) -> Result<Vec<(String, u64)>, String> {
    boardlab_harness::diff::parse_answer(lines)
}

/// A perftree program's answer about the position `path` reaches from `root`, read as
/// `boardlab diff --protocol perftree` reads it: the moves as [`UciMove`]s with their counts,
/// or what is wrong with the answer.
///
/// # Errors
///
/// What is wrong with the answer, a move that is not UCI notation included.
pub fn perftree_divide(
    lines: &[String],
    root: &Position,
    path: &[UciMove],
) -> Result<Divide, String> {
    boardlab_harness::diff::parse_answer(lines)
        .and_then(|answer| boardlab_harness::diff::oracle::read_answer(answer, root, path))
}

/// A divide written as a perftree program writes it (and `boardlab perftree` does).
pub fn perftree_text(moves: &[(String, u64)], total: u64) -> String {
    let mut out = Vec::new();
    // Writing to a vector cannot fail.
    let _ = DivideFormat::Perftree.write(moves, total, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// One criterion result read from the texts of its `benchmark.json` and `estimates.json`.
///
/// # Errors
///
/// Why the texts are not a criterion result.
pub fn criterion_measurement(benchmark: &str, estimates: &str) -> Result<Measurement, String> {
    parse_measurement(benchmark, estimates).map_err(|(file, what)| format!("{file:?}: {what}"))
}

/// The HTML page and the Markdown tables `boardlab report` draws from `measurements`, for a
/// machine that `/proc` says nothing about.
///
/// # Errors
///
/// A chart that cannot be drawn.
pub fn report_pages(measurements: Vec<Measurement>) -> Result<(String, String), String> {
    let results = Results::new("fuzzed results".to_string(), measurements);
    let machine = Machine::default();
    let page = html_page("fuzzed", &results, &machine).map_err(|err| err.to_string())?;
    Ok((
        page,
        markdown(&results, &machine, "boardlab report --markdown"),
    ))
}

/// A units file (or a piece of one) read as `units run` and `units merge` read it: its header
/// and its units, each of which writes itself back with `to_line`.
///
/// # Errors
///
/// The first bad line of the file.
pub fn units_file(text: &str) -> Result<UnitsFile, String> {
    boardlab_harness::units::parse_units(text)
}

/// The result lines of `units run` read as `units merge` reads them, and how many non-empty
/// lines could not be read.
pub fn unit_results(text: &str) -> (Vec<UnitResult>, usize) {
    boardlab_harness::units::parse_results(text)
}
