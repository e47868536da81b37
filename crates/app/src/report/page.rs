//! The report as one HTML page: every chart is inline SVG drawn by plotters, the style is in
//! the page, and nothing is fetched from the network or run as a script, so the file can be
//! mailed, archived or opened offline and still look the same.

use super::{
    backend_sizes, compiler, kind_of, ratio_tables, utc_time, FunctionKind, Group, Machine,
    Results, RATIO_PEERS,
};
use crate::Error;
use boardlab_views::svg::escape;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::fmt::Write;

/// Bars of boardlab's backends, of the outside libraries, and of anything else.
const BACKEND_COLOUR: RGBColor = RGBColor(31, 119, 180);
const PEER_COLOUR: RGBColor = RGBColor(230, 126, 34);
const OTHER_COLOUR: RGBColor = RGBColor(44, 160, 44);

const CHART_WIDTH: u32 = 760;
const BAR_HEIGHT: u32 = 26;

fn colour(kind: FunctionKind) -> RGBColor {
    match kind {
        FunctionKind::Backend => BACKEND_COLOUR,
        FunctionKind::Peer => PEER_COLOUR,
        FunctionKind::Other => OTHER_COLOUR,
    }
}

/// Escaped text with each `quoted` span set as code.
fn with_code(text: &str) -> String {
    escape(text)
        .split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                format!("<code>{part}</code>")
            } else {
                part.to_string()
            }
        })
        .collect()
}

fn drawing_error(err: impl std::fmt::Display) -> Error {
    Error::Usage(format!("cannot draw a chart: {err}"))
}

/// A horizontal bar chart of one group: one bar per function, first at the top, with its value
/// written at the bar's end.
fn bar_chart(group: &Group) -> Result<String, Error> {
    let bars: Vec<(&str, f64, FunctionKind)> = group
        .entries
        .iter()
        .map(|m| (m.function.as_str(), group.value(m), kind_of(&m.function)))
        .collect();
    let count = bars.len();
    let largest = bars.iter().map(|b| b.1).fold(0.0, f64::max);
    // Room to the right of the longest bar for its label.
    let x_end = if largest > 0.0 { largest * 1.18 } else { 1.0 };
    let height = 70 + BAR_HEIGHT * count as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (CHART_WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(drawing_error)?;
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(130)
            .build_cartesian_2d(0.0..x_end, (0..count).into_segmented())
            .map_err(drawing_error)?;
        // Index 0 is drawn at the top: segment `count - 1 - i` holds bar `i`.
        let label_of = |value: &SegmentValue<usize>| match value {
            SegmentValue::CenterOf(slot) | SegmentValue::Exact(slot) => bars
                .get(count.wrapping_sub(1).wrapping_sub(*slot))
                .map(|b| b.0.to_string())
                .unwrap_or_default(),
            SegmentValue::Last => String::new(),
        };
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(count)
            .y_label_formatter(&label_of)
            // plotters writes SVG font sizes at about three quarters of the size asked for;
            // these come out at 14 and 12 pixels.
            .y_label_style(("sans-serif", 19))
            .x_label_style(("sans-serif", 16))
            .x_labels(8)
            .x_label_formatter(&|x| tick(*x))
            .x_desc(group.unit())
            .axis_desc_style(("sans-serif", 17))
            .max_light_lines(1)
            .light_line_style(RGBColor(240, 240, 240))
            .draw()
            .map_err(drawing_error)?;
        chart
            .draw_series(bars.iter().enumerate().map(|(i, &(_, value, kind))| {
                let slot = count - 1 - i;
                let mut bar = Rectangle::new(
                    [
                        (0.0, SegmentValue::Exact(slot)),
                        (value, SegmentValue::Exact(slot + 1)),
                    ],
                    colour(kind).filled(),
                );
                bar.set_margin(4, 4, 0, 0);
                bar
            }))
            .map_err(drawing_error)?;
        let label_style = TextStyle::from(("sans-serif", 18).into_font())
            .pos(Pos::new(HPos::Left, VPos::Center))
            .color(&BLACK);
        chart
            .draw_series(bars.iter().enumerate().map(|(i, &(_, value, _))| {
                Text::new(
                    format!(" {}", format_value(value)),
                    (value, SegmentValue::CenterOf(count - 1 - i)),
                    label_style.clone(),
                )
            }))
            .map_err(drawing_error)?;
        root.present().map_err(drawing_error)?;
    }
    // The SVG is embedded in HTML, where its XML declaration has no place.
    let svg = match svg.find("<svg") {
        Some(start) => svg[start..].to_string(),
        None => svg,
    };
    Ok(svg)
}

/// An axis tick: whole numbers without a decimal point.
fn tick(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format_value(value)
    }
}

