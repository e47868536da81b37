//! One module per `boardlab` subcommand: its clap arguments and its `run` function.

pub mod book;
pub mod compare;
pub mod diff;
pub mod explain;
pub mod hash;
pub mod perft;
pub mod perftree;
pub mod report;
pub mod search;
pub mod show;
pub mod suite;
pub mod uci;
pub mod units;

use crate::{Backend, Error};
use std::io::Write;

/// Writes one text per backend, each under a `== name ==` header when there are several: the
/// output shape of the teaching views (`show`, `explain`).
fn write_per_backend(
    backends: &[Backend],
    out: &mut impl Write,
    mut text_of: impl FnMut(Backend) -> Result<String, Error>,
) -> Result<(), Error> {
    for (i, &backend) in backends.iter().enumerate() {
        let text = text_of(backend)?;
        if backends.len() > 1 {
            let gap = if i == 0 { "" } else { "\n" };
            writeln!(out, "{gap}== {backend} ==")?;
        }
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}
