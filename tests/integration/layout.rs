//! The shape of the workspace that its readers rely on: the harness stays in files short
//! enough to read at a sitting, and the move-generation vocabulary stays one trait in core.

use std::fs;
use std::path::{Path, PathBuf};

/// The longest a source file of boardlab-harness may grow before it is split by what it does.
const MAX_HARNESS_LINES: usize = 500;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).unwrap_or_else(|err| panic!("{}: {err}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

#[test]
fn no_harness_source_file_is_over_the_limit() {
    let files = rust_files(&root().join("crates/harness/src"));
    assert!(files.len() > 30, "only {} harness files found", files.len());
    let long: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let lines = fs::read_to_string(path)
                .expect("a source file reads")
                .lines()
                .count();
            (lines > MAX_HARNESS_LINES).then(|| format!("{}: {lines} lines", path.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "over {MAX_HARNESS_LINES} lines: {}",
        long.join(", ")
    );
}

#[test]
fn the_crates_define_one_move_sink_trait() {
    let mut sinks = Vec::new();
    let mut files = 0;
    for path in rust_files(&root().join("crates")) {
        files += 1;
        let text = fs::read_to_string(&path).expect("a source file reads");
        for line in text.lines() {
            let declared = line
                .trim_start()
                .trim_start_matches("pub ")
                .trim_start_matches("pub(crate) ");
            if let Some(rest) = declared.strip_prefix("trait ") {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if name.ends_with("Sink") {
                    sinks.push(format!("{name} in {}", path.display()));
                }
            }
        }
    }
    assert!(files > 100, "only {files} source files found under crates/");
    assert_eq!(sinks.len(), 1, "move sink traits: {sinks:?}");
    assert!(sinks[0].starts_with("MoveSink in "), "{sinks:?}");
}

/// The module names `tests/integration/main.rs` declares with a plain `mod NAME;`.
fn declared_modules(main: &str) -> Vec<String> {
    main.lines()
        .filter_map(|line| line.strip_prefix("mod ")?.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_integration_test_file_is_a_module_of_the_test_binary() {
    let dir = root().join("tests/integration");
    let main = fs::read_to_string(dir.join("main.rs")).expect("main.rs reads");
    let declared = declared_modules(&main);
    // A file left out of main.rs compiles into nothing: its tests would never run.
    let files: Vec<String> = fs::read_dir(&dir)
        .expect("tests/integration reads")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .filter(|stem| stem != "main")
        .collect();
    assert!(files.len() > 30, "only {} test files found", files.len());
    let missing: Vec<&String> = files.iter().filter(|f| !declared.contains(f)).collect();
    assert!(missing.is_empty(), "not declared in main.rs: {missing:?}");
    // And the check itself reads the declarations: a file that is not there is not declared.
    assert!(!declared_modules("mod a;\n// mod b;\n").contains(&"b".to_string()));
}
