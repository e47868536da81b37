//! Perft with the 0x88 board, for checking suites and timing outside the test run.
//!
//! ```text
//! cargo run --release -p boardlab-x88 --example x88_perft -- speed [bulk|full-make]
//! cargo run --release -p boardlab-x88 --example x88_perft -- suite crates/core/data/perftsuite.epd 200000000
//! cargo run --release -p boardlab-x88 --example x88_perft -- fen "<FEN>" 6
//! ```

use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{perft, Board, PerftMode};
use boardlab_x88::X88Board;
use std::process::ExitCode;
use std::time::Instant;

/// The depths timed for each of the six standard positions, in suite order, bulk and full-make:
/// each some tens of millions of leaves or more, enough for a steady rate.
const BULK_DEPTHS: [u32; 6] = [6, 5, 7, 5, 5, 5];
const FULL_MAKE_DEPTHS: [u32; 6] = [6, 5, 6, 5, 5, 5];

/// Seconds this process has run on a CPU (from Linux's schedstat), or `None` elsewhere. On a
/// machine shared with other work, CPU time gives a steadier rate than the wall clock.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}

fn usage() -> ExitCode {
    eprintln!("usage: x88_perft speed [bulk|full-make] | suite FILE MAX_NODES | fen FEN DEPTH");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("speed") if args.len() <= 2 => speed(args.get(1).map(String::as_str)),
        Some("suite") if args.len() == 3 => match args[2].parse() {
            Ok(max_nodes) => suite(&args[1], max_nodes),
            Err(_) => usage(),
        },
        Some("fen") if args.len() == 3 => match (X88Board::from_fen(&args[1]), args[2].parse()) {
            (Ok(mut board), Ok(depth)) => {
                let start = Instant::now();
                let nodes = perft(&mut board, depth, PerftMode::Bulk);
                println!("{nodes} nodes in {:.2} s", start.elapsed().as_secs_f64());
                ExitCode::SUCCESS
            }
            (Err(err), _) => {
                eprintln!("{err}");
                ExitCode::from(2)
            }
            _ => usage(),
        },
        _ => usage(),
    }
}

/// Times the six standard positions in both modes, or in the one named (`bulk`, `full-make`).
fn speed(only: Option<&str>) -> ExitCode {
    let cases = parse_perft_suite(STANDARD_SUITE).expect("the standard suite parses");
    println!("board bytes: {}", std::mem::size_of::<X88Board>());
    for (mode, depths) in [
        (PerftMode::Bulk, BULK_DEPTHS),
        (PerftMode::FullMake, FULL_MAKE_DEPTHS),
    ] {
        if only.is_some_and(|name| name != mode.name()) {
            continue;
        }
        let (mut all_nodes, mut all_wall, mut all_cpu) = (0u64, 0f64, 0f64);
        for (case, depth) in cases.iter().zip(depths) {
            let mut board = X88Board::from_setup(&case.setup);
            let cpu_start = cpu_seconds();
            let start = Instant::now();
            let nodes = perft(&mut board, depth, mode);
            let wall = start.elapsed().as_secs_f64();
            let cpu = match (cpu_start, cpu_seconds()) {
                (Some(a), Some(b)) => b - a,
                _ => wall,
            };
            let expected = case.expected.iter().find(|&&(d, _)| d == depth);
            let verdict = match expected {
                Some(&(_, n)) if n == nodes => "ok",
                Some(_) => "MISMATCH",
                None => "unchecked",
            };
            println!(
                "{:>9} {:<10} d{depth} {nodes:>11} nodes {wall:>6.2} s wall {cpu:>6.2} s cpu \
                 {:>6.1} Mnps (cpu) {verdict}",
                mode.name(),
                case.id.as_deref().unwrap_or("?"),
                nodes as f64 / cpu / 1e6
            );
            all_nodes += nodes;
            all_wall += wall;
            all_cpu += cpu;
        }
        println!(
            "{:>9} total      {all_nodes:>14} nodes {all_wall:>6.2} s wall {all_cpu:>6.2} s cpu \
             {:>6.1} Mnps (cpu), {:.1} Mnps (wall)",
            mode.name(),
            all_nodes as f64 / all_cpu / 1e6,
            all_nodes as f64 / all_wall / 1e6
        );
    }
    ExitCode::SUCCESS
}

fn suite(path: &str, max_nodes: u64) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("cannot read {path}: {err}");
            return ExitCode::from(2);
        }
    };
    let cases = match parse_perft_suite(&text) {
        Ok(cases) => cases,
        Err(err) => {
            eprintln!("{path}: {err}");
            return ExitCode::from(2);
        }
    };
    let (mut checked, mut failed, mut nodes_total) = (0, 0, 0u64);
    let start = Instant::now();
    for case in &cases {
        let mut board = X88Board::from_setup(&case.setup);
        for &(depth, expected) in &case.expected {
            if expected > max_nodes {
                continue;
            }
            let nodes = perft(&mut board, depth, PerftMode::Bulk);
            checked += 1;
            nodes_total += nodes;
            if nodes != expected {
                failed += 1;
                println!(
                    "MISMATCH {} D{depth}: {nodes}, expected {expected}",
                    case.fen
                );
            }
        }
    }
    println!(
        "{checked} expectations checked, {failed} failed, {nodes_total} nodes in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
