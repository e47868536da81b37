//! `boardlab serve`: the representations, the slider techniques and the divide debugger as a
//! local web application, served by boardlab itself.
//!
//! Three pages (the board, the slider techniques, perft and diff) and the JSON API they call.
//! The pages, their stylesheet and scripts are compiled into the binary (`include_str!`): plain
//! HTML, CSS and JavaScript with no build step, nothing fetched from elsewhere. The server is
//! axum on a small tokio runtime; every count runs on a blocking thread within the budgets of
//! [`budget`], and is stopped when the page that asked for it goes away.
//!
//! Safe by default: it binds 127.0.0.1 unless told otherwise, and the only outside programs it
//! runs are the ones named on its command line (`--against`), which a page names by index.

mod api;
mod budget;
mod divide;

use crate::{Backend, Error, Outcome};
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use boardlab_harness::diff::{find_program, Protocol};
use serde_json::json;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `boardlab serve`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct ServeArgs {
    /// The address to listen on; 127.0.0.1 keeps the server to this machine.
    #[arg(long, value_name = "ADDRESS", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,
    /// The port to listen on; 0 picks a free one (the address is printed).
    #[arg(long, value_name = "N", default_value_t = 8080)]
    pub port: u16,
    /// Outside move generators the perft page may divide with: paths, or names looked up on
    /// PATH and in /usr/games. The pages name them by index; they can run no other program.
    #[arg(long, value_name = "PROGRAM", num_args = 1..)]
    pub against: Vec<String>,
    /// How to speak to the programs: `uci` (they answer `go perft N` as Stockfish does) or
    /// `perftree` (each is run as `PROGRAM DEPTH FEN [MOVES]`).
    #[arg(long, value_enum, default_value_t = Protocol::Uci)]
    pub protocol: Protocol,
    /// How many seconds one request's walk may run before it is stopped and refused (422).
    #[arg(long, value_name = "SECONDS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub time_budget: u64,
}

/// What every request sees: the programs named at start-up and the walks under way.
pub(crate) struct Served {
    /// The `--against` programs, as named on the command line.
    programs: Vec<String>,
    protocol: Protocol,
    /// How long one request's walk may run (`--time-budget`).
    time_budget: Duration,
    /// How many counts are running now.
    running: Arc<AtomicUsize>,
}

/// How many threads count at once; further requests wait for one (their time budget runs
/// while they wait).
const COUNTING_THREADS: usize = 4;

/// Runs `boardlab serve` until it is killed, printing the address it listens on.
///
/// # Errors
///
/// A program that cannot be found, a backend name given as a program, or an address that
/// cannot be bound.
pub(crate) fn run(args: &ServeArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    for name in &args.against {
        if Backend::named(name).is_some() {
            return Err(Error::Usage(format!(
                "--against {name}: a backend is picked on the page; --against names programs"
            )));
        }
        if find_program(name).is_none() {
            return Err(Error::Usage(format!(
                "--against {name}: no such program (a path, or a name on PATH or in /usr/games)"
            )));
        }
    }
    let served = Arc::new(Served {
        programs: args.against.clone(),
        protocol: args.protocol,
        time_budget: Duration::from_secs(args.time_budget),
        running: Arc::new(AtomicUsize::new(0)),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(COUNTING_THREADS)
        .enable_io()
        .enable_time()
        .build()
        .map_err(|err| Error::Usage(format!("cannot start the server: {err}")))?;
    runtime.block_on(async move {
        let address = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|err| {
                Error::Usage(format!(
                    "cannot listen on {address}: {}",
                    boardlab_harness::io_clause(&err)
                ))
            })?;
        let bound = listener.local_addr()?;
        writeln!(out, "boardlab serve: listening on http://{bound}/")?;
        out.flush()?;
        axum::serve(listener, router(served))
            .await
            .map_err(|err| Error::Usage(format!("the server stopped: {err}")))?;
        Ok(Outcome::Success)
    })
}

/// Every route: the pages, their assets and the API.
fn router(served: Arc<Served>) -> Router {
    Router::new()
        .route("/", get(|| page(INDEX)))
        .route("/board", get(|| page(BOARD)))
        .route("/sliders", get(|| page(SLIDERS)))
        .route("/perft", get(|| page(PERFT)))
        .route("/assets/style.css", get(|| asset("text/css", STYLE)))
        .route("/assets/common.js", get(|| script(COMMON_JS)))
        .route("/assets/board.js", get(|| script(BOARD_JS)))
        .route("/assets/sliders.js", get(|| script(SLIDERS_JS)))
        .route("/assets/perft.js", get(|| script(PERFT_JS)))
        .route("/api/info", get(api::info))
        .route("/api/position", get(api::show))
        .route("/api/explain", get(api::explain))
        .route("/api/divide", get(divide::divide))
        .route("/api/descend", get(divide::descend))
        .route("/api/techniques", get(api::technique_list))
        .route("/api/slider", get(api::slider))
        .fallback(not_found)
        .with_state(served)
}

const INDEX: &str = include_str!("assets/index.html");
const BOARD: &str = include_str!("assets/board.html");
const SLIDERS: &str = include_str!("assets/sliders.html");
const PERFT: &str = include_str!("assets/perft.html");
const STYLE: &str = include_str!("assets/style.css");
const COMMON_JS: &str = include_str!("assets/common.js");
const BOARD_JS: &str = include_str!("assets/board.js");
const SLIDERS_JS: &str = include_str!("assets/sliders.js");
const PERFT_JS: &str = include_str!("assets/perft.js");

async fn page(html: &'static str) -> impl IntoResponse {
    asset("text/html; charset=utf-8", html).await
}

async fn script(js: &'static str) -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", js).await
}

async fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, content_type),
            // Nothing the pages load comes from elsewhere, and nothing else may be loaded.
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'",
            ),
        ],
        body,
    )
}

async fn not_found(uri: axum::http::Uri) -> impl IntoResponse {
    (
        StatusCode::NOT_FOUND,
        Json(json!({ "error": format!("no such page or endpoint: {}", uri.path()) })),
    )
}
