//! Seven ways to find the squares a rook or a bishop attacks on a bitboard, each a module that
//! can be read on its own page, with the same functions:
//!
//! - `rook_attacks(sq, occupied)` and `bishop_attacks(sq, occupied)` (for [`bit_lines`],
//!   methods on the incrementally kept [`bit_lines::LineBytes`] instead);
//! - `table_bytes()`: the bytes of the technique's own tables;
//! - `step_by_step(slider, sq, occupied)`: the lookup step by step, as a [`Lookup`] that the
//!   text, the book's figures and the web page all draw.
//!
//! | module | how the line occupancy is found | what is looked up |
//! |---|---|---|
//! | [`bit_lines`] | kept as one byte per line, updated on make/unmake | `[line][square][byte]` |
//! | [`kindergarten`] | one multiplication gathers the line into 6 bits | `[file][6 bits]`, then masked |
//! | [`hyperbola`] | none: `o ^ (o - 2r)` and its byte-swapped mirror | ranks: `[file][6 bits]` |
//! | [`obstruction`] | the nearest blocker below and above, by bit scans | masks only |
//! | [`kogge_stone`] | none: three doubling steps per direction | nothing |
//! | [`black_magic`] | `(occupied \| !mask) * magic >> 52` (rook) | one shared table |
//! | [`pext`] | BMI2 `pext(occupied, mask)` | one shared table |
//!
//! All squares are numbered as in boardlab-core: bit `i` of a [`Bitboard`] is square `i`,
//! a1 = 0, h8 = 63. [`reference_attacks`] walks rays square by square; every technique is tested
//! against it, and [`ray_step_by_step`] explains that walk as a lookup too.
//!
//! The techniques are plain modules; which backend runs which is the registry's business
//! (boardlab-backends), and each backend's board answers for its technique's lookup through
//! the views trait (`Views::slider_lookup`).

pub mod bit_lines;
pub mod black_magic;
pub mod hyperbola;
pub mod kindergarten;
pub mod kogge_stone;
pub mod lines;
pub mod obstruction;
pub mod pext;

use boardlab_core::bitboard::slider_attacks_slow;
pub use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, Square};
use boardlab_views::{Lookup, Steps, Technique};

/// The tables of a technique that looks its attacks up in one set of tables, built on first
/// use and kept for the program's life: `$tables::get()`, from the type's own `build()`. With
/// `keyed by square`, also its `rook` and `bishop` methods, each reading the key of its square
/// from the array of that name and handing it to the type's own `lookup(&key, occupied)`.
#[macro_export]
macro_rules! tables_built_once {
    ($tables:ident) => {
        impl $tables {
            /// The tables, built on first use.
            #[inline]
            pub fn get() -> &'static $tables {
                static TABLES: ::std::sync::OnceLock<$tables> = ::std::sync::OnceLock::new();
                TABLES.get_or_init($tables::build)
            }
        }
    };
    ($tables:ident, keyed by square) => {
        $crate::tables_built_once!($tables);

        impl $tables {
            /// The squares a rook on `sq` attacks when `occupied` is occupied.
            #[inline]
            pub fn rook(
                &self,
                sq: ::boardlab_core::Square,
                occupied: ::boardlab_core::Bitboard,
            ) -> ::boardlab_core::Bitboard {
                self.lookup(&self.rook[sq as usize], occupied)
            }

            /// The squares a bishop on `sq` attacks when `occupied` is occupied.
            #[inline]
            pub fn bishop(
                &self,
                sq: ::boardlab_core::Square,
                occupied: ::boardlab_core::Bitboard,
            ) -> ::boardlab_core::Bitboard {
                self.lookup(&self.bishop[sq as usize], occupied)
            }
        }
    };
}

/// The free functions of a technique whose tables are [`tables_built_once!`]: `rook_attacks`,
/// `bishop_attacks`, `queen_attacks` and `table_bytes`, each asking `$tables::get()` for its
/// `rook(sq, occupied)`, `bishop(sq, occupied)` or `bytes()`. `$how` ends each function's first
/// doc line ("by magic lookup"). The magic, black-magic and PEXT techniques differ in how a
/// table index is found, which is their tables' business, and not in these four.
#[macro_export]
macro_rules! lookups_in_tables {
    ($tables:ident, $how:literal) => {
        #[doc = concat!("The squares a rook on `sq` attacks when `occupied` is occupied, ", $how, ".")]
        #[inline]
        pub fn rook_attacks(
            sq: ::boardlab_core::Square,
            occupied: ::boardlab_core::Bitboard,
        ) -> ::boardlab_core::Bitboard {
            $tables::get().rook(sq, occupied)
        }

        #[doc = concat!("The squares a bishop on `sq` attacks when `occupied` is occupied, ", $how, ".")]
        #[inline]
        pub fn bishop_attacks(
            sq: ::boardlab_core::Square,
            occupied: ::boardlab_core::Bitboard,
        ) -> ::boardlab_core::Bitboard {
            $tables::get().bishop(sq, occupied)
        }

        #[doc = concat!("The squares a queen on `sq` attacks when `occupied` is occupied, ", $how, ".")]
        #[inline]
        pub fn queen_attacks(
            sq: ::boardlab_core::Square,
            occupied: ::boardlab_core::Bitboard,
        ) -> ::boardlab_core::Bitboard {
            let tables = $tables::get();
            tables.rook(sq, occupied) | tables.bishop(sq, occupied)
        }

        /// The bytes of this technique's own tables. Like every backend's `table_bytes`, it
        /// leaves out boardlab-core's leaper and `between`/`line` tables, which every bitboard
        /// backend reads alike.
        pub fn table_bytes() -> usize {
            $tables::get().bytes()
        }
    };
}

