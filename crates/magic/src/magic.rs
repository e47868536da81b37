//! Fancy magic bitboards: the attacks of rooks and bishops by one multiplication and one load.
//!
//! For every square a slider stands on, only the occupancy of its *relevant* squares matters:
//! the squares of its rays minus the last square of each ray (a piece on the edge blocks
//! nothing beyond it). That set is the square's [`Magic::mask`]. A rook has 10 to 12 relevant
//! squares, a bishop 5 to 9, so a square has at most 4096 relevant occupancies. The magic
//! number maps each of them to a slot:
//!
//! ```text
//! index = ((occupied & mask) * magic) >> shift       shift = 64 - popcount(mask)
//! attacks = TABLE[offset + index]
//! ```
//!
//! The multiplication gathers the scattered relevant bits into the top `popcount(mask)` bits
//! of the product. A magic is good when no two occupancies with different attack sets land in
//! the same slot; two occupancies with the *same* attacks may share one (a constructive
//! collision). "Fancy" means every square gets a slice sized for its own mask, all slices packed
//! into one shared table: 102 400 rook slots and 5 248 bishop slots.
//!
//! The magics are found at start-up by random search ([`find_magic`]): candidates are sparse
//! random numbers (the AND of three draws) from ChaCha8 with a fixed seed per square, so the
//! same numbers come out on every machine and every run; each candidate is checked against
//! every occupancy of the mask. The tables are built once, on first use, into a `static`
//! (a `OnceLock`), in about 2 ms.

use boardlab_core::bitboard::slider_attacks_slow;
pub use boardlab_core::bitboard::{relevant_mask, subsets};
use boardlab_core::{Bitboard, Square};
use boardlab_sliders::Slider;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// The per-square key into the shared attack table (see the module docs).
///
/// # Examples
///
/// ```
/// use boardlab_core::{Bitboard, Square};
/// use boardlab_magic::{rook_attacks, rook_magic};
///
/// let entry = rook_magic(Square::A1);
/// assert_eq!(entry.mask.count(), 12);
/// assert_eq!(entry.shift, 64 - 12);
/// // Occupancy outside the mask is ignored: the attacks come from the table either way.
/// let occupied = Bitboard::from_square(Square::A4) | Bitboard::from_square(Square::H1);
/// assert_eq!(rook_attacks(Square::A1, occupied).count(), 3 + 7);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Magic {
    /// The relevant occupancy: the square's rays without their last squares.
    pub mask: Bitboard,
    /// The multiplier that maps each relevant occupancy to a slot.
    pub magic: u64,
    /// `64 - popcount(mask)`: the product's top bits are the slot.
    pub shift: u32,
    /// Where this square's slice starts in the shared table.
    pub offset: u32,
}

impl Magic {
    /// The slot of `occupied` within this square's slice.
    #[inline]
    pub const fn index(&self, occupied: Bitboard) -> usize {
        ((occupied.0 & self.mask.0).wrapping_mul(self.magic) >> self.shift) as usize
    }

    /// The number of slots in this square's slice.
    #[inline]
    pub const fn len(&self) -> usize {
        1 << (64 - self.shift)
    }

