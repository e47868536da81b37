//! Zobrist hashing: a 64-bit Polyglot `key` and an independent 64-bit `lock`, in two hashes
//! with one purpose each.
//!
//! - The **Polyglot hash** ([`Zobrist::of`], [`Board::zobrist`](crate::Board::zobrist)) follows
//!   the Polyglot book format's en-passant rule: the en-passant file counts whenever a pawn of
//!   the side to move stands beside the pawn that just double-pushed, legal capture or not. Its
//!   `key` is exactly the Polyglot opening-book key, so positions hash as in every Polyglot book;
//!   book probing uses it.
//! - The **search hash** ([`Zobrist::for_search`],
//!   [`Board::search_zobrist`](crate::Board::search_zobrist)) follows the rules of chess: the
//!   en-passant file counts only when an en-passant capture is legal, since FIDE counts two
//!   positions as the same when the same moves are possible. The transposition table and
//!   repetition detection use it. It differs from the Polyglot hash only in a position whose
//!   en-passant capture would leave the capturer's king in check.
//!
//! Both carry the `lock` beside the `key`.
//!
//! The `key`'s 781 random numbers are read at compile time from `data/polyglot-random64.txt`
//! (the table published with the Polyglot book format). Their layout:
//!
//! - a piece on a square: `64 * kind + 8 * rank + file`, where `kind = 2 * role + (1 if white)`
//!   with roles ordered pawn, knight, bishop, rook, queen, king;
//! - `768..772`: the castling rights white king side, white queen side, black king side, black
//!   queen side. A right is hashed by its rook's file: these four numbers are the rooks on the
//!   h- and a-files; Chess960 rooks on the files b to g, for which Polyglot has no number, take
//!   numbers from a second seeded generator (see [`Zobrist::castling`]);
//! - `772 + file`: the en-passant file, when the hash's rule above counts it;
//! - `780`: white to move.
//!
//! The `lock` uses the same layout with numbers from a SplitMix64 generator and a fixed seed. A
//! hash table indexes with `key` and checks `lock`: a false match needs the lock to collide and
//! the key's bucket bits to agree, so the guard is 64 bits plus the table's index bits.

use crate::{CastlingRights, CastlingSide, Color, File, Piece, Role, Setup, Square};
use std::ops::{BitXor, BitXorAssign};

/// A position's hash: the Polyglot `key` and an independent `lock` (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Zobrist {
    /// The Polyglot key.
    pub key: u64,
    /// A second, independent hash of the same position.
    pub lock: u64,
}

const POLYGLOT_TEXT: &str = include_str!("../data/polyglot-random64.txt");
const NUM_KEYS: usize = 781;

const fn hex_digit(b: u8) -> u64 {
    match b {
        b'0'..=b'9' => (b - b'0') as u64,
        b'a'..=b'f' => (b - b'a' + 10) as u64,
        b'A'..=b'F' => (b - b'A' + 10) as u64,
        _ => panic!("polyglot-random64.txt holds a character that is not a hex digit"),
    }
}

/// Reads the 781 keys: one 16-digit hex number per line, lines starting with `#` skipped.
const fn parse_polyglot_keys() -> [u64; NUM_KEYS] {
    let bytes = POLYGLOT_TEXT.as_bytes();
    let mut keys = [0u64; NUM_KEYS];
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'#' {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else if bytes[i].is_ascii_hexdigit() {
            let mut value = 0u64;
            let mut digits = 0;
            while i < bytes.len() && bytes[i].is_ascii_hexdigit() {
                value = value << 4 | hex_digit(bytes[i]);
                digits += 1;
                i += 1;
            }
            assert!(digits == 16, "a Polyglot key must have 16 hex digits");
            assert!(count < NUM_KEYS, "more than 781 Polyglot keys");
            keys[count] = value;
            count += 1;
        } else {
            i += 1;
        }
    }
    assert!(count == NUM_KEYS, "fewer than 781 Polyglot keys");
    keys
}

