//! `boardlab perft`: count the leaves below a position, optionally per root move.

use crate::{BackendChoice, Error, Outcome, PerftOptions, PerftRunner, PositionArgs, TableTally};
use boardlab_core::{Board, PerftMode};
use serde_json::json;
use std::io::Write;
use std::time::Instant;

/// The deepest perft the command accepts: far beyond what finishes, but bounded.
pub const MAX_DEPTH: u32 = 32;

/// Arguments of `boardlab perft`.
#[derive(Debug, Clone, clap::Args)]
pub struct PerftArgs {
    /// The backend to count with, or `all` to run each in turn.
    #[arg(long, value_enum, default_value_t = BackendChoice::DEFAULT)]
    pub backend: BackendChoice,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Plies to count.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_DEPTH as i64))]
    pub depth: u32,
    /// Print the count below each legal move (`e2e4: 20`), then the total, as Stockfish does.
    #[arg(long)]
    pub divide: bool,
    /// Make and unmake every leaf instead of counting the last ply's moves.
    #[arg(long)]
    pub no_bulk: bool,
    /// Threads to share the root moves among.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// A hash table of subtree counts, of this many MiB.
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u32).range(1..=16384))]
    pub hash: Option<u32>,
    /// One JSON object per line: per root move with --divide, then the total.
    #[arg(long)]
    pub json: bool,
}

impl PerftArgs {
    /// The counting options the arguments ask for.
    pub fn options(&self) -> PerftOptions {
        PerftOptions {
            mode: if self.no_bulk {
                PerftMode::FullMake
            } else {
                PerftMode::Bulk
            },
            threads: self.threads as usize,
            hash_megabytes: self.hash.map(|mb| mb as usize),
        }
    }
}

/// One backend's count.
struct Count {
    backend: &'static str,
    fen: String,
    nodes: u64,
    seconds: f64,
    divide: Option<Vec<(String, u64)>>,
    /// The hash table's probes and hits during this count, with `--hash`.
    table: Option<TableTally>,
}

fn count<B: Board>(args: &PerftArgs, runner: &PerftRunner) -> Result<Count, Error> {
    let board: B = args.position.board()?;
    let start = Instant::now();
    let (nodes, divide) = if args.divide {
        let divided = runner.divide(&board, args.depth);
        let nodes = if args.depth == 0 {
            1
        } else {
            divided.iter().map(|&(_, n)| n).sum()
        };
        let chess960 = args.position.is_chess960()?;
        let lines = divided
            .into_iter()
            .map(|(mv, n)| (board.move_text(mv, chess960), n))
            .collect();
        (nodes, Some(lines))
    } else {
        (runner.count(&board, args.depth), None)
    };
    Ok(Count {
        backend: B::NAME,
        fen: board.to_fen(),
        nodes,
        seconds: start.elapsed().as_secs_f64(),
        divide,
        table: runner.table_tally(),
    })
}

/// Nodes per second, 0 for a run too short to time.
pub(crate) fn nps(nodes: u64, seconds: f64) -> u64 {
    if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    }
}

/// Runs `boardlab perft`.
///
/// # Errors
///
/// A bad FEN or move, or a hash table that cannot be allocated.
pub fn run(args: &PerftArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let backends = args
        .backend
        .backends_for(args.position.root()?.is_chess960())?;
    let several = backends.len() > 1;
    let mut counts: Vec<(&'static str, u64)> = Vec::new();
    for backend in backends {
        // A fresh table for each backend: one backend must not be handed another's counts.
        let runner = PerftRunner::new(args.options())?;
        let count = with_backend!(backend, B => count::<B>(args, &runner))?;
        write_count(args, &count, several, out)?;
        counts.push((count.backend, count.nodes));
    }
    let disagree = counts.windows(2).any(|pair| pair[0].1 != pair[1].1);
    if disagree {
        let list: Vec<String> = counts
            .iter()
            .map(|(name, nodes)| format!("{name} {nodes}"))
            .collect();
        eprintln!("backends disagree: {}", list.join(", "));
    }
    Ok(Outcome::failed_if(disagree))
}

fn write_count(
    args: &PerftArgs,
    count: &Count,
    several: bool,
    out: &mut impl Write,
) -> Result<(), Error> {
    let mode = args.options().mode.name();
    if args.json {
        for (mv, nodes) in count.divide.iter().flatten() {
            let line = json!({"backend": count.backend, "move": mv, "nodes": nodes});
            writeln!(out, "{line}")?;
        }
        let mut line = json!({
            "backend": count.backend,
            "fen": count.fen,
            "depth": args.depth,
            "nodes": count.nodes,
            "seconds": count.seconds,
            "nps": nps(count.nodes, count.seconds),
            "mode": mode,
        });
        if let Some(tally) = count.table {
            line["hash_probes"] = json!(tally.probes);
            line["hash_hits"] = json!(tally.hits);
        }
        writeln!(out, "{line}")?;
    } else if let Some(divide) = &count.divide {
        if several {
            writeln!(out, "{}:", count.backend)?;
        }
        for (mv, nodes) in divide {
            writeln!(out, "{mv}: {nodes}")?;
        }
        writeln!(out, "\nNodes searched: {}", count.nodes)?;
    } else {
        writeln!(
            out,
            "{}: {} nodes in {:.3} s ({:.2} Mnps, {mode})",
            count.backend,
            count.nodes,
            count.seconds,
            nps(count.nodes, count.seconds) as f64 / 1e6
        )?;
        if let Some(tally) = count.table {
            writeln!(
                out,
                "hash: {} probes, {} hits ({:.1}%)",
                tally.probes,
                tally.hits,
                100.0 * tally.hit_rate()
            )?;
        }
    }
    Ok(())
}
