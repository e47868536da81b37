//! `boardlab diff`: find where two move generators part ways.
//!
//! The side under test is a backend; the other side is a backend too, or an outside program
//! spoken to in UCI (`go perft`) or in perftree's protocol. Both become
//! [divide oracles](super::DivideOracle) and the one [descent](super::diff) does the rest.

use crate::args;
use crate::position::PositionArgs;
use crate::views::figures::descent_figure;
use crate::{Backend, Error, Outcome, Position};
use boardlab_harness::diff::{backend_oracle, diff, oracle_named, ProgramOptions, Protocol};
use boardlab_harness::DiffReport;
use std::io::Write;
use std::time::Duration;

/// Arguments of `boardlab diff`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct DiffArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Plies of perft to compare.
    #[arg(long, value_parser = args::depth(1))]
    pub depth: u32,
    /// The backend under test (`a` in the report).
    #[arg(long, value_enum, value_name = "BACKEND", default_value_t = Backend::DEFAULT)]
    pub backend: Backend,
    /// A backend name, or an outside program: a path, or a name looked up on PATH and in
    /// /usr/games (`b` in the report).
    #[arg(long, value_name = "BACKEND|PROGRAM")]
    pub against: String,
    /// How to speak to a program: `uci` (it answers `go perft N` as Stockfish does) or
    /// `perftree` (it is run as `PROGRAM DEPTH FEN [MOVES]`).
    #[arg(long, value_enum, default_value_t = Protocol::Uci)]
    pub protocol: Protocol,
    /// Seconds a program may stay silent before it is given up on (a UCI engine's start-up, up
    /// to `uciok` and `readyok`, has a minute of its own when this is shorter).
    #[arg(long, value_name = "SECONDS", default_value_t = 60,
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub timeout: u64,
    /// Show what a failing program wrote on its standard error.
    #[arg(long)]
    pub verbose: bool,
    /// Print the result as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Draw the descent as one SVG document instead: each position on the path with the move
    /// played, and the moves only one side lists.
    #[arg(long, conflicts_with = "json")]
    pub svg: bool,
}

/// The root position and the descent's report for the arguments of `boardlab diff`.
///
/// # Errors
///
/// A bad position or argument, or an outside program that fails or cannot be believed.
fn descend(args: &DiffArgs) -> Result<(Position, DiffReport), Error> {
    let root = args.position.resolve()?;
    let mut a = backend_oracle(args.backend, None)?;
    let options = ProgramOptions {
        timeout: Duration::from_secs(args.timeout),
        verbose: args.verbose,
    };
    let mut b = oracle_named(&args.against, args.protocol, &root, options)?;
    let report = diff(&root, &mut a, &mut b, args.depth)?;
    Ok((root, report))
}

/// Runs `boardlab diff`: exit status 0 when the sides agree, 1 at a divergence.
///
/// # Errors
///
/// A bad position or argument, or an outside program that fails or cannot be believed.
pub(crate) fn run(args: &DiffArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let (root, report) = descend(args)?;
    if args.svg {
        write!(out, "{}", descent_figure(&root, &report)?.to_svg())?;
    } else if args.json {
        writeln!(out, "{}", report.to_json())?;
    } else {
        write!(out, "{report}")?;
    }
    Ok(report.outcome())
}
