//! The chapter "Slider attacks compared" shows each technique's `explain` output from files
//! under `docs/src/sliders/`. These tests run the lookups again and fail when a committed file
//! differs from what the code prints now. After a change that alters a figure on purpose,
//! rewrite them with
//!
//! ```sh
//! BOARDLAB_UPDATE_DOCS=1 cargo test -p boardlab-sliders --test book_figures
//! ```
//!
//! Under CI (`CI` set to anything but empty, `false` or `0`) the variable makes the test fail
//! instead: CI checks the committed files.

use boardlab_core::{Bitboard, Square};
use boardlab_sliders::{
    bit_lines, black_magic, hyperbola, kindergarten, kogge_stone, obstruction, pext, Slider,
    BOOK_BLOCKERS,
};
use boardlab_views::Lookup;
use std::path::PathBuf;

/// A technique's lookup, step by step.
type Narration = fn(Slider, Square, Bitboard) -> Lookup;

/// (file, technique, its lookup, slider) of every figure; the slider stands on d4.
const FIGURES: [(&str, &str, Narration, Slider); 7] = [
    (
        "bit-lines-bishop.txt",
        bit_lines::NAME,
        bit_lines::step_by_step,
        Slider::Bishop,
    ),
    (
        "kindergarten-rook.txt",
        kindergarten::NAME,
        kindergarten::step_by_step,
        Slider::Rook,
    ),
    (
        "hyperbola-bishop.txt",
        hyperbola::NAME,
        hyperbola::step_by_step,
        Slider::Bishop,
    ),
    (
        "obstruction-rook.txt",
        obstruction::NAME,
        obstruction::step_by_step,
        Slider::Rook,
    ),
    (
        "kogge-stone-bishop.txt",
        kogge_stone::NAME,
        kogge_stone::step_by_step,
        Slider::Bishop,
    ),
    (
        "black-magic-rook.txt",
        black_magic::NAME,
        black_magic::step_by_step,
        Slider::Rook,
    ),
    (
        "pext-bishop.txt",
        pext::NAME,
        pext::step_by_step,
        Slider::Bishop,
    ),
];

fn figures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/src/sliders")
}

#[test]
fn committed_figures_match_the_code() {
    // Under CI a request to rewrite fails here, before any file is touched.
    let update = boardlab_testkit::ci::rewrite_snapshots("BOARDLAB_UPDATE_DOCS");
    let occupied = BOOK_BLOCKERS
        .into_iter()
        .fold(Bitboard::from_square(Square::D4), Bitboard::with);
    let blockers: Vec<String> = BOOK_BLOCKERS.iter().map(Square::to_string).collect();
    let mut checked = 0;
    let mut problems = Vec::new();
    for (file, technique, narration, slider) in FIGURES {
        let command = format!(
            "$ cargo run -p boardlab-sliders --example explain -- {technique} {} d4 {}\n",
            slider.name(),
            blockers.join(" ")
        );
        let text = narration(slider, Square::D4, occupied).to_text();
        let fresh = format!("{command}{text}");
        let path = figures_dir().join(file);
        if update {
            std::fs::create_dir_all(figures_dir()).expect("create docs/src/sliders");
            std::fs::write(&path, &fresh).expect("write a figure");
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(fresh.as_str()) {
            problems.push(file);
        }
        checked += 1;
    }
    assert_eq!(checked, FIGURES.len());
    assert!(
        problems.is_empty(),
        "figures differ from the code: {problems:?} (rewrite with BOARDLAB_UPDATE_DOCS=1)"
    );
}
