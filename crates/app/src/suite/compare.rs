//! `boardlab compare`: every backend over a perft suite, checked against the expected counts
//! and against each other, with bulk and full-make speed and memory side by side; and, with
//! `--workload`, over the engine's workloads (search, evaluation, SEE, attack maps), each
//! backend's rank there beside its perft rank.

use crate::engine::EvalChoice;
use crate::report::{html_page, Amount, Machine, Measurement, Results};
use crate::{Backend, BackendChoice, Error, Outcome};
use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{PerftCase, PerftMode, Setup};
use boardlab_engine::EvalTerms;
use boardlab_harness::output::{progress_bar, write_file};
use boardlab_harness::perft::{mnps, PerftOptions, PerftRunner};
use boardlab_harness::workload::{self, Measured, PositionSet, Workload, WorkloadRun};
use boardlab_harness::{board_type, BoardType, Position};
use boardlab_harness::{case_name, read_suite};
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

/// The default node budget per position: the standard suite then runs startpos 5, kiwipete 4,
/// position3 6, position4 5, position5 4 and position6 4 plies, about 42 million nodes per
/// backend and mode, a few seconds in all in a release build.
const DEFAULT_MAX_NODES: u64 = 50_000_000;

/// The two ways perft counts the last ply, in the order the table shows them.
const MODES: [PerftMode; 2] = [PerftMode::Bulk, PerftMode::FullMake];

/// Arguments of `boardlab compare`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct CompareArgs {
    /// The backends to compare: `all`, or one to time alone.
    #[arg(long, value_enum, value_name = "BACKEND", default_value_t = BackendChoice::All)]
    pub backend: BackendChoice,
    /// A perft suite (EPD with `;D<depth> <nodes>`); the six standard positions when left out.
    #[arg(long, value_name = "FILE")]
    pub suite: Option<PathBuf>,
    /// What to time: perft over the suite, or an engine's work (a fixed-depth search over
    /// Bratko-Kopec, full evaluations, the SEE of captures, attack maps, the mailbox trials'
    /// model search), or perft and the engine's own four.
    #[arg(long, value_enum, value_name = "WORKLOAD", default_value_t = Workload::Perft)]
    pub workload: Workload,
    /// The evaluation the search and eval workloads add up: the piece-square tables alone, or
    /// the full evaluation (mobility, attacks and pawn structure besides).
    #[arg(long, value_enum, value_name = "TERMS", default_value_t = EvalChoice::Full)]
    pub eval: EvalChoice,
    /// Time each engine workload this many times over all backends in turn, and show each
    /// backend's fastest run with how far its runs spread.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=99))]
    pub runs: u32,
    /// For perft, run for each position the deepest expectation of at most this many nodes
    /// (50000000 when left out); for the engine workloads, stop each backend after this many
    /// nodes (search: an equal share per position; left out, every position to its depth).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
    /// The depth of the searching workloads' main search, for every position (search: 6 when
    /// left out; trials: each position's own).
    #[arg(long, value_name = "N", value_parser = crate::args::depth(1))]
    pub depth: Option<u32>,
    /// One JSON object per backend per line.
    #[arg(long)]
    pub json: bool,
    /// Also draw the results as one self-contained HTML page of bar charts, written to --out.
    #[arg(long, requires = "out")]
    pub html: bool,
    /// Write the --html page to this file.
    #[arg(long, value_name = "FILE", requires = "html")]
    pub out: Option<PathBuf>,
}

/// One position of the comparison: the case and the depth chosen for it.
struct Job<'a> {
    name: String,
    case: &'a PerftCase,
    depth: u32,
    expected: u64,
}

/// A backend's counts and times over all jobs in one mode, in job order.
#[derive(Default)]
struct Timed {
    counts: Vec<u64>,
    seconds: Vec<f64>,
}

impl Timed {
    fn mnps(&self) -> f64 {
        mnps(self.counts.iter().sum(), self.seconds.iter().sum())
    }
}

/// A backend's results over all jobs.
struct Row {
    backend: Backend,
    /// In the order of [`MODES`].
    modes: [Timed; 2],
    board_bytes: usize,
    /// The bytes `make` hands back for `unmake`.
    undo_bytes: usize,
    table_bytes: usize,
    /// Seconds the backend's first board took to set up: building its tables, for the
    /// backends that build them at run time rather than hold them as constants.
    table_seconds: f64,
    mismatches: Vec<String>,
}

impl Row {
    fn nodes(&self) -> u64 {
        self.modes[0].counts.iter().sum()
    }
}

