//! One side's piece list: up to 16 entries of (role, square), the king at index 0.

use boardlab_core::{Color, Role, Square};
use std::fmt;

/// What an unused slot holds in place of a square: a value no square index (0..64) equals, so a
/// scan may compare all 16 slots without looking at the length first.
pub(crate) const NO_SQUARE: u8 = 0xff;

/// The indexes of the entries a mask names (bit `i` for entry `i`, as
/// [`PieceList::reachers`] answers), lowest first.
#[inline]
pub(crate) fn entries(mask: u32) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let index = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        Some(index)
    })
}

/// One side's pieces: parallel arrays of squares and roles, `len` of them in use.
///
/// The king is always entry 0, so finding it costs nothing. A capture removes its victim by
/// moving the list's last entry into the hole (and clearing the last slot); unmake moves it
/// back, so make/unmake leaves the order as it was.
/// A promotion changes the role in place.
///
/// # Examples
///
/// ```
/// use boardlab_core::{Board, BoardExt, Color, Role, START_FEN, Square};
/// use boardlab_piece_list::PieceListBoard;
///
/// let board = PieceListBoard::from_fen(START_FEN).unwrap();
/// let white = board.list(Color::White);
/// assert_eq!(white.len(), 16);
/// assert_eq!(white.entry(0), (Role::King, Square::E1));
/// assert_eq!(white.index_of(Square::D1), Some(1));
/// assert_eq!(white.index_of(Square::E4), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceList {
    /// Square indexes of the entries in use, then [`NO_SQUARE`] in every unused slot.
    squares: [u8; PieceList::CAPACITY],
    /// The role of each entry; meaningless past `len`.
    roles: [Role; PieceList::CAPACITY],
    len: u8,
}

impl PieceList {
    /// The most pieces one side can have.
    pub const CAPACITY: usize = 16;

    /// A list with no entries.
    pub(crate) const EMPTY: PieceList = PieceList {
        squares: [NO_SQUARE; PieceList::CAPACITY],
        roles: [Role::Pawn; PieceList::CAPACITY],
        len: 0,
    };

    /// The number of pieces.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the list has no pieces (never true for a list of a valid position).
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The entry at `index` (which must be below [`len`](PieceList::len)).
    #[inline]
    pub fn entry(&self, index: usize) -> (Role, Square) {
        (self.roles[index], Square::from_index(self.squares[index]))
    }

