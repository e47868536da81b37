//! `boardlab see`: the static exchange value of every capture in a position, per backend, with
//! the exchange it plays out on the target square.

use crate::position::PositionArgs;
use crate::{BackendChoice, Error, Outcome};
use boardlab_engine::queries::exchange_value;
use boardlab_engine::Swap;
use boardlab_harness::Position;
use boardlab_harness::{board_type, BoardType};
use serde_json::{json, Map, Value};
use std::io::Write;

/// Arguments of `boardlab see`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct SeeArgs {
    /// The backend whose `see` answers, or `all` for each in turn (every backend must give the
    /// same values).
    #[arg(long, value_enum, value_name = "BACKEND", default_value_t = BackendChoice::DEFAULT)]
    pub backend: BackendChoice,
    #[command(flatten)]
    pub position: PositionArgs,
    /// One JSON object per backend: `{"backend","fen","see":{"e4d5":100,…}}`, the captures by
    /// their moves' text (an empty object when there is none).
    #[arg(long)]
    pub json: bool,
}

/// One capture as a backend weighed it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Weighed {
    text: String,
    /// The backend's own `Board::see`.
    value: i32,
    swaps: Vec<Swap>,
}

/// Every capture of the position on the backend `board_type`, sorted by its text, and a line
/// for each capture whose `see` differs from the exchange folded.
fn weigh(board_type: &dyn BoardType, position: &Position) -> (Vec<Weighed>, Vec<String>) {
    let mut weighed: Vec<Weighed> = board_type
        .exchanges(position)
        .into_iter()
        .map(|(mv, value, swaps)| Weighed {
            text: position.move_text(mv),
            value,
            swaps,
        })
        .collect();
    weighed.sort_by(|a, b| a.text.cmp(&b.text));
    let wrong = weighed
        .iter()
        .filter(|capture| capture.value != exchange_value(&capture.swaps))
        .map(|capture| {
            format!(
                "{}: see {} gives {}, but its exchange folds to {}",
                board_type.name(),
                capture.text,
                capture.value,
                exchange_value(&capture.swaps)
            )
        })
        .collect();
    (weighed, wrong)
}

/// Runs `boardlab see`.
///
/// # Errors
///
/// A bad FEN or move.
pub(crate) fn run(args: &SeeArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let position = args.position.resolve()?;
    let mut first: Option<(&'static str, Vec<(String, i32)>)> = None;
    let mut disagreements = Vec::new();
    for backend in crate::args::runnable(args.backend)? {
        let (weighed, wrong) = weigh(board_type(backend), &position);
        disagreements.extend(wrong);
        if args.json {
            let see: Map<String, Value> = weighed
                .iter()
                .map(|capture| (capture.text.clone(), json!(capture.value)))
                .collect();
            let line = json!({ "backend": backend.name(), "fen": position.fen(), "see": see });
            writeln!(out, "{line}")?;
        } else {
            write_block(out, backend.name(), &weighed)?;
        }
        let values: Vec<(String, i32)> = weighed
            .into_iter()
            .map(|capture| (capture.text, capture.value))
            .collect();
        match &first {
            None => first = Some((backend.name(), values)),
            Some((name, theirs)) if *theirs != values => disagreements.push(format!(
                "{}: the captures or their values differ from {name}'s",
                backend.name()
            )),
            Some(_) => {}
        }
    }
    for line in &disagreements {
        eprintln!("{line}");
    }
    Ok(Outcome::failed_if(!disagreements.is_empty()))
}

/// One backend's block: a line per capture with its value and its exchange, each capture
/// written as the piece, its square, `x` and the piece it takes (White upper case, Black lower
/// case), so `Pe4xp nf6xP Bc4xn` is a pawn taking, a knight retaking, a bishop taking the knight.
fn write_block(out: &mut impl Write, backend: &str, weighed: &[Weighed]) -> Result<(), Error> {
    if weighed.is_empty() {
        writeln!(out, "{backend}: no capture in this position")?;
        return Ok(());
    }
    let plural = if weighed.len() == 1 { "" } else { "s" };
    writeln!(
        out,
        "{backend}: {} capture{plural}, each with its static exchange value and the captures on its target square",
        weighed.len()
    )?;
    for capture in weighed {
        let swaps: Vec<String> = capture.swaps.iter().map(swap_text).collect();
        writeln!(
            out,
            "  {:<6} {:>+6}  {}",
            capture.text,
            capture.value,
            swaps.join(" ")
        )?;
    }
    Ok(())
}

/// One capture of an exchange: `Pe4xp`.
fn swap_text(swap: &Swap) -> String {
    format!(
        "{}{}x{}",
        swap.piece.char(),
        swap.from,
        swap.captured.char()
    )
}
