//! `boardlab serve`'s JSON API, against the real binary: every endpoint with good input and
//! bad, the budgets, the programs named at start-up, and a walk stopped when its client goes.

use crate::serve_support;
use crate::support;

use serde_json::Value;
use serve_support::Server;
use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};
use support::{python_chess, support_file};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// GETs `path` with `query` and returns the status and the JSON answer.
fn get(server: &Server, path: &str, query: &[(&str, &str)]) -> (u16, Value) {
    let mut request = support::http().get(&server.url(path));
    for (name, value) in query {
        request = request.query(name, value);
    }
    let response = match request.call() {
        Ok(response) => response,
        Err(ureq::Error::Status(_, response)) => response,
        Err(err) => panic!("{path}: {err}"),
    };
    let status = response.status();
    let text = response.into_string().expect("a text answer");
    let json = serde_json::from_str(&text).unwrap_or_else(|err| panic!("{path}: {err}: {text}"));
    (status, json)
}

/// GETs `path` expecting success.
fn ok(server: &Server, path: &str, query: &[(&str, &str)]) -> Value {
    let (status, json) = get(server, path, query);
    assert_eq!(status, 200, "{path} {query:?}: {json}");
    json
}

/// GETs `path` expecting `status` and a one-line error containing `expected`.
fn refused(server: &Server, path: &str, query: &[(&str, &str)], status: u16, expected: &str) {
    let (got, json) = get(server, path, query);
    assert_eq!(got, status, "{path} {query:?}: {json}");
    let error = json["error"].as_str().unwrap_or_else(|| panic!("{json}"));
    assert!(!error.contains('\n'), "one line: {error:?}");
    assert!(
        error.contains(expected),
        "{path} {query:?}: {error:?} lacks {expected:?}"
    );
}

#[test]
fn info_lists_the_backends_the_budgets_and_no_programs() {
    let server = Server::start(&[], &[]);
    assert!(
        server.base.starts_with("http://127.0.0.1:"),
        "{}",
        server.base
    );
    let info = ok(&server, "/api/info", &[]);
    let names: Vec<&str> = info["backends"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    let expected: Vec<&str> = boardlab_backends::Backend::ALL
        .iter()
        .map(|b| b.name())
        .collect();
    assert_eq!(names, expected);
    assert!(info["backends"][0]["about"].as_str().unwrap().len() > 10);
    assert_eq!(info["default_backend"], "magic");
    assert_eq!(info["programs"], serde_json::json!([]));
    assert_eq!(info["budgets"]["max_divide_depth"], 8);
    assert_eq!(info["budgets"]["seconds"], 10);
    assert_eq!(info["budgets"]["nodes"], 4_000_000_000u64);
    assert_eq!(info["walks_running"], 0);
    // The serve chapter's table of budgets gives the values the server reports.
    let chapter = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/serve.md"),
    )
    .expect("the serve chapter");
    let with_commas = |n: u64| {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, digit) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(digit);
        }
        out
    };
    let budgets = &info["budgets"];
    for row in [
        format!("| depth | 1 to {} |", budgets["max_divide_depth"]),
        format!("| time | {} s per request |", budgets["seconds"]),
        format!(
            "| nodes | {} leaves per request |",
            with_commas(budgets["nodes"].as_u64().expect("a node budget"))
        ),
    ] {
        assert!(chapter.contains(&row), "docs/src/serve.md lacks {row:?}");
    }
}

