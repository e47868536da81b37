//! Ratios to the peer libraries: how much faster or slower a function is than cozy-chess or
//! shakmaty over one mode's positions.

use super::{function_order, Group, Results};

/// The peers the ratios are taken against: the fastest bulk perft and the fastest full-make
/// perft among the Rust crates, so a ratio above 1 means faster than the best known.
pub const RATIO_PEERS: [&str; 2] = ["cozy-chess", "shakmaty"];

/// A geometric-mean ratio of one function's rate to a peer's over one mode's positions.
#[derive(Debug, Clone)]
pub struct Ratio {
    /// The mode.
    pub mode: String,
    /// The function compared.
    pub function: String,
    /// The peer it is compared with.
    pub peer: &'static str,
    /// The geometric mean of the function's rate over the peer's: above 1 is faster.
    pub ratio: f64,
    /// How many positions had both.
    pub positions: usize,
}

/// The ratios against one peer laid out for a table: a row per function, a column per mode.
#[derive(Debug)]
pub struct RatioTable<'a> {
    /// The peer.
    pub peer: &'static str,
    /// The modes, in display order.
    pub modes: Vec<&'a str>,
    /// Each function with its ratio in each mode, if any.
    pub rows: Vec<(&'a str, Vec<Option<&'a Ratio>>)>,
}

/// One table per peer that has ratios.
pub fn ratio_tables(ratios: &[Ratio]) -> Vec<RatioTable<'_>> {
    let mut tables = Vec::new();
    for peer in RATIO_PEERS {
        let mine: Vec<&Ratio> = ratios.iter().filter(|r| r.peer == peer).collect();
        if mine.is_empty() {
            continue;
        }
        let mut modes: Vec<&str> = Vec::new();
        let mut functions: Vec<&str> = Vec::new();
        for r in &mine {
            if !modes.contains(&r.mode.as_str()) {
                modes.push(&r.mode);
            }
            if !functions.contains(&r.function.as_str()) {
                functions.push(&r.function);
            }
        }
        functions.sort_by_key(|f| function_order(f));
        let rows = functions
            .into_iter()
            .map(|function| {
                let cells = modes
                    .iter()
                    .map(|mode| {
                        mine.iter()
                            .copied()
                            .find(|r| r.function == function && r.mode == *mode)
                    })
                    .collect();
                (function, cells)
            })
            .collect();
        tables.push(RatioTable { peer, modes, rows });
    }
    tables
}

impl Results {
    /// The geometric-mean ratios of every function to each peer in [`RATIO_PEERS`], per mode,
    /// over the positions where both were measured.
    pub fn ratios(&self) -> Vec<Ratio> {
        let groups = self.groups();
        let mut ratios = Vec::new();
        for mode in self.modes() {
            let in_mode: Vec<&Group> = groups.iter().filter(|g| g.mode() == mode).collect();
            let mut functions: Vec<&str> = in_mode
                .iter()
                .flat_map(|g| g.entries.iter().map(|m| m.function.as_str()))
                .collect();
            functions.sort_by_key(|f| function_order(f));
            functions.dedup();
            for peer in RATIO_PEERS {
                for &function in &functions {
                    if function == peer {
                        continue;
                    }
                    let logs: Vec<f64> = in_mode
                        .iter()
                        .filter_map(|g| {
                            let mine = g.entry(function)?.rate()?;
                            let theirs = g.entry(peer)?.rate()?;
                            (mine > 0.0 && theirs > 0.0).then(|| (mine / theirs).ln())
                        })
                        .collect();
                    if logs.is_empty() {
                        continue;
                    }
                    ratios.push(Ratio {
                        mode: mode.to_string(),
                        function: function.to_string(),
                        peer,
                        ratio: (logs.iter().sum::<f64>() / logs.len() as f64).exp(),
                        positions: logs.len(),
                    });
                }
            }
        }
        ratios
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::measurement;
    use super::*;

    #[test]
    fn ratios_are_geometric_means_over_positions() {
        // magic is 4 times cozy-chess on one position and 1 time on the other: the geometric
        // mean is 2, where the arithmetic mean would say 2.5.
        let results = Results::new(
            "test".to_string(),
            vec![
                measurement("perft-bulk/a", "magic", 0.25),
                measurement("perft-bulk/a", "cozy-chess", 1.0),
                measurement("perft-bulk/b", "magic", 1.0),
                measurement("perft-bulk/b", "cozy-chess", 1.0),
            ],
        );
        let ratios = results.ratios();
        assert_eq!(ratios.len(), 1);
        assert_eq!(ratios[0].function, "magic");
        assert_eq!(ratios[0].positions, 2);
        assert!((ratios[0].ratio - 2.0).abs() < 1e-9, "{}", ratios[0].ratio);
    }
}
