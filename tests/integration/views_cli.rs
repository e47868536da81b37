//! `boardlab show` and `boardlab explain` on the command line: every backend answers, and bad
//! input is one error line with status 2.

use crate::support;

use support::{assert_bad_input, boardlab};

#[test]
fn show_all_draws_every_backend_in_turn() {
    let output = boardlab(&["show", "--backend", "all", "--square", "e4"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let headers = text.lines().filter(|line| line.starts_with("== ")).count();
    assert_eq!(registered_backends(), support::runnable_backends());
    assert_eq!(headers, support::runnable_backends().len(), "{text}");
    assert_eq!(
        text.matches("fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .count(),
        headers
    );
}

#[test]
fn explain_all_agrees_on_the_legal_moves() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let output = boardlab(&[
        "explain",
        "--backend",
        "all",
        "--fen",
        fen,
        "--square",
        "e5",
    ]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let headers = text.lines().filter(|line| line.starts_with("== ")).count();
    // One header a backend: with none, the count below would match nothing and pass.
    assert_eq!(headers, support::runnable_backends().len(), "{text}");
    // The knight on e5 has seven legal moves (f3 holds its own queen) whichever representation finds them.
    assert_eq!(
        text.matches("legal moves from e5 (generate): 7").count(),
        headers,
        "{text}"
    );
}

#[test]
fn bad_squares_and_empty_squares_are_one_line() {
    assert_bad_input(
        &["explain", "--backend", "mailbox", "--square", "e4"],
        "no piece on e4",
    );
    assert_bad_input(
        &["explain", "--backend", "x88", "--square", "e9"],
        "invalid square \"e9\"",
    );
    assert_bad_input(
        &["show", "--backend", "rotated", "--square", "z1"],
        "invalid square \"z1\"",
    );
    assert_bad_input(
        &[
            "explain",
            "--backend",
            "piece-list",
            "--fen",
            "8/8/8 w - - 0 1",
            "--square",
            "a1",
        ],
        "invalid FEN",
    );
    assert_bad_input(&["explain", "--backend", "mailbox"], "--square");
}

/// The backends `boardlab` registers, read from the headers of `show --backend all`, so that
/// a backend added later is drawn by these tests too.
fn registered_backends() -> Vec<String> {
    let output = boardlab(&["show", "--backend", "all"]);
    assert!(output.status.success());
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| line.strip_prefix("== ")?.strip_suffix(" =="))
        .map(str::to_string)
        .collect()
}

/// Checks that `svg` is one SVG document whose tags nest and close, and whose text has every
/// `&` starting an entity; returns the problem otherwise.
fn well_formed(svg: &str) -> Result<(), String> {
    if !svg.starts_with("<svg ") || !svg.contains("viewBox=\"") {
        return Err("does not open with <svg … viewBox".to_string());
    }
    if svg.contains("<script") || svg.contains("@import") || svg.contains("url(http") {
        return Err("holds a script or an outside resource".to_string());
    }
    let mut open: Vec<&str> = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let text = &rest[..start];
        check_entities(text)?;
        let end = rest[start..]
            .find('>')
            .ok_or("a tag is not closed with >")?
            + start;
        let tag = &rest[start + 1..end];
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(top) if top == name.trim() => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
        } else if !tag.ends_with('/') {
            let name = tag.split_whitespace().next().unwrap_or("");
            open.push(name);
        } else {
            check_entities(tag)?;
        }
        if open.is_empty() && rest[end + 1..].trim().is_empty() {
            return Ok(());
        }
        if open.is_empty() {
            return Err("content after the root element".to_string());
        }
        rest = &rest[end + 1..];
    }
    Err(format!("unclosed elements: {open:?}"))
}

fn check_entities(text: &str) -> Result<(), String> {
    for (i, _) in text.match_indices('&') {
        let entity = &text[i..];
        let known = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"];
        if !known.iter().any(|k| entity.starts_with(k)) {
            return Err(format!("a bare & in {text:?}"));
        }
    }
    Ok(())
}

