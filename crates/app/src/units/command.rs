//! `boardlab units split|run|merge`: perft cut into de-duplicated, weighted work units that any
//! scheduler can run (GNU parallel, a Slurm job array, a Kubernetes Indexed Job), and summed
//! back exactly.

use crate::args::{self, HashSize};
use crate::position::PositionArgs;
use crate::{Backend, Error, Outcome};
use boardlab_harness::board_type;
use boardlab_harness::perft::{PerftOptions, PerftRunner};
use boardlab_harness::units::{merge, parse_results, parse_units, Unit, UnitsFile};
use serde_json::json;
use std::collections::HashSet;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Mutex;

/// The deepest cut `units split` accepts. Splitting the start position at ply 6 (9.4 million
/// distinct positions) peaks at 3.4 GB, and ply 7 has ten times as many positions, so deeper
/// cuts only make sense on machines this command does not expect.
const MAX_SPLIT_PLY: u32 = 8;

/// Arguments of `boardlab units`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct UnitsArgs {
    #[command(subcommand)]
    pub command: UnitsCommand,
}

/// The three steps.
#[derive(Debug, Clone, clap::Subcommand)]
pub(crate) enum UnitsCommand {
    /// Write the distinct positions at --ply below the root as EPD work units, with weights.
    Split(SplitArgs),
    /// Count work units (from FILE, or standard input for `parallel --pipe`): one JSON line each.
    Run(RunArgs),
    /// Check that every unit has one count, and print the weighted total.
    Merge(MergeArgs),
}

/// Arguments of `boardlab units split`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct SplitArgs {
    /// The backend that generates the moves down to the cut.
    #[arg(long, value_enum, value_name = "BACKEND", default_value_t = Backend::DEFAULT)]
    pub backend: Backend,
    #[command(flatten)]
    pub position: PositionArgs,
    /// The perft depth of the root.
    #[arg(long, value_parser = args::depth(0))]
    pub depth: u32,
    /// The ply to cut at: each unit is a distinct position this many plies below the root.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_SPLIT_PLY as i64))]
    pub ply: u32,
}

/// Which units of a file a worker takes: `I/N` takes those whose id is I modulo N.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shard {
    /// This worker's index, 0 to `count - 1`.
    pub index: u64,
    /// The number of workers.
    pub count: u64,
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("shard {text:?} is not I/N with 0 <= I < N (as 0/4 ... 3/4)");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = index.trim().parse().map_err(|_| bad())?;
        let count: u64 = count.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl Shard {
    fn takes(self, unit: &Unit) -> bool {
        unit.id % self.count == self.index
    }
}

/// Arguments of `boardlab units run`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct RunArgs {
    /// The units file, or `-` (the default) for standard input.
    #[arg(value_name = "FILE|-")]
    pub file: Option<PathBuf>,
    /// The backend to count with.
    #[arg(long, value_enum, value_name = "BACKEND", default_value_t = Backend::DEFAULT)]
    pub backend: Backend,
    /// Threads: units are shared among them, and so are the root moves of each unit.
    #[arg(long, default_value_t = 1, value_parser = args::threads())]
    pub threads: u32,
    // One hash table serves all units of the run.
    #[command(flatten)]
    pub hash: HashSize,
    /// Results of earlier runs (repeatable): units with a result there are skipped.
    #[arg(long, value_name = "RESULTS")]
    pub done: Vec<PathBuf>,
    /// Index and verify the hash table by an independent key and lock drawn from this seed,
    /// so that a second run shares no hash collision with the first (needs --hash).
    #[arg(long, value_name = "N", requires = "hash")]
    pub lock_seed: Option<u64>,
    /// Run only the units whose id is I modulo N (I from 0 to N-1).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
}

/// Arguments of `boardlab units merge`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct MergeArgs {
    /// The units file that `units split` wrote.
    #[arg(long, value_name = "FILE")]
    pub units: PathBuf,
    /// Result files that `units run` wrote (`-` for standard input).
    #[arg(value_name = "RESULTS", required = true)]
    pub results: Vec<PathBuf>,
    /// One JSON object: {"nodes","units","seconds"}.
    #[arg(long)]
    pub json: bool,
}

/// Runs `boardlab units`.
///
/// # Errors
///
/// Bad arguments, a bad units or results file, or results that do not make a complete count.
pub(crate) fn run<W: Write + Send>(args: &UnitsArgs, out: &mut W) -> Result<Outcome, Error> {
    match &args.command {
        UnitsCommand::Split(args) => run_split(args, out),
        UnitsCommand::Run(args) => run_units(args, out),
        UnitsCommand::Merge(args) => run_merge(args, out),
    }
}

