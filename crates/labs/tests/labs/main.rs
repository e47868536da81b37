//! The labs' checks: each exercise against boardlab's own code, on many cases, counted.
//!
//! Run one exercise's checks by its name, `cargo test -p boardlab-labs x88_knight`. An unsolved
//! exercise fails here with its `todo!()` message.
//!
//! Each lab's checks are a function that takes the answer as an argument and returns what it
//! covered, or the first problem it found. The lab's test passes it the exercise; a second
//! test, named `…_check_rejects_wrong_answers`, passes it answers written wrong on purpose,
//! each with a mistake students make, and asserts that the check finds every one. Those tests
//! pass before any lab is solved: they show that each lab's test can fail.
//!
//! Where a check needs a model of the answer (the search the exercise specifies, a walk that
//! answers any line), the students' copy holds the model's answers and not the model: the
//! figures in `tests/data/`, one file per test module, a line per question the checks ask. The
//! course's own copy asks the model itself.

mod board_search;
mod hyperbola;
mod legality;
mod magic;
mod mailbox;
mod move_encoding;
mod perft;
mod picker;
mod piece_list;
mod rotated;
mod search;
mod x88;
mod zobrist;

use boardlab_core::bitboard::slider_attacks_slow;
use boardlab_core::{Bitboard, Setup, Square};
use boardlab_mailbox::MailboxBoard;
use boardlab_testkit::positions::random_position;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// What a check found: what it covered, or the first problem.
type Checked<T> = Result<T, String>;

/// Where a check finds the answer each of its questions should get, as text: the model's, or
/// the model's recorded figures. It is given the question's name and the question.
type Want<'a, Q> = Box<dyn FnMut(&str, &Q) -> String + 'a>;

/// The figures of `tests/data/{file}.txt`: a line per question, the question's name and the
/// model's answer separated by a tab.
struct Figures {
    file: &'static str,
    answers: std::collections::BTreeMap<String, String>,
}

impl Figures {
    fn path(file: &str) -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/{file}.txt"))
    }

    fn read(file: &'static str) -> Figures {
        let path = Figures::path(file);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|err| panic!("the recorded figures {}: {err}", path.display()));
        let answers = text
            .lines()
            .filter_map(|line| line.split_once('\t'))
            .map(|(question, answer)| (question.to_string(), answer.to_string()))
            .collect();
        Figures { file, answers }
    }

    fn answer(&self, question: &str) -> String {
        self.answers.get(question).cloned().unwrap_or_else(|| {
            panic!(
                "tests/data/{}.txt records no answer to \"{question}\"",
                self.file
            )
        })
    }
}

/// The numbers of an answer, in order.
fn numbers(answer: &str) -> Vec<i64> {
    answer
        .split(|c: char| !(c.is_ascii_digit() || c == '-'))
        .filter_map(|word| word.parse().ok())
        .collect()
}

/// The answers recorded in `tests/data/{file}.txt`.
fn recorded<'a, Q>(file: &'static str) -> Want<'a, Q> {
    let figures = Figures::read(file);
    Box::new(move |question, _| figures.answer(question))
}

// grading only:
/// The answers of a model, asked each question. Under [`record`], each answer is noted.
fn live<'a, Q>(mut model: impl FnMut(&Q) -> String + 'a) -> Want<'a, Q> {
    Box::new(move |question, asked| {
        let answer = model(asked);
        RECORDING.with(|recording| {
            if let Some(answers) = recording.borrow_mut().as_mut() {
                answers.insert(question.to_string(), answer.clone());
            }
        });
        answer
    })
}

thread_local! {
    /// The answers noted on this thread, while [`record`] runs.
    static RECORDING: std::cell::RefCell<Option<std::collections::BTreeMap<String, String>>> =
        const { std::cell::RefCell::new(None) };
}
// end of grading only

// repository only:
/// Runs `ask`, which asks the models every question the students' copy's checks ask, and
/// checks that `tests/data/{file}.txt` records what they answered, or, with `BOARDLAB_UPDATE_DOCS`
/// set, writes it.
fn record(file: &'static str, ask: impl FnOnce()) {
    RECORDING.with(|recording| *recording.borrow_mut() = Some(Default::default()));
    ask();
    let answers = RECORDING
        .with(|recording| recording.borrow_mut().take())
        .unwrap_or_default();
    assert!(!answers.is_empty(), "no question was asked");
    let text: String = answers
        .iter()
        .map(|(question, answer)| {
            assert!(!question.contains(['\t', '\n']), "{question:?}");
            format!("{question}\t{answer}\n")
        })
        .collect();
    let path = Figures::path(file);
    if boardlab_testkit::ci::rewrite_snapshots("BOARDLAB_UPDATE_DOCS") {
        std::fs::create_dir_all(path.parent().expect("tests/data/")).expect("tests/data/ made");
        std::fs::write(&path, text).expect("the figures written");
        return;
    }
    let figures = Figures::read(file);
    let stale: Vec<&String> = answers
        .iter()
        .filter(|(question, answer)| figures.answers.get(*question) != Some(answer))
        .map(|(question, _)| question)
        .chain(figures.answers.keys().filter(|q| !answers.contains_key(*q)))
        .take(5)
        .collect();
    assert!(
        stale.is_empty(),
        "tests/data/{file}.txt is not what the models answer, at {stale:?} (rewrite it with \
         BOARDLAB_UPDATE_DOCS=1 cargo test -p boardlab-labs --test labs figures, then review the \
         diff)"
    );
}
// end of repository only

