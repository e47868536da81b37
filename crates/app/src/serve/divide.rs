//! The perft page's endpoints: `/api/divide` (the per-move counts of one or two generators at
//! one position) and `/api/descend` (diff's descent from it to the first position where the two
//! differ), each within the server's depth, node and time budgets.

use super::api::{backend, position, query, Answer, ApiError};
use super::budget::{within_budget, MAX_DIVIDE_DEPTH};
use super::Served;
use crate::{Backend, Error, Position};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::Json;
use boardlab_core::UciMove;
use boardlab_harness::board_type;
use boardlab_harness::diff::{backend_oracle, oracle_named, Divide, DivideOracle, ProgramOptions};
use boardlab_harness::perft::{PerftOptions, PerftRunner, PerftStats};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

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
    /// Whether to count the leaves' statistics too (`perft --stats`), which costs some thirty
    /// times a bulk count: only on request, so that a plain divide answers deep positions.
    #[serde(default)]
    stats: bool,
}

/// A move generator as a request names it: a backend's name, or `program:N` for the Nth
/// program given to `boardlab serve --against`. The browser can name no other program.
#[derive(Debug, Clone)]
enum Requested {
    Backend(Backend),
    Program(String),
}

impl Requested {
    fn named(name: &str, served: &Served) -> Result<Requested, ApiError> {
        if let Some(index) = name.strip_prefix("program:") {
            return index
                .parse::<usize>()
                .ok()
                .and_then(|i| served.programs.get(i))
                .map(|program| Requested::Program(program.clone()))
                .ok_or_else(|| {
                    ApiError::bad_input(match served.programs.len() {
                        0 => {
                            format!("no program {name:?}: the server was started without --against")
                        }
                        n => format!("no program {name:?}: program:0 to program:{}", n - 1),
                    })
                });
        }
        Ok(Requested::Backend(backend(Some(name)).map_err(|_| {
            ApiError::bad_input(format!(
                "unknown generator {name:?}: a backend ({}) or program:N",
                Backend::names()
            ))
        })?))
    }

    /// This generator as a divide oracle, first asked about `root`, stopped by the
    /// allowance's stop flag and charged to its budget.
    fn oracle(
        &self,
        root: &Position,
        served: &Served,
        allowance: &super::budget::Allowance,
    ) -> Result<Box<dyn DivideOracle>, Error> {
        let oracle = match self {
            Requested::Backend(backend) => {
                backend_oracle(*backend, Some(Arc::clone(&allowance.stop)))?
            }
            Requested::Program(name) => {
                let options = ProgramOptions {
                    timeout: served.time_budget,
                    verbose: false,
                };
                oracle_named(name, served.protocol, root, options)?
            }
        };
        Ok(Box::new(allowance.charge(oracle)))
    }
}

/// The divide of `backend` at `root`, in one walk of the one perft runner, stopped and charged
/// by the request's allowance: a bulk count, or with `with_stats` the statistics of the leaves
/// as `perft --divide --stats` counts them. Returns the backend's name, the divide and the
/// statistics when asked for.
fn divide_backend(
    backend: Backend,
    root: &Position,
    depth: u32,
    with_stats: bool,
    allowance: &super::budget::Allowance,
) -> Result<(String, Divide, Option<PerftStats>), Error> {
    backend.available()?;
    let runner = PerftRunner::new(PerftOptions::default())?.stopped_by(Arc::clone(&allowance.stop));
    let board_type = board_type(backend);
    let mut divided = Vec::new();
    let stats = if with_stats {
        let stats = board_type.divide_stats(&runner, root, depth, &mut |mv, below| {
            divided.push((mv, below.nodes));
        })?;
        allowance.spend(stats.nodes);
        Some(stats)
    } else {
        let nodes = board_type.divide(&runner, root, depth, &mut |mv, below| {
            divided.push((mv, below));
        })?;
        allowance.spend(nodes);
        None
    };
    Ok((board_type.name().to_string(), divided, stats))
}

/// The depth asked for, within 1 and [`MAX_DIVIDE_DEPTH`].
fn depth(depth: Option<u32>) -> Result<u32, ApiError> {
    match depth {
        Some(depth @ 1..=MAX_DIVIDE_DEPTH) => Ok(depth),
        Some(depth) => Err(ApiError::bad_input(format!(
            "depth {depth} is out of range: 1 to {MAX_DIVIDE_DEPTH}"
        ))),
        None => Err(ApiError::bad_input("a depth is needed: depth=3")),
    }
}

