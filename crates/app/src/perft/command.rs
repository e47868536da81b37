//! `boardlab perft`: count the leaves below a position, optionally per root move, optionally
//! with the statistics of chessprogramming.org's tables (`--stats`).

use crate::args::{self, HashSize};
use crate::position::PositionArgs;
use crate::{BackendChoice, Error, Outcome};
use boardlab_core::{PerftMode, UciMove};
use boardlab_harness::perft::{
    mnps, nodes_per_second, DivideFormat, LeafCount, PerftOptions, PerftRunner, PerftStats,
    TableTally,
};
use boardlab_harness::Position;
use boardlab_harness::{board_type, BoardType};
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
    /// Describe the leaves as chessprogramming.org's "Perft Results" tables do: captures, en
    /// passant, castles, promotions, checks, discovered and double checks, checkmates, and
    /// stalemates.
    #[arg(long)]
    pub stats: bool,
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

/// One backend's count: of leaves (`u64`), or their statistics ([`PerftStats`]).
struct Count<C> {
    backend: &'static str,
    total: C,
    seconds: f64,
    /// Each root move with its count, with `--divide`.
    divide: Option<Vec<(String, C)>>,
    /// The hash table's probes and hits during this count, with `--hash`.
    table: Option<TableTally>,
}

/// How to count `C` on a backend: the leaves, or their statistics.
trait Counted: LeafCount {
    /// The count below `position` on `board_type`.
    fn count(
        board_type: &dyn BoardType,
        runner: &PerftRunner,
        position: &Position,
        depth: u32,
    ) -> Result<Self, Error>;

    /// The count below `position` on `board_type`, split by root move.
    fn divide(
        board_type: &dyn BoardType,
        runner: &PerftRunner,
        position: &Position,
        depth: u32,
        each: &mut dyn FnMut(UciMove, Self),
    ) -> Result<Self, Error>;
}

/// `Counted` for `$tally`, through the board type's methods that count it (a `dyn` board type
/// cannot have a method generic over the tally).
macro_rules! counted_by {
    ($tally:ty, $count:ident, $divide:ident) => {
        impl Counted for $tally {
            fn count(
                board_type: &dyn BoardType,
                runner: &PerftRunner,
                position: &Position,
                depth: u32,
            ) -> Result<$tally, Error> {
                board_type.$count(runner, position, depth)
            }

            fn divide(
                board_type: &dyn BoardType,
                runner: &PerftRunner,
                position: &Position,
                depth: u32,
                each: &mut dyn FnMut(UciMove, $tally),
            ) -> Result<$tally, Error> {
                board_type.$divide(runner, position, depth, each)
            }
        }
    };
}

counted_by!(u64, count, divide);
counted_by!(PerftStats, count_stats, divide_stats);

