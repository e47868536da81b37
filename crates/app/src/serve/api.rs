//! The JSON API the pages call: every endpoint is a `GET` with its input in the query string
//! and answers one JSON object; an error is `{"error": "one line"}` with status 400 for bad
//! input, 422 for a walk over its budget and 502 for an outside program that failed
//! (docs/src/serve.md lists them all).

use super::budget::{MAX_DIVIDE_DEPTH, NODE_BUDGET};
use super::Served;
use crate::position::PositionArgs;
use crate::{Backend, Error, Position};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, Board, BoardExt, Square};
use boardlab_harness::board_type;
use boardlab_sliders::ray_step_by_step;
use clap::ValueEnum;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
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

pub(super) type Answer = Result<Json<Value>, ApiError>;

/// The query string, or a 400 naming what is wrong with it.
pub(super) fn query<T>(query: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    Ok(query?.0)
}

/// The longest move path a request may carry: the moves it plays from its FEN.
const MAX_MOVE_PATH: usize = 1024;

/// The position `fen` (the start position when absent) after the space-separated `moves`,
/// castling written as the king taking its own rook with `king_takes_rook`.
pub(super) fn position(
    fen: Option<String>,
    moves: Option<String>,
    king_takes_rook: bool,
) -> Result<Position, ApiError> {
    let moves: Vec<String> = moves
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    if moves.len() > MAX_MOVE_PATH {
        return Err(ApiError::bad_input(format!(
            "too many moves: {} (at most {MAX_MOVE_PATH})",
            moves.len()
        )));
    }
    let args = PositionArgs {
        fen: fen
            .filter(|fen| !fen.trim().is_empty())
            .unwrap_or_else(|| boardlab_core::START_FEN.to_string()),
        moves,
        king_takes_rook,
    };
    Ok(args.resolve()?)
}

/// The backend called `name`, when this processor can run it.
pub(super) fn backend(name: Option<&str>) -> Result<Backend, ApiError> {
    let Some(name) = name else {
        return Ok(Backend::DEFAULT);
    };
    let backend = Backend::named(name).ok_or_else(|| {
        ApiError::bad_input(format!(
            "unknown backend {name:?}: one of {}",
            Backend::names()
        ))
    })?;
    Ok(backend.available().map_err(Error::from)?)
}

/// The square called `name`.
pub(super) fn square(name: Option<&str>) -> Result<Square, ApiError> {
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
            "max_divide_depth": MAX_DIVIDE_DEPTH,
            "nodes": NODE_BUDGET,
            "seconds": served.time_budget.as_secs(),
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
    let shown = board_type(backend).show(&position, focus);
    let board: boardlab_reference::ReferenceBoard = position.board();
    let pieces: BTreeMap<String, String> = Square::ALL
        .iter()
        .filter_map(|&sq| Some((sq.to_string(), board.piece_at(sq)?.char().to_string())))
        .collect();
    let legal: Vec<String> = board
        .legal_moves()
        .iter()
        .map(|&mv| board.move_text(mv, position.king_takes_rook()))
        .collect();
    // The view as `show --json` writes it, with the page's two renderings of it beside.
    let mut view = serde_json::to_value(&shown)
        .map_err(|err| ApiError::internal(format!("cannot write the view: {err}")))?;
    view["svg"] = json!(shown.to_svg());
    view["text"] = json!(shown.to_text());
    Ok(Json(json!({
        "backend": backend.name(),
        "fen": position.fen(),
        "chess960": position.king_takes_rook(),
        "moves": position.move_texts(),
        "turn": board.side_to_move().to_string(),
        "in_check": board.in_check(),
        "pieces": pieces,
        "legal": legal,
        "show": view,
    })))
}

/// `GET /api/explain`: how the backend finds the moves of the piece on `square`, in steps: the
/// explanation as `boardlab explain --json` writes it.
pub(crate) async fn explain(q: Result<Query<PositionQuery>, QueryRejection>) -> Answer {
    let q = query(q)?;
    let backend = backend(q.backend.as_deref())?;
    let sq = square(q.square.as_deref())?;
    let position = position(q.fen, q.moves, q.chess960)?;
    let explained = board_type(backend)
        .explain(&position, sq)
        .map_err(|err| ApiError::bad_input(err.to_string()))?;
    let answer = serde_json::to_value(&explained)
        .map_err(|err| ApiError::internal(format!("cannot write the explanation: {err}")))?;
    Ok(Json(answer))
}

/// The name of the reference ray walk on the slider page ([`ray_step_by_step`]).
const RAY_WALK: &str = "ray";

/// The techniques the slider page offers: every backend with a slider lookup, then the
/// reference ray walk.
fn techniques() -> Vec<(&'static str, &'static str)> {
    let mut found: Vec<(&str, &str)> = Backend::ALL
        .iter()
        .filter_map(|&backend| {
            let lookup = backend.slider_lookup(Slider::Rook, Square::D4, Bitboard::EMPTY)?;
            Some((backend.name(), lookup.title))
        })
        .collect();
    let ray = ray_step_by_step(Slider::Rook, Square::D4, Bitboard::EMPTY);
    found.push((ray.technique, ray.title));
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
    // The backends by their types; the ray walk, which no backend runs, besides them.
    let lookup = match Backend::named(technique) {
        Some(backend) => backend.slider_lookup(slider, sq, occupied),
        None if technique == RAY_WALK => Some(ray_step_by_step(slider, sq, occupied)),
        None => None,
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