    /// The entries in list order, king first.
    pub fn iter(&self) -> impl Iterator<Item = (Role, Square)> + '_ {
        (0..self.len()).map(|index| self.entry(index))
    }

    /// The index of the entry standing on `sq`, found by scanning the list.
    #[inline]
    pub fn index_of(&self, sq: Square) -> Option<usize> {
        let index = self.find(sq as u8);
        (index < PieceList::CAPACITY).then_some(index)
    }

    /// The square index of entry `index`.
    #[inline]
    pub(crate) fn square(&self, index: usize) -> u8 {
        self.squares[index]
    }

    /// The role of entry `index`.
    #[inline]
    pub(crate) fn role(&self, index: usize) -> Role {
        self.roles[index]
    }

    /// The king's square index.
    #[inline]
    pub(crate) fn king(&self) -> u8 {
        self.squares[0]
    }

    /// Whether some entry stands on `sq`: the scan behind every "is this square empty".
    ///
    /// It compares all 16 slots without branching (unused ones hold [`NO_SQUARE`]), which the
    /// compiler turns into a handful of vector instructions; an early-exit loop would be slower
    /// because where it exits is unpredictable.
    #[inline]
    pub(crate) fn contains(&self, sq: u8) -> bool {
        let mut found = false;
        for &square in &self.squares {
            found |= square == sq;
        }
        found
    }

    /// The index of the entry on `sq`, or 16 or more if there is none.
    ///
    /// The scan reads the 16 slots as two 64-bit words, eight squares each, and finds the first
    /// byte equal to `sq` with word arithmetic instead of a loop: after XOR with `sq` in every
    /// byte, a matching byte is zero, and `!((x & 0x7f…) + 0x7f…) | x)` sets the top bit of
    /// exactly the zero bytes (the masked add cannot carry from one byte into the next).
    #[inline]
    pub(crate) fn find(&self, sq: u8) -> usize {
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let splat = u64::from(sq) * 0x0101_0101_0101_0101;
        let zero_bytes = |word: u64| {
            let x = word ^ splat;
            !(((x & LOW7) + LOW7) | x | LOW7)
        };
        let (low, high) = as_words(&self.squares);
        let (low, high) = (zero_bytes(low), zero_bytes(high));
        if low != 0 {
            (low.trailing_zeros() / 8) as usize
        } else {
            8 + (high.trailing_zeros() / 8) as usize
        }
    }

    /// The index of the entry on `sq`, which must exist: the callers only ask about squares
    /// they know are held. A missing entry gives an index past the end, so whatever the caller
    /// reads with it panics instead of reading the wrong piece.
    #[inline]
    pub(crate) fn index_at(&self, sq: u8) -> usize {
        let index = self.find(sq);
        debug_assert!(index < PieceList::CAPACITY, "no piece on square {sq}");
        index
    }

    /// The entries that could attack `sq` on an empty board, as a mask with bit `i` for entry
    /// `i`, for a list of `color`'s pieces (pawns capture forward).
    ///
    /// This is the question every attack test starts with, and it is asked of all 16 slots at
    /// once: the loop has no early exit and no branch on the role, only byte arithmetic and
    /// comparisons, which the compiler turns into vector instructions (about 90 of them for the
    /// whole list). A rook, for instance, reaches `sq` when exactly one of the file and rank
    /// differences is zero; which test applies is picked by comparing the role, not by a branch.
    #[inline]
    pub(crate) fn reachers(&self, sq: u8, color: Color) -> u32 {
        let (target_file, target_rank) = ((sq & 7) as i8, (sq >> 3) as i8);
        let forward = color.forward();
        let mut hits = [0u8; PieceList::CAPACITY];
        for (hit_slot, (&square, &role)) in
            hits.iter_mut().zip(self.squares.iter().zip(&self.roles))
        {
            let role = role as u8;
            let df = target_file - (square & 7) as i8;
            let dr = target_rank.wrapping_sub((square >> 3) as i8);
            let (adf, adr) = (df.unsigned_abs(), dr.unsigned_abs());
            let straight = (df == 0) != (dr == 0);
            let diagonal = (adf == adr) & (df != 0);
            let knight = knight_apart(adf, adr);
            let king = adf.max(adr) == 1;
            let pawn = (dr == forward) & (adf == 1);
            let is = |r: Role| role == r as u8;
            let hit = (is(Role::Pawn) & pawn)
                | (is(Role::Knight) & knight)
                | (is(Role::King) & king)
                | ((is(Role::Bishop) | is(Role::Queen)) & diagonal)
                | ((is(Role::Rook) | is(Role::Queen)) & straight);
            *hit_slot = u8::from(hit);
        }
        // The 0/1 bytes become bits eight at a time: multiplying by this constant adds byte i
        // into bit 56 + i, with no carries since every byte is 0 or 1. Building the mask with a
        // shift per slot instead split the vector work in halves and took about 45 more
        // instructions a call.
        let gather = |word: u64| (word.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
        let (low, high) = as_words(&hits);
        let mask = gather(low) | gather(high) << 8;
        // Unused slots hold no square, but their roles are stale: only `len` bits count.
        mask & ((1 << self.len) - 1)
    }

    /// How many entries stand on a square from `low` to `high` (both included), by square
    /// index: on one rank, a stretch of it. Every slot is compared at once; an unused slot
    /// ([`NO_SQUARE`]) is above every square.
    #[inline]
    pub(crate) fn count_within(&self, low: u8, high: u8) -> u32 {
        let mut count = 0;
        for &square in &self.squares {
            count += u32::from((square >= low) & (square <= high));
        }
        count
    }

    /// How many entries stand a knight's jump from `from`: every slot is tested at once by its
    /// file and rank distances (one and two, or two and one), as in
    /// [`reachers`](PieceList::reachers). An unused slot ([`NO_SQUARE`]) is 24 or more ranks away.
    #[inline]
    pub(crate) fn count_knight_jumps(&self, from: u8) -> u32 {
        let (from_file, from_rank) = ((from & 7) as i8, (from >> 3) as i8);
        let mut hits = [0u8; PieceList::CAPACITY];
        for (hit, &square) in hits.iter_mut().zip(&self.squares) {
            let adf = ((square & 7) as i8 - from_file).unsigned_abs();
            let adr = ((square >> 3) as i8).wrapping_sub(from_rank).unsigned_abs();
            *hit = u8::from(knight_apart(adf, adr));
        }
        // Every byte is 0 or 1: adding the two halves as words, then all eight bytes into the
        // top one with a multiplication, counts them without a loop.
        let (low, high) = as_words(&hits);
        ((low + high).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }

    /// Moves entry `index` to `sq`.
    #[inline]
    pub(crate) fn set_square(&mut self, index: usize, sq: u8) {
        self.squares[index] = sq;
    }

    /// Gives entry `index` a new role (promotion and its undoing).
    #[inline]
    pub(crate) fn set_role(&mut self, index: usize, role: Role) {
        self.roles[index] = role;
    }

    /// Appends an entry.
    ///
    /// # Panics
    ///
    /// When the list is full. Validation allows at most 16 pieces a side and no move adds a
    /// piece (a promotion changes a role in place), so [`CAPACITY`](PieceList::CAPACITY) entries
    /// always suffice.
    pub(crate) fn push(&mut self, role: Role, sq: u8) {
        let len = self.len();
        assert!(
            len < PieceList::CAPACITY,
            "a piece list holds at most {} pieces",
            PieceList::CAPACITY
        );
        self.squares[len] = sq;
        self.roles[len] = role;
        self.len += 1;
    }

    /// Removes entry `index` by moving the last entry into its place.
    #[inline]
    pub(crate) fn remove(&mut self, index: usize) {
        let last = self.len() - 1;
        self.squares[index] = self.squares[last];
        self.roles[index] = self.roles[last];
        self.squares[last] = NO_SQUARE;
        self.len -= 1;
    }

    /// Undoes [`remove`](PieceList::remove)`(index)` of the entry (`role`, `sq`): the entry that
    /// filled the hole goes back to the end.
    #[inline]
    pub(crate) fn restore(&mut self, index: usize, role: Role, sq: u8) {
        let end = self.len();
        self.squares[end] = self.squares[index];
        self.roles[end] = self.roles[index];
        self.squares[index] = sq;
        self.roles[index] = role;
        self.len += 1;
    }
}

impl fmt::Debug for PieceList {
    /// `[Ke1 Qd1 Ra1 …]`: each entry as its role letter and square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (index, (role, sq)) in self.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}{sq}", role.char().to_ascii_uppercase())?;
        }
        f.write_str("]")
    }
}

