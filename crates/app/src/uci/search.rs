//! `boardlab search`: the engine's search from the command line, the best move in a position by
//! depth, node count or time, with the `info` lines a GUI would see.

use super::job::info_line;
use crate::args::{self, HashSize};
use crate::engine::EvalChoice;
use crate::position::PositionArgs;
use crate::{BackendChoice, Error, Outcome};
use boardlab_engine::{EvalTerms, Limits, Score, SearchResult, Searcher};
use boardlab_harness::Position;
use boardlab_harness::{board_type, BoardType};
use serde_json::json;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Arguments of `boardlab search`.
#[derive(Debug, Clone, clap::Args)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "movetime", "nodes"])))]
pub(crate) struct SearchArgs {
    /// The backend to search with, or `all` to search with each in turn (the same depth or
    /// node limit gives the same move, score and node count on every backend).
    #[arg(long, value_enum, value_name = "BACKEND", default_value_t = BackendChoice::DEFAULT)]
    pub backend: BackendChoice,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Search this many plies deep.
    #[arg(long, value_parser = args::depth(1))]
    pub depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    #[command(flatten)]
    pub hash: HashSize,
    /// The terms the evaluation adds up: the piece-square tables alone (the default, the
    /// fastest), or with mobility, attacked squares, king safety and pawn structure.
    #[arg(long, value_enum, value_name = "TERMS", default_value_t = EvalChoice::Pst)]
    pub eval: EvalChoice,
    /// One JSON object per backend: `{"backend","bestmove","score","depth","nodes","pv",…}`
    /// (`bestmove` is null when there is no legal move; the text form and UCI write `0000`).
    #[arg(long)]
    pub json: bool,
}

impl SearchArgs {
    /// The search limits the arguments ask for.
    fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(Duration::from_millis),
            ..Limits::INFINITE
        }
    }
}

/// Runs `boardlab search`: per iteration a line of progress, then the best move (or, with
/// `--json`, one object per backend).
///
/// # Errors
///
/// A bad FEN or move.
pub(crate) fn run(args: &SearchArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let position = args.position.resolve()?;
    for backend in crate::args::runnable(args.backend)? {
        let (result, best, pv) = search(board_type(backend), args, &position, out)?;
        if args.json {
            let score = match result.score {
                Score::Cp(cp) => json!({ "cp": cp }),
                Score::Mate(moves) => json!({ "mate": moves }),
            };
            let line = json!({
                "backend": backend.name(),
                "fen": position.fen(),
                "bestmove": best,
                "score": score,
                "depth": result.depth,
                "seldepth": result.seldepth,
                "nodes": result.nodes,
                "seconds": result.elapsed.as_secs_f64(),
                "nps": result.nps(),
                "eval": EvalTerms::from(args.eval).name(),
                "pv": pv,
            });
            writeln!(out, "{line}")?;
        } else {
            writeln!(
                out,
                "{}: bestmove {} score {} depth {} nodes {} nps {} pv {}",
                backend.name(),
                // No legal move: the null move `0000`, as the UCI engine answers.
                best.as_deref().unwrap_or("0000"),
                result.score,
                result.depth,
                result.nodes,
                result.nps(),
                pv.join(" ")
            )?;
        }
    }
    Ok(Outcome::Success)
}

/// A search's result, best move and principal variation in the position's notation.
type Searched = (SearchResult, Option<String>, Vec<String>);

/// Searches the position on the backend `board_type`. The `--moves` played on the way are the
/// game's history, so the search sees repetitions of their positions.
fn search(
    board_type: &dyn BoardType,
    args: &SearchArgs,
    position: &Position,
    out: &mut impl Write,
) -> Result<Searched, Error> {
    let mut searcher = Searcher::new(args.hash.megabytes_or_default());
    searcher.set_eval_terms(args.eval.into());
    let mut written = Ok(());
    let result = board_type.search(
        &mut searcher,
        position,
        &args.limits(),
        &AtomicBool::new(false),
        &mut |info| {
            if !args.json && written.is_ok() {
                let pv = position.line_texts(&info.pv);
                written = writeln!(out, "{}", info_line(info, &pv));
            }
        },
    );
    written?;
    let best = result.best_move.map(|mv| position.move_text(mv));
    let pv = position.line_texts(&result.pv);
    Ok((result, best, pv))
}
