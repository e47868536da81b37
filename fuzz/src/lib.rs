//! What each fuzz target feeds boardlab's parsers, and what it checks of their answers.
//!
//! One `check_*` function per target in `fuzz_targets/`. Each takes the fuzzer's bytes as the
//! text a user, a GUI or another program could hand boardlab, and asserts more than "no panic"
//! wherever the parser's contract allows: what parses writes back to text that parses to the
//! same thing, an error is one line naming what is wrong, an engine answers every command that
//! wants an answer. A failed assertion is a finding, reported by the fuzzer as a crash.
//!
//! The file has a second home: `tests/integration/fuzz_regressions.rs` compiles it as a module
//! (by `#[path]`) and feeds every file of `fuzz/corpus/<target>/` and `fuzz/regressions/<target>/`
//! to the same function, so that plain `cargo test` on stable replays what the fuzzer found
//! without nightly or cargo-fuzz. It may therefore use only what the workspace's tests can
//! reach: boardlab-core, boardlab-harness and the standard library.

use boardlab_app::fuzzing;
use boardlab_app::fuzzing::{GO_KEYWORDS, UCI_COMMANDS};
use boardlab_backends::boards::Magic as MagicBoard;
use boardlab_backends::every_backend_holds;
use boardlab_core::epd::{parse_epd, parse_perft_suite};
use boardlab_core::{Epd, Setup, UciMove, MAX_DEPTH};
use boardlab_harness::{BoardOracle, Divide, DivideOracle, Position};

/// What a target does with the fuzzer's bytes: it returns, or panics on a finding.
pub type Check = fn(&[u8]);

/// Every target by name (the names of `fuzz_targets/` and of the corpus folders), with the
/// function it calls.
pub const TARGETS: [(&str, Check); 6] = [
    ("fen", check_fen),
    ("epd", check_epd),
    ("uci", check_uci),
    ("perftree", check_perftree),
    ("criterion", check_criterion),
    ("units", check_units),
];

