//! What the integration tests share: running the `boardlab` binary and reading what it printed,
//! and finding the outside tools some of them talk to.
//!
//! A test that needs a tool asks [`require`]. When the tool is there, the test runs. When it is
//! missing, the test prints a note and passes on a developer's machine, but under CI
//! (`boardlab_testkit::ci::under_ci`) it fails, so that CI (whose `.ci/run` installs every
//! tool) never passes by skipping.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output};

/// The `boardlab` binary under test.
pub const BOARDLAB: &str = env!("CARGO_BIN_EXE_boardlab");

/// Runs `boardlab` with `args` and waits for it.
pub fn boardlab(args: &[&str]) -> Output {
    boardlab_with(args, |_| {})
}

/// Runs `boardlab` with `args` after `setup` has changed the command (its environment, say).
/// A run still going after [`RUN_PATIENCE`] is killed and fails the test.
pub fn boardlab_with(args: &[&str], setup: impl FnOnce(&mut Command)) -> Output {
    let mut command = Command::new(BOARDLAB);
    command.args(args).stdin(std::process::Stdio::null());
    setup(&mut command);
    run_within(command, RUN_PATIENCE)
}

/// How long one run of the binary may take before the test fails: far beyond any run the
/// tests make, and far short of CI's limit, so that a hang (a timeout that no longer fires,
/// say) fails its test instead of stalling the whole run.
pub const RUN_PATIENCE: std::time::Duration = std::time::Duration::from_secs(300);

/// Runs `command` to its end, its output captured, as `Command::output` does, but kills it
/// and fails the test once `limit` has passed: the deadline is watched while the program runs,
/// not checked after it exits.
pub fn run_within(mut command: Command, limit: std::time::Duration) -> Output {
    command.output_within(limit)
}

/// [`run_within`] for a command being built: `Command::new(…).args(…).output_within(limit)`
/// in place of `.output()`, and like it with an empty standard input.
pub trait OutputWithin {
    /// The command's output, as [`run_within`] gives it.
    fn output_within(&mut self, limit: std::time::Duration) -> Output;

    /// The command's exit status, in place of `.status()`: its input and output go where the
    /// command says, and it is killed and fails the test once `limit` has passed.
    fn status_within(&mut self, limit: std::time::Duration) -> std::process::ExitStatus;
}

impl OutputWithin for Command {
    fn output_within(&mut self, limit: std::time::Duration) -> Output {
        use std::process::Stdio;
        let child = self
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|err| panic!("{self:?} starts: {err}"));
        wait_within(child, &format!("{self:?}"), limit)
    }

    fn status_within(&mut self, limit: std::time::Duration) -> std::process::ExitStatus {
        let child = self
            .spawn()
            .unwrap_or_else(|err| panic!("{self:?} starts: {err}"));
        wait_within(child, &format!("{self:?}"), limit).status
    }
}

/// Waits for `child` as [`run_within`] does, with what it printed on the standard output and
/// error it was given as pipes (an output it was not given as a pipe reads as empty). `what`
/// names it in the failure.
pub fn wait_within(mut child: Child, what: &str, limit: std::time::Duration) -> Output {
    use std::io::Read;
    use std::sync::mpsc;
    let started = std::time::Instant::now();
    // Each pipe is read to its end on a thread of its own, so that a child filling one pipe
    // never blocks while the test waits on the other; the bytes come back over a channel, so
    // that a pipe a grandchild keeps open cannot hold the test past its deadline either.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        let (sender, bytes) = mpsc::channel();
        std::thread::spawn(move || {
            let mut read = Vec::new();
            pipe.read_to_end(&mut read).ok();
            sender.send(read).ok();
        });
        bytes
    };
    let stdout = child.stdout.take().map(|pipe| drain(Box::new(pipe)));
    let stderr = child.stderr.take().map(|pipe| drain(Box::new(pipe)));
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            break status;
        }
        if started.elapsed() > limit {
            child.kill().ok();
            child.wait().ok();
            panic!("{what} was still running after {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    let read = |drained: Option<mpsc::Receiver<Vec<u8>>>| {
        drained.map_or_else(Vec::new, |drained| {
            drained
                .recv_timeout(PIPE_PATIENCE)
                .unwrap_or_else(|_| panic!("{what} exited, but its output stayed open"))
        })
    };
    Output {
        status,
        stdout: read(stdout),
        stderr: read(stderr),
    }
}

/// How long the output of a child that has exited may stay open (held by a program it
/// started) before the test fails.
const PIPE_PATIENCE: std::time::Duration = std::time::Duration::from_secs(5);

