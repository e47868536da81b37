//! `boardlab search`: the best move in a position, by depth, node count or time.

use crate::{BackendChoice, Error, Outcome, PositionArgs};
use boardlab_core::{Board, Limits, Score, SearchResult, Searcher, MAX_DEPTH};
use serde_json::json;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Arguments of `boardlab search`.
#[derive(Debug, Clone, clap::Args)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "movetime", "nodes"])))]
pub struct SearchArgs {
    /// The backend to search with, or `all` to search with each in turn (the same depth or
    /// node limit gives the same move, score and node count on every backend).
    #[arg(long, value_enum, default_value_t = BackendChoice::DEFAULT)]
    pub backend: BackendChoice,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Search this many plies deep.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH as i64))]
    pub depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// The transposition table's size in MiB.
    #[arg(long, value_name = "MB", default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub hash: u32,
    /// One JSON object per backend: `{"backend","bestmove","score","depth","nodes","pv",…}`
    /// (`bestmove` is null when there is no legal move; the text form and UCI write `0000`).
    #[arg(long)]
    pub json: bool,
}

impl SearchArgs {
    /// The search limits the arguments ask for.
    pub fn limits(&self) -> Limits {
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
pub fn run(args: &SearchArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let needs_chess960 = args.position.root()?.is_chess960();
    for backend in args.backend.backends_for(needs_chess960)? {
        let (fen, result, best, pv) = with_backend!(backend, B => search::<B>(args, out)?);
        if args.json {
            let score = match result.score {
                Score::Cp(cp) => json!({ "cp": cp }),
                Score::Mate(moves) => json!({ "mate": moves }),
            };
            let line = json!({
                "backend": backend.name(),
                "fen": fen,
                "bestmove": best,
                "score": score,
                "depth": result.depth,
                "seldepth": result.seldepth,
                "nodes": result.nodes,
                "seconds": result.elapsed.as_secs_f64(),
                "nps": result.nps(),
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

/// A search's position (FEN), result, best move and principal variation in UCI notation.
type Searched = (String, SearchResult, Option<String>, Vec<String>);

/// Searches the position on board type `B`. The `--moves` played on the way are the game's
/// history, so the search sees repetitions of their positions.
fn search<B: Board>(args: &SearchArgs, out: &mut impl Write) -> Result<Searched, Error> {
    let root = args.position.root()?;
    crate::position::refuse_unsupported::<B>(&root)?;
    let chess960 = args.position.is_chess960()?;
    let mut board = B::from_setup(&root);
    let mut game = Vec::with_capacity(args.position.moves.len());
    for text in &args.position.moves {
        let mv = board.parse_move(text, chess960)?;
        game.push(board.search_zobrist());
        board.make(mv);
    }
    let mut searcher = Searcher::new(args.hash as usize);
    let start = board.clone();
    let mut written = Ok(());
    let result = searcher.search(
        &mut board,
        &game,
        &args.limits(),
        &AtomicBool::new(false),
        |info| {
            if !args.json && written.is_ok() {
                let pv = start.line_text(&info.pv, chess960);
                written = writeln!(out, "{}", crate::uci::info_line(info, &pv));
            }
        },
    );
    written?;
    let best = result.best_move.map(|mv| start.move_text(mv, chess960));
    let pv = start.line_text(&result.pv, chess960);
    Ok((board.to_fen(), result, best, pv))
}