    /// Whether the slice is empty (never: every square has a relevant square).
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Slots in the shared table: the rook slices first, then the bishop slices.
pub(crate) const ROOK_SLOTS: usize = 102_400;
pub(crate) const BISHOP_SLOTS: usize = 5_248;
pub(crate) const TABLE_SLOTS: usize = ROOK_SLOTS + BISHOP_SLOTS;

/// The seed of each square's search, for the rook squares, then the bishop squares (indexed
/// by [`Slider`]). Any seed finds a magic, since every candidate is checked, but a rook square
/// typically needs tens of thousands of candidates: one seed for the whole search made
/// start-up take about half a second. These are, for each square, the first seed below 4096
/// whose search needs the fewest candidates, as
/// `cargo run --release -p boardlab-magic --example magic_seeds` finds and prints them; with
/// them the whole search checks 394 candidates (318 on the rook squares) and takes about 2 ms.
#[rustfmt::skip]
const SEEDS: [[u16; 64]; 2] = [
    [
        2988, 432, 3478, 1004, 3487, 2678, 2562, 3053,
        1410, 2123, 1185, 1943, 2108, 1243, 1334, 3122,
        722, 899, 1159, 434, 1098, 3272, 2851, 2467,
        557, 2577, 4043, 3879, 2085, 3233, 1301, 1784,
        1632, 1621, 2205, 176, 1173, 2144, 522, 3122,
        2786, 2268, 3537, 1592, 2108, 1513, 172, 2439,
        1139, 852, 3801, 1205, 267, 303, 1334, 2811,
        1212, 791, 1760, 748, 2815, 3921, 564, 1811,
    ],
    [
        2051, 97, 27, 16, 12, 41, 308, 655,
        550, 88, 49, 542, 22, 48, 135, 779,
        102, 9, 176, 159, 306, 379, 82, 199,
        111, 101, 0, 1765, 2491, 1857, 132, 26,
        0, 52, 1728, 2044, 2584, 7, 61, 168,
        28, 267, 855, 1772, 12, 985, 78, 77,
        308, 67, 561, 204, 9, 107, 171, 97,
        655, 779, 22, 107, 43, 50, 550, 2051,
    ],
];

/// A square's magic together with its own slice of the shared table, which is what a lookup
/// reads: with the slice at hand it neither fetches the table's address nor adds the offset.
/// That saved about 1.6% of bulk perft's instructions (kiwipete without its d5 pawn, callgrind).
#[derive(Debug, Clone, Copy)]
struct Entry {
    magic: Magic,
    /// `attacks[magic.offset .. magic.offset + magic.len()]`.
    slice: &'static [Bitboard],
}

/// The magic entries and the attack table they index.
pub struct MagicTables {
    rook: [Entry; 64],
    bishop: [Entry; 64],
    /// `TABLE_SLOTS` attack sets, each entry's slice among them. Built once and never freed:
    /// the tables live as long as the program.
    attacks: &'static [Bitboard],
    build_time: Duration,
}

boardlab_sliders::tables_built_once!(MagicTables, keyed by square);

impl MagicTables {
    #[inline]
    fn lookup(&self, entry: &Entry, occupied: Bitboard) -> Bitboard {
        let index = entry.magic.index(occupied);
        debug_assert!(index < entry.slice.len());
        // SAFETY: `build` gave every entry a slice of `len()` slots, and `index` is below
        // `len()` because the product is shifted right by `shift = 64 - log2(len())`. The
        // entries and the table are never changed afterwards.
        unsafe { *entry.slice.get_unchecked(index) }
    }

    /// The entry of a rook on `sq`.
    #[inline]
    pub fn rook_magic(&self, sq: Square) -> &Magic {
        &self.rook[sq as usize].magic
    }

    /// The entry of a bishop on `sq`.
    #[inline]
    pub fn bishop_magic(&self, sq: Square) -> &Magic {
        &self.bishop[sq as usize].magic
    }

    /// The bytes of the entries and the attack table.
    pub fn bytes(&self) -> usize {
        std::mem::size_of_val(&self.rook)
            + std::mem::size_of_val(&self.bishop)
            + std::mem::size_of_val(self.attacks)
    }

    /// How long the search and the table fill took.
    pub fn build_time(&self) -> Duration {
        self.build_time
    }

    fn build() -> MagicTables {
        let start = Instant::now();
        let mut attacks = vec![Bitboard::EMPTY; TABLE_SLOTS].into_boxed_slice();
        let mut search = Search::new();
        let mut offset = 0;
        let mut rook = [Magic {
            mask: Bitboard::EMPTY,
            magic: 0,
            shift: 63,
            offset: 0,
        }; 64];
        let mut bishop = rook;
        for (magics, slider) in [(&mut rook, Slider::Rook), (&mut bishop, Slider::Bishop)] {
            for sq in Square::ALL {
                let found = search.find(sq, slider, search_seed(slider, sq), u32::MAX);
                let Some((magic, _)) = found else {
                    unreachable!("a search without a limit ends only when it finds a magic")
                };
                let entry = Magic {
                    offset: offset as u32,
                    ..magic
                };
                let len = entry.len();
                attacks[offset..offset + len].copy_from_slice(&search.slice[..len]);
                offset += len;
                magics[sq as usize] = entry;
            }
        }
        assert_eq!(offset, TABLE_SLOTS, "the slices fill the table exactly");
        let attacks: &'static [Bitboard] = Box::leak(attacks);
        let with_slice = |magic: Magic| Entry {
            magic,
            slice: &attacks[magic.offset as usize..magic.offset as usize + magic.len()],
        };
        MagicTables {
            rook: rook.map(with_slice),
            bishop: bishop.map(with_slice),
            attacks,
            build_time: start.elapsed(),
        }
    }
}

/// The seed the tables' search starts from for `slider` on `sq` (see [`find_magic`]).
pub fn search_seed(slider: Slider, sq: Square) -> u64 {
    u64::from(SEEDS[slider as usize][sq as usize])
}

/// Searches for a magic for `slider` on `sq`, drawing candidates from ChaCha8 seeded with
/// `seed`, and gives up after `max_attempts` candidates have been checked against the
/// occupancies. Returns the magic (its `offset` is 0) and the number of candidates checked.
///
/// This is the search the tables are built with; the seeds they use were picked with it.
///
/// # Examples
///
/// ```
/// use boardlab_core::Square;
/// use boardlab_magic::{find_magic, Slider};
///
/// let (magic, attempts) = find_magic(Square::C1, Slider::Bishop, 7, 1_000_000).unwrap();
/// // b2 towards a3, and d2 e3 f4 g5 towards h6: the edge squares a3 and h6 are left out.
/// assert_eq!(magic.mask.count(), 5);
/// assert!(attempts >= 1);
/// ```
pub fn find_magic(
    sq: Square,
    slider: Slider,
    seed: u64,
    max_attempts: u32,
) -> Option<(Magic, u32)> {
    Search::new().find(sq, slider, seed, max_attempts)
}

/// Scratch space for the search, reused across squares so no square allocates.
struct Search {
    occupancies: Vec<Bitboard>,
    reference: Vec<Bitboard>,
    /// The slice being tried, and for each slot the attempt that last wrote it: a slot whose
    /// mark is older than the current attempt counts as empty, so nothing is cleared between
    /// attempts.
    slice: Vec<Bitboard>,
    written_by: Vec<u32>,
    attempt: u32,
}

impl Search {
    fn new() -> Search {
        Search {
            occupancies: Vec::with_capacity(4096),
            reference: Vec::with_capacity(4096),
            slice: vec![Bitboard::EMPTY; 4096],
            written_by: vec![0; 4096],
            attempt: 0,
        }
    }

