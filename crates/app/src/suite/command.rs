//! `boardlab suite`: check perft counts against an EPD suite (`FEN ;D1 20 ;D2 400 …`).

use crate::{Backend, BackendChoice, Error, Outcome};
use boardlab_core::PerftCase;
use boardlab_harness::output::progress_bar;
use boardlab_harness::perft::{mnps, PerftOptions, PerftRunner};
use boardlab_harness::{board_type, BoardType, Position};
use boardlab_harness::{case_name, read_suite};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `boardlab suite`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct SuiteArgs {
    /// The EPD file: one position per line with `;D<depth> <nodes>` operations.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The backend to check, or `all` to check each in turn.
    #[arg(long, value_enum, value_name = "BACKEND", default_value_t = BackendChoice::DEFAULT)]
    pub backend: BackendChoice,
    /// Skip expectations above this many nodes.
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    pub max_nodes: u64,
    /// One JSON object per checked count.
    #[arg(long)]
    pub json: bool,
}

/// One checked expectation.
struct Check {
    case: usize,
    depth: u32,
    expected: u64,
    nodes: u64,
    seconds: f64,
}

fn check_backend(
    board_type: &dyn BoardType,
    cases: &[PerftCase],
    max_nodes: u64,
    mut after_each: impl FnMut(),
) -> Result<Vec<Check>, Error> {
    let runner = PerftRunner::new(PerftOptions::default())?;
    let mut checks = Vec::new();
    for (index, case) in cases.iter().enumerate() {
        let position = Position::new(case.setup.clone(), false);
        for &(depth, expected) in &case.expected {
            if expected > max_nodes {
                continue;
            }
            let start = Instant::now();
            let nodes = board_type.count(&runner, &position, depth)?;
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
    Ok(checks)
}

/// Runs `boardlab suite`.
///
/// # Errors
///
/// An unreadable or malformed file, or a budget that leaves nothing to check.
pub(crate) fn run(args: &SuiteArgs, out: &mut impl Write) -> Result<Outcome, Error> {
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
    let backends = crate::args::runnable(args.backend)?;
    let bar = progress_bar((planned * backends.len()) as u64);
    let mut failed = false;
    for backend in backends {
        bar.set_message(backend.name());
        let checks = check_backend(board_type(backend), &cases, args.max_nodes, || bar.inc(1))?;
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
            mnps(nodes, seconds)
        )?;
    }
    Ok(mismatches > 0)
}
