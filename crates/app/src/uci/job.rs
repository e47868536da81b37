//! What the engine's search thread does for one `go`: a search (pondering first when asked)
//! that ends in one `bestmove`, or `go perft`'s divide.

use super::go::GoParams;
use crate::{Backend, Error, Position};
use boardlab_core::{BoardExt, Move};
use boardlab_engine::{Limits, SearchInfo, Searcher};
use boardlab_harness::perft::{DivideFormat, PerftOptions, PerftRunner};
use boardlab_harness::{board_type, BoardType};
use boardlab_reference::ReferenceBoard;
use std::fmt::Display;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Where the engine's lines go: shared by the main loop and the search thread, each line
/// written whole and flushed at once, as a GUI reading a pipe needs.
#[derive(Clone)]
pub(super) struct Output(pub Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub fn line(&self, text: impl Display) {
        let mut out = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // A GUI that has gone away cannot be told; the engine ends when its input does.
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }

    pub fn error(&self, text: impl Display) {
        self.line(format_args!("info string error: {text}"));
    }
}

/// What a search thread does.
pub(super) struct Job {
    pub backend: Backend,
    pub position: Position,
    pub params: GoParams,
    pub stop: Arc<AtomicBool>,
    /// Raised from the start unless the search ponders; then by `ponderhit` or `stop`.
    pub ponder_over: Arc<AtomicBool>,
    pub out: Output,
    /// UCI's `debug on`: say which backend answers before anything else.
    pub debug: bool,
}

impl Job {
    pub fn run(self, searcher: &mut Searcher) {
        let board_type = board_type(self.backend);
        if self.debug {
            // The name of the board type that runs, not of the option's value: what a test of
            // `setoption name Backend` needs to see.
            self.out
                .line(format_args!("info string backend {}", board_type.name()));
        }
        if let Some(depth) = self.params.perft {
            return self.perft(board_type, depth);
        }
        let mut limits = self.params.limits(self.position.setup().turn);
        limits.searchmoves = self.root_moves();
        let mut report = |info: &SearchInfo| {
            let pv = self.position.line_texts(&info.pv);
            self.out.line(info_line(info, &pv))
        };
        let position = &self.position;
        let mut result;
        if self.params.ponder {
            // No clock while pondering: the time is the opponent's.
            let pondering = Limits {
                movetime: None,
                soft_time: None,
                ..limits.clone()
            };
            result = board_type.search(
                searcher,
                position,
                &pondering,
                &self.ponder_over,
                &mut report,
            );
            wait_for(&self.ponder_over);
            if !self.stop.load(Ordering::Relaxed) {
                // `ponderhit`: the search the `go` line asked for, on the clock from now.
                result = board_type.search(searcher, position, &limits, &self.stop, &mut report);
            }
        } else {
            result = board_type.search(searcher, position, &limits, &self.stop, &mut report);
        }
        if result.best_move.is_none() || result.depth == 0 {
            // No iteration was reported: say what is known.
            self.out.line(format_args!(
                "info depth {} score {} nodes {} time {}",
                result.depth,
                result.score,
                result.nodes,
                result.elapsed.as_millis()
            ));
        }
        // After `go infinite` the best move waits for `stop`, as the protocol asks.
        if self.params.infinite {
            wait_for(&self.stop);
        }
        // No legal move: the null move, `0000`.
        let line = match result.best_move {
            Some(best) if result.pv.first() == Some(&best) => self.position.line_texts(&result.pv),
            Some(best) => vec![self.position.move_text(best)],
            None => Vec::new(),
        };
        let Some(best) = line.first() else {
            return self.out.line(format_args!("bestmove {}", Move::NULL));
        };
        match line.get(1) {
            Some(ponder) => self
                .out
                .line(format_args!("bestmove {best} ponder {ponder}")),
            None => self.out.line(format_args!("bestmove {best}")),
        }
    }

    /// The legal moves `searchmoves` names here; each one that is not legal is reported and
    /// left out.
    fn root_moves(&self) -> Vec<Move> {
        let board: ReferenceBoard = self.position.board();
        let mut moves = Vec::new();
        for text in &self.params.searchmoves {
            match board.parse_move(text, self.position.king_takes_rook()) {
                Ok(mv) => moves.push(mv),
                Err(err) => self
                    .out
                    .line(format_args!("info string searchmoves: {err}; ignored")),
            }
        }
        if moves.is_empty() && !self.params.searchmoves.is_empty() {
            self.out
                .line("info string searchmoves names no legal move; every move is searched");
        }
        moves
    }

    /// `go perft N`: Stockfish's divide output, each root move's count as it is known. A
    /// `stop` ends it early, with a note instead of the total.
    fn perft(&self, board_type: &dyn BoardType, depth: u32) {
        let format = DivideFormat::Stockfish;
        let counted = PerftRunner::new(PerftOptions::default()).and_then(|runner| {
            let runner = runner.stopped_by(Arc::clone(&self.stop));
            board_type.divide(&runner, &self.position, depth, &mut |mv, nodes| {
                self.out.line(format.move_line(&mv.to_string(), nodes));
            })
        });
        match counted {
            Ok(total) => self.out.line(format.total_lines(total)),
            Err(Error::Stopped) => self.out.line("info string perft stopped"),
            Err(err) => self.out.error(err),
        }
    }
}

/// Waits until `flag` is raised.
fn wait_for(flag: &AtomicBool) {
    while !flag.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The `info` line for a completed iteration, with its principal variation `pv` in UCI
/// notation (see [`BoardExt::line_text`](boardlab_core::BoardExt::line_text)).
pub(crate) fn info_line(info: &SearchInfo, pv: &[String]) -> String {
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} hashfull {} time {}",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nps(),
        info.hashfull,
        info.elapsed.as_millis()
    );
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}
