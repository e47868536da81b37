//! A backend's board type behind one object: everything a command asks of a backend, so that
//! the commands (boardlab-app) hold a [`Backend`] and never a board type.
//!
//! [`board_type`] is the one place where a backend's name becomes monomorphized code: each
//! method of [`BoardType`] is written once, generic over the board, and compiled once per
//! backend, in this crate. A command calls one method per count, search or view, so the call
//! through the object costs nothing beside the walk behind it, which is monomorphic throughout
//! (no `dyn Board` in a hot loop). Without it, every command's generic code would be compiled
//! again for every backend in every crate that names a board type, the command line's
//! included, and the command line could not be built with less optimisation than the walks.

use crate::diff::{BoardOracle, DivideOracle};
use crate::perft::{LeafCount, PerftRunner, PerftStats};
use crate::units::{split, Unit, UnitsHeader};
use crate::workload::{self, Measured, WorkloadRun};
use crate::{Backend, Error, Position};
use boardlab_core::{Board, Move, Setup, Square, UciMove};
use boardlab_engine::queries::exchange;
use boardlab_engine::{
    evaluate_breakdown, EngineQueries, EvalBreakdown, EvalTerms, Limits, SearchInfo, SearchResult,
    Searcher, Swap,
};
use boardlab_views::{ExplainError, Explanation, Views};
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What a command asks of one backend, its board type behind the object (see the module docs).
/// Positions come as a [`Position`] (a root and the moves played from it, which each board
/// reaches by its own make) or a [`Setup`].
pub trait BoardType: Sync {
    /// The backend's name: its board's [`Board::NAME`].
    fn name(&self) -> &'static str;

    /// The bytes one board takes ([`Board::board_bytes`]).
    fn board_bytes(&self) -> usize;

    /// The bytes of what `make` hands back for `unmake`.
    fn undo_bytes(&self) -> usize;

    /// The bytes of the backend's shared tables ([`Board::table_bytes`]).
    fn table_bytes(&self) -> usize;

    /// Sets up one board (and so builds the backend's tables, the first time), for a caller
    /// that times what the first board costs.
    fn set_up(&self, setup: &Setup);

    /// Perft of `position` to `depth` with `runner`.
    ///
    /// # Errors
    ///
    /// [`Error::Stopped`] when the runner's stop flag was raised.
    fn count(&self, runner: &PerftRunner, position: &Position, depth: u32) -> Result<u64, Error>;

    /// The statistics of the leaves `depth` plies below `position` ([`PerftStats`]).
    ///
    /// # Errors
    ///
    /// As [`count`](BoardType::count).
    fn count_stats(
        &self,
        runner: &PerftRunner,
        position: &Position,
        depth: u32,
    ) -> Result<PerftStats, Error>;

    /// Perft of `position` to `depth` split by root move: `each` is handed every legal move,
    /// in the position's notation, with the count below it as soon as it is known; the total
    /// is returned.
    ///
    /// # Errors
    ///
    /// As [`count`](BoardType::count).
    fn divide(
        &self,
        runner: &PerftRunner,
        position: &Position,
        depth: u32,
        each: &mut dyn FnMut(UciMove, u64),
    ) -> Result<u64, Error>;

    /// [`divide`](BoardType::divide), counting the statistics of the leaves.
    ///
    /// # Errors
    ///
    /// As [`count`](BoardType::count).
    fn divide_stats(
        &self,
        runner: &PerftRunner,
        position: &Position,
        depth: u32,
        each: &mut dyn FnMut(UciMove, PerftStats),
    ) -> Result<PerftStats, Error>;

    /// The work units `ply` plies below `root` of perft to `depth` ([`split`]).
    ///
    /// # Errors
    ///
    /// [`Error::Usage`] when `ply` is above `depth`.
    fn split(&self, root: &Setup, depth: u32, ply: u32) -> Result<(UnitsHeader, Vec<Unit>), Error>;

    /// Counts the work units on the runner's threads, each handed to `done` with its count
    /// and seconds as soon as it is finished.
    ///
    /// # Errors
    ///
    /// The first error of `done`, or [`Error::Stopped`].
    fn count_units(
        &self,
        runner: &PerftRunner,
        units: &[&Unit],
        done: &(dyn Fn(&Unit, u64, f64) -> Result<(), Error> + Sync),
    ) -> Result<(), Error>;

    /// This backend as a divide oracle, its divides given up once `stop`, if any, is raised.
    fn oracle(&self, stop: Option<Arc<AtomicBool>>) -> Box<dyn DivideOracle>;