/// The squares `slider` on `sq` attacks, by walking each ray until it leaves the board or hits
/// an occupied square (which is attacked). Slow and obviously right: the techniques' tables are
/// built from it and their tests compare against it.
pub const fn reference_attacks(slider: Slider, sq: Square, occupied: Bitboard) -> Bitboard {
    slider_attacks_slow(sq, occupied, slider.directions())
}

/// `count` occupancies to test lookups on: the empty board, the full board, and then boards
/// from a fixed xorshift stream, each word ANDed with a rotation of itself so that about a
/// quarter of the squares are set. For a count of two or more, a slider's own square is in some
/// of them and not in others, which every lookup must answer alike.
///
/// # Examples
///
/// ```
/// use boardlab_core::Bitboard;
/// use boardlab_sliders::sample_occupancies;
///
/// let boards = sample_occupancies(5);
/// assert_eq!(boards.len(), 5);
/// assert_eq!(&boards[..2], &[Bitboard::EMPTY, Bitboard::FULL]);
/// assert_eq!(boards, sample_occupancies(5));
/// ```
pub fn sample_occupancies(count: usize) -> Vec<Bitboard> {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut out = vec![Bitboard::EMPTY, Bitboard::FULL];
    while out.len() < count {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out.push(Bitboard(x & x.rotate_left(19)));
    }
    out.truncate(count);
    out
}

/// The lookups `technique` makes for both sliders on every square among each of `count`
/// [`sample_occupancies`], each checked to find the [`reference_attacks`]: what a test of a
/// technique's [`Lookup`] walks through. A technique with no lookup to give (`None`) is
/// skipped, so the caller counts what it was handed.
///
/// # Panics
///
/// When a lookup's attacks are not the reference's, naming the technique, slider and square.
///
/// # Examples
///
/// ```
/// use boardlab_sliders::{hyperbola, sample_lookups};
///
/// let lookups = sample_lookups(|slider, sq, occupied| Some(hyperbola::step_by_step(slider, sq, occupied)), 3);
/// assert_eq!(lookups.len(), 2 * 64 * 3);
/// ```
pub fn sample_lookups(
    technique: impl Fn(Slider, Square, Bitboard) -> Option<Lookup>,
    count: usize,
) -> Vec<Lookup> {
    let occupancies = sample_occupancies(count);
    let mut lookups = Vec::new();
    for slider in Slider::ALL {
        for sq in Square::ALL {
            for &occupied in &occupancies {
                let Some(lookup) = technique(slider, sq, occupied) else {
                    continue;
                };
                assert_eq!(
                    lookup.attacks,
                    reference_attacks(slider, sq, occupied),
                    "{} {slider:?} on {sq} among {occupied:?}",
                    lookup.technique
                );
                lookups.push(lookup);
            }
        }
    }
    lookups
}

/// The squares occupied in the book's slider figures besides the slider's own square d4 (the
/// chapter "Slider attacks compared"): the text figures and the idea figures draw this board.
pub const BOOK_BLOCKERS: [Square; 8] = [
    Square::D7,
    Square::B4,
    Square::G4,
    Square::D2,
    Square::F6,
    Square::B2,
    Square::B6,
    Square::G1,
];

/// The names of the seven techniques this crate holds, as their modules' `NAME`s give them:
/// the book and the registry's tests count them. Which backend runs which technique is the
/// registry's to say (boardlab-backends), through the backends' board types.
pub const TECHNIQUES: [&str; 7] = [
    bit_lines::NAME,
    kindergarten::NAME,
    hyperbola::NAME,
    obstruction::NAME,
    kogge_stone::NAME,
    black_magic::NAME,
    pext::NAME,
];

/// The lookup by walking rays, the reference every technique is tested against: each
/// direction's squares up to the first occupied one.
pub fn ray_step_by_step(slider: Slider, sq: Square, occupied: Bitboard) -> Lookup {
    let mut steps = Steps::new();
    let mut attacks = Bitboard::EMPTY;
    for &(df, dr) in slider.directions() {
        let ray = boardlab_core::bitboard::ray(sq, df, dr);
        let reached = reference_attacks(slider, sq, occupied) & ray;
        attacks |= reached;
        steps.part(format!("direction ({df:+}, {dr:+})"));
        steps.squares("ray", ray);
        steps.squares("occupied on the ray", occupied & ray);
        steps.note(
            "reached",
            reached,
            "the ray's squares up to the first occupied one, which is reached too",
        );
    }
    let technique = Technique {
        name: "ray",
        title: "ray walk",
        summary: "each direction square by square until an occupied square",
    };
    steps.finish(&technique, slider, sq, occupied, attacks)
}
