//! `boardlab compare`: every backend over a perft suite, checked against the expected counts
//! and against each other, with bulk and full-make speed and memory side by side.

use crate::commands::suite::{case_name, read_suite};
use crate::report::{html_page, write_file, Amount, Machine, Measurement, Results};
use crate::{progress_bar, Backend, Error, Outcome};
use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{perft, Board, PerftCase, PerftMode, Setup};
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

/// The default node budget per position: the standard suite then runs startpos 5, kiwipete 4,
/// position3 6, position4 5, position5 4 and position6 4 plies, about 42 million nodes per
/// backend and mode, a few seconds in all in a release build.
pub const DEFAULT_MAX_NODES: u64 = 50_000_000;

/// Arguments of `boardlab compare`.
#[derive(Debug, Clone, clap::Args)]
pub struct CompareArgs {
    /// A perft suite (EPD with `;D<depth> <nodes>`); the six standard positions when left out.
    #[arg(long, value_name = "FILE")]
    pub suite: Option<PathBuf>,
    /// For each position, run the deepest expectation of at most this many nodes.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_NODES)]
    pub max_nodes: u64,
    /// One JSON object per backend per line.
    #[arg(long)]
    pub json: bool,
    /// Count the suite by the Chess960 rules, on the backends that have them (the others are
    /// left out, as they are without it for a suite whose castling rights need them).
    #[arg(long)]
    pub chess960: bool,
    /// Also write the results as one self-contained HTML page of bar charts.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// One position of the comparison: the case and the depth chosen for it.
struct Job<'a> {
    name: String,
    case: &'a PerftCase,
    depth: u32,
    expected: u64,
}

/// A backend's results over all jobs.
struct Row {
    backend: Backend,
    bulk_counts: Vec<u64>,
    full_make_counts: Vec<u64>,
    bulk_seconds: f64,
    full_make_seconds: f64,
    /// Seconds per job, in job order, for the page's per-position charts.
    bulk_times: Vec<f64>,
    full_make_times: Vec<f64>,
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
        self.bulk_counts.iter().sum()
    }

    fn mnps(&self, seconds: f64, counts: &[u64]) -> f64 {
        if seconds > 0.0 {
            counts.iter().sum::<u64>() as f64 / seconds / 1e6
        } else {
            0.0
        }
    }
}

