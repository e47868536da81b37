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
//! (`go perft N` is no search and, as in Stockfish, prints its counts and no `bestmove`.)
//!
//! Supported: `uci`, `debug`, `isready`, `setoption` (`Hash`, `Backend`, `OwnBook`,
//! `BookFile`, `UCI_Chess960`), `register`, `ucinewgame`, `position startpos|fen … [moves …]`, `go` with `depth`,
//! `nodes`, `movetime`, `wtime`/`btime`/`winc`/`binc`/`movestogo`, `mate` (a search that
//! prunes nothing that could hide a mate, see [`Limits::mate`]), `searchmoves` (the root moves
//! to consider), `ponder`, `infinite` and `perft N` (Stockfish's divide output), `stop`,
//! `ponderhit` and `quit`.
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
//! (`e1h1`), in moves, `bestmove`, `pv` and `go perft`. A backend without Chess960 castling
//! hands such a position to one that has it, and says so in an `info string`.

use crate::{Backend, Error};
use boardlab_core::{Board, Book, Color, Limits, Move, SearchInfo, Searcher, Setup, Zobrist};
use std::fmt::Display;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The transposition table's size unless the GUI sets `Hash`.
pub const DEFAULT_HASH_MB: usize = 16;
/// The largest `Hash` accepted.
pub const MAX_HASH_MB: usize = 4096;
/// The deepest `go perft` accepted.
pub const MAX_PERFT_DEPTH: u32 = 20;
/// Stack for the search thread: recursion to `MAX_PLY` with a move list per frame.
const SEARCH_STACK_BYTES: usize = 32 * 1024 * 1024;

/// Where the engine's lines go: shared by the main loop and the search thread, each line
/// written whole and flushed at once, as a GUI reading a pipe needs.
#[derive(Clone)]
struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    fn line(&self, text: impl Display) {
        let mut out = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // A GUI that has gone away cannot be told; the engine ends when its input does.
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }

    fn error(&self, text: impl Display) {
        self.line(format_args!("info string error: {text}"));
    }
}

/// A search or perft running on its own thread.
struct Running {
    stop: Arc<AtomicBool>,
    /// Raised by `ponderhit` and by `stop`: the end of pondering.
    ponder_over: Arc<AtomicBool>,
    handle: JoinHandle<Searcher>,
}

/// The parameters of a `go` command.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GoParams {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub wtime: Option<Duration>,
    pub btime: Option<Duration>,
    pub winc: Option<Duration>,
    pub binc: Option<Duration>,
    pub movestogo: Option<u32>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    /// The moves after `searchmoves`, as written (checked against the position when the
    /// search starts).
    pub searchmoves: Vec<String>,
    pub perft: Option<u32>,
}

/// The words `go` takes.
const GO_KEYWORDS: &[&str] = &[
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "perft",
    "infinite",
    "ponder",
    "searchmoves",
];

impl GoParams {
    /// Parses the words after `go`, and says what it ignored: words that are no parameter, and
    /// parameters whose number is missing or not a number (the word after such a parameter is
    /// taken as its value unless it is itself a parameter).
    pub fn parse(words: &[&str]) -> (GoParams, Vec<String>) {
        let mut params = GoParams::default();
        let mut ignored = Vec::new();
        let mut words = words.iter().copied().peekable();
        while let Some(word) = words.next() {
            let mut number = |name: &str| -> Option<i64> {
                let Some(text) = words.next_if(|next| !GO_KEYWORDS.contains(next)) else {
                    ignored.push(format!("go {name} needs a number; ignored"));
                    return None;
                };
                let value = text.parse::<i64>().ok();
                if value.is_none() {
                    ignored.push(format!("go {name}: {text:?} is not a number; ignored"));
                }
                value
            };
            // Clocks can be sent negative by a GUI whose side has overstepped; treat as zero.
            let millis = |value: i64| Duration::from_millis(value.max(0) as u64);
            let count = |value: i64| u32::try_from(value.max(0)).unwrap_or(u32::MAX);
            match word {
                "depth" => params.depth = number(word).map(count).or(params.depth),
                "nodes" => params.nodes = number(word).map(|n| n.max(0) as u64).or(params.nodes),
                "movetime" => params.movetime = number(word).map(millis).or(params.movetime),
                "wtime" => params.wtime = number(word).map(millis).or(params.wtime),
                "btime" => params.btime = number(word).map(millis).or(params.btime),
                "winc" => params.winc = number(word).map(millis).or(params.winc),
                "binc" => params.binc = number(word).map(millis).or(params.binc),
                "movestogo" => params.movestogo = number(word).map(count).or(params.movestogo),
                "mate" => params.mate = number(word).map(count).or(params.mate),
                "perft" => params.perft = number(word).map(count).or(params.perft),
                "infinite" => params.infinite = true,
                "ponder" => params.ponder = true,
                "searchmoves" => {
                    while let Some(text) = words.next_if(|next| !GO_KEYWORDS.contains(next)) {
                        params.searchmoves.push(text.to_string());
                    }
                }
                other => ignored.push(format!("go: unknown word {other:?} ignored")),
            }
        }
        (params, ignored)
    }

