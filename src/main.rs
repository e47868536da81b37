//! The `boardlab` command: parses the command line and hands each subcommand to
//! boardlab-harness.

use boardlab_harness::commands::{
    book, compare, diff, explain, hash, perft, perftree, report, search, show, suite, uci, units,
};
use boardlab_harness::{Error, Outcome};
use clap::error::ErrorKind;
use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// Chess board representations side by side: perft cross-checks, diffs and timings.
#[derive(Debug, Parser)]
#[command(name = "boardlab", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Every backend over a perft suite: agreement, speed and memory in one table.
    Compare(compare::CompareArgs),
    /// Count the leaf nodes below a position.
    Perft(perft::PerftArgs),
    /// Check perft counts against an EPD suite.
    Suite(suite::SuiteArgs),
    /// Descend to the first position where two move generators disagree.
    Diff(diff::DiffArgs),
    /// Divide a position as a perftree script does: `boardlab perftree DEPTH FEN [MOVES]`.
    Perftree(perftree::PerftreeArgs),
    /// Print a position's Polyglot key.
    Hash(hash::HashArgs),
    /// Search a position for the best move.
    Search(search::SearchArgs),
    /// List a Polyglot opening book's moves for a position.
    Book(book::BookArgs),
    /// Run as a UCI engine on standard input and output.
    Uci(uci::UciArgs),
    /// Draw a position as one backend holds it: its arrays, lists or bitboards.
    Show(show::ShowArgs),
    /// Follow, step by step, how one backend finds the moves of the piece on a square.
    Explain(explain::ExplainArgs),
    /// Perft as work units for a scheduler: split, run, merge.
    Units(units::UnitsArgs),
    /// Draw criterion's saved results as one self-contained HTML page, or the book's tables.
    Report(report::ReportArgs),
}

/// Status for bad input of any kind.
const USAGE_ERROR: u8 = 2;

fn main() -> ExitCode {
    report_panics_on_one_line();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return clap_error(err),
    };
    // Not locked for the whole run: the UCI engine writes from its search thread too.
    let mut out = std::io::BufWriter::new(std::io::stdout());
    let result = match &cli.command {
        Command::Compare(args) => compare::run(args, &mut out),
        Command::Perft(args) => perft::run(args, &mut out),
        Command::Suite(args) => suite::run(args, &mut out),
        Command::Diff(args) => diff::run(args, &mut out),
        Command::Perftree(args) => perftree::run(args, &mut out),
        Command::Hash(args) => hash::run(args, &mut out),
        Command::Search(args) => search::run(args, &mut out),
        Command::Book(args) => book::run(args, &mut out),
        Command::Uci(args) => uci::run(args, std::io::stdin().lock(), std::io::stdout()),
        Command::Show(args) => show::run(args, &mut out),
        Command::Explain(args) => explain::run(args, &mut out),
        Command::Units(args) => units::run(args, &mut out),
        Command::Report(args) => report::run(args, &mut out),
    };
    let flushed = out.flush().map_err(Error::from);
    match result.and_then(|outcome| flushed.map(|()| outcome)) {
        Ok(outcome) => ExitCode::from(outcome.exit_code()),
        Err(Error::BrokenPipe) => ExitCode::from(Outcome::Success.exit_code()),
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::from(USAGE_ERROR)
        }
    }
}

/// Help and version print as clap writes them, with status 0; every other clap error becomes
/// its first line, status 2.
fn clap_error(err: clap::Error) -> ExitCode {
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = err.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprintln!("error: a subcommand is required (see boardlab --help)");
            ExitCode::from(USAGE_ERROR)
        }
        _ => {
            // The first paragraph names the problem; the rest is usage and tips.
            let text = err.to_string();
            let paragraph: Vec<&str> = text
                .lines()
                .map(str::trim)
                .skip_while(|line| line.is_empty())
                .take_while(|line| !line.is_empty())
                .collect();
            let line = paragraph.join(" ");
            let line = line.strip_prefix("error:").unwrap_or(&line).trim();
            if line.is_empty() {
                eprintln!("error: invalid arguments (see boardlab --help)");
            } else {
                eprintln!("error: {line}");
            }
            ExitCode::from(USAGE_ERROR)
        }
    }
}

/// A panic is a bug, never the answer to bad input; should one happen anyway, it is reported
/// on one line rather than with a backtrace.
fn report_panics_on_one_line() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown cause".to_string());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let message = message.lines().next().unwrap_or("");
        eprintln!("error: internal error: {message}{place}");
    }));
}
