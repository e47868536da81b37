//! The one perft walk behind every command that counts: bulk or full-make, threads sharing the
//! root moves, a hash table of subtree counts probed with the key it is given, and a flag that
//! stops it. Every combination gives exactly the count of plain [`boardlab_core::perft`].

use super::table::{PerftTable, TableTally};
use super::table_key::TableKey;
use crate::Error;
use boardlab_core::{Board, GenKind, Move, MoveList, PerftMode};
use rayon::prelude::*;
use std::ops::AddAssign;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What perft counts below a node: the number of leaves, or (written the same way) statistics
/// of the leaves, such as how many are captures or checks ([`PerftStats`](super::PerftStats)).
/// The walk adds up what this says about the last ply, so a new kind of count needs no walk of
/// its own.
pub trait LeafCount: Copy + Default + Send + AddAssign {
    /// A node with no ply left and no move known to have reached it: the root of a count at
    /// depth 0.
    const LEAF: Self;

    /// The leaf `board` is, reached by the move `last`: what a divide at depth 1 hands over for
    /// each root move.
    fn leaf<B: Board>(board: &B, last: Move) -> Self;

    /// What the legal moves of `board`, one ply above the leaves, count for: the last ply,
    /// counted as `mode` says.
    fn last_ply<B: Board>(board: &mut B, mode: PerftMode) -> Self;

    /// The count as a hash-table slot holds it, when it fits in one.
    fn to_slot(self) -> Option<u64>;

    /// The count a slot held, when this kind of count is kept in the table.
    fn from_slot(slot: u64) -> Option<Self>;
}

/// The number of leaves, the count perft is known by.
impl LeafCount for u64 {
    const LEAF: u64 = 1;

    fn leaf<B: Board>(_: &B, _: Move) -> u64 {
        1
    }

    #[inline]
    fn last_ply<B: Board>(board: &mut B, mode: PerftMode) -> u64 {
        match mode {
            // Bulk counting is the number of legal moves, without playing them.
            PerftMode::Bulk => board.count_legal(),
            PerftMode::FullMake => boardlab_core::perft(board, 1, mode),
        }
    }

    fn to_slot(self) -> Option<u64> {
        Some(self)
    }

    fn from_slot(slot: u64) -> Option<u64> {
        Some(slot)
    }
}

/// A walk ended early because its stop flag was raised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped;

impl From<Stopped> for Error {
    fn from(_: Stopped) -> Error {
        Error::Stopped
    }
}

/// How to count: the mode of the last ply, threads, the hash table and its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerftOptions {
    /// Bulk counting or making every leaf.
    pub mode: PerftMode,
    /// Worker threads; the root moves are shared among them. 1 runs on the calling thread.
    pub threads: usize,
    /// The hash table's size in MiB, or `None` for no table.
    pub hash_megabytes: Option<usize>,
    /// Probe the table with an independent key and lock drawn from this seed instead of the
    /// board's own hash.
    pub key_seed: Option<u64>,
}

impl Default for PerftOptions {
    fn default() -> PerftOptions {
        PerftOptions {
            mode: PerftMode::Bulk,
            threads: 1,
            hash_megabytes: None,
            key_seed: None,
        }
    }
}

/// A perft counter set up with its threads, table and stop flag, reusable across positions
/// (the table keeps what it learnt).
pub struct PerftRunner {
    mode: PerftMode,
    pool: Option<rayon::ThreadPool>,
    table: Option<PerftTable>,
    key: TableKey,
    stop: Option<Arc<AtomicBool>>,
}

/// Splitting the root among threads pays only when each move's subtree is more than a count of
/// the last ply.
const SHARED_FROM_DEPTH: u32 = 3;

