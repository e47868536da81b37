//! Times perft on the six standard positions with `MagicBoard`, cozy-chess and shakmaty in one
//! run, and prints the speed ratios.
//!
//! ```text
//! cargo run --release -p boardlab-magic --example vs [-- --repeat N --shallow]
//! ```
//!
//! Bulk perft (the last ply counted, not played) is compared with cozy-chess's bulk perft and
//! full-make perft (every leaf move played) with shakmaty's; the other two pairings are printed
//! too. Every count is checked against the suite. Times are the thread's CPU time (on Linux),
//! and each figure is the best of `--repeat` runs (default 5), the three libraries taking turns,
//! which filters out most of the noise of a shared machine; ratios are geometric means over the
//! positions. `--shallow` takes one ply off every depth for a quick look.

use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use boardlab_core::{perft, Board, PerftMode};
use boardlab_magic::{table_build_time, table_bytes, MagicBoard, USES_PEXT};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Depths per position, in suite order: bulk, then full-make (about 0.1 to 0.5 s each).
const DEPTHS: [(u32, u32); 6] = [(6, 5), (5, 4), (7, 6), (5, 5), (5, 4), (5, 4)];

fn cozy_perft(board: &cozy_chess::Board, depth: u32, bulk: bool) -> u64 {
    let mut nodes = 0;
    if depth == 1 && bulk {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += if depth == 1 {
                // The leaf is played but never read: keep the compiler from dropping the play.
                black_box(&child);
                1
            } else {
                cozy_perft(&child, depth - 1, bulk)
            };
        }
        false
    });
    nodes
}

fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32, bulk: bool) -> u64 {
    use shakmaty::Position;
    let moves = pos.legal_moves();
    if depth == 1 && bulk {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in &moves {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        nodes += if depth == 1 {
            black_box(&child);
            1
        } else {
            shakmaty_perft(&child, depth - 1, bulk)
        };
    }
    nodes
}

/// The CPU time this thread has used, where the platform tells; wall-clock time elsewhere.
#[cfg(target_os = "linux")]
fn now() -> Duration {
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanoseconds: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec {
        seconds: 0,
        nanoseconds: 0,
    };
    // SAFETY: clock_gettime writes one timespec (two 64-bit fields on 64-bit Linux) to a
    // pointer to a live, writable one.
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(time.seconds as u64, time.nanoseconds as u32)
}

#[cfg(not(target_os = "linux"))]
fn now() -> Duration {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

/// Times one run of `run`, which must return `expected` nodes.
fn time(expected: u64, what: &str, run: impl FnOnce() -> u64) -> Duration {
    let start = now();
    let nodes = run();
    let elapsed = now() - start;
    assert_eq!(nodes, expected, "{what}: wrong node count");
    elapsed
}

fn mnps(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64() / 1e6
}

fn geometric_mean(values: &[f64]) -> f64 {
    (values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp()
}

fn main() {
    let mut repeat = 5;
    let mut shallow = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--shallow" => shallow = true,
            "--repeat" => {
                repeat = match args.next().and_then(|n| n.parse().ok()) {
                    Some(n) if n > 0 => n,
                    _ => {
                        eprintln!("error: --repeat takes a positive number");
                        std::process::exit(2);
                    }
                }
            }
            other => {
                eprintln!("error: unknown argument {other:?} (expected --repeat N or --shallow)");
                std::process::exit(2);
            }
        }
    }

    let start = Instant::now();
    let build = table_build_time();
    println!(
        "magic: {} tables, built in {:.2?} (first use {:.2?}); board {} bytes, tables {} bytes",
        if USES_PEXT { "PEXT" } else { "magic" },
        build,
        start.elapsed(),
        MagicBoard::board_bytes(),
        table_bytes()
    );

    let cases = parse_perft_suite(STANDARD_SUITE).expect("the standard suite parses");
    let mut ratios: [Vec<f64>; 4] = Default::default();
    println!(
        "{:<10} {:>5} {:>11} | {:>8} {:>8} {:>8} {:>6} {:>6} | mode",
        "position", "depth", "nodes", "magic", "cozy", "shakmaty", "/cozy", "/shak"
    );
    for (case, &(bulk_depth, full_depth)) in cases.iter().zip(&DEPTHS) {
        let id = case.id.clone().unwrap_or_default();
        let cozy = cozy_chess::Board::from_fen(&case.fen, false).expect("cozy-chess reads the FEN");
        let shak: shakmaty::Chess = case
            .fen
            .parse::<shakmaty::fen::Fen>()
            .expect("shakmaty reads the FEN")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("shakmaty accepts the position");
        let magic = MagicBoard::from_setup(&case.setup);
        for (mode, depth) in [
            (PerftMode::Bulk, bulk_depth),
            (PerftMode::FullMake, full_depth),
        ] {
            let depth = depth - u32::from(shallow);
            let bulk = mode == PerftMode::Bulk;
            let expected = case
                .expected
                .iter()
                .find(|&&(d, _)| d == depth)
                .map(|&(_, n)| n)
                .expect("the suite has the depth");
            // The three take turns, so that a busy spell on the machine slows all of them.
            let (mut t_magic, mut t_cozy, mut t_shak) =
                (Duration::MAX, Duration::MAX, Duration::MAX);
            for _ in 0..repeat {
                t_magic = t_magic.min(time(expected, "magic", || {
                    perft(&mut black_box(magic), depth, mode)
                }));
                t_cozy = t_cozy.min(time(expected, "cozy-chess", || {
                    cozy_perft(black_box(&cozy), depth, bulk)
                }));
                t_shak = t_shak.min(time(expected, "shakmaty", || {
                    shakmaty_perft(black_box(&shak), depth, bulk)
                }));
            }
            let (m, c, s) = (
                mnps(expected, t_magic),
                mnps(expected, t_cozy),
                mnps(expected, t_shak),
            );
            let slot = if bulk { 0 } else { 2 };
            ratios[slot].push(m / c);
            ratios[slot + 1].push(m / s);
            println!(
                "{id:<10} {depth:>5} {expected:>11} | {m:>8.1} {c:>8.1} {s:>8.1} {:>6.2} {:>6.2} | {}",
                m / c,
                m / s,
                mode.name()
            );
        }
    }
    println!("geometric means of magic's speed over the others' (Mnps ratios):");
    println!(
        "  bulk:      {:.3}x cozy-chess, {:.3}x shakmaty",
        geometric_mean(&ratios[0]),
        geometric_mean(&ratios[1])
    );
    println!(
        "  full-make: {:.3}x cozy-chess, {:.3}x shakmaty",
        geometric_mean(&ratios[2]),
        geometric_mean(&ratios[3])
    );
}