    /// The limits for a search with `side` to move (the root moves of `searchmoves` are added
    /// by the caller, who has the position).
    pub fn limits(&self, side: Color) -> Limits {
        if self.infinite {
            return Limits {
                mate: self.mate,
                ..Limits::INFINITE
            };
        }
        let (time, increment) = match side {
            Color::White => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        let mut limits = match time {
            Some(time) => Limits::clock(time, increment.unwrap_or_default(), self.movestogo),
            None => Limits::INFINITE,
        };
        if let Some(movetime) = self.movetime {
            limits.movetime = Some(limits.movetime.map_or(movetime, |t| t.min(movetime)));
            limits.soft_time = limits.soft_time.map(|t| t.min(movetime));
        }
        limits.depth = self.depth;
        limits.mate = self.mate;
        limits.nodes = self.nodes;
        limits
    }
}

/// The engine side of UCI: its state between commands.
pub struct UciServer {
    out: Output,
    backend: Backend,
    hash_mb: usize,
    root: Setup,
    moves: Vec<Move>,
    /// `None` while a search thread has it.
    searcher: Option<Searcher>,
    running: Option<Running>,
    own_book: bool,
    book: Option<Arc<Book>>,
    random: u64,
    /// `UCI_Chess960`, as the GUI set it.
    chess960_option: bool,
    /// Whether the current position is read and written the Chess960 way: the option, or a
    /// FEN that says so.
    chess960: bool,
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
            hash_mb: DEFAULT_HASH_MB,
            root: Setup::start(),
            moves: Vec::new(),
            searcher: Some(Searcher::new(DEFAULT_HASH_MB)),
            running: None,
            own_book: false,
            book: None,
            random: seed | 1,
            chess960_option: false,
            chess960: false,
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
        self.finish_search();
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
            "debug" | "register" => {}
            "ponderhit" => {
                // Outside pondering there is nothing to hit, as in Stockfish.
                if let Some(running) = &self.running {
                    running.ponder_over.store(true, Ordering::Relaxed);
                }
            }
            "isready" => self.out.line("readyok"),
            "setoption" => self.set_option(line),
            "ucinewgame" => {
                self.finish_search();
                if let Some(searcher) = &mut self.searcher {
                    searcher.clear();
                }
                self.root = Setup::start();
                self.moves.clear();
                self.chess960 = self.chess960_option;
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

    fn identify(&self) {
        self.out.line(format_args!(
            "id name boardlab {}",
            env!("CARGO_PKG_VERSION")
        ));
        self.out.line("id author the boardlab authors");
        self.out.line(format_args!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        let names: Vec<String> = Backend::ALL
            .iter()
            .map(|b| format!("var {}", b.name()))
            .collect();
        self.out.line(format_args!(
            "option name Backend type combo default {} {}",
            self.backend.name(),
            names.join(" ")
        ));
        self.out
            .line("option name OwnBook type check default false");
        self.out
            .line("option name BookFile type string default <empty>");
        self.out
            .line("option name UCI_Chess960 type check default false");
        self.out.line("uciok");
    }

    /// `setoption name <name> [value <value>]`: the name may have spaces, and so may the value
    /// (a book's path), which is taken verbatim to the end of the line.
    fn set_option(&mut self, line: &str) {
        let Some(rest) = after_word(line, "name") else {
            return self.out.error("setoption needs a name");
        };
        let (name, value) = match find_word(rest, "value") {
            Some((before, after)) => (before.trim(), Some(after.trim())),
            None => (rest.trim(), None),
        };
        let value = value.unwrap_or("");
        match name.to_ascii_lowercase().as_str() {
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    if self.running.is_some() {
                        return self.out.error("Hash cannot change during a search");
                    }
                    self.hash_mb = mb;
                    match &mut self.searcher {
                        Some(searcher) => searcher.resize_table(mb),
                        None => self.searcher = Some(Searcher::new(mb)),
                    }
                }
                _ => self.out.error(format_args!(
                    "Hash must be a number of MB from 1 to {MAX_HASH_MB}, not {value:?}"
                )),
            },
            "backend" => match Backend::ALL.iter().find(|b| b.name() == value) {
                Some(&backend) => match backend.available() {
                    Ok(backend) => self.backend = backend,
                    Err(why) => self.out.error(format_args!("{why}")),
                },
                None => {
                    let names: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
                    self.out.error(format_args!(
                        "unknown backend {value:?}; choose one of {}",
                        names.join(", ")
                    ))
                }
            },
            "ownbook" => match value.to_ascii_lowercase().as_str() {
                "true" => {
                    self.own_book = true;
                    if self.book.is_none() {
                        self.out
                            .line("info string OwnBook is on but no BookFile is loaded");
                    }
                }
                "false" => self.own_book = false,
                _ => self
                    .out
                    .error(format_args!("OwnBook must be true or false, not {value:?}")),
            },
            "uci_chess960" => match value.to_ascii_lowercase().as_str() {
                "true" => self.chess960_option = true,
                "false" => self.chess960_option = false,
                _ => self.out.error(format_args!(
                    "UCI_Chess960 must be true or false, not {value:?}"
                )),
            },
            "bookfile" => {
                self.book = None;
                if value.is_empty() || value == "<empty>" {
                    return;
                }
                match Book::open(value) {
                    Ok(book) => {
                        self.out.line(format_args!(
                            "info string book {value} loaded with {} entries",
                            book.len()
                        ));
                        self.book = Some(Arc::new(book));
                    }
                    Err(err) => self.out.error(format_args!("BookFile {value}: {err}")),
                }
            }
            _ => self.out.error(format_args!("unknown option {name:?}")),
        }
    }

