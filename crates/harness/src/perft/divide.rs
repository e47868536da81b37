//! A divide as text: the count below each root move, then the total, in the two formats move
//! generator debuggers read.

use std::io::Write;

/// How a divide is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DivideFormat {
    /// Stockfish's `go perft`: `e2e4: 20` lines, a blank line, `Nodes searched: N` and a blank
    /// line (`boardlab perft --divide`, UCI's `go perft`).
    Stockfish,
    /// The perftree tool's script protocol: `e2e4 20` lines, a blank line and the total
    /// (`boardlab perftree`).
    Perftree,
}

impl DivideFormat {
    /// The line of one root move.
    pub fn move_line(self, mv: &str, nodes: u64) -> String {
        match self {
            DivideFormat::Stockfish => format!("{mv}: {nodes}"),
            DivideFormat::Perftree => format!("{mv} {nodes}"),
        }
    }

    /// The lines after the moves, without the last newline: written in one piece, so that an
    /// engine's other answers (`readyok`) cannot fall between them.
    pub fn total_lines(self, nodes: u64) -> String {
        match self {
            DivideFormat::Stockfish => format!("\nNodes searched: {nodes}\n"),
            DivideFormat::Perftree => format!("\n{nodes}"),
        }
    }

    /// Writes a whole divide: `moves` with their counts, then `total`.
    ///
    /// # Errors
    ///
    /// Writing to `out` failed.
    pub fn write(
        self,
        moves: &[(String, u64)],
        total: u64,
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        for (mv, nodes) in moves {
            writeln!(out, "{}", self.move_line(mv, *nodes))?;
        }
        writeln!(out, "{}", self.total_lines(total))
    }
}