/// `N` numbers from a SplitMix64 generator started at `seed`.
const fn splitmix<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state: u64 = seed;
    let mut i = 0;
    while i < N {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        keys[i] = z ^ (z >> 31);
        i += 1;
    }
    keys
}

const fn splitmix_lock_keys() -> [u64; NUM_KEYS] {
    splitmix::<NUM_KEYS>(0x626f_6172_646c_6162) // "boardlab"
}

const KEYS: [u64; NUM_KEYS] = parse_polyglot_keys();
const LOCKS: [u64; NUM_KEYS] = splitmix_lock_keys();

const fn entry(index: usize) -> Zobrist {
    Zobrist {
        key: KEYS[index],
        lock: LOCKS[index],
    }
}

/// Indexed by [`Piece::index`] then [`Square::index`].
static PIECE_SQUARE: [[Zobrist; 64]; Piece::NUM] = {
    let mut table = [[Zobrist { key: 0, lock: 0 }; 64]; Piece::NUM];
    let mut role = 0;
    while role < Role::NUM {
        let mut color = 0;
        while color < 2 {
            let kind = 2 * role + if color == Color::White as usize { 1 } else { 0 };
            let mut sq = 0;
            while sq < 64 {
                table[role * 2 + color][sq] = entry(64 * kind + sq);
                sq += 1;
            }
            color += 1;
        }
        role += 1;
    }
    table
};

/// The castling components by colour and rook file: a right is hashed by the file of its rook.
/// The a- and h-files take the four Polyglot castling numbers (a rook on the h-file always
/// castles king side and one on the a-file queen side, so standard positions hash exactly as in
/// Polyglot); Polyglot has no numbers for the Chess960 files b to g, so those take numbers from
/// a SplitMix64 generator with its own seed, for the key and the lock alike.
static CASTLING_BY_FILE: [[Zobrist; 8]; 2] = {
    let extra = splitmix::<32>(0x3936_305f_726f_6f6b); // "960_rook"
    let mut table = [[Zobrist { key: 0, lock: 0 }; 8]; 2];
    let mut color = 0;
    while color < 2 {
        let mut file = 0;
        while file < 8 {
            table[color][file] = if file == 7 {
                entry(768 + 2 * color)
            } else if file == 0 {
                entry(768 + 2 * color + 1)
            } else {
                Zobrist {
                    key: extra[16 * color + file],
                    lock: extra[16 * color + 8 + file],
                }
            };
            file += 1;
        }
        color += 1;
    }
    table
};

static EN_PASSANT: [Zobrist; 8] = {
    let mut table = [Zobrist { key: 0, lock: 0 }; 8];
    let mut file = 0;
    while file < 8 {
        table[file] = entry(772 + file);
        file += 1;
    }
    table
};

static WHITE_TO_MOVE: Zobrist = entry(780);

impl Zobrist {
    /// The hash of nothing: the starting point before pieces and rights are added.
    pub const ZERO: Zobrist = Zobrist { key: 0, lock: 0 };

    /// The component for `piece` on `sq`.
    #[inline]
    pub fn piece(piece: Piece, sq: Square) -> Zobrist {
        // SAFETY: `Piece::index` is below `Piece::NUM` and `Square::index` below 64, as both
        // are built from enums; the compiler does not see it for a piece read from memory and
        // would test the bounds on every lookup.
        unsafe {
            *PIECE_SQUARE
                .get_unchecked(piece.index())
                .get_unchecked(sq.index())
        }
    }

