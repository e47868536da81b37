//! A slider lookup explained as data: what every technique's `step_by_step` returns, and the one
//! text rendering of it.
//!
//! A [`Lookup`] is the lookup of one slider on one square among one occupancy, as a list
//! of [`LookupStep`]s, each a named intermediate value ([`StepValue`]): a set of squares, a 64-bit
//! word of arithmetic, a number, or a few bits. Steps that belong to one line or one direction
//! share a `part` ("diagonal through d4", "north (shift +8)"). The command line's text, the
//! book's SVG figures and the web page all draw from this value, so they cannot tell different
//! stories; [`Lookup::to_text`] is the text, and with serde's `Serialize` the value goes
//! to JSON as it is (bitboards and words as 16 hexadecimal digits, squares by name).
//!
//! ```text
//!   Lookup     { technique, title, summary, slider, square, occupied, steps, attacks }
//!   LookupStep { part, label, value, note }
//!   StepValue  = Squares(bitboard) | Word(u64) | Number(u64) | Bits { value, width }
//! ```

use crate::text::{binary64, grids};
use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, Square};
use serde::{Serialize, Serializer};
use std::fmt::Write;

/// One slider lookup, step by step.
///
/// # Examples
///
/// A technique's `step_by_step` builds its lookup with [`Steps`]; here, a lookup of one step:
///
/// ```
/// use boardlab_core::bitboard::{slider_attacks_slow, Slider, ROOK_DIRECTIONS};
/// use boardlab_core::{Bitboard, Square};
/// use boardlab_views::{StepValue, Steps, Technique};
///
/// let occupied = Bitboard::from_square(Square::D4).with(Square::D6);
/// let attacks = slider_attacks_slow(Square::D4, occupied, &ROOK_DIRECTIONS);
/// let mut steps = Steps::new();
/// steps.part("file through d4");
/// steps.squares("upper blockers", Bitboard::from_square(Square::D6));
/// let walk = Technique { name: "walk", title: "a walk", summary: "" };
/// let lookup = steps.finish(&walk, Slider::Rook, Square::D4, occupied, attacks);
/// assert_eq!(lookup.attacks.count(), 2 + 3 + 3 + 4);
/// let upper = lookup.step("file through d4", "upper blockers").unwrap();
/// assert_eq!(upper.value, StepValue::Squares(Bitboard::from_square(Square::D6)));
/// assert!(lookup.to_text().starts_with("a walk: a rook on d4"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Lookup {
    /// The technique's name in the registry: `"hyperbola"`, `"magic"`, …
    pub technique: &'static str,
    /// The technique's name as a heading: `"hyperbola quintessence"`.
    pub title: &'static str,
    /// The idea in one line, or something this lookup depends on (the processor); may be empty.
    pub summary: &'static str,
    /// Rook or bishop.
    #[serde(serialize_with = "slider_name")]
    pub slider: Slider,
    /// The slider's square.
    #[serde(serialize_with = "square_name")]
    pub square: Square,
    /// The occupancy looked up, the slider's own square included or not, as the caller gave it.
    #[serde(serialize_with = "hex_bitboard")]
    pub occupied: Bitboard,
    /// The intermediate values, in the order the lookup computes them.
    pub steps: Vec<LookupStep>,
    /// The squares the slider attacks: the lookup's answer.
    #[serde(serialize_with = "hex_bitboard")]
    pub attacks: Bitboard,
}

/// One intermediate value of a lookup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LookupStep {
    /// The line or direction the step belongs to (`"file through d4"`), or empty for a lookup
    /// that is not split into parts. Steps of one part are consecutive.
    pub part: String,
    /// What the value is, as a short formula (`"o = occupied & line"`); unique within its part,
    /// so that a reader or a test can find a step by part and label.
    pub label: String,
    /// The value.
    pub value: StepValue,
    /// How the value was made or what it means, when the label does not say; may be empty.
    pub note: String,
}