impl PerftRunner {
    /// Builds the pool and allocates the table the options ask for.
    ///
    /// # Errors
    ///
    /// [`Error::Allocation`] when the table cannot be allocated, [`Error::Usage`] when the
    /// threads cannot be started.
    pub fn new(options: PerftOptions) -> Result<PerftRunner, Error> {
        let pool = if options.threads > 1 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(options.threads)
                .build()
                .map_err(|err| {
                    Error::Usage(format!("cannot start {} threads: {err}", options.threads))
                })?;
            Some(pool)
        } else {
            None
        };
        let table = options
            .hash_megabytes
            .map(PerftTable::with_megabytes)
            .transpose()?;
        Ok(PerftRunner {
            mode: options.mode,
            pool,
            table,
            key: TableKey::new(options.key_seed),
            stop: None,
        })
    }

    /// The same runner, giving up as soon as `stop` is raised (looked at on every node above the
    /// last ply: a relaxed load costs next to nothing beside a move generation).
    pub fn stopped_by(mut self, stop: Arc<AtomicBool>) -> PerftRunner {
        self.stop = Some(stop);
        self
    }

    /// The hash table's probes and hits over every count so far, when there is a table.
    pub fn table_tally(&self) -> Option<TableTally> {
        self.table.as_ref().map(PerftTable::tally)
    }

    /// Calls `each` on every item, the items shared among the runner's threads (the counts
    /// `each` makes then share the same threads), or in order when it has none.
    ///
    /// # Errors
    ///
    /// The first error `each` returns; the items not yet started are left.
    pub fn for_each<T: Sync, E: Send>(
        &self,
        items: &[T],
        each: impl Fn(&T) -> Result<(), E> + Sync + Send,
    ) -> Result<(), E> {
        match &self.pool {
            Some(pool) => {
                // Once an item has failed, the items not yet started are passed over.
                let failed = AtomicBool::new(false);
                let done = on_pool(pool, items.len(), &|i| {
                    if failed.load(Ordering::Relaxed) {
                        return None;
                    }
                    let result = each(&items[i]);
                    if result.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    Some(result)
                });
                done.into_iter().flatten().collect()
            }
            None => items.iter().try_for_each(each),
        }
    }

    /// What lies `depth` plies below `board`.
    ///
    /// # Errors
    ///
    /// [`Stopped`] once the stop flag is raised.
    pub fn count<B: Board, C: LeafCount>(&self, board: &B, depth: u32) -> Result<C, Stopped> {
        if self.pool.is_some() && depth >= SHARED_FROM_DEPTH {
            return self.divide(board, depth, &mut |_, _| {});
        }
        self.subtree_counter().run(&mut board.clone(), depth)
    }

    /// What lies below each legal move of `board`, handed to `each` in generation order
    /// (Stockfish's `go perft`), and the total. Each move's count is handed over as soon as it
    /// is known on one thread; with several, once all are.
    ///
    /// `each` is a trait object, called once a root move, so that this loop is compiled once
    /// for each board and count type rather than once for every caller's closure as well.
    ///
    /// # Errors
    ///
    /// [`Stopped`] once the stop flag is raised; the moves counted by then have been handed
    /// over.
    pub fn divide<B: Board, C: LeafCount>(
        &self,
        board: &B,
        depth: u32,
        each: &mut dyn FnMut(Move, C),
    ) -> Result<C, Stopped> {
        if depth == 0 {
            return Ok(C::LEAF);
        }
        let mut moves = MoveList::new();
        board.generate(GenKind::All, &mut moves);
        let mut total = C::default();
        let mut hand_over = |mv: Move, below: Result<C, Stopped>| {
            let below = below?;
            each(mv, below);
            total += below;
            Ok(())
        };
        match &self.pool {
            Some(pool) => {
                let counted = on_pool(pool, moves.len(), &|i| {
                    let mv = moves[i];
                    let mut board = board.clone();
                    board.make(mv);
                    self.subtree_counter().below_move(&mut board, mv, depth - 1)
                });
                for (&mv, below) in moves.iter().zip(counted) {
                    hand_over(mv, below)?;
                }
            }
            None => {
                let mut board = board.clone();
                let mut counter = self.subtree_counter();
                for &mv in moves.iter() {
                    let undo = board.make(mv);
                    let below = counter.below_move(&mut board, mv, depth - 1);
                    board.unmake(mv, undo);
                    hand_over(mv, below)?;
                }
            }
        }
        Ok(total)
    }

    /// A counter for one thread, with the runner's settings and no probes made yet.
    fn subtree_counter(&self) -> SubtreeCounter<'_> {
        SubtreeCounter {
            mode: self.mode,
            table: self.table.as_ref(),
            key: &self.key,
            stop: self.stop.as_deref(),
            tally: TableTally::default(),
        }
    }
}

