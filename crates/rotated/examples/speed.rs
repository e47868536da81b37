//! Perft speed of the rotated board on the six standard positions, and whole-suite checks.
//!
//! ```text
//! cargo run --release -p boardlab-rotated --example speed              # bulk and full-make Mnps
//! cargo run --release -p boardlab-rotated --example speed -- 500000000  # a larger node cap
//! cargo run --release -p boardlab-rotated --example speed -- --suite crates/core/data/perftsuite.epd
//! ```
//!
//! Each position runs at the deepest depth whose count fits the node cap (a quarter of it for
//! full-make). Besides wall-clock Mnps it prints Mnps over the thread's CPU time where Linux
//! reports it, which stays steady when other processes share the machine.

use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{perft, Board, PerftMode};
use boardlab_rotated::RotatedBoard;
use std::process::ExitCode;
use std::time::Instant;

/// The CPU time this thread has run, from `/proc/thread-self/schedstat` (nanoseconds).
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos / 1e9)
}

fn mnps(nodes: u64, seconds: Option<f64>) -> String {
    match seconds {
        Some(s) if s > 0.0 => format!("{:7.1}", nodes as f64 / s / 1e6),
        _ => "      -".to_string(),
    }
}

fn speed(max_nodes: u64) -> ExitCode {
    let cases = parse_perft_suite(STANDARD_SUITE).expect("the embedded suite parses");
    println!("mode       position   depth       nodes  Mnps wall  Mnps cpu");
    for mode in [PerftMode::Bulk, PerftMode::FullMake] {
        let cap = match mode {
            PerftMode::Bulk => max_nodes,
            PerftMode::FullMake => max_nodes / 4,
        };
        let (mut total_nodes, mut total_wall, mut total_cpu) = (0, 0.0, Some(0.0));
        for case in &cases {
            let Some(&(depth, expected)) = case.expected.iter().rfind(|(_, n)| *n <= cap) else {
                continue;
            };
            let mut board = RotatedBoard::from_setup(&case.setup);
            let cpu_start = thread_cpu_seconds();
            let start = Instant::now();
            let nodes = perft(&mut board, depth, mode);
            let wall = start.elapsed().as_secs_f64();
            let cpu = thread_cpu_seconds()
                .zip(cpu_start)
                .map(|(end, start)| end - start);
            if nodes != expected {
                eprintln!(
                    "error: {} perft {depth} gave {nodes}, expected {expected}",
                    case.fen
                );
                return ExitCode::FAILURE;
            }
            let id = case.id.as_deref().unwrap_or("?");
            println!(
                "{:<10} {id:<10} {depth:>5} {nodes:>11}    {}   {}",
                mode.name(),
                mnps(nodes, Some(wall)),
                mnps(nodes, cpu)
            );
            total_nodes += nodes;
            total_wall += wall;
            total_cpu = total_cpu.zip(cpu).map(|(a, b)| a + b);
        }
        println!(
            "{:<10} {:<10} {:>5} {total_nodes:>11}    {}   {}",
            mode.name(),
            "all",
            "",
            mnps(total_nodes, Some(total_wall)),
            mnps(total_nodes, total_cpu)
        );
    }
    println!(
        "size_of::<RotatedBoard>() = {} bytes, table_bytes() = {} bytes",
        RotatedBoard::board_bytes(),
        RotatedBoard::table_bytes()
    );
    ExitCode::SUCCESS
}

fn suite(path: &str) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("error: cannot read {path}: {err}");
            return ExitCode::from(2);
        }
    };
    let cases = match parse_perft_suite(&text) {
        Ok(cases) => cases,
        Err(err) => {
            eprintln!("error: {path}: {err}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let (mut checked, mut mismatches, mut nodes) = (0, 0, 0);
    for case in &cases {
        let mut board = RotatedBoard::from_setup(&case.setup);
        for &(depth, expected) in &case.expected {
            let got = perft(&mut board, depth, PerftMode::Bulk);
            checked += 1;
            nodes += got;
            if got != expected {
                mismatches += 1;
                println!(
                    "mismatch: {} perft {depth}: {got}, expected {expected}",
                    case.fen
                );
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{path}: {checked} counts checked, {mismatches} mismatches, {nodes} nodes in {seconds:.1} s"
    );
    if mismatches == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => speed(200_000_000),
        [flag, path] if flag == "--suite" => suite(path),
        [cap] => match cap.parse() {
            Ok(cap) => speed(cap),
            Err(_) => {
                eprintln!("error: expected a node cap or --suite FILE, found {cap:?}");
                ExitCode::from(2)
            }
        },
        _ => {
            eprintln!("error: expected a node cap or --suite FILE");
            ExitCode::from(2)
        }
    }
}
