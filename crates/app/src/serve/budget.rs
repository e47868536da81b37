//! What one request may spend, and how a walk under way is stopped: when its time is up, when
//! its node budget is spent, or when the page that asked for it goes away.
//!
//! Every count runs on a blocking thread of its own with a stop flag, the perft runner's. The
//! handler's future holds a guard that raises the flag when it is dropped, and hyper drops that
//! future when the connection closes, so a page that aborts its request (or is closed) stops
//! the walk it started within a node or two.

use super::api::ApiError;
use crate::{Error, Position};
use boardlab_core::UciMove;
use boardlab_harness::diff::{Divide, DivideOracle};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The deepest divide a page may ask for: the depth of `/api/divide` and `/api/descend`.
pub(crate) const MAX_DIVIDE_DEPTH: u32 = 8;

/// How many leaves the answers of one request may add up to (a descent asks both generators
/// once per ply): checked after each answer, with the time budget bounding each one. Enough
/// for the start position at depth 7 (3,195,901,860 leaves), which a bitboard backend counts
/// in bulk within the default time budget (`serve --time-budget`, 10 s).
pub(crate) const NODE_BUDGET: u64 = 4_000_000_000;

/// Raises a stop flag when dropped.
struct RaiseOnDrop(Arc<AtomicBool>);

impl Drop for RaiseOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Takes one off a count of walks under way when dropped, however the walk ends.
struct Running(Arc<AtomicUsize>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// What a walk is given: the stop flag to hand to the perft runner, and the node budget's
/// account.
#[derive(Clone)]
pub(crate) struct Allowance {
    pub stop: Arc<AtomicBool>,
    spent: Arc<AtomicU64>,
}

impl Allowance {
    /// Charges `nodes` counted leaves to the request's node budget.
    pub fn spend(&self, nodes: u64) {
        self.spent.fetch_add(nodes, Ordering::Relaxed);
    }

    /// `oracle`, its answers charged to this allowance.
    pub fn charge(&self, oracle: Box<dyn DivideOracle>) -> Charged {
        Charged {
            inner: oracle,
            allowance: self.clone(),
        }
    }

    /// Whether the answers so far went over the node budget.
    fn overspent(&self) -> bool {
        self.spent.load(Ordering::Relaxed) > NODE_BUDGET
    }
}

/// A divide oracle whose answers count against a request's node budget.
pub(crate) struct Charged {
    inner: Box<dyn DivideOracle>,
    allowance: Allowance,
}

impl DivideOracle for Charged {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn divide(&mut self, root: &Position, path: &[UciMove], depth: u32) -> Result<Divide, Error> {
        // Between answers is where a walk over an outside program can stop: such an oracle
        // does not see the stop flag itself, so the time limit and a closed page end it here.
        if self.allowance.overspent() || self.allowance.stop.load(Ordering::Relaxed) {
            return Err(Error::Stopped);
        }
        let answer = self.inner.divide(root, path, depth)?;
        let total = answer
            .iter()
            .fold(0u64, |sum, (_, n)| sum.saturating_add(*n));
        self.allowance.spend(total);
        Ok(answer)
    }

    fn broken(&self, problem: String) -> Error {
        self.inner.broken(problem)
    }
}

/// Runs `work` on a blocking thread within the budgets (see the module docs), stopping it after
/// `time_budget`; `running` counts the walks under way.
pub(crate) async fn within_budget<T: Send + 'static>(
    running: &Arc<AtomicUsize>,
    time_budget: Duration,
    work: impl FnOnce(&Allowance) -> Result<T, Error> + Send + 'static,
) -> Result<T, ApiError> {
    let allowance = Allowance {
        stop: Arc::new(AtomicBool::new(false)),
        spent: Arc::new(AtomicU64::new(0)),
    };
    let _stop_when_dropped = RaiseOnDrop(Arc::clone(&allowance.stop));
    running.fetch_add(1, Ordering::Relaxed);
    let counted = Running(Arc::clone(running));
    let given = allowance.clone();
    let handle = tokio::task::spawn_blocking(move || {
        let _counted = counted;
        work(&given)
    });
    match tokio::time::timeout(time_budget, handle).await {
        Ok(Ok(Ok(value))) => Ok(value),
        Ok(Ok(Err(Error::Stopped))) if allowance.overspent() => Err(ApiError::over_budget(
            format!("over the node budget: the answers passed {NODE_BUDGET} leaves"),
        )),
        Ok(Ok(Err(err))) => Err(ApiError::from(err)),
        Ok(Err(_)) => Err(ApiError::internal("the walk's thread failed")),
        Err(_) => {
            allowance.stop.store(true, Ordering::Relaxed);
            Err(ApiError::over_budget(format!(
                "over the time budget: stopped after {} s",
                time_budget.as_secs()
            )))
        }
    }
}