    /// `position startpos|fen <fen> [moves …]`.
    fn set_position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|&w| w == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let (root, says_chess960) = match head {
            ["startpos"] => (Setup::start(), false),
            ["fen", fields @ ..] => match Setup::from_fen_960(&fields.join(" ")) {
                Ok(read) => read,
                Err(err) => return self.out.error(err),
            },
            _ => {
                return self
                    .out
                    .error("position needs startpos or fen <FEN>, then optionally moves")
            }
        };
        let chess960 = self.chess960_option || says_chess960;
        let backend = backend_for(self.backend, &root);
        if backend != self.backend {
            self.out.line(format_args!(
                "info string backend {} does not play Chess960 castling yet; {} plays this \
                 position",
                self.backend, backend
            ));
        }
        let (played, error) = with_backend!(backend, B => play_moves::<B>(&root, moves, chess960));
        self.root = root;
        self.moves = played;
        self.chess960 = chess960;
        if let Some(err) = error {
            self.out.error(format_args!(
                "{err}; the position is the one before that move"
            ));
        }
    }

    fn go(&mut self, args: &[&str]) {
        let (params, ignored) = GoParams::parse(args);
        for note in ignored {
            self.out.line(format_args!("info string {note}"));
        }
        if params.perft.is_some_and(|depth| depth > MAX_PERFT_DEPTH) {
            return self.out.error(format_args!(
                "go perft goes at most {MAX_PERFT_DEPTH} plies deep"
            ));
        }
        self.finish_search();
        let from_book = !params.infinite && !params.ponder && params.perft.is_none();
        if from_book && self.play_from_book() {
            return;
        }
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(self.hash_mb));
        let stop = Arc::new(AtomicBool::new(false));
        let ponder_over = Arc::new(AtomicBool::new(!params.ponder));
        let job = Job {
            backend: backend_for(self.backend, &self.root),
            chess960: self.chess960,
            root: self.root.clone(),
            moves: self.moves.clone(),
            params,
            stop: Arc::clone(&stop),
            ponder_over: Arc::clone(&ponder_over),
            out: self.out.clone(),
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
        let chosen = with_backend!(backend_for(self.backend, &self.root), B => {
            let (board, _) = replay::<B>(&self.root, &self.moves);
            book.pick(&board, random)
                .map(|mv| board.move_text(mv, self.chess960))
        });
        match chosen {
            Some(mv) => {
                self.out.line(format_args!("info string book move {mv}"));
                self.out.line(format_args!("bestmove {mv}"));
                true
            }
            None => false,
        }
    }

