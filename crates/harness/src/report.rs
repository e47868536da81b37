//! Timing results as a reader looks at them: criterion's saved estimates (or a `boardlab
//! compare` run) gathered into groups of one mode on one position, with rates, ratios to the
//! peer libraries, the machine and the compiler, written as one self-contained HTML page of SVG
//! charts or as the book's Markdown tables.
//!
//! A criterion group id is read as `MODE/POSITION` (`perft-bulk/kiwipete-d3`); a group id
//! without a slash is a mode of its own. Nothing else about the ids is assumed, so any group
//! (a slider bench with technique names as its functions, say) is drawn the same way.

use crate::error::lower;
use crate::{Backend, Error};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

pub use crate::report_markdown::markdown;
pub use crate::report_page::html_page;

/// The outside chess libraries the benches time beside boardlab's backends, in the order the
/// pages show them.
pub const PEERS: [&str; 3] = ["cozy-chess", "shakmaty", "chess"];

/// The peers the ratios are taken against: the fastest bulk perft and the fastest full-make
/// perft among the Rust crates, so a ratio above 1 means faster than the best known.
pub const RATIO_PEERS: [&str; 2] = ["cozy-chess", "shakmaty"];

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

    /// The rate's confidence interval: the time interval turned upside down.
    pub fn rate_interval(&self) -> Option<(f64, f64)> {
        let count = match self.amount? {
            Amount::Elements(n) | Amount::Bytes(n) => n as f64,
        };
        let (low, high) = self.interval?;
        (low > 0.0 && high > 0.0).then(|| (count / high / 1e6, count / low / 1e6))
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
pub enum Kind {
    /// One of boardlab's registered backends.
    Backend,
    /// One of the outside libraries.
    Peer,
    /// Anything else (slider techniques, reference walks).
    Other,
}

/// Whether `function` names a backend, a peer or something else.
pub fn kind_of(function: &str) -> Kind {
    if Backend::ALL.iter().any(|b| b.name() == function) {
        Kind::Backend
    } else if PEERS.contains(&function) {
        Kind::Peer
    } else {
        Kind::Other
    }
}

/// Backends in registry order, then peers in [`PEERS`] order, then the rest by name.
fn function_order(function: &str) -> (Kind, usize, String) {
    let index = Backend::ALL
        .iter()
        .position(|b| b.name() == function)
        .or_else(|| PEERS.iter().position(|p| *p == function))
        .unwrap_or(usize::MAX);
    (kind_of(function), index, function.to_string())
}

/// Modes the benches write, in the order a reader wants them; other modes follow by name.
const MODE_ORDER: [&str; 5] = [
    "perft-bulk",
    "perft-full-make",
    "movegen",
    "make-unmake",
    "attacks",
];

/// What a mode's rates count, for axis labels and table headings.
pub fn unit_of(mode: &str, amount: Option<Amount>) -> &'static str {
    match amount {
        None => "microseconds per iteration (shorter is faster)",
        Some(Amount::Bytes(_)) => "million bytes per second",
        Some(Amount::Elements(_)) => {
            if mode.starts_with("perft") {
                "million nodes per second"
            } else if mode == "movegen" || mode == "make-unmake" {
                "million moves per second"
            } else if mode == "attacks" || mode.starts_with("sliders") {
                "million queries per second"
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
        ["nodes", "moves", "queries", "bytes"]
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

/// Where the machine and compiler are described from.
#[derive(Debug, Clone, Default)]
pub struct Machine {
    /// The CPU model, from `/proc/cpuinfo`.
    pub cpu: Option<String>,
    /// The logical processors counted in `/proc/cpuinfo`.
    pub processors: usize,
    /// The CPU flags, from `/proc/cpuinfo`.
    pub flags: Vec<String>,
    /// Memory in KiB, from `/proc/meminfo`.
    pub memory_kib: Option<u64>,
}

/// The flags the bitboard code and the `x86-64-v3` build depend on, shown first.
pub const KEY_FLAGS: [&str; 6] = ["popcnt", "lzcnt", "bmi1", "bmi2", "avx2", "avx512f"];

impl Machine {
    /// The machine this process runs on, as far as `/proc` tells.
    pub fn current() -> Machine {
        let mut machine = Machine::default();
        if let Ok(text) = fs::read_to_string("/proc/cpuinfo") {
            for line in text.lines() {
                let Some((key, value)) = line.split_once(':') else {
                    continue;
                };
                match key.trim() {
                    "processor" => machine.processors += 1,
                    "model name" if machine.cpu.is_none() => {
                        machine.cpu = Some(value.trim().to_string())
                    }
                    "flags" if machine.flags.is_empty() => {
                        machine.flags = value.split_whitespace().map(str::to_string).collect()
                    }
                    _ => {}
                }
            }
        }
        if let Ok(text) = fs::read_to_string("/proc/meminfo") {
            machine.memory_kib = text
                .lines()
                .find_map(|line| line.strip_prefix("MemTotal:"))
                .and_then(|rest| rest.split_whitespace().next())
                .and_then(|kib| kib.parse().ok());
        }
        machine
    }

    /// Whether the CPU reports that it runs under a hypervisor.
    pub fn is_virtual(&self) -> bool {
        self.flags.iter().any(|f| f == "hypervisor")
    }

    /// One line: model, processors, memory, virtual or not.
    pub fn summary(&self) -> String {
        let mut text = self
            .cpu
            .clone()
            .unwrap_or_else(|| "an unknown CPU (no /proc/cpuinfo)".to_string());
        if self.processors > 0 {
            text.push_str(&format!(", {} logical processors", self.processors));
        }
        if let Some(kib) = self.memory_kib {
            text.push_str(&format!(", {:.0} GiB of memory", kib as f64 / 1048576.0));
        }
        if self.is_virtual() {
            text.push_str(", a virtual machine");
        }
        text
    }

    /// The key flags the CPU has and lacks. Linux names LZCNT `abm` on some processors.
    pub fn key_flags(&self) -> (Vec<&'static str>, Vec<&'static str>) {
        KEY_FLAGS.iter().partition(|&&flag| {
            self.flags
                .iter()
                .any(|f| f == flag || (flag == "lzcnt" && f == "abm"))
        })
    }
}

/// The compiler this binary was built with, and its code-generation flags.
pub fn compiler() -> String {
    let flags = env!("BOARDLAB_RUSTFLAGS").trim();
    let profile = env!("BOARDLAB_PROFILE");
    let mut text = env!("BOARDLAB_RUSTC_VERSION").to_string();
    if !profile.is_empty() {
        text.push_str(&format!(", {profile} profile"));
    }
    if !flags.is_empty() {
        text.push_str(&format!(", flags `{flags}`"));
    }
    text
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
    /// attacks) where a registered backend has no result. Other groups (a slider bench, whose
    /// functions are techniques) promise no such thing.
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

/// Where criterion writes when told nothing: `$CRITERION_HOME`, else the `criterion` folder of
/// `$CARGO_TARGET_DIR`, else `target/criterion`, as criterion itself decides.
pub fn default_criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(target) => PathBuf::from(target).join("criterion"),
        None => PathBuf::from("target/criterion"),
    }
}

/// Folders criterion keeps beside `new` (the previous run, the comparison) and criterion's
/// own report pages, none of which hold current results; and this report's own output.
const SKIPPED: [&str; 4] = ["base", "change", "report", "boardlab"];

/// Reads every `new/benchmark.json` with its `new/estimates.json` under `dir`.
///
/// # Errors
///
/// A directory that cannot be read, a result file that cannot be read or is not what
/// criterion writes, or a directory with no results at all.
pub fn read_criterion(dir: &Path) -> Result<Results, Error> {
    let metadata = fs::metadata(dir).map_err(|err| Error::Read(dir.to_path_buf(), err))?;
    if !metadata.is_dir() {
        return Err(Error::Usage(format!(
            "{} is not a directory of criterion results",
            dir.display()
        )));
    }
    let mut found = Vec::new();
    collect(dir, 0, &mut found)?;
    if found.is_empty() {
        return Err(Error::Usage(format!(
            "no criterion results under {} (run `cargo bench --bench perft` first, or name \
             the directory with --criterion)",
            dir.display()
        )));
    }
    let measurements = found
        .iter()
        .map(|new| read_measurement(new))
        .collect::<Result<Vec<_>, Error>>()?;
    let mut results = Results::new(
        format!(
            "criterion's saved results in {} (made by `cargo bench --bench perft` and `cargo \
             bench --bench movegen`)",
            dir.display()
        ),
        measurements,
    );
    if let Some(note) = stale_note(&results) {
        results.notes.push(note);
    }
    Ok(results)
}

/// Criterion nests results as `GROUP/FUNCTION[/VALUE]/new`; a few levels more are allowed for
/// safety, and no deeper, so a symbolic link loop cannot run away.
const MAX_DEPTH: usize = 8;

fn collect(dir: &Path, depth: usize, found: &mut Vec<PathBuf>) -> Result<(), Error> {
    if depth > MAX_DEPTH {
        return Ok(());
    }
    let entries = fs::read_dir(dir).map_err(|err| Error::Read(dir.to_path_buf(), err))?;
    let mut dirs = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|err| Error::Read(dir.to_path_buf(), err))?;
        let path = entry.path();
        let is_dir = entry.file_type().map(|t| t.is_dir()).unwrap_or(false);
        if !is_dir {
            continue;
        }
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name == "new" {
            if path.join("benchmark.json").is_file() || path.join("estimates.json").is_file() {
                found.push(path);
            }
        } else if !SKIPPED.contains(&name.as_ref()) {
            dirs.push(path);
        }
    }
    dirs.sort();
    for sub in dirs {
        collect(&sub, depth + 1, found)?;
    }
    Ok(())
}

fn read_json(path: &Path) -> Result<Value, Error> {
    let text = fs::read_to_string(path).map_err(|err| Error::Read(path.to_path_buf(), err))?;
    serde_json::from_str(&text).map_err(|err| {
        Error::Usage(format!(
            "{}: not a criterion result file ({err})",
            path.display()
        ))
    })
}

fn corrupt(path: &Path, what: &str) -> Error {
    Error::Usage(format!(
        "{}: not a criterion result file ({what})",
        path.display()
    ))
}

fn read_measurement(new: &Path) -> Result<Measurement, Error> {
    let benchmark_path = new.join("benchmark.json");
    let estimates_path = new.join("estimates.json");
    let benchmark = read_json(&benchmark_path)?;
    let estimates = read_json(&estimates_path)?;
    let group = benchmark
        .get("group_id")
        .and_then(Value::as_str)
        .ok_or_else(|| corrupt(&benchmark_path, "no group_id"))?
        .to_string();
    let function = benchmark.get("function_id").and_then(Value::as_str);
    let value = benchmark.get("value_str").and_then(Value::as_str);
    let function = match (function, value) {
        (Some(f), Some(v)) => format!("{f}/{v}"),
        (Some(f), None) => f.to_string(),
        (None, Some(v)) => v.to_string(),
        (None, None) => group.clone(),
    };
    let amount = match benchmark.get("throughput") {
        None | Some(Value::Null) => None,
        Some(throughput) => {
            let count = |key: &str| throughput.get(key).and_then(Value::as_u64);
            match (
                count("Elements"),
                count("Bytes").or_else(|| count("BytesDecimal")),
            ) {
                (Some(n), _) => Some(Amount::Elements(n)),
                (None, Some(n)) => Some(Amount::Bytes(n)),
                _ => return Err(corrupt(&benchmark_path, "a throughput of no known kind")),
            }
        }
    };
    // Criterion's headline is the slope of time against iterations when it fitted one (linear
    // sampling), and the mean otherwise (flat sampling); its estimates are in nanoseconds.
    let estimate = ["slope", "mean"]
        .iter()
        .find_map(|key| estimates.get(*key).filter(|v| !v.is_null()))
        .ok_or_else(|| corrupt(&estimates_path, "neither a slope nor a mean"))?;
    let nanoseconds = estimate
        .get("point_estimate")
        .and_then(Value::as_f64)
        .filter(|ns| ns.is_finite() && *ns > 0.0)
        .ok_or_else(|| corrupt(&estimates_path, "no positive point_estimate"))?;
    let interval = estimate.get("confidence_interval").and_then(|ci| {
        let low = ci.get("lower_bound")?.as_f64()?;
        let high = ci.get("upper_bound")?.as_f64()?;
        Some((low * 1e-9, high * 1e-9))
    });
    let saved = fs::metadata(&estimates_path)
        .and_then(|m| m.modified())
        .ok();
    Ok(Measurement {
        group,
        function,
        seconds: nanoseconds * 1e-9,
        interval,
        amount,
        saved,
    })
}

/// A note when some results were saved before this binary was built: the code they measured
/// may not be the code of this binary.
fn stale_note(results: &Results) -> Option<String> {
    let built = std::env::current_exe()
        .and_then(fs::metadata)
        .and_then(|m| m.modified())
        .ok()?;
    let older = results
        .measurements
        .iter()
        .filter(|m| m.saved.is_some_and(|saved| saved < built))
        .count();
    (older > 0).then(|| {
        format!(
            "{older} of {} results were saved before this boardlab binary was built ({}): \
             the code may have changed since they were measured. Run `cargo bench` again to \
             measure the current code.",
            results.measurements.len(),
            utc_time(built)
        )
    })
}

/// A time as `2026-11-23 23:05 UTC`.
pub fn utc_time(time: SystemTime) -> String {
    let seconds = match time.duration_since(SystemTime::UNIX_EPOCH) {
        Ok(since) => since.as_secs() as i64,
        Err(before) => -(before.duration().as_secs() as i64),
    };
    let days = seconds.div_euclid(86_400);
    let in_day = seconds.rem_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        in_day / 3600,
        in_day % 3600 / 60
    )
}

