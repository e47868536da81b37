//! Perft speed on the six standard positions, bulk and full-make, and optionally a whole EPD
//! suite checked against its counts.
//!
//! `cargo run --release -p boardlab-piece-list --example speed [MAX_NODES] [SUITE.epd…]`
//!
//! Timing covers the largest depth of each standard position whose expected count is at most
//! `MAX_NODES` (default 20 million). Each named suite file is then run with every expectation up
//! to `MAX_NODES` and any mismatch is printed; the exit status is 1 if there was one.
//!
//! On Linux the figures are also given per second of CPU time the thread actually ran (from
//! `/proc/thread-self/schedstat`), which stays meaningful on a machine busy with other work.

use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{perft, Board, PerftMode};
use boardlab_piece_list::PieceListBoard;
use std::time::Instant;

/// Nanoseconds this thread has spent running, where the system reports it.
fn cpu_nanos() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Millions of nodes per second of CPU time between two readings, as text.
fn cpu_mnps(nodes: u64, start: Option<u64>, end: Option<u64>) -> String {
    match (start, end) {
        (Some(start), Some(end)) if end > start => {
            format!(
                "{:7.2} Mnps/cpu",
                nodes as f64 / ((end - start) as f64 / 1e9) / 1e6
            )
        }
        _ => String::from("      - Mnps/cpu"),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let max_nodes: u64 = match args.next().map(|text| text.parse()) {
        None => 20_000_000,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            eprintln!("error: MAX_NODES must be a whole number");
            std::process::exit(2);
        }
    };
    println!(
        "size_of::<PieceListBoard>() = {} bytes",
        PieceListBoard::board_bytes()
    );
    let cases = parse_perft_suite(STANDARD_SUITE).expect("the standard suite parses");
    for mode in [PerftMode::Bulk, PerftMode::FullMake] {
        let (mut total_nodes, mut total_seconds, mut total_cpu) = (0u64, 0f64, Some(0u64));
        for case in &cases {
            let Some(&(depth, expected)) =
                case.expected.iter().filter(|(_, n)| *n <= max_nodes).max()
            else {
                continue;
            };
            let mut board = PieceListBoard::from_setup(&case.setup);
            let (start, cpu_start) = (Instant::now(), cpu_nanos());
            let nodes = perft(&mut board, depth, mode);
            let (seconds, cpu_end) = (start.elapsed().as_secs_f64(), cpu_nanos());
            assert_eq!(nodes, expected, "perft {depth} of {}", case.fen);
            total_nodes += nodes;
            total_seconds += seconds;
            total_cpu = match (total_cpu, cpu_start, cpu_end) {
                (Some(total), Some(start), Some(end)) => Some(total + end.saturating_sub(start)),
                _ => None,
            };
            println!(
                "{:9} d{depth} {nodes:>11} nodes {:7.3} s {:7.2} Mnps {}  {}",
                mode.name(),
                seconds,
                nodes as f64 / seconds / 1e6,
                cpu_mnps(nodes, cpu_start, cpu_end),
                case.id.as_deref().unwrap_or(&case.fen)
            );
        }
        println!(
            "{:9} total {total_nodes} nodes {total_seconds:.3} s {:.2} Mnps {}",
            mode.name(),
            total_nodes as f64 / total_seconds / 1e6,
            cpu_mnps(total_nodes, Some(0), total_cpu)
        );
    }
    let mut failed = false;
    for path in args {
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(err) => {
                eprintln!("error: cannot read {path}: {err}");
                std::process::exit(2);
            }
        };
        let cases = match parse_perft_suite(&text) {
            Ok(cases) => cases,
            Err(err) => {
                eprintln!("error: {path}: {err}");
                std::process::exit(2);
            }
        };
        let (mut checked, mut nodes_total) = (0, 0);
        let start = Instant::now();
        for case in &cases {
            let mut board = PieceListBoard::from_setup(&case.setup);
            for &(depth, expected) in case.expected.iter().filter(|(_, n)| *n <= max_nodes) {
                let nodes = perft(&mut board, depth, PerftMode::Bulk);
                checked += 1;
                nodes_total += nodes;
                if nodes != expected {
                    failed = true;
                    println!(
                        "MISMATCH perft {depth} of {}: {nodes}, expected {expected}",
                        case.fen
                    );
                }
            }
        }
        println!(
            "{path}: {} positions, {checked} expectations, {nodes_total} nodes, {:.1} s",
            cases.len(),
            start.elapsed().as_secs_f64()
        );
    }
    std::process::exit(i32::from(failed));
}