#[test]
fn position_shows_a_backend_and_refuses_bad_input() {
    let server = Server::start(&[], &[]);
    let start = ok(&server, "/api/position", &[("backend", "x88")]);
    assert_eq!(start["fen"], boardlab_core::START_FEN);
    assert_eq!(start["legal"].as_array().unwrap().len(), 20);
    assert_eq!(start["pieces"]["e1"], "K");
    assert_eq!(start["turn"], "white");
    assert!(start["show"]["svg"].as_str().unwrap().starts_with("<svg "));
    assert!(start["show"]["text"]
        .as_str()
        .unwrap()
        .starts_with("x88: 128 cells"));
    let played = ok(
        &server,
        "/api/position",
        &[
            ("moves", "e2e4 c7c5"),
            ("backend", "mailbox"),
            ("square", "e4"),
        ],
    );
    assert_eq!(
        played["fen"],
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(played["moves"], serde_json::json!(["e2e4", "c7c5"]));
    let chess960 = ok(
        &server,
        "/api/position",
        &[
            ("fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"),
            ("chess960", "true"),
        ],
    );
    assert!(chess960["legal"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m == "e1h1"));

    refused(
        &server,
        "/api/position",
        &[("fen", "8/8/8 w - - 0 1")],
        400,
        "invalid FEN",
    );
    refused(
        &server,
        "/api/position",
        &[("moves", "e2e5")],
        400,
        "illegal move \"e2e5\"",
    );
    refused(
        &server,
        "/api/position",
        &[("backend", "bogus")],
        400,
        "unknown backend \"bogus\"",
    );
    refused(
        &server,
        "/api/position",
        &[("square", "z9")],
        400,
        "bad square \"z9\"",
    );
    refused(
        &server,
        "/api/position",
        &[("chess960", "maybe")],
        400,
        "chess960",
    );
    let many = vec!["g1f3 g8f6 f3g1 f6g8"; 300].join(" ");
    refused(
        &server,
        "/api/position",
        &[("moves", &many)],
        400,
        "too many moves",
    );
    // The server still serves after every refusal.
    ok(&server, "/api/position", &[]);
}

#[test]
fn explain_steps_through_a_piece_and_refuses_an_empty_square() {
    let server = Server::start(&[], &[]);
    for &backend in boardlab_backends::Backend::ALL {
        if backend.available().is_err() {
            continue;
        }
        let explained = ok(
            &server,
            "/api/explain",
            &[("backend", backend.name()), ("square", "g1")],
        );
        assert_eq!(explained["square"], "g1", "{backend}");
        let title = explained["title"].as_str().unwrap();
        assert!(title.starts_with(&format!("{backend}: ")), "{title}");
        assert!(title.contains("white knight on g1"), "{title}");
        let steps = explained["steps"].as_array().unwrap();
        assert!(steps.len() >= 2, "{backend}: {steps:?}");
        let marked = |step: &Value| -> Vec<(String, String)> {
            step["marks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|mark| {
                    let field = |name: &str| mark[name].as_str().unwrap().to_string();
                    (field("square"), field("how"))
                })
                .collect()
        };
        let reach = |square: &str| (square.to_string(), "reach".to_string());
        let last = steps.last().unwrap();
        assert!(
            last["title"]
                .as_str()
                .is_some_and(|t| t.starts_with("legal moves from g1")),
            "{backend}: {last}"
        );
        assert_eq!(marked(last), [reach("f3"), reach("h3")], "{backend}");
        // The array boards' walk over their cells is marked in board coordinates too.
        if let Some(walk) = steps.iter().find(|step| {
            step["title"]
                .as_str()
                .is_some_and(|t| t.starts_with("the walk drawn"))
        }) {
            assert_eq!(
                marked(walk),
                [reach("f3"), reach("h3")],
                "{backend}: {walk}"
            );
        }
    }
    // Both array boards draw such a walk.
    let walked = ["mailbox", "x88"].map(|backend| {
        let explained = ok(
            &server,
            "/api/explain",
            &[("backend", backend), ("square", "g1")],
        );
        explained["steps"].as_array().unwrap().iter().any(|step| {
            step["title"]
                .as_str()
                .is_some_and(|t| t.starts_with("the walk drawn"))
        })
    });
    assert_eq!(walked, [true, true]);
    refused(
        &server,
        "/api/explain",
        &[("square", "e4")],
        400,
        "no piece on e4",
    );
    refused(&server, "/api/explain", &[], 400, "a square is needed");
    refused(
        &server,
        "/api/explain",
        &[("square", "e9")],
        400,
        "bad square",
    );
}

