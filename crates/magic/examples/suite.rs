//! Runs every perft expectation of EPD suites with `MagicBoard` and reports mismatches.
//!
//! ```text
//! cargo run --release -p boardlab-magic --example suite -- [--full-make] [--max-nodes N] FILE...
//! ```
//!
//! With no limit every depth is run, which for the files in `crates/core/data` takes about a
//! minute; the exit status is 1 if any count differs.

use boardlab_core::epd::parse_perft_suite;
use boardlab_core::{perft, Board, PerftMode};
use boardlab_magic::MagicBoard;
use std::time::Instant;

fn main() {
    let mut mode = PerftMode::Bulk;
    let mut max_nodes = u64::MAX;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--full-make" => mode = PerftMode::FullMake,
            "--max-nodes" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) => max_nodes = n,
                None => {
                    eprintln!("error: --max-nodes takes a number");
                    std::process::exit(2);
                }
            },
            _ => files.push(arg),
        }
    }
    if files.is_empty() {
        eprintln!("error: name at least one EPD file");
        std::process::exit(2);
    }
    let mut failures = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|err| {
            eprintln!("error: cannot read {file}: {err}");
            std::process::exit(2);
        });
        let cases = parse_perft_suite(&text).unwrap_or_else(|err| {
            eprintln!("error: {file}: {err}");
            std::process::exit(2);
        });
        let (mut nodes, mut checked) = (0u64, 0);
        let start = Instant::now();
        for case in &cases {
            let mut board = MagicBoard::from_setup(&case.setup);
            for &(depth, expected) in &case.expected {
                if expected > max_nodes {
                    continue;
                }
                let got = perft(&mut board, depth, mode);
                nodes += got;
                checked += 1;
                if got != expected {
                    failures += 1;
                    println!(
                        "MISMATCH {} depth {depth}: {got}, expected {expected}",
                        case.fen
                    );
                }
            }
        }
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{file}: {checked} counts checked ({}), {nodes} nodes in {seconds:.1} s, {:.0} Mnps",
            mode.name(),
            nodes as f64 / seconds / 1e6
        );
    }
    if failures > 0 {
        println!("{failures} mismatches");
        std::process::exit(1);
    }
}
