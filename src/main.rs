//! The `boardlab` command: parses the command line that boardlab-app defines and runs it.

use boardlab_app::{Cli, Error, Outcome};
use clap::error::ErrorKind;
use clap::Parser;
use std::process::ExitCode;

/// Status for bad input of any kind.
const USAGE_ERROR: u8 = 2;

fn main() -> ExitCode {
    report_panics_on_one_line();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return clap_error(err),
    };
    match cli.run() {
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
