//! The engine workloads' part of `boardlab compare`: each backend's row, the check that every
//! backend did the same work, and the table, JSON lines and report measurements they print.

use super::*;

/// A backend's work in one engine workload.
pub(super) struct EngineRow {
    pub(super) backend: Backend,
    pub(super) measured: Measured,
    pub(super) mismatches: Vec<String>,
}

pub(super) fn engine_rows(
    workload: Workload,
    backends: &[Backend],
    set: &PositionSet,
    budget: u64,
) -> Result<Vec<EngineRow>, Error> {
    let bar = progress_bar(backends.len() as u64);
    let mut rows = Vec::new();
    for &backend in backends {
        bar.set_message(format!("{} {}", workload.name(), backend.name()));
        let measured = with_backend!(backend, B => workload::measure::<B>(workload, set, budget))?;
        rows.push(EngineRow {
            backend,
            measured,
            mismatches: Vec::new(),
        });
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(rows)
}

/// Notes in each row where its nodes or results differ from the first row's.
pub(super) fn engine_cross_check(rows: &mut [EngineRow]) {
    let Some((first, rest)) = rows.split_first_mut() else {
        return;
    };
    for row in rest {
        let (mine, theirs) = (&row.measured, &first.measured);
        let name = first.backend.name();
        if mine.nodes != theirs.nodes {
            row.mismatches.push(format!(
                "{} nodes, but {name} walks {}",
                mine.nodes, theirs.nodes
            ));
        }
        if mine.results.len() != theirs.results.len() {
            row.mismatches.push(format!(
                "{} results, but {name} has {}",
                mine.results.len(),
                theirs.results.len()
            ));
        }
        for ((item, result), (_, expected)) in mine.results.iter().zip(&theirs.results) {
            if result != expected {
                row.mismatches
                    .push(format!("{item}: {result}, but {name}: {expected}"));
            }
        }
    }
}

/// The share of a search's nodes spent in quiescence, as a percentage.
pub(super) fn quiescence_share(measured: &Measured) -> Option<f64> {
    let quiescence = measured.quiescence_nodes?;
    (measured.nodes > 0).then(|| 100.0 * quiescence as f64 / measured.nodes as f64)
}

pub(super) fn write_engine_json(
    workload: Workload,
    rows: &[EngineRow],
    workload_ranks: &[usize],
    perft_ranks: &[usize],
    out: &mut impl Write,
) -> Result<(), Error> {
    for ((row, rank), perft_rank) in rows.iter().zip(workload_ranks).zip(perft_ranks) {
        let measured = &row.measured;
        let mut line = json!({
            "backend": row.backend.name(),
            "workload": workload.name(),
            "nodes": measured.nodes,
            "nps": measured.nps(),
            "seconds": measured.seconds,
            "rank": rank,
            "perft_rank": perft_rank,
            "agree": row.mismatches.is_empty(),
            "mismatches": row.mismatches,
        });
        let results: serde_json::Map<String, serde_json::Value> = measured
            .results
            .iter()
            .map(|(item, result)| (item.clone(), json!(result)))
            .collect();
        line["results"] = json!(results);
        if workload == Workload::Search {
            line["quiescence_nodes"] = json!(measured.quiescence_nodes);
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// What an engine workload did, in one line above its table.
pub(super) fn describe(workload: Workload, set: &PositionSet, budget: u64) -> String {
    let bound = if budget == u64::MAX {
        String::new()
    } else {
        format!(", at most {budget} nodes")
    };
    let what = match workload {
        Workload::Search => format!(
            "the Bratko-Kopec positions, each to depth {} with quiescence and the full evaluation",
            workload::SEARCH_DEPTH
        ),
        Workload::Eval => format!(
            "the full evaluation of {} positions, pass after pass",
            set.len()
        ),
        Workload::See => format!(
            "the SEE of every capture of {} positions, pass after pass",
            set.len()
        ),
        Workload::Attacks => format!(
            "the attack maps of {} positions, pass after pass",
            set.len()
        ),
        Workload::Perft | Workload::All => String::new(),
    };
    format!(
        "{}: {what}{bound}; a node is {}",
        workload.name(),
        workload.node()
    )
}

pub(super) fn write_engine_table(
    workload: Workload,
    set: &PositionSet,
    budget: u64,
    rows: &[EngineRow],
    workload_ranks: &[usize],
    perft_ranks: &[usize],
    out: &mut impl Write,
) -> Result<(), Error> {
    writeln!(out, "{}", describe(workload, set, budget))?;
    writeln!(
        out,
        "{:<12} {:>12} {:>10} {:>9} {:>11} {:>5} {:>10}  agreement",
        "backend", "nodes", "knps", "seconds", "quiescence", "rank", "perft rank"
    )?;
    for ((row, rank), perft_rank) in rows.iter().zip(workload_ranks).zip(perft_ranks) {
        let measured = &row.measured;
        let quiescence = match (workload, quiescence_share(measured)) {
            (Workload::Search, Some(share)) => format!("{share:.1}%"),
            // Only a search has quiescence; a search that does not report it shows a dash.
            _ => "-".to_string(),
        };
        let agreement = agreement_cell(&row.mismatches);
        writeln!(
            out,
            "{:<12} {:>12} {:>10.1} {:>9.2} {:>11} {:>5} {:>10}  {agreement}",
            row.backend.name(),
            measured.nodes,
            measured.nps() / 1e3,
            measured.seconds,
            quiescence,
            rank,
            perft_rank,
        )?;
    }
    if let Some(first) = rows.first() {
        let results: Vec<String> = first
            .measured
            .results
            .iter()
            .map(|(item, result)| format!("{item}: {result}"))
            .collect();
        // A search finds a line per position; the other workloads one sum.
        let separator = if results.len() > 1 { "\n  " } else { " " };
        writeln!(
            out,
            "{} found:{separator}{}",
            first.backend.name(),
            results.join(separator)
        )?;
    }
    for row in rows {
        for mismatch in &row.mismatches {
            writeln!(out, "{}: {mismatch}", row.backend.name())?;
        }
    }
    Ok(())
}

/// Each backend's rank in every workload run, perft first (1 = fastest).
pub(super) fn write_rank_summary(
    backends: &[Backend],
    all_ranks: &[(Workload, Vec<usize>)],
    out: &mut impl Write,
) -> Result<(), Error> {
    write!(out, "{:<12}", "rank")?;
    for (workload, _) in all_ranks {
        write!(out, " {:>8}", workload.name())?;
    }
    writeln!(out)?;
    for (i, backend) in backends.iter().enumerate() {
        write!(out, "{:<12}", backend.name())?;
        for (_, ranks) in all_ranks {
            write!(out, " {:>8}", ranks[i])?;
        }
        writeln!(out)?;
    }
    Ok(())
}

pub(super) fn engine_measurements(workload: Workload, rows: &[EngineRow]) -> Vec<Measurement> {
    let saved = Some(SystemTime::now());
    rows.iter()
        .map(|row| Measurement {
            group: workload.name().to_string(),
            function: row.backend.name().to_string(),
            seconds: row.measured.seconds,
            interval: None,
            amount: Some(Amount::Elements(row.measured.nodes)),
            saved,
        })
        .collect()
}
