//! The survey chapter's measurements of the array boards side by side: the 8x8, 12x12 and
//! 16x16 boards, the 10x12 board on the 12x12 board's code (`10x12-array`), the four-bits-a-
//! square board, and the mailbox and 0x88 boards beside them.
//!
//! ```text
//! cargo build --release -p boardlab-arrays --example survey
//! target/release/examples/survey sizes
//! target/release/examples/survey times [ROUNDS]
//! valgrind --tool=callgrind --toggle-collect='survey::measured*' \
//!     target/release/examples/survey count BOARD WORK
//! ```
//!
//! `sizes` prints each board's bytes, its undo record's and its tables'. `times` runs bulk
//! perft of three positions (start d5, Kiwipete d4, position 3 d6) on every board in turn,
//! ROUNDS times (default 15), and prints each board's fastest time, in processor time of the
//! thread (Linux's `CLOCK_THREAD_CPUTIME_ID`): the boards take turns, so a load on the machine
//! slows all of them alike, and the time the thread waits for a processor is not counted. `count` runs one board's WORK once, for
//! callgrind to count: `perft` (bulk, depth 4 of each), `reads` (every
//! square of the three positions and of every position one move from them, read with
//! `piece_at`, 200 passes) or `attacks` (the same positions, every square asked whether
//! either side attacks it, 200 passes). Only the `measured` functions are counted, so the
//! parsing stays out.

use boardlab_array12x12::{Array10x12Board, Array12x12Board};
use boardlab_array16x16::Array16x16Board;
use boardlab_array8x8::Array8x8Board;
use boardlab_core::{perft, Board, BoardExt, Color, GenKind, MoveList, PerftMode, Square};
use boardlab_mailbox::MailboxBoard;
use boardlab_nibble::NibbleBoard;
use boardlab_x88::X88Board;
use std::hint::black_box;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

/// The timed walks: the positions and their depths.
const TIMED: [(&str, u32); 3] = [(START, 5), (KIWIPETE, 4), (POSITION3, 6)];
/// The counted walks: depth 4 of each, the walks whose edge tests the 8x8 board's
/// `edge_tests` example counts at depth 4.
const COUNTED: [(&str, u32); 3] = [(START, 4), (KIWIPETE, 4), (POSITION3, 4)];
/// Passes over the positions of `reads` and `attacks`.
const PASSES: u32 = 200;

/// The boards, in the order of the tables.
const BOARDS: [&str; 7] = [
    "8x8",
    "12x12",
    "10x12-array",
    "16x16",
    "nibble",
    "mailbox",
    "x88",
];

#[inline(never)]
fn measured_perft<B: Board>(boards: &mut [B]) -> u64 {
    let mut nodes = 0;
    for (board, (_, depth)) in boards.iter_mut().zip(COUNTED) {
        nodes += perft(black_box(board), black_box(depth), PerftMode::Bulk);
    }
    nodes
}

#[inline(never)]
fn measured_reads<B: Board>(boards: &[B]) -> u64 {
    let mut sum = 0u64;
    for _ in 0..PASSES {
        for board in black_box(boards) {
            for sq in Square::ALL {
                if let Some(piece) = board.piece_at(sq) {
                    sum += piece.index() as u64;
                }
            }
        }
    }
    sum
}

#[inline(never)]
fn measured_attacks<B: Board>(boards: &[B]) -> u64 {
    let mut attacked = 0u64;
    for _ in 0..PASSES {
        for board in black_box(boards) {
            for sq in Square::ALL {
                for by in [Color::White, Color::Black] {
                    attacked += u64::from(board.is_attacked(sq, by));
                }
            }
        }
    }
    attacked
}

/// The three positions and every position one legal move from them.
fn positions<B: Board>() -> Vec<B> {
    let mut boards = Vec::new();
    for (fen, _) in COUNTED {
        let board = B::from_fen(fen).expect("a valid FEN");
        let mut moves = MoveList::new();
        board.generate(GenKind::All, &mut moves);
        for &mv in moves.iter() {
            let mut child = board.clone();
            child.make(mv);
            boards.push(child);
        }
        boards.push(board);
    }
    boards
}

