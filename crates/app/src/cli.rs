//! The `boardlab` command line: every subcommand and its arguments, in one clap definition that
//! the binary parses and the CLI contract test walks.

use crate::book::command::{self as book, BookArgs};
use crate::check::command::{self as check, CheckArgs};
use crate::diff::command::{self as diff, DiffArgs};
use crate::engine::eval::{self, EvalArgs};
use crate::engine::see::{self, SeeArgs};
use crate::perft::command::{self as perft, PerftArgs};
use crate::perft::perftree::{self, PerftreeArgs};
use crate::position::{self, KeyArgs};
use crate::report::command::{self as report, ReportArgs};
use crate::serve::{self, ServeArgs};
use crate::suite::command::{self as suite, SuiteArgs};
use crate::suite::compare::{self, CompareArgs};
use crate::uci::search::{self, SearchArgs};
use crate::uci::{self, UciArgs};
use crate::units::command::{self as units, UnitsArgs};
use crate::views::explain::{self, ExplainArgs};
use crate::views::figures::{self, FigureArgs};
use crate::views::show::{self, ShowArgs};
use crate::{Error, Outcome};
use clap::{Parser, Subcommand};
use std::io::Write;

/// Chess board representations side by side: perft cross-checks, diffs and timings.
#[derive(Debug, Parser)]
#[command(name = "boardlab", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Every backend over a perft suite, or an engine's workloads: agreement, speed and memory.
    Compare(CompareArgs),
    /// Count the leaf nodes below a position.
    Perft(PerftArgs),
    /// Check perft counts against an EPD suite.
    Suite(SuiteArgs),
    /// Descend to the first position where two move generators disagree.
    Diff(DiffArgs),
    /// Check a move generator over a suite and random positions: every mismatch descended to
    /// where the move lists differ, and grouped by kind.
    Check(CheckArgs),
    /// Divide a position as a perftree script does: `boardlab perftree DEPTH FEN [MOVES]`.
    Perftree(PerftreeArgs),
    /// Print a position's Polyglot key.
    Key(KeyArgs),
    /// Search a position for the best move.
    Search(SearchArgs),
    /// Evaluate a position: the score and every term it adds up.
    Eval(EvalArgs),
    /// The static exchange value (SEE) of every capture in a position, with its exchange.
    See(SeeArgs),
    /// List a Polyglot opening book's moves for a position.
    Book(BookArgs),
    /// Run as a UCI engine on standard input and output.
    Uci(UciArgs),
    /// Draw a position as one backend holds it: its arrays, lists or bitboards.
    Show(ShowArgs),
    /// Follow, step by step, how one backend finds the moves of the piece on a square.
    Explain(ExplainArgs),
    /// Draw one of the book's figures of an idea (a slider lookup, the check and pin masks,
    /// alpha-beta's cut-offs) as SVG.
    Figure(FigureArgs),
    /// Perft as work units for a scheduler: split, run, merge.
    Units(UnitsArgs),
    /// Draw criterion's saved results as one self-contained HTML page, or the book's tables.
    Report(ReportArgs),
    /// Serve the boards, the slider techniques and the divide debugger as local web pages.
    Serve(ServeArgs),
}

impl Cli {
    /// Runs the command on standard input and output: exit status 0 or 1 as the
    /// [`Outcome`], or an [`Error`] for status 2.
    ///
    /// # Errors
    ///
    /// Whatever the command fails with; [`Error::BrokenPipe`] when the reader of standard
    /// output went away, which is no failure.
    pub fn run(&self) -> Result<Outcome, Error> {
        // Not locked for the whole run: the UCI engine writes from its search thread too.
        let mut out = std::io::BufWriter::new(std::io::stdout());
        let result = match &self.command {
            Command::Compare(args) => compare::run(args, &mut out),
            Command::Perft(args) => perft::run(args, &mut out),
            Command::Suite(args) => suite::run(args, &mut out),
            Command::Diff(args) => diff::run(args, &mut out),
            Command::Check(args) => check::run_command(args, &mut out),
            Command::Perftree(args) => perftree::run(args, &mut out),
            Command::Key(args) => position::key_command::run(args, &mut out),
            Command::Search(args) => search::run(args, &mut out),
            Command::Eval(args) => eval::run(args, &mut out),
            Command::See(args) => see::run(args, &mut out),
            Command::Book(args) => book::run(args, &mut out),
            Command::Uci(args) => uci::run(args, std::io::stdin().lock(), std::io::stdout()),
            Command::Show(args) => show::run(args, &mut out),
            Command::Explain(args) => explain::run(args, &mut out),
            Command::Figure(args) => figures::run(args, &mut out),
            Command::Units(args) => units::run(args, &mut out),
            Command::Report(args) => report::run(args, &mut out),
            Command::Serve(args) => serve::run(args, &mut out),
        };
        let flushed = out.flush().map_err(Error::from);
        result.and_then(|outcome| flushed.map(|()| outcome))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Backend, BackendChoice};
    use clap::ValueEnum;

    #[test]
    fn command_line_names_are_the_boards_names() {
        // The registry's enums derive their names on the command line from the variants; the
        // rest of the workspace knows backends by their boards' names, so the two must match.
        assert!(!Backend::ALL.is_empty());
        for &backend in Backend::ALL {
            let value = backend
                .to_possible_value()
                .expect("every backend is selectable");
            assert_eq!(value.get_name(), backend.name());
            let choice = BackendChoice::from(backend);
            let value = choice
                .to_possible_value()
                .expect("every choice is selectable");
            assert_eq!(value.get_name(), backend.name());
        }
        let all = BackendChoice::All
            .to_possible_value()
            .expect("all is selectable");
        assert_eq!(all.get_name(), "all");
    }
}
