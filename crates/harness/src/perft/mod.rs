//! Perft: the one walk that counts ([`PerftRunner`]), leaves or their statistics
//! ([`PerftStats`]), its hash table and keys, and the divide formats.

mod divide;
mod runner;
pub(crate) mod stats;
pub(crate) mod table;
pub(crate) mod table_key;

pub use divide::DivideFormat;
pub use runner::{LeafCount, PerftOptions, PerftRunner, Stopped};
pub use stats::{perft_stats, PerftStats};
pub use table::TableTally;
pub(crate) use table_key::SplitMix64;

/// Nodes per second, 0 for a run too short to time: the one rate every command reports.
pub fn nodes_per_second(nodes: u64, seconds: f64) -> u64 {
    if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    }
}

/// Millions of nodes per second, as the tables print it.
pub fn mnps(nodes: u64, seconds: f64) -> f64 {
    nodes_per_second(nodes, seconds) as f64 / 1e6
}
