//! The engine workloads' part of `boardlab compare`: each backend's row, the check that every
//! backend did the same work, and the table, JSON lines and report measurements they print.

use super::*;

/// A backend's work in one engine workload.
pub(super) struct EngineRow {
    pub(super) backend: Backend,
    /// The fastest run.
    pub(super) measured: Measured,
    /// How far the runs' rates spread, the fastest less the slowest over the fastest, when
    /// there was more than one run.
    pub(super) spread: Option<f64>,
    pub(super) mismatches: Vec<String>,
}

/// Times `run` on every backend, `runs` times over all of them in turn, and keeps each
/// backend's fastest run: whatever else the machine does only ever slows a run down, so the
/// fastest is the one least disturbed.
pub(super) fn engine_rows(
    run: WorkloadRun,
    backends: &[Backend],
    runs: u32,
) -> Result<Vec<EngineRow>, Error> {
    let bar = progress_bar(backends.len() as u64 * u64::from(runs));
    let mut runs_of: Vec<Vec<Measured>> = backends.iter().map(|_| Vec::new()).collect();
    for pass in 1..=runs {
        for (&backend, measured_runs) in backends.iter().zip(&mut runs_of) {
            bar.set_message(format!(
                "{} {} run {pass}",
                run.workload.name(),
                backend.name()
            ));
            let measured = board_type(backend).measure(run)?;
            measured_runs.push(measured);
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    Ok(backends
        .iter()
        .zip(runs_of)
        .map(|(&backend, measured_runs)| fastest_row(backend, measured_runs))
        .collect())
}

/// A backend's row from its runs: the fastest run, and a note for every run that did other
/// work than the first.
fn fastest_row(backend: Backend, mut runs: Vec<Measured>) -> EngineRow {
    let mut mismatches = Vec::new();
    for (index, run) in runs.iter().enumerate().skip(1) {
        if run.nodes != runs[0].nodes || run.results != runs[0].results {
            mismatches.push(format!(
                "run {} walked {} nodes with other results than run 1's {}",
                index + 1,
                run.nodes,
                runs[0].nodes
            ));
        }
    }
    runs.sort_by(|a, b| a.nps().total_cmp(&b.nps()));
    let slowest = runs.first().map_or(0.0, Measured::nps);
    let fastest = runs.last().map_or(0.0, Measured::nps);
    let several = runs.len() > 1;
    let measured = runs.pop().expect("at least one run");
    let spread = (several && fastest > 0.0).then(|| (fastest - slowest) / fastest);
    EngineRow {
        backend,
        measured,
        spread,
        mismatches,
    }
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

/// A workload's rows with each backend's rank in this workload and in the ranking perft, as
/// the table and the JSON lines show them; the three lists are in the same backend order.
#[derive(Clone, Copy)]
pub(super) struct RankedRows<'a> {
    pub(super) rows: &'a [EngineRow],
    pub(super) workload_ranks: &'a [usize],
    pub(super) perft_ranks: &'a [usize],
}

impl<'a> RankedRows<'a> {
    /// Each row with its workload rank and its perft rank.
    fn iter(self) -> impl Iterator<Item = (&'a EngineRow, usize, usize)> {
        self.rows
            .iter()
            .zip(self.workload_ranks)
            .zip(self.perft_ranks)
            .map(|((row, &rank), &perft_rank)| (row, rank, perft_rank))
    }
}

/// The share of a search's nodes spent in quiescence, as a percentage.
pub(super) fn quiescence_share(measured: &Measured) -> Option<f64> {
    share(measured.quiescence_nodes?, measured.nodes)
}

/// The share of a search's nodes that stood pat, as a percentage.
pub(super) fn stand_pat_share(measured: &Measured) -> Option<f64> {
    share(measured.stand_pat_nodes?, measured.nodes)
}

fn share(part: u64, nodes: u64) -> Option<f64> {
    (nodes > 0).then(|| 100.0 * part as f64 / nodes as f64)
}

pub(super) fn write_engine_json(
    run: WorkloadRun,
    ranked: RankedRows,
    out: &mut impl Write,
) -> Result<(), Error> {
    let WorkloadRun {
        workload, terms, ..
    } = run;
    for (row, rank, perft_rank) in ranked.iter() {
        let measured = &row.measured;
        let mut line = json!({
            "backend": row.backend.name(),
            "workload": workload.name(),
            "nodes": measured.nodes,
            "nps": measured.nps(),
            "seconds": measured.seconds,
            "rank": rank,
            "perft_rank": perft_rank,
            "spread": row.spread,
            "agree": row.mismatches.is_empty(),
            "mismatches": row.mismatches,
        });
        let results: serde_json::Map<String, serde_json::Value> = measured
            .results
            .iter()
            .map(|(item, result)| (item.clone(), json!(result)))
            .collect();
        line["results"] = json!(results);
        if matches!(workload, Workload::Search | Workload::Trials) {
            line["quiescence_nodes"] = json!(measured.quiescence_nodes);
        }
        if workload == Workload::Trials {
            line["quiescence_share"] = json!(quiescence_share(measured));
            line["stand_pat_nodes"] = json!(measured.stand_pat_nodes);
            line["stand_pat_share"] = json!(stand_pat_share(measured));
            let parts: serde_json::Map<String, serde_json::Value> = measured
                .parts
                .iter()
                .map(|part| {
                    let figures = json!({
                        "nodes": part.nodes,
                        "seconds": part.seconds,
                        "nps": part.nps(),
                    });
                    (part.name.to_string(), figures)
                })
                .collect();
            line["parts"] = json!(parts);
        }
        if matches!(workload, Workload::Search | Workload::Eval) {
            line["eval"] = json!(terms.name());
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// What an engine workload did, in one line above its table.
pub(super) fn describe(run: WorkloadRun) -> String {
    let WorkloadRun {
        workload,
        terms,
        set,
        budget,
        depth,
    } = run;
    let bound = if budget == u64::MAX {
        String::new()
    } else {
        format!(", at most {budget} nodes")
    };
    let evaluation = match terms {
        EvalTerms::Pst => "the piece-square evaluation",
        EvalTerms::Full => "the full evaluation",
    };
    let what = match workload {
        Workload::Search => format!(
            "the Bratko-Kopec positions, each to depth {} with quiescence and {evaluation}",
            depth.unwrap_or(workload::SEARCH_DEPTH)
        ),
        Workload::Trials => {
            let depths = depth.map_or_else(
                || "each to its own depth".to_string(),
                |depth| format!("each to depth {depth}"),
            );
            format!(
                "the mailbox trials' search (alpha-beta, captures-only quiescence with delta \
                 pruning, MVV/LVA, the piece-square evaluation) of KiwiPete and {} endings with \
                 queens, {depths}, with the rate of the {} and of the {} apart",
                workload::trials::TRIALS_POSITIONS.len() - 1,
                workload::trials::MIDDLE_GAME,
                workload::trials::QUEEN_ENDINGS,
            )
        }
        Workload::Eval => format!("{evaluation} of {} positions, pass after pass", set.len()),
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
    run: WorkloadRun,
    ranked: RankedRows,
    out: &mut impl Write,
) -> Result<(), Error> {
    writeln!(out, "{}", describe(run))?;
    let workload = run.workload;
    let trials = workload == Workload::Trials;
    // The trials are set beside Muller's own figures, which are in millions of nodes a second,
    // and the share of nodes that stand pat is theirs alone.
    let (rate, scale, decimals) = if trials {
        ("Mnps", 1e6, 2)
    } else {
        ("knps", 1e3, 1)
    };
    // The trials also give the rate of each kind of position, the middle game and the queen
    // endings, since the claim is said to hold in one and fail in the other.
    let part_names: Vec<&str> = ranked.rows.first().map_or_else(Vec::new, |row| {
        row.measured.parts.iter().map(|part| part.name).collect()
    });
    let stand_pat_header = if trials {
        let parts: String = part_names
            .iter()
            .map(|name| format!(" {name:>13}"))
            .collect();
        format!(" {:>9}{parts}", "stand pat")
    } else {
        String::new()
    };
    writeln!(
        out,
        "{:<12} {:>12} {:>10} {:>9} {:>11}{stand_pat_header} {:>5} {:>10} {:>7}  agreement",
        "backend", "nodes", rate, "seconds", "quiescence", "rank", "perft rank", "spread"
    )?;
    let percent =
        |share: Option<f64>| share.map_or_else(|| "-".to_string(), |s| format!("{s:.1}%"));
    for (row, rank, perft_rank) in ranked.iter() {
        let measured = &row.measured;
        // Only a search has quiescence; a search that does not report it shows a dash.
        let quiescence = match workload {
            Workload::Search | Workload::Trials => percent(quiescence_share(measured)),
            _ => "-".to_string(),
        };
        let stand_pat = if trials {
            let parts: String = measured
                .parts
                .iter()
                .map(|part| format!(" {:>13.decimals$}", part.nps() / scale))
                .collect();
            format!(" {:>9}{parts}", percent(stand_pat_share(measured)))
        } else {
            String::new()
        };
        let agreement = agreement_cell(&row.mismatches);
        // One run has no spread to show.
        let spread = row.spread.map_or_else(
            || "-".to_string(),
            |spread| format!("{:.0}%", 100.0 * spread),
        );
        writeln!(
            out,
            "{:<12} {:>12} {:>10.decimals$} {:>9.2} {:>11}{stand_pat} {:>5} {:>10} {:>7}  {agreement}",
            row.backend.name(),
            measured.nodes,
            measured.nps() / scale,
            measured.seconds,
            quiescence,
            rank,
            perft_rank,
            spread,
        )?;
    }
    if let Some(first) = ranked.rows.first() {
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
    for row in ranked.rows {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn run(nodes: u64, seconds: f64) -> Measured {
        Measured {
            nodes,
            seconds,
            quiescence_nodes: None,
            stand_pat_nodes: None,
            results: vec![("sum".to_string(), "7".to_string())],
            parts: Vec::new(),
        }
    }

    #[test]
    fn the_row_keeps_the_fastest_run_and_how_far_the_runs_spread() {
        let runs = vec![run(100, 1.0), run(100, 0.5), run(100, 2.0)];
        let row = fastest_row(Backend::Magic, runs);
        assert_eq!(
            row.measured.seconds, 0.5,
            "the best rate of 50, 100 and 200"
        );
        assert_eq!(row.spread, Some(0.75), "(200 - 50) / 200");
        assert!(row.mismatches.is_empty());
        let single = fastest_row(Backend::Magic, vec![run(100, 1.0)]);
        assert_eq!(single.spread, None);
    }

    #[test]
    fn a_run_that_did_other_work_is_a_mismatch() {
        let row = fastest_row(
            Backend::X88,
            vec![run(100, 1.0), run(99, 1.0), run(100, 1.0)],
        );
        assert_eq!(row.mismatches.len(), 1, "{:?}", row.mismatches);
        assert!(row.mismatches[0].starts_with("run 2 walked 99 nodes"));
    }
}