fn run_split(args: &SplitArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let root = args.position.resolve()?.setup();
    let (header, units) =
        board_type(args.backend.available()?).split(&root, args.depth, args.ply)?;
    writeln!(out, "{}", header.to_line())?;
    for unit in &units {
        writeln!(out, "{}", unit.to_line())?;
    }
    Ok(Outcome::Success)
}

/// Reads a file, or standard input for `-`.
fn read_text(path: &Path) -> Result<String, Error> {
    let mut text = String::new();
    if path == Path::new("-") {
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|err| Error::Read(PathBuf::from("standard input"), err))?;
    } else {
        text = std::fs::read_to_string(path).map_err(|err| Error::Read(path.to_path_buf(), err))?;
    }
    Ok(text)
}

fn read_units(path: &Path) -> Result<UnitsFile, Error> {
    let text = read_text(path)?;
    parse_units(&text).map_err(|why| Error::Usage(format!("{}: {why}", path.display())))
}

fn run_units<W: Write + Send>(args: &RunArgs, out: &mut W) -> Result<Outcome, Error> {
    let path = args.file.clone().unwrap_or_else(|| PathBuf::from("-"));
    let file = read_units(&path)?;
    // A result counts as done for a unit only with the unit's key and depth, so that results
    // of another split, whose ids mean other positions or depths, skip nothing.
    let mut done = HashSet::new();
    for results in &args.done {
        let (results, _) = parse_results(&read_text(results)?);
        done.extend(
            results
                .into_iter()
                .map(|result| (result.id, result.key, result.depth)),
        );
    }
    let todo: Vec<&Unit> = file
        .units
        .iter()
        .filter(|unit| args.shard.is_none_or(|shard| shard.takes(unit)))
        .filter(|unit| {
            let key = Some(format!("{:016x}", unit.zobrist.key));
            !done.contains(&(unit.id, key, Some(unit.depth)))
        })
        .collect();
    let runner = PerftRunner::new(PerftOptions {
        threads: args.threads as usize,
        hash_megabytes: args.hash.megabytes(),
        key_seed: args.lock_seed,
        ..PerftOptions::default()
    })?;
    let out = Mutex::new(out);
    // Each result is written as soon as it is known, flushed, so that a run killed at any
    // moment has written every unit it finished and nothing else whole. Units go to the
    // runner's threads as whole jobs, and each unit's root moves are shared too, so that a file
    // of a few deep units keeps every thread busy as well as a file of many small ones.
    let board_type = board_type(args.backend.available()?);
    let write = |unit: &Unit, nodes: u64, seconds: f64| -> Result<(), Error> {
        let line = json!({
            "id": unit.id,
            "key": format!("{:016x}", unit.zobrist.key),
            "depth": unit.depth,
            "nodes": nodes,
            "seconds": seconds,
            "backend": board_type.name(),
            "lock_seed": args.lock_seed,
        });
        let mut out = out.lock().unwrap_or_else(|poison| poison.into_inner());
        writeln!(out, "{line}")?;
        Ok(out.flush()?)
    };
    board_type.count_units(&runner, &todo, &write)?;
    Ok(Outcome::Success)
}

fn run_merge(args: &MergeArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let file = read_units(&args.units)?;
    let mut results = Vec::new();
    let mut unreadable = 0;
    for path in &args.results {
        let (read, skipped) = parse_results(&read_text(path)?);
        results.extend(read);
        unreadable += skipped;
    }
    let merged = merge(&file, &results).map_err(Error::Usage)?;
    if unreadable > 0 {
        // A line cut short by a killed run is expected, and harmless once every unit has a
        // count from some other line.
        eprintln!("note: skipped {unreadable} unreadable result lines");
    }
    let header = file.header.as_ref();
    if args.json {
        let line = json!({
            "nodes": merged.nodes,
            "units": merged.units,
            "seconds": merged.seconds,
            "fen": header.map(|h| h.root.as_str()),
            "depth": header.map(|h| h.depth),
        });
        writeln!(out, "{line}")?;
    } else {
        writeln!(
            out,
            "{} nodes from {} units ({:.3} s of unit time)",
            merged.nodes, merged.units, merged.seconds
        )?;
    }
    Ok(Outcome::Success)
}
