//! Arguments several commands share, each defined once: the hash table's size, depths and
//! thread counts. (`--fen`, `--moves` and `--chess960` are the position's, in
//! [`position`](crate::position); `--backend` takes the registry's types, from
//! boardlab-backends.)

use boardlab_core::MAX_DEPTH;
use clap::builder::RangedI64ValueParser;

/// The hash table's size when a search is not given one, as UCI's `Hash` option starts.
pub(crate) const DEFAULT_HASH_MB: u32 = 16;

/// The largest hash table any command, or UCI's `Hash` option, accepts.
pub(crate) const MAX_HASH_MB: u32 = 16_384;

/// `--hash MB`: the size of a command's hash table, with one meaning everywhere.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub(crate) struct HashSize {
    /// The hash table's size in MiB, as UCI's `Hash` option sets it. Without it perft and
    /// units keep no table, and a search keeps one of 16 MiB.
    #[arg(long, value_name = "MB", value_parser = hash_megabytes())]
    pub hash: Option<u32>,
}

impl HashSize {
    /// The size asked for, if any, in MiB.
    pub fn megabytes(self) -> Option<usize> {
        self.hash.map(|mb| mb as usize)
    }

    /// The size asked for, or the search's default.
    pub fn megabytes_or_default(self) -> usize {
        self.hash.unwrap_or(DEFAULT_HASH_MB) as usize
    }
}

/// The parser of a hash table's size: from 1 MiB to [`MAX_HASH_MB`].
fn hash_megabytes() -> RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=i64::from(MAX_HASH_MB))
}

/// The parser of a depth argument: from `least` to [`MAX_DEPTH`], the one bound every command
/// shares.
pub(crate) fn depth(least: i64) -> RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(least..=i64::from(MAX_DEPTH))
}

/// The parser of a `--threads` argument.
pub(crate) fn threads() -> RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=256)
}

/// The backends `choice` stands for that this processor runs, a note on stderr for each that
/// `all` skips (the registry says why, and leaves the saying to the command line).
///
/// # Errors
///
/// One backend this processor cannot run.
pub(crate) fn runnable(choice: crate::BackendChoice) -> Result<Vec<crate::Backend>, crate::Error> {
    let runnable = choice.runnable()?;
    for skipped in &runnable.skipped {
        eprintln!("note: skipping {}: {skipped}", skipped.backend);
    }
    Ok(runnable.backends)
}
