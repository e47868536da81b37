//! The headline ratios in one run (cargo feature `ratios`):
//!
//! - each backend's bulk perft against cozy-chess's bulk perft;
//! - the default (fastest) backend's full-make perft against shakmaty's full-make perft, where
//!   shakmaty plays every leaf move on a copy.
//!
//! Each ratio is the geometric mean, over the six standard positions, of the peer's time over
//! the backend's time: 1.0 means as fast as the peer, 0.5 half as fast. For each backend the
//! peer is timed again, turn about with the backend, so that both times in a ratio come from
//! the same minutes of the machine's load; the peers' times printed at the top come from a
//! round of their own, for reference. The depths are
//! startpos 6, kiwipete 5, position3 6, position4 5, position5 5, position6 5 (about 600
//! million nodes); `--reduce N` takes N plies off each for a quicker look, `--runs N` keeps the
//! best of N timings, `--backend NAME` (repeatable) times only the named backends, and
//! `--full-make NAME` (repeatable) times the named backends' full-make perft against
//! shakmaty's in place of the default backend's (`--full-make none`, no backend's name, times
//! none).
//!
//! ```sh
//! cargo bench --features ratios --bench ratios -- --reduce 1
//! cargo bench --features ratios --bench ratios -- --backend x88 --backend mailbox
//! ```

mod common;

use boardlab_backends::{with_backend, Backend};
use boardlab_core::{perft, Board, PerftMode};
use common::{cozy_board, cozy_perft, shakmaty_perft, shakmaty_position, standard_cases};
use std::time::Instant;

/// The published depths, by position id.
const DEPTHS: [(&str, u32); 6] = [
    ("startpos", 6),
    ("kiwipete", 5),
    ("position3", 6),
    ("position4", 5),
    ("position5", 5),
    ("position6", 5),
];

struct Options {
    reduce: u32,
    runs: u32,
    /// The backends to time; all of them when empty.
    backends: Vec<String>,
    /// The backends whose full-make perft to time; the default backend when empty.
    full_make: Vec<String>,
}

fn options() -> Options {
    let mut options = Options {
        reduce: 0,
        runs: 1,
        backends: Vec::new(),
        full_make: Vec::new(),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).and_then(|v| v.parse().ok());
        match (args[i].as_str(), value) {
            ("--reduce", Some(n)) => options.reduce = n,
            ("--runs", Some(n)) => options.runs = n.max(1),
            ("--backend", _) if i + 1 < args.len() => options.backends.push(args[i + 1].clone()),
            ("--full-make", _) if i + 1 < args.len() => options.full_make.push(args[i + 1].clone()),
            // cargo passes `--bench`; anything else is ignored the same way.
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    options
}

/// The best time of `runs` runs of `count`, which must give `expected` each time.
fn best_seconds(runs: u32, expected: u64, what: &str, mut count: impl FnMut() -> u64) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..runs {
        best = best.min(seconds(expected, what, &mut count));
    }
    best
}

/// One timed run of `count`, which must give `expected`.
fn seconds(expected: u64, what: &str, count: &mut impl FnMut() -> u64) -> f64 {
    let start = Instant::now();
    let nodes = count();
    let elapsed = start.elapsed().as_secs_f64();
    assert_eq!(nodes, expected, "{what}");
    elapsed
}

/// The peer's best time over ours, from `runs` rounds that time the peer and then us, turn
/// about. Timing the two in the same moment keeps a change in the machine's load (other
/// programs, frequency steps) out of the ratio: timed minutes apart, the peers' own times
/// differed by 10% between quiet runs.
fn paired_ratio(
    runs: u32,
    expected: u64,
    what: &str,
    mut peer: impl FnMut() -> u64,
    mut mine: impl FnMut() -> u64,
) -> f64 {
    let (mut best_peer, mut best_mine) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..runs {
        best_peer = best_peer.min(seconds(expected, what, &mut peer));
        best_mine = best_mine.min(seconds(expected, what, &mut mine));
    }
    best_peer / best_mine
}

fn geometric_mean(values: &[f64]) -> f64 {
    (values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp()
}

fn main() {
    let options = options();
    let cases = standard_cases();
    let work: Vec<_> = DEPTHS
        .iter()
        .map(|&(id, depth)| {
            let case = cases
                .iter()
                .find(|c| c.id.as_deref() == Some(id))
                .expect("the standard suite names its positions");
            let depth = depth.saturating_sub(options.reduce).max(1);
            let expected = case
                .expected
                .iter()
                .find(|&&(d, _)| d == depth)
                .expect("the suite has every depth up to the published one")
                .1;
            (id, case, depth, expected)
        })
        .collect();

    let mut cozy = Vec::new();
    let mut shakmaty = Vec::new();
    for &(id, case, depth, expected) in &work {
        let board = cozy_board(&case.fen);
        cozy.push(best_seconds(options.runs, expected, id, || {
            cozy_perft(&board, depth)
        }));
        let position = shakmaty_position(&case.fen);
        shakmaty.push(best_seconds(options.runs, expected, id, || {
            shakmaty_perft(&position, depth, true)
        }));
        println!(
            "{id} d{depth}: {expected} nodes; cozy-chess bulk {:.4} s, shakmaty full-make {:.4} s",
            cozy.last().unwrap(),
            shakmaty.last().unwrap()
        );
    }

    println!();
    println!("{:<12} {:>22}", "backend", "bulk vs cozy-chess");
    let chosen = |backend: Backend| {
        options.backends.is_empty() || options.backends.iter().any(|name| name == backend.name())
    };
    for &backend in Backend::ALL.iter().filter(|&&b| chosen(b)) {
        if backend.available().is_err() {
            println!("{:<12} {:>22}", backend.name(), "not on this processor");
            continue;
        }
        let ratios: Vec<f64> = with_backend!(backend, B => {
            work.iter()
                .map(|&(id, case, depth, expected)| {
                    let peer = cozy_board(&case.fen);
                    let mut board = B::from_setup(&case.setup);
                    paired_ratio(
                        options.runs,
                        expected,
                        id,
                        || cozy_perft(&peer, depth),
                        || perft(&mut board, depth, PerftMode::Bulk),
                    )
                })
                .collect()
        });
        println!("{:<12} {:>22.3}", backend.name(), geometric_mean(&ratios));
    }

    let full_make_backends: Vec<Backend> = if options.full_make.is_empty() {
        if !chosen(Backend::DEFAULT) {
            return;
        }
        vec![Backend::DEFAULT]
    } else {
        Backend::ALL
            .iter()
            .copied()
            .filter(|b| options.full_make.iter().any(|name| name == b.name()))
            .collect()
    };
    for backend in full_make_backends {
        if backend.available().is_err() {
            println!("\n{} full-make: not on this processor", backend.name());
            continue;
        }
        let full_make: Vec<f64> = with_backend!(backend, B => {
            work.iter()
                .map(|&(id, case, depth, expected)| {
                    let peer = shakmaty_position(&case.fen);
                    let mut board = B::from_setup(&case.setup);
                    paired_ratio(
                        options.runs,
                        expected,
                        id,
                        || shakmaty_perft(&peer, depth, true),
                        || perft(&mut board, depth, PerftMode::FullMake),
                    )
                })
                .collect()
        });
        println!(
            "\n{} full-make vs shakmaty full-make: {:.3}",
            backend.name(),
            geometric_mean(&full_make)
        );
    }
}