/// The value of a step, with how it is best shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum StepValue {
    /// A set of squares, drawn on the board.
    Squares(#[serde(serialize_with = "hex_bitboard")] Bitboard),
    /// A 64-bit word of arithmetic (a product, a difference, a byte-swapped occupancy, a magic
    /// number), drawn as its bits in a row, highest first. Bit `i` is still square `i`.
    Word(#[serde(serialize_with = "hex_word")] u64),
    /// A number: an index, a shift, an offset, a slot.
    Number(u64),
    /// A few bits read as one unit, highest first: a gathered 6-bit index, a line's byte.
    Bits(BitString),
}

/// `width` bits of `value`, written highest first; serialized as that string of `0`s and `1`s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BitString {
    /// The bits, in the low `width` bits.
    pub value: u64,
    /// How many bits are written (at most 64).
    pub width: u8,
}

impl std::fmt::Display for BitString {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for bit in (0..u32::from(self.width.min(64))).rev() {
            f.write_str(if self.value >> bit & 1 != 0 { "1" } else { "0" })?;
        }
        Ok(())
    }
}

impl Serialize for BitString {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A set of squares is drawn on the board.
impl From<Bitboard> for StepValue {
    fn from(set: Bitboard) -> StepValue {
        StepValue::Squares(set)
    }
}

/// A bare `u64` converts to a word of arithmetic; an index, a shift, an offset or a slot is
/// written as [`StepValue::Number`].
impl From<u64> for StepValue {
    fn from(word: u64) -> StepValue {
        StepValue::Word(word)
    }
}

impl StepValue {
    /// The value as a bit pattern or number, whatever its kind.
    pub fn bits(self) -> u64 {
        match self {
            StepValue::Squares(set) => set.0,
            StepValue::Word(word) | StepValue::Number(word) => word,
            StepValue::Bits(bits) => bits.value,
        }
    }

    /// `width` bits of `value`.
    pub fn bit_string(value: u64, width: u32) -> StepValue {
        // A width above 64 would write phantom zeros; no lookup has one.
        StepValue::Bits(BitString {
            value,
            width: width.min(64) as u8,
        })
    }
}

fn hex_bitboard<S: Serializer>(set: &Bitboard, serializer: S) -> Result<S::Ok, S::Error> {
    hex_word(&set.0, serializer)
}

fn hex_word<S: Serializer>(word: &u64, serializer: S) -> Result<S::Ok, S::Error> {
    // As text: a JSON number above 2^53 loses bits in a JavaScript reader.
    serializer.collect_str(&format_args!("{word:016x}"))
}

fn square_name<S: Serializer>(sq: &Square, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(sq)
}

fn slider_name<S: Serializer>(slider: &Slider, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(slider.name())
}

/// Builds an [`Lookup`]'s steps, the current part set once for the steps that follow.
#[derive(Debug, Default)]
pub struct Steps {
    part: String,
    steps: Vec<LookupStep>,
}

impl Steps {
    /// No steps yet, outside any part.
    pub fn new() -> Steps {
        Steps::default()
    }

    /// The steps that follow belong to `part`.
    pub fn part(&mut self, part: impl Into<String>) {
        self.part = part.into();
    }

    /// Adds a step with a note.
    pub fn note(
        &mut self,
        label: impl Into<String>,
        value: impl Into<StepValue>,
        note: impl Into<String>,
    ) {
        self.steps.push(LookupStep {
            part: self.part.clone(),
            label: label.into(),
            value: value.into(),
            note: note.into(),
        });
    }

    /// Adds a step that the label says all about.
    pub fn push(&mut self, label: impl Into<String>, value: impl Into<StepValue>) {
        self.note(label, value, "");
    }

    /// A set of squares.
    pub fn squares(&mut self, label: impl Into<String>, set: Bitboard) {
        self.push(label, StepValue::Squares(set));
    }

    /// A word of arithmetic.
    pub fn word(&mut self, label: impl Into<String>, word: u64) {
        self.push(label, StepValue::Word(word));
    }

    /// The last two steps of every lookup into one shared attack table (magic, black magic,
    /// PEXT): the square's `offset` into the table, and the slot `offset + index` that holds the
    /// attacks, as the technique's own lookup computed it; `about` says what is particular to
    /// this table.
    pub fn table_slot(&mut self, offset: u32, slot: u64, about: &str) {
        self.push("offset", StepValue::Number(u64::from(offset)));
        let note = if about.is_empty() {
            "offset + index; TABLE[slot] is the attacks".to_string()
        } else {
            format!("offset + index, {about}; TABLE[slot] is the attacks")
        };
        self.note("slot", StepValue::Number(slot), note);
    }