/// Asserts that a parser's error message is one line: boardlab prints it after `error: `, and
/// the command-line contract allows one line on stderr.
fn one_line(message: &str, input: &str) {
    assert!(
        !message.contains('\n') && !message.is_empty(),
        "the error for {input:?} is not one line: {message:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// FEN

/// A FEN in any castling form (`Setup::from_fen_960`). One that parses writes back, in each of
/// the three forms boardlab writes, to a FEN that parses to the same position, and every
/// backend holds it as the reference board does: the same setup back, the same legal moves,
/// and make/unmake of each of them restoring setup and hash. One that does not parse gives a
/// one-line error naming the field.
pub fn check_fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Setup::from_fen_960(text) {
        Ok((setup, _)) => check_setup(&setup, text),
        Err(err) => {
            let message = err.to_string();
            one_line(&message, text);
            assert!(message.starts_with("invalid FEN: "), "{message}");
        }
    }
}

/// The checks of [`check_fen`] on a position that parsed from `given`.
fn check_setup(setup: &Setup, given: &str) {
    assert_eq!(
        setup.validate(),
        Ok(()),
        "{given:?} parsed to an invalid setup"
    );
    // The form that keeps every en-passant square the setup keeps reads back exactly.
    let kept = setup.to_fen_pseudo_legal_ep();
    assert_eq!(
        Setup::from_fen(&kept).as_ref(),
        Ok(setup),
        "{given:?} was written back as {kept:?}"
    );
    // The canonical forms drop a square no capture can use, and read back without it.
    let mut legal_ep = setup.clone();
    if !legal_ep.has_legal_ep_capture() {
        legal_ep.ep_square = None;
    }
    let canonical = setup.to_fen();
    for written in [canonical.clone(), setup.to_shredder_fen()] {
        let read = Setup::from_fen(&written);
        assert_eq!(
            read.as_ref(),
            Ok(&legal_ep),
            "{given:?} was written back as {written:?}"
        );
        assert_eq!(
            read.map(|again| again.to_fen()),
            Ok(canonical.clone()),
            "{written:?} does not write the canonical FEN back"
        );
    }
    if let Err(disagreement) = every_backend_holds(setup) {
        panic!("{given:?}: {disagreement}");
    }
}

// ---------------------------------------------------------------------------------------------
// EPD

/// An EPD text, read both as test-suite lines and as a perft suite (`;D<depth> <nodes>`). Each
/// line that parses holds the position its FEN says, and written back as `FEN ;op "operand"…`
/// reads back to the same line, perft expectations included. A text that does not parse gives
/// a one-line error naming the line.
pub fn check_epd(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_epd(text) {
        Ok(lines) => {
            for epd in &lines {
                assert_eq!(
                    Setup::from_fen(&epd.fen).as_ref(),
                    Ok(&epd.setup),
                    "{:?}",
                    epd.fen
                );
                let written = epd_line(epd);
                assert_eq!(
                    Epd::parse(&written, 1).as_ref(),
                    Ok(epd),
                    "written back as {written:?}"
                );
            }
        }
        Err(err) => check_epd_error(&err.to_string(), text),
    }
    match parse_perft_suite(text) {
        Ok(cases) => {
            let lines = parse_epd(text).unwrap_or_else(|err| {
                panic!("a perft suite that is not EPD: {err}: {text:?}");
            });
            let written: String = lines.iter().map(|epd| epd_line(epd) + "\n").collect();
            assert_eq!(
                parse_perft_suite(&written).as_ref(),
                Ok(&cases),
                "written back as {written:?}"
            );
        }
        Err(err) => check_epd_error(&err.to_string(), text),
    }
}

/// An EPD line as boardlab would write it: the FEN, then each operation with its operand
/// quoted.
fn epd_line(epd: &Epd) -> String {
    let mut line = epd.fen.clone();
    for (opcode, operand) in &epd.ops {
        line.push_str(&format!(" ;{opcode} \"{operand}\""));
    }
    line
}

fn check_epd_error(message: &str, text: &str) {
    one_line(message, text);
    assert!(message.starts_with("line "), "{message}");
}

// ---------------------------------------------------------------------------------------------
// UCI

/// A session with the UCI engine: the input's lines fed to its loop as a GUI would send them.
/// Whatever the lines, the engine answers `uci` with one `uciok`, `isready` with one `readyok`
/// and every searching `go` with exactly one `bestmove`, and prints nothing but lines of UCI
/// and of `go perft`'s divide.
///
/// Two kinds of line are left out, because what they ask for is outside the parser: a
/// `setoption` naming `BookFile` (it opens a file by name) or setting `Hash` above 64 MB (it
/// allocates what it is told, up to 16 GB).
pub fn check_uci(data: &[u8]) {
    let mut input = Vec::new();
    let mut expected = Answers::default();
    for line in input_lines(data) {
        if !tame(line) {
            continue;
        }
        input.extend_from_slice(line);
        input.push(b'\n');
        // A line that is not UTF-8 is reported and skipped by the engine.
        let Ok(text) = std::str::from_utf8(line) else {
            continue;
        };
        if !expected.count(text) {
            break;
        }
    }
    let output = fuzzing::uci_session(&input);
    let shown = || String::from_utf8_lossy(&input).into_owned();
    let mut answered = Answers::default();
    for line in output.lines() {
        check_uci_line(line, &shown);
        match line.split_whitespace().next() {
            Some("uciok") => answered.uciok += 1,
            Some("readyok") => answered.readyok += 1,
            Some("bestmove") => answered.bestmove += 1,
            _ => {}
        }
    }
    assert_eq!(
        (answered.uciok, answered.readyok, answered.bestmove),
        (expected.uciok, expected.readyok, expected.bestmove),
        "uciok, readyok and bestmove lines for {:?}:\n{output}",
        shown()
    );
}

/// The lines a `BufRead::lines` reader sees: split at `\n`, a `\r` before it dropped, the last
/// line kept without a newline.
fn input_lines(data: &[u8]) -> impl Iterator<Item = &[u8]> {
    data.split_inclusive(|&b| b == b'\n').map(|line| {
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        line.strip_suffix(b"\r").unwrap_or(line)
    })
}

/// Whether the session may send `line` (see [`check_uci`]).
fn tame(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line).to_ascii_lowercase();
    if !text.contains("setoption") {
        return true;
    }
    if text.contains("bookfile") {
        return false;
    }
    let large = |word: &str| {
        word.trim()
            .parse::<u64>()
            .map_or(word.len() > 2, |mb| mb > 64)
    };
    !(text.contains("hash") && text.split(|c: char| !c.is_ascii_digit()).any(large))
}

/// The answers a session owes.
#[derive(Debug, Default)]
struct Answers {
    uciok: usize,
    readyok: usize,
    bestmove: usize,
}

impl Answers {
    /// Counts what `line` asks for; `false` after `quit`.
    fn count(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(start) = words.iter().position(|w| UCI_COMMANDS.contains(w)) else {
            return true;
        };
        let args = &words[start + 1..];
        match words[start] {
            "uci" => self.uciok += 1,
            "isready" => self.readyok += 1,
            "go" => match go_perft_depth(args) {
                // `go perft` prints a divide and no `bestmove`, as in Stockfish.
                Some(_) => {}
                None => self.bestmove += 1,
            },
            "quit" => return false,
            _ => {}
        }
        true
    }
}

/// The depth of a `go perft N`: the last `perft` with a number after it (one without a usable
/// number is ignored, as every parameter of `go` is).
fn go_perft_depth(args: &[&str]) -> Option<i64> {
    args.windows(2)
        .rev()
        .filter(|pair| pair[0] == "perft" && !GO_KEYWORDS.contains(&pair[1]))
        .find_map(|pair| pair[1].parse::<i64>().ok())
}

