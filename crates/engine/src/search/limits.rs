//! When a search stops: depth, nodes, time, or a flag raised from outside.

use boardlab_core::Move;
use std::time::Duration;

/// What bounds a search. Unset fields do not bound it; a search with nothing set runs until its
/// stop flag is raised (or the deepest depth the search supports is done).
///
/// # Examples
///
/// ```
/// use boardlab_engine::Limits;
/// use std::time::Duration;
/// let limits = Limits::depth(6);
/// assert_eq!(limits.depth, Some(6));
/// let clock = Limits::clock(Duration::from_secs(60), Duration::from_secs(1), None);
/// assert!(clock.soft_time.unwrap() < clock.movetime.unwrap());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Limits {
    /// The deepest iteration to complete.
    pub depth: Option<u32>,
    /// The most nodes to visit. A node limit stops at exactly this count, so the same limit
    /// gives the same result every time.
    pub nodes: Option<u64>,
    /// The time after which the search stops, even in the middle of an iteration.
    pub movetime: Option<Duration>,
    /// The time after which no new iteration starts (an iteration that would not finish in time
    /// is wasted).
    pub soft_time: Option<Duration>,
    /// Look for a mate in this many moves: the search prunes nothing that could hide a mate
    /// (no null move, no reductions, no futility cuts, no cutoffs from the table), ends as soon
    /// as it has found a mate in at most this many moves, and goes no deeper than such a mate
    /// needs (`2 * mate - 1` plies), so when it ends without one there is none.
    pub mate: Option<u32>,
    /// Search only these root moves (UCI's `searchmoves`); empty: every legal move. Moves that
    /// are not legal at the root are left out, and when none is legal the list is ignored.
    pub searchmoves: Vec<Move>,
}

/// Time kept back from every move for the round trip to the interface.
const MOVE_OVERHEAD: Duration = Duration::from_millis(30);

impl Limits {
    /// No limit: run until stopped.
    pub const INFINITE: Limits = Limits {
        depth: None,
        nodes: None,
        movetime: None,
        soft_time: None,
        mate: None,
        searchmoves: Vec::new(),
    };

    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::INFINITE
        }
    }

    /// Search `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::INFINITE
        }
    }

    /// Search for a mate in `moves` moves.
    pub fn mate(moves: u32) -> Limits {
        Limits {
            mate: Some(moves),
            ..Limits::INFINITE
        }
    }

    /// Search for `movetime`.
    pub fn movetime(movetime: Duration) -> Limits {
        Limits {
            movetime: Some(movetime),
            ..Limits::INFINITE
        }
    }

    /// Time for one move of a game with `remaining` on the clock, `increment` added per move and
    /// `moves_to_go` moves until the next time control (`None`: the rest of the game).
    ///
    /// The target is an even share of the remaining time plus most of the increment; no new
    /// iteration starts after the target, and the search stops outright at three times the
    /// target, never using more than a fifth of the remaining time less the overhead.
    pub fn clock(remaining: Duration, increment: Duration, moves_to_go: Option<u32>) -> Limits {
        let moves = moves_to_go.unwrap_or(30).clamp(1, 50);
        let usable = remaining.saturating_sub(MOVE_OVERHEAD);
        let target = usable / moves + increment * 3 / 4;
        let ceiling = if moves == 1 { usable } else { usable / 5 };
        let hard = (target * 3).min(ceiling).max(Duration::from_millis(1));
        Limits {
            movetime: Some(hard),
            soft_time: Some(target.min(hard)),
            ..Limits::INFINITE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_never_spends_more_than_it_has() {
        for remaining in [0u64, 10, 100, 1_000, 60_000, 3_600_000] {
            for increment in [0u64, 100, 2_000] {
                for moves in [None, Some(1), Some(5), Some(40)] {
                    let limits = Limits::clock(
                        Duration::from_millis(remaining),
                        Duration::from_millis(increment),
                        moves,
                    );
                    let hard = limits.movetime.unwrap();
                    let soft = limits.soft_time.unwrap();
                    assert!(soft <= hard);
                    assert!(
                        hard <= Duration::from_millis(remaining.max(1)),
                        "{remaining} ms, +{increment} ms, {moves:?}: {hard:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn more_time_on_the_clock_gives_more_time_per_move() {
        let short = Limits::clock(Duration::from_secs(10), Duration::ZERO, None);
        let long = Limits::clock(Duration::from_secs(100), Duration::ZERO, None);
        assert!(long.soft_time > short.soft_time);
    }
}