fn run_backend(backend: Backend, jobs: &[Job], mut step: impl FnMut()) -> Result<Row, Error> {
    let board_type = board_type(backend);
    // Nothing before this row touches the backend, so its first board pays for its tables.
    let start = Instant::now();
    board_type.set_up(&Setup::start());
    let table_seconds = start.elapsed().as_secs_f64();
    let mut row = Row {
        backend,
        modes: Default::default(),
        board_bytes: board_type.board_bytes(),
        undo_bytes: board_type.undo_bytes(),
        table_bytes: board_type.table_bytes(),
        table_seconds,
        mismatches: Vec::new(),
    };
    let runner = |mode| {
        PerftRunner::new(PerftOptions {
            mode,
            ..PerftOptions::default()
        })
    };
    let runners = [runner(MODES[0])?, runner(MODES[1])?];
    for job in jobs {
        let position = Position::new(job.case.setup.clone(), false);
        for ((mode, runner), timed) in MODES.into_iter().zip(&runners).zip(&mut row.modes) {
            let start = Instant::now();
            let nodes = board_type.count(runner, &position, job.depth)?;
            timed.seconds.push(start.elapsed().as_secs_f64());
            timed.counts.push(nodes);
            if nodes != job.expected {
                row.mismatches.push(format!(
                    "{} perft {} ({}): {nodes}, expected {}",
                    job.name,
                    job.depth,
                    mode.name(),
                    job.expected
                ));
            }
            step();
        }
    }
    Ok(row)
}

/// Notes in each row where its counts differ from the first row's.
fn cross_check(rows: &mut [Row], jobs: &[Job]) {
    let Some((first, rest)) = rows.split_first_mut() else {
        return;
    };
    for row in rest {
        for (m, mode) in MODES.into_iter().enumerate() {
            let (mine, theirs) = (&row.modes[m].counts, &first.modes[m].counts);
            for (i, job) in jobs.iter().enumerate() {
                if mine[i] != theirs[i] {
                    row.mismatches.push(format!(
                        "{} perft {} ({}): {}, but {} counts {}",
                        job.name,
                        job.depth,
                        mode.name(),
                        mine[i],
                        first.backend.name(),
                        theirs[i]
                    ));
                }
            }
        }
    }
}

/// The deepest expectation of each case within the budget.
fn jobs<'a>(cases: &'a [PerftCase], max_nodes: u64) -> Result<Vec<Job<'a>>, Error> {
    let jobs: Vec<Job> = cases
        .iter()
        .enumerate()
        .filter_map(|(index, case)| {
            let &(depth, expected) = case
                .expected
                .iter()
                .filter(|&&(_, nodes)| nodes <= max_nodes)
                .max_by_key(|&&(depth, _)| depth)?;
            Some(Job {
                name: case_name(case, index),
                case,
                depth,
                expected,
            })
        })
        .collect();
    if jobs.is_empty() {
        return Err(Error::Usage(format!(
            "no position of the suite has a perft expectation of at most {max_nodes} nodes (see --max-nodes)"
        )));
    }
    Ok(jobs)
}