/// Three significant figures at most, never in exponent form.
fn format_value(value: f64) -> String {
    let magnitude = value.abs();
    if magnitude >= 100.0 || magnitude == 0.0 {
        format!("{value:.0}")
    } else if magnitude >= 10.0 {
        format!("{value:.1}")
    } else if magnitude >= 1.0 {
        format!("{value:.2}")
    } else {
        format!("{value:.3}")
    }
}

const STYLE: &str = "body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;\
color:#222;line-height:1.45}h1{font-size:1.7rem}h2{margin-top:2.2rem;border-bottom:1px solid #ccc}\
h3{margin-bottom:.3rem}table{border-collapse:collapse;margin:.6rem 0}\
td,th{border:1px solid #ccc;padding:.25rem .6rem}td.num{text-align:right;\
font-variant-numeric:tabular-nums}th{background:#f3f3f3}.note{background:#fff4d6;\
border-left:4px solid #e0a800;padding:.5rem .8rem;margin:.5rem 0}.key span{display:inline-block;\
width:.9rem;height:.9rem;margin:0 .3rem 0 1rem;vertical-align:middle}code{background:#f3f3f3;\
padding:0 .2rem}details{margin:.4rem 0}.flags{font-family:monospace;font-size:.85rem}\
figure{margin:.4rem 0 1.2rem}figcaption{color:#555;font-size:.9rem}";

/// The whole page for `results`, titled `title`.
///
/// # Errors
///
/// Only if a chart cannot be drawn.
pub(crate) fn html_page(
    title: &str,
    results: &Results,
    machine: &Machine,
) -> Result<String, Error> {
    let mut page = String::new();
    let w = &mut page;
    // Writing to a String cannot fail; the results are ignored for that reason.
    let _ = write!(
        w,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(title),
        escape(title)
    );
    let _ = writeln!(w, "<p>From {}.</p>", with_code(&results.source));
    for note in &results.notes {
        let _ = writeln!(w, "<p class=\"note\">{}</p>", with_code(note));
    }
    write_setting(w, results, machine);
    write_ratios(w, results);
    write_groups(w, results)?;
    write_sizes(w);
    let _ = writeln!(w, "</body>\n</html>");
    Ok(page)
}

fn write_setting(w: &mut String, results: &Results, machine: &Machine) {
    let _ = writeln!(w, "<h2>Where and when</h2>\n<table>");
    let dates = match results.saved_range() {
        Some((oldest, newest)) if utc_time(oldest) == utc_time(newest) => utc_time(newest),
        Some((oldest, newest)) => format!("{} to {}", utc_time(oldest), utc_time(newest)),
        None => "unknown".to_string(),
    };
    let (has, lacks) = machine.key_flags();
    let mut flags = if has.is_empty() {
        "none of the flags the bitboard code uses".to_string()
    } else {
        format!("has {}", has.join(", "))
    };
    if !lacks.is_empty() {
        flags.push_str(&format!("; lacks {}", lacks.join(", ")));
    }
    for (what, value) in [
        ("results saved", dates),
        ("machine", machine.summary()),
        ("CPU flags", flags),
        ("compiler of this report's binary", compiler()),
    ] {
        let _ = writeln!(
            w,
            "<tr><th>{what}</th><td>{}</td></tr>",
            escape(&value).replace('`', "")
        );
    }
    let _ = writeln!(w, "</table>");
    if !machine.flags.is_empty() {
        let _ = writeln!(
            w,
            "<details><summary>All {} CPU flags</summary><p class=\"flags\">{}</p></details>",
            machine.flags.len(),
            escape(&machine.flags.join(" "))
        );
    }
    let _ = writeln!(
        w,
        "<p>The machine and compiler are those of the run that wrote this page; saved \
         criterion results are assumed to come from the same machine. Speeds are measurements of this code on this \
         machine, not properties of the techniques: on another machine expect other numbers \
         and possibly another order.</p>"
    );
}

fn write_ratios(w: &mut String, results: &Results) {
    let ratios = results.ratios();
    let _ = writeln!(w, "<h2>Against the peers</h2>");
    if ratios.is_empty() {
        let _ = writeln!(
            w,
            "<p class=\"note\">No ratios: these results hold no run of {}. The criterion \
             benches time them (<code>cargo bench --bench perft</code>, then \
             <code>boardlab report</code>).</p>",
            RATIO_PEERS.join(" or ")
        );
        return;
    }
    let _ = writeln!(
        w,
        "<p>Each ratio is the geometric mean, over the positions of a mode, of a function's \
         rate over the peer's rate on the same position: above 1 is faster than the peer, 0.5 \
         is half as fast. The number in brackets is how many positions had both.</p>"
    );
    for table in ratio_tables(&ratios) {
        let _ = writeln!(
            w,
            "<h3>Against {}</h3>\n<table>\n<tr><th>function</th>{}</tr>",
            table.peer,
            table
                .modes
                .iter()
                .map(|m| format!("<th>{}</th>", escape(m)))
                .collect::<String>()
        );
        for (function, cells) in &table.rows {
            let cells: String = cells
                .iter()
                .map(|cell| match cell {
                    Some(r) => format!("<td class=\"num\">{:.3} ({})</td>", r.ratio, r.positions),
                    None => "<td></td>".to_string(),
                })
                .collect();
            let _ = writeln!(w, "<tr><td>{}</td>{cells}</tr>", escape(function));
        }
        let _ = writeln!(w, "</table>");
    }
}

