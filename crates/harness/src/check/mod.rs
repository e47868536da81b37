//! `check`: whether a move generator is right and, if not, what is wrong with it.
//!
//! `diff` starts from a position the user already knows to be counted wrong; `check` finds
//! those positions. It runs a suite (the built-in one, or an EPD file with `;D` counts) and/or
//! positions drawn from random legal games, and compares the generator's perft counts with the
//! published ones, or with a boardlab backend's where none are published. Every position whose
//! counts differ is then:
//!
//! - **narrowed** to the shallowest depth at which they differ;
//! - **descended** by the one [descent](crate::diff()) to the position nearest the leaves that
//!   still shows the bug, where the two move lists differ; the descent is handed the answers the
//!   comparison already has (the cache of its answers), so an outside program is not asked anything
//!   twice;
//! - **tagged** by what the differing moves and their position have in common (castling, en
//!   passant, promotions, check evasions, pins: [`Tag`]), and grouped with the failures that
//!   share a tag, each group with an example and a `boardlab diff` command line that reproduces
//!   it.
//!
//! Positions per run, in order: a position passes when the generator's divide at the deepest
//! depth compared agrees with the expected count there and its move list has the expected
//! length (the count at depth 1). Only a position that fails is asked about the depths between,
//! to find the shallowest that differs: against a program whose start-up dominates, one run per
//! passing position.
//!
//! [`check`] is the library entry: any Rust [`Board`] gets the same report.

pub(crate) mod answers;
mod html;
pub(crate) mod positions;
pub(crate) mod random;
mod report;
pub(crate) mod tags;

pub use random::{DrawnKinds, RandomGames};
pub use report::{CheckReport, Failure, Group};
pub use tags::Tag;

impl CheckReport {
    /// The report as one HTML page: each failing position drawn as inline SVG with the
    /// differing moves marked, no scripts, nothing fetched from the network.
    pub fn to_html(&self) -> String {
        html::page(self)
    }
}

use crate::diff::backend_oracle;
use crate::diff::oracle::{Divide, DivideOracle};
use crate::diff::{ask, diff};
use crate::output::progress_bar;
use crate::position::chess960_refused;
use crate::{Backend, BoardOracle, Error, Position};
use answers::{Answers, Asked};
use boardlab_core::{Board, UciMove};
use positions::CheckPosition;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What a check runs: which positions, how deep, for how long.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckOptions {
    /// An EPD suite file (`FEN ;D1 20 ;D2 400 …`) to run; without it (and without random
    /// games) the built-in suite runs: the standard, perft-suite, bug-catcher and tricky
    /// positions, and the 960 Chess960 positions with `chess960`.
    pub suite: Option<PathBuf>,
    /// Positions from random legal games, checked against the reference backend's counts.
    pub random: Option<RandomGames>,
    /// Chess960: the built-in suite adds the Chess960 positions, and a suite file's castling
    /// moves are written the Chess960 way (random games say so in [`RandomGames`]).
    pub chess960: bool,
    /// The deepest count compared per position.
    pub depth: u32,
    /// A count above this many nodes is not compared, nor any deeper one; the report says how
    /// many positions stopped short of `depth` so.
    pub max_nodes: u64,
    /// Stop after this long, reporting what was checked by then.
    pub time: Option<Duration>,
    /// The backend whose counts stand where no count is published, and which the descent
    /// compares with. [`Backend::DEFAULT`] when `None`.
    pub reference: Option<Backend>,
    /// Positions checked at once, each job with its own copy of the generator under test.
    pub jobs: usize,
}

impl Default for CheckOptions {
    /// The built-in suite to depth 3, counts of at most a million nodes, one job, no time limit.
    fn default() -> CheckOptions {
        CheckOptions {
            suite: None,
            random: None,
            chess960: false,
            depth: 3,
            max_nodes: 1_000_000,
            time: None,
            reference: None,
            jobs: 1,
        }
    }
}

/// The positions a check runs, drawn and read before it starts, under the same time limit.
pub struct Plan {
    /// The positions, in order.
    positions: Vec<CheckPosition>,
    /// The kinds of the random positions drawn, with random games.
    drawn: Option<DrawnKinds>,
    /// How many positions were asked for: more than `positions` when the time limit ended the
    /// drawing of random games.
    requested: usize,
    /// When the check began: the time limit counts from here.
    start: Instant,
    /// When it must stop.
    deadline: Option<Instant>,
}

