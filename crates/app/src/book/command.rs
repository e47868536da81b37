//! `boardlab book`: a Polyglot opening book's moves for a position.

use super::{Book, BookMove};
use crate::position::PositionArgs;
use crate::{Error, Outcome};
use boardlab_reference::ReferenceBoard;
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `boardlab book`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct BookArgs {
    /// The Polyglot book file (`.bin`).
    #[arg(long, value_name = "FILE")]
    pub book: PathBuf,
    #[command(flatten)]
    pub position: PositionArgs,
    /// One JSON object per move: `{"move","weight"}`.
    #[arg(long)]
    pub json: bool,
}

/// Runs `boardlab book`: each legal book move with its weight, in the book's order (by
/// descending weight in books written by Polyglot), castling as the king's move (`e1g1`).
///
/// # Errors
///
/// A bad FEN or move, or a file that is not a Polyglot book.
pub(crate) fn run(args: &BookArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let book = Book::open(&args.book)
        .map_err(|err| Error::Usage(format!("{}: {err}", args.book.display())))?;
    let position = args.position.resolve()?;
    // The book's moves are the position's, whichever board lists them: the reference board.
    let moves: Vec<BookMove> = book.moves(&position.board::<ReferenceBoard>());
    let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
    for book_move in &moves {
        if args.json {
            let line = json!({ "move": book_move.mv.to_string(), "weight": book_move.weight });
            writeln!(out, "{line}")?;
        } else {
            let share = if total == 0 {
                0.0
            } else {
                100.0 * f64::from(book_move.weight) / total as f64
            };
            writeln!(
                out,
                "{:<6} {:>6} {:>6.2}%",
                book_move.mv.to_string(),
                book_move.weight,
                share
            )?;
        }
    }
    if moves.is_empty() && !args.json {
        eprintln!("no book moves for this position");
    }
    Ok(Outcome::Success)
}
