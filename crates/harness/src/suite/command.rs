//! `boardlab suite`: check perft counts against an EPD suite (`FEN ;D1 20 ;D2 400 …`).

use crate::commands::perft::nps;
use crate::{progress_bar, Backend, BackendChoice, Error, Outcome};
use boardlab_core::epd::parse_perft_suite;
use boardlab_core::{perft, Board, PerftCase, PerftMode};
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `boardlab suite`.
#[derive(Debug, Clone, clap::Args)]
pub struct SuiteArgs {
    /// The EPD file: one position per line with `;D<depth> <nodes>` operations.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The backend to check, or `all`.
    #[arg(long, value_enum, default_value_t = BackendChoice::DEFAULT)]
    pub backend: BackendChoice,
    /// Skip expectations above this many nodes.
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    pub max_nodes: u64,
    /// One JSON object per checked count.
    #[arg(long)]
    pub json: bool,
    /// Count every position by the Chess960 rules, on the backends that have them (with `all`,
    /// the others are left out). A suite whose castling rights need them (Shredder-FEN letters,
    /// a king or rook off its standard square) is treated so without it.
    #[arg(long)]
    pub chess960: bool,
}

/// Whether a suite needs the Chess960 rules: asked for, or some case's rights need them.
pub(crate) fn needs_chess960(cases: &[PerftCase], asked: bool) -> bool {
    asked || cases.iter().any(|case| case.setup.is_chess960())
}

/// Refuses a suite with Chess960 positions on a backend without Chess960 castling.
pub(crate) fn refuse_unsupported(backend: Backend, cases: &[PerftCase]) -> Result<(), Error> {
    with_backend!(backend, B => {
        cases
            .iter()
            .try_for_each(|case| crate::position::refuse_unsupported::<B>(&case.setup))
    })
}

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

/// A case's name: its `id`, or its position in the file.
pub(crate) fn case_name(case: &PerftCase, index: usize) -> String {
    case.id.clone().unwrap_or_else(|| format!("#{}", index + 1))
}

/// One checked expectation.
struct Check {
    case: usize,
    depth: u32,
    expected: u64,
    nodes: u64,
    seconds: f64,
}

fn check_backend<B: Board>(
    cases: &[PerftCase],
    max_nodes: u64,
    mut after_each: impl FnMut(),
) -> Vec<Check> {
    let mut checks = Vec::new();
    for (index, case) in cases.iter().enumerate() {
        let mut board = B::from_setup(&case.setup);
        for &(depth, expected) in &case.expected {
            if expected > max_nodes {
                continue;
            }
            let start = Instant::now();
            let nodes = perft(&mut board, depth, PerftMode::Bulk);
            checks.push(Check {
                case: index,
                depth,
                expected,
                nodes,
                seconds: start.elapsed().as_secs_f64(),
            });
            after_each();
        }
    }
    checks
}

/// Runs `boardlab suite`.
///
/// # Errors
///
/// An unreadable or malformed file, or a budget that leaves nothing to check.
pub fn run(args: &SuiteArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let cases = read_suite(&args.file)?;
    let planned = cases
        .iter()
        .flat_map(|case| &case.expected)
        .filter(|&&(_, expected)| expected <= args.max_nodes)
        .count();
    if planned == 0 {
        return Err(Error::Usage(format!(
            "{}: no perft expectation of at most {} nodes (see --max-nodes)",
            args.file.display(),
            args.max_nodes
        )));
    }
    let backends = args
        .backend
        .backends_for(needs_chess960(&cases, args.chess960))?;
    for &backend in &backends {
        refuse_unsupported(backend, &cases)?;
    }
    let bar = progress_bar((planned * backends.len()) as u64);
    let mut failed = false;
    for backend in backends {
        bar.set_message(backend.name());
        let checks =
            with_backend!(backend, B => check_backend::<B>(&cases, args.max_nodes, || bar.inc(1)));
        failed |= report(args, backend, &cases, &checks, out)?;
    }
    bar.finish_and_clear();
    Ok(Outcome::failed_if(failed))
}

/// Writes one backend's checks; true when any failed.
fn report(
    args: &SuiteArgs,
    backend: Backend,
    cases: &[PerftCase],
    checks: &[Check],
    out: &mut impl Write,
) -> Result<bool, Error> {
    let mut mismatches = 0;
    for check in checks {
        let case = &cases[check.case];
        let ok = check.nodes == check.expected;
        if args.json {
            let line = json!({
                "backend": backend.name(),
                "id": case_name(case, check.case),
                "fen": case.fen,
                "depth": check.depth,
                "expected": check.expected,
                "nodes": check.nodes,
                "ok": ok,
                "seconds": check.seconds,
            });
            writeln!(out, "{line}")?;
        } else if !ok {
            writeln!(
                out,
                "{}: MISMATCH {} ({}) perft {}: {} nodes, expected {}",
                backend.name(),
                case_name(case, check.case),
                case.fen,
                check.depth,
                check.nodes,
                check.expected
            )?;
        }
        if !ok {
            mismatches += 1;
        }
    }
    if !args.json {
        let nodes: u64 = checks.iter().map(|c| c.nodes).sum();
        let seconds: f64 = checks.iter().map(|c| c.seconds).sum();
        let positions = {
            let mut seen: Vec<usize> = checks.iter().map(|c| c.case).collect();
            seen.dedup();
            seen.len()
        };
        writeln!(
            out,
            "{}: {} counts in {} positions, {} mismatches, {} nodes in {:.3} s ({:.2} Mnps)",
            backend.name(),
            checks.len(),
            positions,
            mismatches,
            nodes,
            seconds,
            nps(nodes, seconds) as f64 / 1e6
        )?;
    }
    Ok(mismatches > 0)
}