fn svg_of(args: &[&str]) -> String {
    let output = boardlab(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let svg = String::from_utf8(output.stdout).expect("utf-8");
    if let Err(problem) = well_formed(&svg) {
        panic!("{args:?}: {problem}");
    }
    svg
}

fn cells(svg: &str, tone: &str) -> usize {
    svg.matches(&format!("class=\"cell {tone}\"")).count()
}

#[test]
fn the_checker_rejects_broken_documents() {
    assert!(well_formed("<svg viewBox=\"0 0 1 1\"><g><text>a</text></g></svg>\n").is_ok());
    assert!(well_formed("<svg viewBox=\"0 0 1 1\"><g><text>a</g></text></svg>").is_err());
    assert!(well_formed("<svg viewBox=\"0 0 1 1\"><text>a & b</text></svg>").is_err());
    assert!(well_formed("<svg viewBox=\"0 0 1 1\"><g></svg>").is_err());
    assert!(well_formed("<svg viewBox=\"0 0 1 1\"><script/></svg>").is_err());
}

#[test]
fn every_backend_draws_well_formed_svg() {
    let backends = registered_backends();
    assert_eq!(backends, support::runnable_backends());
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut drawn = 0;
    for backend in &backends {
        let b = backend.as_str();
        let runs: [&[&str]; 5] = [
            &["show", "--backend", b, "--svg"],
            &["show", "--backend", b, "--svg", "--square", "e4"],
            &["explain", "--backend", b, "--svg", "--square", "g1"],
            &[
                "explain",
                "--backend",
                b,
                "--svg",
                "--square",
                "f3",
                "--fen",
                kiwipete,
            ],
            &[
                "explain",
                "--backend",
                b,
                "--svg",
                "--square",
                "e8",
                "--fen",
                kiwipete,
            ],
        ];
        for args in runs {
            let svg = svg_of(args);
            // Every drawing has at least one 8x8 grid of cells, and a legend.
            assert!(svg.matches("class=\"cell ").count() >= 64, "{args:?}");
            assert!(svg.contains("class=\"key "), "{args:?} has no legend");
            drawn += 1;
        }
        // The queen on f3 (the fourth run) has legal moves, and each is an arrow of the last
        // panel.
        let queen = svg_of(runs[3]);
        assert!(queen.contains("class=\"arrow\""), "{b}");
    }
    assert_eq!(drawn, backends.len() * 5);
}

#[test]
fn the_drawings_hold_each_representation_whole() {
    // The 10x12 mailbox: two drawings of 120 cells (pieces, bytes), 56 of each the frame.
    let mailbox = svg_of(&["show", "--backend", "mailbox", "--svg"]);
    assert_eq!(cells(&mailbox, "frame"), 2 * 56);
    assert_eq!(cells(&mailbox, "light") + cells(&mailbox, "dark"), 2 * 64);
    // 0x88: 128 cells, half of them phantom; the difference table's 15x15 entries, of which 64
    // hold an attacker (8 knight jumps and 7 cells on each of 8 rays), and its centre.
    // The phantom tone also marks the table's entries e4 never reads, those whose attacker
    // would stand off the board: of the 225 differences, all but the 64 of the squares.
    let x88 = svg_of(&["show", "--backend", "x88", "--svg", "--square", "e4"]);
    assert_eq!(cells(&x88, "phantom"), 64 + (15 * 15 - 64));
    assert_eq!(cells(&x88, "light") + cells(&x88, "dark"), 63);
    assert_eq!(cells(&x88, "focus"), 2);
    // Unused: the on-board entries that hold no attacker for e4, the 64 squares less e4
    // itself, its 8 knight jumps and the 27 squares of its lines to the edges (4 up, 3 down,
    // 3 right, 4 left; 3, 4, 3 and 3 along the diagonals).
    let lines_from_e4 = 4 + 3 + 3 + 4 + 3 + 4 + 3 + 3;
    assert_eq!(cells(&x88, "unused"), 64 - 1 - 8 - lines_from_e4);
    // Piece lists: 16 slots a side, 16 used at the start.
    let lists = svg_of(&["show", "--backend", "piece-list", "--svg"]);
    assert_eq!(cells(&lists, "set"), 32);
    assert_eq!(cells(&lists, "unused"), 0);
    let endgame = svg_of(&[
        "show",
        "--backend",
        "piece-list",
        "--svg",
        "--fen",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ]);
    assert_eq!(cells(&endgame, "set"), 3);
    assert_eq!(cells(&endgame, "unused"), 32 - 3);
    // Rotated: four maps of 64 bits, 32 set in each at the start.
    let rotated = svg_of(&["show", "--backend", "rotated", "--svg"]);
    assert_eq!(cells(&rotated, "set"), 4 * 32);
    assert_eq!(cells(&rotated, "value"), 4 * 32);
    // Magic: a rook on d4 of an empty board has 10 relevant squares, a bishop 9.
    let magic = svg_of(&["show", "--backend", "magic", "--svg", "--square", "d4"]);
    assert!(magic.contains("rook mask of d4: 10 squares"));
    assert!(magic.contains("bishop mask of d4: 9 squares"));
    assert_eq!(cells(&magic, "line"), 10 + 9);
    // A pawn on g2 that may push to g1 or take on f1 or h1 has three targets and twelve moves.
    let promotions = svg_of(&[
        "explain",
        "--backend",
        "x88",
        "--svg",
        "--fen",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "--square",
        "g2",
    ]);
    assert!(promotions.contains("legal moves from g2 (generate): 12"));
    assert!(promotions.contains("12 moves to 3 squares"));
    assert_eq!(promotions.matches("class=\"arrow\"").count(), 3);
}

#[test]
fn svg_text_is_escaped() {
    // The 0x88 legend speaks of `index & 0x08`: the ampersand must arrive as an entity.
    let x88 = svg_of(&["show", "--backend", "x88", "--svg"]);
    assert!(x88.contains("index &amp; 0x08"));
}

#[test]
fn svg_goes_to_a_file_with_out_and_needs_one_backend() {
    let path = std::env::temp_dir().join(format!("boardlab-views-cli-{}.svg", std::process::id()));
    let out = path.to_string_lossy().into_owned();
    let output = boardlab(&["show", "--backend", "mailbox", "--svg", "--out", &out]);
    assert!(output.status.success());
    assert!(output.stdout.is_empty());
    let written = std::fs::read_to_string(&path).expect("the file is written");
    let _ = std::fs::remove_file(&path);
    assert!(well_formed(&written).is_ok());
    assert_bad_input(
        &["show", "--backend", "all", "--svg"],
        "--svg draws one backend at a time",
    );
    assert_bad_input(
        &["explain", "--backend", "x88", "--svg", "--square", "e4"],
        "no piece on e4",
    );
}