/// A list-wide array of 16 bytes as two words, slots 0 to 7 in the first (slot 0 its low byte)
/// and 8 to 15 in the second: the scans work on eight slots at a time with word arithmetic.
#[inline(always)]
fn as_words(bytes: &[u8; PieceList::CAPACITY]) -> (u64, u64) {
    let word = u128::from_le_bytes(*bytes);
    (word as u64, (word >> 64) as u64)
}

/// Whether squares `adf` files and `adr` ranks apart are a knight's jump apart (one and two, or
/// two and one). Branch-free, so that the all-slots loops that ask it stay vector code.
#[inline(always)]
fn knight_apart(adf: u8, adr: u8) -> bool {
    (adf.wrapping_add(adr) == 3) & (adf != 0) & (adr != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A list holding `entries` in order.
    fn list_of(entries: impl IntoIterator<Item = (Role, u8)>) -> PieceList {
        let mut list = PieceList::EMPTY;
        for (role, sq) in entries {
            list.push(role, sq);
        }
        list
    }

    #[test]
    fn remove_then_restore_gives_back_the_same_list() {
        let mut list = list_of([
            (Role::King, 4),
            (Role::Queen, 3),
            (Role::Pawn, 12),
            (Role::Pawn, 13),
        ]);
        for index in 0..list.len() {
            let before = list;
            let (role, sq) = (list.role(index), list.square(index));
            list.remove(index);
            assert_eq!(list.len(), 3);
            assert!(!list.contains(sq));
            list.restore(index, role, sq);
            assert_eq!(list, before);
        }
    }

    #[test]
    #[should_panic(expected = "a piece list holds at most 16 pieces")]
    fn a_seventeenth_piece_fails_loudly() {
        let mut list = PieceList::EMPTY;
        for sq in 0..16 {
            list.push(Role::Queen, sq);
        }
        assert_eq!(list.len(), PieceList::CAPACITY);
        list.push(Role::Queen, 16);
    }

    #[test]
    fn the_scan_finds_each_entry_in_either_half() {
        let list =
            list_of(std::iter::once((Role::King, 63)).chain((0..15).map(|sq| (Role::Pawn, sq))));
        assert_eq!(list.find(63), 0);
        for sq in 0..15 {
            assert_eq!(list.find(sq), usize::from(sq) + 1);
            assert!(list.contains(sq));
        }
        for sq in 15..63 {
            assert_eq!(list.find(sq), PieceList::CAPACITY);
            assert!(!list.contains(sq));
        }
    }

    #[test]
    fn count_within_counts_the_entries_in_a_range_of_squares() {
        let list = list_of([
            (Role::King, 4),
            (Role::Rook, 0),
            (Role::Rook, 7),
            (Role::Pawn, 12),
        ]);
        assert_eq!(list.count_within(0, 7), 3);
        assert_eq!(list.count_within(4, 7), 2);
        assert_eq!(list.count_within(5, 6), 0);
        assert_eq!(list.count_within(4, 4), 1);
        // The twelve unused slots are in no range.
        assert_eq!(list.count_within(0, 63), 4);
    }

    #[test]
    fn knight_jumps_are_counted_as_the_knight_moves() {
        use crate::movegen::KNIGHT_STEPS;
        // Sixteen squares spread over the board, so that every square has some of them a
        // knight's jump away and some not.
        let list = list_of((0..64).step_by(4).map(|sq| (Role::Pawn, sq)));
        let mut tested = 0;
        for from in 0..64u8 {
            let (file, rank) = (i32::from(from & 7), i32::from(from >> 3));
            let expected = KNIGHT_STEPS
                .iter()
                .map(|&(df, dr)| (file + df, rank + dr))
                .filter(|&(f, r)| (0..8).contains(&f) && (0..8).contains(&r))
                .filter(|&(f, r)| list.contains((r * 8 + f) as u8))
                .count();
            assert_eq!(
                list.count_knight_jumps(from) as usize,
                expected,
                "from {from}"
            );
            tested += 1;
        }
        assert_eq!(tested, 64);
        // Unused slots are no knight's jump from anywhere.
        let lone = list_of([(Role::King, 0)]);
        assert_eq!(lone.count_knight_jumps(10), 1);
        assert_eq!(lone.count_knight_jumps(63), 0);
    }

    #[test]
    fn unused_slots_match_no_square() {
        let mut list = PieceList::EMPTY;
        list.push(Role::King, 0);
        assert_eq!(list.find(0), 0);
        for sq in 1..64 {
            assert!(!list.contains(sq));
        }
        list.remove(0);
        assert!(!list.contains(0));
        assert!(list.is_empty());
    }
}