    /// The component for a set of castling rights.
    #[inline]
    pub fn castling(rights: CastlingRights) -> Zobrist {
        let mut z = Zobrist::ZERO;
        if rights.is_empty() {
            return z;
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(rook) = rights.rook(color, side) {
                    z ^= CASTLING_BY_FILE[color as usize][rook.file().index()];
                }
            }
        }
        z
    }

    /// The component for an en-passant capture possible on `file`.
    #[inline]
    pub fn en_passant(file: File) -> Zobrist {
        EN_PASSANT[file.index()]
    }

    /// The component present when white is to move; toggled by every move.
    #[inline]
    pub fn white_to_move() -> Zobrist {
        WHITE_TO_MOVE
    }

    /// The hash of `setup`, computed from scratch. Backends keep theirs up to date move by move
    /// and the testkit checks that the two agree.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardlab_core::{Setup, Zobrist};
    /// assert_eq!(Zobrist::of(&Setup::start()).key, 0x463b96181691fc9c);
    /// ```
    pub fn of(setup: &Setup) -> Zobrist {
        let mut z = Zobrist::castling(setup.castling);
        for (sq, piece) in setup.pieces() {
            z ^= Zobrist::piece(piece, sq);
        }
        if let Some(ep) = setup.ep_square {
            if !setup.ep_capturers().is_empty() {
                z ^= Zobrist::en_passant(ep.file());
            }
        }
        if setup.turn == Color::White {
            z ^= Zobrist::white_to_move();
        }
        z
    }

    /// The search hash of `setup` (see the module docs): [`Zobrist::of`] without the
    /// en-passant file when no en-passant capture is legal.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardlab_core::{Setup, Zobrist};
    /// // Taking on e6 would leave the king on a5 in check from the rook on h5.
    /// let pinned = Setup::from_fen("4k3/8/8/K2Pp2r/8/8/8/8 w - e6 0 1").unwrap();
    /// let no_ep = Setup::from_fen("4k3/8/8/K2Pp2r/8/8/8/8 w - - 0 1").unwrap();
    /// assert_ne!(Zobrist::of(&pinned), Zobrist::of(&no_ep));
    /// assert_eq!(Zobrist::for_search(&pinned), Zobrist::for_search(&no_ep));
    /// ```
    pub fn for_search(setup: &Setup) -> Zobrist {
        let polyglot = Zobrist::of(setup);
        match setup.ep_square {
            Some(ep) if !setup.ep_capturers().is_empty() && !setup.has_legal_ep_capture() => {
                polyglot ^ Zobrist::en_passant(ep.file())
            }
            _ => polyglot,
        }
    }

    /// The key as 16 lowercase hex digits, as `boardlab key` prints it.
    pub fn key_hex(&self) -> String {
        format!("{:016x}", self.key)
    }
}

impl BitXor for Zobrist {
    type Output = Zobrist;
    #[inline]
    fn bitxor(self, rhs: Zobrist) -> Zobrist {
        Zobrist {
            key: self.key ^ rhs.key,
            lock: self.lock ^ rhs.lock,
        }
    }
}

