//! The report as Markdown for the book: the ratio table and one table of rates per mode, with
//! the machine, the compiler and the date above them. mdBook anchors (`ANCHOR: setting`,
//! `ANCHOR: ratios`, `ANCHOR: rates`) let a chapter include one part.
//!
//! The board and table bytes the HTML page shows are left out: they are the same on every
//! machine and change with the code, not with a run, so a file of measurements that keeps them
//! goes stale at the next change. The book takes them from `docs/src/generated/sizes.txt`,
//! which `cargo test --test integration docs_generated` holds to the code.

use super::{columns, compiler, ratio_tables, utc_time, Group, Machine, Results, RATIO_PEERS};
use std::fmt::Write;

/// The Markdown of `results`; `command` is how it was made, written at the top so a reader
/// can make it again.
pub(crate) fn markdown(results: &Results, machine: &Machine, command: &str) -> String {
    let mut text = String::new();
    let w = &mut text;
    // Writing to a String cannot fail; the results are ignored for that reason.
    let _ = writeln!(
        w,
        "<!-- Written by `{command}`; run it again rather than editing. -->\n"
    );
    let saved = match results.saved_range() {
        Some((oldest, newest)) if utc_time(oldest) == utc_time(newest) => utc_time(newest),
        Some((oldest, newest)) => format!("between {} and {}", utc_time(oldest), utc_time(newest)),
        None => "at an unknown time".to_string(),
    };
    let (has, _) = machine.key_flags();
    let _ = writeln!(
        w,
        "<!-- ANCHOR: setting -->\nMeasured {saved} on {} (CPU flags used by the code: {}), \
         built by {}. To measure your own machine, run `cargo bench --bench perft`, `cargo \
         bench --bench movegen` and then `{command}`.\n<!-- ANCHOR_END: setting -->\n",
        machine.summary(),
        if has.is_empty() {
            "none".to_string()
        } else {
            has.join(", ")
        },
        compiler()
    );
    for note in &results.notes {
        let _ = writeln!(w, "> {note}\n");
    }
    write_ratios(w, results);
    write_rates(w, results);
    text
}

fn write_ratios(w: &mut String, results: &Results) {
    let ratios = results.ratios();
    let _ = writeln!(w, "<!-- ANCHOR: ratios -->");
    if ratios.is_empty() {
        let _ = writeln!(
            w,
            "No results of {} to compare with.",
            RATIO_PEERS.join(" or ")
        );
    }
    for table in ratio_tables(&ratios) {
        let _ = writeln!(
            w,
            "Against {}:\n\n| function | {} |\n|---|{}",
            table.peer,
            table.modes.join(" | "),
            "---:|".repeat(table.modes.len())
        );
        for (function, cells) in &table.rows {
            let cells: Vec<String> = cells
                .iter()
                .map(|cell| cell.map(|r| format!("{:.3}", r.ratio)).unwrap_or_default())
                .collect();
            let _ = writeln!(w, "| {function} | {} |", cells.join(" | "));
        }
        let _ = writeln!(w);
    }
    if !ratios.is_empty() {
        let _ = writeln!(
            w,
            "Each ratio is the geometric mean over the mode's positions of the function's \
             rate over the peer's on the same position: above 1 is faster than the peer."
        );
    }
    let _ = writeln!(w, "<!-- ANCHOR_END: ratios -->\n");
}

fn write_rates(w: &mut String, results: &Results) {
    let groups = results.groups();
    let _ = writeln!(w, "<!-- ANCHOR: rates -->");
    for mode in results.modes() {
        let in_mode: Vec<&Group> = groups.iter().filter(|g| g.mode() == mode).collect();
        let functions = columns(&in_mode);
        let unit = in_mode.first().map(|g| g.unit()).unwrap_or("");
        let _ = writeln!(w, "**{mode}**, {unit}:\n");
        let _ = writeln!(
            w,
            "| position | {} |\n|---|{}",
            functions.join(" | "),
            "---:|".repeat(functions.len())
        );
        for group in &in_mode {
            let cells: Vec<String> = functions
                .iter()
                .map(|f| {
                    group
                        .entry(f)
                        .map(|m| format!("{:.1}", group.value(m)))
                        .unwrap_or_default()
                })
                .collect();
            let position = if group.position().is_empty() {
                group.id
            } else {
                group.position()
            };
            let _ = writeln!(w, "| {position} | {} |", cells.join(" | "));
        }
        let _ = writeln!(w);
    }
    let _ = writeln!(w, "<!-- ANCHOR_END: rates -->\n");
}