    /// The lookup these steps describe: the lookup of `slider` on `sq` among `occupied` by
    /// `technique`, which found `attacks`.
    pub fn finish(
        self,
        technique: &Technique,
        slider: Slider,
        sq: Square,
        occupied: Bitboard,
        attacks: Bitboard,
    ) -> Lookup {
        Lookup {
            technique: technique.name,
            title: technique.title,
            summary: technique.summary,
            slider,
            square: sq,
            occupied,
            steps: self.steps,
            attacks,
        }
    }
}

/// What an [`Lookup`] says of the technique that made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Technique {
    /// The name in the registry.
    pub name: &'static str,
    /// The name as a heading.
    pub title: &'static str,
    /// The idea in one line; may be empty.
    pub summary: &'static str,
}

impl Lookup {
    /// The step labelled `label` in `part` (empty for a lookup without parts), if any.
    pub fn step(&self, part: &str, label: &str) -> Option<&LookupStep> {
        self.steps
            .iter()
            .find(|step| step.part == part && step.label == label)
    }

    /// The parts, in order, each once; empty when the lookup has none.
    pub fn parts(&self) -> Vec<&str> {
        let mut parts: Vec<&str> = Vec::new();
        for step in &self.steps {
            if !step.part.is_empty() && parts.last() != Some(&step.part.as_str()) {
                parts.push(&step.part);
            }
        }
        parts
    }

    /// The lookup as the command line prints it: the heading, then each part's steps
    /// (words as rows of bits, numbers and bit strings as `label = value`, runs of square sets
    /// as boards side by side), then the attacks.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{}: a {} on {}\n",
            self.title,
            self.slider.name(),
            self.square
        );
        if !self.summary.is_empty() {
            let _ = writeln!(out, "{}", self.summary);
        }
        let mut rest = self.steps.as_slice();
        while let Some(first) = rest.first() {
            let length = rest
                .iter()
                .position(|step| step.part != first.part)
                .unwrap_or(rest.len());
            let (part, after) = rest.split_at(length);
            if !first.part.is_empty() {
                let _ = writeln!(out, "\n{}:", first.part);
            }
            render_part(&mut out, part);
            rest = after;
        }
        if self.parts().is_empty() {
            out.push('\n');
        } else {
            let _ = writeln!(out, "\nthe parts ORed together:");
        }
        out.push_str(&grids(&[("attacks", self.attacks)]));
        out
    }
}

/// The steps of one part as text.
fn render_part(out: &mut String, steps: &[LookupStep]) {
    let words = steps
        .iter()
        .filter(|step| matches!(step.value, StepValue::Word(_)))
        .map(|step| step.label.chars().count())
        .max()
        .unwrap_or(0);
    let mut boards: Vec<&LookupStep> = Vec::new();
    for step in steps {
        if let StepValue::Squares(_) = step.value {
            boards.push(step);
            continue;
        }
        flush_boards(out, &mut boards);
        let note = if step.note.is_empty() {
            String::new()
        } else {
            format!("  ({})", step.note)
        };
        let _ = match step.value {
            StepValue::Word(word) => {
                writeln!(out, "  {:<words$} {}{note}", step.label, binary64(word))
            }
            StepValue::Number(number) => writeln!(out, "  {} = {number}{note}", step.label),
            StepValue::Bits(bits) => writeln!(out, "  {} = {bits}{note}", step.label),
            StepValue::Squares(_) => Ok(()),
        };
    }
    flush_boards(out, &mut boards);
}

/// A run of square sets as boards side by side, their notes above them.
fn flush_boards(out: &mut String, boards: &mut Vec<&LookupStep>) {
    if boards.is_empty() {
        return;
    }
    for step in boards.iter().filter(|step| !step.note.is_empty()) {
        let _ = writeln!(out, "  {}: {}", step.label, step.note);
    }
    let sets: Vec<(&str, Bitboard)> = boards
        .iter()
        .map(|step| (step.label.as_str(), Bitboard(step.value.bits())))
        .collect();
    out.push_str(&grids(&sets));
    boards.clear();
}
