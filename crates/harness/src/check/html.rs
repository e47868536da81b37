//! The report as one HTML page: each failing position drawn as inline SVG with the differing
//! moves marked, no scripts, nothing fetched from the network.

use super::report::{move_list, CheckReport, Failure};
use boardlab_core::{Square, UciMove};
use boardlab_reference::ReferenceBoard;
use boardlab_views::svg::{escape, piece_cell, Figure, Panel, Tone};
use itertools::Itertools;
use std::fmt::Write;

const STYLE: &str = "body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;\
color:#1a1a1a}h2{margin-top:2.5rem;border-bottom:1px solid #ccc}code{font-size:0.9em;\
word-break:break-all}figure{margin:1rem 0}.ok{color:#2a7a2a}.bad{color:#b03020}";

/// The page.
pub fn page(report: &CheckReport) -> String {
    let mut html = String::new();
    let title = format!("boardlab check: {}", report.tested);
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(&title),
        escape(&title)
    );
    for line in report.summary() {
        let _ = writeln!(html, "<p>{}</p>", escape(&line));
    }
    if report.failures.is_empty() {
        let _ = writeln!(html, "<p class=\"ok\">Every count agrees.</p>");
    }
    for group in report.groups() {
        let _ = writeln!(
            html,
            "<h2>{} <small>({} of {})</small></h2>\n<p>{}.</p>",
            escape(group.tag.name()),
            group.failures.len(),
            report.failures.len(),
            escape(group.tag.meaning())
        );
        if let Some(command) = report.diff_command(&report.failures[group.failures[0]]) {
            let _ = writeln!(
                html,
                "<p>Reproduce the first with <code>{}</code></p>",
                escape(&command)
            );
        }
        for &index in &group.failures {
            let failure = &report.failures[index];
            let _ = writeln!(html, "<figure>{}</figure>", drawing(report, failure));
        }
    }
    html.push_str("</body>\n</html>\n");
    html
}

/// A failing position as SVG: the board where the move lists differ, each differing move an
/// arrow, its target green when only the reference lists it and red when only the generator
/// does.
fn drawing(report: &CheckReport, failure: &Failure) -> String {
    let board: ReferenceBoard = failure.at.board();
    let squares = |moves: &[UciMove]| -> Vec<(Square, Square)> {
        moves.iter().map(|mv| (mv.from, mv.to)).collect()
    };
    let (missing, extra) = (squares(&failure.missing), squares(&failure.extra));
    let mut panel = Panel::board("where the move lists differ", |sq| {
        let mut cell = piece_cell(&board, sq);
        if extra.iter().any(|&(_, to)| to == sq) {
            cell.tone = Tone::Capture;
        } else if missing.iter().any(|&(_, to)| to == sq) {
            cell.tone = Tone::Reach;
        } else if missing.iter().chain(&extra).any(|&(from, _)| from == sq) {
            cell.tone = Tone::Focus;
        }
        cell
    });
    for &(from, to) in missing.iter().chain(&extra) {
        panel
            .arrows
            .push((Panel::board_position(from), Panel::board_position(to)));
    }
    let tags: Vec<&str> = failure.tags.iter().map(|tag| tag.name()).collect();
    panel.notes.push(format!(
        "only in {}: {}",
        report.tested,
        move_list(&failure.extra)
    ));
    panel.notes.push(format!(
        "only in {}: {}",
        report.reference,
        move_list(&failure.missing)
    ));
    let mut figure = Figure::new(format!(
        "{}: counts differ from depth {} ({} expected, {} counted)",
        failure.label, failure.depth, failure.expected, failure.counted
    ));
    figure.lines.push(format!("tags: {}", tags.join(", ")));
    figure
        .lines
        .push(format!("position checked: {}", failure.position.fen()));
    if !failure.path.is_empty() {
        figure
            .lines
            .push(format!("after: {}", failure.path.iter().join(" ")));
    }
    figure.lines.push(format!(
        "fen: {}",
        failure.at.setup().to_fen_pseudo_legal_ep()
    ));
    figure.panels.push(panel);
    figure.legend(Tone::Focus, "a differing move starts here");
    figure.legend(Tone::Capture, format!("only {} moves here", report.tested));
    figure.legend(Tone::Reach, format!("only {} moves here", report.reference));
    figure.to_svg()
}
