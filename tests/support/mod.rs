//! What the integration tests share: finding the outside tools they talk to.
//!
//! A test that needs a tool skips (with a note) when it is missing, unless `CI` is `true`: on CI
//! `.ci/run` installs every tool, so a missing one is a failure there, never a silent pass.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// Whether the tests run on CI, where every tool must be present.
pub fn on_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| value == "true")
}

/// `true` when the tool is there. When it is not: a note and `false`, or, on CI, a panic.
pub fn require(tool: &str, found: bool) -> bool {
    if !found {
        assert!(
            !on_ci(),
            "{tool} is missing, and CI=true requires it (.ci/run installs it)"
        );
        println!("note: {tool} is missing, so this test is skipped (CI=true would fail it)");
    }
    found
}

/// The first executable of that name on PATH, or in the extra directories.
pub fn find_program(name: &str, extra: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(extra.iter().map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// Whether python3 is there (the fake UCI engine needs nothing more).
pub fn python() -> bool {
    require("python3", find_program("python3", &[]).is_some())
}

/// Whether python3 with python-chess is there.
pub fn python_chess() -> bool {
    let found = Command::new("python3")
        .args(["-c", "import chess"])
        .output()
        .is_ok_and(|output| output.status.success());
    require("python-chess (pip install chess)", found)
}

/// Stockfish, on PATH or in Debian's /usr/games.
pub fn stockfish() -> Option<PathBuf> {
    let found = find_program("stockfish", &["/usr/games"]);
    require("stockfish", found.is_some());
    found
}

/// A file under `tests/support/`.
pub fn support_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/support")
        .join(name)
}