    /// Stops the running search, if any, and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop.store(true, Ordering::Relaxed);
            running.ponder_over.store(true, Ordering::Relaxed);
            self.searcher = Some(
                running
                    .handle
                    .join()
                    .unwrap_or_else(|_| Searcher::new(self.hash_mb)),
            );
        }
    }
}

/// What a search thread does.
struct Job {
    backend: Backend,
    chess960: bool,
    root: Setup,
    moves: Vec<Move>,
    params: GoParams,
    stop: Arc<AtomicBool>,
    /// Raised from the start unless the search ponders; then by `ponderhit` or `stop`.
    ponder_over: Arc<AtomicBool>,
    out: Output,
}

impl Job {
    fn run(self, searcher: &mut Searcher) {
        with_backend!(self.backend, B => self.run_on::<B>(searcher))
    }

    fn run_on<B: Board>(&self, searcher: &mut Searcher) {
        let (mut board, game) = replay::<B>(&self.root, &self.moves);
        if let Some(depth) = self.params.perft {
            return self.perft(&mut board, depth);
        }
        let mut limits = self.params.limits(board.side_to_move());
        limits.searchmoves = self.root_moves(&board);
        let root = board.clone();
        let report = |info: &SearchInfo| {
            self.out
                .line(info_line(info, &root.line_text(&info.pv, self.chess960)))
        };
        let mut result;
        if self.params.ponder {
            // No clock while pondering: the time is the opponent's.
            let pondering = Limits {
                movetime: None,
                soft_time: None,
                ..limits.clone()
            };
            result = searcher.search(&mut board, &game, &pondering, &self.ponder_over, report);
            wait_for(&self.ponder_over);
            if !self.stop.load(Ordering::Relaxed) {
                // `ponderhit`: the search the `go` line asked for, on the clock from now.
                result = searcher.search(&mut board, &game, &limits, &self.stop, report);
            }
        } else {
            result = searcher.search(&mut board, &game, &limits, &self.stop, report);
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
            Some(best) if result.pv.first() == Some(&best) => {
                root.line_text(&result.pv, self.chess960)
            }
            Some(best) => vec![root.move_text(best, self.chess960)],
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
    fn root_moves<B: Board>(&self, board: &B) -> Vec<Move> {
        let mut moves = Vec::new();
        for text in &self.params.searchmoves {
            match board.parse_move(text, self.chess960) {
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
    fn perft<B: Board>(&self, board: &mut B, depth: u32) {
        // The total and the blank lines around it go out in one write, so that no answer of
        // the main loop (`readyok`) can fall between them.
        if depth == 0 {
            self.out.line("\nNodes searched: 1\n");
            return;
        }
        let mut total = 0;
        for mv in board.legal_moves().iter().copied() {
            let text = board.move_text(mv, self.chess960);
            let undo = board.make(mv);
            let nodes = stoppable_perft(board, depth - 1, &self.stop);
            board.unmake(mv, undo);
            let Some(nodes) = nodes else {
                self.out.line("info string perft stopped");
                return;
            };
            self.out.line(format_args!("{text}: {nodes}"));
            total += nodes;
        }
        self.out.line(format_args!("\nNodes searched: {total}\n"));
    }
}

/// Waits until `flag` is raised.
fn wait_for(flag: &AtomicBool) {
    while !flag.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Perft with bulk counting at the last ply, or `None` once `stop` is raised (looked at on
/// every interior node: a relaxed load costs next to nothing beside move generation).
fn stoppable_perft<B: Board>(board: &mut B, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    if depth == 1 {
        return Some(board.count_legal());
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut nodes = 0;
    for mv in board.legal_moves().iter().copied() {
        let undo = board.make(mv);
        let below = stoppable_perft(board, depth - 1, stop);
        board.unmake(mv, undo);
        nodes += below?;
    }
    Some(nodes)
}

/// The `info` line for a completed iteration, with its principal variation `pv` in UCI
/// notation (see [`Board::line_text`]).
pub fn info_line(info: &SearchInfo, pv: &[String]) -> String {
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

/// The board after `moves` from `root`, and the hashes of the positions before the last one
/// (the game's history, for repetitions).
fn replay<B: Board>(root: &Setup, moves: &[Move]) -> (B, Vec<Zobrist>) {
    let mut board = B::from_setup(root);
    let mut game = Vec::with_capacity(moves.len());
    for &mv in moves {
        game.push(board.search_zobrist());
        board.make(mv);
    }
    (board, game)
}

/// The backend that plays `root`: `chosen`, unless the position needs Chess960 castling and
/// `chosen` does not have it.
fn backend_for(chosen: Backend, root: &Setup) -> Backend {
    if root.is_chess960() && !chosen.plays_chess960() {
        Backend::default_for(true)
    } else {
        chosen
    }
}

/// Parses and plays `texts` from `root`: the legal moves up to the first bad one, and the error
/// for that one.
fn play_moves<B: Board>(
    root: &Setup,
    texts: &[&str],
    chess960: bool,
) -> (Vec<Move>, Option<String>) {
    let mut board = B::from_setup(root);
    let mut played = Vec::with_capacity(texts.len());
    for text in texts {
        match board.parse_move(text, chess960) {
            Ok(mv) => {
                board.make(mv);
                played.push(mv);
            }
            Err(err) => return (played, Some(err.to_string())),
        }
    }
    (played, None)
}

const COMMANDS: &[&str] = &[
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

    #[test]
    fn go_parameters_parse_and_garbage_is_reported_and_ignored() {
        let (params, ignored) =
            GoParams::parse(&["wtime", "1000", "btime", "-5", "winc", "10", "depth", "4"]);
        assert_eq!(params.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(params.btime, Some(Duration::ZERO));
        assert_eq!(params.depth, Some(4));
        assert!(ignored.is_empty());
        let (params, ignored) = GoParams::parse(&["depth"]);
        assert_eq!((params, ignored.len()), (GoParams::default(), 1));
        let (params, ignored) = GoParams::parse(&["depth", "x", "nodes", "500"]);
        assert_eq!((params.depth, params.nodes), (None, Some(500)));
        assert_eq!(ignored, [r#"go depth: "x" is not a number; ignored"#]);
        // A missing number does not swallow the next parameter.
        let (params, ignored) = GoParams::parse(&["movetime", "infinite"]);
        assert!(params.infinite && params.movetime.is_none());
        assert_eq!(ignored, ["go movetime needs a number; ignored"]);
        let (params, ignored) = GoParams::parse(&["sideways", "depth", "2"]);
        assert_eq!(params.depth, Some(2));
        assert_eq!(ignored, [r#"go: unknown word "sideways" ignored"#]);
        assert_eq!(GoParams::parse(&["perft", "3"]).0.perft, Some(3));
        let (params, ignored) = GoParams::parse(&["searchmoves", "e2e4", "d2d4", "ponder"]);
        assert_eq!(params.searchmoves, ["e2e4", "d2d4"]);
        assert!(params.ponder && ignored.is_empty());
    }

    #[test]
    fn limits_follow_the_side_to_move_clock() {
        let params = GoParams::parse(&["wtime", "60000", "btime", "1000"]).0;
        let white = params.limits(Color::White);
        let black = params.limits(Color::Black);
        assert!(white.movetime.unwrap() > black.movetime.unwrap());
        assert!(black.movetime.unwrap() <= Duration::from_millis(1000));
        let fixed = GoParams::parse(&["movetime", "50"]).0.limits(Color::White);
        assert_eq!(fixed.movetime, Some(Duration::from_millis(50)));
        assert_eq!(fixed.depth, None);
        let mate = GoParams::parse(&["mate", "2"]).0.limits(Color::White);
        assert_eq!((mate.mate, mate.depth), (Some(2), None));
        assert_eq!(GoParams::default().limits(Color::White), Limits::INFINITE);
    }

    #[test]
    fn the_game_history_counts_positions_by_the_legal_en_passant_rule() {
        // After e7e5 the d5 pawn could take on e6 but for the pin along the fifth rank, so the
        // position after d8e8 is the same one, and repeats it.
        let root = Setup::from_fen("4k3/4p3/8/K2P3r/8/8/8/8 b - - 0 1").unwrap();
        let texts = ["e7e5", "a5a6", "e8d8", "a6a5", "d8e8"];
        let (moves, error) = play_moves::<boardlab_core::ReferenceBoard>(&root, &texts, false);
        assert_eq!((moves.len(), error), (5, None));
        let (board, game) = replay::<boardlab_core::ReferenceBoard>(&root, &moves);
        assert_eq!(game.len(), 5);
        assert_eq!(game[1], board.search_zobrist());
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
