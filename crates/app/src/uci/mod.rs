//! The UCI engine: boardlab's search behind the Universal Chess Interface, on any backend.
//!
//! [`UciServer::run`] reads commands line by line. `go` hands the search to its own thread, so
//! `isready` and `stop` are answered while it runs; the thread prints `info` lines after each
//! iteration and `bestmove` at the end, through the same locked output as the main loop.
//!
//! Nothing a GUI sends can stop the engine: a malformed line, a bad FEN or an illegal move gets
//! an `info string error: …` line and the engine carries on with the position it had (for a
//! bad move, the position before that move, as Stockfish does).
//!
//! Every `go` that searches ends with exactly one `bestmove` line, so a GUI is never left
//! waiting: a word `go` does not know, or a parameter without a usable number, is reported in an
//! `info string` and otherwise ignored, as Stockfish does. A position with no legal move
//! answers `bestmove 0000`, the null move in UCI notation, which most GUIs and engines expect.
//! (`go perft N` is no search and, as in Stockfish, prints its counts and no `bestmove`. It
//! runs to its total before the next `go`, `ucinewgame` or `quit` is carried out, and at the end
//! of the input, since Stockfish finishes it before reading on and scripts that pipe commands
//! count on that; `stop` ends it early.)
//!
//! Supported: `uci`, `debug` (`on`: each `go` first names its backend in an `info string`),
//! `isready`, `setoption` (`Hash`, `Backend`, `Eval` (`pst` or `full`, the terms the
//! evaluation adds up), `OwnBook`, `BookFile`, `UCI_Chess960`), `register`, `ucinewgame`,
//! `position startpos|fen … [moves …]`,
//! `go` with `depth`, `nodes`, `movetime`, `wtime`/`btime`/`winc`/`binc`/`movestogo`, `mate`
//! (a search that prunes nothing that could hide a mate, see
//! [`Limits::mate`](boardlab_engine::Limits::mate)), `searchmoves` (the root moves to consider),
//! `ponder`, `infinite` and `perft N` (Stockfish's divide output), `stop`, `ponderhit` and
//! `quit`.
//!
//! Pondering: `go ponder …` searches the position after the expected reply, without a clock,
//! and keeps its `bestmove` back. `ponderhit` (the opponent played the expected move) turns it
//! into the ordinary search the rest of the `go` line asks for, the clock starting then, with
//! the transposition table holding what pondering found; `stop` (the opponent played something
//! else) ends it and the `bestmove` comes at once, for the GUI to discard.
//!
//! Chess960: `position fen` reads standard FEN, X-FEN and Shredder-FEN. With `UCI_Chess960` on,
//! or for a FEN that leaves no doubt (Shredder letters, castling rights with the king or a rook
//! off its standard square), castling is read and written as the king taking its own rook
//! (`e1h1`), in moves, `bestmove`, `pv` and `go perft`.

mod command;
pub(crate) mod go;
mod job;
mod options;
pub(crate) mod search;

pub(crate) use command::{run, UciArgs};

use crate::args::DEFAULT_HASH_MB;
use crate::{Backend, Book, Error, Position};
use boardlab_core::{Move, Setup, MAX_DEPTH};
use boardlab_engine::{EvalTerms, Searcher};
use boardlab_reference::ReferenceBoard;
use go::GoParams;
use job::{Job, Output};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Stack for the search thread: recursion to `MAX_PLY` with a move list per frame.
const SEARCH_STACK_BYTES: usize = 32 * 1024 * 1024;

/// A search or perft running on its own thread.
struct Running {
    stop: Arc<AtomicBool>,
    /// Raised by `ponderhit` and by `stop`: the end of pondering.
    ponder_over: Arc<AtomicBool>,
    /// Whether it is a `go perft`, which the engine finishes before the next command that
    /// needs the engine (only `stop` ends it early), as Stockfish does.
    perft: bool,
    handle: JoinHandle<Searcher>,
}

/// The engine side of UCI: its state between commands.
pub(crate) struct UciServer {
    out: Output,
    backend: Backend,
    hash_mb: usize,
    position: Position,
    /// `None` while a search thread has it.
    searcher: Option<Searcher>,
    running: Option<Running>,
    own_book: bool,
    book: Option<Arc<Book>>,
    random: u64,
    /// `Eval`: the terms the evaluation adds up, kept here so that a searcher made anew gets
    /// them too.
    eval_terms: EvalTerms,
    /// `UCI_Chess960`, as the GUI set it: the notation of the positions it sends next (a FEN
    /// that leaves no doubt turns it on for its own position).
    chess960_option: bool,
    /// `debug on`: each `go` first says, in an `info string`, which backend runs it.
    debug: bool,
}