/// `task` of every index below `count`, shared among `pool`'s threads, in index order.
///
/// Not generic over the board or the caller's closure: each task's walk is monomorphic behind
/// the one call through `task`, and rayon's machinery (its jobs, splits and joins) is compiled
/// once for each result type instead of once for every board, count and closure, which was
/// nearly half of this crate's code.
fn on_pool<R: Send>(
    pool: &rayon::ThreadPool,
    count: usize,
    task: &(dyn Fn(usize) -> R + Sync),
) -> Vec<R> {
    pool.install(|| (0..count).into_par_iter().map(task).collect())
}

/// What one thread counts subtrees with: the runner's settings, and the table probes it has
/// made.
struct SubtreeCounter<'a> {
    mode: PerftMode,
    table: Option<&'a PerftTable>,
    key: &'a TableKey,
    stop: Option<&'a AtomicBool>,
    /// Added to the table's totals once, when the walk ends, so that threads do not contend
    /// for them on every probe.
    tally: TableTally,
}

impl SubtreeCounter<'_> {
    /// What lies `depth` plies below `board`, which the root move `last` reached: the leaf that
    /// move made at depth 0, the walk below it otherwise.
    fn below_move<B: Board, C: LeafCount>(
        &mut self,
        board: &mut B,
        last: Move,
        depth: u32,
    ) -> Result<C, Stopped> {
        if depth == 0 {
            return Ok(C::leaf(board, last));
        }
        self.run(board, depth)
    }

    /// The walk from `board`, `depth` plies deep, with the probes recorded at the end.
    fn run<B: Board, C: LeafCount>(&mut self, board: &mut B, depth: u32) -> Result<C, Stopped> {
        let counted = self.below(board, depth);
        if let Some(table) = self.table {
            table.record(std::mem::take(&mut self.tally));
        }
        counted
    }

    /// What lies `depth` plies below `board`.
    #[inline]
    fn below<B: Board, C: LeafCount>(&mut self, board: &mut B, depth: u32) -> Result<C, Stopped> {
        match depth {
            0 => Ok(C::LEAF),
            1 => Ok(C::last_ply(board, self.mode)),
            _ => self.interior(board, depth),
        }
    }

    /// A node two or more plies above the leaves: looked up in the table first, when there is
    /// one. The last ply is left to [`LeafCount::last_ply`] (a bulk count there is cheaper than
    /// a lookup); storing depth-2 nodes too made startpos perft 7 with a 256 MB table 2.4x
    /// faster than storing from depth 3 up (2.87 s -> 1.21 s, one thread, one run).
    fn interior<B: Board, C: LeafCount>(
        &mut self,
        board: &mut B,
        depth: u32,
    ) -> Result<C, Stopped> {
        if self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
            return Err(Stopped);
        }
        let probed = match self.table {
            Some(table) => {
                let zobrist = self.key.of(board);
                self.tally.probes += 1;
                if let Some(count) = table.probe(zobrist, depth).and_then(C::from_slot) {
                    self.tally.hits += 1;
                    return Ok(count);
                }
                Some((table, zobrist))
            }
            None => None,
        };
        let mut moves = MoveList::new();
        board.generate(GenKind::All, &mut moves);
        let mut count = C::default();
        for &mv in moves.iter() {
            let undo = board.make(mv);
            // The last ply is counted here rather than in a call to `below`: that call, made
            // for every node one ply above the leaves, cost 8.9% more instructions at startpos
            // perft 6 (2,808 M against 2,579 M, callgrind).
            let below = if depth == 2 {
                Ok(C::last_ply(board, self.mode))
            } else {
                self.interior(board, depth - 1)
            };
            board.unmake(mv, undo);
            count += below?;
        }
        if let (Some((table, zobrist)), Some(slot)) = (probed, count.to_slot()) {
            table.store(zobrist, depth, slot);
        }
        Ok(count)
    }
}
