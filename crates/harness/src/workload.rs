//! The engine workloads of `boardlab compare --workload`: a fixed-depth search, evaluation,
//! static exchanges and attack maps, each a fixed amount of work that every backend must count
//! alike (the same nodes and the same results), timed per backend.
//!
//! - `search`: the Bratko-Kopec positions, each searched to a fixed depth with quiescence and the
//!   full evaluation, the transposition table and ordering tables cleared before each.
//! - `eval`: the full evaluation of every position of the set, pass after pass.
//! - `see`: the SEE of every capture of every position of the set (the captures found by the
//!   backend's own generator), pass after pass.
//! - `attacks`: every position's attack maps: the attacks of every piece, the squares each side
//!   attacks and each side's mobility.
//! - `trials`: the model search of H.G. Muller's "mailbox trials" on KiwiPete and endings with
//!   queens ([`trials`]).
//!
//! The set is the positions of the perft suites and the Bratko-Kopec test, and every position
//! one legal move from them: openings, middle games, endings and the bug-catching corners.
//! A backend's boards are set up before its clock starts, so only the queries are timed.

use crate::Error;
use boardlab_core::epd::STANDARD_SUITE;
use boardlab_core::epd::{parse_epd, parse_perft_suite, BRATKO_KOPEC, BUG_CATCHERS, PERFT_SUITE};
use boardlab_core::{Board, BoardExt, Color, GenKind, Move, MoveList, Setup};
use boardlab_engine::{evaluate_breakdown, EngineQueries, EvalTerms, Limits, Score, Searcher};
use boardlab_reference::ReferenceBoard;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

pub mod trials;

/// The depth each Bratko-Kopec position is searched to when `--depth` does not say.
pub const SEARCH_DEPTH: u32 = 6;

/// The transposition table of the search workload, in MiB: the search's default.
const SEARCH_HASH_MB: usize = 16;

/// A workload `boardlab compare` can time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Workload {
    /// Perft over the suite, bulk and full make (the comparison's first table).
    Perft,
    /// A fixed-depth search with quiescence over Bratko-Kopec, with the evaluation `--eval`
    /// names.
    Search,
    /// The evaluation `--eval` names, of every position of the set.
    Eval,
    /// The SEE of every capture of every position of the set.
    See,
    /// The attack maps of every position of the set.
    Attacks,
    /// The model search of the 2021 mailbox trials (fixed depth, captures-only quiescence with
    /// delta pruning, MVV/LVA, piece-square evaluation) on KiwiPete and endings with queens.
    Trials,
    /// Perft and the engine's own workloads (search, eval, see, attacks) in turn: the trials,
    /// a model of another engine's search, run alone.
    All,
}

impl Workload {
    /// The engine workloads, in the order `all` runs them after perft.
    pub const ENGINE: [Workload; 4] = [
        Workload::Search,
        Workload::Eval,
        Workload::See,
        Workload::Attacks,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Workload::Perft => "perft",
            Workload::Search => "search",
            Workload::Eval => "eval",
            Workload::See => "see",
            Workload::Attacks => "attacks",
            Workload::Trials => "trials",
            Workload::All => "all",
        }
    }

    /// The nodes a backend walks when `--max-nodes` does not say: about ten seconds of the
    /// slowest backend's work in a release build on a small machine.
    pub fn default_budget(self) -> u64 {
        match self {
            Workload::Search | Workload::Trials => u64::MAX,
            Workload::Eval => 1_000_000,
            Workload::See => 4_000_000,
            Workload::Attacks => 1_000_000,
            Workload::Perft | Workload::All => 0,
        }
    }

    /// What one node of the workload is.
    pub fn node(self) -> &'static str {
        match self {
            Workload::Search => "a search node, quiescence included",
            Workload::Eval => "one full evaluation",
            Workload::See => "the SEE of one capture",
            Workload::Attacks => "one position's attack maps, both sides",
            Workload::Trials => "a node of the trials' search, quiescence included",
            Workload::Perft | Workload::All => "a leaf of perft",
        }
    }
}

/// The legal captures of `board` (en passant and capture-promotions included, quiet promotions
/// not), as the board's own generator finds them, in its order.
pub fn captures<B: Board>(board: &B) -> MoveList {
    let mut moves = MoveList::new();
    board.generate(GenKind::Noisy, &mut moves);
    moves.retain(Move::is_capture);
    moves
}

