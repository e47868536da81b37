//! The binary on a processor older than its build assumes, run under qemu-user's model of one:
//! the x86-64-v3 build refuses in one line before any of its own code runs (src/cpu_check.c),
//! and a baseline x86-64 build runs, refusing only the `pext` backend, whose instruction that
//! processor lacks.
//!
//! QEMU's `Nehalem` model (Intel, 2008) has every feature of x86-64-v2 and none that v3 adds:
//! no AVX, AVX2, BMI1, BMI2, F16C, FMA, LZCNT, MOVBE or XSAVE. Its `Haswell` model (2013) is
//! the first Intel processor with all of v3. qemu-user runs one program under such a model and
//! raises SIGILL on any instruction the model lacks, as the processor would.

// The check and the emulated processors are x86-64 matters, and qemu-user runs Linux programs.
#![cfg(all(target_arch = "x86_64", target_os = "linux"))]

use crate::support;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use support::{find_program, require, OutputWithin, RUN_PATIENCE};

const BOARDLAB: &str = env!("CARGO_BIN_EXE_boardlab");

/// QEMU's model of a processor with x86-64-v2 and nothing of v3.
const OLD_CPU: &str = "Nehalem";

/// The features this build assumes that Nehalem lacks, by the names the refusal prints. The
/// integration tests are compiled with the binary's flags, so `cfg!` answers for the binary.
fn assumed_beyond_nehalem() -> Vec<&'static str> {
    [
        ("AVX", cfg!(target_feature = "avx")),
        ("AVX2", cfg!(target_feature = "avx2")),
        ("BMI1", cfg!(target_feature = "bmi1")),
        ("BMI2", cfg!(target_feature = "bmi2")),
        ("F16C", cfg!(target_feature = "f16c")),
        ("FMA", cfg!(target_feature = "fma")),
        ("LZCNT", cfg!(target_feature = "lzcnt")),
        ("MOVBE", cfg!(target_feature = "movbe")),
        ("XSAVE", cfg!(target_feature = "xsave")),
        ("AVX512F", cfg!(target_feature = "avx512f")),
        ("AVX512BW", cfg!(target_feature = "avx512bw")),
        ("AVX512CD", cfg!(target_feature = "avx512cd")),
        ("AVX512DQ", cfg!(target_feature = "avx512dq")),
        ("AVX512VL", cfg!(target_feature = "avx512vl")),
    ]
    .into_iter()
    .filter_map(|(name, assumed)| assumed.then_some(name))
    .collect()
}

/// qemu-user's x86-64 emulator, when installed (required under CI).
fn qemu() -> Option<PathBuf> {
    let found = find_program("qemu-x86_64", &[]);
    require(
        "qemu-user (qemu-x86_64)",
        "apt-get install qemu-user",
        found.is_some(),
    )
    .then(|| found.unwrap_or_default())
}

/// How long the baseline build of the workspace may take: minutes on a loaded machine.
const BUILD_PATIENCE: std::time::Duration = std::time::Duration::from_secs(40 * 60);

