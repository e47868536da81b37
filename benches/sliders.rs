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
//! After the groups, the bench prints the techniques' table bytes and a Markdown table of the
//! median time per query that criterion measured (read back from its `estimates.json` files),
//! the table the book's chapter "Slider attacks compared" shows.

use boardlab_core::bitboard::{slider_attacks_slow, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use boardlab_core::{Bitboard, Square};
use boardlab_harness::backend::{boardlab_magic, boardlab_rotated};
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

const OCCUPANCIES: usize = 64;
const QUERIES: usize = OCCUPANCIES * 64;

/// The slider kinds, as group names.
const KINDS: [&str; 3] = ["rook", "bishop", "queen"];

/// The occupancies every technique is asked about.
fn occupancies() -> Vec<Bitboard> {
    let mut rng = StdRng::seed_from_u64(0x5_11de);
    (0..OCCUPANCIES)
        .map(|i| {
            Bitboard(match i % 3 {
                0 => rng.gen::<u64>() & rng.gen::<u64>() & rng.gen::<u64>(),
                1 => rng.gen::<u64>() & rng.gen::<u64>(),
                _ => rng.gen::<u64>(),
            })
        })
        .collect()
}

/// One technique: its name, its table bytes, and its three queries on a prepared state.
struct Technique<S> {
    name: &'static str,
    bytes: usize,
    prepare: fn(Bitboard) -> S,
    rook: fn(&S, Square) -> Bitboard,
    bishop: fn(&S, Square) -> Bitboard,
}

fn ray_rook(occupied: &Bitboard, sq: Square) -> Bitboard {
    slider_attacks_slow(sq, *occupied, &ROOK_DIRECTIONS)
}
fn ray_bishop(occupied: &Bitboard, sq: Square) -> Bitboard {
    slider_attacks_slow(sq, *occupied, &BISHOP_DIRECTIONS)
}

macro_rules! stateless {
    ($name:expr, $bytes:expr, $rook:path, $bishop:path) => {
        Technique::<Bitboard> {
            name: $name,
            bytes: $bytes,
            prepare: |occupied| occupied,
            rook: |occupied, sq| $rook(sq, *occupied),
            bishop: |occupied, sq| $bishop(sq, *occupied),
        }
    };
}

fn stateless_techniques() -> Vec<Technique<Bitboard>> {
    let mut all = vec![
        stateless!(
            "kindergarten",
            kindergarten::table_bytes(),
            kindergarten::rook_attacks,
            kindergarten::bishop_attacks
        ),
        stateless!(
            "hyperbola",
            hyperbola::table_bytes(),
            hyperbola::rook_attacks,
            hyperbola::bishop_attacks
        ),
        stateless!(
            "obstruction",
            obstruction::table_bytes(),
            obstruction::rook_attacks,
            obstruction::bishop_attacks
        ),
        stateless!(
            "kogge-stone",
            kogge_stone::table_bytes(),
            kogge_stone::rook_attacks,
            kogge_stone::bishop_attacks
        ),
        stateless!(
            "black-magic",
            black_magic::table_bytes(),
            black_magic::rook_attacks,
            black_magic::bishop_attacks
        ),
        stateless!(
            "magic",
            boardlab_magic::MagicTables::get().bytes(),
            boardlab_magic::rook_attacks,
            boardlab_magic::bishop_attacks
        ),
        Technique {
            name: "ray-walk",
            bytes: 0,
            prepare: |occupied| occupied,
            rook: ray_rook,
            bishop: ray_bishop,
        },
    ];
    if pext::available() {
        all.insert(
            5,
            stateless!(
                "pext",
                pext::table_bytes(),
                pext::rook_attacks,
                pext::bishop_attacks
            ),
        );
    } else {
        eprintln!("pext: this processor has no BMI2; the PEXT technique is not timed");
    }
    all
}

fn bit_lines_technique() -> Technique<LineBytes> {
    Technique {
        name: "bit-lines",
        bytes: bit_lines::table_bytes(),
        prepare: LineBytes::from_occupancy,
        rook: |lines, sq| lines.rook_attacks(sq),
        bishop: |lines, sq| lines.bishop_attacks(sq),
    }
}

fn rotated_technique() -> Technique<RotatedOccupancy> {
    Technique {
        name: "rotated",
        bytes: boardlab_rotated::TABLE_BYTES,
        prepare: RotatedOccupancy::from_occupied,
        rook: |occupancy, sq| boardlab_rotated::rook_attacks(sq, occupancy),
        bishop: |occupancy, sq| boardlab_rotated::bishop_attacks(sq, occupancy),
    }
}

impl<S> Technique<S> {
    /// Panics unless every answer equals the ray walk's: a wrong technique is not timed.
    fn check(&self, occupancies: &[Bitboard]) {
        for &occupied in occupancies {
            let state = (self.prepare)(occupied);
            for sq in Square::ALL {
                assert_eq!(
                    (self.rook)(&state, sq),
                    ray_rook(&occupied, sq),
                    "{}: rook on {sq}, occupied {:#018x}",
                    self.name,
                    occupied.0
                );
                assert_eq!(
                    (self.bishop)(&state, sq),
                    ray_bishop(&occupied, sq),
                    "{}: bishop on {sq}, occupied {:#018x}",
                    self.name,
                    occupied.0
                );
            }
        }
    }

    fn bench(&self, group: &mut BenchmarkGroup<WallTime>, kind: &str, occupancies: &[Bitboard]) {
        let states: Vec<S> = occupancies.iter().map(|&o| (self.prepare)(o)).collect();
        let (rook, bishop) = (self.rook, self.bishop);
        group.bench_function(self.name, |b| {
            b.iter(|| {
                let mut all = Bitboard::EMPTY;
                for state in &states {
                    for sq in Square::ALL {
                        let sq = black_box(sq);
                        all ^= match kind {
                            "rook" => rook(state, sq),
                            "bishop" => bishop(state, sq),
                            _ => rook(state, sq) | bishop(state, sq),
                        };
                    }
                }
                all
            })
        });
    }
}

/// Where criterion keeps its results (its own rule: `CRITERION_HOME`, else the target dir).
fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| PathBuf::from("target"), PathBuf::from);
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
    let stateless = stateless_techniques();
    let bit_lines = bit_lines_technique();
    let rotated = rotated_technique();
    for technique in &stateless {
        technique.check(&occupancies);
    }
    bit_lines.check(&occupancies);
    rotated.check(&occupancies);
    eprintln!("all techniques agree with the ray walk on {OCCUPANCIES} occupancies x 64 squares");

    let mut names_bytes: Vec<(&str, usize)> = vec![(bit_lines.name, bit_lines.bytes)];
    names_bytes.extend(stateless.iter().take(stateless.len() - 1).map(|t| (t.name, t.bytes)));
    names_bytes.push((rotated.name, rotated.bytes));
    names_bytes.push(("ray-walk", 0));

    let mut criterion = Criterion::default().configure_from_args();
    for kind in KINDS {
        let mut group = criterion.benchmark_group(format!("sliders-{kind}"));
        group.throughput(Throughput::Elements(QUERIES as u64));
        bit_lines.bench(&mut group, kind, &occupancies);
        for technique in &stateless {
            technique.bench(&mut group, kind, &occupancies);
        }
        rotated.bench(&mut group, kind, &occupancies);
        group.finish();
    }
    criterion.final_summary();

    println!();
    println!("Median nanoseconds per query ({QUERIES} queries per iteration), and table bytes:");
    println!();
    println!("| technique | rook ns | bishop ns | queen ns | table bytes |");
    println!("|---|---:|---:|---:|---:|");
    for (name, bytes) in names_bytes {
        let cells: Vec<String> = KINDS
            .iter()
            .map(|kind| {
                median_ns(&format!("sliders-{kind}"), name)
                    .map_or("-".to_string(), |ns| format!("{:.2}", ns / QUERIES as f64))
            })
            .collect();
        println!("| {name} | {} | {bytes} |", cells.join(" | "));
    }
}
