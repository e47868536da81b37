//! Picks the seeds of the magic search: for every square, the seed below 4096 whose search
//! checks the fewest candidates, printed as the table `SEEDS` of `src/magic.rs`.
//!
//! ```text
//! cargo run --release -p boardlab-magic --example magic_seeds
//! ```

use boardlab_core::Square;
use boardlab_magic::{find_magic, Slider};

const SEEDS: u64 = 4096;

fn main() {
    println!("const SEEDS: [[u16; 64]; 2] = [");
    for slider in Slider::ALL {
        let name = slider.name();
        let mut seeds = Vec::new();
        let mut total = 0;
        for sq in Square::ALL {
            let mut best = (0, u32::MAX);
            for seed in 0..SEEDS {
                // Only a search shorter than the best so far matters, so stop the others early.
                if let Some((_, attempts)) = find_magic(sq, slider, seed, best.1 - 1) {
                    best = (seed, attempts);
                    if attempts == 1 {
                        break;
                    }
                }
            }
            eprintln!(
                "{name} {sq}: seed {} finds a magic in {} candidates",
                best.0, best.1
            );
            total += best.1;
            seeds.push(best.0);
        }
        eprintln!("{name}: {total} candidates in all");
        println!("    [");
        for row in seeds.chunks(8) {
            let row: Vec<String> = row.iter().map(|s| s.to_string()).collect();
            println!("        {},", row.join(", "));
        }
        println!("    ],");
    }
    println!("];");
}
