//! The fuzzers' findings replayed on stable: every file of `fuzz/seeds/<target>/` (the
//! hand-written starting inputs), `fuzz/corpus/<target>/` (the minimised corpus) and
//! `fuzz/regressions/<target>/` (inputs that once failed, kept after their fix) goes through
//! the same check the fuzz target runs, from `fuzz/src/lib.rs`.
//!
//! Fuzzing itself needs nightly and cargo-fuzz (`sh docs/fuzz.sh`); this test needs neither.
//! One target's files alone: `FUZZ_TARGET=uci cargo test --test integration fuzz_regressions`.

#[path = "../../fuzz/src/lib.rs"]
mod checks;

use std::path::Path;

/// The files of one target's folder under `fuzz/`, sorted; none when it does not exist.
fn inputs(folder: &str, target: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(folder)
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|entry| entry.path())
                .filter(|path| path.is_file())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn every_corpus_and_regression_input_passes_its_check() {
    let only = std::env::var("FUZZ_TARGET").ok();
    let mut replayed = Vec::new();
    for (target, check) in checks::TARGETS {
        if only.as_deref().is_some_and(|name| name != target) {
            continue;
        }
        let seeds = inputs("seeds", target);
        let corpus = inputs("corpus", target);
        let regressions = inputs("regressions", target);
        for path in seeds.iter().chain(&corpus).chain(&regressions) {
            let data =
                std::fs::read(path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
            // A failing check panics; the file's name says which input it was.
            let outcome = std::panic::catch_unwind(|| check(&data));
            assert!(outcome.is_ok(), "{} fails its check", path.display());
        }
        replayed.push(format!(
            "{target} {}+{}+{}",
            seeds.len(),
            corpus.len(),
            regressions.len()
        ));
        // Every target keeps a corpus: a folder gone missing would pass in silence.
        assert!(
            !corpus.is_empty(),
            "fuzz/corpus/{target} is empty or missing"
        );
    }
    // A misspelt FUZZ_TARGET would otherwise replay nothing and pass.
    assert!(
        !replayed.is_empty(),
        "no fuzz target is named {:?}",
        only.unwrap_or_default()
    );
    println!(
        "replayed (seeds+corpus+regressions): {}",
        replayed.join(", ")
    );
}