fn write_groups(w: &mut String, results: &Results) -> Result<(), Error> {
    let groups = results.groups();
    let _ = writeln!(
        w,
        "<p class=\"key\">In the charts below, one per group of one mode on one position:<span style=\"background:{}\"></span>\
         boardlab's backends<span style=\"background:{}\"></span>outside libraries\
         <span style=\"background:{}\"></span>other functions</p>",
        css(BACKEND_COLOUR),
        css(PEER_COLOUR),
        css(OTHER_COLOUR)
    );
    for mode in results.modes() {
        let _ = writeln!(w, "<h2>{}</h2>", escape(mode));
        for group in groups.iter().filter(|g| g.mode() == mode) {
            // A group without a position is the whole mode: the mode's heading names it.
            if group.position().is_empty() {
                let _ = writeln!(w, "<a id=\"{}\"></a>", escape(group.id));
            } else {
                let _ = writeln!(
                    w,
                    "<h3 id=\"{}\">{}</h3>",
                    escape(group.id),
                    escape(group.position())
                );
            }
            let _ = writeln!(w, "<figure>\n{}", bar_chart(group)?);
            let best = if group.higher_is_faster() {
                "longer is faster"
            } else {
                "shorter is faster"
            };
            let per_iteration = group
                .entries
                .first()
                .and_then(|m| m.amount)
                .map(|amount| match amount {
                    crate::report::Amount::Elements(n) => {
                        format!("; {n} {} per iteration", group.counted())
                    }
                    crate::report::Amount::Bytes(n) => format!("; {n} bytes per iteration"),
                })
                .unwrap_or_default();
            let _ = writeln!(
                w,
                "<figcaption>{}: {}, {best}{per_iteration}.</figcaption>\n</figure>",
                escape(group.id),
                escape(group.unit())
            );
            write_group_table(w, group);
        }
    }
    Ok(())
}

fn write_group_table(w: &mut String, group: &Group) {
    let with_interval = group.entries.iter().any(|m| m.interval.is_some());
    let _ = write!(
        w,
        "<details><summary>Figures</summary>\n<table>\n<tr><th>function</th>\
         <th>time per iteration</th>"
    );
    if with_interval {
        let _ = write!(w, "<th>95% interval of the time</th>");
    }
    let _ = writeln!(w, "<th>{}</th></tr>", escape(group.unit()));
    for m in &group.entries {
        let _ = write!(
            w,
            "<tr><td>{}</td><td class=\"num\">{}</td>",
            escape(&m.function),
            duration(m.seconds)
        );
        if with_interval {
            let interval = m
                .interval
                .map(|(low, high)| format!("{} to {}", duration(low), duration(high)))
                .unwrap_or_default();
            let _ = write!(w, "<td class=\"num\">{interval}</td>");
        }
        let _ = writeln!(
            w,
            "<td class=\"num\">{}</td></tr>",
            format_value(group.value(m))
        );
    }
    let _ = writeln!(w, "</table></details>");
}

fn duration(seconds: f64) -> String {
    if seconds >= 1.0 {
        format!("{} s", format_value(seconds))
    } else if seconds >= 1e-3 {
        format!("{} ms", format_value(seconds * 1e3))
    } else if seconds >= 1e-6 {
        format!("{} µs", format_value(seconds * 1e6))
    } else {
        format!("{} ns", format_value(seconds * 1e9))
    }
}

fn css(colour: RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", colour.0, colour.1, colour.2)
}

fn write_sizes(w: &mut String) {
    let _ = writeln!(
        w,
        "<h2>Sizes</h2>\n<p>Board bytes are <code>size_of</code> one board; table bytes are \
         what the backend reports for its own lookup tables (the tables of boardlab-core that \
         several backends share are counted by none).</p>\n<table>\n<tr><th>backend</th>\
         <th>board bytes</th><th>table bytes</th></tr>"
    );
    for (backend, board, table) in backend_sizes() {
        let _ = writeln!(
            w,
            "<tr><td>{}</td><td class=\"num\">{board}</td><td class=\"num\">{table}</td></tr>",
            backend.name()
        );
    }
    let _ = writeln!(w, "</table>");
}
