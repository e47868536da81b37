//! Reading criterion's saved results: every `new/benchmark.json` with its `new/estimates.json`
//! under criterion's output directory.

use super::machine::utc_time;
use super::{Amount, Measurement, Results};
use crate::Error;
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

/// Where criterion writes when told nothing: `$CRITERION_HOME`, else the `criterion` folder of
/// `$CARGO_TARGET_DIR`, else `target/criterion`, as criterion itself decides.
pub(crate) fn default_criterion_dir() -> PathBuf {
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
pub(crate) fn read_criterion(dir: &Path) -> Result<Results, Error> {
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
const MAX_NESTING: usize = 8;

fn collect(dir: &Path, depth: usize, found: &mut Vec<PathBuf>) -> Result<(), Error> {
    if depth > MAX_NESTING {
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

/// Which of a result's two files a problem was found in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ResultFile {
    /// `benchmark.json`: the ids and the throughput.
    Benchmark,
    /// `estimates.json`: the timings.
    Estimates,
}

fn read_measurement(new: &Path) -> Result<Measurement, Error> {
    let benchmark_path = new.join("benchmark.json");
    let estimates_path = new.join("estimates.json");
    let read =
        |path: &Path| fs::read_to_string(path).map_err(|err| Error::Read(path.to_path_buf(), err));
    let (benchmark, estimates) = (read(&benchmark_path)?, read(&estimates_path)?);
    let mut measurement = parse_measurement(&benchmark, &estimates).map_err(|(file, what)| {
        let path = match file {
            ResultFile::Benchmark => &benchmark_path,
            ResultFile::Estimates => &estimates_path,
        };
        Error::Usage(format!(
            "{}: not a criterion result file ({what})",
            path.display()
        ))
    })?;
    measurement.saved = fs::metadata(&estimates_path)
        .and_then(|m| m.modified())
        .ok();
    Ok(measurement)
}

/// One result from the texts of its `benchmark.json` and `estimates.json`, without the time it
/// was saved (which only the files have).
///
/// # Errors
///
/// The file that is not what criterion writes, and what is wrong with it.
pub(crate) fn parse_measurement(
    benchmark: &str,
    estimates: &str,
) -> Result<Measurement, (ResultFile, String)> {
    let corrupt = |file: ResultFile, what: &str| (file, what.to_string());
    let benchmark: Value =
        serde_json::from_str(benchmark).map_err(|err| (ResultFile::Benchmark, err.to_string()))?;
    let estimates: Value =
        serde_json::from_str(estimates).map_err(|err| (ResultFile::Estimates, err.to_string()))?;
    let group = benchmark
        .get("group_id")
        .and_then(Value::as_str)
        .ok_or_else(|| corrupt(ResultFile::Benchmark, "no group_id"))?
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
                _ => {
                    return Err(corrupt(
                        ResultFile::Benchmark,
                        "a throughput of no known kind",
                    ))
                }
            }
        }
    };
    // Criterion's headline is the slope of time against iterations when it fitted one (linear
    // sampling), and the mean otherwise (flat sampling); its estimates are in nanoseconds.
    let estimate = ["slope", "mean"]
        .iter()
        .find_map(|key| estimates.get(*key).filter(|v| !v.is_null()))
        .ok_or_else(|| corrupt(ResultFile::Estimates, "neither a slope nor a mean"))?;
    let nanoseconds = estimate
        .get("point_estimate")
        .and_then(Value::as_f64)
        .filter(|ns| ns.is_finite() && *ns > 0.0)
        .ok_or_else(|| corrupt(ResultFile::Estimates, "no positive point_estimate"))?;
    let interval = estimate.get("confidence_interval").and_then(|ci| {
        let low = ci.get("lower_bound")?.as_f64()?;
        let high = ci.get("upper_bound")?.as_f64()?;
        Some((low * 1e-9, high * 1e-9))
    });
    Ok(Measurement {
        group,
        function,
        seconds: nanoseconds * 1e-9,
        interval,
        amount,
        saved: None,
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
