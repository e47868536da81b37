//! `boardlab uci` driven through its standard input and output, as a GUI drives it.

use boardlab_app::Book;
use boardlab_backends::{with_backend, Backend};
use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{Board, BoardExt, Setup};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long any answer may take before the test gives up (a hang, not a speed check).
const PATIENCE: Duration = Duration::from_secs(60);

use crate::support;

use support::{is_checkmate, legal_moves, BOOK};

/// A running engine: lines go in through stdin, and come out of stdout through a reader thread.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("boardlab starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the engine reads its input");
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first one for which `done` holds.
    fn read_until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let finished = done(&line);
                    seen.push(line);
                    if finished {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no answer in time; read {seen:#?}"),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the engine closed its output; read {seen:#?}")
                }
            }
        }
    }

    fn ready(&mut self) -> Vec<String> {
        self.send("isready");
        self.read_until(|line| line == "readyok")
    }

    /// Sends `go …` and returns every line through `bestmove`.
    fn go(&mut self, params: &str) -> Vec<String> {
        self.send(&format!("go {params}"));
        self.read_until(|line| line.starts_with("bestmove"))
    }

    fn quit(mut self) {
        self.send("quit");
        let deadline = support::Deadline::watch(&self.child, "boardlab uci after quit", PATIENCE);
        let status = self.child.wait().unwrap();
        deadline.check();
        assert!(status.success(), "exit status {status}");
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut self.child.stderr.take().unwrap(), &mut stderr).unwrap();
        assert!(stderr.is_empty(), "stderr: {stderr}");
    }
}

/// The move of a `bestmove` line.
fn bestmove(lines: &[String]) -> &str {
    lines
        .last()
        .and_then(|line| line.strip_prefix("bestmove "))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no bestmove in {lines:#?}"))
}

/// The value after `key` (two words for `score`) in the last `info` line that has it.
fn last_info(lines: &[String], key: &str) -> Option<String> {
    let len = if key == "score" { 2 } else { 1 };
    lines
        .iter()
        .rev()
        .filter(|line| line.starts_with("info "))
        .find_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|w| *w == key)?;
            (at + len < words.len()).then(|| words[at + 1..=at + len].join(" "))
        })
}

#[test]
fn the_handshake_lists_the_options() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until(|line| line == "uciok");
    assert!(lines[0].starts_with("id name boardlab"));
    let option = |name: &str| {
        lines
            .iter()
            .find(|line| line.starts_with(&format!("option name {name} type")))
            .unwrap_or_else(|| panic!("no option {name} in {lines:#?}"))
            .clone()
    };
    // The range `--hash` takes on the command line (see the README's contract).
    assert!(option("Hash").ends_with("type spin default 16 min 1 max 16384"));
    assert!(option("OwnBook").contains("type check default false"));
    assert!(option("BookFile").contains("type string"));
    let backend = option("Backend");
    assert!(backend.contains(&format!("default {}", Backend::DEFAULT.name())));
    for name in Backend::ALL.iter().map(|b| b.name()) {
        assert!(backend.contains(&format!("var {name}")), "{backend}");
    }
    engine.ready();
    engine.quit();
}

#[test]
fn isready_and_stop_are_answered_during_a_search() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    engine.send("go infinite");
    // The search goes on while the engine answers.
    let before_stop = engine.ready();
    assert!(!before_stop.iter().any(|line| line.starts_with("bestmove")));
    engine.send("stop");
    let lines = engine.read_until(|line| line.starts_with("bestmove"));
    let start = boardlab_core::START_FEN;
    assert!(legal_moves(start, &["e2e4"]).contains(&bestmove(&lines).to_string()));
    engine.ready();
    engine.quit();
}

