//! The parameters of UCI's `go` command, and the search limits they ask for.

use boardlab_core::Color;
use boardlab_engine::Limits;
use std::time::Duration;

/// The parameters of a `go` command.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct GoParams {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub wtime: Option<Duration>,
    pub btime: Option<Duration>,
    pub winc: Option<Duration>,
    pub binc: Option<Duration>,
    pub movestogo: Option<u32>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    /// The moves after `searchmoves`, as written (checked against the position when the
    /// search starts).
    pub searchmoves: Vec<String>,
    pub perft: Option<u32>,
}

/// The words `go` takes; the word after one that wants a number is its value unless it is one
/// of these.
pub const GO_KEYWORDS: &[&str] = &[
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "perft",
    "infinite",
    "ponder",
    "searchmoves",
];

impl GoParams {
    /// Parses the words after `go`, and says what it ignored: words that are no parameter, and
    /// parameters whose number is missing or not a number (the word after such a parameter is
    /// taken as its value unless it is itself a parameter).
    pub fn parse(words: &[&str]) -> (GoParams, Vec<String>) {
        let mut params = GoParams::default();
        let mut ignored = Vec::new();
        let mut words = words.iter().copied().peekable();
        while let Some(word) = words.next() {
            let mut number = |name: &str| -> Option<i64> {
                let Some(text) = words.next_if(|next| !GO_KEYWORDS.contains(next)) else {
                    ignored.push(format!("go {name} needs a number; ignored"));
                    return None;
                };
                let value = text.parse::<i64>().ok();
                if value.is_none() {
                    ignored.push(format!("go {name}: {text:?} is not a number; ignored"));
                }
                value
            };
            // Clocks can be sent negative by a GUI whose side has overstepped; treat as zero.
            let millis = |value: i64| Duration::from_millis(value.max(0) as u64);
            let count = |value: i64| u32::try_from(value.max(0)).unwrap_or(u32::MAX);
            match word {
                "depth" => params.depth = number(word).map(count).or(params.depth),
                "nodes" => params.nodes = number(word).map(|n| n.max(0) as u64).or(params.nodes),
                "movetime" => params.movetime = number(word).map(millis).or(params.movetime),
                "wtime" => params.wtime = number(word).map(millis).or(params.wtime),
                "btime" => params.btime = number(word).map(millis).or(params.btime),
                "winc" => params.winc = number(word).map(millis).or(params.winc),
                "binc" => params.binc = number(word).map(millis).or(params.binc),
                "movestogo" => params.movestogo = number(word).map(count).or(params.movestogo),
                "mate" => params.mate = number(word).map(count).or(params.mate),
                "perft" => params.perft = number(word).map(count).or(params.perft),
                "infinite" => params.infinite = true,
                "ponder" => params.ponder = true,
                "searchmoves" => {
                    while let Some(text) = words.next_if(|next| !GO_KEYWORDS.contains(next)) {
                        params.searchmoves.push(text.to_string());
                    }
                }
                other => ignored.push(format!("go: unknown word {other:?} ignored")),
            }
        }
        (params, ignored)
    }

    /// The limits for a search with `side` to move (the root moves of `searchmoves` are added
    /// by the caller, who has the position).
    pub fn limits(&self, side: Color) -> Limits {
        if self.infinite {
            return Limits {
                mate: self.mate,
                ..Limits::INFINITE
            };
        }
        let (time, increment) = match side {
            Color::White => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        let mut limits = match time {
            Some(time) => Limits::clock(time, increment.unwrap_or_default(), self.movestogo),
            None => Limits::INFINITE,
        };
        if let Some(movetime) = self.movetime {
            limits.movetime = Some(limits.movetime.map_or(movetime, |t| t.min(movetime)));
            limits.soft_time = limits.soft_time.map(|t| t.min(movetime));
        }
        limits.depth = self.depth;
        limits.mate = self.mate;
        limits.nodes = self.nodes;
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parameters_parse_and_garbage_is_reported_and_ignored() {
        let (params, ignored) =
            GoParams::parse(&["wtime", "1000", "btime", "-5", "winc", "10", "depth", "4"]);
        assert_eq!(params.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(params.btime, Some(Duration::ZERO));
        assert_eq!(params.depth, Some(4));
        assert!(ignored.is_empty());
        let (params, ignored) = GoParams::parse(&["depth"]);
        assert_eq!((params, ignored.len()), (GoParams::default(), 1));
        let (params, ignored) = GoParams::parse(&["depth", "x", "nodes", "500"]);
        assert_eq!((params.depth, params.nodes), (None, Some(500)));
        assert_eq!(ignored, [r#"go depth: "x" is not a number; ignored"#]);
        // A missing number does not swallow the next parameter.
        let (params, ignored) = GoParams::parse(&["movetime", "infinite"]);
        assert!(params.infinite && params.movetime.is_none());
        assert_eq!(ignored, ["go movetime needs a number; ignored"]);
        let (params, ignored) = GoParams::parse(&["sideways", "depth", "2"]);
        assert_eq!(params.depth, Some(2));
        assert_eq!(ignored, [r#"go: unknown word "sideways" ignored"#]);
        assert_eq!(GoParams::parse(&["perft", "3"]).0.perft, Some(3));
        let (params, ignored) = GoParams::parse(&["searchmoves", "e2e4", "d2d4", "ponder"]);
        assert_eq!(params.searchmoves, ["e2e4", "d2d4"]);
        assert!(params.ponder && ignored.is_empty());
    }

    #[test]
    fn limits_follow_the_side_to_move_clock() {
        let params = GoParams::parse(&["wtime", "60000", "btime", "1000"]).0;
        let white = params.limits(Color::White);
        let black = params.limits(Color::Black);
        assert!(white.movetime.unwrap() > black.movetime.unwrap());
        assert!(black.movetime.unwrap() <= Duration::from_millis(1000));
        let fixed = GoParams::parse(&["movetime", "50"]).0.limits(Color::White);
        assert_eq!(fixed.movetime, Some(Duration::from_millis(50)));
        assert_eq!(fixed.depth, None);
        let mate = GoParams::parse(&["mate", "2"]).0.limits(Color::White);
        assert_eq!((mate.mate, mate.depth), (Some(2), None));
        assert_eq!(GoParams::default().limits(Color::White), Limits::INFINITE);
    }
}
