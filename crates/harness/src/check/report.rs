//! What a check found: failures, their groups, and the report as text and JSON lines.

use super::random::DrawnKinds;
use super::tags::Tag;
use crate::diff::program::shell_words;
use crate::diff::texts;
use crate::{Outcome, Position};
use boardlab_core::UciMove;
use itertools::Itertools;
use serde_json::json;
use std::fmt;

/// One position whose counts differ, narrowed and descended.
#[derive(Debug, Clone)]
pub struct Failure {
    /// The position's name: its suite `id`, its place in the suite, or its random game.
    pub label: String,
    /// The position checked, with the moves of its game (random games are shown to the
    /// program as the start position and the moves).
    pub position: Position,
    /// Whether `expected` is a published count (otherwise it is the reference backend's).
    pub published: bool,
    /// The shallowest depth at which the counts differ.
    pub depth: u32,
    /// The expected count at that depth.
    pub expected: u64,
    /// The generator's count there.
    pub counted: u64,
    /// The moves from the position checked to the one where the move lists differ.
    pub path: Vec<UciMove>,
    /// That position: the nearest the leaves that still shows the bug.
    pub at: Position,
    /// Its moves only the reference lists (the generator misses them), sorted.
    pub missing: Vec<UciMove>,
    /// Its moves only the generator lists (illegal ones, or misread), sorted.
    pub extra: Vec<UciMove>,
    /// What the failure is about.
    pub tags: Vec<Tag>,
}

impl Failure {
    /// The failure as one JSON object (`"type": "failure"`).
    pub fn to_json(&self) -> serde_json::Value {
        json!({
            "type": "failure",
            "position": self.label,
            "fen": self.position.given_fen(),
            "moves": self.position.move_texts(),
            "depth": self.depth,
            "expected": self.expected,
            "counted": self.counted,
            "published": self.published,
            "path": texts(&self.path),
            "at": self.at.setup().to_fen_pseudo_legal_ep(),
            "missing": texts(&self.missing),
            "extra": texts(&self.extra),
            "tags": self.tags.iter().map(|tag| tag.name()).collect::<Vec<_>>(),
        })
    }

    /// The `boardlab diff` command line that reproduces the failure, given the arguments that
    /// name the generator (`--against …`) and the reference backend.
    pub fn diff_command(&self, against: &[String], reference: &str) -> String {
        let mut words: Vec<String> = ["boardlab", "diff", "--fen"]
            .iter()
            .map(|word| word.to_string())
            .collect();
        words.push(self.position.given_fen().to_string());
        if !self.position.move_texts().is_empty() {
            words.push("--moves".to_string());
            words.extend(self.position.move_texts().iter().cloned());
        }
        if self.position.king_takes_rook() {
            words.push("--chess960".to_string());
        }
        words.push("--depth".to_string());
        words.push(self.depth.to_string());
        words.push("--backend".to_string());
        words.push(reference.to_string());
        words.extend(against.iter().cloned());
        shell_words(&words)
    }
}

/// The failures that share a tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// The tag.
    pub tag: Tag,
    /// The failures with it, as indexes into [`CheckReport::failures`], in position order.
    pub failures: Vec<usize>,
}

/// What [`check`](super::check) found.
#[derive(Debug, Clone)]
pub struct CheckReport {
    /// The generator checked, as named in reports.
    pub tested: String,
    /// The backend whose counts stood where none were published.
    pub reference: String,
    /// The deepest count compared per position.
    pub depth: u32,
    /// The positions to check.
    pub positions: usize,
    /// The positions checked (fewer than `positions` when the time ran out).
    pub checked: usize,
    /// The positions that agreed but were compared short of `depth`, because a deeper count
    /// was over the node budget (`--max-nodes`).
    pub shallower: usize,
    /// The kinds of the random positions drawn, with random games.
    pub drawn: Option<DrawnKinds>,
    /// The positions whose counts differ, in position order.
    pub failures: Vec<Failure>,
    /// Whether the time limit ended the check before every position was checked.
    pub stopped: bool,
    /// How long it took.
    pub seconds: f64,
    /// The command-line arguments that name the generator (`--against NAME --protocol P`), for
    /// the `boardlab diff` line of each group; `None` for a board checked from Rust.
    pub reproduce: Option<Vec<String>>,
}

impl CheckReport {
    /// Exit status 0 when every count agreed, 1 at any failure.
    pub fn outcome(&self) -> Outcome {
        Outcome::failed_if(!self.failures.is_empty())
    }

    /// The failures grouped by tag, in [`Tag::ALL`] order; a failure with several tags is in
    /// several groups.
    pub fn groups(&self) -> Vec<Group> {
        Tag::ALL
            .iter()
            .map(|&tag| Group {
                tag,
                failures: (0..self.failures.len())
                    .filter(|&i| self.failures[i].tags.contains(&tag))
                    .collect(),
            })
            .filter(|group| !group.failures.is_empty())
            .collect()
    }