    /// Searches as [`find_magic`] does, leaving the found magic's slice in `slice`.
    fn find(
        &mut self,
        sq: Square,
        slider: Slider,
        seed: u64,
        max_attempts: u32,
    ) -> Option<(Magic, u32)> {
        let directions = slider.directions();
        let mask = relevant_mask(sq, directions);
        self.occupancies.clear();
        self.reference.clear();
        for occupied in subsets(mask) {
            self.occupancies.push(occupied);
            self.reference
                .push(slider_attacks_slow(sq, occupied, directions));
        }
        let shift = 64 - mask.count();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut attempts = 0;
        while attempts < max_attempts {
            let magic = rng.gen::<u64>() & rng.gen::<u64>() & rng.gen::<u64>();
            // A good magic carries the mask's bits into the top byte; few bits there means the
            // top slots are poorly spread, and checking such a candidate is wasted work.
            if (mask.0.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            attempts += 1;
            let candidate = Magic {
                mask,
                magic,
                shift,
                offset: 0,
            };
            if self.try_fill(&candidate) {
                return Some((candidate, attempts));
            }
        }
        None
    }

    /// Whether `candidate` maps every occupancy to a slot holding its attacks, filling
    /// `slice` on the way; slots may be shared only by equal attack sets.
    fn try_fill(&mut self, candidate: &Magic) -> bool {
        // The marks of a previous search are older than any attempt of this one only if the
        // counter never wraps, which would take four billion candidates.
        self.attempt += 1;
        let attempt = self.attempt;
        for (&occupied, &attacks) in self.occupancies.iter().zip(&self.reference) {
            let slot = candidate.index(occupied);
            if self.written_by[slot] != attempt {
                self.written_by[slot] = attempt;
                self.slice[slot] = attacks;
            } else if self.slice[slot] != attacks {
                return false;
            }
        }
        true
    }
}

boardlab_sliders::lookups_in_tables!(MagicTables, "by magic lookup");

/// The magic entry of a rook on `sq`.
pub fn rook_magic(sq: Square) -> Magic {
    *MagicTables::get().rook_magic(sq)
}

/// The magic entry of a bishop on `sq`.
pub fn bishop_magic(sq: Square) -> Magic {
    *MagicTables::get().bishop_magic(sq)
}

/// How long building the magic tables took (building them now if nobody has yet).
pub fn magic_build_time() -> Duration {
    MagicTables::get().build_time()
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::bitboard::{BISHOP_DIRECTIONS, ROOK_DIRECTIONS};

    #[test]
    fn masks_have_the_known_sizes() {
        let rook_bits: usize = Square::ALL
            .iter()
            .map(|&sq| 1 << relevant_mask(sq, &ROOK_DIRECTIONS).count())
            .sum();
        let bishop_bits: usize = Square::ALL
            .iter()
            .map(|&sq| 1 << relevant_mask(sq, &BISHOP_DIRECTIONS).count())
            .sum();
        assert_eq!((rook_bits, bishop_bits), (ROOK_SLOTS, BISHOP_SLOTS));
        assert_eq!(relevant_mask(Square::E4, &BISHOP_DIRECTIONS).count(), 9);
        assert_eq!(relevant_mask(Square::E4, &ROOK_DIRECTIONS).count(), 10);
    }

    #[test]
    fn subsets_enumerate_each_subset_once() {
        let mask = Bitboard(0b1011_0000_0100);
        let all: Vec<u64> = subsets(mask).map(|b| b.0).collect();
        assert_eq!(all.len(), 16);
        assert!(all.iter().all(|&s| s & !mask.0 == 0));
        let mut sorted = all.clone();
        sorted.dedup();
        assert_eq!(sorted.len(), 16);
    }
}
