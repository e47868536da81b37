//! Timing results as a reader looks at them: criterion's saved estimates (or a `boardlab
//! compare` run) gathered into groups of one mode on one position, with rates, ratios to the
//! peer libraries, the machine and the compiler, written as one self-contained HTML page of SVG
//! charts or as the book's Markdown tables.
//!
//! A criterion group id is read as `MODE/POSITION` (`perft-bulk/kiwipete-d3`); a group id
//! without a slash is a mode of its own. Nothing else about the ids is assumed, so any group
//! (a slider bench with technique names as its functions, say) is drawn the same way.

pub(crate) mod command;
mod criterion;
mod machine;
mod markdown;
mod page;
mod ratio;

pub(crate) use machine::Machine;
pub(crate) use page::html_page;

pub(crate) use criterion::parse_measurement;
use criterion::{default_criterion_dir, read_criterion};
use machine::{compiler, utc_time};
pub(crate) use markdown::markdown;
pub(crate) use ratio::{ratio_tables, RATIO_PEERS};

use crate::Backend;
use std::collections::BTreeMap;
use std::time::SystemTime;

/// The outside chess libraries the benches time beside boardlab's backends, in the order the
/// pages show them.
pub const PEERS: [&str; 3] = ["cozy-chess", "shakmaty", "chess"];

/// What one iteration of a benchmark processes, as criterion's `Throughput` records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Amount {
    /// Elements: nodes, moves or queries, depending on the mode.
    Elements(u64),
    /// Bytes.
    Bytes(u64),
}

/// One benchmark: one function (a backend, a peer, a technique) in one group.
#[derive(Debug, Clone)]
pub struct Measurement {
    /// The group id, `MODE/POSITION` or `MODE`.
    pub group: String,
    /// The function id within the group, with criterion's parameter after a slash if any.
    pub function: String,
    /// Seconds per iteration: criterion's slope estimate when it has one, else its mean.
    pub seconds: f64,
    /// The 95% confidence interval of `seconds`, when the source has one.
    pub interval: Option<(f64, f64)>,
    /// What one iteration processes, when the benchmark declared it.
    pub amount: Option<Amount>,
    /// When the estimate was saved.
    pub saved: Option<SystemTime>,
}

impl Measurement {
    /// Millions of elements (or bytes) per second, when a throughput was declared.
    pub fn rate(&self) -> Option<f64> {
        let count = match self.amount? {
            Amount::Elements(n) | Amount::Bytes(n) => n,
        };
        (self.seconds > 0.0).then(|| count as f64 / self.seconds / 1e6)
    }

    /// The mode: the group id up to its first slash.
    pub fn mode(&self) -> &str {
        split_group(&self.group).0
    }

    /// The position: the group id after its first slash (empty when there is none).
    pub fn position(&self) -> &str {
        split_group(&self.group).1
    }
}

fn split_group(group: &str) -> (&str, &str) {
    group.split_once('/').unwrap_or((group, ""))
}

/// What a function is, for colouring and ordering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum FunctionKind {
    /// One of boardlab's registered backends.
    Backend,
    /// One of the outside libraries.
    Peer,
    /// Anything else (slider techniques, reference walks).
    Other,
}

/// Whether `function` names a backend, a peer or something else.
pub fn kind_of(function: &str) -> FunctionKind {
    if Backend::ALL.iter().any(|b| b.name() == function) {
        FunctionKind::Backend
    } else if PEERS.contains(&function) {
        FunctionKind::Peer
    } else {
        FunctionKind::Other
    }
}

/// Backends in registry order, then peers in [`PEERS`] order, then the rest by name.
fn function_order(function: &str) -> (FunctionKind, usize, String) {
    let index = Backend::ALL
        .iter()
        .position(|b| b.name() == function)
        .or_else(|| PEERS.iter().position(|p| *p == function))
        .unwrap_or(usize::MAX);
    (kind_of(function), index, function.to_string())
}

/// Modes the benches write, in the order a reader wants them; other modes follow by name.
const MODE_ORDER: [&str; 8] = [
    "perft-bulk",
    "perft-full-make",
    "movegen",
    "make-unmake",
    "attacks",
    "see",
    "eval",
    "search",
];