#[test]
fn divide_counts_one_generator_or_two_side_by_side() {
    let server = Server::start(&[], &[]);
    // A plain divide is a bulk count: no statistics unless asked for.
    let bulk = ok(&server, "/api/divide", &[("depth", "3"), ("a", "mailbox")]);
    assert_eq!(bulk["a"]["name"], "mailbox");
    assert_eq!(bulk["a"]["total"], 8902);
    assert_eq!(bulk["stats"], Value::Null);
    let one = ok(
        &server,
        "/api/divide",
        &[("depth", "3"), ("a", "mailbox"), ("stats", "true")],
    );
    assert_eq!(one["a"]["name"], "mailbox");
    assert_eq!(one["a"]["total"], 8902);
    assert_eq!(one["b"], Value::Null);
    assert_eq!(one["rows"].as_array().unwrap().len(), 20);
    assert_eq!(one["rows"], bulk["rows"]);
    // The leaves' statistics of the start position at depth 3, as chessprogramming.org's
    // "Perft Results" publishes them (tests/data/perft-results.txt).
    assert_eq!(one["stats"]["nodes"], 8902);
    assert_eq!(one["stats"]["captures"], 34);
    assert_eq!(one["stats"]["checks"], 12);
    assert_eq!(one["stats"]["checkmates"], 0);
    let e2e4 = one["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["move"] == "e2e4")
        .unwrap();
    assert_eq!(e2e4["a"], 600);
    assert_eq!(e2e4["differs"], false);

    let two = ok(
        &server,
        "/api/divide",
        &[
            ("fen", KIWIPETE),
            ("depth", "2"),
            ("a", "x88"),
            ("b", "kogge-stone"),
        ],
    );
    // Both sides answered, each under its own name.
    assert_eq!(
        (&two["a"]["name"], &two["b"]["name"]),
        (&Value::from("x88"), &Value::from("kogge-stone"))
    );
    assert_eq!(two["a"]["total"], 2039);
    assert_eq!(two["b"]["total"], 2039);
    assert_eq!(two["differing"], 0);
    let below = ok(
        &server,
        "/api/divide",
        &[("fen", KIWIPETE), ("moves", "e1g1"), ("depth", "1")],
    );
    assert_eq!(below["a"]["name"], "magic");
    assert_eq!(below["moves"], serde_json::json!(["e1g1"]));

    refused(&server, "/api/divide", &[], 400, "a depth is needed");
    refused(
        &server,
        "/api/divide",
        &[("depth", "0")],
        400,
        "depth 0 is out of range: 1 to 8",
    );
    refused(
        &server,
        "/api/divide",
        &[("depth", "9")],
        400,
        "depth 9 is out of range",
    );
    refused(&server, "/api/divide", &[("depth", "three")], 400, "depth");
    refused(
        &server,
        "/api/divide",
        &[("depth", "1"), ("a", "stockfish")],
        400,
        "unknown generator \"stockfish\"",
    );
    refused(
        &server,
        "/api/divide",
        &[("depth", "1"), ("b", "/bin/sh")],
        400,
        "unknown generator \"/bin/sh\"",
    );
    refused(
        &server,
        "/api/divide",
        &[("depth", "1"), ("b", "program:0")],
        400,
        "started without --against",
    );
}

#[test]
fn descend_finds_no_divergence_between_backends_and_needs_two() {
    let server = Server::start(&[], &[]);
    let agree = ok(
        &server,
        "/api/descend",
        &[
            ("fen", KIWIPETE),
            ("depth", "2"),
            ("a", "piece-list"),
            ("b", "magic"),
        ],
    );
    assert_eq!(agree["divergent"], false);
    assert_eq!(agree["a"], "piece-list");
    assert_eq!(
        agree["report"],
        "no divergence: piece-list and magic agree to depth 2\n"
    );
    refused(
        &server,
        "/api/descend",
        &[("depth", "2")],
        400,
        "needs two generators",
    );
    refused(
        &server,
        "/api/descend",
        &[("depth", "2"), ("b", "program:7")],
        400,
        "no program",
    );
}

#[test]
fn slider_lookups_follow_the_blockers_and_refuse_bad_input() {
    let server = Server::start(&[], &[]);
    let techniques = ok(&server, "/api/techniques", &[]);
    let names: Vec<&str> = techniques["techniques"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    for name in [
        "rotated",
        "magic",
        "hyperbola",
        "kogge-stone",
        "black-magic",
        "ray",
    ] {
        assert!(names.contains(&name), "{name}: {names:?}");
    }
    assert!(!names.contains(&"mailbox"));
    let index = |blockers: &str| {
        let lookup = ok(
            &server,
            "/api/slider",
            &[
                ("technique", "magic"),
                ("square", "a1"),
                ("blockers", blockers),
            ],
        );
        let step = lookup["steps"]
            .as_array()
            .unwrap()
            .iter()
            .find(|step| step["label"] == "index = product >> shift")
            .cloned()
            .unwrap_or_else(|| panic!("{lookup}"));
        (step["value"]["value"].clone(), lookup["attacks"].clone())
    };
    let (empty, all_open) = index("");
    let (blocked, fewer) = index("a2");
    assert_ne!(
        empty, blocked,
        "a blocker inside the mask changes the index"
    );
    assert_ne!(all_open, fewer);
    assert_eq!(fewer, "00000000000001fe", "a2 and the first rank");
    // A blocker outside the mask (the last square of a ray) changes nothing.
    assert_eq!(index("a8").0, empty);
    let bishop = ok(
        &server,
        "/api/slider",
        &[
            ("technique", "hyperbola"),
            ("slider", "bishop"),
            ("square", "d4"),
            ("blockers", "f6, b2"),
        ],
    );
    assert_eq!(bishop["slider"], "bishop");
    assert!(bishop["text"].as_str().unwrap().contains("d4"));

    refused(
        &server,
        "/api/slider",
        &[("technique", "mailbox"), ("square", "d4")],
        400,
        "no slider lookup called \"mailbox\"",
    );
    refused(
        &server,
        "/api/slider",
        &[("slider", "queen"), ("square", "d4")],
        400,
        "bad slider \"queen\"",
    );
    refused(
        &server,
        "/api/slider",
        &[("square", "d4"), ("blockers", "d5,x9")],
        400,
        "bad square \"x9\"",
    );
    refused(&server, "/api/slider", &[], 400, "a square is needed");
}

#[test]
fn pages_and_assets_are_served_from_the_binary_and_name_nothing_outside() {
    let server = Server::start(&[], &[]);
    for (path, kind) in [
        ("/", "text/html"),
        ("/board", "text/html"),
        ("/sliders", "text/html"),
        ("/perft", "text/html"),
        ("/assets/style.css", "text/css"),
        ("/assets/common.js", "text/javascript"),
        ("/assets/board.js", "text/javascript"),
        ("/assets/sliders.js", "text/javascript"),
        ("/assets/perft.js", "text/javascript"),
    ] {
        let response = support::http().get(&server.url(path)).call().unwrap();
        assert!(response.content_type().starts_with(kind), "{path}");
        let body = response.into_string().unwrap();
        assert!(
            !body.contains("http://") && !body.contains("https://"),
            "{path} names another site"
        );
    }
    refused(
        &server,
        "/nowhere",
        &[],
        404,
        "no such page or endpoint: /nowhere",
    );
    refused(
        &server,
        "/api/nothing",
        &[],
        404,
        "no such page or endpoint",
    );
}

#[test]
fn start_up_refuses_a_backend_or_a_missing_program_as_against() {
    for (args, expected) in [
        (
            &["serve", "--against", "magic"][..],
            "--against magic: a backend is picked on the page",
        ),
        (
            &["serve", "--against", "./no/such/program"][..],
            "no such program",
        ),
        (
            &["serve", "--port", "0", "--bind", "nonsense"][..],
            "invalid value 'nonsense'",
        ),
    ] {
        let output = support::boardlab(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = support::stderr(&output);
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

/// How many walks the server says are running.
fn walks_running(server: &Server) -> u64 {
    ok(server, "/api/info", &[])["walks_running"]
        .as_u64()
        .unwrap()
}

#[test]
fn a_walk_stops_when_its_client_goes_away() {
    let server = Server::start(&[], &[]);
    let address = server.base.trim_start_matches("http://").to_string();
    // Kiwipete at depth 8 runs far longer than the test: only the stop flag ends it early.
    let mut stream = TcpStream::connect(&address).unwrap();
    let fen = KIWIPETE.replace(' ', "%20").replace('/', "%2F");
    write!(
        stream,
        "GET /api/divide?depth=8&fen={fen} HTTP/1.1\r\nHost: {address}\r\n\r\n"
    )
    .unwrap();
    let started = Instant::now();
    while walks_running(&server) == 0 {
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the walk never started"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(stream);
    let dropped = Instant::now();
    while walks_running(&server) != 0 {
        assert!(
            dropped.elapsed() < Duration::from_secs(3),
            "the walk went on after its client left"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    ok(&server, "/api/divide", &[("depth", "1")]);
}

#[test]
fn a_walk_over_the_time_budget_is_refused_with_422() {
    // The budget is `--time-budget`'s, which /api/info reports.
    let server = Server::start(&["--time-budget", "2"], &[]);
    let info = ok(&server, "/api/info", &[]);
    assert_eq!(info["budgets"]["seconds"], 2, "{info}");
    let started = Instant::now();
    let (status, json) = get(&server, "/api/divide", &[("fen", KIWIPETE), ("depth", "8")]);
    assert_eq!(status, 422, "{json}");
    assert_eq!(json["error"], "over the time budget: stopped after 2 s");
    let took = started.elapsed();
    assert!(
        took >= Duration::from_secs(2) && took < Duration::from_secs(8),
        "{took:?}"
    );
    // The stopped walk ends, and the server goes on.
    let waited = Instant::now();
    while walks_running(&server) != 0 {
        assert!(waited.elapsed() < Duration::from_secs(3));
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_time_budget_out_of_range_is_refused_before_the_server_starts() {
    for (value, expected) in [
        ("0", "0 is not in 1..=3600"),
        ("3601", "3601 is not in 1..=3600"),
        ("ten", "--time-budget"),
    ] {
        support::assert_bad_input(&["serve", "--port", "0", "--time-budget", value], expected);
    }
}

#[test]
fn a_program_named_at_start_up_divides_and_its_planted_bug_is_found() {
    if !python_chess() {
        return;
    }
    let program = support_file("planted_bugs.py");
    let server = Server::start(
        &[
            "--against",
            program.to_str().unwrap(),
            "--protocol",
            "perftree",
        ],
        &[("PLANTED_BUG", "ep-rank-pin")],
    );
    let info = ok(&server, "/api/info", &[]);
    assert_eq!(info["programs"][0]["id"], "program:0");
    assert_eq!(info["protocol"], "perftree");
    let root = "7k/3p4/8/K3P2r/8/8/8/8 b - - 0 1";
    let side_by_side = ok(
        &server,
        "/api/divide",
        &[
            ("fen", root),
            ("depth", "2"),
            ("a", "magic"),
            ("b", "program:0"),
        ],
    );
    let differing: Vec<&str> = side_by_side["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|row| row["differs"] == true)
        .map(|row| row["move"].as_str().unwrap())
        .collect();
    assert_eq!(differing, ["d7d5"]);
    let found = ok(
        &server,
        "/api/descend",
        &[
            ("fen", root),
            ("depth", "2"),
            ("a", "magic"),
            ("b", "program:0"),
        ],
    );
    assert_eq!(found["divergent"], true);
    assert_eq!(found["path"], serde_json::json!(["d7d5"]));
    assert_eq!(found["only_in_b"], serde_json::json!(["e5d6"]));
    assert_eq!(found["fen"], "7k/8/8/K2pP2r/8/8/8/8 w - d6 0 2");
    refused(
        &server,
        "/api/divide",
        &[("depth", "1"), ("a", "program:1")],
        400,
        "program:0 to program:0",
    );
}