/// What `/api/divide` and `/api/descend` are asked: the depth, generator `a` (the default
/// backend when absent), generator `b` if given, and the position, each checked.
fn divide_query(
    q: Result<Query<DivideQuery>, QueryRejection>,
    served: &Served,
) -> Result<(u32, Requested, Option<Requested>, Position, bool), ApiError> {
    let q = query(q)?;
    let depth = depth(q.depth)?;
    let a = Requested::named(q.a.as_deref().unwrap_or(Backend::DEFAULT.name()), served)?;
    let b =
        q.b.as_deref()
            .filter(|name| !name.is_empty())
            .map(|name| Requested::named(name, served))
            .transpose()?;
    let root = position(q.fen, q.moves, q.chess960)?;
    Ok((depth, a, b, root, q.stats))
}

/// `GET /api/divide`: the count below each legal move, from one generator (`a`) or two side
/// by side (`a` and `b`), with the moves whose counts differ marked.
pub(crate) async fn divide(
    State(served): State<Arc<Served>>,
    q: Result<Query<DivideQuery>, QueryRejection>,
) -> Answer {
    let (depth, a, b, root, with_stats) = divide_query(q, &served)?;
    let running = Arc::clone(&served.running);
    let work_served = Arc::clone(&served);
    let work_root = root.clone();
    let (a_name, a_divide, b_answer, stats) =
        within_budget(&running, served.time_budget, move |allowance| {
            // The leaves' statistics, as `perft --stats` counts them, need boardlab's own walk:
            // they are given for a backend when asked for, counted in the walk that divides, and
            // not for an outside program.
            let (a_name, a_divide, stats) = match &a {
                Requested::Backend(backend) => {
                    divide_backend(*backend, &work_root, depth, with_stats, allowance)?
                }
                Requested::Program(_) => {
                    let mut a = a.oracle(&work_root, &work_served, allowance)?;
                    (
                        a.name().to_string(),
                        a.divide(&work_root, &[], depth)?,
                        None,
                    )
                }
            };
            let b_answer = match b {
                Some(b) => {
                    let mut b = b.oracle(&work_root, &work_served, allowance)?;
                    Some((b.name().to_string(), b.divide(&work_root, &[], depth)?))
                }
                None => None,
            };
            Ok((a_name, a_divide, b_answer, stats))
        })
        .await?;
    // Moves sort as their text does, so the rows come in alphabetical order.
    let a_counts: BTreeMap<UciMove, u64> = a_divide.iter().copied().collect();
    let b_counts: Option<BTreeMap<UciMove, u64>> = b_answer
        .as_ref()
        .map(|(_, divide)| divide.iter().copied().collect());
    let mut names: BTreeSet<UciMove> = a_counts.keys().copied().collect();
    if let Some(b_counts) = &b_counts {
        names.extend(b_counts.keys().copied());
    }
    let rows: Vec<Value> = names
        .iter()
        .map(|mv| {
            let a = a_counts.get(mv).copied();
            let b = b_counts.as_ref().map(|counts| counts.get(mv).copied());
            let differs = b.is_some_and(|b| b != a);
            json!({ "move": mv.to_string(), "a": a, "b": b.flatten(), "differs": differs })
        })
        .collect();
    let total = |divide: &Divide| divide.iter().map(|(_, n)| n).sum::<u64>();
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
        // The leaves' statistics of generator `a` (`perft --stats`) when `stats=true` asked for
        // them and `a` is a backend; `null` otherwise.
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
    let (depth, a, b, root, _) = divide_query(q, &served)?;
    let b = b.ok_or_else(|| ApiError::bad_input("a descent needs two generators: a=… and b=…"))?;
    let running = Arc::clone(&served.running);
    let work_served = Arc::clone(&served);
    let report = within_budget(&running, served.time_budget, move |allowance| {
        let mut a = a.oracle(&root, &work_served, allowance)?;
        let mut b = b.oracle(&root, &work_served, allowance)?;
        boardlab_harness::diff(&root, &mut a, &mut b, depth)
    })
    .await?;
    let mut answer = report.to_json();
    answer["depth"] = json!(report.depth);
    answer["root_fen"] = json!(report.fen);
    answer["report"] = json!(report.to_string());
    Ok(Json(answer))
}