/// What a mode's rates count, for axis labels and table headings.
pub fn unit_of(mode: &str, amount: Option<Amount>) -> &'static str {
    match amount {
        None => "microseconds per iteration (shorter is faster)",
        Some(Amount::Bytes(_)) => "million bytes per second",
        Some(Amount::Elements(_)) => {
            if mode.starts_with("perft") || mode == "search" {
                "million nodes per second"
            } else if mode == "movegen" || mode == "make-unmake" {
                "million moves per second"
            } else if mode == "attacks" || mode.starts_with("sliders") {
                "million queries per second"
            } else if mode == "see" {
                "million exchanges per second"
            } else if mode == "eval" {
                "million evaluations per second"
            } else {
                "million elements per second"
            }
        }
    }
}

/// One group: one mode on one position, its functions in display order.
#[derive(Debug)]
pub struct Group<'a> {
    /// The group id.
    pub id: &'a str,
    /// The benchmarks of the group.
    pub entries: Vec<&'a Measurement>,
}

impl Group<'_> {
    /// The group's mode.
    pub fn mode(&self) -> &str {
        split_group(self.id).0
    }

    /// The group's position.
    pub fn position(&self) -> &str {
        split_group(self.id).1
    }

    /// What the group's values are: a rate when its benchmarks declared a throughput.
    pub fn unit(&self) -> &'static str {
        unit_of(self.mode(), self.entries.first().and_then(|m| m.amount))
    }

    /// The value drawn for one benchmark: its rate, or its time in microseconds.
    pub fn value(&self, measurement: &Measurement) -> f64 {
        match measurement.rate() {
            Some(rate) if self.entries.iter().all(|m| m.amount.is_some()) => rate,
            _ => measurement.seconds * 1e6,
        }
    }

    /// What one element of the group's throughput is: "nodes", "moves", "queries".
    pub fn counted(&self) -> &'static str {
        let unit = self.unit();
        [
            "nodes",
            "moves",
            "queries",
            "exchanges",
            "evaluations",
            "bytes",
        ]
        .into_iter()
        .find(|noun| unit.contains(noun))
        .unwrap_or("elements")
    }

    /// Whether larger values are better (rates) or smaller (times).
    pub fn higher_is_faster(&self) -> bool {
        self.entries.iter().all(|m| m.amount.is_some())
    }

    /// The entry of one function.
    pub fn entry(&self, function: &str) -> Option<&Measurement> {
        self.entries
            .iter()
            .copied()
            .find(|m| m.function == function)
    }
}

/// Timing results with where they came from and what a reader should know about them.
#[derive(Debug, Clone)]
pub struct Results {
    /// One sentence: where the figures come from and how to make them again.
    pub source: String,
    /// Every benchmark found.
    pub measurements: Vec<Measurement>,
    /// Warnings for the top of the page: missing or stale results.
    pub notes: Vec<String>,
}

impl Results {
    /// Results with the notes about missing functions already added.
    pub fn new(source: String, mut measurements: Vec<Measurement>) -> Results {
        measurements.sort_by(|a, b| {
            mode_rank(a.mode())
                .cmp(&mode_rank(b.mode()))
                .then_with(|| natural_key(a.position()).cmp(&natural_key(b.position())))
                .then_with(|| function_order(&a.function).cmp(&function_order(&b.function)))
        });
        let mut results = Results {
            source,
            measurements,
            notes: Vec::new(),
        };
        results.notes = results.missing_notes();
        results
    }