/// `boardlab ARGS` run by qemu-user as on the processor `cpu`.
fn emulated(qemu: &Path, cpu: &str, boardlab: &Path, args: &[&str]) -> Output {
    Command::new(qemu)
        .args(["-cpu", cpu])
        .arg(boardlab)
        .args(args)
        .output_within(RUN_PATIENCE)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The leaf count of each line `perft --json` printed, by backend.
fn nodes_by_backend(output: &Output) -> Vec<(String, u64)> {
    text(&output.stdout)
        .lines()
        .map(|line| {
            let json: Value = serde_json::from_str(line).expect("perft --json prints JSON lines");
            let backend = json["backend"]
                .as_str()
                .expect("a backend name")
                .to_string();
            (backend, json["nodes"].as_u64().expect("a node count"))
        })
        .collect()
}

/// A boardlab built for baseline x86-64: this test's own binary when its build assumes nothing
/// beyond Nehalem (CI's second pass, `.ci/run`'s baseline step, builds the whole suite so).
/// A build that assumes more builds one into the target directory's `baseline/` (so that the
/// normal build is never disturbed), once per run of this file, but only when
/// `BOARDLAB_BUILD_BASELINE=1` asks for it: a second build of the binary would double the cold
/// time of `cargo test --workspace`, and the baseline pass runs these tests anyway. `None`
/// (with a note) otherwise.
fn baseline_boardlab() -> Option<&'static Path> {
    let set = |var: &str| std::env::var_os(var).is_some_and(|value| value == "1");
    if !assumed_beyond_nehalem().is_empty() && !set("BOARDLAB_BUILD_BASELINE") {
        // Under CI these tests may wait for the baseline pass only when the run says that
        // one follows (.ci/run sets the variable on its v3 pass): without it they fail, so
        // that dropping the baseline pass cannot leave them passing unrun.
        assert!(
            !boardlab_testkit::ci::under_ci() || set("BOARDLAB_BASELINE_PASS_FOLLOWS"),
            "the baseline binary's tests need the baseline pass (BOARDLAB_BASELINE_PASS_FOLLOWS=1 \
             says one follows) or BOARDLAB_BUILD_BASELINE=1"
        );
        eprintln!(
            "note: the baseline binary's tests run in the baseline build's pass (.ci/run), or \
             here with BOARDLAB_BUILD_BASELINE=1"
        );
        return None;
    }
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    Some(BUILT.get_or_init(|| {
        if assumed_beyond_nehalem().is_empty() {
            return PathBuf::from(BOARDLAB);
        }
        let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .parent()
            .expect("the temporary directory is inside the target directory")
            .join("baseline");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        // The test profile, so that the baseline run of the whole suite (.ci/run) finds the
        // dependencies already built in the same directory.
        let output = Command::new(cargo)
            .args([
                "build",
                "--profile",
                "test",
                "--bin",
                "boardlab",
                "--manifest-path",
            ])
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
            .env("CARGO_TARGET_DIR", &target)
            // RUSTFLAGS replaces the workspace's target-cpu=x86-64-v3 (it is not added to it).
            .env("RUSTFLAGS", "-C target-cpu=x86-64")
            .env_remove("CARGO_ENCODED_RUSTFLAGS")
            .env_remove("CARGO_BUILD_RUSTFLAGS")
            .output_within(BUILD_PATIENCE);
        assert!(
            output.status.success(),
            "the baseline build failed:\n{}",
            text(&output.stderr)
        );
        // The test profile's directory is `debug`, as the dev profile's is.
        target.join("debug/boardlab")
    }))
}

#[test]
fn the_v3_build_refuses_an_older_processor_in_one_line_naming_what_it_lacks() {
    let Some(qemu) = qemu() else { return };
    let output = emulated(
        &qemu,
        OLD_CPU,
        Path::new(BOARDLAB),
        &["perft", "--depth", "1"],
    );
    let missing = assumed_beyond_nehalem();
    if missing.is_empty() {
        // A build for this processor or older has nothing to refuse, and no check.
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert!(text(&output.stdout).contains("20 nodes"));
        return;
    }
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(output.stdout.is_empty(), "{}", text(&output.stdout));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let line = stderr.trim_end();

    let rest = line
        .strip_prefix("error: this boardlab was built for ")
        .unwrap_or_else(|| panic!("{line}"));
    let rest = rest
        .strip_suffix(
            "; build it for this machine with RUSTFLAGS=\"-C target-cpu=native\" cargo build --release",
        )
        .unwrap_or_else(|| panic!("{line}"));
    let (built_for, lacks) = rest
        .split_once(" and this processor lacks ")
        .unwrap_or_else(|| panic!("{line}"));
    let mut lacks: Vec<&str> = lacks.split(", ").collect();
    lacks.sort_unstable();
    let mut expected = missing.clone();
    expected.sort_unstable();
    // Exactly what Nehalem lacks: SSE4.2 and POPCNT, which it has, are not named.
    assert_eq!(lacks, expected, "{line}");
    for feature in &missing {
        assert!(built_for.contains(feature), "{line}");
    }
    if cfg!(target_feature = "sse4.2") {
        assert!(built_for.contains("SSE4.2"), "{line}");
    }
}

