//! Links the processor check (src/cpu_check.c) into the `boardlab` binary when the build assumes
//! more of the processor than baseline x86-64, so that such a binary refuses an older processor
//! in one line instead of dying on an illegal instruction. A baseline build
//! (`RUSTFLAGS="-C target-cpu=x86-64"`) assumes nothing, gets no check and runs anywhere.

use std::env;

/// What rustc assumes of every x86-64 processor; a build that assumes no more needs no check.
const BASELINE: [&str; 3] = ["fxsr", "sse", "sse2"];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/cpu_check.c");

    if env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("x86_64") {
        return;
    }
    // The features rustc compiles the crates with, as `-C target-cpu` and `-C target-feature`
    // set them: "avx,avx2,bmi1,bmi2,…" for x86-64-v3.
    let features = env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let assumed: Vec<&str> = features
        .split(',')
        .filter(|feature| !feature.is_empty() && !BASELINE.contains(feature))
        .collect();
    if assumed.is_empty() {
        return;
    }

    cc::Build::new()
        .file("src/cpu_check.c")
        // The whole point: the check's own instructions must run on any x86-64 processor,
        // whatever the C compiler would choose by default.
        .flag("-march=x86-64")
        .define("BUILT_FOR", c_string(&built_for()).as_str())
        .define(
            "BUILT_WITH",
            c_string(&format!(",{},", assumed.join(","))).as_str(),
        )
        // Nothing calls the check; it runs as a constructor. A linker takes from a static
        // library only the objects something refers to, so the library is linked whole.
        .link_lib_modifier("+whole-archive")
        .compile("cpu_check");
}

/// What the build is for, in words: rustc's `-C target-cpu` when one is given.
fn built_for() -> String {
    match target_cpu().as_deref() {
        Some("native") => "the processor that compiled it (target-cpu=native)".to_string(),
        Some(cpu) => cpu.to_string(),
        None => "x86-64 with extra target features".to_string(),
    }
}

/// The last `-C target-cpu=NAME` among the flags cargo gives rustc (`-C` and its value may be
/// one argument or two, and `--codegen` is its long name).
fn target_cpu() -> Option<String> {
    let flags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let mut cpu = None;
    let mut after_codegen = false;
    for flag in flags.split('\x1f') {
        let option = if after_codegen {
            Some(flag)
        } else {
            flag.strip_prefix("-C")
                .or_else(|| flag.strip_prefix("--codegen="))
        };
        after_codegen = flag == "-C" || flag == "--codegen";
        if let Some(name) = option.and_then(|option| option.strip_prefix("target-cpu=")) {
            cpu = Some(name.to_string());
        }
    }
    cpu
}

/// `text` as a C string literal. The names come from rustc's flags and feature list, so only
/// letters, digits and a few signs are kept; anything else could break the literal.
fn c_string(text: &str) -> String {
    let kept: String = text
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || " ,.-_=()".contains(*c))
        .collect();
    format!("\"{kept}\"")
}
