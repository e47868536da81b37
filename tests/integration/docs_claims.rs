//! The book's counts and sizes, held to the code.
//!
//! A chapter that says "the five backends" after a sixth was registered is wrong without any
//! figure changing, so no generated file catches it. These tests read the chapters' prose and
//! check two kinds of claim:
//!
//! - every count written next to *backends*, *techniques* or *generators* ("twelve backends",
//!   "the nine bitboard backends", "four independent generators") against the registry in
//!   boardlab-backends (`Backend::ALL`), which is what the command line offers;
//! - every size in bytes written in prose against the one figure it states (a backend's row
//!   and column of the generated size table, or a named line of a generated figure), so that a
//!   size that changed in the code cannot stay behind in a sentence, and a sentence cannot
//!   borrow another backend's number.
//!
//! The chapters of the Performance and Measured figures appendices and the debugging chapter
//! are written from their own measurements and are left to their own checks; two more tests
//! hold the Performance chapter's derived table (instructions a cycle) to the two measured
//! tables it is computed from, and the precise figures of the Performance and Measured chapters'
//! prose to the files they include. The criterion chapter's sampling settings are held to the
//! benches' source and to the criterion version in `Cargo.lock`, and the slider chapter's
//! comparison of the ray walk with the techniques to the table it includes.

use boardlab_backends::{Backend, Generator};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// Chapters whose figures come from their own runs, not from the registry or `docs/src/generated`.
const NOT_CHECKED: &[&str] = &["performance.md", "measured.md", "debugging.md"];

fn docs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src")
}

/// Every checked chapter's name and text.
fn chapters() -> Vec<(String, String)> {
    let mut found = Vec::new();
    for entry in fs::read_dir(docs_dir()).expect("docs/src exists") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.extension().and_then(|e| e.to_str()) != Some("md")
            || NOT_CHECKED.contains(&name.as_str())
        {
            continue;
        }
        found.push((name, fs::read_to_string(&path).expect("a chapter reads")));
    }
    found.sort();
    assert!(found.len() > 10, "the chapters were not found");
    found
}

/// The chapter's prose: fenced blocks (commands, included figures) removed, since their
/// numbers are checked where they are made.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced && !line.contains("{{#include") {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// What the registry says: how many backends, how many of them are a technique on the shared
/// bitboard generator, how many of those techniques boardlab-sliders holds, and how many move
/// generators there are in all.
struct Registry {
    backends: usize,
    bitboard: usize,
    /// The backends that walk their sliders' rays (no slider lookup to explain).
    arrays: usize,
    sliders_crate: usize,
    generators: usize,
}

fn registry() -> Registry {
    Registry {
        backends: Backend::ALL.len(),
        bitboard: Backend::ALL
            .iter()
            .filter(|b| b.technique().is_some())
            .count(),
        arrays: Backend::ALL
            .iter()
            .filter(|b| {
                let rook = boardlab_core::bitboard::Slider::Rook;
                let occupied = boardlab_core::Bitboard::EMPTY;
                b.slider_lookup(rook, boardlab_core::Square::D4, occupied)
                    .is_none()
            })
            .count(),
        sliders_crate: boardlab_sliders::TECHNIQUES.len(),
        generators: Generator::all().len(),
    }
}

const NUMBER_WORDS: [&str; 21] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

/// The number a word stands for: a numeral or a number word of either case.
fn number(word: &str) -> Option<usize> {
    let word = word.to_ascii_lowercase();
    word.parse()
        .ok()
        .or_else(|| NUMBER_WORDS.iter().position(|&w| w == word))
}

/// The words of a text, with punctuation and markup stripped from their ends.
fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-')
                .to_string()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// One count found in prose: the number, the words between it and the noun, the noun, and the
/// words around them that say which set is counted.
#[derive(Debug)]
struct Count {
    chapter: String,
    value: usize,
    qualifier: String,
    noun: String,
    /// The word before the number ("the", "all", "both" make it a claim about a whole set).
    before: String,
    /// The three words after the noun ("of boardlab-sliders" names the set).
    after: String,
}

/// Words between a number and its noun that do not change what is counted.
const FILLER: [&str; 3] = ["are", "the", "of"];

const NOUNS: [&str; 3] = ["backends", "techniques", "generators"];

/// Every "N [up to two words] backends/techniques/generators" in the checked chapters.
fn counts() -> Vec<Count> {
    let mut found = Vec::new();
    for (chapter, text) in chapters() {
        let words = words(&prose(&text));
        for (i, word) in words.iter().enumerate() {
            let noun = word.to_ascii_lowercase();
            if !NOUNS.contains(&noun.as_str()) {
                continue;
            }
            for gap in 1..=3 {
                let Some(at) = i.checked_sub(gap) else { break };
                if let Some(value) = number(&words[at]) {
                    let qualifier: Vec<String> = words[at + 1..i]
                        .iter()
                        .map(|w| w.to_ascii_lowercase())
                        .filter(|w| !FILLER.contains(&w.as_str()))
                        .collect();
                    let before = at
                        .checked_sub(1)
                        .map_or(String::new(), |b| words[b].to_ascii_lowercase());
                    let after = words[i + 1..(i + 4).min(words.len())]
                        .join(" ")
                        .to_ascii_lowercase();
                    found.push(Count {
                        chapter: chapter.clone(),
                        value,
                        qualifier: qualifier.join(" "),
                        noun: noun.clone(),
                        before,
                        after,
                    });
                    break;
                }
            }
        }
    }
    found
}

/// What a qualified count must be, or `None` for a phrase the test does not know (which fails,
/// so that a new phrasing gets a rule here rather than no check).
fn expected(count: &Count, registry: &Registry) -> Option<usize> {
    // "Two backends" is any pair, as in "diff compares two backends"; only "the two", "both"
    // or "all two" claim that a set has two members.
    if count.value == 2 && !["the", "both", "all"].contains(&count.before.as_str()) {
        return Some(2);
    }
    let arrays = registry.arrays;
    let qualifier = count.qualifier.as_str();
    // The techniques of the crate boardlab-sliders (those beyond rotated and magic, which have
    // crates of their own): "seven more", "the seven other", "the seven of boardlab-sliders".
    let sliders_crate = registry.sliders_crate;
    if count.noun == "techniques"
        && (qualifier.contains("more")
            || qualifier.contains("other")
            || count.after.contains("boardlab-sliders")
            || count.after.starts_with("of slider attacks"))
    {
        return Some(sliders_crate);
    }
    match count.noun.as_str() {
        "backends" => match qualifier {
            "" | "registered" => Some(registry.backends),
            "bitboard" => Some(registry.bitboard),
            "array" => Some(arrays),
            _ => None,
        },
        // The slider techniques: every bitboard backend is one; the crate boardlab-sliders
        // holds those beyond rotated and magic, which have crates of their own.
        "techniques" => match qualifier {
            "" | "slider" => Some(registry.bitboard),
            _ => None,
        },
        "generators" => match qualifier {
            "" | "independent" | "move" | "independent move" => Some(registry.generators),
            _ => None,
        },
        _ => None,
    }
}

#[test]
fn the_registry_is_what_the_book_describes() {
    let registry = registry();
    // The backends without a slider technique have a generator each, but for the 8x8, 12x12
    // and 16x16 arrays, which share one; all the bitboard backends share another.
    assert_eq!(
        registry.generators,
        registry.backends - registry.bitboard - 2 + 1
    );
    assert_eq!(
        registry.bitboard,
        registry.sliders_crate + 2,
        "rotated, magic and the sliders"
    );
}

