//! `boardlab check`: a suite and/or random positions against a backend or an outside program.

use crate::args;
use crate::{Backend, Error, Outcome};
use boardlab_harness::check::{run, CheckOptions, RandomGames};
use boardlab_harness::diff::{
    backend_oracle, named, program_oracle, Named, ProgramOptions, Protocol,
};
use boardlab_harness::output::write_file;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `boardlab check`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct CheckArgs {
    /// The move generator to check: a backend's name, or an outside program (a path, or a name
    /// looked up on PATH and in /usr/games).
    #[arg(long, value_name = "BACKEND|PROGRAM")]
    pub against: String,
    /// How to speak to a program: `uci` (it answers `go perft N` as Stockfish does) or
    /// `perftree` (it is run as `PROGRAM DEPTH FEN [MOVES]`).
    #[arg(long, value_enum, default_value_t = Protocol::Uci)]
    pub protocol: Protocol,
    /// The backend whose counts stand where none are published: magic, or x88 when --against
    /// names a backend of magic's generator.
    #[arg(long, value_enum, value_name = "BACKEND")]
    pub backend: Option<Backend>,
    /// An EPD suite (`FEN ;D1 20 ;D2 400 …`) instead of the built-in one (the standard,
    /// perft-suite, bug-catcher and tricky positions).
    #[arg(long, value_name = "FILE")]
    pub suite: Option<PathBuf>,
    /// Positions from this many random legal games, counted by boardlab; without --suite, only
    /// these.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub random: Option<u32>,
    /// The seed of the random games.
    #[arg(long, value_name = "S", default_value_t = 1, requires = "random")]
    pub seed: u64,
    /// Chess960: the built-in suite adds the 960 Chess960 positions, random games start from
    /// Chess960 positions, and a suite's castling moves are written as the king taking its rook.
    #[arg(long)]
    pub chess960: bool,
    /// The deepest count compared per position.
    #[arg(long, default_value_t = 3, value_parser = args::depth(1))]
    pub depth: u32,
    /// Compare no count above this many nodes, nor any deeper one (the report says how many
    /// positions stopped short of --depth so).
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub max_nodes: u64,
    /// Stop after this many seconds, reporting the positions checked by then.
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=604_800))]
    pub time: Option<u64>,
    /// Positions checked at once, each with its own copy of the program.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = args::threads())]
    pub jobs: u32,
    /// Seconds a program may stay silent before it is given up on.
    #[arg(long, value_name = "SECONDS", default_value_t = 60,
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub timeout: u64,
    /// Show what a failing program wrote on its standard error.
    #[arg(long)]
    pub verbose: bool,
    /// Also draw every failing position on one self-contained HTML page, written to --out.
    #[arg(long, requires = "out")]
    pub html: bool,
    /// Write the --html page to this file.
    #[arg(long, value_name = "FILE", requires = "html")]
    pub out: Option<PathBuf>,
    /// One JSON object per failure, per group and for the summary, one per line.
    #[arg(long)]
    pub json: bool,
}

/// Runs `boardlab check`: exit status 0 when every count agrees, 1 at any failure.
///
/// # Errors
///
/// A bad argument or suite file, or a program that fails or cannot be believed (one line, exit
/// status 2, as `diff` reports them).
pub(crate) fn run_command(args: &CheckArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let against = named(&args.against)?;
    let reference = match (args.backend, &against) {
        (Some(backend), _) => backend,
        (None, Named::Backend(tested)) => Backend::independent_of(*tested),
        (None, Named::Program(_)) => Backend::DEFAULT,
    };
    let options = CheckOptions {
        suite: args.suite.clone(),
        random: args.random.map(|count| RandomGames {
            count: count as usize,
            seed: args.seed,
            chess960: args.chess960,
        }),
        chess960: args.chess960,
        depth: args.depth,
        max_nodes: args.max_nodes,
        time: args.time.map(Duration::from_secs),
        reference: Some(reference),
        jobs: args.jobs as usize,
    };
    let plan = options.plan()?;
    let program = ProgramOptions {
        timeout: Duration::from_secs(args.timeout),
        verbose: args.verbose,
    };
    let name = args.against.as_str();
    let mut reproduce = vec!["--against".to_string(), name.to_string()];
    let mut report = match &against {
        Named::Backend(tested) => {
            let tested = tested.available()?;
            run(&plan, reference, &options, &|_| {
                backend_oracle(tested, None)
            })?
        }
        Named::Program(path) => {
            reproduce.extend(["--protocol".to_string(), args.protocol.to_string()]);
            run(&plan, reference, &options, &|first| {
                program_oracle(name, path, args.protocol, first, program)
            })?
        }
    };
    report.reproduce = Some(reproduce);
    if args.json {
        for line in report.to_json_lines() {
            writeln!(out, "{line}")?;
        }
    } else {
        write!(out, "{report}")?;
    }
    if let Some(path) = &args.out {
        write_file(path, report.to_html())?;
    }
    Ok(report.outcome())
}