#[test]
fn go_perft_prints_stockfish_divide() {
    let cases = parse_perft_suite(STANDARD_SUITE).unwrap();
    let mut engine = Engine::start();
    for case in cases.iter().take(3) {
        let (depth, expected) = case.expected[1];
        engine.send(&format!("position fen {}", case.fen));
        engine.send(&format!("go perft {depth}"));
        let lines = engine.read_until(|line| line.starts_with("Nodes searched:"));
        let blank = lines.len() - 2;
        assert_eq!(lines[blank], "", "a blank line before the total");
        let divided: u64 = lines[..blank]
            .iter()
            .map(|line| {
                let (mv, count) = line.split_once(": ").expect("move: count");
                assert!(legal_moves(&case.fen, &[]).contains(&mv.to_string()));
                count.parse::<u64>().unwrap()
            })
            .sum();
        assert_eq!(lines[..blank].len(), case.expected[0].1 as usize);
        assert_eq!(divided, expected, "{}", case.fen);
        assert_eq!(
            lines.last().unwrap(),
            &format!("Nodes searched: {expected}")
        );
        engine.ready();
    }
    engine.quit();
}

#[test]
fn stop_ends_a_long_perft() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    // Billions of nodes: far longer than the test waits.
    engine.send("go perft 8");
    engine.send("stop");
    let lines =
        engine.read_until(|line| line.contains("perft stopped") || line.starts_with("Nodes"));
    assert_eq!(lines.last().unwrap(), "info string perft stopped");
    engine.ready();
    engine.quit();
}