#[test]
fn counts_of_backends_techniques_and_generators_match_the_registry() {
    let registry = registry();
    let counts = counts();
    let mut problems = Vec::new();
    for count in &counts {
        match expected(count, &registry) {
            Some(value) if value == count.value => {}
            Some(value) => problems.push(format!(
                "{}: \"{} {} {}\" says {}, the registry has {value}",
                count.chapter, count.value, count.qualifier, count.noun, count.value
            )),
            None => problems.push(format!(
                "{}: no rule for a count of \"{} {}\" (add one to `expected`)",
                count.chapter, count.qualifier, count.noun
            )),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The chapters do state these counts: a check that found none checked nothing.
    assert!(
        counts.iter().filter(|c| c.noun == "backends").count() >= 3,
        "too few counts of backends found: {counts:?}"
    );
}

/// Every number written before "bytes" in a chapter's prose ("744 bytes", "133 120 bytes"),
/// its digits with the separators (spaces, commas, thin spaces) removed, and the prose before
/// it, its whitespace collapsed to single spaces so that line breaks do not matter.
fn byte_sizes(prose: &str) -> Vec<(String, String)> {
    let prose = one_line(prose);
    let mut found = Vec::new();
    for (at, _) in prose.match_indices(" bytes") {
        let before = &prose[..at];
        let start = before
            .trim_end_matches(|c: char| c.is_ascii_digit() || matches!(c, ',' | ' ' | '\u{2009}'))
            .len();
        // The number begins at its first digit, not at a separator before it.
        let number = before[start..].trim_start_matches(|c: char| !c.is_ascii_digit());
        let digits: String = number.chars().filter(char::is_ascii_digit).collect();
        // Sizes of the form "8 bytes" or "16 bytes" are widths of one value, not measurements.
        if digits.len() > 2 {
            let words_before = before[..before.len() - number.len()].trim_end();
            found.push((digits, words_before.to_string()));
        }
    }
    found
}

/// A column of `generated/sizes.txt`, which `cargo test --test integration docs_generated` makes
/// from `Board::board_bytes`, `size_of::<Board::Undo>` and `Board::table_bytes`.
#[derive(Debug, Clone, Copy)]
enum SizeColumn {
    Board,
    Table,
}

/// Where a size stated in prose is made.
#[derive(Debug, Clone, Copy)]
enum SizeSource {
    /// A backend's cell in `generated/sizes.txt`.
    Sizes(&'static str, SizeColumn),
    /// The size in bytes at the end of the line of a generated figure that begins with the
    /// given words.
    FigureLine(&'static str, &'static str),
}

/// One size the book states in prose: the chapter, the words just before the number, which
/// pick out the sentence, and where the number is made.
struct SizeClaim {
    chapter: &'static str,
    words_before: &'static str,
    source: SizeSource,
}

/// Every size in bytes the checked chapters state in prose, each with the figure it is read
/// from. A size found in prose with no entry here fails the test, so that a new sentence gets
/// its source named rather than no check.
const SIZE_CLAIMS: &[SizeClaim] = &[
    SizeClaim {
        chapter: "magic.md",
        words_before: "107 648 attack sets of 8 bytes,",
        source: SizeSource::FigureLine("magic-show-d4.txt", "slots:"),
    },
    SizeClaim {
        chapter: "magic.md",
        words_before: "Like the rotated backend's (",
        source: SizeSource::Sizes("rotated", SizeColumn::Table),
    },
    SizeClaim {
        chapter: "mailbox.md",
        words_before: "The mailbox's board is",
        source: SizeSource::Sizes("mailbox", SizeColumn::Board),
    },
    SizeClaim {
        chapter: "mailbox.md",
        words_before: "Its tables,",
        source: SizeSource::Sizes("mailbox", SizeColumn::Table),
    },
    SizeClaim {
        chapter: "piece-lists.md",
        words_before: "plus the Zobrist hash:",
        source: SizeSource::Sizes("piece-list", SizeColumn::Board),
    },
    SizeClaim {
        chapter: "rotated.md",
        words_before: "`show` prints the total (",
        source: SizeSource::Sizes("rotated", SizeColumn::Table),
    },
    SizeClaim {
        chapter: "x88.md",
        words_before: "the knight targets and the step lists) come to",
        source: SizeSource::Sizes("x88", SizeColumn::Table),
    },
];

/// The number `source` gives.
fn size_from(source: SizeSource) -> String {
    match source {
        SizeSource::Sizes(backend, column) => {
            let text = fs::read_to_string(docs_dir().join("generated/sizes.txt"))
                .expect("generated/sizes.txt reads");
            let mut lines = text.lines().filter(|line| !line.starts_with('$'));
            let heading: Vec<&str> = lines
                .next()
                .expect("sizes.txt has a heading")
                .split_whitespace()
                .collect();
            // The columns are read by position, so their order is checked first.
            assert_eq!(
                heading,
                ["backend", "board", "bytes", "undo", "bytes", "table", "bytes"],
                "the columns of sizes.txt"
            );
            let row: Vec<&str> = lines
                .map(|line| line.split_whitespace().collect::<Vec<_>>())
                .find(|row| row.first() == Some(&backend))
                .unwrap_or_else(|| panic!("sizes.txt has no {backend} row"));
            let cell = match column {
                SizeColumn::Board => 1,
                SizeColumn::Table => 3,
            };
            row[cell].to_string()
        }
        SizeSource::FigureLine(file, begins) => {
            let path = docs_dir().join("generated").join(file);
            let text =
                fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
            let line = text
                .lines()
                .find(|line| line.starts_with(begins))
                .unwrap_or_else(|| panic!("{file} has no line beginning {begins:?}"));
            let (last, _) = byte_sizes(line)
                .pop()
                .unwrap_or_else(|| panic!("{file}: {line:?} gives no size in bytes"));
            last
        }
    }
}

#[test]
fn sizes_in_prose_are_the_figures_they_name() {
    let mut problems = Vec::new();
    let mut met = vec![0; SIZE_CLAIMS.len()];
    for (chapter, text) in chapters() {
        for (size, words_before) in byte_sizes(&prose(&text)) {
            let claim = SIZE_CLAIMS.iter().position(|claim| {
                claim.chapter == chapter && words_before.ends_with(claim.words_before)
            });
            let Some(index) = claim else {
                let words: Vec<&str> = words_before.split(' ').collect();
                let context = words[words.len().saturating_sub(8)..].join(" ");
                problems.push(format!(
                    "{chapter}: \"…{context} {size} bytes\" has no entry in SIZE_CLAIMS naming \
                     the figure it comes from"
                ));
                continue;
            };
            met[index] += 1;
            let claim = &SIZE_CLAIMS[index];
            let made = size_from(claim.source);
            if size != made {
                problems.push(format!(
                    "{chapter}: \"{} {size} bytes\" but {:?} gives {made}",
                    claim.words_before, claim.source
                ));
            }
        }
    }
    for (claim, met) in SIZE_CLAIMS.iter().zip(&met) {
        if *met != 1 {
            problems.push(format!(
                "{}: \"{} … bytes\" was found {met} times, not once",
                claim.chapter, claim.words_before
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn number_words_and_numerals_are_read_alike() {
    assert_eq!(number("Twelve"), Some(12));
    assert_eq!(number("12"), Some(12));
    assert_eq!(number("backends"), None);
    let sizes = byte_sizes("is 744 bytes, or\n133 120 bytes and 8 bytes, 2,328 bytes");
    let sizes: Vec<(&str, &str)> = sizes
        .iter()
        .map(|(size, before)| (size.as_str(), before.as_str()))
        .collect();
    assert_eq!(
        sizes,
        [
            ("744", "is"),
            ("133120", "is 744 bytes, or"),
            ("2328", "is 744 bytes, or 133 120 bytes and 8 bytes,"),
        ]
    );
}

/// The rows of a measured table: each line that is not a comment, split into words.
fn table_rows(name: &str) -> Vec<Vec<String>> {
    let path = docs_dir().join("measured").join(name);
    let text = fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.starts_with('$'))
        .map(|line| line.split_whitespace().map(str::to_string).collect())
        .filter(|row: &Vec<String>| !row.is_empty())
        .collect()
}

fn decimal(word: &str) -> f64 {
    word.parse()
        .unwrap_or_else(|_| panic!("{word:?} is not a number"))
}

/// The Performance chapter's table of instructions a cycle is derived from two other tables it
/// includes (`sh docs/measure.sh cycles`). Remaking either of those without it would leave the
/// chapter setting one run's speeds beside another's counts; this recomputes every row from
/// the two and compares, to the table's rounding.
#[test]
fn the_instructions_a_cycle_table_is_the_product_of_its_two_sources() {
    let mut instructions = std::collections::BTreeMap::new();
    for row in table_rows("instruction-ratios.txt") {
        if row.len() == 5 && row[1] == "bulk" {
            instructions.insert(row[0].clone(), (decimal(&row[3]), decimal(&row[4])));
        }
    }
    let mut speeds = std::collections::BTreeMap::new();
    for row in table_rows("ratios.txt") {
        if row.len() == 2 {
            if let Ok(speed) = row[1].parse::<f64>() {
                speeds.insert(row[0].clone(), speed);
            }
        }
    }
    let mut checked = 0;
    for row in table_rows("instructions.txt") {
        if row[0] == "backend" {
            continue;
        }
        let backend = &row[0];
        let (a_leaf, fewer) = instructions
            .get(backend)
            .unwrap_or_else(|| panic!("{backend} is not in instruction-ratios.txt"));
        let speed = speeds
            .get(backend)
            .unwrap_or_else(|| panic!("{backend} is not in ratios.txt"));
        let close = |written: &str, computed: f64, places: i32| {
            let unit = 10f64.powi(-places);
            assert!(
                (decimal(written) - computed).abs() <= unit,
                "{backend}: instructions.txt says {written}, its sources give {computed:.3}"
            );
        };
        close(&row[1], *a_leaf, 1);
        close(&row[2], *speed, 3);
        close(&row[3], speed / fewer, 2);
        if let [_, _, _, _, aim, at_aim] = row.as_slice() {
            close(at_aim, a_leaf * speed / decimal(aim), 1);
        }
        checked += 1;
    }
    // A row for every backend both sources hold (cozy-chess, the yardstick, has none), and
    // at least the twelve the Performance chapter's tuning rounds measured.
    let in_both = speeds
        .keys()
        .filter(|backend| instructions.contains_key(*backend) && *backend != "cozy-chess")
        .count();
    assert_eq!(checked, in_both, "a row for every backend of both tables");
    assert!(checked >= 12, "only {checked} rows");
}

/// The chapters written from their own measurements still take their precise figures from the
/// files they include: a number with three or more decimals in their prose (a time, a ratio)
/// must stand in one of the measured or generated files, so a rerun that changes it cannot
/// leave the sentence behind.
#[test]
fn precise_figures_in_the_measured_chapters_come_from_their_files() {
    let mut measured = String::new();
    for dir in ["measured", "generated"] {
        for entry in fs::read_dir(docs_dir().join(dir)).expect("the figure folders exist") {
            let path = entry.expect("a directory entry").path();
            measured.push_str(&fs::read_to_string(&path).unwrap_or_default());
            measured.push('\n');
        }
    }
    // The files' numbers, each whole: a figure must be one of them, not a piece of one (0.123
    // is not in 10.1234).
    let numbers_in = |text: &str| -> std::collections::HashSet<String> {
        text.split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .map(|word| word.trim_end_matches('.').to_string())
            .filter(|word| !word.is_empty())
            .collect()
    };
    let measured = numbers_in(&measured);
    assert!(!numbers_in("took 10.1234 s").contains("0.123"));
    let mut problems = Vec::new();
    let mut checked = 0;
    // The performance log is left out: it is a dated diary of code that has changed since.
    for chapter in ["performance.md", "measured.md"] {
        let text = fs::read_to_string(docs_dir().join(chapter)).expect("the chapter reads");
        let prose = prose(&text);
        let words = prose.split(|c: char| !(c.is_ascii_digit() || c == '.'));
        for word in words.map(|word| word.trim_end_matches('.')) {
            let decimals = word.split_once('.').map_or(0, |(whole, part)| {
                if whole.is_empty() || part.contains('.') {
                    0
                } else {
                    part.len()
                }
            });
            if decimals >= 3 {
                checked += 1;
                if !measured.contains(word) {
                    problems.push(format!(
                        "{chapter}: {word} is no number of any measured or generated file"
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked >= 4, "only {checked} precise figures found");
}

/// The legality chapter draws three conclusions from `measured/pseudo-legal.txt`'s instruction
/// counts; they hold for both boards measured: legal generation beats pseudo-legal moves tested
/// at make in perft, by about ten times against bulk counting; and in the search, testing at
/// make beats testing every move first, while legal generation beats both.
#[test]
fn the_legality_chapters_conclusions_hold_in_its_measurements() {
    let mut instructions = std::collections::BTreeMap::new();
    for row in table_rows("pseudo-legal.txt") {
        if let [case, count] = row.as_slice() {
            if let Ok(count) = count.parse::<f64>() {
                instructions.insert(case.clone(), count);
            }
        }
    }
    for board in ["mailbox", "magic"] {
        let of = |case: &str| {
            *instructions
                .get(&format!("{board}-{case}"))
                .unwrap_or_else(|| panic!("no {board}-{case} in pseudo-legal.txt"))
        };
        let perft_gap = of("perft-pseudo") / of("perft-legal-bulk");
        assert!(
            (8.0..16.0).contains(&perft_gap),
            "{board}: pseudo-legal perft runs {perft_gap:.1} times bulk, not about ten"
        );
        assert!(of("perft-legal-make") < of("perft-pseudo"), "{board}");
        assert!(of("search-legal") < of("search-pseudo"), "{board}");
        assert!(of("search-pseudo") < of("search-filter"), "{board}");
    }
}

/// The text of a file under the workspace root.
fn workspace_file(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    fs::read_to_string(&full).unwrap_or_else(|err| panic!("{}: {err}", full.display()))
}

/// The criterion chapter gives each bench's sampling settings and the version whose defaults it
/// quotes; a bench that changes its settings, or a new criterion, must change the sentence too.
#[test]
fn the_criterion_chapter_states_the_benches_settings() {
    // Line breaks do not matter to a sentence.
    let chapter = fs::read_to_string(docs_dir().join("criterion.md"))
        .expect("the chapter reads")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    // The defaults the chapter quotes (100 samples, 3 s warm-up, 5 s measurement, 1% noise,
    // 0.05 significance) are those of criterion 0.5, read in its `Criterion::default`.
    let lock = workspace_file("Cargo.lock");
    let criterion = lock
        .split("[[package]]")
        .find(|package| package.contains("name = \"criterion\"\n"))
        .expect("criterion is in Cargo.lock");
    assert!(
        criterion.contains("version = \"0.5."),
        "criterion is no longer 0.5: check the defaults criterion.md quotes\n{criterion}"
    );
    assert!(chapter.contains("criterion 0.5, the version in `Cargo.lock`"));
    for quoted in [
        "100 samples, a 3-second warm-up and a 5-second measurement",
        "noise threshold (1% by default)",
        "below 0.05",
    ] {
        assert!(
            chapter.contains(quoted),
            "criterion.md no longer says {quoted:?}"
        );
    }
    // Each bench's own settings, as its source sets them.
    let mut checked = 0;
    for (bench, samples) in [
        ("perft", Some(10)),
        ("movegen", Some(20)),
        ("sliders", None),
    ] {
        let source = workspace_file(&format!("benches/{bench}.rs"));
        match samples {
            Some(samples) => {
                for setting in [
                    format!(".sample_size({samples})"),
                    ".warm_up_time(Duration::from_millis(300))".to_string(),
                    ".measurement_time(Duration::from_secs(1))".to_string(),
                ] {
                    assert!(source.contains(&setting), "benches/{bench}.rs: no {setting}");
                }
                assert!(
                    chapter.contains(&format!("the {bench} bench {samples}"))
                        || chapter.contains(&format!("the {bench} bench takes {samples}")),
                    "criterion.md does not give the {bench} bench's {samples} samples"
                );
            }
            None => assert!(
                !source.contains("sample_size") && !source.contains("measurement_time"),
                "benches/{bench}.rs sets its own sampling, but the chapter says it keeps the defaults"
            ),
        }
        checked += 1;
    }
    assert_eq!(checked, 3);
    assert!(chapter.contains("the sliders bench keeps them"));
    assert!(chapter.contains("warm-up of 0.3 seconds and a measurement of 1 second"));
}

/// The slider chapter says the ray walk is more than twenty times the fastest lookup's time and
/// several times Kogge-Stone's, for every kind of slider, from the table it includes.
#[test]
fn the_ray_walk_claims_hold_in_the_slider_table() {
    let text = fs::read_to_string(docs_dir().join("measured/sliders.md")).expect("the table reads");
    let rows: Vec<Vec<String>> = text
        .lines()
        .filter(|line| line.starts_with("| ") && !line.starts_with("| technique"))
        .map(|line| {
            line.trim_matches('|')
                .split('|')
                .map(|cell| cell.trim().to_string())
                .collect()
        })
        .collect();
    let time = |name: &str, column: usize| -> f64 {
        let row = rows
            .iter()
            .find(|row| row[0] == name)
            .unwrap_or_else(|| panic!("no {name} row"));
        decimal(&row[column])
    };
    let mut checked = 0;
    for (column, slider) in [(1, "rook"), (2, "bishop"), (3, "queen")] {
        let walk = time("ray-walk", column);
        let fastest = rows
            .iter()
            .filter(|row| row[0] != "ray-walk")
            .map(|row| decimal(&row[column]))
            .fold(f64::INFINITY, f64::min);
        assert!(walk / fastest > 20.0, "{slider}: {walk} against {fastest}");
        let kogge = time("kogge-stone", column);
        assert!(
            walk / kogge > 3.0,
            "{slider}: {walk} against Kogge-Stone's {kogge}"
        );
        checked += 1;
    }
    assert_eq!(checked, 3);
    let chapter = fs::read_to_string(docs_dir().join("sliders.md"))
        .expect("the chapter reads")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(chapter.contains(
        "several times Kogge-Stone's time, and more than twenty times the fastest lookup's"
    ));
}

/// The engine chapter states in prose the engine queries (boardlab-engine's `EngineQueries`), the values the
/// static exchange weighs pieces by, the size of the king zone the evaluation asks about and
/// two counts of the start position. Each is made here from the code, so a change there fails
/// until the sentence follows it.
#[test]
fn the_engine_chapters_queries_values_and_counts_are_the_codes() {
    use boardlab_core::bitboard::king_attacks;
    use boardlab_core::{BoardExt, Color, Square, START_FEN};
    use boardlab_engine::{evaluate_breakdown, EvalTerms, SEE_VALUES};
    use boardlab_reference::ReferenceBoard;

    let text = fs::read_to_string(docs_dir().join("engine.md")).expect("the engine chapter reads");
    // Sentences run across lines and list items are indented: compare with single spaces.
    let prose = prose(&text)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let says = |phrase: &str| {
        assert!(
            prose.contains(phrase),
            "engine.md should say \"{phrase}\", which is what the code gives"
        );
    };

    // The queries: the first column of the chapter's table names them, each must be a provided
    // method of `EngineQueries`, and the count in the prose must be the table's.
    let queries_source = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/engine/src/queries.rs"),
    )
    .expect("the EngineQueries trait's source reads");
    let queries: Vec<&str> = text
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|cell| cell.split('(').next())
        .collect();
    assert!(
        queries.len() >= 5,
        "the query table was not found: {queries:?}"
    );
    for query in &queries {
        assert!(
            queries_source.contains(&format!("fn {query}(&self")),
            "engine.md's query `{query}` is not a method of EngineQueries"
        );
    }
    says(&format!("{} queries", NUMBER_WORDS[queries.len()]));

    // The static exchange's values, in the trait's order of roles.
    let [pawn, knight, bishop, rook, queen, king] = SEE_VALUES;
    says(&format!(
        "pawn {pawn}, knight {knight}, bishop {bishop}, rook {rook}, queen {queen}, and the king {king}"
    ));

    // The king zone: the king's square and its neighbours, largest away from the edge, asked
    // once a square for each side.
    let largest_zone = Square::ALL
        .iter()
        .map(|&sq| king_attacks(sq).with(sq).count() as usize)
        .max()
        .expect("there are squares");
    says(&format!("up to {} squares", NUMBER_WORDS[largest_zone]));
    says(&format!("up to {} attacker queries", 2 * largest_zone));

    // The start position's mobility and attacked squares, the same for both sides.
    let start = ReferenceBoard::from_fen(START_FEN).expect("the start position parses");
    let terms = evaluate_breakdown(&start, EvalTerms::Full);
    let (white, black) = (Color::White as usize, Color::Black as usize);
    assert_eq!(terms.mobility[white], terms.mobility[black]);
    assert_eq!(terms.attacked[white], terms.attacked[black]);
    says(&format!(
        "each side's mobility is {}",
        terms.mobility[white]
    ));
    says(&format!(
        "each side attacks {} squares",
        terms.attacked[white]
    ));
}

/// The engine chapter reads its tables in prose: "three nodes in four" spent in quiescence, and
/// the three array boards the three slowest in every workload. Both are read back here from the
/// generated tables the chapter includes, so a rerun that changes them fails until the prose
/// follows.
#[test]
fn the_engine_chapters_reading_of_its_tables_holds() {
    let chapter = fs::read_to_string(docs_dir().join("engine.md")).expect("the chapter reads");
    let prose = one_line(&chapter);
    let rows = |workload: &str| -> Vec<Vec<String>> {
        let path = docs_dir().join(format!("measured/engine-{workload}.txt"));
        let text = fs::read_to_string(&path).unwrap_or_else(|err| panic!("{path:?}: {err}"));
        let backends: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
        let rows: Vec<Vec<String>> = text
            .lines()
            .map(|line| {
                line.split_whitespace()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .filter(|words| {
                words
                    .first()
                    .is_some_and(|w| backends.contains(&w.as_str()))
            })
            .filter(|words| words.len() > 3 && words[1].parse::<u64>().is_ok())
            .collect();
        // The twelve boards the chapter's hypotheses compare have their rows, once each.
        let mut named: Vec<&str> = rows.iter().map(|row| row[0].as_str()).collect();
        named.sort_unstable();
        named.dedup();
        assert_eq!(named.len(), rows.len(), "{workload}: a row twice");
        assert!(
            the_twelve().iter().all(|b| named.contains(b)),
            "{workload}: {rows:?}"
        );
        rows
    };
    assert!(prose.contains("With three nodes in four spent in quiescence"));
    for row in rows("search") {
        let share: f64 = row[4].trim_end_matches('%').parse().expect("a percentage");
        assert!((70.0..80.0).contains(&share), "{row:?}: not three in four");
    }
    assert!(prose.contains(
        "in every workload the three array boards are the three slowest, and they stand in \
         perft's order (piece lists, then the mailbox, then 0x88) wherever two of them lie \
         further apart than the noise"
    ));
    let twelve = the_twelve();
    let perft_order = ["piece-list", "mailbox", "x88"];
    let mut tables: Vec<(&str, std::collections::BTreeMap<String, f64>)> =
        ["search", "eval", "see", "attacks"]
            .into_iter()
            .map(|workload| {
                let rates = rows(workload)
                    .into_iter()
                    .map(|row| (row[0].clone(), decimal(&row[2])))
                    .collect();
                (workload, rates)
            })
            .collect();
    tables.push(("search --eval pst", engine_rates("engine-search-pst.txt")));
    for (workload, rates) in &tables {
        let mut by_rate: Vec<(&String, &f64)> = rates
            .iter()
            .filter(|(name, _)| twelve.contains(&name.as_str()))
            .collect();
        by_rate.sort_by(|a, b| a.1.total_cmp(b.1));
        let mut slowest: Vec<&str> = by_rate[..3].iter().map(|(name, _)| name.as_str()).collect();
        slowest.sort_unstable();
        assert_eq!(slowest, ["mailbox", "piece-list", "x88"], "{workload}");
        // A pair out of perft's order must be within the noise of each other.
        for (i, slower) in perft_order.iter().enumerate() {
            for faster in &perft_order[i + 1..] {
                let (a, b) = (rates[*slower], rates[*faster]);
                assert!(
                    a <= b || compared(a, b) == "the same within the noise",
                    "{workload}: {slower} {a} against {faster} {b}"
                );
            }
        }
    }
}

/// How many numbered exercises a chapter's `## Exercises` section holds (none without one).
fn exercise_count(chapter: &str) -> usize {
    let mut in_exercises = false;
    let mut count = 0;
    for line in chapter.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            in_exercises = heading.trim() == "Exercises";
            continue;
        }
        let numbered = line
            .split_once(". ")
            .is_some_and(|(number, _)| !number.is_empty() && number.parse::<usize>().is_ok());
        if in_exercises && numbered {
            count += 1;
        }
    }
    count
}

/// The instructors' guide opens its answers with the number of chapters that end with
/// exercises, the number of exercises, and each chapter's count in book order. A chapter that
/// gains, loses or reorders exercises must change that sentence, so the guide never claims to
/// cover what the book no longer asks.
#[test]
fn the_guides_count_of_the_chapters_exercises_is_the_books() {
    let summary = fs::read_to_string(docs_dir().join("SUMMARY.md")).expect("SUMMARY.md");
    let mut in_book_order = Vec::new();
    for piece in summary.split("](").skip(1) {
        let file = piece.split(')').next().unwrap_or("");
        let text =
            fs::read_to_string(docs_dir().join(file)).unwrap_or_else(|err| panic!("{file}: {err}"));
        let count = exercise_count(&text);
        if count > 0 {
            in_book_order.push((file.to_string(), count));
        }
    }
    assert!(
        in_book_order.len() > 10,
        "too few chapters with exercises: {in_book_order:?}"
    );
    let total: usize = in_book_order.iter().map(|(_, count)| count).sum();

    let guide = workspace_file("docs/instructors/src/instructors.md");
    let guide = one_line(&guide);
    let opening = "The students' book ends ";
    let start = guide.find(opening).expect("the answers' opening sentence") + opening.len();
    let sentence = &guide[start..start + guide[start..].find(").").expect("its list ends")];
    let (counts, list) = sentence.split_once(" (").expect("a list in brackets");
    let stated: Vec<usize> = words(counts).iter().filter_map(|w| number(w)).collect();
    assert_eq!(
        stated,
        [in_book_order.len(), total],
        "the guide says {counts:?}; the book's chapters: {in_book_order:?}"
    );
    let listed: Vec<usize> = list
        .split(", ")
        .map(|entry| {
            let last = entry.split_whitespace().last().unwrap_or("");
            number(last).unwrap_or_else(|| panic!("{entry:?} ends with no count"))
        })
        .collect();
    let counted: Vec<usize> = in_book_order.iter().map(|(_, count)| *count).collect();
    assert_eq!(
        listed, counted,
        "the guide's list against the chapters in book order: {in_book_order:?}"
    );
}

/// The engine chapter's verdict on the mailbox trials' claim, read back from the trials' table:
/// the attack-map board against magic and the plain mailbox, the shares of quiescence and stand
/// pat, and its ranks.
#[test]
fn the_trials_verdict_follows_from_its_table() {
    let chapter = fs::read_to_string(docs_dir().join("engine.md")).expect("the chapter reads");
    let prose = one_line(&chapter);
    let backends: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
    let rows: std::collections::BTreeMap<String, Vec<String>> = table_rows("engine-trials.txt")
        .into_iter()
        .filter(|row| row.len() > 10 && backends.contains(&row[0].as_str()))
        .filter(|row| row[1].parse::<u64>().is_ok())
        .map(|row| (row[0].clone(), row))
        .collect();
    assert_eq!(rows.len(), backends.len(), "a row per backend: {rows:?}");
    // One tree: every backend the same nodes, and agreeing.
    let nodes: std::collections::BTreeSet<&str> = rows.values().map(|r| r[1].as_str()).collect();
    assert_eq!(nodes.len(), 1, "{nodes:?}");
    assert!(rows
        .values()
        .all(|r| r.last().map(String::as_str) == Some("ok")));
    // The columns: backend, nodes, Mnps, seconds, quiescence, stand pat, the middle game's
    // Mnps, the queen endings' Mnps, rank, perft rank, spread, agreement.
    let header = table_rows("engine-trials.txt")
        .into_iter()
        .find(|row| row[0] == "backend")
        .expect("the table's header")
        .join(" ");
    assert!(
        header.contains("stand pat middle game queen endings rank"),
        "{header}"
    );
    let column = |b: &str, index: usize| decimal(&rows[b][index]);
    let rate = |b: &str| column(b, 2);
    let maps = &rows["attack-maps"];
    let against_magic = rate("attack-maps") / rate("magic");
    let verdict_of = |index: usize| {
        if compared(column("attack-maps", index), column("magic", index)) == "smaller" {
            "does not hold"
        } else {
            "holds"
        }
    };
    let verdict = if verdict_of(2) == "holds" {
        "holds"
    } else {
        "does not hold here"
    };
    let sentence = format!(
        "*Measured: {verdict}.* In the trials' search the attack-map board runs at {:.0}% of \
         magic's rate and {:.0}% of the plain mailbox's, with {} of the nodes in quiescence \
         and {} standing pat; it ranks {} of the {} in the search against {} in the perft the \
         same command runs first.",
        100.0 * against_magic,
        100.0 * rate("attack-maps") / rate("mailbox"),
        maps[4],
        maps[5],
        ordinal(&maps[8]),
        NUMBER_WORDS[backends.len()],
        ordinal(&maps[9]),
    );
    assert!(
        prose.contains(&sentence),
        "the chapter should say: {sentence}"
    );
    // The middle game and the queen endings apart, since the maps are said to lose where
    // queens roam.
    let share = |index: usize, of: &str| 100.0 * column("attack-maps", index) / column(of, index);
    let parts = format!(
        "In the middle game (KiwiPete) it runs at {:.0}% of magic's rate and {:.0}% of the \
         mailbox's; in the queen endings at {:.0}% and {:.0}%. The claim {}.",
        share(6, "magic"),
        share(6, "mailbox"),
        share(7, "magic"),
        share(7, "mailbox"),
        match (verdict_of(6), verdict_of(7)) {
            ("holds", "holds") => "holds in both the middle game and the queen endings".to_string(),
            ("does not hold", "does not hold") =>
                "holds in neither the middle game nor the queen endings".to_string(),
            (middle, endings) =>
                format!("{middle} in the middle game and {endings} in the queen endings"),
        },
    );
    assert!(prose.contains(&parts), "the chapter should say: {parts}");
    // The reading the chapter adds: whether the endings cost the maps more than the middle
    // game does, measured against the plain mailbox they are built on, by the chapter's noise.
    let (middle, endings) = (share(6, "mailbox"), share(7, "mailbox"));
    let reading = match compared(middle, endings) {
        "larger" => {
            "In the endings the attack-map board falls further behind the plain mailbox it is \
             built on than in the middle game, by more than the noise, as the maps' critics said \
             it would where queens roam."
        }
        _ if endings < middle => {
            "In the endings the attack-map board stands further behind the plain mailbox it is \
             built on than in the middle game, but by less than the noise, so these runs cannot \
             say that roaming queens cost the maps more."
        }
        _ => {
            "In the endings the attack-map board stands no further behind the plain mailbox it \
             is built on than in the middle game."
        }
    };
    assert!(
        prose.contains(reading),
        "the chapter's reading of the two parts should be: {reading}"
    );
}

/// The instructors' guide answers the engine chapter's first exercise (which backend's rank
/// moves most from its perft rank in the evaluation) from the book's own run: the backends it
/// names, and their two ranks, are the table's.
#[test]
fn the_guides_evaluation_movers_are_the_tables() {
    let backends: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
    // backend, nodes, knps, seconds, quiescence, rank, perft rank, spread, agreement
    let moves: Vec<(String, usize, usize)> = table_rows("engine-eval.txt")
        .into_iter()
        .filter(|row| row.len() > 7 && backends.contains(&row[0].as_str()))
        .filter(|row| row[1].parse::<u64>().is_ok())
        .map(|row| {
            let rank = |i: usize| -> usize { row[i].parse().expect("a rank") };
            (row[0].clone(), rank(6), rank(5))
        })
        .collect();
    assert_eq!(moves.len(), backends.len(), "a row per backend: {moves:?}");
    let shift = |(_, perft, eval): &(String, usize, usize)| *perft as i64 - *eval as i64;
    let most_up = moves.iter().map(shift).max().expect("rows");
    let most_down = moves.iter().map(shift).min().expect("rows");
    assert!(most_up > 0 && most_down < 0, "{moves:?}");
    let named = |by: i64| -> String {
        let names: Vec<String> = moves
            .iter()
            .filter(|m| shift(m) == by)
            .map(|(name, perft, eval)| {
                format!("{name} ({perft} in perft, {eval} in the evaluation)")
            })
            .collect();
        and_list(&names)
    };
    let sentence = format!(
        "the ranks that move most from the perft rank are {}, up {}, and {}, down {}",
        named(most_up),
        number_word(most_up as usize),
        named(most_down),
        number_word(most_down.unsigned_abs() as usize),
    );
    let guide = workspace_file("docs/instructors/src/instructors.md");
    let guide = one_line(&guide);
    assert!(
        guide.contains(&sentence),
        "the guide should say: {sentence}"
    );
}

/// Where the boards built after the engine chapter's hypotheses stand in its four workload
/// tables, among every backend, beside their rank in the perft the search's command runs first:
/// the engine chapter lists all six, the quad chapter its own board, each as the tables give.
#[test]
fn the_later_boards_places_in_the_engine_tables_are_the_tables() {
    let twelve = the_twelve();
    let later: Vec<&str> = Backend::ALL
        .iter()
        .map(|b| b.name())
        .filter(|b| !twelve.contains(b))
        .collect();
    assert_eq!(later.len(), Backend::ALL.len() - 12, "{later:?}");
    assert!(
        later.contains(&"quad") && later.contains(&"attack-maps"),
        "{later:?}"
    );
    // Each table's rows: backend, nodes, rate, seconds, quiescence, rank, perft rank, ...
    let ranks = |workload: &str| -> std::collections::BTreeMap<String, (String, String)> {
        table_rows(&format!("engine-{workload}.txt"))
            .into_iter()
            .filter(|row| row.len() > 7 && row[1].parse::<u64>().is_ok())
            .map(|row| (row[0].clone(), (row[5].clone(), row[6].clone())))
            .collect()
    };
    let tables: Vec<_> = ["search", "eval", "see", "attacks"].map(ranks).into();
    for table in &tables {
        assert_eq!(
            table.len(),
            Backend::ALL.len(),
            "a row per backend: {table:?}"
        );
    }
    let places = |board: &str| {
        let [search, eval, see, attacks] = [0, 1, 2, 3].map(|i| ordinal(&tables[i][board].0));
        format!(
            "{search}, {eval}, {see} and {attacks} ({} in the perft the search runs first)",
            ordinal(&tables[0][board].1)
        )
    };
    let engine = fs::read_to_string(docs_dir().join("engine.md")).expect("the chapter reads");
    let engine = one_line(&engine);
    let listed: Vec<String> = later
        .iter()
        .map(|board| format!("{board} {}", places(board)))
        .collect();
    let sentence = format!(
        "Ranked among all {} in the search, the evaluation, the exchanges and the attack maps: {}.",
        NUMBER_WORDS[Backend::ALL.len()],
        listed.join("; ")
    );
    assert!(
        engine.contains(&sentence),
        "engine.md should say: {sentence}"
    );
    let quad = fs::read_to_string(docs_dir().join("quad.md")).expect("the chapter reads");
    let quad = one_line(&quad);
    let sentence = format!(
        "the quad board ranks {} of the {} backends in the search, the evaluation, the exchanges \
         and the attack maps",
        places("quad"),
        NUMBER_WORDS[Backend::ALL.len()],
    );
    assert!(quad.contains(&sentence), "quad.md should say: {sentence}");
}

/// The engine chapter says how long a workload lasts on a backend: the longest run in its five
/// tables, and in the trials' table, read back from them.
#[test]
fn the_engine_chapters_run_lengths_are_its_tables() {
    let prose = one_line(&fs::read_to_string(docs_dir().join("engine.md")).expect("engine.md"));
    let backends: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
    let longest = |files: &[&str]| -> (f64, String) {
        files
            .iter()
            .flat_map(|file| table_rows(file))
            .filter(|row| row.len() > 8 && backends.contains(&row[0].as_str()))
            .filter(|row| row[1].parse::<u64>().is_ok())
            .map(|row| (decimal(&row[3]), row[0].clone()))
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .expect("rows")
    };
    let (seconds, backend) = longest(&[
        "engine-search.txt",
        "engine-search-pst.txt",
        "engine-eval.txt",
        "engine-see.txt",
        "engine-attacks.txt",
    ]);
    let (trials_seconds, _) = longest(&["engine-trials.txt"]);
    assert!(
        (1.0..1.5).contains(&seconds),
        "a little over a second: {seconds} ({backend})"
    );
    assert!(
        (1.5..2.0).contains(&trials_seconds),
        "nearly two: {trials_seconds}"
    );
    let sentence = format!(
        "(a little over a second at most, on the {backend} board; the trials' search below takes \
         nearly two)"
    );
    assert!(prose.contains(&sentence), "engine.md should say {sentence}");
}

/// Names as the chapters list them: "a", "a and b", "a, b and c" (empty for none).
fn and_list<S: AsRef<str>>(names: &[S]) -> String {
    let names: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Text with its line breaks and runs of spaces folded to single spaces, so that a sentence
/// is found wherever the chapter wraps it.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A rank as the chapters write it: "1st", "12th", "22nd".
fn ordinal(rank: &str) -> String {
    let n: usize = rank.parse().expect("a rank");
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The twelve boards the engine chapter's hypotheses compare: the three classic array boards
/// and the nine slider techniques on the shared bitboard board. The engine tables hold at least
/// these; the later boards are timed in the mailbox trials' table.
fn the_twelve() -> Vec<&'static str> {
    let twelve: Vec<&'static str> = ["piece-list", "mailbox", "x88"]
        .into_iter()
        .chain(
            Backend::ALL
                .iter()
                .filter(|b| b.technique().is_some())
                .map(|b| b.name()),
        )
        .collect();
    assert_eq!(twelve.len(), 12, "{twelve:?}");
    twelve
}

/// One backend's rate (the table's third column) in each generated engine table, by backend.
fn engine_rates(name: &str) -> std::collections::BTreeMap<String, f64> {
    let backends: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
    let rates: std::collections::BTreeMap<String, f64> = table_rows(name)
        .into_iter()
        .filter(|row| row.len() > 3 && backends.contains(&row[0].as_str()))
        .filter(|row| row[1].parse::<u64>().is_ok())
        .map(|row| (row[0].clone(), decimal(&row[2])))
        .collect();
    assert!(
        the_twelve().iter().all(|b| rates.contains_key(*b)),
        "{name}: a row for each of the twelve boards the chapter compares"
    );
    rates
}

/// How far apart two factors read from the engine tables must be before the chapter calls the
/// difference a finding: one must exceed the other by half. The tables keep each backend's
/// fastest of nine runs, and on the two-core machine they were measured on the same factor
/// still moved by up to a quarter between two sessions.
const NOISE: f64 = 1.5;

/// How `a` compares with `b` in words, within [`NOISE`].
fn compared(a: f64, b: f64) -> &'static str {
    if a > b * NOISE {
        "larger"
    } else if b > a * NOISE {
        "smaller"
    } else {
        "the same within the noise"
    }
}

/// The engine chapter's verdicts on its hypotheses and on the old arguments are sentences
/// with numbers in them: factors and shares between backends, read from the generated tables
/// (`sh docs/measure.sh engine`), and a verdict that follows from those numbers by the rule of
/// [`NOISE`]. Each sentence is rebuilt here from the tables, verdict included, and must stand in
/// the chapter as written, so a rerun that moves a number, or turns a verdict, fails until the
/// prose follows.
#[test]
fn the_engine_chapters_verdicts_follow_from_its_tables() {
    let chapter = fs::read_to_string(docs_dir().join("engine.md")).expect("the chapter reads");
    let prose = one_line(&chapter);
    let perft = table_rows("engine-perft.txt");
    // The perft file holds three runs; each backend's rate is its fastest, as in the engine
    // tables.
    let perft_rate = |backend: &str, column: usize| -> f64 {
        let rates: Vec<f64> = perft
            .iter()
            .filter(|row| row[0] == backend && row.len() > 3)
            .map(|row| decimal(&row[column]))
            .collect();
        assert_eq!(rates.len(), 3, "engine-perft.txt: three runs of {backend}");
        rates.into_iter().fold(0.0, f64::max)
    };
    let bulk = |backend: &str| perft_rate(backend, 2);
    let full_make = |backend: &str| perft_rate(backend, 3);
    let pst = engine_rates("engine-search-pst.txt");
    let full = engine_rates("engine-search.txt");
    let eval = engine_rates("engine-eval.txt");
    let see = engine_rates("engine-see.txt");
    let factor = |x: f64| format!("{x:.1}");
    let percent = |x: f64| format!("{:.0}%", 100.0 * x);
    // The families the hypotheses were put to: the three classic array boards, and the nine
    // slider techniques on the shared bitboard board.
    let arrays = ["piece-list", "mailbox", "x88"];
    let bitboards: Vec<&'static str> = Backend::ALL
        .iter()
        .filter(|b| b.technique().is_some())
        .map(|b| b.name())
        .collect();
    assert_eq!(bitboards.len(), 9, "the slider techniques: {bitboards:?}");
    let mut missing = Vec::new();
    let mut says = |sentence: String| {
        if !prose.contains(&sentence) {
            missing.push(sentence);
        }
    };

    // Hypothesis 1: the search with the tables alone, against bulk and full-make perft.
    let pairs = ["mailbox", "x88"];
    let in_search = pairs.map(|b| pst["magic"] / pst[b]);
    let in_bulk = pairs.map(|b| bulk("magic") / bulk(b));
    let in_full_make = pairs.map(|b| full_make("magic") / full_make(b));
    let nearer_full_make =
        (0..2).all(|i| (in_search[i] - in_full_make[i]).abs() < (in_search[i] - in_bulk[i]).abs());
    // Nearer full-make perft is the direction; a factor beyond the noise from full-make perft's
    // against either board says the search does not rank like it there.
    let differs_from_full_make =
        (0..2).any(|i| compared(in_search[i], in_full_make[i]) != "the same within the noise");
    says(format!(
        "*Measured: {}.* With the tables alone magic searches {} times as fast as the mailbox \
         and {} times as fast as the 0x88 board, against {} and {} in bulk perft and {} and {} \
         in full-make perft",
        match (nearer_full_make, differs_from_full_make) {
            (true, false) => "holds",
            (true, true) => "holds in part",
            (false, _) => "does not hold",
        },
        factor(in_search[0]),
        factor(in_search[1]),
        factor(in_bulk[0]),
        factor(in_bulk[1]),
        factor(in_full_make[0]),
        factor(in_full_make[1]),
    ));

    // Hypothesis 2: what the full evaluation costs each family.
    let kept = |backend: &str| full[backend] / pst[backend];
    let arrays_lose_more = arrays.iter().all(|b| kept(b) < kept("magic"));
    let lead_with_full = full["magic"] / full["mailbox"];
    let widens = compared(lead_with_full, in_search[0]) == "larger";
    says(format!(
        "*Measured: {}.* With the full evaluation magic keeps {} of its rate with the tables \
         alone, the 0x88 board {}, the mailbox {} and the piece lists {}, and magic's lead over \
         the mailbox goes from {} to {} times",
        if arrays_lose_more && widens {
            "holds"
        } else {
            "does not hold"
        },
        percent(kept("magic")),
        percent(kept("x88")),
        percent(kept("mailbox")),
        percent(kept("piece-list")),
        factor(in_search[0]),
        factor(lead_with_full),
    ));

    // Hypothesis 4: the exchanges rank as the evaluation does, which asks the same attackers;
    // places among the twelve boards the hypotheses compare.
    let twelve = the_twelve();
    let order = |table: &std::collections::BTreeMap<String, f64>| -> Vec<String> {
        let mut by_rate: Vec<(&String, &f64)> = table
            .iter()
            .filter(|(name, _)| twelve.contains(&name.as_str()))
            .collect();
        by_rate.sort_by(|a, b| b.1.total_cmp(a.1));
        by_rate.into_iter().map(|(name, _)| name.clone()).collect()
    };
    let (see_order, eval_order) = (order(&see), order(&eval));
    let place = |order: &[String], name: &str| order.iter().position(|n| n == name).unwrap();
    let arrays_keep_places = arrays
        .iter()
        .all(|b| place(&see_order, b) == place(&eval_order, b));
    let moved = bitboards
        .iter()
        .filter(|b| place(&see_order, b).abs_diff(place(&eval_order, b)) > 1)
        .count();
    let see_bitboards: Vec<f64> = bitboards.iter().map(|b| see[*b]).collect();
    let slowest = see_bitboards.iter().copied().fold(f64::INFINITY, f64::min);
    let fastest = see_bitboards.iter().copied().fold(0.0, f64::max);
    says(format!(
        "the array boards {} the same three places in the SEE table as in the evaluation's, \
         {} of the nine bitboard backends move by more than one place, and the slowest \
         bitboard backend's SEE rate is {} of the fastest's",
        if arrays_keep_places {
            "hold"
        } else {
            "do not hold"
        },
        number_word(moved),
        percent(slowest / fastest),
    ));

    // Isenberg: set-like evaluation terms against bulk perft.
    let best = |rate: &dyn Fn(&str) -> f64, names: &[&'static str]| -> (&'static str, f64) {
        names
            .iter()
            .map(|&name| (name, rate(name)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .expect("a family is not empty")
    };
    let (eval_bitboard, eval_bitboard_rate) = best(&|b| eval[b], &bitboards);
    let (eval_array, eval_array_rate) = best(&|b| eval[b], &arrays);
    let eval_lead = eval_bitboard_rate / eval_array_rate;
    let bulk_lead = best(&bulk, &bitboards).1 / best(&bulk, &arrays).1;
    says(format!(
        "In the evaluation the fastest bitboard backend ({eval_bitboard}) runs {} times as fast \
         as the fastest array board ({eval_array}), against {} in bulk perft: a lead {}",
        factor(eval_lead),
        factor(bulk_lead),
        compared(eval_lead, bulk_lead),
    ));

    // Romstad: small tables, and the evaluation against the board.
    let small = ["hyperbola", "kindergarten", "kogge-stone"];
    let over_x88 =
        |table: &std::collections::BTreeMap<String, f64>| small.map(|b| table[b] / table["x88"]);
    let (in_eval, in_search_full) = (over_x88(&eval), over_x88(&full));
    let all_ahead = in_eval
        .iter()
        .chain(&in_search_full)
        .all(|&x| compared(x, 1.0) == "larger");
    says(format!(
        "*Measured: {}.* In the evaluation hyperbola, kindergarten and Kogge-Stone run {}, {} \
         and {} times as fast as the 0x88 board, and in the search with the full evaluation {}, \
         {} and {} times",
        if all_ahead {
            "small tables suffice"
        } else {
            "not shown"
        },
        factor(in_eval[0]),
        factor(in_eval[1]),
        factor(in_eval[2]),
        factor(in_search_full[0]),
        factor(in_search_full[1]),
        factor(in_search_full[2]),
    ));
    let (evaluation_on_magic, evaluation_on_mailbox) = (1.0 / kept("magic"), 1.0 / kept("mailbox"));
    says(format!(
        "the full evaluation costs magic a factor of {} over the tables alone and the mailbox a \
         factor of {}, while with the full evaluation the choice between the two boards is a \
         factor of {}: on magic the evaluation's cost is {}, on the mailbox {}",
        factor(evaluation_on_magic),
        factor(evaluation_on_mailbox),
        factor(lead_with_full),
        compared(evaluation_on_magic, lead_with_full),
        compared(evaluation_on_mailbox, lead_with_full),
    ));

    // Muller: the quiescence-heavy search against bulk perft, and mobility.
    let pst_share = pairs.map(|b| pst[b] / pst["magic"]);
    let bulk_share = pairs.map(|b| bulk(b) / bulk("magic"));
    let full_share = pairs.map(|b| full[b] / full["magic"]);
    let premise = (0..2).all(|i| compared(pst_share[i], bulk_share[i]) == "larger");
    says(format!(
        "*Measured: {}.* With the tables alone the mailbox searches at {} of magic's rate and \
         the 0x88 board at {}, against {} and {} in bulk perft, with {} of the nodes in \
         quiescence",
        if premise {
            "the premise holds"
        } else {
            "the premise does not hold"
        },
        percent(pst_share[0]),
        percent(pst_share[1]),
        percent(bulk_share[0]),
        percent(bulk_share[1]),
        quiescence_share("engine-search-pst.txt"),
    ));
    let (mailbox_against_bulk, x88_against_bulk) = (
        compared(full_share[0], bulk_share[0]),
        compared(full_share[1], bulk_share[1]),
    );
    says(format!(
        "With the full evaluation they fall to {} and {}, against bulk perft's {} and {}: {}",
        percent(full_share[0]),
        percent(full_share[1]),
        percent(bulk_share[0]),
        percent(bulk_share[1]),
        if mailbox_against_bulk == x88_against_bulk {
            format!("both {mailbox_against_bulk}")
        } else {
            format!("{mailbox_against_bulk} and {x88_against_bulk}")
        },
    ));
    // The reading of the tables: where the 0x88 board's lead over the mailbox grows.
    let x88_lead = |rate: &dyn Fn(&str) -> f64| rate("x88") / rate("mailbox");
    let (eval_x88, see_x88, bulk_x88) = (
        x88_lead(&|b| eval[b]),
        x88_lead(&|b| see[b]),
        x88_lead(&bulk),
    );
    assert_eq!(
        compared(eval_x88, bulk_x88),
        "larger",
        "0x88 over the mailbox"
    );
    says(format!(
        "the 0x88 board evaluates {} times as fast as the mailbox, against {} in bulk perft. \
         In the exchanges its lead, {}, is {} its lead in perft",
        factor(eval_x88),
        factor(bulk_x88),
        factor(see_x88),
        match compared(see_x88, bulk_x88) {
            "larger" => "larger than",
            "smaller" => "smaller than",
            _ => "within the noise of",
        },
    ));
    // The attack maps ask no attacker query, and there the 0x88 board's lead stays perft's.
    let attacks = engine_rates("engine-attacks.txt");
    let attacks_x88 = x88_lead(&|b| attacks[b]);
    assert_eq!(
        compared(attacks_x88, bulk_x88),
        "the same within the noise",
        "0x88 over the mailbox in the attack maps"
    );
    says(format!(
        "and so is its lead in the attack maps, which ask no attacker query: {}.",
        factor(attacks_x88)
    ));

    // Hypothesis 1's search lies below full-make perft; by how much, against each board.
    let by_more: Vec<bool> = (0..2)
        .map(|i| {
            assert!(in_search[i] < in_full_make[i], "{} in search", pairs[i]);
            compared(in_search[i], in_full_make[i]) == "smaller"
        })
        .collect();
    let how_far = |more: bool| if more { "more" } else { "less" };
    says(if by_more[0] == by_more[1] {
        format!(
            "The search lies nearer full-make perft than bulk perft, and on these runs below \
             full-make perft, by {} than the half this chapter asks before it calls two factors \
             different",
            how_far(by_more[0])
        )
    } else {
        format!(
            "The search lies nearer full-make perft than bulk perft, and on these runs below \
             full-make perft, by {} than the half this chapter asks before it calls two factors \
             different against the mailbox and by {} against the 0x88 board",
            how_far(by_more[0]),
            how_far(by_more[1])
        )
    });

    // Hypothesis 4 within the bitboards: the techniques that move by more than one place from
    // the evaluation's table to the SEE table. The chapter's reading of it rests on the two
    // that fall being rotated and bit lines, whose exchange keeps a copy of their line state.
    let prose_name = |b: &str| b.replace('-', " ");
    let and_list = |names: &[&str]| -> String {
        and_list(&names.iter().map(|b| prose_name(b)).collect::<Vec<_>>())
    };
    let movers: Vec<&str> = bitboards
        .iter()
        .copied()
        .filter(|b| place(&see_order, b).abs_diff(place(&eval_order, b)) > 1)
        .collect();
    let (mut fallen, mut risen): (Vec<&str>, Vec<&str>) = movers
        .iter()
        .partition(|b| place(&see_order, b) > place(&eval_order, b));
    fallen.sort_unstable_by(|a, b| b.cmp(a));
    risen.sort_unstable();
    assert_eq!(
        fallen,
        ["rotated", "bit-lines"],
        "the bitboard backends that fall from the evaluation to the SEE"
    );
    let mut beyond_noise = Vec::new();
    for loser in &fallen {
        for winner in &risen {
            let in_eval = eval[*loser] / eval[*winner];
            let in_see = see[*loser] / see[*winner];
            if compared(in_eval, in_see) == "larger" {
                beyond_noise.push(format!("{} to {}", prose_name(loser), prose_name(winner)));
            }
        }
    }
    assert!(
        !beyond_noise.is_empty(),
        "at least one fall passes the noise"
    );
    says(format!(
        "the {} that move are {}, down, and {}, up; from the evaluation's table to the SEE \
         table {} of the {} pairings of one that falls with one that rises change by more than \
         the noise ({})",
        number_word(movers.len()),
        and_list(&fallen),
        and_list(&risen),
        number_word(beyond_noise.len()),
        number_word(fallen.len() * risen.len()),
        beyond_noise.join(", "),
    ));

    // Hypothesis 5: which of the big-table techniques pull ahead of which small-table ones in
    // the evaluation by more than the noise.
    let big = ["magic", "pext", "black-magic"];
    let small = [
        "kindergarten",
        "hyperbola",
        "obstruction",
        "bit-lines",
        "rotated",
    ];
    let ahead_of = |s: &str| {
        big.iter()
            .filter(|b| compared(eval[**b], eval[s]) == "larger")
            .count()
    };
    let by_all: Vec<&str> = small.iter().copied().filter(|s| ahead_of(s) == 3).collect();
    let by_some: Vec<&str> = small
        .iter()
        .copied()
        .filter(|s| (1..3).contains(&ahead_of(s)))
        .collect();
    let by_none: Vec<&str> = small.iter().copied().filter(|s| ahead_of(s) == 0).collect();
    let mut parts = Vec::new();
    if !by_all.is_empty() {
        parts.push(format!("all three run ahead of {}", and_list(&by_all)));
    }
    if !by_some.is_empty() {
        parts.push(format!("some of them ahead of {}", and_list(&by_some)));
    }
    if !by_none.is_empty() {
        parts.push(format!("none of them ahead of {}", and_list(&by_none)));
    }
    says(format!(
        "by more than the noise in the evaluation, of the big-table techniques (magic, PEXT and \
         black magic) {}",
        parts.join(", ")
    ));

    // Hypothesis 5: where Kogge-Stone, the one lookup with no table, is the slowest technique.
    let slowest_of = |rate: &dyn Fn(&str) -> f64| {
        bitboards
            .iter()
            .copied()
            .min_by(|a, b| rate(a).total_cmp(&rate(b)))
            .expect("nine techniques")
    };
    assert_eq!(slowest_of(&bulk), "kogge-stone", "bulk perft");
    let workloads: [(&str, &std::collections::BTreeMap<String, f64>); 4] = [
        ("the search", &full),
        ("the evaluation", &eval),
        ("the exchanges", &see),
        ("the attack maps", &attacks),
    ];
    let slowest_in: Vec<&str> = workloads
        .iter()
        .filter(|(_, table)| slowest_of(&|b| table[b]) == "kogge-stone")
        .map(|(name, _)| *name)
        .collect();
    let pst_rates: Vec<f64> = bitboards.iter().map(|b| pst[*b]).collect();
    let pst_spread = pst_rates.iter().copied().fold(0.0, f64::max)
        / pst_rates.iter().copied().fold(f64::INFINITY, f64::min);
    let pst_place = bitboards
        .iter()
        .filter(|b| pst[**b] < pst["kogge-stone"])
        .count()
        + 1;
    let in_list = if slowest_in.is_empty() {
        "none of the workloads".to_string()
    } else {
        and_list(&slowest_in)
    };
    says(format!(
        "Kogge-Stone, the one lookup with no table, is the slowest of the nine slider \
         techniques in bulk perft and in {in_list}; in the search with the tables alone, where the nine lie within \
         a factor of {:.1} of each other, it is {} from the slowest",
        pst_spread,
        [
            "", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth"
        ][pst_place],
    ));

    // Without Kogge-Stone, the bitboard family's spread in the evaluation and in bulk perft.
    let lookups: Vec<&str> = bitboards
        .iter()
        .copied()
        .filter(|&b| b != "kogge-stone")
        .collect();
    let spread = |rate: &dyn Fn(&str) -> f64| {
        let rates: Vec<f64> = lookups.iter().map(|&b| rate(b)).collect();
        rates.iter().copied().fold(0.0, f64::max)
            / rates.iter().copied().fold(f64::INFINITY, f64::min)
    };
    let (eval_spread, bulk_spread) = (spread(&|b| eval[b]), spread(&bulk));
    assert_ne!(
        compared(eval_spread, bulk_spread),
        "smaller",
        "the lookups' spread in the evaluation against bulk perft"
    );
    says(format!(
        "leaving Kogge-Stone out, the fastest bitboard backend evaluates {} times as fast as the \
         slowest, against {} in bulk perft",
        factor(eval_spread),
        factor(bulk_spread)
    ));
    assert!(
        missing.is_empty(),
        "engine.md should say, as its tables give:\n{}",
        missing.join("\n")
    );
}

/// The quiescence column of a generated search table, the same for every backend.
fn quiescence_share(name: &str) -> String {
    let shares: BTreeSet<String> = table_rows(name)
        .into_iter()
        .filter(|row| row.len() > 4 && row[4].ends_with('%'))
        .map(|row| row[4].clone())
        .collect();
    assert_eq!(
        shares.len(),
        1,
        "{name}: every backend searches the same tree"
    );
    shares.into_iter().next().unwrap()
}

/// A count as the chapter writes it: a word up to twenty, digits after.
fn number_word(n: usize) -> String {
    NUMBER_WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// The survey chapter sets each of the survey's claims beside a measurement from
/// `docs/src/measured/survey-*.txt` (`sh docs/measure.sh survey`) and gives a verdict. This reads
/// the three files, draws each verdict and figure again from them by the rule the chapter
/// states, and checks that the chapter says it, so that a remeasurement that changes a verdict
/// cannot leave the old one standing.
#[test]
fn the_survey_chapters_verdicts_follow_from_its_measurements() {
    use std::collections::BTreeMap;
    let chapter = fs::read_to_string(docs_dir().join("survey.md")).expect("the chapter reads");
    let prose = one_line(&chapter);
    let verdict = |holds: bool| if holds { "holds" } else { "does not hold" };

    // The knight on g1's jumps, as the generated `explain` figure the chapter includes shows
    // them: the edge tests that fail, on the file and on the rank.
    let knight = fs::read_to_string(docs_dir().join("generated/survey-8x8-explain-knight.txt"))
        .expect("the generated knight figure");
    let failing = |edge: &str| {
        knight
            .lines()
            .filter(|line| line.ends_with(&format!("{edge} off the board, stop")))
            .count()
    };
    let (on_file, on_rank) = (failing("file"), failing("rank"));
    assert!(on_file + on_rank > 0, "{knight}");
    if !prose.contains(&format!(
        "The knight on g1 tests each of its eight jumps; {} fail, {} on the file and {} on the \
         rank:",
        number_word(on_file + on_rank),
        number_word(on_file),
        number_word(on_rank)
    )) {
        panic!("survey.md's count of the g1 knight's failing jumps is not the figure's: {on_file} on the file, {on_rank} on the rank");
    }

    // The 8x8 board's counted edge tests: position, moves and edge tests.
    let edges: Vec<(String, f64, f64)> = table_rows("survey-edge-tests.txt")
        .into_iter()
        .filter(|row| row.len() == 6 && row[1].parse::<u32>().is_ok())
        .map(|row| (row[0].clone(), decimal(&row[3]), decimal(&row[4])))
        .collect();
    assert_eq!(edges.len(), 3, "survey-edge-tests.txt: three positions");
    let per_move: Vec<f64> = edges
        .iter()
        .map(|(_, moves, tests)| tests / moves)
        .collect();
    let all_tests: f64 = edges.iter().map(|(_, _, tests)| tests).sum();

    // The counted table: perft, reads and attack tests, each with its instructions.
    let rows = table_rows("survey-instructions.txt");
    let mut counted: BTreeMap<String, [f64; 3]> = BTreeMap::new();
    let mut bytes: BTreeMap<String, f64> = BTreeMap::new();
    let mut harness: BTreeMap<String, f64> = BTreeMap::new();
    for row in &rows {
        match row.len() {
            7 if row[1].parse::<u64>().is_ok() => {
                counted.insert(
                    row[0].clone(),
                    [decimal(&row[1]), decimal(&row[4]), decimal(&row[5])],
                );
            }
            4 if row[1].parse::<u64>().is_ok() => {
                bytes.insert(row[0].clone(), decimal(&row[1]));
            }
            3 if row[1].parse::<u64>().is_ok() => {
                harness.insert(row[0].clone(), decimal(&row[1]));
            }
            _ => {}
        }
    }
    assert_eq!(
        counted.len(),
        7,
        "survey-instructions.txt: seven boards counted"
    );
    assert_eq!(
        bytes.len(),
        7,
        "survey-instructions.txt: seven boards' sizes"
    );
    assert_eq!(
        harness.len(),
        4,
        "survey-instructions.txt: four backends on the harness"
    );
    let perft = |board: &str| counted[board][0];
    // Instructions a read (the reads are the same on every board).
    let read = |board: &str| counted[board][1];
    let attack = |board: &str| counted[board][2];

    // The timed table: the boards in turn, and `boardlab compare` over every backend.
    let times = table_rows("survey-times.txt");
    let mnps: BTreeMap<String, f64> = times
        .iter()
        .filter(|row| row.len() == 4 && row[1].parse::<u64>().is_ok())
        .map(|row| (row[0].clone(), decimal(&row[3])))
        .collect();
    assert_eq!(
        mnps.len(),
        7,
        "survey-times.txt: seven boards timed in turn"
    );
    let compare: BTreeMap<String, (f64, f64)> = times
        .iter()
        .filter(|row| row.len() > 8 && row[1].parse::<u64>().is_ok())
        .map(|row| (row[0].clone(), (decimal(&row[2]), decimal(&row[4]))))
        .collect();
    let speed = |a: &str, b: &str| mnps[a] / mnps[b];

    let mut missing = Vec::new();
    let mut says = |sentence: String| {
        if !prose.contains(&sentence) {
            missing.push(sentence);
        }
    };

    // The survey's count: some 20 to 30 edge tests a move.
    says(format!(
        "*Measured: {}.* The 8x8 board makes {:.2} edge tests a generated move from the start \
         position, {:.2} in Kiwipete and {:.2} in position 3",
        verdict(per_move.iter().all(|n| (20.0..=30.0).contains(n))),
        per_move[0],
        per_move[1],
        per_move[2],
    ));
    // What they cost: "considerably" read as at least 15% slower than both framed boards.
    let slower = speed("8x8", "12x12").max(speed("8x8", "10x12-array"));
    says(format!(
        "*Measured: {}.* Bulk perft on the 8x8 board takes {:.2} times the 12x12 board's \
         instructions, {:.1} more for each edge test, and runs at {:.2} of the 12x12 board's \
         speed and {:.2} of the 10x12 board's",
        verdict(slower < 0.85),
        perft("8x8") / perft("12x12"),
        (perft("8x8") - perft("12x12")) / all_tests,
        speed("8x8", "12x12"),
        speed("8x8", "10x12-array"),
    ));

    // 12x12 against 10x12: fewer bytes, the same work within 2%, and no slower beyond the
    // spread of the times on this machine, a tenth.
    let instructions = perft("10x12-array") / perft("12x12");
    let same_speed = speed("10x12-array", "12x12") > 0.9;
    says(format!(
        "*Measured: {}.* The 10x12 board is {} bytes smaller than the 12x12, its tables {} \
         bytes smaller; it takes {:.3} of the 12x12 board's instructions and runs at {:.2} of \
         its speed",
        verdict(
            bytes["10x12-array"] < bytes["12x12"]
                && (instructions - 1.0).abs() < 0.02
                && same_speed
        ),
        bytes["12x12"] - bytes["10x12-array"],
        {
            let tables: BTreeMap<String, f64> = rows
                .iter()
                .filter(|row| row.len() == 4 && row[1].parse::<u64>().is_ok())
                .map(|row| (row[0].clone(), decimal(&row[3])))
                .collect();
            tables["12x12"] - tables["10x12-array"]
        },
        instructions,
        speed("10x12-array", "12x12"),
    ));

    // 16x16 against 12x12: what the shifts and the difference table buy, by the counts (the
    // times spread by a tenth), and the size.
    let buys_in_perft = perft("16x16") < perft("12x12");
    let buys_alone = attack("16x16") < attack("12x12") && read("16x16") < read("12x12");
    says(format!(
        "*Measured: {}.* Against the 12x12 board, bulk perft on the 16x16 board takes {:.2} of \
         the instructions and runs at {:.2} of the speed, {}; its attack test alone takes {:.2} \
         of the instructions and its square read {:.2}; the board is {:.1} times the size",
        if buys_in_perft && buys_alone {
            "holds"
        } else if buys_in_perft {
            "holds only in perft's instruction count"
        } else {
            "does not hold"
        },
        perft("16x16") / perft("12x12"),
        speed("16x16", "12x12"),
        if (speed("16x16", "12x12") - 1.0).abs() < 0.1 {
            "the same within the spread of the times"
        } else if speed("16x16", "12x12") > 1.0 {
            "faster beyond the spread of the times"
        } else {
            "slower beyond the spread of the times"
        },
        attack("16x16") / attack("12x12"),
        read("16x16") / read("12x12"),
        bytes["16x16"] / bytes["12x12"],
    ));

    // The nibble board's read: "considerably more effort" read as 15% more than the 8x8's.
    says(format!(
        "*Measured: {}.* A read of a square through `piece_at` takes {:.2} instructions on the \
         nibble board, {:.2} on the 8x8 board and {:.2} on the 12x12",
        verdict(read("nibble") > 1.15 * read("8x8")),
        read("nibble"),
        read("8x8"),
        read("12x12"),
    ));
    // Its move generation against the array boards'.
    let survey_arrays = ["8x8", "12x12", "16x16"];
    let lists = ["mailbox", "x88"];
    let beats_arrays = survey_arrays.iter().all(|b| mnps["nibble"] >= mnps[*b]);
    let beats_lists = lists.iter().all(|b| mnps["nibble"] >= mnps[*b]);
    says(format!(
        "*Measured: {}.* The nibble board runs bulk perft at {:.2} times the speed of the 8x8 \
         board, {:.2} of the 12x12 and {:.2} of the 16x16, and at {:.2} of the mailbox's and \
         {:.2} of the 0x88 board's, in {:.2} times the 12x12 board's instructions",
        match (beats_arrays, beats_lists) {
            (true, true) => "holds",
            (true, false) => "holds only against the survey's arrays",
            _ => "does not hold",
        },
        speed("nibble", "8x8"),
        speed("nibble", "12x12"),
        speed("nibble", "16x16"),
        speed("nibble", "mailbox"),
        speed("nibble", "x88"),
        perft("nibble") / perft("12x12"),
    ));

    // More than one representation: the frame with and without piece lists, bitboards with and
    // without the square array, and the mailbox trials' attack sets.
    let lists_pay =
        mnps["mailbox"] > mnps["10x12-array"] && perft("mailbox") < perft("10x12-array");
    let array_pays = harness["pext"] < harness["quad"];
    says(format!(
        "*Measured: {}.* The mailbox, the 10x12 frame with piece lists, runs bulk perft at {:.2} \
         times the speed of the 10x12 board without them in {:.2} of its instructions, on a \
         board {:.1} times the size; the PEXT board, bitboards with a square array, takes {:.2} \
         of the quad board's instructions and runs at {:.2} times its speed in `compare`; the \
         attack-map board's attacker sets take {:.2} times the mailbox's instructions",
        if lists_pay && array_pays {
            "holds"
        } else {
            "does not hold"
        },
        speed("mailbox", "10x12-array"),
        perft("mailbox") / perft("10x12-array"),
        bytes["mailbox"] / bytes["10x12-array"],
        harness["pext"] / harness["quad"],
        compare["pext"].0 / compare["quad"].0,
        harness["attack-maps"] / harness["mailbox"],
    ));

    assert!(
        missing.is_empty(),
        "survey.md should say, as its measurements give:\n{}",
        missing.join("\n")
    );
}

/// The quad chapter's figures are sentences with numbers in them, read from the one file its
/// measurement writes (`sh docs/measure.sh quad`): the ratio bench's speeds against cozy-chess
/// (each backend's median of three runs) and shakmaty, and the harness's instructions a leaf. Each verdict (above or below the aim,
/// more or less than the PEXT board) is the one those numbers give.
#[test]
fn the_quad_chapters_figures_follow_from_its_measurements() {
    use std::collections::BTreeMap;
    let chapter = fs::read_to_string(docs_dir().join("quad.md")).expect("the chapter reads");
    let prose = one_line(&chapter);
    let rows = table_rows("quad.txt");
    // The ratio bench's rows, from three runs: "quad 1.854" in each, and (in the first)
    // "quad full-make vs shakmaty full-make: 1.320".
    let mut bulk: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    let mut full_make: BTreeMap<String, f64> = BTreeMap::new();
    // The harness's rows: backend, mode, instructions, instructions a leaf.
    let mut leaf: BTreeMap<(String, String), f64> = BTreeMap::new();
    for row in &rows {
        match row.len() {
            2 if row[1].parse::<f64>().is_ok() => {
                bulk.entry(row[0].clone())
                    .or_default()
                    .push(decimal(&row[1]));
            }
            6 if row[1] == "full-make" && row[2] == "vs" => {
                full_make.insert(row[0].clone(), decimal(&row[5]));
            }
            4 if row[2].parse::<u64>().is_ok() => {
                leaf.insert((row[0].clone(), row[1].clone()), decimal(&row[3]));
            }
            _ => {}
        }
    }
    // Each backend's median of the three runs.
    let bulk_of = |b: &str| {
        let mut runs = bulk
            .get(b)
            .unwrap_or_else(|| panic!("quad.txt: no {b} ratio"))
            .clone();
        assert_eq!(runs.len(), 3, "quad.txt: three runs of {b}");
        runs.sort_by(f64::total_cmp);
        runs[1]
    };
    let full_of = |b: &str| {
        *full_make
            .get(b)
            .unwrap_or_else(|| panic!("quad.txt: no {b} full-make ratio"))
    };
    let leaf_of = |b: &str, mode: &str| {
        *leaf
            .get(&(b.to_string(), mode.to_string()))
            .unwrap_or_else(|| panic!("quad.txt: no {b} {mode} count"))
    };
    let mut missing = Vec::new();
    let mut says = |sentence: String| {
        if !prose.contains(&sentence) {
            missing.push(sentence);
        }
    };
    let quad = bulk_of("quad");
    // Against the aim, by the three runs: above or below only when all three are.
    let quad_runs = &bulk["quad"];
    let (lowest, highest) = (
        quad_runs.iter().copied().fold(f64::INFINITY, f64::min),
        quad_runs.iter().copied().fold(0.0, f64::max),
    );
    says(format!(
        "bulk perft on the quad board ran {quad:.2} times as fast as cozy-chess's, {}",
        if lowest >= 1.65 {
            "above the aim of 1.65 in all three runs".to_string()
        } else if highest < 1.65 {
            "below the aim of 1.65 in all three runs".to_string()
        } else {
            format!(
                "at the aim of 1.65 within the three runs' spread ({lowest:.2} to {highest:.2})"
            )
        }
    ));
    says(format!(
        "the PEXT board {:.2}, black magic {:.2} and magic {:.2}",
        bulk_of("pext"),
        bulk_of("black-magic"),
        bulk_of("magic")
    ));
    says(format!(
        "2.5 times cozy-chess's speed is {:.2} times the quad board's",
        2.5 / quad
    ));
    // Quad against the PEXT board: time and instructions.
    let slower = bulk_of("pext") / quad - 1.0;
    let more = leaf_of("quad", "bulk") / leaf_of("pext", "bulk") - 1.0;
    says(format!(
        "the quad board took {:.0}% {} time than the PEXT board and ran {:.0}% {} instructions \
         ({:.1} a leaf against {:.1})",
        100.0 * slower.abs(),
        if slower >= 0.0 { "more" } else { "less" },
        100.0 * more.abs(),
        if more >= 0.0 { "more" } else { "fewer" },
        leaf_of("quad", "bulk"),
        leaf_of("pext", "bulk"),
    ));
    let shakmaty = full_of("quad");
    says(format!(
        "full-make perft on the quad board ran {shakmaty:.2} times as fast as shakmaty's ({} \
         than shakmaty, which plays every move on a copy of its position)",
        if shakmaty >= 1.0 { "faster" } else { "slower" }
    ));
    // The two 32-byte boards.
    says(format!(
        "| bulk perft against cozy-chess | {:.2} | {:.2} |",
        quad,
        bulk_of("nibble")
    ));
    for (what, mode) in [
        ("bulk perft", "bulk"),
        ("full-make perft", "full-make"),
        ("copy-make perft", "copy-make"),
    ] {
        says(format!(
            "| {what}, instructions a leaf | {:.1} | {:.1} |",
            leaf_of("quad", mode),
            leaf_of("nibble", mode)
        ));
    }
    assert!(
        missing.is_empty(),
        "quad.md should say, as docs/src/measured/quad.txt gives:\n{}",
        missing.join("\n")
    );
}
