//! An explanation is one value: for every backend, `boardlab explain --json` and `boardlab
//! serve`'s `/api/explain` answer the same JSON; every step marks squares of the board only;
//! the last step marks exactly the targets of the piece's legal moves; a slider lookup is a
//! step of its own, the very value `/api/slider` answers for that lookup; and the text
//! `boardlab explain` prints is the value's text, rebuilt here from the JSON alone (a lookup's
//! text as `/api/slider` renders it).

use crate::serve_support;
use crate::support;

use boardlab_backends::Backend;
use serde_json::Value;
use serve_support::Server;
use std::collections::BTreeSet;
use support::{boardlab, legal_moves, runnable_backends, stdout};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Positions and squares that take each backend through its cases: a knight, a queen among
/// many pieces, a king that may castle both ways, a pinned bishop with no move, a pawn whose
/// en-passant capture would expose its king, a rook giving check, and a piece of the side not
/// to move.
const CASES: &[(&str, &str)] = &[
    (boardlab_core::START_FEN, "g1"),
    (KIWIPETE, "f3"),
    (KIWIPETE, "e1"),
    ("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1", "e2"),
    ("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "e5"),
    ("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1"),
    (boardlab_core::START_FEN, "e7"),
];

/// What `boardlab explain` prints for the piece on `square`: its JSON with `json`, else its
/// text.
fn cli_explain(backend: &str, fen: &str, square: &str, json: bool) -> String {
    let mut args = vec![
        "explain",
        "--backend",
        backend,
        "--fen",
        fen,
        "--square",
        square,
    ];
    if json {
        args.push("--json");
    }
    let output = boardlab(&args);
    assert!(
        output.status.success(),
        "{backend} {fen} {square}: {output:?}"
    );
    stdout(&output)
}

/// The explanation `boardlab explain --json` writes.
fn cli_json(backend: &str, fen: &str, square: &str) -> Value {
    let text = cli_explain(backend, fen, square, true);
    serde_json::from_str(&text).unwrap_or_else(|err| panic!("{err}: {text}"))
}

/// The text `boardlab explain` prints.
fn cli_text(backend: &str, fen: &str, square: &str) -> String {
    cli_explain(backend, fen, square, false)
}

/// What `GET path` answers with the query `pairs`, as JSON.
fn api_get(server: &Server, path: &str, pairs: &[(&str, &str)]) -> Value {
    let mut request = support::http().get(&server.url(path));
    for &(name, value) in pairs {
        request = request.query(name, value);
    }
    let response = request
        .call()
        .unwrap_or_else(|err| panic!("{path} {pairs:?}: {err}"));
    let text = response.into_string().expect("a text answer");
    serde_json::from_str(&text).unwrap_or_else(|err| panic!("{err}: {text}"))
}

/// The explanation `/api/explain` answers.
fn api_json(server: &Server, backend: &str, fen: &str, square: &str) -> Value {
    api_get(
        server,
        "/api/explain",
        &[("backend", backend), ("fen", fen), ("square", square)],
    )
}

/// The squares of a bitboard written as 16 hexadecimal digits (how the JSON writes sets),
/// separated by commas, as `/api/slider` takes its blockers.
fn square_names(hex: &Value) -> String {
    let bits = u64::from_str_radix(hex.as_str().expect("a set as hex"), 16).expect("hex");
    (0..64u8)
        .filter(|bit| bits >> bit & 1 == 1)
        .map(|bit| format!("{}{}", char::from(b'a' + bit % 8), bit / 8 + 1))
        .collect::<Vec<_>>()
        .join(",")
}

/// The lookup step `step` holds, checked to be the value `/api/slider` answers for the same
/// technique, slider, square and occupancy; its text as the API renders it.
fn lookup_text(server: &Server, step: &Value) -> String {
    let lookup = &step["lookup"];
    let blockers = square_names(&lookup["occupied"]);
    let mut answered = api_get(
        server,
        "/api/slider",
        &[
            (
                "technique",
                lookup["technique"].as_str().expect("a technique"),
            ),
            ("slider", lookup["slider"].as_str().expect("a slider")),
            ("square", lookup["square"].as_str().expect("a square")),
            ("blockers", &blockers),
        ],
    );
    let text = answered
        .as_object_mut()
        .and_then(|object| object.remove("text"))
        .expect("the lookup's text beside it");
    assert_eq!(&answered, lookup, "the step is the slider page's lookup");
    text.as_str().expect("text").to_string()
}

/// The text the value stands for, by the rule the text renderer documents: the title, the lines
/// under it, and each step's notes after a blank line and its title (a step without a title
/// follows the one before it directly); a lookup step, after its notes, the lookup after a
/// blank line. Returns the text and how many lookup steps it met.
fn text_of(server: &Server, explained: &Value) -> (String, usize) {
    let lines = |value: &Value| -> Vec<String> {
        value
            .as_array()
            .expect("an array of lines")
            .iter()
            .map(|line| line.as_str().expect("a line").to_string())
            .collect()
    };
    let mut out = format!("{}\n", explained["title"].as_str().expect("a title"));
    let mut lookups = 0;
    for line in lines(&explained["lines"]) {
        out.push_str(&line);
        out.push('\n');
    }
    for step in explained["steps"].as_array().expect("steps") {
        let title = step["title"].as_str().expect("a step title");
        if !title.is_empty() {
            out.push('\n');
            out.push_str(title);
            out.push('\n');
        }
        for note in lines(&step["notes"]) {
            out.push_str(&note);
            out.push('\n');
        }
        match step["kind"].as_str() {
            Some("narrated") => {}
            Some("lookup") => {
                out.push('\n');
                out.push_str(&lookup_text(server, step));
                lookups += 1;
            }
            other => panic!("a step of no known kind: {other:?}"),
        }
    }
    (out, lookups)
}

/// The squares a step marks, each checked to be a square of the board marked one of the three
/// ways.
fn marked(step: &Value) -> BTreeSet<String> {
    let mut squares = BTreeSet::new();
    for mark in step["marks"].as_array().expect("marks") {
        let square = mark["square"].as_str().expect("a square name");
        let bytes = square.as_bytes();
        assert!(
            bytes.len() == 2
                && (b'a'..=b'h').contains(&bytes[0])
                && (b'1'..=b'8').contains(&bytes[1]),
            "{square:?} is not a square of the board"
        );
        assert!(
            ["set", "reach", "capture"].contains(&mark["how"].as_str().unwrap_or_default()),
            "{mark}"
        );
        assert!(squares.insert(square.to_string()), "{square} marked twice");
    }
    squares
}

#[test]
fn every_backend_answers_one_value_on_the_command_line_and_the_api() {
    let server = Server::start(&[], &[]);
    let backends = runnable_backends();
    assert!(backends.len() >= 9, "{backends:?}");
    let mut compared = 0;
    let mut with_moves = 0;
    let mut lookups = 0;
    for backend in &backends {
        for &(fen, square) in CASES {
            let explained = cli_json(backend, fen, square);
            assert_eq!(
                explained,
                api_json(&server, backend, fen, square),
                "{backend} {fen} {square}"
            );
            // The backend asked for is the one that answered, about the square asked for.
            let title = explained["title"].as_str().unwrap_or_default();
            assert!(
                title.starts_with(&format!("{backend}: ")),
                "{backend}: {title}"
            );
            assert_eq!(explained["square"], square, "{backend}");
            let steps = explained["steps"].as_array().expect("steps");
            assert!(steps.len() >= 2, "{backend} {fen} {square}: {steps:?}");
            for step in steps {
                marked(step);
            }
            let last = steps.last().expect("a last step");
            let targets: BTreeSet<String> = legal_moves(fen, &[])
                .iter()
                .filter(|mv| mv.starts_with(square))
                .map(|mv| mv[2..4].to_string())
                .collect();
            assert_eq!(marked(last), targets, "{backend} {fen} {square}: {last}");
            with_moves += usize::from(!targets.is_empty());
            assert!(
                last["panels"]
                    .as_array()
                    .is_some_and(|panels| !panels.is_empty()),
                "{backend}: the last step draws the legal moves"
            );
            let (text, looked_up) = text_of(&server, &explained);
            assert_eq!(
                text,
                cli_text(backend, fen, square),
                "{backend} {fen} {square}"
            );
            lookups += looked_up;
            compared += 1;
        }
    }
    assert_eq!(compared, backends.len() * CASES.len());
    // The knight, the queen, both kings and the pawn have moves; the pinned bishop and the
    // black pawn have none.
    assert_eq!(with_moves, backends.len() * 5);
    // Every backend that looks its sliders up (the nine slider techniques and the quad board)
    // looks up its queen's two sliders and its pinned bishop's one; the others walk rays and
    // look nothing up.
    let looking_up = backends
        .iter()
        .filter_map(|name| Backend::named(name))
        .filter(|backend| {
            let occupied = boardlab_core::Bitboard::EMPTY;
            let rook = boardlab_core::bitboard::Slider::Rook;
            backend
                .slider_lookup(rook, boardlab_core::Square::D4, occupied)
                .is_some()
        })
        .count();
    assert!(looking_up >= 10, "{backends:?}");
    assert_eq!(lookups, looking_up * 3, "{backends:?}");
}

#[test]
fn show_json_is_the_value_show_prints_and_the_api_answers() {
    let server = Server::start(&[], &[]);
    let backends = runnable_backends();
    assert!(!backends.is_empty());
    let mut compared = 0;
    for backend in &backends {
        let output = boardlab(&["show", "--backend", backend, "--square", "e4", "--json"]);
        assert!(output.status.success(), "{backend}: {output:?}");
        let shown: Value = serde_json::from_str(&stdout(&output)).expect("JSON");
        assert_eq!(shown["square"], "e4", "{backend}");
        assert!(
            shown["steps"].as_array().is_some_and(|steps| steps
                .iter()
                .any(|step| { step["panels"].as_array().is_some_and(|p| !p.is_empty()) })),
            "{backend}: show draws panels"
        );
        let text = stdout(&boardlab(&["show", "--backend", backend, "--square", "e4"]));
        assert!(
            text.starts_with(&format!("{backend}: ")),
            "{backend}: {text}"
        );
        let (rebuilt, _) = text_of(&server, &shown);
        assert_eq!(rebuilt, text, "{backend}");
        // The page's view is the same value, with its two renderings beside it.
        let position = api_get(
            &server,
            "/api/position",
            &[("backend", backend), ("square", "e4")],
        );
        assert_eq!(position["backend"], backend.as_str());
        let mut answered = position["show"].clone();
        let object = answered
            .as_object_mut()
            .expect("the show view is an object");
        assert_eq!(
            object.remove("text"),
            Some(Value::String(text)),
            "{backend}"
        );
        let svg = object.remove("svg").expect("the view drawn as SVG");
        assert!(
            svg.as_str().is_some_and(|svg| svg.starts_with("<svg")),
            "{backend}"
        );
        assert_eq!(answered, shown, "{backend}");
        compared += 1;
    }
    assert_eq!(compared, backends.len());
}

#[test]
fn json_draws_one_backend_at_a_time() {
    support::assert_bad_input(
        &["explain", "--backend", "all", "--square", "g1", "--json"],
        "--json draws one backend at a time",
    );
    support::assert_bad_input(
        &["show", "--backend", "mailbox", "--json", "--svg"],
        "--svg",
    );
}