/// The covered count of a check that must pass; its problem as the test's failure otherwise.
fn pass<T>(checked: Checked<T>) -> T {
    checked.unwrap_or_else(|problem| panic!("{problem}"))
}

/// Asserts that a check rejects a wrong answer, and returns the problem it named.
fn rejects<T: std::fmt::Debug>(what: &str, checked: Checked<T>) -> String {
    match checked {
        Ok(covered) => panic!("the check accepted {what} (covered {covered:?})"),
        Err(problem) => problem,
    }
}

/// The first read of a cell that an answer had no business reading. It is reported only
/// after every answer has been compared, so that an answer both wrong and reading too much is
/// reported for what it answers.
#[derive(Default)]
struct StrayReads(Option<String>);

impl StrayReads {
    /// Notes `describe(stray)` if `read` holds cells outside `allowed` and nothing was noted yet.
    fn check(&mut self, read: u128, allowed: u128, describe: impl FnOnce(u128) -> String) {
        let stray = read & !allowed;
        if stray != 0 && self.0.is_none() {
            self.0 = Some(describe(stray));
        }
    }

    /// `covered`, or the stray read as the check's problem.
    fn verdict<T>(self, covered: T) -> Checked<T> {
        self.0.map_or(Ok(covered), Err)
    }
}

/// Asserts that a lab test's own ray walk is core's slow walk: on 20 random occupancies, from
/// every square along every one of `steps` (the eight directions), `reached(sq, occupied,
/// step)` is the set `slider_attacks_slow` finds in `direction(step)`.
fn assert_walk_is_the_slow_walk<Step: Copy + std::fmt::Debug>(
    seed: u64,
    steps: &[Step],
    direction: impl Fn(Step) -> (i8, i8),
    reached: impl Fn(Square, Bitboard, Step) -> Bitboard,
) {
    let directions: std::collections::BTreeSet<(i8, i8)> =
        steps.iter().map(|&step| direction(step)).collect();
    assert_eq!(directions.len(), 8, "the steps cover the eight directions");
    let mut rays = 0;
    for occupied in occupancies(seed, 20) {
        for sq in Square::ALL {
            for &step in steps {
                let slow = slider_attacks_slow(sq, occupied, &[direction(step); 4]);
                assert_eq!(reached(sq, occupied, step), slow, "{sq} step {step:?}");
                rays += 1;
            }
        }
    }
    assert_eq!(rays, 20 * 64 * 8);
}

/// The squares core's slow walk attacks from `sq` in direction `(df, dr)` on `occupied`, in
/// ray order, nearest first: the shortcut of the wrong answers that read every cell into a
/// bitboard and ask core.
fn slow_walk_in_ray_order(sq: Square, occupied: Bitboard, (df, dr): (i8, i8)) -> Vec<Square> {
    let attacks = slider_attacks_slow(sq, occupied, &[(df, dr); 4]);
    let mut reached = Vec::new();
    let mut current = sq;
    while let Some(next) = current.offset(df, dr) {
        if attacks.contains(next) {
            reached.push(next);
        }
        current = next;
    }
    reached
}

/// Positions the random games start from: the start position, kiwipete, and two endings rich
/// in en passant and promotions.
const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

/// Random occupancies, some sparse and some dense, from a fixed seed.
fn occupancies(seed: u64, count: usize) -> Vec<Bitboard> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count)
        .map(|i| match i % 3 {
            0 => Bitboard(rng.gen::<u64>() & rng.gen::<u64>() & rng.gen::<u64>()),
            1 => Bitboard(rng.gen::<u64>() & rng.gen::<u64>()),
            _ => Bitboard(rng.gen()),
        })
        .collect()
}

/// Random valid positions from a fixed seed.
fn positions(seed: u64, count: usize) -> Vec<Setup> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count)
        .map(|_| random_position::<MailboxBoard>(&mut rng, STARTS))
        .collect()
}

/// The course's chapter gives the number of exercises the grading command marks: the rows of
/// the exercises' table in the labs' `lib.rs`, the capstone's apart.
#[test]
fn course_counts_the_exercises_of_the_sources() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).expect("the labs' lib.rs");
    let exercises = lib
        .lines()
        .filter(|line| line.starts_with("//! | `") && !line.starts_with("//! | `capstone`"))
        .count();
    let course =
        std::fs::read_to_string(root.join("../../docs/src/course.md")).expect("the course");
    let said = format!("a line per exercise ({exercises}, and the capstone's)");
    assert!(
        course.contains(&said),
        "docs/src/course.md does not say \"{said}\""
    );
}