/// Runs `program uci`-style with `script` piped to its standard input, which then ends, and
/// returns what it printed. A program that has not exited within [`PATIENCE`] is killed and
/// the test fails there, instead of hanging the run.
fn piped(program: &std::path::Path, args: &[&str], script: &str) -> Vec<String> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|err| panic!("{} starts: {err}", program.display()));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .expect("the program reads its input");
    // The standard input is closed here: the end of the input comes right after the script.
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .collect::<Vec<String>>()
    });
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(
                status.success(),
                "{} exited with {status}",
                program.display()
            );
            break;
        }
        if Instant::now() > deadline {
            child.kill().ok();
            panic!(
                "{} did not exit within {PATIENCE:?} of its input's end",
                program.display()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    reader.join().unwrap()
}

/// A `go perft` divide as printed: the `move: count` lines sorted, and the total.
fn divide_and_total(lines: &[String]) -> (Vec<String>, Option<u64>) {
    let mut divide: Vec<String> = lines
        .iter()
        .filter(|line| {
            line.split_once(": ")
                .is_some_and(|(mv, count)| mv.len() <= 5 && count.parse::<u64>().is_ok())
        })
        .cloned()
        .collect();
    divide.sort();
    let total = lines
        .iter()
        .find_map(|line| line.strip_prefix("Nodes searched: "))
        .map(|total| total.parse().expect("a count"));
    (divide, total)
}

#[test]
fn piped_go_perft_finishes_at_the_end_of_the_input_and_before_quit() {
    let case = &parse_perft_suite(STANDARD_SUITE).unwrap()[0];
    let (depth, expected) = case.expected[3];
    let boardlab = std::path::Path::new(env!("CARGO_BIN_EXE_boardlab"));
    for ending in ["", "quit\n"] {
        let script = format!("position fen {}\ngo perft {depth}\n{ending}", case.fen);
        let lines = piped(boardlab, &["uci"], &script);
        let (divide, total) = divide_and_total(&lines);
        assert_eq!(total, Some(expected), "{script:?} printed {lines:?}");
        assert_eq!(divide.len() as u64, case.expected[0].1, "{script:?}");
        assert!(
            !lines.iter().any(|line| line.contains("stopped")),
            "{lines:?}"
        );
    }
    // Two perfts in a row: the first runs to its end before the second starts.
    let (shallow, shallow_expected) = case.expected[1];
    let script = format!("position startpos\ngo perft {depth}\ngo perft {shallow}\n");
    let lines = piped(boardlab, &["uci"], &script);
    let totals: Vec<&String> = lines
        .iter()
        .filter(|line| line.starts_with("Nodes searched: "))
        .collect();
    assert_eq!(
        totals,
        [
            &format!("Nodes searched: {expected}"),
            &format!("Nodes searched: {shallow_expected}")
        ],
        "{lines:?}"
    );
}

#[test]
fn piped_go_perft_answers_as_stockfish_does() {
    let Some(stockfish) = support::stockfish() else {
        return;
    };
    let boardlab = std::path::Path::new(env!("CARGO_BIN_EXE_boardlab"));
    let kiwipete = &parse_perft_suite(STANDARD_SUITE).unwrap()[1];
    for ending in ["", "quit\n"] {
        let script = format!("position fen {}\ngo perft 3\n{ending}", kiwipete.fen);
        let ours = divide_and_total(&piped(boardlab, &["uci"], &script));
        let theirs = divide_and_total(&piped(&stockfish, &[], &script));
        // Each side is what it claims: Stockfish answered with a divide and a total.
        assert_eq!(
            theirs.1,
            Some(kiwipete.expected[2].1),
            "Stockfish on {script:?}"
        );
        assert_eq!(theirs.0.len() as u64, kiwipete.expected[0].1);
        assert_eq!(ours, theirs, "{script:?}");
    }
}

#[test]
fn bad_input_is_reported_and_the_engine_carries_on() {
    let mut engine = Engine::start();
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    engine.send(&format!("position fen {kiwipete}"));
    for bad in [
        "position fen 8/8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position sideways",
        "go perft 99",
        "setoption name Hash value lots",
        "setoption name Backend value abacus",
        "setoption name NoSuchOption value 1",
        "setoption",
        "flip the board",
        "\u{1b}[A",
    ] {
        engine.send(bad);
        let lines = engine.ready();
        assert!(
            lines
                .iter()
                .any(|line| line.starts_with("info string error")),
            "{bad:?} gave {lines:#?}"
        );
    }
    // The bad FENs left the position alone.
    let lines = engine.go("depth 2");
    assert!(legal_moves(kiwipete, &[]).contains(&bestmove(&lines).to_string()));
    // An illegal move keeps the moves before it.
    engine.send("position startpos moves e2e4 e7e5 e1e3 g8f6");
    let lines = engine.ready();
    assert!(
        lines.iter().any(|l| l.contains("illegal move \"e1e3\"")),
        "{lines:#?}"
    );
    let lines = engine.go("depth 2");
    let start = boardlab_core::START_FEN;
    assert!(legal_moves(start, &["e2e4", "e7e5"]).contains(&bestmove(&lines).to_string()));
    // Unknown words before a command are skipped, as the protocol asks.
    engine.send("joho isready");
    engine.read_until(|line| line == "readyok");
    engine.quit();
}

#[test]
fn positions_without_a_move_answer_the_null_move() {
    let mut engine = Engine::start();
    engine.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    let mated = engine.go("depth 3");
    assert_eq!(mated.last().unwrap(), "bestmove 0000");
    assert_eq!(last_info(&mated, "score").as_deref(), Some("mate 0"));
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let stalemate = engine.go("movetime 50");
    assert_eq!(stalemate.last().unwrap(), "bestmove 0000");
    assert_eq!(last_info(&stalemate, "score").as_deref(), Some("cp 0"));
    // Pondering on a mated position, and stopped: the same answer.
    engine.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go ponder wtime 1000 btime 1000");
    engine.ready();
    engine.send("stop");
    let pondered = engine.read_until(|line| line.starts_with("bestmove"));
    assert_eq!(pondered.last().unwrap(), "bestmove 0000");
    engine.quit();
}

/// Sends `go …`, then `stop` once an `info string` about the line has come (a search without
/// limits runs until stopped), and returns every line through `bestmove`; then checks that no
/// second `bestmove` follows.
fn go_and_stop(engine: &mut Engine, params: &str) -> Vec<String> {
    engine.send(&format!("go {params}"));
    let mut lines = engine.read_until(|line| line.starts_with("info string"));
    engine.send("stop");
    lines.extend(engine.read_until(|line| line.starts_with("bestmove")));
    let after = engine.ready();
    assert!(
        !after.iter().any(|line| line.starts_with("bestmove")),
        "go {params}: a second bestmove in {after:#?}"
    );
    lines
}

#[test]
fn every_go_ends_with_exactly_one_bestmove() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    let legal = legal_moves(boardlab_core::START_FEN, &["e2e4"]);
    for (params, note) in [
        ("backwards", r#"go: unknown word "backwards" ignored"#),
        ("depth x", r#"go depth: "x" is not a number; ignored"#),
        ("depth", "go depth needs a number; ignored"),
        ("nodes -5 wat", r#"go: unknown word "wat" ignored"#),
    ] {
        let lines = go_and_stop(&mut engine, params);
        assert!(
            lines
                .iter()
                .any(|line| line == &format!("info string {note}")),
            "go {params}: {lines:#?}"
        );
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("bestmove")).count(),
            1
        );
        assert!(legal.contains(&bestmove(&lines).to_string()), "{lines:#?}");
    }
    // With a usable limit beside the bad word, the search ends by itself.
    let lines = engine.go("depth 2 sideways");
    assert!(lines
        .iter()
        .any(|l| l.contains(r#"unknown word "sideways""#)));
    assert_eq!(last_info(&lines, "depth").as_deref(), Some("2"));
    let after = engine.ready();
    assert!(!after.iter().any(|line| line.starts_with("bestmove")));
    engine.quit();
}

#[test]
fn searchmoves_restricts_the_root_moves() {
    let mut engine = Engine::start();
    // Ra8 mates at once; the king moves do not.
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let free = engine.go("depth 3");
    assert_eq!(bestmove(&free), "a1a8");
    let restricted = engine.go("depth 3 searchmoves g1f1 g1h1");
    assert!(
        ["g1f1", "g1h1"].contains(&bestmove(&restricted)),
        "{restricted:#?}"
    );
    // An illegal move in the list is reported and left out.
    let lines = engine.go("searchmoves e2e4 g1f2 depth 3");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string searchmoves: illegal move \"e2e4\"")),
        "{lines:#?}"
    );
    assert_eq!(bestmove(&lines), "g1f2");
    engine.quit();
}

#[test]
fn go_mate_finds_a_mate_behind_a_quiet_first_move() {
    // Mate in two; the only first move is the quiet Kc6 (python-chess, searching every line,
    // finds no other), which an ordinary three-ply search reduces and misses.
    let mut engine = Engine::start();
    engine.send("position fen 1k6/8/R7/2pK4/8/8/3R4/7n w - - 0 1");
    let lines = engine.go("mate 2");
    assert_eq!(bestmove(&lines), "d5c6");
    assert_eq!(last_info(&lines, "score").as_deref(), Some("mate 2"));
    // No mate in one here: the search ends after one ply with its best move.
    let lines = engine.go("mate 1");
    assert_eq!(last_info(&lines, "depth").as_deref(), Some("1"));
    assert!(!last_info(&lines, "score").unwrap().starts_with("mate"));
    engine.quit();
}

#[test]
fn pondering_waits_for_ponderhit_or_stop() {
    let mut engine = Engine::start();
    let position = "position startpos moves e2e4 e7e5";
    let legal = legal_moves(boardlab_core::START_FEN, &["e2e4", "e7e5"]);
    // A ponder search with a depth it soon completes still keeps its move back, and answers
    // isready meanwhile.
    engine.send(position);
    engine.send("go ponder depth 2 wtime 100000 btime 100000");
    std::thread::sleep(Duration::from_millis(300));
    let meanwhile = engine.ready();
    assert!(
        !meanwhile.iter().any(|l| l.starts_with("bestmove")),
        "{meanwhile:#?}"
    );
    // ponderhit: the search goes on as an ordinary one and answers by itself.
    engine.send("ponderhit");
    let lines = engine.read_until(|line| line.starts_with("bestmove"));
    assert!(legal.contains(&bestmove(&lines).to_string()), "{lines:#?}");
    assert!(!engine.ready().iter().any(|l| l.starts_with("bestmove")));
    // On the clock, after ponderhit the clock decides when to answer.
    engine.send("go ponder wtime 2000 btime 2000");
    std::thread::sleep(Duration::from_millis(300));
    assert!(!engine.ready().iter().any(|l| l.starts_with("bestmove")));
    engine.send("ponderhit");
    let lines = engine.read_until(|line| line.starts_with("bestmove"));
    assert!(legal.contains(&bestmove(&lines).to_string()), "{lines:#?}");
    // stop: the answer comes at once.
    engine.send("go ponder wtime 100000 btime 100000");
    std::thread::sleep(Duration::from_millis(100));
    assert!(!engine.ready().iter().any(|l| l.starts_with("bestmove")));
    engine.send("stop");
    let lines = engine.read_until(|line| line.starts_with("bestmove"));
    assert!(legal.contains(&bestmove(&lines).to_string()), "{lines:#?}");
    assert!(!engine.ready().iter().any(|l| l.starts_with("bestmove")));
    engine.quit();
}

#[test]
fn finds_mates_with_mate_scores() {
    let mut engine = Engine::start();
    // Legal's mate: 1.Nf6+ gxf6 2.Bxf7#.
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    engine.send(&format!("position fen {fen}"));
    let lines = engine.go("depth 4");
    assert_eq!(last_info(&lines, "score").as_deref(), Some("mate 2"));
    let first = bestmove(&lines).to_string();
    // Every defence leaves a mate in one.
    for defence in legal_moves(fen, &[&first]) {
        let replies = legal_moves(fen, &[&first, &defence]);
        let mates = replies
            .iter()
            .any(|reply| is_checkmate(fen, &[&first, &defence, reply]));
        assert!(mates, "{first} {defence} has no mating reply");
    }
    // Scholar's mate, found with the clock running.
    let scholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    engine.send(&format!("position fen {scholar}"));
    let lines = engine.go("wtime 2000 btime 2000 winc 0 binc 0");
    assert_eq!(bestmove(&lines), "h5f7");
    assert_eq!(last_info(&lines, "score").as_deref(), Some("mate 1"));
    assert!(is_checkmate(scholar, &["h5f7"]));
    engine.quit();
}

#[test]
fn every_backend_searches_the_same_tree() {
    let mut engine = Engine::start();
    let fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
    let mut answers = Vec::new();
    engine.send("debug on");
    let (runnable, skipped): (Vec<&Backend>, Vec<&Backend>) = Backend::ALL
        .iter()
        .partition(|backend| backend.available().is_ok());
    // Every registered backend, less pext only on a processor without BMI2.
    assert!(
        skipped.is_empty() || skipped == [&Backend::Pext],
        "{skipped:?}"
    );
    for backend in runnable {
        engine.send(&format!("setoption name Backend value {}", backend.name()));
        engine.send("ucinewgame");
        engine.send(&format!("position fen {fen}"));
        let lines = engine.go("depth 4");
        // The backend that searched is the one asked for, not the one before it.
        assert_eq!(
            lines.first().map(String::as_str),
            Some(format!("info string backend {}", backend.name()).as_str()),
            "{lines:?}"
        );
        let nodes = last_info(&lines, "nodes").unwrap();
        let score = last_info(&lines, "score").unwrap();
        answers.push((backend.name(), bestmove(&lines).to_string(), score, nodes));
    }
    for answer in &answers[1..] {
        assert_eq!(
            (&answer.1, &answer.2, &answer.3),
            (&answers[0].1, &answers[0].2, &answers[0].3),
            "{} differs from {}",
            answer.0,
            answers[0].0
        );
    }
    engine.quit();
}

#[test]
fn plays_from_the_book_while_it_has_a_move() {
    if !support::book() {
        return;
    }
    let book = Book::open(BOOK).expect("the installed book opens");
    let mut engine = Engine::start();
    engine.send(&format!("setoption name BookFile value {BOOK}"));
    engine.send("setoption name OwnBook value true");
    let lines = engine.ready();
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:#?}");
    let book_moves = |moves: &[&str]| -> Vec<String> {
        with_backend!(Backend::DEFAULT, B => {
            let mut board = B::from_setup(&Setup::start());
            for text in moves {
                let mv = board.parse_uci_move(text).unwrap();
                board.make(mv);
            }
            book.moves(&board)
                .iter()
                .filter(|m| m.weight > 0)
                .map(|m| m.mv.to_string())
                .collect()
        })
    };
    engine.send("position startpos");
    let lines = engine.go("movetime 1000");
    assert!(
        book_moves(&[]).contains(&bestmove(&lines).to_string()),
        "{lines:#?}"
    );
    assert!(lines
        .iter()
        .any(|line| line.starts_with("info string book move")));
    // Out of the book (a silly opening), the engine searches.
    engine.send("position startpos moves g2g4 f7f6 f2f3 g7g5 h2h4 h7h6 a2a3 a7a6");
    assert!(
        book_moves(&["g2g4", "f7f6", "f2f3", "g7g5", "h2h4", "h7h6", "a2a3", "a7a6"]).is_empty()
    );
    let lines = engine.go("depth 2");
    assert!(lines.iter().any(|line| line.starts_with("info depth")));
    // With OwnBook off, the engine searches even in the book's positions.
    engine.send("setoption name OwnBook value false");
    engine.send("position startpos");
    let lines = engine.go("depth 2");
    assert!(!lines.iter().any(|line| line.contains("book move")));
    engine.quit();
}

#[test]
fn a_broken_book_file_is_reported() {
    let dir = std::env::temp_dir().join(format!("boardlab-uci-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let truncated = dir.join("truncated.bin");
    std::fs::write(&truncated, [0u8; 21]).unwrap();
    let mut engine = Engine::start();
    engine.send(&format!(
        "setoption name BookFile value {}",
        truncated.display()
    ));
    let lines = engine.ready();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error") && l.contains("multiple of 16")),
        "{lines:#?}"
    );
    engine.send("setoption name BookFile value /nonexistent/book.bin");
    let lines = engine.ready();
    assert!(
        lines.iter().any(|l| l.starts_with("info string error")),
        "{lines:#?}"
    );
    // Still an engine.
    engine.send("position startpos");
    engine.go("depth 1");
    engine.quit();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn garbage_never_stops_the_engine() {
    // Words a GUI might send, shuffled into nonsense by a fixed generator.
    let words = [
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "depth",
        "nodes",
        "movetime",
        "perft",
        "wtime",
        "-1",
        "0",
        "1",
        "99999999999999999999",
        "e2e4",
        "e7e8q",
        "a1a1",
        "0000",
        "setoption",
        "name",
        "value",
        "Hash",
        "Backend",
        "OwnBook",
        "BookFile",
        "true",
        "8/8/8",
        "w",
        "b",
        "KQkq",
        "-",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "ucinewgame",
        "stop",
        "\u{0}",
        "ü",
        "searchmoves",
        "infinite",
        "mate",
        "ponder",
    ];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut engine = Engine::start();
    for _ in 0..300 {
        let len = 1 + next(8);
        let line: Vec<&str> = (0..len).map(|_| words[next(words.len())]).collect();
        let line = line.join(" ");
        // Searches and perfts may start; keep them short by stopping at once.
        if line.contains("quit") {
            continue;
        }
        engine.send(&line);
        engine.send("stop");
    }
    // Bytes that are not UTF-8 are a bad line too.
    engine.stdin.write_all(b"go \xff\xfe depth 1\n").unwrap();
    let lines = engine.ready();
    assert!(
        lines.iter().any(|l| l.contains("not valid UTF-8")),
        "{lines:#?}"
    );
    engine.send("position startpos");
    let lines = engine.go("depth 1");
    let start = boardlab_core::START_FEN;
    assert!(legal_moves(start, &[]).contains(&bestmove(&lines).to_string()));
    engine.quit();
}

#[test]
fn chess960_is_advertised_and_castles_as_king_takes_rook() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until(|line| line == "uciok");
    assert!(
        lines.contains(&"option name UCI_Chess960 type check default false".to_string()),
        "{lines:#?}"
    );
    engine.send("setoption name UCI_Chess960 value true");
    // The first position of the Chess960 suite, in Shredder-FEN and in X-FEN: king g1 between
    // rooks f1 and h1; perft 2 is 528 in the published suite.
    let placement = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR";
    for castling in ["HFhf", "KQkq"] {
        engine.send(&format!("position fen {placement} w {castling} - 0 1"));
        engine.send("go perft 2");
        let lines = engine.read_until(|line| line.starts_with("Nodes searched:"));
        assert_eq!(lines.last().unwrap(), "Nodes searched: 528");
        let divided = lines.iter().filter(|line| {
            !line.starts_with("info") && !line.starts_with("Nodes") && line.contains(": ")
        });
        assert_eq!(divided.count(), 21, "{lines:#?}");
    }
    // A king on g1 castles king side without moving: written g1h1, never g1g1. Its other
    // moves are f1, f2, g2 and h2.
    engine.send("position fen 4k3/8/8/8/8/8/8/6KR w H - 0 1");
    engine.send("go perft 1");
    let lines = engine.read_until(|line| line.starts_with("Nodes searched:"));
    assert!(lines.contains(&"g1h1: 1".to_string()), "{lines:#?}");
    assert!(
        lines.iter().all(|line| !line.starts_with("g1g1")),
        "{lines:#?}"
    );
    engine.ready();
    engine.quit();
}

#[test]
fn chess960_castling_moves_are_read_and_played() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Chess960 value true");
    // White king b1 with rooks a1 and f1; king side castling moves the king to g1 and leaves
    // the rook on f1. Black has a king and a rook on a8 only.
    engine.send("position fen r5k1/8/8/8/8/8/8/RK3R2 w FA - 0 1 moves b1f1");
    engine.send("go perft 1");
    let lines = engine.read_until(|line| line.starts_with("Nodes searched:"));
    // Black to move after the castling: the king on g8 and the rook on a8 move.
    let moves: Vec<&str> = lines
        .iter()
        .filter_map(|line| line.split_once(": ").map(|(mv, _)| mv))
        .collect();
    assert!(
        moves.contains(&"g8h8") && moves.contains(&"a8a1"),
        "{moves:?}"
    );
    // The king's move form is not Chess960 notation: refused, the position kept.
    engine.send("position fen r5k1/8/8/8/8/8/8/RK3R2 w FA - 0 1 moves b1g1");
    let lines = engine.ready();
    assert!(
        lines
            .iter()
            .any(|line| line.starts_with("info string error: illegal move \"b1g1\"")),
        "{lines:#?}"
    );
    // The search's best move and principal variation are in the same notation.
    engine.send("position fen 4k3/8/8/8/8/8/8/R2K4 w A - 0 1");
    let lines = engine.go("depth 2");
    let best = bestmove(&lines);
    assert!(legal960("4k3/8/8/8/8/8/8/R2K4 w A - 0 1").contains(&best.to_string()));
    engine.ready();
    engine.quit();
}

/// The legal moves of a Chess960 position in Chess960 notation, from the reference board.
fn legal960(fen: &str) -> Vec<String> {
    let board = boardlab_reference::ReferenceBoard::from_fen(fen).unwrap();
    board
        .legal_moves()
        .iter()
        .map(|&mv| board.move_text(mv, true))
        .collect()
}
