//! Slider attack queries, every technique side by side: boardlab-sliders' seven, the rotated
//! and magic backends' lookups, and boardlab-core's ray walk.
//!
//! Three criterion groups, `sliders-rook`, `sliders-bishop` and `sliders-queen`, each with one
//! function per technique, so one report page compares them. Every function answers the same
//! queries: each of the 64 squares on each of a fixed set of 64 random occupancies (seeded, a
//! third sparse, a third middle-game, a third dense), 4096 queries per iteration; throughput is
//! in queries. Before timing, every technique's answers are checked against the ray walk.
//!
//! Bit lines and rotated bitboards keep their occupancy in their own form, updated on
//! make/unmake; the benches build it once per occupancy beforehand, as a board would have it
//! ready, and time the lookups only.
//!
//! Before the groups, the bench prints the techniques' table bytes; after them, a Markdown table
//! of the median time per query that criterion measured (read back from its `estimates.json`
//! files), the table the book's chapter "Slider attacks compared" shows. The sizes stay out of
//! that table: they change with the code, not with a run, and the chapter takes them from the
//! table of sizes the tests keep.

use boardlab_core::bitboard::{slider_attacks_slow, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use boardlab_core::{Bitboard, Square};
use boardlab_rotated::RotatedOccupancy;
use boardlab_sliders::bit_lines::LineBytes;
use boardlab_sliders::{
    bit_lines, black_magic, hyperbola, kindergarten, kogge_stone, obstruction, pext,
};
use criterion::measurement::WallTime;
use criterion::{black_box, BenchmarkGroup, Criterion, Throughput};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;

const OCCUPIED_SETS: usize = 64;
const QUERIES: usize = OCCUPIED_SETS * 64;

/// The slider kinds, as group names.
const KINDS: [&str; 3] = ["rook", "bishop", "queen"];

/// The occupancies every technique is asked about.
fn occupancies() -> Vec<Bitboard> {
    let mut rng = StdRng::seed_from_u64(0x5_11de);
    (0..OCCUPIED_SETS)
        .map(|i| {
            Bitboard(match i % 3 {
                0 => rng.gen::<u64>() & rng.gen::<u64>() & rng.gen::<u64>(),
                1 => rng.gen::<u64>() & rng.gen::<u64>(),
                _ => rng.gen::<u64>(),
            })
        })
        .collect()
}

/// One technique: its name, its table bytes, the state it looks up from (the occupancy itself,
/// or its own incremental form), and its two queries. Each is a type, so every timed loop is
/// compiled for one technique with its lookups inlined, as a move generator would use them.
trait Technique {
    type State;
    const NAME: &'static str;
    fn bytes() -> usize;
    fn prepare(occupied: Bitboard) -> Self::State;
    fn rook(state: &Self::State, sq: Square) -> Bitboard;
    fn bishop(state: &Self::State, sq: Square) -> Bitboard;
}

macro_rules! stateless {
    ($type:ident, $name:expr, $bytes:expr, $rook:path, $bishop:path) => {
        struct $type;
        impl Technique for $type {
            type State = Bitboard;
            const NAME: &'static str = $name;
            fn bytes() -> usize {
                $bytes
            }
            fn prepare(occupied: Bitboard) -> Bitboard {
                occupied
            }
            #[inline(always)]
            fn rook(occupied: &Bitboard, sq: Square) -> Bitboard {
                $rook(sq, *occupied)
            }
            #[inline(always)]
            fn bishop(occupied: &Bitboard, sq: Square) -> Bitboard {
                $bishop(sq, *occupied)
            }
        }
    };
}

stateless!(
    Kindergarten,
    "kindergarten",
    kindergarten::table_bytes(),
    kindergarten::rook_attacks,
    kindergarten::bishop_attacks
);
stateless!(
    Hyperbola,
    "hyperbola",
    hyperbola::table_bytes(),
    hyperbola::rook_attacks,
    hyperbola::bishop_attacks
);
stateless!(
    Obstruction,
    "obstruction",
    obstruction::table_bytes(),
    obstruction::rook_attacks,
    obstruction::bishop_attacks
);
stateless!(
    KoggeStone,
    "kogge-stone",
    kogge_stone::table_bytes(),
    kogge_stone::rook_attacks,
    kogge_stone::bishop_attacks
);
stateless!(
    BlackMagic,
    "black-magic",
    black_magic::table_bytes(),
    black_magic::rook_attacks,
    black_magic::bishop_attacks
);
stateless!(
    Pext,
    "pext",
    pext::table_bytes(),
    pext::rook_attacks,
    pext::bishop_attacks
);
stateless!(
    FancyMagic,
    "magic",
    boardlab_magic::MagicTables::get().bytes(),
    boardlab_magic::rook_attacks,
    boardlab_magic::bishop_attacks
);
stateless!(RayWalk, "ray-walk", 0, ray_rook, ray_bishop);

fn ray_rook(sq: Square, occupied: Bitboard) -> Bitboard {
    slider_attacks_slow(sq, occupied, &ROOK_DIRECTIONS)
}

fn ray_bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    slider_attacks_slow(sq, occupied, &BISHOP_DIRECTIONS)
}

struct BitLines;
impl Technique for BitLines {
    type State = LineBytes;
    const NAME: &'static str = "bit-lines";
    fn bytes() -> usize {
        bit_lines::table_bytes()
    }
    fn prepare(occupied: Bitboard) -> LineBytes {
        LineBytes::from_occupancy(occupied)
    }
    #[inline(always)]
    fn rook(lines: &LineBytes, sq: Square) -> Bitboard {
        lines.rook_attacks(sq)
    }
    #[inline(always)]
    fn bishop(lines: &LineBytes, sq: Square) -> Bitboard {
        lines.bishop_attacks(sq)
    }
}