/// The proleptic Gregorian date of a day count from 1970-01-01, by counting 400-year eras of
/// 146 097 days from 0000-03-01 so that the leap day falls at the end of each counted year.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_index + 2) / 5 + 1) as u32;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Board and table bytes of every registered backend, from the registry.
pub fn backend_sizes() -> Vec<(Backend, usize, usize)> {
    Backend::ALL
        .iter()
        .map(|&backend| {
            with_backend!(backend, B => {
                use boardlab_core::Board;
                (backend, B::board_bytes(), B::table_bytes())
            })
        })
        .collect()
}

/// Writes `text` to `path`, creating its folder.
pub fn write_file(path: &Path, text: &str) -> Result<(), Error> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent).map_err(|err| {
            Error::Usage(format!(
                "cannot create {}: {}",
                parent.display(),
                lower(&err)
            ))
        })?;
    }
    fs::write(path, text)
        .map_err(|err| Error::Usage(format!("cannot write {}: {}", path.display(), lower(&err))))
}

/// A group's measurements keyed by function, for tables with one column per function.
pub fn columns<'a>(groups: &[&Group<'a>]) -> Vec<&'a str> {
    let mut seen: BTreeMap<(Kind, usize, String), &'a str> = BTreeMap::new();
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
    use std::time::Duration;

    #[test]
    fn dates_are_the_calendar_dates() {
        let at = |secs: u64| utc_time(SystemTime::UNIX_EPOCH + Duration::from_secs(secs));
        assert_eq!(at(0), "1970-01-01 00:00 UTC");
        // 2000-02-29 12:34 UTC, a leap day of a year divisible by 400 (date(1) -d @951827640).
        assert_eq!(at(951_827_640), "2000-02-29 12:34 UTC");
        // 2026-11-23 23:05 UTC.
        assert_eq!(at(1_795_475_100), "2026-11-23 23:05 UTC");
    }

    #[test]
    fn positions_sort_as_the_suite_lists_them() {
        let mut names = vec!["position10", "position3", "kiwipete", "startpos"];
        names.sort_by_key(|n| natural_key(n));
        assert_eq!(names, ["startpos", "kiwipete", "position3", "position10"]);
    }

    fn measurement(group: &str, function: &str, seconds: f64) -> Measurement {
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