/// Asserts that `line` is something a UCI engine prints: an identification, an option, an
/// answer, `info`, `bestmove`, or a line of `go perft`'s divide.
fn check_uci_line(line: &str, input: &dyn Fn() -> String) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let well_formed = match words.as_slice() {
        [] => true,
        ["id", ..] | ["option", "name", ..] | ["info", ..] => true,
        ["uciok"] | ["readyok"] => true,
        ["bestmove", best] => is_uci_move(best),
        ["bestmove", best, "ponder", ponder] => is_uci_move(best) && is_uci_move(ponder),
        ["Nodes", "searched:", count] => count.parse::<u64>().is_ok(),
        [mv, count] => {
            mv.strip_suffix(':').is_some_and(is_uci_move) && count.parse::<u64>().is_ok()
        }
        _ => false,
    };
    assert!(
        well_formed,
        "the engine printed {line:?}, which is no UCI line, for {:?}",
        input()
    );
}

/// `e2e4`, `e7e8q`, or the null move `0000`.
fn is_uci_move(text: &str) -> bool {
    let bytes = text.as_bytes();
    let square =
        |at: usize| matches!(bytes[at], b'a'..=b'h') && matches!(bytes[at + 1], b'1'..=b'8');
    text == "0000"
        || match bytes.len() {
            4 => square(0) && square(2),
            5 => square(0) && square(2) && b"nbrq".contains(&bytes[4]),
            _ => false,
        }
}

// ---------------------------------------------------------------------------------------------
// perftree

/// The positions a perftree session is asked about: the first byte of the input picks one.
const PERFTREE_ROOTS: [&str; 5] = [
    boardlab_core::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
];

/// A perftree program's answers, as `boardlab diff --protocol perftree` reads them.
///
/// The input is a root (its first byte), a depth from 1 to 3 (its second) and the program's
/// answers to the descent's questions in turn, separated by NUL bytes, each read into lines as
/// a program's output is. Each answer that parses writes back (as `boardlab perftree` writes
/// one) to text that parses to the same moves and counts, and its counts add up to its total.
/// The whole descent against the magic backend then either ends in a report whose moves were
/// played from the root and whose lists of moves differ, or in a one-line error; never in a
/// panic, however the answers contradict each other.
pub fn check_perftree(data: &[u8]) {
    let (Some(&root), Some(&depth)) = (data.first(), data.get(1)) else {
        return;
    };
    let answers: Vec<Vec<String>> = data[2..].split(|&b| b == 0).map(program_lines).collect();
    for lines in &answers {
        match fuzzing::perftree_answer(lines) {
            Ok(divide) => {
                let total: u64 = divide.iter().map(|(_, count)| count).sum();
                let written = fuzzing::perftree_text(&divide, total);
                let again = program_lines(written.as_bytes());
                assert_eq!(
                    fuzzing::perftree_answer(&again).as_ref(),
                    Ok(&divide),
                    "{lines:?} was written back as {written:?}"
                );
            }
            Err(problem) => one_line(&problem, &format!("{lines:?}")),
        }
    }
    let fen = PERFTREE_ROOTS[usize::from(root) % PERFTREE_ROOTS.len()];
    let root = Position::from_fen(fen, false).unwrap_or_else(|err| panic!("{fen}: {err}"));
    let depth = 1 + u32::from(depth % 3);
    let mut ours = BoardOracle::<MagicBoard>::new();
    let mut theirs = Answering { answers, asked: 0 };
    match boardlab_harness::diff(&root, &mut ours, &mut theirs, depth) {
        Ok(report) => {
            if let Some(divergence) = &report.divergence {
                let mut at = root.clone();
                for &mv in &divergence.path {
                    assert!(at.play_uci(mv).is_ok(), "{mv} in {:?}", divergence.path);
                }
                assert!(
                    !(divergence.only_in_a.is_empty() && divergence.only_in_b.is_empty()),
                    "a divergence with the same moves on both sides"
                );
                assert!(divergence
                    .only_in_a
                    .iter()
                    .all(|mv| !divergence.only_in_b.contains(mv)));
            }
        }
        Err(err) => one_line(&err.to_string(), "the perftree answers"),
    }
}

/// A program's output as its lines: cut at each `\n`, each line read as UTF-8 with bad bytes
/// replaced and its trailing whitespace trimmed (as boardlab reads a program's output).
fn program_lines(bytes: &[u8]) -> Vec<String> {
    bytes
        .split_inclusive(|&b| b == b'\n')
        .map(|line| String::from_utf8_lossy(line).trim_end().to_string())
        .collect()
}

