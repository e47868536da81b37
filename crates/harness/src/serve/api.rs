//! The JSON API the pages call: every endpoint is a `GET` with its input in the query string
//! and answers one JSON object; an error is `{"error": "one line"}` with status 400 for bad
//! input, 422 for a walk over its budget and 502 for an outside program that failed
//! (docs/src/serve.md lists them all).

use super::budget::{within_budget, MAX_DEPTH, NODE_BUDGET, TIME_BUDGET};
use super::steps::steps;
use super::Served;
use crate::diff::{oracle_named, DivideOracle, ProgramOptions};
use crate::perft::{PerftOptions, PerftRunner, PerftStats};
use crate::position::PositionArgs;
use crate::{slider_explanation, Backend, Error, Position};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use boardlab_bitboard::boardlab_sliders::{explanation, Slider};
use boardlab_core::views::piece_name;
use boardlab_core::{Bitboard, Board, Square, Views};
use clap::ValueEnum;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// An answer that is not the one asked for: a status and one line saying why.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    /// Bad input: status 400.
    pub fn bad_input(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// A walk stopped by its budget: status 422.
    pub fn over_budget(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.into(),
        }
    }

    /// The server's own failure: status 500.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.into(),
        }
    }
}

impl From<Error> for ApiError {
    fn from(err: Error) -> ApiError {
        let status = match err {
            Error::Fen(_) | Error::Move(_) | Error::Usage(_) => StatusCode::BAD_REQUEST,
            Error::Oracle { .. } => StatusCode::BAD_GATEWAY,
            Error::Stopped => StatusCode::UNPROCESSABLE_ENTITY,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        // One line, whatever the error holds.
        let text = err.to_string();
        let message = text.lines().next().unwrap_or_default().to_string();
        ApiError { status, message }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::bad_input(rejection.body_text().replace('\n', " "))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

type Answer = Result<Json<Value>, ApiError>;

/// The query string, or a 400 naming what is wrong with it.
fn query<T>(query: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    Ok(query?.0)
}

/// The most moves a request may play from its FEN.
const MAX_MOVES: usize = 1024;

/// The position `fen` (the start position when absent) after the space-separated `moves`.
fn position(
    fen: Option<String>,
    moves: Option<String>,
    chess960: bool,
) -> Result<Position, ApiError> {
    let moves: Vec<String> = moves
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    if moves.len() > MAX_MOVES {
        return Err(ApiError::bad_input(format!(
            "too many moves: {} (at most {MAX_MOVES})",
            moves.len()
        )));
    }
    let args = PositionArgs {
        fen: fen
            .filter(|fen| !fen.trim().is_empty())
            .unwrap_or_else(|| boardlab_core::START_FEN.to_string()),
        moves,
        chess960,
    };
    Ok(args.resolve()?)
}

/// The backend called `name`, when this processor can run it.
fn backend(name: Option<&str>) -> Result<Backend, ApiError> {
    let Some(name) = name else {
        return Ok(Backend::DEFAULT);
    };
    let backend = Backend::named(name).ok_or_else(|| {
        ApiError::bad_input(format!(
            "unknown backend {name:?}: one of {}",
            Backend::names()
        ))
    })?;
    Ok(backend.available()?)
}

/// The square called `name`.
fn square(name: Option<&str>) -> Result<Square, ApiError> {
    let name = name.ok_or_else(|| ApiError::bad_input("a square is needed: square=e4"))?;
    name.parse()
        .map_err(|_| ApiError::bad_input(format!("bad square {name:?}: a file a-h and a rank 1-8")))
}

/// `GET /api/info`: what the server offers.
pub(crate) async fn info(State(served): State<Arc<Served>>) -> Json<Value> {
    let backends: Vec<Value> = Backend::ALL
        .iter()
        .map(|&backend| {
            let about = backend
                .to_possible_value()
                .and_then(|value| value.get_help().map(ToString::to_string))
                .unwrap_or_default();
            json!({
                "name": backend.name(),
                "about": about,
                "runs_here": backend.available().is_ok(),
            })
        })
        .collect();
    let programs: Vec<Value> = served
        .programs
        .iter()
        .enumerate()
        .map(|(i, name)| json!({ "id": format!("program:{i}"), "name": name }))
        .collect();
    Json(json!({
        "version": env!("CARGO_PKG_VERSION"),
        "default_backend": Backend::DEFAULT.name(),
        "backends": backends,
        "programs": programs,
        "protocol": served.protocol.to_string(),
        "budgets": {
            "max_depth": MAX_DEPTH,
            "nodes": NODE_BUDGET,
            "seconds": TIME_BUDGET.as_secs(),
        },
        "stats": true,
        "walks_running": served.running.load(Ordering::Relaxed),
    }))
}

/// The query of `/api/position`.
#[derive(Debug, Deserialize)]
pub(crate) struct PositionQuery {
    fen: Option<String>,
    moves: Option<String>,
    #[serde(default)]
    chess960: bool,
    backend: Option<String>,
    square: Option<String>,
}

/// `GET /api/position`: the position, its legal moves, and the backend's `show` view.
pub(crate) async fn show(q: Result<Query<PositionQuery>, QueryRejection>) -> Answer {
    let q = query(q)?;
    let backend = backend(q.backend.as_deref())?;
    let focus = q
        .square
        .as_deref()
        .map(|name| square(Some(name)))
        .transpose()?;
    let position = position(q.fen, q.moves, q.chess960)?;
    let (svg, text) = with_backend!(backend, B => {
        let board: B = position.board();
        (board.show_svg(focus).to_svg(), board.show(focus))
    });
    let board: boardlab_core::ReferenceBoard = position.board();
    let pieces: BTreeMap<String, String> = Square::ALL
        .iter()
        .filter_map(|&sq| Some((sq.to_string(), board.piece_at(sq)?.char().to_string())))
        .collect();
    let legal: Vec<String> = board
        .legal_moves()
        .iter()
        .map(|&mv| board.move_text(mv, position.chess960()))
        .collect();
    Ok(Json(json!({
        "backend": backend.name(),
        "fen": position.fen(),
        "chess960": position.chess960(),
        "moves": position.move_texts(),
        "turn": board.side_to_move().to_string(),
        "in_check": board.in_check(),
        "pieces": pieces,
        "legal": legal,
        "show": { "svg": svg, "text": text },
    })))
}

/// `GET /api/explain`: how the backend finds the moves of the piece on `square`, in steps.
pub(crate) async fn explain(q: Result<Query<PositionQuery>, QueryRejection>) -> Answer {
    let q = query(q)?;
    let backend = backend(q.backend.as_deref())?;
    let sq = square(q.square.as_deref())?;
    let position = position(q.fen, q.moves, q.chess960)?;
    let drawn = with_backend!(backend, B => {
        let board: B = position.board();
        board.explain(sq).and_then(|text| Ok((text, board.explain_svg(sq)?.to_svg())))
    });
    let (text, svg) = drawn.map_err(|err| ApiError::bad_input(err.to_string()))?;
    let piece = position
        .setup()
        .piece_at(sq)
        .map(piece_name)
        .unwrap_or_default();
    Ok(Json(json!({
        "backend": backend.name(),
        "square": sq.to_string(),
        "piece": piece,
        "steps": steps(&text),
        "text": text,
        "svg": svg,
    })))
}

/// The query of `/api/divide` and `/api/descend`.
#[derive(Debug, Deserialize)]
pub(crate) struct DivideQuery {
    fen: Option<String>,
    moves: Option<String>,
    #[serde(default)]
    chess960: bool,
    depth: Option<u32>,
    a: Option<String>,
    b: Option<String>,
}

/// A move generator as a request names it: a backend's name, or `program:N` for the Nth
/// program given to `boardlab serve --against`. The browser can name no other program.
#[derive(Debug, Clone)]
enum Generator {
    Backend(Backend),
    Program(String),
}

impl Generator {
    fn named(name: &str, served: &Served) -> Result<Generator, ApiError> {
        if let Some(index) = name.strip_prefix("program:") {
            return index
                .parse::<usize>()
                .ok()
                .and_then(|i| served.programs.get(i))
                .map(|program| Generator::Program(program.clone()))
                .ok_or_else(|| {
                    ApiError::bad_input(match served.programs.len() {
                        0 => {
                            format!("no program {name:?}: the server was started without --against")
                        }
                        n => format!("no program {name:?}: program:0 to program:{}", n - 1),
                    })
                });
        }
        Ok(Generator::Backend(backend(Some(name)).map_err(|_| {
            ApiError::bad_input(format!(
                "unknown generator {name:?}: a backend ({}) or program:N",
                Backend::names()
            ))
        })?))
    }

    /// This generator as a divide oracle for positions below `root`, stopped by `stop`.
    fn oracle(
        &self,
        root: &Position,
        served: &Served,
        allowance: &super::budget::Allowance,
    ) -> Result<Box<dyn DivideOracle>, Error> {
        let oracle = match self {
            Generator::Backend(backend) => {
                backend.oracle_stopped_by(root, Some(Arc::clone(&allowance.stop)))?
            }
            Generator::Program(name) => {
                let options = ProgramOptions {
                    timeout: TIME_BUDGET,
                    verbose: false,
                };
                oracle_named(name, served.protocol, root, options)?
            }
        };
        Ok(Box::new(allowance.charge(oracle)))
    }
}

/// The statistics of the leaves `depth` plies below `root` on `backend`, counted by the one
/// perft runner and stopped with the request's allowance.
fn leaf_stats(
    backend: Backend,
    root: &Position,
    depth: u32,
    allowance: &super::budget::Allowance,
) -> Result<PerftStats, Error> {
    backend.available()?;
    let runner = PerftRunner::new(PerftOptions::default())?.stopped_by(Arc::clone(&allowance.stop));
    with_backend!(backend, B => Ok(runner.count(&root.board::<B>(), depth)?))
}

/// The depth asked for, within 1 and [`MAX_DEPTH`].
fn depth(depth: Option<u32>) -> Result<u32, ApiError> {
    match depth {
        Some(depth @ 1..=MAX_DEPTH) => Ok(depth),
        Some(depth) => Err(ApiError::bad_input(format!(
            "depth {depth} is out of range: 1 to {MAX_DEPTH}"
        ))),
        None => Err(ApiError::bad_input("a depth is needed: depth=3")),
    }
}

/// What `/api/divide` and `/api/descend` are asked: the depth, generator `a` (the default
/// backend when absent), generator `b` if given, and the position, each checked.
fn divide_query(
    q: Result<Query<DivideQuery>, QueryRejection>,
    served: &Served,
) -> Result<(u32, Generator, Option<Generator>, Position), ApiError> {
    let q = query(q)?;
    let depth = depth(q.depth)?;
    let a = Generator::named(q.a.as_deref().unwrap_or(Backend::DEFAULT.name()), served)?;
    let b =
        q.b.as_deref()
            .filter(|name| !name.is_empty())
            .map(|name| Generator::named(name, served))
            .transpose()?;
    let root = position(q.fen, q.moves, q.chess960)?;
    Ok((depth, a, b, root))
}

/// `GET /api/divide`: the count below each legal move, from one generator (`a`) or two side
/// by side (`a` and `b`), with the moves whose counts differ marked.
pub(crate) async fn divide(
    State(served): State<Arc<Served>>,
    q: Result<Query<DivideQuery>, QueryRejection>,
) -> Answer {
    let (depth, a, b, root) = divide_query(q, &served)?;
    let running = Arc::clone(&served.running);
    let work_served = Arc::clone(&served);
    let work_root = root.clone();
    let (a_name, a_divide, b_answer, stats) = within_budget(&running, move |allowance| {
        // The leaves' statistics, as `perft --stats` counts them, need boardlab's own walk:
        // they are given for a backend, not for an outside program.
        let stats = match &a {
            Generator::Backend(backend) => {
                Some(leaf_stats(*backend, &work_root, depth, allowance)?)
            }
            Generator::Program(_) => None,
        };
        let mut a = a.oracle(&work_root, &work_served, allowance)?;
        let a_divide = a.divide(&[], depth)?;
        let b_answer = match b {
            Some(b) => {
                let mut b = b.oracle(&work_root, &work_served, allowance)?;
                Some((b.name().to_string(), b.divide(&[], depth)?))
            }
            None => None,
        };
        Ok((a.name().to_string(), a_divide, b_answer, stats))
    })
    .await?;
    let a_counts: BTreeMap<&str, u64> = a_divide.iter().map(|(m, n)| (m.as_str(), *n)).collect();
    let b_counts: Option<BTreeMap<&str, u64>> = b_answer
        .as_ref()
        .map(|(_, divide)| divide.iter().map(|(m, n)| (m.as_str(), *n)).collect());
    let mut names: BTreeSet<&str> = a_counts.keys().copied().collect();
    if let Some(b_counts) = &b_counts {
        names.extend(b_counts.keys().copied());
    }
    let rows: Vec<Value> = names
        .iter()
        .map(|mv| {
            let a = a_counts.get(mv).copied();
            let b = b_counts.as_ref().map(|counts| counts.get(mv).copied());
            let differs = b.is_some_and(|b| b != a);
            json!({ "move": mv, "a": a, "b": b.flatten(), "differs": differs })
        })
        .collect();
    let total = |divide: &[(String, u64)]| divide.iter().map(|(_, n)| n).sum::<u64>();
    let b_json = b_answer
        .as_ref()
        .map(|(name, divide)| json!({ "name": name, "total": total(divide) }));
    Ok(Json(json!({
        "fen": root.fen(),
        "moves": root.move_texts(),
        "depth": depth,
        "a": { "name": a_name, "total": total(&a_divide) },
        "b": b_json,
        "rows": rows,
        "differing": rows.iter().filter(|row| row["differs"] == true).count(),
        // The leaves' statistics of generator `a` (`perft --stats`), or `null` for a program.
        "stats": stats.map(|stats: PerftStats| {
            stats
                .columns()
                .into_iter()
                .map(|(name, count)| (name.to_string(), Value::from(count)))
                .collect::<serde_json::Map<String, Value>>()
        }),
    })))
}

/// `GET /api/descend`: the one descent of `boardlab diff` between generators `a` and `b`,
/// to the first position whose legal move lists differ.
pub(crate) async fn descend(
    State(served): State<Arc<Served>>,
    q: Result<Query<DivideQuery>, QueryRejection>,
) -> Answer {
    let (depth, a, b, root) = divide_query(q, &served)?;
    let b = b.ok_or_else(|| ApiError::bad_input("a descent needs two generators: a=… and b=…"))?;
    let running = Arc::clone(&served.running);
    let work_served = Arc::clone(&served);
    let report = within_budget(&running, move |allowance| {
        let mut a = a.oracle(&root, &work_served, allowance)?;
        let mut b = b.oracle(&root, &work_served, allowance)?;
        crate::diff(&root, &mut a, &mut b, depth)
    })
    .await?;
    let mut answer = report.to_json();
    answer["a"] = json!(report.a);
    answer["b"] = json!(report.b);
    answer["depth"] = json!(report.depth);
    answer["root_fen"] = json!(report.fen);
    answer["report"] = json!(report.to_string());
    Ok(Json(answer))
}

/// The techniques the slider page offers: every backend with a slider lookup, then the
/// reference ray walk.
fn techniques() -> Vec<(&'static str, &'static str)> {
    let mut found: Vec<(&str, &str)> = Backend::ALL
        .iter()
        .filter_map(|&backend| {
            let lookup = slider_explanation(backend, Slider::Rook, Square::D4, Bitboard::EMPTY)?;
            Some((backend.name(), lookup.title))
        })
        .collect();
    if let Some(ray) = explanation("ray", Slider::Rook, Square::D4, Bitboard::EMPTY) {
        found.push(("ray", ray.title));
    }
    found
}

/// `GET /api/techniques`: the slider techniques the slider page can show.
pub(crate) async fn technique_list() -> Json<Value> {
    let list: Vec<Value> = techniques()
        .into_iter()
        .map(|(name, title)| json!({ "name": name, "title": title }))
        .collect();
    Json(json!({ "techniques": list }))
}

/// The query of `/api/slider`.
#[derive(Debug, Deserialize)]
pub(crate) struct SliderQuery {
    technique: Option<String>,
    slider: Option<String>,
    square: Option<String>,
    /// Squares holding a piece, separated by commas or spaces.
    blockers: Option<String>,
}

/// `GET /api/slider`: one slider lookup by one technique, step by step, among the blockers.
pub(crate) async fn slider(q: Result<Query<SliderQuery>, QueryRejection>) -> Answer {
    let q = query(q)?;
    let technique = q.technique.as_deref().unwrap_or(Backend::DEFAULT.name());
    let slider = match q.slider.as_deref().unwrap_or("rook") {
        "rook" => Slider::Rook,
        "bishop" => Slider::Bishop,
        other => {
            return Err(ApiError::bad_input(format!(
                "bad slider {other:?}: rook or bishop"
            )))
        }
    };
    let sq = square(q.square.as_deref())?;
    let mut occupied = Bitboard::EMPTY;
    for name in q
        .blockers
        .as_deref()
        .unwrap_or_default()
        .split([',', ' '])
        .filter(|name| !name.is_empty())
    {
        occupied = occupied.with(square(Some(name))?);
    }
    let lookup = match Backend::named(technique) {
        Some(backend) => slider_explanation(backend, slider, sq, occupied),
        None => explanation(technique, slider, sq, occupied),
    };
    let lookup = lookup.ok_or_else(|| {
        let names: Vec<&str> = techniques().into_iter().map(|(name, _)| name).collect();
        ApiError::bad_input(format!(
            "no slider lookup called {technique:?}: one of {}",
            names.join(", ")
        ))
    })?;
    let mut answer = serde_json::to_value(&lookup)
        .map_err(|err| ApiError::internal(format!("cannot write the lookup: {err}")))?;
    answer["text"] = json!(lookup.to_text());
    Ok(Json(answer))
}