    /// The `boardlab diff` line for a failure, when the generator can be named on the command
    /// line.
    pub fn diff_command(&self, failure: &Failure) -> Option<String> {
        self.reproduce
            .as_ref()
            .map(|against| failure.diff_command(against, &self.reference))
    }

    /// The report as JSON lines: one per failure, one per group, and a summary last.
    pub fn to_json_lines(&self) -> Vec<serde_json::Value> {
        let mut lines: Vec<serde_json::Value> =
            self.failures.iter().map(Failure::to_json).collect();
        for group in self.groups() {
            let example = &self.failures[group.failures[0]];
            lines.push(json!({
                "type": "group",
                "group": group.tag.name(),
                "meaning": group.tag.meaning(),
                "count": group.failures.len(),
                "example": example.label,
                "command": self.diff_command(example),
            }));
        }
        let drawn = self.drawn.map(|drawn| {
            let mut object = serde_json::Map::new();
            object.insert("positions".to_string(), json!(drawn.positions));
            for (kind, count) in drawn.kinds() {
                object.insert(kind.to_string(), json!(count));
            }
            serde_json::Value::Object(object)
        });
        lines.push(json!({
            "type": "summary",
            "against": self.tested,
            "reference": self.reference,
            "depth": self.depth,
            "positions": self.positions,
            "checked": self.checked,
            "shallower": self.shallower,
            "failures": self.failures.len(),
            "groups": self.groups().len(),
            "drawn": drawn,
            "stopped": self.stopped,
            "seconds": self.seconds,
        }));
        lines
    }
}

/// A move list in a report, or "(none)".
pub(super) fn move_list(moves: &[UciMove]) -> String {
    if moves.is_empty() {
        "(none)".to_string()
    } else {
        moves.iter().join(" ")
    }
}

/// "1 failure", "3 failures".
fn plural(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("{count} {one}")
    } else {
        format!("{count} {many}")
    }
}

impl CheckReport {
    /// The report's opening lines: what was checked, how far, and how many failures in how
    /// many groups (or that every count agrees). The text report and the HTML page both start
    /// with them.
    pub fn summary(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "checked {} of {} positions against {}, to depth {}, with {}'s counts where none \
             are published",
            self.checked, self.positions, self.tested, self.depth, self.reference
        )];
        if let Some(drawn) = &self.drawn {
            lines.push(format!("random games: {drawn}"));
        }
        if self.stopped {
            lines.push("stopped by the time limit".to_string());
        }
        if self.shallower > 0 {
            lines.push(format!(
                "{} compared short of depth {}: a deeper count was over --max-nodes",
                plural(self.shallower, "position", "positions"),
                self.depth
            ));
        }
        if self.failures.is_empty() {
            lines.push("no failures: every count agrees".to_string());
        } else {
            lines.push(format!(
                "{}, in {}",
                plural(self.failures.len(), "failure", "failures"),
                plural(self.groups().len(), "group", "groups")
            ));
        }
        lines
    }
}

impl fmt::Display for CheckReport {
    /// The report for a person: the [`summary`](CheckReport::summary), then each group with an
    /// example, then every failure on a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in self.summary() {
            writeln!(f, "{line}")?;
        }
        if self.failures.is_empty() {
            return Ok(());
        }
        let groups = self.groups();
        for group in &groups {
            let example = &self.failures[group.failures[0]];
            writeln!(f)?;
            writeln!(
                f,
                "{}: {} ({})",
                group.tag,
                plural(group.failures.len(), "failure", "failures"),
                group.tag.meaning()
            )?;
            writeln!(
                f,
                "  e.g. {}: counts differ from depth {} ({} expected, {} counted)",
                example.label, example.depth, example.expected, example.counted
            )?;
            if example.missing.is_empty() && example.extra.is_empty() {
                writeln!(
                    f,
                    "  {} agrees with {} here: the published count differs from both",
                    self.tested, self.reference
                )?;
            } else {
                let after = if example.path.is_empty() {
                    "in the position checked".to_string()
                } else {
                    format!("after {}", example.path.iter().join(" "))
                };
                writeln!(f, "  the move lists differ {after}:")?;
                writeln!(f, "  {}", example.at.setup().to_fen_pseudo_legal_ep())?;
                writeln!(
                    f,
                    "  only in {}: {}",
                    self.tested,
                    move_list(&example.extra)
                )?;
                writeln!(
                    f,
                    "  only in {}: {}",
                    self.reference,
                    move_list(&example.missing)
                )?;
            }
            if let Some(command) = self.diff_command(example) {
                writeln!(f, "  {command}")?;
            }
        }
        writeln!(f)?;
        writeln!(f, "every failure:")?;
        for failure in &self.failures {
            let tags: Vec<&str> = failure.tags.iter().map(|tag| tag.name()).collect();
            writeln!(
                f,
                "  {}: depth {} ({} expected, {} counted), {}",
                failure.label,
                failure.depth,
                failure.expected,
                failure.counted,
                tags.join(", ")
            )?;
        }
        Ok(())
    }
}
