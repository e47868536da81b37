//! Records the compiler and code-generation flags this crate is built with, so that
//! `boardlab report` can say which compiler made the code it reports on.

use std::process::Command;

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_string())
        .unwrap_or_else(|| "an unknown rustc".to_string());
    // Cargo separates encoded flags with the unit separator.
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS")
        .unwrap_or_default()
        .replace('\u{1f}', " ");
    let profile = std::env::var("PROFILE").unwrap_or_default();
    println!("cargo:rustc-env=BOARDLAB_RUSTC_VERSION={version}");
    println!("cargo:rustc-env=BOARDLAB_RUSTFLAGS={flags}");
    println!("cargo:rustc-env=BOARDLAB_PROFILE={profile}");
    println!("cargo:rerun-if-env-changed=RUSTC");
    println!("cargo:rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");
    println!("cargo:rerun-if-changed=build.rs");
}
