//! `boardlab report`: criterion's saved results as one self-contained HTML page of bar charts,
//! or as the Markdown tables of the book.

use super::{default_criterion_dir, html_page, markdown, read_criterion, Amount, Machine};
use crate::{Error, Outcome};
use boardlab_harness::output::write_file;
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `boardlab report`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct ReportArgs {
    /// criterion's output directory [default: $CRITERION_HOME, else $CARGO_TARGET_DIR/criterion,
    /// else target/criterion, where `cargo bench` writes].
    #[arg(long, value_name = "DIR")]
    pub criterion: Option<PathBuf>,
    /// Where to write [default: DIR/boardlab/index.html, or standard output with --markdown].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write the book's Markdown tables instead of the HTML page.
    #[arg(long)]
    pub markdown: bool,
    /// Also print one JSON object per benchmark on standard output.
    #[arg(long)]
    pub json: bool,
}

/// Runs `boardlab report`.
///
/// # Errors
///
/// A missing or unreadable criterion directory, a result file that is not criterion's, a
/// directory without results, or an output file that cannot be written.
pub(crate) fn run(args: &ReportArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    if args.markdown && args.json && args.out.is_none() {
        return Err(Error::Usage(
            "--markdown and --json both want standard output; name a file with --out".into(),
        ));
    }
    let dir = args.criterion.clone().unwrap_or_else(default_criterion_dir);
    let results = read_criterion(&dir)?;
    let machine = Machine::current();
    if args.json {
        for m in &results.measurements {
            let (elements, bytes) = match m.amount {
                Some(Amount::Elements(n)) => (Some(n), None),
                Some(Amount::Bytes(n)) => (None, Some(n)),
                None => (None, None),
            };
            let line = json!({
                "group": m.group,
                "function": m.function,
                "seconds": m.seconds,
                "seconds_interval": m.interval.map(|(low, high)| [low, high]),
                "elements": elements,
                "bytes": bytes,
                "mps": m.rate(),
            });
            writeln!(out, "{line}")?;
        }
    }
    if args.markdown {
        let mut command = String::from("boardlab report --markdown");
        if let Some(path) = &args.out {
            command.push_str(&format!(" --out {}", path.display()));
        }
        let text = markdown(&results, &machine, &command);
        match &args.out {
            Some(path) => write_file(path, &text)?,
            None => out.write_all(text.as_bytes())?,
        }
        return Ok(Outcome::Success);
    }
    let path = args
        .out
        .clone()
        .unwrap_or_else(|| dir.join("boardlab").join("index.html"));
    let page = html_page("boardlab: criterion results", &results, &machine)?;
    write_file(&path, &page)?;
    if !args.json {
        writeln!(
            out,
            "wrote {} ({} results in {} groups)",
            path.display(),
            results.measurements.len(),
            results.groups().len()
        )?;
    }
    for note in &results.notes {
        eprintln!("note: {note}");
    }
    Ok(Outcome::Success)
}
