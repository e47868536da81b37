//! The options `show` and `explain` share for where their drawing goes and in what form.

use super::write_per_backend;
use crate::{Backend, Error};
use std::io::Write;
use std::path::PathBuf;

/// `--svg` and `--out`: an SVG drawing instead of text, and a file instead of standard output.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct SvgArgs {
    /// Draw the view as one SVG document instead of text (one backend at a time).
    #[arg(long)]
    pub svg: bool,
    /// Write the output to this file instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

impl SvgArgs {
    /// Writes each backend's view, made by `view_of`, to `out` or to the `--out` file.
    ///
    /// # Errors
    ///
    /// `--svg` with more than one backend (an SVG document holds one drawing), a file that
    /// cannot be written, or what `view_of` fails with.
    pub fn write(
        &self,
        backends: &[Backend],
        out: &mut impl Write,
        view_of: impl FnMut(Backend) -> Result<String, Error>,
    ) -> Result<(), Error> {
        if self.svg && backends.len() > 1 {
            return Err(Error::Usage(
                "--svg draws one backend at a time: name it with --backend".to_string(),
            ));
        }
        match &self.out {
            None => write_per_backend(backends, out, view_of),
            Some(path) => {
                let mut buffer = Vec::new();
                write_per_backend(backends, &mut buffer, view_of)?;
                std::fs::write(path, buffer).map_err(|err| {
                    Error::Usage(format!(
                        "cannot write {}: {}",
                        path.display(),
                        err.to_string().to_lowercase()
                    ))
                })
            }
        }
    }
}