impl UciServer {
    /// An engine writing to `output`, searching with `backend`.
    pub fn new(backend: Backend, output: impl Write + Send + 'static) -> UciServer {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        UciServer {
            out: Output(Arc::new(Mutex::new(Box::new(output)))),
            backend,
            hash_mb: DEFAULT_HASH_MB as usize,
            position: Position::new(Setup::start(), false),
            searcher: Some(Searcher::new(DEFAULT_HASH_MB as usize)),
            running: None,
            own_book: false,
            book: None,
            random: seed | 1,
            eval_terms: EvalTerms::default(),
            chess960_option: false,
            debug: false,
        }
    }

    /// Reads commands from `input` until `quit` or the end of the input, then stops any search
    /// and returns.
    ///
    /// # Errors
    ///
    /// Only when `input` cannot be read.
    pub fn run(&mut self, input: impl BufRead) -> Result<(), Error> {
        for line in input.lines() {
            let line = match line {
                Ok(line) => line,
                // Bytes that are not UTF-8 make a bad line, not a dead engine.
                Err(err) if err.kind() == std::io::ErrorKind::InvalidData => {
                    self.out.error("the line is not valid UTF-8");
                    continue;
                }
                Err(err) => return Err(Error::Engine(format!("cannot read input: {err}"))),
            };
            if !self.command(&line) {
                break;
            }
        }
        // `quit` or the end of the input: a `go perft` still counting finishes and prints its
        // total, so that `printf 'position startpos\ngo perft 4\n' | boardlab uci` counts; a
        // search is stopped and prints its `bestmove`.
        self.settle();
        Ok(())
    }

    /// Carries out one command line; `false` after `quit`.
    pub fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        // UCI says to skip unknown words before a command ("joho debug on" is "debug on").
        let Some(start) = words.iter().position(|w| is_command(w)) else {
            if !words.is_empty() {
                self.out
                    .error(format_args!("unknown command {:?}", line.trim()));
            }
            return true;
        };
        let (command, args) = (words[start], &words[start + 1..]);
        match command {
            "uci" => self.identify(),
            "debug" => match args.first().copied() {
                Some("on") => self.debug = true,
                Some("off") => self.debug = false,
                _ => self.out.error("debug takes on or off"),
            },
            "register" => {}
            "ponderhit" => {
                // Outside pondering there is nothing to hit, as in Stockfish.
                if let Some(running) = &self.running {
                    running.ponder_over.store(true, Ordering::Relaxed);
                }
            }
            "isready" => self.out.line("readyok"),
            "setoption" => self.set_option(line),
            "ucinewgame" => {
                self.settle();
                if let Some(searcher) = &mut self.searcher {
                    searcher.clear();
                }
                self.position = Position::new(Setup::start(), self.chess960_option);
            }
            "position" => self.set_position(args),
            "go" => self.go(args),
            "stop" => self.finish_search(),
            "quit" => return false,
            _ => self
                .out
                .error(format_args!("unhandled command {command:?}")),
        }
        true
    }

    /// `position startpos|fen <fen> [moves …]`: a bad FEN leaves the position as it was; a bad
    /// move leaves it before that move.
    fn set_position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|&w| w == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let mut position = match head {
            ["startpos"] => Position::new(Setup::start(), self.chess960_option),
            ["fen", fields @ ..] => {
                match Position::from_fen(&fields.join(" "), self.chess960_option) {
                    Ok(position) => position,
                    Err(err) => return self.out.error(err),
                }
            }
            _ => {
                return self
                    .out
                    .error("position needs startpos or fen <FEN>, then optionally moves")
            }
        };
        for text in moves {
            if let Err(err) = position.play(text) {
                self.out.error(format_args!(
                    "{err}; the position is the one before that move"
                ));
                break;
            }
        }
        self.position = position;
    }

    fn go(&mut self, args: &[&str]) {
        let (params, ignored) = GoParams::parse(args);
        for note in ignored {
            self.out.line(format_args!("info string {note}"));
        }
        if params.perft.is_some_and(|depth| depth > MAX_DEPTH) {
            return self
                .out
                .error(format_args!("go perft goes at most {MAX_DEPTH} plies deep"));
        }
        self.settle();
        let from_book = !params.infinite && !params.ponder && params.perft.is_none();
        if from_book && self.play_from_book() {
            return;
        }
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(self.hash_mb));
        searcher.set_eval_terms(self.eval_terms);
        let stop = Arc::new(AtomicBool::new(false));
        let ponder_over = Arc::new(AtomicBool::new(!params.ponder));
        let perft = params.perft.is_some();
        let job = Job {
            backend: self.backend,
            position: self.position.clone(),
            params,
            stop: Arc::clone(&stop),
            ponder_over: Arc::clone(&ponder_over),
            out: self.out.clone(),
            debug: self.debug,
        };
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                job.run(&mut searcher);
                searcher
            });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    stop,
                    ponder_over,
                    perft,
                    handle,
                })
            }
            Err(err) => {
                self.out
                    .error(format_args!("cannot start the search: {err}"));
                // Still one `bestmove` for the `go`; the null move, as for no legal move.
                self.out.line(format_args!("bestmove {}", Move::NULL));
            }
        }
    }

    /// Answers `go` from the book when `OwnBook` is on and the book has a move here.
    fn play_from_book(&mut self) -> bool {
        let Some(book) = self.book.clone().filter(|_| self.own_book) else {
            return false;
        };
        // xorshift64: enough to vary the book moves from game to game.
        self.random ^= self.random << 13;
        self.random ^= self.random >> 7;
        self.random ^= self.random << 17;
        let random = self.random;
        // The book's moves are the position's, whichever board lists them: the reference
        // board.
        let board: ReferenceBoard = self.position.board();
        let chosen = book
            .pick(&board, random)
            .map(|mv| self.position.text(&board, mv));
        match chosen {
            Some(mv) => {
                self.out.line(format_args!("info string book move {mv}"));
                self.out.line(format_args!("bestmove {mv}"));
                true
            }
            None => false,
        }
    }

    /// Stops the running search or perft, if any, and waits for its `bestmove` or total.
    fn finish_search(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop.store(true, Ordering::Relaxed);
            running.ponder_over.store(true, Ordering::Relaxed);
            self.join(running);
        }
    }

    /// Before a command that needs the engine (`go`, `ucinewgame`, `quit`, the end of the
    /// input): a running `go perft` is waited for to the end, since Stockfish finishes it
    /// before it reads on and scripts that pipe commands count on its total; a search is
    /// stopped, as [`finish_search`](Self::finish_search) does.
    fn settle(&mut self) {
        match self.running.take() {
            Some(running) if running.perft => self.join(running),
            Some(running) => {
                self.running = Some(running);
                self.finish_search();
            }
            None => {}
        }
    }

    /// Waits for the thread of `running` and takes its searcher back.
    fn join(&mut self, running: Running) {
        self.searcher = Some(
            running
                .handle
                .join()
                .unwrap_or_else(|_| Searcher::new(self.hash_mb)),
        );
    }
}