    /// The groups in display order.
    pub fn groups(&self) -> Vec<Group<'_>> {
        let mut groups: Vec<Group> = Vec::new();
        for measurement in &self.measurements {
            match groups.last_mut() {
                Some(group) if group.id == measurement.group => group.entries.push(measurement),
                _ => groups.push(Group {
                    id: &measurement.group,
                    entries: vec![measurement],
                }),
            }
        }
        groups
    }

    /// The modes, in display order.
    pub fn modes(&self) -> Vec<&str> {
        let mut modes: Vec<&str> = self.measurements.iter().map(|m| m.mode()).collect();
        modes.dedup();
        modes
    }

    /// A note per group of the benches that time every backend (perft, movegen, make-unmake,
    /// attacks, and the engine's see, eval and search) where a registered backend has no
    /// result. Other groups (a slider bench, whose functions are techniques) promise no such
    /// thing.
    fn missing_notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        for group in self.groups() {
            if !MODE_ORDER.contains(&group.mode()) {
                continue;
            }
            let missing: Vec<&str> = Backend::ALL
                .iter()
                .map(|b| b.name())
                .filter(|name| group.entry(name).is_none())
                .collect();
            if !missing.is_empty() {
                notes.push(format!(
                    "{} has no results for {}.",
                    group.id,
                    missing.join(", ")
                ));
            }
        }
        notes
    }

    /// The oldest and newest save times.
    pub fn saved_range(&self) -> Option<(SystemTime, SystemTime)> {
        let times = self.measurements.iter().filter_map(|m| m.saved);
        let oldest = times.clone().min()?;
        let newest = times.max()?;
        Some((oldest, newest))
    }
}

fn mode_rank(mode: &str) -> (usize, String) {
    let rank = MODE_ORDER
        .iter()
        .position(|m| *m == mode)
        .unwrap_or(MODE_ORDER.len());
    (rank, mode.to_string())
}

/// Sorts `position3` before `position10`, and `startpos` before the numbered positions, as
/// the standard suite lists them.
fn natural_key(text: &str) -> (bool, Vec<(String, u64)>) {
    let mut parts = Vec::new();
    let mut word = String::new();
    let mut number: Option<u64> = None;
    for c in text.chars() {
        match (c.to_digit(10), number) {
            (Some(d), Some(n)) => number = Some(n.saturating_mul(10).saturating_add(d as u64)),
            (Some(d), None) => number = Some(d as u64),
            (None, Some(n)) => {
                parts.push((std::mem::take(&mut word), n));
                number = None;
                word.push(c);
            }
            (None, None) => word.push(c),
        }
    }
    parts.push((word, number.unwrap_or(0)));
    (!text.starts_with("startpos"), parts)
}

/// Board and table bytes of every registered backend, from the registry.
pub fn backend_sizes() -> Vec<(Backend, usize, usize)> {
    Backend::ALL
        .iter()
        .map(|&backend| {
            let board_type = boardlab_harness::board_type(backend);
            (backend, board_type.board_bytes(), board_type.table_bytes())
        })
        .collect()
}

/// A group's measurements keyed by function, for tables with one column per function.
pub fn columns<'a>(groups: &[&Group<'a>]) -> Vec<&'a str> {
    let mut seen: BTreeMap<(FunctionKind, usize, String), &'a str> = BTreeMap::new();
    for group in groups {
        for m in &group.entries {
            seen.insert(function_order(&m.function), m.function.as_str());
        }
    }
    seen.into_values().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_sort_as_the_suite_lists_them() {
        let mut names = vec!["position10", "position3", "kiwipete", "startpos"];
        names.sort_by_key(|n| natural_key(n));
        assert_eq!(names, ["startpos", "kiwipete", "position3", "position10"]);
    }

    /// A measurement of a million elements in `seconds`.
    pub(super) fn measurement(group: &str, function: &str, seconds: f64) -> Measurement {
        Measurement {
            group: group.to_string(),
            function: function.to_string(),
            seconds,
            interval: None,
            amount: Some(Amount::Elements(1_000_000)),
            saved: None,
        }
    }

    #[test]
    fn a_group_missing_a_backend_is_noted() {
        let results = Results::new(
            "test".to_string(),
            vec![measurement("perft-bulk/a", "magic", 1.0)],
        );
        assert_eq!(results.notes.len(), 1);
        // The note lists names after "for", comma-separated; `black-magic` is another backend.
        let listed: Vec<&str> = results.notes[0]
            .split_once(" for ")
            .map(|(_, names)| names.trim_end_matches('.').split(", ").collect())
            .unwrap_or_default();
        assert!(listed.contains(&"mailbox"), "{:?}", results.notes);
        assert!(!listed.contains(&"magic"), "{:?}", results.notes);
        assert_eq!(listed.len(), Backend::ALL.len() - 1, "{:?}", results.notes);
    }
}
