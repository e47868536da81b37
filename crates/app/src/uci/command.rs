//! `boardlab uci`: the engine for chess GUIs, speaking UCI on standard input and output.

use super::UciServer;
use crate::{Backend, Error, Outcome};
use std::io::{BufRead, Write};

/// Arguments of `boardlab uci`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct UciArgs {
    /// The backend to search with (the GUI can change it with the `Backend` option).
    #[arg(long, value_enum, value_name = "BACKEND", default_value_t = Backend::DEFAULT)]
    pub backend: Backend,
}

/// Runs the UCI loop on `input` and `output` until `quit` or the end of the input.
///
/// # Errors
///
/// When the input cannot be read, or the backend cannot run on this processor.
pub(crate) fn run(
    args: &UciArgs,
    input: impl BufRead,
    output: impl Write + Send + 'static,
) -> Result<Outcome, Error> {
    UciServer::new(args.backend.available()?, output).run(input)?;
    Ok(Outcome::Success)
}