impl BitXorAssign for Zobrist {
    #[inline]
    fn bitxor_assign(&mut self, rhs: Zobrist) {
        self.key ^= rhs.key;
        self.lock ^= rhs.lock;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_all_781_keys_in_order() {
        // The first and last numbers of the published table.
        assert_eq!(KEYS[0], 0x9d39247e33776d41);
        assert_eq!(KEYS[780], 0xf8d626aaaf278509);
        assert_ne!(LOCKS[0], LOCKS[1]);
    }

    #[test]
    fn keys_match_the_published_polyglot_vectors() {
        use crate::{Move, MoveFlag, Square::*};
        // The test sequence published with the Polyglot book format, with its keys.
        let line = [
            (Move::new(E2, E4, MoveFlag::DoublePush), 0x823c9b50fd114196),
            (Move::new(D7, D5, MoveFlag::DoublePush), 0x0756b94461c50fb0),
            (Move::new(E4, E5, MoveFlag::Quiet), 0x662fafb965db29d4),
            (Move::new(F7, F5, MoveFlag::DoublePush), 0x22a48b5a8e47ff78),
            (Move::new(E1, E2, MoveFlag::Quiet), 0x652a607ca3f242c1),
            (Move::new(E8, F7, MoveFlag::Quiet), 0x00fdd303c946bdd9),
        ];
        let mut setup = Setup::start();
        assert_eq!(Zobrist::of(&setup).key, 0x463b96181691fc9c);
        for (mv, key) in line {
            setup.play(mv);
            assert_eq!(Zobrist::of(&setup).key, key, "after {mv}");
        }
    }

    /// Sets of table indexes whose keys XOR to zero: 781 numbers of 64 bits are linearly
    /// dependent, so Gaussian elimination over GF(2) finds one set for each number beyond a
    /// basis. Each set is a bitmask over the 781 indexes.
    fn key_collisions() -> Vec<[u64; 13]> {
        // The basis, by pivot bit: a value and the indexes XORed into it.
        let mut basis: [Option<(u64, [u64; 13])>; 64] = [None; 64];
        let mut collisions = Vec::new();
        for (index, &key) in KEYS.iter().enumerate() {
            let mut value = key;
            let mut set = [0u64; 13];
            set[index / 64] |= 1 << (index % 64);
            while value != 0 {
                let pivot = 63 - value.leading_zeros() as usize;
                match basis[pivot] {
                    Some((other, other_set)) => {
                        value ^= other;
                        for (word, other_word) in set.iter_mut().zip(other_set) {
                            *word ^= other_word;
                        }
                    }
                    None => {
                        basis[pivot] = Some((value, set));
                        break;
                    }
                }
            }
            if value == 0 {
                collisions.push(set);
            }
        }
        collisions
    }

    #[test]
    fn key_collisions_are_not_lock_collisions() {
        // A lock derived from the key by any linear map (the key itself, a rotation, a shift,
        // an XOR with a constant over an even set) would collide wherever the key does; the
        // 128-bit check is only worth its cost if the lock is independent.
        let collisions = key_collisions();
        assert!(collisions.len() >= NUM_KEYS - 64, "{}", collisions.len());
        let xor_over = |table: &[u64; NUM_KEYS], set: &[u64; 13]| {
            (0..NUM_KEYS)
                .filter(|&i| set[i / 64] >> (i % 64) & 1 != 0)
                .fold(0, |acc, i| acc ^ table[i])
        };
        for set in &collisions {
            assert_eq!(xor_over(&KEYS, set), 0);
            assert_ne!(xor_over(&LOCKS, set), 0, "the lock collides with the key");
        }
    }

    #[test]
    fn castling_rights_hash_by_rook_file() {
        use crate::{CastlingRights, Square};
        let white_h1 = CastlingRights::NONE.with_rook(Color::White, Square::E1, Square::H1);
        assert_eq!(Zobrist::castling(white_h1).key, KEYS[768]);
        // The same rook file with the king elsewhere hashes the same: the king's square is
        // already in the placement.
        let king_g = CastlingRights::NONE.with_rook(Color::White, Square::G1, Square::H1);
        assert_eq!(Zobrist::castling(king_g), Zobrist::castling(white_h1));
        // Every Chess960 file has its own key and lock, per colour, and none is zero.
        let mut seen = Vec::new();
        for by_file in &CASTLING_BY_FILE {
            for z in by_file {
                assert!(z.key != 0 && z.lock != 0);
                seen.push(z.key);
                seen.push(z.lock);
            }
        }
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 32);
        let f1 = CastlingRights::NONE.with_rook(Color::White, Square::B1, Square::F1);
        assert_ne!(Zobrist::castling(f1), Zobrist::castling(king_g));
    }

    #[test]
    fn the_lock_table_has_781_distinct_nonzero_numbers() {
        let mut locks = LOCKS.to_vec();
        locks.sort_unstable();
        locks.dedup();
        assert_eq!(locks.len(), NUM_KEYS);
        assert!(!locks.contains(&0));
    }
}