/// Runs `command` with `input` written to its standard input, which then ends, and returns its
/// output as [`run_within`] does, under the same deadline: for the outside programs (python
/// scripts, mostly) that read their questions from a pipe. The input is written on a thread
/// of its own, so that a program that stops reading cannot block the test.
pub fn feed_within(mut command: Command, input: String, limit: std::time::Duration) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|err| panic!("{command:?} starts: {err}"));
    let mut stdin = child.stdin.take().expect("the standard input is piped");
    std::thread::spawn(move || {
        // A program that exits before reading everything closes the pipe; its status says
        // what went wrong, not this write.
        stdin.write_all(input.as_bytes()).ok();
    });
    wait_within(child, &format!("{command:?}"), limit)
}

/// A deadline for a child that a test talks to line by line through its pipes, where
/// [`wait_within`] cannot watch it: once `limit` has passed the child is killed, so that
/// whatever reads from it sees the end of its output, and [`Deadline::check`] fails the test.
/// Dropping the deadline disarms it.
pub struct Deadline {
    disarm: std::sync::mpsc::Sender<()>,
    fired: std::sync::Arc<std::sync::atomic::AtomicBool>,
    what: String,
    limit: std::time::Duration,
}

impl Deadline {
    /// Starts the clock on `child`, named `what` in the failure.
    pub fn watch(child: &Child, what: &str, limit: std::time::Duration) -> Deadline {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::{mpsc, Arc};
        let (disarm, disarmed) = mpsc::channel::<()>();
        let fired = Arc::new(AtomicBool::new(false));
        let pid = child.id().to_string();
        let flag = Arc::clone(&fired);
        std::thread::spawn(move || {
            if let Err(mpsc::RecvTimeoutError::Timeout) = disarmed.recv_timeout(limit) {
                flag.store(true, Ordering::SeqCst);
                Command::new("kill").args(["-KILL", &pid]).status().ok();
            }
        });
        Deadline {
            disarm,
            fired,
            what: what.to_string(),
            limit,
        }
    }

    /// Fails the test if the deadline has passed: call it after the reads it guards, before
    /// judging what they read.
    pub fn check(&self) {
        if self.fired.load(std::sync::atomic::Ordering::SeqCst) {
            panic!("{} was still running after {:?}", self.what, self.limit);
        }
    }
}

impl Drop for Deadline {
    fn drop(&mut self) {
        self.disarm.send(()).ok();
    }
}

/// An HTTP client whose every request gives up after [`HTTP_PATIENCE`], so that a server that
/// accepts and never answers fails its test instead of hanging the run.
pub fn http() -> ureq::Agent {
    ureq::AgentBuilder::new()
        .timeout_connect(HTTP_PATIENCE)
        .timeout(HTTP_PATIENCE)
        .build()
}

/// How long one request to a server under test may take.
pub const HTTP_PATIENCE: std::time::Duration = std::time::Duration::from_secs(120);

/// What a run printed on standard output.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// What a run printed on standard error.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Standard output read as one JSON object per line.
pub fn json_lines(output: &Output) -> Vec<serde_json::Value> {
    stdout(output)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|err| panic!("{err}: {line}")))
        .collect()
}

/// Asserts that a run failed with status 2, exactly one stderr line containing `expected`, and
/// nothing on standard output.
pub fn assert_bad_input(args: &[&str], expected: &str) {
    let output = boardlab(args);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert!(
        err.contains(expected),
        "{args:?}: {err:?} lacks {expected:?}"
    );
    assert!(output.stdout.is_empty(), "{args:?} printed to stdout");
}

/// The Polyglot book of Debian's gnuchess-book package.
pub const BOOK: &str = "/usr/share/games/gnuchess/book.bin";

/// Whether the test may go on with a tool: `true` when `found`; otherwise a note and `false`,
/// or under CI (`CI` set to anything but empty, `false` or `0`) a panic naming the tool and
/// how to install it.
pub fn require(tool: &str, install: &str, found: bool) -> bool {
    require_in(boardlab_testkit::ci::under_ci(), tool, install, found)
}

/// [`require`] with the `CI` setting given, so that both answers can be tested.
pub fn require_in(under_ci: bool, tool: &str, install: &str, found: bool) -> bool {
    if found {
        return true;
    }
    if under_ci {
        panic!("{tool} is missing and CI requires it ({install})");
    }
    println!("note: skipped, {tool} is missing ({install})");
    false
}