struct Rotated;
impl Technique for Rotated {
    type State = RotatedOccupancy;
    const NAME: &'static str = "rotated";
    fn bytes() -> usize {
        boardlab_rotated::TABLE_BYTES
    }
    fn prepare(occupied: Bitboard) -> RotatedOccupancy {
        RotatedOccupancy::from_occupied(occupied)
    }
    #[inline(always)]
    fn rook(occupancy: &RotatedOccupancy, sq: Square) -> Bitboard {
        boardlab_rotated::rook_attacks(sq, occupancy)
    }
    #[inline(always)]
    fn bishop(occupancy: &RotatedOccupancy, sq: Square) -> Bitboard {
        boardlab_rotated::bishop_attacks(sq, occupancy)
    }
}

/// Panics unless every answer of `T` equals the ray walk's: a wrong technique is not timed.
fn check<T: Technique>(occupancies: &[Bitboard]) {
    for &occupied in occupancies {
        let state = T::prepare(occupied);
        for sq in Square::ALL {
            assert_eq!(
                T::rook(&state, sq),
                ray_rook(sq, occupied),
                "{}: rook on {sq}, occupied {:#018x}",
                T::NAME,
                occupied.0
            );
            assert_eq!(
                T::bishop(&state, sq),
                ray_bishop(sq, occupied),
                "{}: bishop on {sq}, occupied {:#018x}",
                T::NAME,
                occupied.0
            );
        }
    }
}

/// Times `query` over every square of every prepared state.
fn time_queries<T: Technique>(
    group: &mut BenchmarkGroup<WallTime>,
    states: &[T::State],
    query: impl Fn(&T::State, Square) -> Bitboard,
) {
    group.bench_function(T::NAME, |b| {
        b.iter(|| {
            let mut all = Bitboard::EMPTY;
            for state in states {
                for sq in Square::ALL {
                    all ^= query(state, black_box(sq));
                }
            }
            all
        })
    });
}

fn bench<T: Technique>(group: &mut BenchmarkGroup<WallTime>, kind: &str, occupancies: &[Bitboard]) {
    let states: Vec<T::State> = occupancies.iter().map(|&o| T::prepare(o)).collect();
    match kind {
        "rook" => time_queries::<T>(group, &states, T::rook),
        "bishop" => time_queries::<T>(group, &states, T::bishop),
        _ => time_queries::<T>(group, &states, |s, sq| T::rook(s, sq) | T::bishop(s, sq)),
    }
}

/// Runs `$action::<T>(args)` for every technique, in the order of the report, PEXT only where
/// the processor has it.
macro_rules! for_each_technique {
    ($action:ident ( $($arg:expr),* )) => {{
        $action::<BitLines>($($arg),*);
        $action::<Kindergarten>($($arg),*);
        $action::<Hyperbola>($($arg),*);
        $action::<Obstruction>($($arg),*);
        $action::<KoggeStone>($($arg),*);
        $action::<BlackMagic>($($arg),*);
        if pext::available() {
            $action::<Pext>($($arg),*);
        }
        $action::<FancyMagic>($($arg),*);
        $action::<Rotated>($($arg),*);
        $action::<RayWalk>($($arg),*);
    }};
}

fn name_and_bytes<T: Technique>(into: &mut Vec<(&'static str, usize)>) {
    into.push((T::NAME, T::bytes()));
}

/// Where criterion keeps its results (its own rule: `CRITERION_HOME`, else the target dir).
fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| PathBuf::from("target"), PathBuf::from);
    target.join("criterion")
}

/// The median nanoseconds per iteration criterion recorded for `group`/`function`, if any.
fn median_ns(group: &str, function: &str) -> Option<f64> {
    let path = criterion_dir()
        .join(group)
        .join(function)
        .join("new")
        .join("estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json["median"]["point_estimate"].as_f64()
}

fn main() {
    let occupancies = occupancies();
    for_each_technique!(check(&occupancies));
    if !pext::available() {
        eprintln!("pext: this processor has no BMI2; the PEXT technique is not timed");
    }
    eprintln!("all techniques agree with the ray walk on {OCCUPIED_SETS} occupancies x 64 squares");
    let mut techniques = Vec::new();
    for_each_technique!(name_and_bytes(&mut techniques));
    eprintln!("table bytes:");
    for (name, bytes) in &techniques {
        eprintln!("  {name:<13} {bytes:>8}");
    }

    let mut criterion = Criterion::default().configure_from_args();
    for kind in KINDS {
        let mut group = criterion.benchmark_group(format!("sliders-{kind}"));
        group.throughput(Throughput::Elements(QUERIES as u64));
        for_each_technique!(bench(&mut group, kind, &occupancies));
        group.finish();
    }
    criterion.final_summary();

    println!();
    println!("Median nanoseconds per query ({QUERIES} queries per iteration):");
    println!();
    println!("| technique | rook ns | bishop ns | queen ns |");
    println!("|---|---:|---:|---:|");
    for (name, _) in techniques {
        let cells: Vec<String> = KINDS
            .iter()
            .map(|kind| {
                median_ns(&format!("sliders-{kind}"), name)
                    .map_or("-".to_string(), |ns| format!("{:.2}", ns / QUERIES as f64))
            })
            .collect();
        println!("| {name} | {} |", cells.join(" | "));
    }
}