/// Runs `boardlab compare`.
///
/// # Errors
///
/// An unreadable or malformed suite, or a budget that leaves no position to run.
pub(crate) fn run(args: &CompareArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let cases = match &args.suite {
        Some(path) => read_suite(path)?,
        None => parse_perft_suite(STANDARD_SUITE)
            .map_err(|err| Error::Usage(format!("the embedded suite: {err}")))?,
    };
    let backends = crate::args::runnable(args.backend)?;
    let engine_workloads: Vec<Workload> = match args.workload {
        Workload::Perft => Vec::new(),
        Workload::All => Workload::ENGINE.to_vec(),
        one => vec![one],
    };
    // Every disagreement, as "backend counted wrong: where".
    let mut notes = Vec::new();
    let mut measurements = Vec::new();
    // The perft table when asked for; otherwise a short bulk perft, for the ranks alone.
    let perft_rates: Vec<f64> = if matches!(args.workload, Workload::Perft | Workload::All) {
        let jobs = jobs(&cases, args.max_nodes.unwrap_or(DEFAULT_MAX_NODES))?;
        let rows = perft_rows(&backends, &jobs)?;
        notes.extend(mismatch_notes(
            rows.iter().map(|row| (row.backend, &row.mismatches)),
        ));
        if args.json {
            write_perft_json(&rows, out)?;
        } else {
            write_table(&rows, &jobs, out)?;
        }
        measurements.extend(perft_measurements(&rows, &jobs));
        rows.iter().map(|row| row.modes[0].mnps()).collect()
    } else {
        let standard = parse_perft_suite(STANDARD_SUITE)
            .map_err(|err| Error::Usage(format!("the embedded suite: {err}")))?;
        // A small --max-nodes asks for a quick run, and the ranking perft shrinks with it.
        let per_position = args
            .max_nodes
            .unwrap_or(RANKING_PERFT_NODES)
            .clamp(RANKING_PERFT_LEAST, RANKING_PERFT_NODES);
        let jobs = jobs(&standard, per_position)?;
        let mut rates = Vec::new();
        for &backend in &backends {
            rates.push(bulk_mnps(board_type(backend), &jobs)?);
        }
        rates
    };
    let perft_ranks = ranks(&perft_rates);
    let roots = args
        .suite
        .as_ref()
        .map(|_| cases.iter().map(|case| case.setup.clone()).collect());
    let set = if engine_workloads
        .iter()
        .any(|&w| matches!(w, Workload::Eval | Workload::See | Workload::Attacks))
    {
        Some(PositionSet::new(roots)?)
    } else {
        None
    };
    let empty = PositionSet::default();
    let mut all_ranks: Vec<(Workload, Vec<usize>)> = vec![(Workload::Perft, perft_ranks.clone())];
    for workload in engine_workloads {
        let budget = args.max_nodes.unwrap_or(workload.default_budget());
        let set = set.as_ref().unwrap_or(&empty);
        let run = WorkloadRun {
            workload,
            terms: args.eval.into(),
            set,
            budget,
            depth: args.depth,
        };
        let mut rows = engine_rows(run, &backends, args.runs)?;
        engine_cross_check(&mut rows);
        notes.extend(mismatch_notes(
            rows.iter().map(|row| (row.backend, &row.mismatches)),
        ));
        let rates: Vec<f64> = rows.iter().map(|row| row.measured.nps()).collect();
        let workload_ranks = ranks(&rates);
        let ranked = RankedRows {
            rows: &rows,
            workload_ranks: &workload_ranks,
            perft_ranks: &perft_ranks,
        };
        if args.json {
            write_engine_json(run, ranked, out)?;
        } else {
            if args.workload == Workload::All {
                // A blank line between the tables.
                writeln!(out)?;
            }
            write_engine_table(run, ranked, out)?;
        }
        measurements.extend(engine_measurements(workload, &rows));
        all_ranks.push((workload, workload_ranks));
    }
    if args.workload == Workload::All && !args.json {
        writeln!(out)?;
        write_rank_summary(&backends, &all_ranks, out)?;
    }
    if let Some(path) = &args.out {
        write_html(path, measurements, notes.clone())?;
    }
    Ok(Outcome::failed_if(!notes.is_empty()))
}

/// Each disagreement of the rows as a note of the page.
fn mismatch_notes<'a>(rows: impl Iterator<Item = (Backend, &'a Vec<String>)>) -> Vec<String> {
    rows.flat_map(|(backend, mismatches)| {
        mismatches
            .iter()
            .map(move |mismatch| format!("{} counted wrong: {mismatch}", backend.name()))
    })
    .collect()
}

/// The nodes per position of the short bulk perft that ranks the backends by perft when the
/// perft table is not asked for: some fifty million nodes a backend over the six positions,
/// about a tenth of a second on a bitboard backend and half a second on the piece lists. (A
/// million a position took a few milliseconds, and the ranks it gave were noise.)
const RANKING_PERFT_NODES: u64 = 20_000_000;

/// The fewest nodes per position the ranking perft runs, whatever `--max-nodes` says: enough
/// for every standard position's first expectations.
const RANKING_PERFT_LEAST: u64 = 10_000;

/// Runs perft over `jobs` on every backend.
fn perft_rows(backends: &[Backend], jobs: &[Job]) -> Result<Vec<Row>, Error> {
    let bar = progress_bar((backends.len() * jobs.len() * MODES.len()) as u64);
    let mut rows = Vec::new();
    for &backend in backends {
        bar.set_message(backend.name());
        rows.push(run_backend(backend, jobs, || bar.inc(1))?);
    }
    bar.finish_and_clear();
    cross_check(&mut rows, jobs);
    Ok(rows)
}