/// The positions the eval, see and attacks workloads walk, shared by every backend.
#[derive(Debug, Default)]
pub struct PositionSet {
    setups: Vec<Setup>,
}

impl PositionSet {
    /// The perft suites' and Bratko-Kopec's positions, with every position one legal move from
    /// them, or `roots` with theirs when given.
    ///
    /// # Errors
    ///
    /// Only if an embedded suite were malformed.
    pub fn new(roots: Option<Vec<Setup>>) -> Result<PositionSet, Error> {
        let roots = match roots {
            Some(roots) => roots,
            None => embedded_roots()?,
        };
        let mut setups = Vec::new();
        for root in &roots {
            setups.push(root.clone());
            let board = ReferenceBoard::from_setup(root);
            for &mv in board.legal_moves().iter() {
                let mut after = root.clone();
                after.play(mv);
                setups.push(after);
            }
        }
        Ok(PositionSet { setups })
    }

    /// How many positions one pass walks.
    pub fn len(&self) -> usize {
        self.setups.len()
    }

    /// Whether a pass walks no position at all.
    pub fn is_empty(&self) -> bool {
        self.setups.is_empty()
    }
}

fn embedded_roots() -> Result<Vec<Setup>, Error> {
    let embedded = |what: &str, err: boardlab_core::EpdError| {
        Error::Usage(format!("the embedded {what}: {err}"))
    };
    let mut roots = Vec::new();
    for suite in [STANDARD_SUITE, PERFT_SUITE, BUG_CATCHERS] {
        let cases = parse_perft_suite(suite).map_err(|err| embedded("perft suite", err))?;
        roots.extend(cases.into_iter().map(|case| case.setup));
    }
    let bratko_kopec = parse_epd(BRATKO_KOPEC).map_err(|err| embedded("Bratko-Kopec", err))?;
    roots.extend(bratko_kopec.into_iter().map(|epd| epd.setup));
    Ok(roots)
}

/// The Bratko-Kopec positions with their ids.
fn bratko_kopec() -> Result<Vec<(String, Setup)>, Error> {
    let lines = parse_epd(BRATKO_KOPEC)
        .map_err(|err| Error::Usage(format!("the embedded Bratko-Kopec: {err}")))?;
    Ok(lines
        .into_iter()
        .enumerate()
        .map(|(i, epd)| {
            let id = epd
                .op("id")
                .map_or_else(|| format!("BK #{}", i + 1), str::to_string);
            (id, epd.setup)
        })
        .collect())
}

/// What one backend did in one workload.
#[derive(Debug, Clone)]
pub struct Measured {
    pub nodes: u64,
    pub seconds: f64,
    /// For search and trials, the nodes visited in quiescence, when the search reports them.
    pub quiescence_nodes: Option<u64>,
    /// For trials, the quiescence nodes that stood pat: their evaluation alone reached beta.
    pub stand_pat_nodes: Option<u64>,
    /// What the work concluded, item by item, which every backend must conclude alike: for
    /// search each position's best move, score and nodes; for the others one sum.
    pub results: Vec<(String, String)>,
    /// For trials, the same run split by the kind of position (the middle game, the queen
    /// endings), so that a claim said to hold in one and fail in the other is read in each.
    pub parts: Vec<MeasuredPart>,
}

/// The nodes and time of one kind of position within a workload's run.
#[derive(Debug, Clone, PartialEq)]
pub struct MeasuredPart {
    pub name: &'static str,
    pub nodes: u64,
    pub seconds: f64,
}

impl MeasuredPart {
    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        rate(self.nodes, self.seconds)
    }
}

/// Nodes per second, 0 for a run too short to time.
fn rate(nodes: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    }
}

impl Measured {
    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        rate(self.nodes, self.seconds)
    }
}

/// One engine workload as it is run: the work, the evaluation its search and evaluation add
/// up, the positions it walks, the nodes it may spend on a backend and the depth its searches
/// go to.
#[derive(Debug, Clone, Copy)]
pub struct WorkloadRun<'a> {
    pub workload: Workload,
    pub terms: EvalTerms,
    pub set: &'a PositionSet,
    pub budget: u64,
    /// The searches' depth (search, trials) when one is given; their own depths otherwise.
    pub depth: Option<u32>,
}

