//! The transposition table: what earlier searches learned about positions, by Zobrist hash.
//!
//! The table is an array of two-entry buckets. A position's bucket is chosen by its Polyglot
//! `key` and its entry is recognised by the independent `lock`, which is all the entry stores of
//! the hash: a false hit needs the 64-bit lock to collide and the key to pick the same bucket (only
//! the key's bucket bits count, so a table of 2^20 buckets guards with about 84 bits, not 128).
//! Of the two entries, the first keeps the deepest result
//! (depth-preferred: deep results are the expensive ones) and the second takes whatever does not
//! displace the first (always-replace: recent results are the likely ones).

use boardlab_core::{Move, Zobrist};

/// How a stored score bounds the true score of its position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact: it was inside the window.
    Exact,
    /// The true score is at least the stored one: the search failed high.
    Lower,
    /// The true score is at most the stored one: no move reached alpha.
    Upper,
}

/// One entry: 16 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    lock: u64,
    best_move: u16,
    score: i16,
    depth: i8,
    /// Bits 0..2: the bound (0 = empty slot). Bits 2..8: the search generation that wrote it.
    bound_and_generation: u8,
}

impl Entry {
    const EMPTY: Entry = Entry {
        lock: 0,
        best_move: 0,
        score: 0,
        depth: 0,
        bound_and_generation: 0,
    };

    #[inline]
    fn is_empty(&self) -> bool {
        self.bound_and_generation & 3 == 0
    }

    #[inline]
    fn generation(&self) -> u8 {
        self.bound_and_generation >> 2
    }

    #[inline]
    fn bound(&self) -> Bound {
        match self.bound_and_generation & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        }
    }
}

type Bucket = [Entry; 2];

/// What a probe found for a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    /// The best (or refuting) move found, if any; it may be `Move::NULL`.
    pub best_move: Move,
    /// The score, with mate scores relative to the stored position (see `Searcher`).
    pub score: i32,
    /// The depth the score was searched to.
    pub depth: i32,
    /// How the score bounds the true one.
    pub bound: Bound,
}

/// A hash table of search results, sized in megabytes.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one bucket).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let bytes = megabytes.saturating_mul(1024 * 1024);
        let count = (bytes / std::mem::size_of::<Bucket>()).max(1);
        TranspositionTable {
            buckets: vec![[Entry::EMPTY; 2]; count],
            generation: 0,
        }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.buckets.fill([Entry::EMPTY; 2]);
        self.generation = 0;
    }

    /// Starts a new search: entries of earlier searches become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    /// The bucket for `key`: the high half of `key * len` spreads keys evenly over any length,
    /// so the table need not be a power of two.
    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    /// The stored result for the position hashed `zobrist`, if any.
    #[inline]
    pub fn probe(&self, zobrist: Zobrist) -> Option<Hit> {
        let bucket = &self.buckets[self.index(zobrist.key)];
        bucket
            .iter()
            .find(|entry| !entry.is_empty() && entry.lock == zobrist.lock)
            .map(|entry| Hit {
                best_move: Move::from_bits(entry.best_move).unwrap_or(Move::NULL),
                score: i32::from(entry.score),
                depth: i32::from(entry.depth),
                bound: entry.bound(),
            })
    }

    /// Stores a result. A `Move::NULL` best move keeps the move already stored for the position.
    #[inline]
    pub fn store(
        &mut self,
        zobrist: Zobrist,
        depth: i32,
        score: i32,
        bound: Bound,
        best_move: Move,
    ) {
        let generation = self.generation;
        let index = self.index(zobrist.key);
        let bucket = &mut self.buckets[index];
        let depth = depth.clamp(i8::MIN.into(), i8::MAX.into()) as i8;
        let slot = {
            let deep = &bucket[0];
            if deep.is_empty()
                || deep.lock == zobrist.lock
                || deep.generation() != generation
                || depth >= deep.depth
            {
                0
            } else {
                1
            }
        };
        let old = bucket[slot];
        let best_move = if best_move == Move::NULL && !old.is_empty() && old.lock == zobrist.lock {
            old.best_move
        } else {
            best_move.bits()
        };
        let bound_bits = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        bucket[slot] = Entry {
            lock: zobrist.lock,
            best_move,
            score: score.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            depth,
            bound_and_generation: bound_bits | generation << 2,
        };
    }

    /// How full the table is in permille, from a sample of its first thousand buckets, counting
    /// entries written by the current search (as UCI's `hashfull` reports).
    pub fn hashfull(&self) -> u32 {
        let sample = &self.buckets[..self.buckets.len().min(1000)];
        let used = sample
            .iter()
            .flatten()
            .filter(|entry| !entry.is_empty() && entry.generation() == self.generation)
            .count();
        (used * 1000 / (sample.len() * 2)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::{MoveFlag, Square};

    fn zobrist(key: u64, lock: u64) -> Zobrist {
        Zobrist { key, lock }
    }

    #[test]
    fn entries_are_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
    }

    #[test]
    fn a_stored_result_is_found_by_key_and_lock_only() {
        let mut table = TranspositionTable::new(1);
        let mv = Move::new(Square::E2, Square::E4, MoveFlag::DoublePush);
        table.store(zobrist(7, 11), 5, -42, Bound::Lower, mv);
        let hit = table.probe(zobrist(7, 11)).expect("stored");
        assert_eq!(
            (hit.best_move, hit.score, hit.depth, hit.bound),
            (mv, -42, 5, Bound::Lower)
        );
        assert_eq!(table.probe(zobrist(7, 12)), None, "same key, other lock");
    }

    #[test]
    fn the_deep_slot_keeps_the_deeper_result_of_this_search() {
        // A one-bucket table: every key lands in the same bucket.
        let mut table = TranspositionTable {
            buckets: vec![[Entry::EMPTY; 2]; 1],
            generation: 0,
        };
        table.store(zobrist(1, 1), 8, 10, Bound::Exact, Move::NULL);
        table.store(zobrist(2, 2), 3, 20, Bound::Exact, Move::NULL);
        table.store(zobrist(3, 3), 2, 30, Bound::Exact, Move::NULL);
        assert_eq!(table.probe(zobrist(1, 1)).map(|hit| hit.depth), Some(8));
        assert_eq!(
            table.probe(zobrist(2, 2)),
            None,
            "always-replace slot overwritten"
        );
        assert_eq!(table.probe(zobrist(3, 3)).map(|hit| hit.score), Some(30));
        // In a new search the old deep entry gives way.
        table.new_search();
        table.store(zobrist(4, 4), 1, 40, Bound::Upper, Move::NULL);
        assert_eq!(table.probe(zobrist(1, 1)), None);
        assert_eq!(
            table.probe(zobrist(4, 4)).map(|hit| hit.bound),
            Some(Bound::Upper)
        );
    }

    #[test]
    fn storing_without_a_move_keeps_the_old_move() {
        let mut table = TranspositionTable::new(1);
        let mv = Move::new(Square::G1, Square::F3, MoveFlag::Quiet);
        table.store(zobrist(9, 9), 4, 0, Bound::Lower, mv);
        table.store(zobrist(9, 9), 5, 1, Bound::Upper, Move::NULL);
        assert_eq!(
            table.probe(zobrist(9, 9)).map(|hit| hit.best_move),
            Some(mv)
        );
    }
}