/// The commands of UCI, as the engine recognises them: the first such word of a line is its
/// command, and the words before it are skipped.
pub const COMMANDS: &[&str] = &[
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
];

fn is_command(word: &str) -> bool {
    COMMANDS.contains(&word)
}

/// The text after the first whole word `word` in `line`.
fn after_word<'a>(line: &'a str, word: &str) -> Option<&'a str> {
    find_word(line, word).map(|(_, after)| after)
}

/// Splits `text` around the first whole word `word`.
fn find_word<'a>(text: &'a str, word: &str) -> Option<(&'a str, &'a str)> {
    let mut offset = 0;
    for piece in text.split_inclusive(char::is_whitespace) {
        if piece.trim_end() == word {
            let end = offset + word.len();
            return Some((&text[..offset], &text[end..]));
        }
        offset += piece.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::Board;

    #[test]
    fn the_game_history_counts_positions_by_the_legal_en_passant_rule() {
        // After e7e5 the d5 pawn could take on e6 but for the pin along the fifth rank, so the
        // position after d8e8 is the same one, and repeats it.
        let mut engine = UciServer::new(Backend::DEFAULT, std::io::sink());
        engine.command(
            "position fen 4k3/4p3/8/K2P3r/8/8/8/8 b - - 0 1 moves e7e5 a5a6 e8d8 a6a5 d8e8",
        );
        let game = engine.position.history();
        assert_eq!(game.len(), 5);
        let now: boardlab_reference::ReferenceBoard = engine.position.board();
        assert_eq!(game[1], now.search_zobrist());
    }

    #[test]
    fn a_bad_move_leaves_the_position_before_it() {
        let mut engine = UciServer::new(Backend::DEFAULT, std::io::sink());
        engine.command("position startpos moves e2e4 e7e5 e4e5 g8f6");
        assert_eq!(engine.position.move_texts(), ["e2e4", "e7e5"]);
        engine.command("position fen 8/8/8 w - - 0 1");
        assert_eq!(
            engine.position.move_texts(),
            ["e2e4", "e7e5"],
            "a bad FEN changes nothing"
        );
    }

    #[test]
    fn option_values_keep_their_spaces() {
        let line = "setoption name BookFile value /tmp/my books/book.bin";
        let rest = after_word(line, "name").unwrap();
        let (name, value) = find_word(rest, "value").unwrap();
        assert_eq!(name.trim(), "BookFile");
        assert_eq!(value.trim(), "/tmp/my books/book.bin");
        assert_eq!(after_word("setoption", "name"), None);
        assert_eq!(find_word("namesake value", "name"), None);
    }
}
