//! `boardlab perft`: count the leaves below a position, optionally per root move.

use super::table::TableTally;
use super::{mnps, nodes_per_second, DivideFormat, PerftOptions, PerftRunner};
use crate::args::{self, HashSize};
use crate::position::{Position, PositionArgs};
use crate::{BackendChoice, Error, Outcome};
use boardlab_core::{Board, PerftMode};
use serde_json::json;
use std::io::Write;
use std::time::Instant;

/// Arguments of `boardlab perft`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct PerftArgs {
    /// The backend to count with, or `all` to run each in turn.
    #[arg(long, value_enum, value_name = "BACKEND", default_value_t = BackendChoice::DEFAULT)]
    pub backend: BackendChoice,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Plies to count.
    #[arg(long, value_parser = args::depth(0))]
    pub depth: u32,
    /// Print the count below each legal move (`e2e4: 20`), then the total, as Stockfish does.
    #[arg(long)]
    pub divide: bool,
    /// Make and unmake every leaf instead of counting the last ply's moves.
    #[arg(long)]
    pub no_bulk: bool,
    /// Threads to share the root moves among.
    #[arg(long, default_value_t = 1, value_parser = args::threads())]
    pub threads: u32,
    #[command(flatten)]
    pub hash: HashSize,
    /// One JSON object per line: per root move with --divide, then the total.
    #[arg(long)]
    pub json: bool,
}

impl PerftArgs {
    /// The counting options the arguments ask for.
    fn options(&self) -> PerftOptions {
        PerftOptions {
            mode: if self.no_bulk {
                PerftMode::FullMake
            } else {
                PerftMode::Bulk
            },
            threads: self.threads as usize,
            hash_megabytes: self.hash.megabytes(),
            key_seed: None,
        }
    }
}

/// One backend's count.
struct Count {
    backend: &'static str,
    nodes: u64,
    seconds: f64,
    /// Each root move with its count, with `--divide`.
    divide: Option<Vec<(String, u64)>>,
    /// The hash table's probes and hits during this count, with `--hash`.
    table: Option<TableTally>,
}

fn count<B: Board>(
    args: &PerftArgs,
    position: &Position,
    runner: &PerftRunner,
) -> Result<Count, Error> {
    let board: B = position.board();
    let start = Instant::now();
    let (nodes, divide) = if args.divide {
        let mut lines = Vec::new();
        let nodes = runner.divide(&board, args.depth, |mv, nodes| {
            lines.push((position.text(&board, mv), nodes));
        })?;
        (nodes, Some(lines))
    } else {
        (runner.count(&board, args.depth)?, None)
    };
    Ok(Count {
        backend: B::NAME,
        nodes,
        seconds: start.elapsed().as_secs_f64(),
        divide,
        table: runner.table_tally(),
    })
}

/// Runs `boardlab perft`.
///
/// # Errors
///
/// A bad FEN or move, or a hash table that cannot be allocated.
pub(crate) fn run(args: &PerftArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let position = args.position.resolve()?;
    let backends = args.backend.runnable()?;
    let several = backends.len() > 1;
    let mut counts: Vec<(&'static str, u64)> = Vec::new();
    for backend in backends {
        // A fresh table for each backend: one backend must not be handed another's counts.
        let runner = PerftRunner::new(args.options())?;
        let count = with_backend!(backend, B => count::<B>(args, &position, &runner))?;
        write_count(args, &position, &count, several, out)?;
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
    position: &Position,
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
            "fen": position.fen(),
            "depth": args.depth,
            "nodes": count.nodes,
            "seconds": count.seconds,
            "nps": nodes_per_second(count.nodes, count.seconds),
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
        DivideFormat::Stockfish.write(divide, count.nodes, out)?;
    } else {
        writeln!(
            out,
            "{}: {} nodes in {:.3} s ({:.2} Mnps, {mode})",
            count.backend,
            count.nodes,
            count.seconds,
            mnps(count.nodes, count.seconds)
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
