//! Where a command's output goes besides standard output: the file `--out` names, and
//! progress bars on stderr, drawn only when stderr is a terminal so pipes and logs stay clean.

use crate::error::io_clause;
use crate::Error;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::ops::Deref;
use std::path::Path;
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

const TEMPLATE: &str = "{elapsed_precise} [{bar:30}] {pos}/{len} {msg}";

fn styled(bar: ProgressBar) -> ProgressBar {
    if let Ok(style) = ProgressStyle::with_template(TEMPLATE) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// A bar of `len` steps with a message slot, or a hidden bar when stderr is not a terminal.
pub fn progress_bar(len: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    styled(ProgressBar::new(len))
}

/// A progress bar that stays out of sight for the first `delay`, so quick runs print nothing,
/// and then redraws itself even while the work is blocked (waiting on an outside program, say).
/// Like [`progress_bar`], it is only ever drawn on a terminal. Dropping it clears it.
pub struct DelayedProgress {
    bar: ProgressBar,
    cancel: Option<Sender<()>>,
    reveal: Option<JoinHandle<()>>,
}

/// A bar of `len` steps that appears once the work has taken longer than `delay`.
pub fn progress_bar_after(len: u64, delay: Duration) -> DelayedProgress {
    if !std::io::stderr().is_terminal() {
        return DelayedProgress {
            bar: ProgressBar::hidden(),
            cancel: None,
            reveal: None,
        };
    }
    let bar = styled(ProgressBar::with_draw_target(
        Some(len),
        ProgressDrawTarget::hidden(),
    ));
    let (cancel, cancelled) = channel::<()>();
    let shown = bar.clone();
    let reveal = std::thread::spawn(move || {
        if let Err(RecvTimeoutError::Timeout) = cancelled.recv_timeout(delay) {
            shown.set_draw_target(ProgressDrawTarget::stderr());
            shown.enable_steady_tick(Duration::from_millis(200));
        }
    });
    DelayedProgress {
        bar,
        cancel: Some(cancel),
        reveal: Some(reveal),
    }
}

impl Deref for DelayedProgress {
    type Target = ProgressBar;

    fn deref(&self) -> &ProgressBar {
        &self.bar
    }
}

impl Drop for DelayedProgress {
    fn drop(&mut self) {
        // Closing the channel wakes the thread at once; joining it means the bar cannot be
        // revealed after it has been cleared.
        self.cancel = None;
        if let Some(reveal) = self.reveal.take() {
            let _ = reveal.join();
        }
        self.bar.finish_and_clear();
    }
}

/// Writes `bytes` to `path`, the file an `--out` option names, creating its folder.
///
/// # Errors
///
/// [`Error::Usage`] naming the folder or file that cannot be written.
pub fn write_file(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), Error> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|err| {
            Error::Usage(format!(
                "cannot create {}: {}",
                parent.display(),
                io_clause(&err)
            ))
        })?;
    }
    std::fs::write(path, bytes).map_err(|err| {
        Error::Usage(format!(
            "cannot write {}: {}",
            path.display(),
            io_clause(&err)
        ))
    })
}