fn run_backend<B: Board>(backend: Backend, jobs: &[Job], mut step: impl FnMut()) -> Row {
    // Nothing before this row touches the backend, so its first board pays for its tables.
    let start = Instant::now();
    std::hint::black_box(B::from_setup(&Setup::start()));
    let table_seconds = start.elapsed().as_secs_f64();
    let mut row = Row {
        backend,
        bulk_counts: Vec::new(),
        full_make_counts: Vec::new(),
        bulk_seconds: 0.0,
        full_make_seconds: 0.0,
        bulk_times: Vec::new(),
        full_make_times: Vec::new(),
        board_bytes: B::board_bytes(),
        undo_bytes: std::mem::size_of::<B::Undo>(),
        table_bytes: B::table_bytes(),
        table_seconds,
        mismatches: Vec::new(),
    };
    for job in jobs {
        let mut board = B::from_setup(&job.case.setup);
        for mode in [PerftMode::Bulk, PerftMode::FullMake] {
            let start = Instant::now();
            let nodes = perft(&mut board, job.depth, mode);
            let seconds = start.elapsed().as_secs_f64();
            let (counts, total, times) = match mode {
                PerftMode::Bulk => (
                    &mut row.bulk_counts,
                    &mut row.bulk_seconds,
                    &mut row.bulk_times,
                ),
                PerftMode::FullMake => (
                    &mut row.full_make_counts,
                    &mut row.full_make_seconds,
                    &mut row.full_make_times,
                ),
            };
            counts.push(nodes);
            *total += seconds;
            times.push(seconds);
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
    row
}

/// Notes in each row where its counts differ from the first row's.
fn cross_check(rows: &mut [Row], jobs: &[Job]) {
    let Some((first, rest)) = rows.split_first_mut() else {
        return;
    };
    for row in rest {
        for (i, job) in jobs.iter().enumerate() {
            for (mode, mine, theirs) in [
                ("bulk", &row.bulk_counts, &first.bulk_counts),
                ("full-make", &row.full_make_counts, &first.full_make_counts),
            ] {
                if mine[i] != theirs[i] {
                    row.mismatches.push(format!(
                        "{} perft {} ({mode}): {}, but {} counts {}",
                        job.name,
                        job.depth,
                        mine[i],
                        first.backend.name(),
                        theirs[i]
                    ));
                }
            }
        }
    }
}

/// Runs `boardlab compare`.
///
/// # Errors
///
/// An unreadable or malformed suite, or a budget that leaves no position to run.
pub fn run(args: &CompareArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let cases = match &args.suite {
        Some(path) => read_suite(path)?,
        None => parse_perft_suite(STANDARD_SUITE)
            .map_err(|err| Error::Usage(format!("the embedded suite: {err}")))?,
    };
    let jobs: Vec<Job> = cases
        .iter()
        .enumerate()
        .filter_map(|(index, case)| {
            let &(depth, expected) = case
                .expected
                .iter()
                .filter(|&&(_, nodes)| nodes <= args.max_nodes)
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
            "no position of the suite has a perft expectation of at most {} nodes (see --max-nodes)",
            args.max_nodes
        )));
    }
    let backends = crate::backend::keep_chess960(
        Backend::runnable(),
        crate::commands::suite::needs_chess960(&cases, args.chess960),
    );
    let bar = progress_bar((backends.len() * jobs.len() * 2) as u64);
    let mut rows: Vec<Row> = backends
        .iter()
        .map(|&backend| {
            bar.set_message(backend.name());
            with_backend!(backend, B => run_backend::<B>(backend, &jobs, || bar.inc(1)))
        })
        .collect();
    bar.finish_and_clear();
    cross_check(&mut rows, &jobs);
    if let Some(path) = &args.html {
        write_html(path, &rows, &jobs)?;
    }
    if args.json {
        for row in &rows {
            let line = json!({
                "backend": row.backend.name(),
                "nodes": row.nodes(),
                "bulk_mnps": row.mnps(row.bulk_seconds, &row.bulk_counts),
                "full_make_mnps": row.mnps(row.full_make_seconds, &row.full_make_counts),
                "board_bytes": row.board_bytes,
                "undo_bytes": row.undo_bytes,
                "table_bytes": row.table_bytes,
                "table_seconds": row.table_seconds,
                "agree": row.mismatches.is_empty(),
                "mismatches": row.mismatches,
            });
            writeln!(out, "{line}")?;
        }
    } else {
        write_table(&rows, &jobs, out)?;
    }
    Ok(Outcome::failed_if(
        rows.iter().any(|row| !row.mismatches.is_empty()),
    ))
}

/// The run as the report page draws it: one group per mode and position, one bar per backend.
fn write_html(path: &Path, rows: &[Row], jobs: &[Job]) -> Result<(), Error> {
    let saved = Some(SystemTime::now());
    let mut measurements = Vec::new();
    for row in rows {
        for (mode, times, counts) in [
            (PerftMode::Bulk, &row.bulk_times, &row.bulk_counts),
            (
                PerftMode::FullMake,
                &row.full_make_times,
                &row.full_make_counts,
            ),
        ] {
            for ((job, &seconds), &nodes) in jobs.iter().zip(times).zip(counts) {
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
    let mut results = Results::new(
        "one run of `boardlab compare`: each figure is a single timing, with no confidence \
         interval and no outside library; `cargo bench --bench perft` followed by `boardlab \
         report` gives both"
            .to_string(),
        measurements,
    );
    for row in rows {
        for mismatch in &row.mismatches {
            results
                .notes
                .push(format!("{} counted wrong: {mismatch}", row.backend.name()));
        }
    }
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
        let agreement = if row.mismatches.is_empty() {
            "ok".to_string()
        } else {
            format!("FAILED ({})", row.mismatches.len())
        };
        writeln!(
            out,
            "{:<12} {:>12} {:>10.1} {:>15.1} {:>12} {:>11} {:>12} {:>10.2}  {agreement}",
            row.backend.name(),
            row.nodes(),
            row.mnps(row.bulk_seconds, &row.bulk_counts),
            row.mnps(row.full_make_seconds, &row.full_make_counts),
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