/// The first file of that name in PATH, or in the extra directories.
pub fn find_program(name: &str, extra: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(extra.iter().map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// Whether python3 can import python-chess (required under CI).
pub fn python_chess() -> bool {
    let found = Command::new("python3")
        .args(["-c", "import chess, chess.engine, chess.polyglot"])
        .output()
        .is_ok_and(|out| out.status.success());
    require("python-chess", "pip install chess", found)
}

/// Whether python3 is on PATH (required under CI).
pub fn python3() -> bool {
    require(
        "python3",
        "apt-get install python3",
        find_program("python3", &[]).is_some(),
    )
}

/// Stockfish's path, when it is installed (required under CI).
pub fn stockfish() -> Option<PathBuf> {
    let found = find_program("stockfish", &["/usr/games"]);
    require("Stockfish", "apt-get install stockfish", found.is_some())
        .then(|| found.unwrap_or_default())
}

/// Whether the gnuchess-book Polyglot book is installed (required under CI).
pub fn book() -> bool {
    require(
        &format!("the Polyglot book {BOOK}"),
        "apt-get install gnuchess-book",
        Path::new(BOOK).exists(),
    )
}

/// A file under `tests/support/`.
pub fn support_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/support")
        .join(name)
}

/// The legal moves, in UCI notation, of the position `moves` reach from `fen`, as core's slow
/// reference board generates them: a generator of its own, not one of the backends whose
/// engine a test checks with it.
pub fn legal_moves(fen: &str, moves: &[&str]) -> Vec<String> {
    use boardlab_core::{Board, BoardExt};
    use boardlab_reference::ReferenceBoard;
    let mut board = ReferenceBoard::from_fen(fen).unwrap();
    for text in moves {
        let mv = board.parse_uci_move(text).unwrap();
        board.make(mv);
    }
    board
        .legal_moves()
        .iter()
        .map(|mv| mv.to_string())
        .collect()
}

/// Whether the side to move is checkmated in the position `moves` reach from `fen` (no legal
/// move and in check: a position with no legal move out of check is stalemate), by the
/// reference board.
pub fn is_checkmate(fen: &str, moves: &[&str]) -> bool {
    use boardlab_core::{Board, BoardExt};
    use boardlab_reference::ReferenceBoard;
    let mut board = ReferenceBoard::from_fen(fen).unwrap();
    for text in moves {
        let mv = board.parse_uci_move(text).unwrap();
        board.make(mv);
    }
    board.in_check() && board.legal_moves().is_empty()
}

/// The backends one draw of a randomized cross-backend test runs on.
///
/// Every move generator runs on every draw, through the first of its backends in registry
/// order (8x8 for the arrays generator, rotated for the bitboard one, and each other board for
/// its own), and so does the default backend, magic. The others share a generator with one of
/// those and differ only in their cells or their slider lookups, so they take turns, two per
/// draw: each still meets every kind of position the test draws (two and nine have no common
/// factor, so the turns visit every pairing), and the test grows with each generator, not with
/// each technique.
pub fn backends_in_turn(draw: usize) -> Vec<boardlab_backends::Backend> {
    use boardlab_backends::{Backend, Generator};
    const PER_DRAW: usize = 2;
    let firsts: Vec<Backend> = Generator::all().iter().map(|g| g.backends[0]).collect();
    let (always, in_turn): (Vec<Backend>, Vec<Backend>) = Backend::ALL
        .iter()
        .partition(|&&backend| firsts.contains(&backend) || backend == Backend::DEFAULT);
    let mut chosen = always;
    for k in 0..PER_DRAW.min(in_turn.len()) {
        chosen.push(in_turn[(draw * PER_DRAW + k) % in_turn.len()]);
    }
    chosen
}

/// How many draws each backend took part in, for a test to assert none was left out.
#[derive(Debug, Default)]
pub struct BackendTurns {
    draws: std::collections::BTreeMap<&'static str, usize>,
}

impl BackendTurns {
    /// Counts one draw run on `backends`.
    pub fn add(&mut self, backends: &[boardlab_backends::Backend]) {
        for backend in backends {
            *self.draws.entry(backend.name()).or_default() += 1;
        }
    }

    /// Panics unless every registered backend took part in at least `floor` draws.
    pub fn assert_each_at_least(&self, floor: usize) {
        for backend in boardlab_backends::Backend::ALL {
            let draws = self.draws.get(backend.name()).copied().unwrap_or(0);
            assert!(draws >= floor.max(1), "{backend}: in only {draws} draws");
        }
    }
}

/// The names of the backends `--backend all` runs on this processor, in registry order: every
/// registered backend, less pext where the processor has no BMI2. A test of `all` compares the
/// backends that answered with this list, so that a backend left out (or answering twice)
/// fails it.
pub fn runnable_backends() -> Vec<String> {
    boardlab_backends::Backend::ALL
        .iter()
        .filter(|backend| backend.available().is_ok())
        .map(|backend| backend.name().to_string())
        .collect()
}

/// The `backend` field of each JSON line, in order.
pub fn backends_of(lines: &[serde_json::Value]) -> Vec<String> {
    lines
        .iter()
        .map(|line| {
            line["backend"]
                .as_str()
                .unwrap_or_else(|| panic!("no backend in {line}"))
                .to_string()
        })
        .collect()
}

/// A search of `position` within `limits` on `backend`, with `searcher`'s memory and settings,
/// through the registry's board type: the search is compiled once per backend, in
/// boardlab-harness (which also checks there that the search hands the board back as it was
/// given), and not again in the test binary.
pub fn search(
    backend: boardlab_backends::Backend,
    searcher: &mut boardlab_engine::Searcher,
    position: &boardlab_harness::Position,
    limits: &boardlab_engine::Limits,
) -> boardlab_engine::SearchResult {
    let board_type = boardlab_harness::board_type(backend);
    // The board's sizes, read from its own crate: the name alone comes from the same registry
    // line as the dispatch, and could not tell another board apart.
    assert_eq!(
        Some((board_type.board_bytes(), board_type.table_bytes())),
        board_identity(backend.name()),
        "the dispatch ran another board than {backend}"
    );
    let stop = std::sync::atomic::AtomicBool::new(false);
    board_type.search(searcher, position, limits, &stop, &mut |_| {})
}

/// The position `fen`, with castling written the standard way, for [`search`].
pub fn position(fen: &str) -> boardlab_harness::Position {
    boardlab_harness::Position::from_fen(fen, false).unwrap_or_else(|err| panic!("{fen}: {err}"))
}

/// What a board of the backend called `name` is, read from its own crate and not through the
/// registry: the bytes of one board and of its tables. No two backends share both, so an answer
/// that reports them says which board gave it; a dispatch that ran one board under another's
/// name fails a test that compares them with this. A backend missing here fails
/// `cli::every_backend_has_an_identity_of_its_own`.
pub fn board_identity(name: &str) -> Option<(usize, usize)> {
    use boardlab_core::Board;
    fn of<B: Board>() -> Option<(usize, usize)> {
        Some((B::board_bytes(), B::table_bytes()))
    }
    match name {
        "piece-list" => of::<boardlab_piece_list::PieceListBoard>(),
        "mailbox" => of::<boardlab_mailbox::MailboxBoard>(),
        "x88" => of::<boardlab_x88::X88Board>(),
        "8x8" => of::<boardlab_array8x8::Array8x8Board>(),
        "12x12" => of::<boardlab_array12x12::Array12x12Board>(),
        "16x16" => of::<boardlab_array16x16::Array16x16Board>(),
        "nibble" => of::<boardlab_nibble::NibbleBoard>(),
        "attack-maps" => of::<boardlab_attack_maps::AttackMapBoard>(),
        "rotated" => of::<boardlab_rotated::RotatedBoard>(),
        "magic" => of::<boardlab_magic::MagicBoard>(),
        "bit-lines" => of::<boardlab_bitboard::BitLinesBoard>(),
        "kindergarten" => of::<boardlab_bitboard::KindergartenBoard>(),
        "hyperbola" => of::<boardlab_bitboard::HyperbolaBoard>(),
        "obstruction" => of::<boardlab_bitboard::ObstructionBoard>(),
        "kogge-stone" => of::<boardlab_bitboard::KoggeStoneBoard>(),
        "black-magic" => of::<boardlab_bitboard::BlackMagicBoard>(),
        "pext" => of::<boardlab_bitboard::PextBoard>(),
        "quad" => of::<boardlab_quad::QuadBoard>(),
        _ => None,
    }
}

/// Asserts that each JSON line's `board_bytes` and `table_bytes` are those of the board its
/// `backend` field names ([`board_identity`]).
pub fn assert_answered_by_named_boards(lines: &[serde_json::Value]) {
    assert!(!lines.is_empty(), "no answers");
    for line in lines {
        let name = line["backend"]
            .as_str()
            .unwrap_or_else(|| panic!("no backend in {line}"));
        let identity = board_identity(name).unwrap_or_else(|| panic!("no identity for {name}"));
        let bytes = |field: &str| -> usize {
            let value = line[field].as_u64();
            let value = value.unwrap_or_else(|| panic!("no {field} in {line}"));
            usize::try_from(value).expect("a size")
        };
        assert_eq!(
            (bytes("board_bytes"), bytes("table_bytes")),
            identity,
            "{name} answered with another board's sizes"
        );
    }
}