/// A perftree program that answers with the fuzzer's answers, in turn.
struct Answering {
    answers: Vec<Vec<String>>,
    asked: usize,
}

impl DivideOracle for Answering {
    fn name(&self) -> &str {
        "fuzzed-program"
    }

    fn divide(
        &mut self,
        root: &Position,
        path: &[UciMove],
        _depth: u32,
    ) -> Result<Divide, boardlab_harness::Error> {
        let answer = self.answers.get(self.asked).cloned().unwrap_or_default();
        self.asked += 1;
        fuzzing::perftree_divide(&answer, root, path).map_err(|problem| self.broken(problem))
    }
}

// ---------------------------------------------------------------------------------------------
// criterion

/// criterion's result files, as `boardlab report` reads them: the input is the texts of
/// `benchmark.json` and `estimates.json`, pair after pair, separated by NUL bytes. A result
/// that reads has a positive, finite time; and the report's HTML page and Markdown tables are
/// drawn from every result that read, with no chart that cannot be drawn and no text of the
/// files in the page unescaped.
pub fn check_criterion(data: &[u8]) {
    let texts: Vec<String> = data
        .split(|&b| b == 0)
        .map(|text| String::from_utf8_lossy(text).into_owned())
        .collect();
    let mut measurements = Vec::new();
    for pair in texts.chunks(2) {
        let [benchmark, estimates] = pair else {
            continue;
        };
        match fuzzing::criterion_measurement(benchmark, estimates) {
            Ok(measurement) => {
                assert!(
                    measurement.seconds.is_finite() && measurement.seconds > 0.0,
                    "{} seconds from {estimates:?}",
                    measurement.seconds
                );
                measurements.push(measurement);
            }
            Err(problem) => one_line(&problem, benchmark),
        }
    }
    if measurements.is_empty() {
        return;
    }
    match fuzzing::report_pages(measurements) {
        // The page runs no script, whatever the ids in the files say.
        Ok((page, _markdown)) => assert!(
            !page.to_ascii_lowercase().contains("<script"),
            "the page has a script element"
        ),
        Err(problem) => panic!("the report cannot be drawn: {problem}"),
    }
}

// ---------------------------------------------------------------------------------------------
// units

/// A units file and a results file, as `boardlab units run` and `units merge` read them. A
/// units file that reads writes back (header and units, as `units split` writes them) to text
/// that reads to the same records; one that does not gives a one-line error naming the line.
/// Every non-empty line of a results file is a result or counted as unreadable, and a result
/// written back as `units run` writes it reads back the same.
pub fn check_units(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match fuzzing::units_file(text) {
        Ok(file) => {
            let mut written = String::new();
            if let Some(header) = &file.header {
                written.push_str(&header.to_line());
                written.push('\n');
            }
            for unit in &file.units {
                written.push_str(&unit.to_line());
                written.push('\n');
            }
            match fuzzing::units_file(&written) {
                Ok(again) => {
                    assert_eq!(again.header, file.header, "written back as {written:?}");
                    assert_eq!(again.units, file.units, "written back as {written:?}");
                }
                Err(err) => panic!("{text:?} was written back as {written:?}: {err}"),
            }
            for unit in &file.units {
                assert!(unit.depth <= MAX_DEPTH, "{}", unit.to_line());
            }
        }
        Err(err) => {
            one_line(&err, text);
            assert!(err.starts_with("line "), "{err}");
        }
    }
    let (results, unreadable) = fuzzing::unit_results(text);
    let lines = text.lines().filter(|line| !line.trim().is_empty()).count();
    assert_eq!(results.len() + unreadable, lines, "{text:?}");
    for result in results {
        let mut fields = vec![format!("\"id\":{}", result.id)];
        if let Some(key) = &result.key {
            fields.push(format!("\"key\":{}", json_string(key)));
        }
        if let Some(depth) = result.depth {
            fields.push(format!("\"depth\":{depth}"));
        }
        fields.push(format!("\"nodes\":{}", result.nodes));
        fields.push(format!("\"seconds\":{:?}", result.seconds));
        let line = format!("{{{}}}", fields.join(","));
        let (again, unreadable) = fuzzing::unit_results(&line);
        assert_eq!((again.len(), unreadable), (1, 0), "written as {line}");
        let again = &again[0];
        assert_eq!(
            (again.id, &again.key, again.depth, again.nodes),
            (result.id, &result.key, result.depth, result.nodes),
            "written as {line}"
        );
        // A float written in its shortest form may read back one unit in the last place off.
        let error = (again.seconds - result.seconds).abs();
        assert!(
            error <= f64::EPSILON * result.seconds.abs(),
            "{} seconds written as {line}",
            result.seconds
        );
    }
}

/// `text` as a JSON string.
fn json_string(text: &str) -> String {
    let mut quoted = String::from('"');
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            c if u32::from(c) < 0x20 => quoted.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}