/// Runs `work` on `B` once and prints what it counted, with how many of what it did.
fn count<B: Board>(work: &str) {
    match work {
        "perft" => {
            let mut boards: Vec<B> = COUNTED
                .iter()
                .map(|(fen, _)| B::from_fen(fen).expect("a valid FEN"))
                .collect();
            println!("{} leaves", measured_perft(&mut boards));
        }
        "reads" => {
            let boards = positions::<B>();
            let sum = measured_reads(&boards);
            let reads = boards.len() as u64 * 64 * u64::from(PASSES);
            println!("{reads} reads (sum {sum})");
        }
        "attacks" => {
            let boards = positions::<B>();
            let yes = measured_attacks(&boards);
            let tests = boards.len() as u64 * 128 * u64::from(PASSES);
            println!("{tests} attack tests ({yes} attacked)");
        }
        _ => {
            eprintln!("unknown work {work}: perft, reads or attacks");
            std::process::exit(2);
        }
    }
}

/// `struct timespec` of Linux on 64-bit targets.
#[repr(C)]
struct Timespec {
    seconds: i64,
    nanoseconds: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
}

/// Linux's clock of the processor time the calling thread has used.
const CLOCK_THREAD_CPUTIME_ID: i32 = 3;

/// The processor time this thread has used, in seconds: on a loaded machine, unlike the wall
/// clock, it does not count the time the thread waited for a processor.
fn thread_seconds() -> f64 {
    let mut time = Timespec {
        seconds: 0,
        nanoseconds: 0,
    };
    // SAFETY: `time` is a valid, writable `struct timespec`, and the clock id is Linux's.
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    time.seconds as f64 + time.nanoseconds as f64 * 1e-9
}

/// The processor seconds of one bulk perft of the timed positions on `B`, and its leaves.
fn time<B: Board>() -> (f64, u64) {
    let mut boards: Vec<B> = TIMED
        .iter()
        .map(|(fen, _)| B::from_fen(fen).expect("a valid FEN"))
        .collect();
    let started = thread_seconds();
    let mut nodes = 0;
    for (board, (_, depth)) in boards.iter_mut().zip(TIMED) {
        nodes += perft(black_box(board), black_box(depth), PerftMode::Bulk);
    }
    (thread_seconds() - started, nodes)
}

/// Calls `f::<B>` for the board named `name`.
macro_rules! with_board {
    ($name:expr, $f:ident $(, $arg:expr)*) => {
        match $name {
            "8x8" => $f::<Array8x8Board>($($arg),*),
            "12x12" => $f::<Array12x12Board>($($arg),*),
            "10x12-array" => $f::<Array10x12Board>($($arg),*),
            "16x16" => $f::<Array16x16Board>($($arg),*),
            "nibble" => $f::<NibbleBoard>($($arg),*),
            "mailbox" => $f::<MailboxBoard>($($arg),*),
            "x88" => $f::<X88Board>($($arg),*),
            other => {
                eprintln!("unknown board {other}: {}", BOARDS.join(", "));
                std::process::exit(2);
            }
        }
    };
}

fn sizes<B: Board>() -> (usize, usize, usize) {
    (
        B::board_bytes(),
        std::mem::size_of::<B::Undo>(),
        B::table_bytes(),
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("sizes") => {
            println!(
                "{:<12} {:>11} {:>10} {:>11}",
                "board", "board bytes", "undo bytes", "table bytes"
            );
            for name in BOARDS {
                let (board, undo, tables) = with_board!(name, sizes);
                println!("{name:<12} {board:>11} {undo:>10} {tables:>11}");
            }
        }
        Some("times") => {
            let rounds: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(15);
            let mut best = [f64::INFINITY; BOARDS.len()];
            let mut leaves = [0u64; BOARDS.len()];
            for _ in 0..rounds {
                for (i, name) in BOARDS.iter().enumerate() {
                    let (seconds, nodes) = with_board!(*name, time);
                    best[i] = best[i].min(seconds);
                    leaves[i] = nodes;
                }
            }
            println!(
                "# bulk perft: start d5, kiwipete d4, position3 d6; the boards in turn, {rounds} rounds;"
            );
            println!(
                "# best s: each board's least processor time of the thread (CLOCK_THREAD_CPUTIME_ID)"
            );
            println!(
                "{:<12} {:>10} {:>10} {:>9}",
                "board", "leaves", "best s", "Mnps"
            );
            for (i, name) in BOARDS.iter().enumerate() {
                println!(
                    "{name:<12} {:>10} {:>10.4} {:>9.1}",
                    leaves[i],
                    best[i],
                    leaves[i] as f64 / best[i] / 1e6
                );
            }
        }
        Some("count") => {
            let (Some(board), Some(work)) = (args.get(2), args.get(3)) else {
                eprintln!("usage: survey count BOARD WORK");
                std::process::exit(2);
            };
            with_board!(board.as_str(), count, work);
        }
        _ => {
            eprintln!("usage: survey sizes | times [ROUNDS] | count BOARD perft|reads|attacks");
            std::process::exit(2);
        }
    }
}
