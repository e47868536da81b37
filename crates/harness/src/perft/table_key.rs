//! The key a perft hash table is probed with: the board's own Zobrist hash, or an independent
//! one drawn from a seed.
//!
//! The deep perft records were checked by running every work unit twice with different hash
//! keys, so that a false hit in the table (two positions whose hashes collide) would have to
//! happen twice, at the same place, to go unnoticed. The board's hash is fixed: its `key` is the
//! Polyglot table and its `lock` comes from a fixed seed. A second run therefore needs a second
//! hash, and the backends maintain only the first incrementally. [`SeededZobrist`] computes the
//! second one from scratch, from the pieces, at every node that looks at the table. Hashed perft
//! never probes the last ply's nodes (depth-1 nodes are counted in bulk), so the from-scratch
//! hash is paid once per interior node, where a whole move generation and its makes are paid
//! anyway.

use boardlab_core::{Board, Color, Piece, Zobrist};

/// Which hash indexes and verifies a perft table.
pub enum TableKey {
    /// The board's incremental hash (Polyglot key and the fixed lock).
    Board,
    /// An independent hash from a seed, computed at each probed node.
    Seeded(Box<SeededZobrist>),
}

impl TableKey {
    /// The board's own hash, or with `seed` an independent one drawn from it.
    pub fn new(seed: Option<u64>) -> TableKey {
        match seed {
            Some(seed) => TableKey::Seeded(Box::new(SeededZobrist::new(seed))),
            None => TableKey::Board,
        }
    }

    /// The key and lock of `board`.
    #[inline]
    pub fn of<B: Board>(&self, board: &B) -> Zobrist {
        match self {
            TableKey::Board => board.zobrist(),
            TableKey::Seeded(seeded) => seeded.of(board),
        }
    }
}

/// A Zobrist hash with both halves, key and lock, drawn from a seed: independent of the board's
/// own hash, so a run with it shares no collision with a run without it.
pub struct SeededZobrist {
    piece_square: Vec<[Zobrist; 64]>,
    castling: [Zobrist; 16],
    en_passant: [Zobrist; 8],
    white_to_move: Zobrist,
}

/// SplitMix64: a small generator whose every output is a bijective mix of its counter, so any
/// seed gives a full table of distinct, well-spread numbers.
pub(crate) struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn pair(&mut self) -> Zobrist {
        Zobrist {
            key: self.next(),
            lock: self.next(),
        }
    }
}

impl SeededZobrist {
    /// The tables for `seed`. The seed is mixed with a constant first, so that seed 0 does not
    /// start the generator where the board's own lock table starts.
    pub fn new(seed: u64) -> SeededZobrist {
        let mut rng = SplitMix64(seed ^ 0x756e_6974_735f_7365); // "units_se"
        let piece_square = (0..Piece::NUM)
            .map(|_| std::array::from_fn(|_| rng.pair()))
            .collect();
        let rights: [Zobrist; 4] = std::array::from_fn(|_| rng.pair());
        // One number per right; a set of rights hashes as the XOR of its members, as in the
        // board's own hash.
        let castling = std::array::from_fn(|bits| {
            (0..4)
                .filter(|right| bits >> right & 1 != 0)
                .fold(Zobrist::ZERO, |z, right| z ^ rights[right])
        });
        let en_passant = std::array::from_fn(|_| rng.pair());
        let white_to_move = rng.pair();
        SeededZobrist {
            piece_square,
            castling,
            en_passant,
            white_to_move,
        }
    }

    /// The hash of `board`, computed from its pieces, rights, en-passant square (under the
    /// board's own rule: set when a pawn could capture, legal or not, which only ever tells
    /// apart positions that might differ) and side to move.
    pub fn of<B: Board>(&self, board: &B) -> Zobrist {
        let mut z = self.castling[board.castling().bits() as usize];
        board.for_each_piece(|sq, piece| z ^= self.piece_square[piece.index()][sq.index()]);
        if let Some(ep) = board.ep_square() {
            z ^= self.en_passant[ep.file().index()];
        }
        if board.side_to_move() == Color::White {
            z ^= self.white_to_move;
        }
        z
    }
}
