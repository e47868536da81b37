//! Perft speed of the mailbox board on the six standard positions, bulk and full-make.
//!
//! ```text
//! cargo run --release -p boardlab-mailbox --example perft [-- MAX_NODES [bulk|full-make]]
//! ```
//!
//! For each position, the deepest expectation of `standard.epd` of at most `MAX_NODES` nodes
//! (default 200 million) is run in both modes, or in the one named; a count that differs from
//! the file is an error.
//!
//! Speeds are given per second of wall time and, on Linux, per second of CPU time the thread
//! ran (`/proc/thread-self/schedstat`), which stays meaningful while other work shares the
//! machine.

use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{perft, Board, PerftMode};
use boardlab_mailbox::MailboxBoard;
use std::process::ExitCode;
use std::time::Instant;

/// Nanoseconds of CPU time this thread has run, where the system reports it.
fn thread_cpu_nanos() -> Option<u64> {
    let stats = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stats.split_whitespace().next()?.parse().ok()
}

/// Seconds of CPU time between two readings.
fn cpu_seconds(start: Option<u64>, end: Option<u64>) -> Option<f64> {
    match (start, end) {
        (Some(start), Some(end)) if end > start => Some((end - start) as f64 / 1e9),
        _ => None,
    }
}

/// Millions of nodes per second, or a dash when the time is unknown.
fn mnps(nodes: u64, seconds: Option<f64>) -> String {
    match seconds {
        Some(seconds) => format!("{:7.1}", nodes as f64 / seconds / 1e6),
        None => format!("{:>7}", "-"),
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let max_nodes = match args.next().map(|arg| arg.parse::<u64>()) {
        None => 200_000_000,
        Some(Ok(n)) => n,
        Some(Err(err)) => {
            eprintln!("error: MAX_NODES must be a whole number: {err}");
            return ExitCode::from(2);
        }
    };
    let modes = match args.next().as_deref() {
        None => vec![PerftMode::Bulk, PerftMode::FullMake],
        Some("bulk") => vec![PerftMode::Bulk],
        Some("full-make") => vec![PerftMode::FullMake],
        Some(other) => {
            eprintln!("error: unknown mode {other:?}: expected bulk or full-make");
            return ExitCode::from(2);
        }
    };
    let cases = match parse_perft_suite(STANDARD_SUITE) {
        Ok(cases) => cases,
        Err(err) => {
            eprintln!("error: standard.epd: {err}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{} board: {} bytes; tables: {} bytes",
        MailboxBoard::NAME,
        MailboxBoard::board_bytes(),
        MailboxBoard::table_bytes()
    );
    let mut ok = true;
    for mode in modes {
        let (mut total_nodes, mut total_seconds, mut total_cpu) = (0, 0.0, Some(0.0));
        for case in &cases {
            let Some(&(depth, expected)) = case
                .expected
                .iter()
                .filter(|&&(_, nodes)| nodes <= max_nodes)
                .max_by_key(|&&(_, nodes)| nodes)
            else {
                continue;
            };
            let mut board = MailboxBoard::from_setup(&case.setup);
            let (start, cpu_start) = (Instant::now(), thread_cpu_nanos());
            let nodes = perft(&mut board, depth, mode);
            let (seconds, cpu) = (
                start.elapsed().as_secs_f64(),
                cpu_seconds(cpu_start, thread_cpu_nanos()),
            );
            total_nodes += nodes;
            total_seconds += seconds;
            total_cpu = total_cpu.zip(cpu).map(|(total, cpu)| total + cpu);
            let verdict = if nodes == expected { "ok" } else { "MISMATCH" };
            ok &= nodes == expected;
            println!(
                "{:<9} {:<10} depth {depth} {nodes:>11} nodes {seconds:>7.3} s {} Mnps {} Mnps/cpu  {verdict}",
                mode.name(),
                case.id.as_deref().unwrap_or("?"),
                mnps(nodes, Some(seconds)),
                mnps(nodes, cpu),
            );
        }
        println!(
            "{:<9} total {total_nodes} nodes in {total_seconds:.3} s: {} Mnps {} Mnps/cpu",
            mode.name(),
            mnps(total_nodes, Some(total_seconds)),
            mnps(total_nodes, total_cpu),
        );
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