/// Runs `run`'s workload on board type `B` within its budget of nodes.
///
/// # Errors
///
/// Only if an embedded suite were malformed.
pub fn measure<B: EngineQueries>(run: WorkloadRun) -> Result<Measured, Error> {
    let (set, budget, terms) = (run.set, run.budget, run.terms);
    match run.workload {
        Workload::Search => search::<B>(budget, terms, run.depth.unwrap_or(SEARCH_DEPTH)),
        Workload::Trials => trials::measure_trials::<B>(budget, run.depth),
        Workload::Eval => Ok(passes::<B>(set, budget, "sum of scores", |board| {
            let score = evaluate_breakdown(board, terms).score;
            (1, i64::from(score))
        })),
        Workload::See => Ok(passes::<B>(set, budget, "sum of SEE values", |board| {
            let moves = captures(board);
            let sum = moves.iter().map(|&mv| i64::from(board.see(mv))).sum();
            (moves.len() as u64, sum)
        })),
        Workload::Attacks => Ok(passes::<B>(set, budget, "sum of attack counts", |board| {
            (1, attack_maps(board))
        })),
        Workload::Perft | Workload::All => Err(Error::Usage(format!(
            "{} is no engine workload",
            run.workload.name()
        ))),
    }
}

/// One position's attack maps, folded into one number: the squares every piece attacks, then
/// each side's attacked squares and mobility.
fn attack_maps<B: EngineQueries>(board: &B) -> i64 {
    let mut sum = 0;
    board.for_each_piece(|sq, _| sum += i64::from(board.attacks_from(sq).count()));
    for color in [Color::White, Color::Black] {
        sum += i64::from(board.attacked_squares(color)) + i64::from(board.mobility(color));
    }
    sum
}

/// Walks the set pass after pass, `work` giving each position's nodes and a number to sum,
/// until the nodes reach `budget` (or a pass finds no node at all).
fn passes<B: EngineQueries>(
    set: &PositionSet,
    budget: u64,
    summed: &str,
    mut work: impl FnMut(&B) -> (u64, i64),
) -> Measured {
    let boards: Vec<B> = set.setups.iter().map(B::from_setup).collect();
    let mut nodes = 0u64;
    let mut sum = 0i64;
    let start = Instant::now();
    'passes: loop {
        let before = nodes;
        for board in &boards {
            let (found, value) = work(black_box(board));
            nodes += found;
            sum = sum.wrapping_add(value);
            if nodes >= budget {
                break 'passes;
            }
        }
        if nodes == before {
            break;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    Measured {
        nodes,
        seconds,
        quiescence_nodes: None,
        stand_pat_nodes: None,
        results: vec![(summed.to_string(), black_box(sum).to_string())],
        parts: Vec::new(),
    }
}

/// Searches every Bratko-Kopec position to `depth` ([`SEARCH_DEPTH`] unless asked) with the
/// evaluation of `terms`, each within an equal share of `budget` nodes.
fn search<B: EngineQueries>(budget: u64, terms: EvalTerms, depth: u32) -> Result<Measured, Error> {
    let positions = bratko_kopec()?;
    let share = (budget / positions.len() as u64).max(1);
    let limits = Limits {
        depth: Some(depth),
        nodes: (budget != u64::MAX).then_some(share),
        ..Limits::INFINITE
    };
    let mut searcher = Searcher::new(SEARCH_HASH_MB);
    searcher.set_eval_terms(terms);
    let mut boards: Vec<B> = positions
        .iter()
        .map(|(_, setup)| B::from_setup(setup))
        .collect();
    let stop = AtomicBool::new(false);
    let mut nodes = 0;
    let mut quiescence_nodes = 0;
    let mut seconds = 0.0;
    let mut results = Vec::new();
    for ((id, _), board) in positions.iter().zip(&mut boards) {
        searcher.clear();
        let start = Instant::now();
        let result = searcher.search(board, &[], &limits, &stop, |_| {});
        seconds += start.elapsed().as_secs_f64();
        nodes += result.nodes;
        quiescence_nodes += result.qnodes;
        let best = result
            .best_move
            .map_or_else(|| "0000".to_string(), |mv| board.move_text(mv, false));
        let score = match result.score {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(moves) => format!("mate {moves}"),
        };
        results.push((
            id.clone(),
            format!(
                "bestmove {best} score {score} nodes {} qnodes {}",
                result.nodes, result.qnodes
            ),
        ));
    }
    Ok(Measured {
        nodes,
        seconds,
        quiescence_nodes: Some(quiescence_nodes),
        stand_pat_nodes: None,
        results,
        parts: Vec::new(),
    })
}
