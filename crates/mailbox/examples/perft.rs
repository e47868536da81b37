//! Perft speed of the mailbox board on the six standard positions, bulk and full-make.
//!
//! ```text
//! cargo run --release -p boardlab-mailbox --example perft [-- MAX_NODES [bulk|full-make]]
//! ```
//!
//! For each position, the deepest expectation of `standard.epd` of at most `MAX_NODES` nodes
//! (default 200 million) is run in both modes, or in the one named; a count that differs from
//! the file is an error.

use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{perft, Board, PerftMode};
use boardlab_mailbox::MailboxBoard;
use std::process::ExitCode;
use std::time::Instant;

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
        let (mut total_nodes, mut total_seconds) = (0, 0.0);
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
            let start = Instant::now();
            let nodes = perft(&mut board, depth, mode);
            let seconds = start.elapsed().as_secs_f64();
            total_nodes += nodes;
            total_seconds += seconds;
            let verdict = if nodes == expected { "ok" } else { "MISMATCH" };
            ok &= nodes == expected;
            println!(
                "{:<9} {:<10} depth {depth} {nodes:>11} nodes {seconds:>7.3} s {:>7.1} Mnps  {verdict}",
                mode.name(),
                case.id.as_deref().unwrap_or("?"),
                nodes as f64 / seconds / 1e6,
            );
        }
        println!(
            "{:<9} total {total_nodes} nodes in {total_seconds:.3} s: {:.1} Mnps",
            mode.name(),
            total_nodes as f64 / total_seconds / 1e6
        );
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
