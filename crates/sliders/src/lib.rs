//! Seven ways to find the squares a rook or a bishop attacks on a bitboard, each a module that
//! can be read on its own page, with the same functions:
//!
//! - `rook_attacks(sq, occupied)` and `bishop_attacks(sq, occupied)` (for [`bit_lines`],
//!   methods on the incrementally kept [`bit_lines::LineBytes`] instead);
//! - `table_bytes()`: the bytes of the technique's own tables;
//! - `step_by_step(slider, sq, occupied)`: the lookup step by step, as an [`Lookup`] that
//!   the text, the book's figures and the web page all draw.
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
//! against it.

pub mod bit_lines;
pub mod black_magic;
pub mod hyperbola;
pub mod kindergarten;
pub mod kogge_stone;
pub mod lines;
pub mod lookup;
pub mod obstruction;
pub mod pext;

use boardlab_core::bitboard::{slider_attacks_slow, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use boardlab_core::{Bitboard, Square};
use lines::Line;
use serde::Serialize;

pub use lookup::{ray_step_by_step, BitString, Lookup, LookupStep, StepValue, Steps, Technique};

/// The two sliding moves; a queen is both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Slider {
    /// Along ranks and files.
    Rook,
    /// Along diagonals.
    Bishop,
}

impl Slider {
    /// Both sliders, rook first.
    pub const ALL: [Slider; 2] = [Slider::Rook, Slider::Bishop];

    /// The slider's name as the views print it.
    pub const fn name(self) -> &'static str {
        match self {
            Slider::Rook => "rook",
            Slider::Bishop => "bishop",
        }
    }

    /// The two lines the slider moves along.
    pub const fn lines(self) -> [Line; 2] {
        match self {
            Slider::Rook => Line::ROOK,
            Slider::Bishop => Line::BISHOP,
        }
    }

    /// The four directions of the slider, as (file step, rank step).
    pub const fn directions(self) -> &'static [(i8, i8); 4] {
        match self {
            Slider::Rook => &ROOK_DIRECTIONS,
            Slider::Bishop => &BISHOP_DIRECTIONS,
        }
    }
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

/// The names of the techniques, as the benches and the book call them.
pub const TECHNIQUES: [&str; 7] = [
    bit_lines::NAME,
    kindergarten::NAME,
    hyperbola::NAME,
    obstruction::NAME,
    kogge_stone::NAME,
    black_magic::NAME,
    pext::NAME,
];

/// The lookup of `slider` on `sq` among `occupied` by the technique named `technique` (one of
/// [`TECHNIQUES`], or `"ray"` for the [`reference_attacks`] walk), step by step; `None` for an
/// unknown name.
///
/// # Examples
///
/// ```
/// use boardlab_core::{Bitboard, Square};
/// use boardlab_sliders::{step_by_step, reference_attacks, Slider};
///
/// let occupied = Bitboard::from_square(Square::D4).with(Square::D6);
/// let lookup = step_by_step("kindergarten", Slider::Rook, Square::D4, occupied).unwrap();
/// assert_eq!(lookup.attacks, reference_attacks(Slider::Rook, Square::D4, occupied));
/// assert_eq!(lookup.parts(), ["rank through d4", "file through d4"]);
/// assert!(step_by_step("rotated", Slider::Rook, Square::D4, occupied).is_none());
/// ```
pub fn step_by_step(
    technique: &str,
    slider: Slider,
    sq: Square,
    occupied: Bitboard,
) -> Option<Lookup> {
    let technique_steps = match technique {
        bit_lines::NAME => bit_lines::step_by_step,
        kindergarten::NAME => kindergarten::step_by_step,
        hyperbola::NAME => hyperbola::step_by_step,
        obstruction::NAME => obstruction::step_by_step,
        kogge_stone::NAME => kogge_stone::step_by_step,
        black_magic::NAME => black_magic::step_by_step,
        pext::NAME => pext::step_by_step,
        "ray" => ray_step_by_step,
        _ => return None,
    };
    Some(technique_steps(slider, sq, occupied))
}

/// The lookup by the technique named `technique` as text ([`Lookup::to_text`]), or `None`
/// for an unknown name.
///
/// # Examples
///
/// ```
/// use boardlab_core::{Bitboard, Square};
/// use boardlab_sliders::{explain, Slider};
///
/// let text = explain("obstruction", Slider::Rook, Square::D4, Bitboard::EMPTY).unwrap();
/// assert!(text.starts_with("obstruction difference: a rook on d4"));
/// ```
pub fn explain(technique: &str, slider: Slider, sq: Square, occupied: Bitboard) -> Option<String> {
    step_by_step(technique, slider, sq, occupied).map(|lookup| lookup.to_text())
}

/// The bytes of the named technique's own tables, or `None` for an unknown name.
pub fn table_bytes(technique: &str) -> Option<usize> {
    Some(match technique {
        bit_lines::NAME => bit_lines::table_bytes(),
        kindergarten::NAME => kindergarten::table_bytes(),
        hyperbola::NAME => hyperbola::table_bytes(),
        obstruction::NAME => obstruction::table_bytes(),
        kogge_stone::NAME => kogge_stone::table_bytes(),
        black_magic::NAME => black_magic::table_bytes(),
        pext::NAME => pext::table_bytes(),
        _ => return None,
    })
}