fn count<C: Counted>(
    board_type: &dyn BoardType,
    args: &PerftArgs,
    position: &Position,
    runner: &PerftRunner,
) -> Result<Count<C>, Error> {
    let start = Instant::now();
    let (total, divide) = if args.divide {
        let mut lines = Vec::new();
        let total = C::divide(
            board_type,
            runner,
            position,
            args.depth,
            &mut |mv, below| {
                lines.push((mv.to_string(), below));
            },
        )?;
        (total, Some(lines))
    } else {
        (C::count(board_type, runner, position, args.depth)?, None)
    };
    Ok(Count {
        backend: board_type.name(),
        total,
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
    if args.stats && args.hash.megabytes().is_some() {
        // A slot holds one 64-bit count and the statistics are ten: a table of them would be a
        // different table, ten times the size for the same positions, to save walks that
        // statistics (a debugging aid, run at small depths) rarely need saved.
        return Err(Error::Usage(
            "--stats keeps no hash table (a table slot holds one count, the statistics are ten): \
             leave out --hash"
                .to_string(),
        ));
    }
    let position = args.position.resolve()?;
    let backends = crate::args::runnable(args.backend)?;
    let several = backends.len() > 1;
    let mut counts: Vec<(&'static str, u64)> = Vec::new();
    for (index, backend) in backends.into_iter().enumerate() {
        // A fresh table for each backend: one backend must not be handed another's counts.
        let runner = PerftRunner::new(args.options())?;
        let board_type = board_type(backend);
        let nodes = if args.stats {
            let count = count::<PerftStats>(board_type, args, &position, &runner)?;
            write_stats(args, &position, &count, several, index == 0, out)?;
            (count.backend, count.total.nodes)
        } else {
            let count = count::<u64>(board_type, args, &position, &runner)?;
            write_count(args, &position, &count, several, out)?;
            (count.backend, count.total)
        };
        counts.push(nodes);
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
    count: &Count<u64>,
    several: bool,
    out: &mut impl Write,
) -> Result<(), Error> {
    let mode = args.options().mode.name();
    let nodes = count.total;
    if args.json {
        for (mv, nodes) in count.divide.iter().flatten() {
            let line = json!({"backend": count.backend, "move": mv, "nodes": nodes});
            writeln!(out, "{line}")?;
        }
        let mut line = json!({
            "backend": count.backend,
            "fen": position.fen(),
            "depth": args.depth,
            "nodes": nodes,
            "seconds": count.seconds,
            "nps": nodes_per_second(nodes, count.seconds),
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
        DivideFormat::Stockfish.write(divide, nodes, out)?;
    } else {
        writeln!(
            out,
            "{}: {} nodes in {:.3} s ({:.2} Mnps, {mode})",
            count.backend,
            nodes,
            count.seconds,
            mnps(nodes, count.seconds)
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

/// The statistics' columns as the text table heads them, in [`PerftStats::columns`] order.
const STATS_HEADS: [&str; 10] = [
    "nodes",
    "captures",
    "e.p.",
    "castles",
    "promotions",
    "checks",
    "discovered",
    "double",
    "checkmates",
    "stalemates",
];

/// Writes one backend's statistics: as a table (a row per root move with `--divide`, then the
/// total), or as JSON lines.
fn write_stats(
    args: &PerftArgs,
    position: &Position,
    count: &Count<PerftStats>,
    several: bool,
    first: bool,
    out: &mut impl Write,
) -> Result<(), Error> {
    let object = |stats: &PerftStats| -> serde_json::Map<String, serde_json::Value> {
        stats
            .columns()
            .iter()
            .map(|&(name, value)| (name.to_string(), json!(value)))
            .collect()
    };
    if args.json {
        for (mv, stats) in count.divide.iter().flatten() {
            let mut line = serde_json::Map::new();
            line.insert("backend".to_string(), json!(count.backend));
            line.insert("move".to_string(), json!(mv));
            line.extend(object(stats));
            writeln!(out, "{}", serde_json::Value::Object(line))?;
        }
        let mut line = serde_json::Map::new();
        line.insert("backend".to_string(), json!(count.backend));
        line.insert("fen".to_string(), json!(position.fen()));
        line.insert("depth".to_string(), json!(args.depth));
        line.extend(object(&count.total));
        line.insert("seconds".to_string(), json!(count.seconds));
        let nps = nodes_per_second(count.total.nodes, count.seconds);
        line.insert("nps".to_string(), json!(nps));
        line.insert("mode".to_string(), json!(PerftMode::FullMake.name()));
        writeln!(out, "{}", serde_json::Value::Object(line))?;
        return Ok(());
    }
    // One row per root move and a total, or one row per backend.
    let (first_head, rows): (&str, Vec<(String, &PerftStats)>) = match &count.divide {
        Some(divide) => {
            let mut rows: Vec<(String, &PerftStats)> = divide
                .iter()
                .map(|(mv, stats)| (mv.clone(), stats))
                .collect();
            rows.push(("total".to_string(), &count.total));
            ("move", rows)
        }
        None => ("backend", vec![(count.backend.to_string(), &count.total)]),
    };
    if count.divide.is_some() && several {
        writeln!(out, "{}:", count.backend)?;
    }
    if count.divide.is_some() || first {
        writeln!(out, "depth {}: {}", args.depth, position.fen())?;
    }
    let mut table: Vec<Vec<String>> = Vec::new();
    if count.divide.is_some() || first {
        let mut head = vec![first_head.to_string()];
        head.extend(STATS_HEADS.iter().map(|h| h.to_string()));
        table.push(head);
    }
    for (name, stats) in rows {
        let mut row = vec![name];
        row.extend(stats.columns().iter().map(|(_, value)| value.to_string()));
        table.push(row);
    }
    for row in table {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(column, cell)| {
                // Wide enough for every backend's name and for ten-digit counts.
                let width = if column == 0 { 12 } else { 11 };
                if column == 0 {
                    format!("{cell:<width$}")
                } else {
                    format!("{cell:>width$}")
                }
            })
            .collect();
        writeln!(out, "{}", cells.join(" ").trim_end())?;
    }
    if count.divide.is_some() {
        writeln!(out)?;
    }
    Ok(())
}