    /// A search of `position` within `limits`, the game before it being the position's
    /// history, `on_iteration` told after each completed iteration; the search's memory is
    /// `searcher`'s.
    fn search(
        &self,
        searcher: &mut Searcher,
        position: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult;

    /// The evaluation of `position` with `terms`, every term counted.
    fn evaluate(&self, position: &Position, terms: EvalTerms) -> EvalBreakdown;

    /// Every capture of `position` as the backend's own generator finds them, in its order,
    /// with the backend's own SEE of each and the exchange the generic rules play out.
    fn exchanges(&self, position: &Position) -> Vec<(Move, i32, Vec<Swap>)>;

    /// One run of an engine workload ([`workload::measure`]).
    ///
    /// # Errors
    ///
    /// As [`workload::measure`].
    fn measure(&self, run: WorkloadRun) -> Result<Measured, Error>;

    /// The backend's view of `position` ([`Views::show`]).
    fn show(&self, position: &Position, focus: Option<Square>) -> Explanation;

    /// How the backend finds the moves of the piece on `sq` ([`Views::explain`]).
    ///
    /// # Errors
    ///
    /// [`ExplainError::EmptySquare`] when no piece stands on `sq`.
    fn explain(&self, position: &Position, sq: Square) -> Result<Explanation, ExplainError>;
}

/// The board type of `backend` behind a [`BoardType`].
///
/// # Examples
///
/// ```
/// use boardlab_core::Setup;
/// use boardlab_harness::{board_type, Backend, PerftOptions, PerftRunner, Position};
///
/// let runner = PerftRunner::new(PerftOptions::default())?;
/// let start = Position::new(Setup::start(), false);
/// for &backend in Backend::ALL {
///     let nodes = board_type(backend).count(&runner, &start, 3)?;
///     assert_eq!(nodes, 8902, "{backend}");
/// }
/// # Ok::<(), boardlab_harness::Error>(())
/// ```
// Never inlined: rustc may inline a function this small into its callers' crates, and with it
// would go the vtables of every `Typed<B>`, so that each crate calling it (the integration
// tests, the labs) compiled every backend's walks again.
#[inline(never)]
pub fn board_type(backend: Backend) -> &'static dyn BoardType {
    with_backend!(backend, B => &Typed::<B>(PhantomData))
}

/// Board type `B` as a [`BoardType`].
struct Typed<B>(PhantomData<fn() -> B>);

impl<B: Board + EngineQueries + Views> BoardType for Typed<B> {
    fn name(&self) -> &'static str {
        B::NAME
    }

    fn board_bytes(&self) -> usize {
        B::board_bytes()
    }

    fn undo_bytes(&self) -> usize {
        std::mem::size_of::<B::Undo>()
    }

    fn table_bytes(&self) -> usize {
        B::table_bytes()
    }

    fn set_up(&self, setup: &Setup) {
        std::hint::black_box(B::from_setup(setup));
    }

    fn count(&self, runner: &PerftRunner, position: &Position, depth: u32) -> Result<u64, Error> {
        Ok(runner.count(&position.board::<B>(), depth)?)
    }

    fn count_stats(
        &self,
        runner: &PerftRunner,
        position: &Position,
        depth: u32,
    ) -> Result<PerftStats, Error> {
        Ok(runner.count(&position.board::<B>(), depth)?)
    }

    fn divide(
        &self,
        runner: &PerftRunner,
        position: &Position,
        depth: u32,
        each: &mut dyn FnMut(UciMove, u64),
    ) -> Result<u64, Error> {
        divide_as::<B, u64>(runner, position, depth, each)
    }

    fn divide_stats(
        &self,
        runner: &PerftRunner,
        position: &Position,
        depth: u32,
        each: &mut dyn FnMut(UciMove, PerftStats),
    ) -> Result<PerftStats, Error> {
        divide_as::<B, PerftStats>(runner, position, depth, each)
    }

    fn split(&self, root: &Setup, depth: u32, ply: u32) -> Result<(UnitsHeader, Vec<Unit>), Error> {
        split::<B>(root, depth, ply)
    }

    fn count_units(
        &self,
        runner: &PerftRunner,
        units: &[&Unit],
        done: &(dyn Fn(&Unit, u64, f64) -> Result<(), Error> + Sync),
    ) -> Result<(), Error> {
        runner.for_each(units, |unit: &&Unit| {
            let board = B::from_setup(&unit.setup);
            let start = std::time::Instant::now();
            let nodes: u64 = runner.count(&board, unit.depth)?;
            done(unit, nodes, start.elapsed().as_secs_f64())
        })
    }

    fn oracle(&self, stop: Option<Arc<AtomicBool>>) -> Box<dyn DivideOracle> {
        let oracle = BoardOracle::<B>::new();
        Box::new(match stop {
            Some(stop) => oracle.stopped_by(stop),
            None => oracle,
        })
    }

    fn search(
        &self,
        searcher: &mut Searcher,
        position: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let mut board: B = position.board();
        let result = searcher.search(&mut board, position.history(), limits, stop, on_iteration);
        // The search makes and unmakes every move it tries, null moves included: the tests
        // (built with debug assertions) check here, on every backend, that it unmade them all.
        debug_assert_eq!(
            board.to_setup(),
            position.setup(),
            "{}: the board comes back",
            B::NAME
        );
        result
    }

    fn evaluate(&self, position: &Position, terms: EvalTerms) -> EvalBreakdown {
        evaluate_breakdown(&position.board::<B>(), terms)
    }

    fn exchanges(&self, position: &Position) -> Vec<(Move, i32, Vec<Swap>)> {
        let board: B = position.board();
        workload::captures(&board)
            .iter()
            .map(|&mv| (mv, board.see(mv), exchange(&board, mv)))
            .collect()
    }

    fn measure(&self, run: WorkloadRun) -> Result<Measured, Error> {
        workload::measure::<B>(run)
    }

    fn show(&self, position: &Position, focus: Option<Square>) -> Explanation {
        position.board::<B>().show(focus)
    }

    fn explain(&self, position: &Position, sq: Square) -> Result<Explanation, ExplainError> {
        position.board::<B>().explain(sq)
    }
}

/// Divided perft of `position` on board type `B`, each root move in the position's notation,
/// counted as `C`.
fn divide_as<B: Board, C: LeafCount>(
    runner: &PerftRunner,
    position: &Position,
    depth: u32,
    each: &mut dyn FnMut(UciMove, C),
) -> Result<C, Error> {
    let board: B = position.board();
    Ok(runner.divide(&board, depth, &mut |mv, tally| {
        each(position.uci_move(&board, mv), tally)
    })?)
}