#[test]
fn the_v3_build_runs_on_a_processor_with_everything_it_assumes() {
    let Some(qemu) = qemu() else { return };
    // Haswell has all of x86-64-v3, so the check lets the program through (and the emulator,
    // which implements AVX2 and BMI2, runs it) — unless this build assumes AVX-512.
    if cfg!(target_feature = "avx512f") {
        println!("note: skipped, this build assumes AVX-512, which Haswell lacks");
        return;
    }
    let output = emulated(
        &qemu,
        "Haswell",
        Path::new(BOARDLAB),
        &["perft", "--depth", "3", "--json"],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(nodes_by_backend(&output), [("magic".to_string(), 8902)]);
}

#[test]
fn a_baseline_build_runs_on_an_older_processor_and_refuses_only_the_bmi2_boards() {
    let Some(qemu) = qemu() else { return };
    let Some(boardlab) = baseline_boardlab() else {
        return;
    };

    let output = emulated(
        &qemu,
        OLD_CPU,
        boardlab,
        &["perft", "--depth", "3", "--json"],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(nodes_by_backend(&output), [("magic".to_string(), 8902)]);

    // The boards built on BMI2's pext (the registry says which; pext and quad at least):
    // each asked for alone gets one line naming it and why, status 2, nothing on standard output.
    let needing: Vec<&str> = boardlab_backends::Backend::ALL
        .iter()
        .filter(|backend| backend.needs().is_some())
        .map(|backend| backend.name())
        .collect();
    assert!(
        needing.contains(&"pext") && needing.contains(&"quad"),
        "{needing:?}"
    );
    for &name in &needing {
        let output = emulated(
            &qemu,
            OLD_CPU,
            boardlab,
            &["perft", "--backend", name, "--depth", "1"],
        );
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
        assert!(output.stdout.is_empty(), "{name}: {}", text(&output.stdout));
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert!(
            stderr.starts_with("error: ") && stderr.contains(name) && stderr.contains("BMI2"),
            "{name}: {stderr}"
        );
    }

    // `all` runs every other backend, with a note for each one it skipped.
    let output = emulated(
        &qemu,
        OLD_CPU,
        boardlab,
        &["perft", "--backend", "all", "--depth", "2", "--json"],
    );
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    for name in &needing {
        assert!(stderr.contains(&format!("skipping {name}")), "{stderr}");
    }
    let counts = nodes_by_backend(&output);
    let expected: Vec<&str> = boardlab_backends::Backend::ALL
        .iter()
        .map(|backend| backend.name())
        .filter(|name| !needing.contains(name))
        .collect();
    // Not empty, and the non-BMI2 boards of every kind answered: an array board and a bitboard.
    assert!(
        expected.contains(&"mailbox") && expected.contains(&"magic"),
        "{expected:?}"
    );
    let answered: Vec<&str> = counts.iter().map(|(backend, _)| backend.as_str()).collect();
    assert_eq!(answered, expected);
    for (backend, nodes) in &counts {
        assert_eq!(*nodes, 400, "{backend}");
    }
}

#[test]
fn a_baseline_build_finds_bmi2_at_run_time_where_the_processor_has_it() {
    let Some(qemu) = qemu() else { return };
    // The same binary that refuses pext on Nehalem asks the processor, and Haswell says yes.
    let Some(boardlab) = baseline_boardlab() else {
        return;
    };
    let output = emulated(
        &qemu,
        "Haswell",
        boardlab,
        &["perft", "--backend", "pext", "--depth", "3", "--json"],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(nodes_by_backend(&output), [("pext".to_string(), 8902)]);
}