impl CheckOptions {
    /// The positions to run (see [`Plan`]), the clock started.
    pub fn plan(&self) -> Result<Plan, Error> {
        let start = Instant::now();
        let deadline = self.time.map(|time| start + time);
        let mut positions = match &self.suite {
            Some(path) => {
                let cases = crate::suite::read_suite(path)?;
                positions::cases_positions(&path.display().to_string(), cases, self.chess960)?
            }
            None if self.random.is_some() => Vec::new(),
            None => positions::built_in(self.chess960)?,
        };
        let mut requested = positions.len();
        let drawn = match self.random {
            Some(games) => {
                requested += games.count;
                let (drawn, kinds) = random::random_games(games, deadline)?;
                positions.extend(drawn);
                Some(kinds)
            }
            None => None,
        };
        if requested == 0 {
            return Err(Error::Usage("no positions to check".to_string()));
        }
        Ok(Plan {
            positions,
            drawn,
            requested,
            start,
            deadline,
        })
    }

    fn chess960_anywhere(&self) -> bool {
        self.chess960 || self.random.is_some_and(|games| games.chess960)
    }
}

/// Checks the move generator of board type `B` (a board from outside boardlab as much as a
/// backend) against boardlab: the positions `options` names, compared with their published
/// counts or the reference backend's, every failure descended to where the move lists differ
/// and grouped by kind.
///
/// # Examples
///
/// ```
/// use boardlab_harness::{check, CheckOptions, RandomGames};
/// use boardlab_x88::X88Board;
///
/// let options = CheckOptions {
///     random: Some(RandomGames { count: 10, seed: 1, chess960: false }),
///     depth: 2,
///     ..CheckOptions::default()
/// };
/// let report = check::<X88Board>(&options)?;
/// assert_eq!(report.checked, 10);
/// assert!(report.failures.is_empty());
/// # Ok::<(), boardlab_harness::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::Usage`] for Chess960 positions (random Chess960 games, or a suite file's) when `B`
/// does not play Chess960 castling ([`Board::PLAYS_CHESS960`] is false), as for
/// [`BoardOracle`]; the built-in suite leaves them out for such a board. A
/// suite file that cannot be read; a reference backend this processor cannot run.
pub fn check<B: Board>(options: &CheckOptions) -> Result<CheckReport, Error> {
    if options.chess960_anywhere() && !B::PLAYS_CHESS960 {
        return Err(chess960_refused::<B>("the Chess960 positions need"));
    }
    let reference = options.reference.unwrap_or(Backend::DEFAULT);
    let mut plan = options.plan()?;
    if !B::PLAYS_CHESS960 && options.suite.is_none() {
        // The built-in suite's X-FEN corner cases include Chess960 castling, which such a board
        // does not play: it is checked on the rest.
        let before = plan.positions.len();
        plan.positions.retain(|pos| !pos.position.king_takes_rook());
        plan.requested -= before - plan.positions.len();
    }
    run(&plan, reference, options, &|_| {
        Ok(Box::new(BoardOracle::<B>::new()) as Box<dyn DivideOracle>)
    })
}

/// How one position went.
enum Checked {
    /// The counts agreed, to the depth given (short of the one asked for when a deeper count
    /// was over the node budget).
    Passed(u32),
    /// They did not.
    Failed(Box<Failure>),
}

/// Makes the generator under test for one job, given the first position it will be asked
/// about.
pub type MakeTested<'a> = &'a (dyn Fn(&Position) -> Result<Box<dyn DivideOracle>, Error> + Sync);