/// The bulk perft rate of `board_type` over `jobs`, in millions of nodes per second.
fn bulk_mnps(board_type: &dyn BoardType, jobs: &[Job]) -> Result<f64, Error> {
    let runner = PerftRunner::new(PerftOptions {
        mode: PerftMode::Bulk,
        ..PerftOptions::default()
    })?;
    let positions: Vec<Position> = jobs
        .iter()
        .map(|job| Position::new(job.case.setup.clone(), false))
        .collect();
    let mut nodes = 0;
    let start = Instant::now();
    for (job, position) in jobs.iter().zip(&positions) {
        nodes += board_type.count(&runner, position, job.depth)?;
    }
    Ok(mnps(nodes, start.elapsed().as_secs_f64()))
}

/// Each rate's rank, 1 for the fastest.
fn ranks(rates: &[f64]) -> Vec<usize> {
    rates
        .iter()
        .map(|rate| 1 + rates.iter().filter(|other| *other > rate).count())
        .collect()
}

fn write_perft_json(rows: &[Row], out: &mut impl Write) -> Result<(), Error> {
    for row in rows {
        let line = json!({
            "backend": row.backend.name(),
            "workload": Workload::Perft.name(),
            "nodes": row.nodes(),
            "bulk_mnps": row.modes[0].mnps(),
            "full_make_mnps": row.modes[1].mnps(),
            "board_bytes": row.board_bytes,
            "undo_bytes": row.undo_bytes,
            "table_bytes": row.table_bytes,
            "table_seconds": row.table_seconds,
            "agree": row.mismatches.is_empty(),
            "mismatches": row.mismatches,
        });
        writeln!(out, "{line}")?;
    }
    Ok(())
}

mod engine_rows;

/// A table's agreement column: `ok`, or how many of the row's answers disagreed.
fn agreement_cell(mismatches: &[String]) -> String {
    if mismatches.is_empty() {
        "ok".to_string()
    } else {
        format!("FAILED ({})", mismatches.len())
    }
}
use engine_rows::*;

/// The perft run as the report page draws it: one group per mode and position, one bar per
/// backend.
fn perft_measurements(rows: &[Row], jobs: &[Job]) -> Vec<Measurement> {
    let saved = Some(SystemTime::now());
    let mut measurements = Vec::new();
    for row in rows {
        for (mode, timed) in MODES.into_iter().zip(&row.modes) {
            for ((job, &seconds), &nodes) in jobs.iter().zip(&timed.seconds).zip(&timed.counts) {
                measurements.push(Measurement {
                    group: format!("perft-{}/{}-d{}", mode.name(), job.name, job.depth),
                    function: row.backend.name().to_string(),
                    seconds,
                    interval: None,
                    amount: Some(Amount::Elements(nodes)),
                    saved,
                });
            }
        }
    }
    measurements
}

/// The run's measurements as one page of bar charts.
fn write_html(
    path: &Path,
    measurements: Vec<Measurement>,
    notes: Vec<String>,
) -> Result<(), Error> {
    let mut results = Results::new(
        "one run of `boardlab compare`: each figure is a single timing, with no confidence \
         interval and no outside library; `cargo bench --bench perft` followed by `boardlab \
         report` gives both"
            .to_string(),
        measurements,
    );
    results.notes = notes;
    let page = html_page("boardlab compare", &results, &Machine::current())?;
    write_file(path, &page)
}

fn write_table(rows: &[Row], jobs: &[Job], out: &mut impl Write) -> Result<(), Error> {
    let positions: Vec<String> = jobs
        .iter()
        .map(|job| format!("{} d{}", job.name, job.depth))
        .collect();
    writeln!(out, "positions: {}", positions.join(", "))?;
    writeln!(
        out,
        "{:<12} {:>12} {:>10} {:>15} {:>12} {:>11} {:>12} {:>10}  agreement",
        "backend",
        "nodes",
        "bulk Mnps",
        "full-make Mnps",
        "board bytes",
        "undo bytes",
        "table bytes",
        "tables ms"
    )?;
    for row in rows {
        let agreement = agreement_cell(&row.mismatches);
        writeln!(
            out,
            "{:<12} {:>12} {:>10.1} {:>15.1} {:>12} {:>11} {:>12} {:>10.2}  {agreement}",
            row.backend.name(),
            row.nodes(),
            row.modes[0].mnps(),
            row.modes[1].mnps(),
            row.board_bytes,
            row.undo_bytes,
            row.table_bytes,
            row.table_seconds * 1e3,
        )?;
    }
    for row in rows {
        for mismatch in &row.mismatches {
            writeln!(out, "{}: {mismatch}", row.backend.name())?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fastest_ranks_first_and_ties_share_a_rank() {
        assert_eq!(ranks(&[3.0, 5.0, 5.0, 1.0]), [3, 1, 1, 4]);
        assert_eq!(ranks(&[]), Vec::<usize>::new());
    }
}
