use boardlab_harness::diff::program::ProgramOptions;
use boardlab_harness::diff::uci_engine::*;
use boardlab_harness::Position;
use std::path::Path;

#[test]
fn a_missing_engine_is_an_error_not_a_panic() {
    let err = UciEngine::start(
        "engine",
        Path::new("/nonexistent/engine"),
        &Position::new(boardlab_core::Setup::start(), false),
        ProgramOptions::default(),
    )
    .err()
    .expect("no such engine");
    assert!(
        err.to_string().starts_with("engine: cannot be started"),
        "{err}"
    );
}