/// Runs the planned positions, `options.jobs` at a time, and gathers the report.
pub fn run(
    plan: &Plan,
    reference: Backend,
    options: &CheckOptions,
    make_tested: MakeTested<'_>,
) -> Result<CheckReport, Error> {
    let reference = reference.available()?;
    let positions = &plan.positions;
    let deadline = plan.deadline;
    let next = AtomicUsize::new(0);
    let give_up = AtomicBool::new(false);
    let results: Mutex<Vec<Option<Checked>>> =
        Mutex::new((0..positions.len()).map(|_| None).collect());
    let first_error: Mutex<Option<Error>> = Mutex::new(None);
    let tested_name: Mutex<Option<String>> = Mutex::new(None);
    let progress = progress_bar(positions.len() as u64);
    progress.set_message("positions checked");
    let job = || -> Result<(), Error> {
        let mut reference = backend_oracle(reference, None)?;
        let mut tested: Option<Box<dyn DivideOracle>> = None;
        loop {
            if give_up.load(Ordering::Relaxed) {
                return Ok(());
            }
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(pos) = positions.get(index) else {
                return Ok(());
            };
            let tested = match &mut tested {
                Some(tested) => tested,
                None => {
                    let made = make_tested(&pos.position)?;
                    if let Ok(mut name) = tested_name.lock() {
                        name.get_or_insert_with(|| made.name().to_string());
                    }
                    tested.insert(made)
                }
            };
            let checked =
                check_position(pos, reference.as_mut(), tested.as_mut(), options, deadline)?;
            if let Ok(mut results) = results.lock() {
                results[index] = Some(checked);
            }
            progress.inc(1);
        }
    };
    let jobs = options.jobs.clamp(1, positions.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                if let Err(err) = job() {
                    give_up.store(true, Ordering::Relaxed);
                    if let Ok(mut first) = first_error.lock() {
                        // A job stopped by the deadline leaves the others to stop the same way;
                        // any other error is the one to report.
                        let replace = first.as_ref().is_none_or(|e| matches!(e, Error::Stopped));
                        if replace {
                            *first = Some(err);
                        }
                    }
                }
            });
        }
    });
    progress.finish_and_clear();
    let stopped = match first_error.into_inner().ok().flatten() {
        None => positions.len() < plan.requested,
        Some(Error::Stopped) => true,
        Some(err) => return Err(err),
    };
    let results = results.into_inner().unwrap_or_default();
    let mut report = CheckReport {
        tested: tested_name.into_inner().ok().flatten().unwrap_or_default(),
        reference: reference.name().to_string(),
        depth: options.depth,
        positions: plan.requested,
        checked: 0,
        shallower: 0,
        drawn: plan.drawn,
        failures: Vec::new(),
        stopped,
        seconds: plan.start.elapsed().as_secs_f64(),
        reproduce: None,
    };
    for checked in results.into_iter().flatten() {
        report.checked += 1;
        match checked {
            Checked::Passed(deepest) if deepest < options.depth.max(1) => report.shallower += 1,
            Checked::Passed(_) => {}
            Checked::Failed(failure) => report.failures.push(*failure),
        }
    }
    Ok(report)
}

/// The total of a divide.
fn total(divide: &Divide) -> u64 {
    divide.iter().map(|(_, nodes)| nodes).sum()
}

/// Checks one position (see the module docs).
fn check_position(
    pos: &CheckPosition,
    reference: &mut dyn DivideOracle,
    tested: &mut dyn DivideOracle,
    options: &CheckOptions,
    deadline: Option<Instant>,
) -> Result<Checked, Error> {
    let root = &pos.position;
    let (mut reference_answers, mut tested_answers) = (Answers::new(), Answers::new());
    let mut reference = Asked::new(reference, root, &mut reference_answers, deadline);
    let mut tested = Asked::new(tested, root, &mut tested_answers, deadline);
    // The expected count at each depth, shallowest first, as deep as the budget allows.
    let mut expected: Vec<u64> = Vec::new();
    for depth in 1..=options.depth.max(1) {
        let count = match pos.published(depth) {
            Some(count) => count,
            None => total(&ask(&mut reference, root, root, &[], depth, None)?),
        };
        if depth > 1 && count > options.max_nodes {
            break;
        }
        expected.push(count);
    }
    let deepest = expected.len() as u32;
    let answer = ask(&mut tested, root, root, &[], deepest, None)?;
    let counted_deepest = total(&answer);
    let differs_at = if answer.len() as u64 != expected[0] {
        Some((1, expected[0], answer.len() as u64))
    } else if counted_deepest != expected[deepest as usize - 1] {
        let mut first = None;
        for depth in 2..deepest {
            let counted = total(&ask(&mut tested, root, root, &[], depth, None)?);
            if counted != expected[depth as usize - 1] {
                first = Some((depth, expected[depth as usize - 1], counted));
                break;
            }
        }
        first.or(Some((
            deepest,
            expected[deepest as usize - 1],
            counted_deepest,
        )))
    } else {
        None
    };
    let Some((depth, expected, counted)) = differs_at else {
        return Ok(Checked::Passed(deepest));
    };
    let descent = diff(root, &mut reference, &mut tested, depth)?;
    let mut at = root.clone();
    let (path, missing, extra) = match descent.divergence {
        Some(divergence) => {
            for &mv in &divergence.path {
                at.play_uci(mv)?;
            }
            (divergence.path, divergence.only_in_a, divergence.only_in_b)
        }
        None => (Vec::new(), Vec::new(), Vec::new()),
    };
    let differing: Vec<UciMove> = missing.iter().chain(&extra).copied().collect();
    let tags = if differing.is_empty() {
        vec![Tag::Other]
    } else {
        tags::tags(&at, &differing)
    };
    Ok(Checked::Failed(Box::new(Failure {
        label: pos.label.clone(),
        position: root.clone(),
        published: pos.published(depth).is_some(),
        depth,
        expected,
        counted,
        path,
        at,
        missing,
        extra,
        tags,
    })))
}
