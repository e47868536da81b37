//! `boardlab eval`: a position's evaluation on each backend, every term beside the score it
//! adds up to, so that one backend's answer can be read against another's.

use super::EvalChoice;
use crate::position::PositionArgs;
use crate::{BackendChoice, Error, Outcome};
use boardlab_core::Color;
use boardlab_engine::{EvalBreakdown, EvalTerms, PawnStructure};
use boardlab_harness::Position;
use boardlab_harness::{board_type, BoardType};
use serde_json::{json, Value};
use std::io::Write;

/// Arguments of `boardlab eval`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct EvalArgs {
    /// The backend to evaluate with, or `all` for each in turn (every backend must give the
    /// same terms and score).
    #[arg(long, value_enum, value_name = "BACKEND", default_value_t = BackendChoice::DEFAULT)]
    pub backend: BackendChoice,
    #[command(flatten)]
    pub position: PositionArgs,
    /// The terms the score adds up: the piece-square tables alone, or every term. The counts
    /// behind the other terms are shown either way.
    #[arg(long, value_enum, value_name = "TERMS", default_value_t = EvalChoice::Full)]
    pub eval: EvalChoice,
    /// One JSON object per backend: `{"backend","fen","terms","score","tables","mobility":
    /// [white, black],"attacked","king_zone_attacks","pawns"}`.
    #[arg(long)]
    pub json: bool,
}

/// What one backend answered: the terms counted (always every one of them) and the score of
/// the terms asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Answer {
    counts: EvalBreakdown,
    score: i32,
}

fn evaluate(board_type: &dyn BoardType, position: &Position, terms: EvalTerms) -> Answer {
    Answer {
        counts: board_type.evaluate(position, EvalTerms::Full),
        score: board_type.evaluate(position, terms).score,
    }
}

/// Runs `boardlab eval`.
///
/// # Errors
///
/// A bad FEN or move.
pub(crate) fn run(args: &EvalArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let position = args.position.resolve()?;
    let terms = EvalTerms::from(args.eval);
    let mut first: Option<(&'static str, Answer)> = None;
    let mut disagreements = Vec::new();
    for backend in crate::args::runnable(args.backend)? {
        let answer = evaluate(board_type(backend), &position, terms);
        if args.json {
            writeln!(
                out,
                "{}",
                json_line(backend.name(), &position, terms, &answer)
            )?;
        } else {
            write_block(out, backend.name(), &position, terms, &answer)?;
        }
        match first {
            None => first = Some((backend.name(), answer)),
            Some((name, theirs)) if theirs != answer => disagreements.push(format!(
                "{}: score {} differs from {name}'s {} or a term does",
                backend.name(),
                answer.score,
                theirs.score
            )),
            Some(_) => {}
        }
    }
    for line in &disagreements {
        eprintln!("{line}");
    }
    Ok(Outcome::failed_if(!disagreements.is_empty()))
}

fn pair(values: [u32; 2]) -> Value {
    json!([values[0], values[1]])
}

fn json_line(backend: &str, position: &Position, terms: EvalTerms, answer: &Answer) -> Value {
    let counts = &answer.counts;
    let pawns = |c: usize| {
        json!({
            "doubled": counts.pawns[c].doubled,
            "isolated": counts.pawns[c].isolated,
            "passed": counts.pawns[c].passed,
        })
    };
    json!({
        "backend": backend,
        "fen": position.fen(),
        "terms": terms.name(),
        "score": answer.score,
        "tables": counts.tables,
        "mobility": pair(counts.mobility),
        "attacked": pair(counts.attacked),
        "king_zone_attacks": pair(counts.king_zone_attacks),
        "pawns": [pawns(0), pawns(1)],
    })
}

/// One backend's block: the score, then a row per term with each side's count, the term's
/// weight and what it adds from White's point of view.
fn write_block(
    out: &mut impl Write,
    backend: &str,
    position: &Position,
    terms: EvalTerms,
    answer: &Answer,
) -> Result<(), Error> {
    let counts = &answer.counts;
    let to_move = match position.setup().turn {
        Color::White => "White",
        Color::Black => "Black",
    };
    writeln!(
        out,
        "{backend}: score {:+} for {to_move} to move ({} terms)",
        answer.score,
        terms.name()
    )?;
    let counted = terms == EvalTerms::Full;
    writeln!(
        out,
        "  {:<18} {:>6} {:>6} {:>7} {:>10}",
        "term", "white", "black", "weight", "white cp"
    )?;
    writeln!(
        out,
        "  {:<18} {:>6} {:>6} {:>7} {:>+10}",
        "tables", "", "", "", counts.tables
    )?;
    for (name, [white, black], weight) in term_rows(counts) {
        let added = weight * (white as i32 - black as i32);
        let added = if counted {
            format!("{added:+}")
        } else {
            // The pst score leaves these terms out; their counts are shown all the same.
            "-".to_string()
        };
        writeln!(
            out,
            "  {name:<18} {white:>6} {black:>6} {weight:>+7} {added:>10}"
        )?;
    }
    let white_total = counts.tables + if counted { counts.positional() } else { 0 };
    writeln!(
        out,
        "  {:<18} {:>6} {:>6} {:>7} {:>+10}",
        "total", "", "", "", white_total
    )?;
    Ok(())
}

/// The terms besides the tables: each one's name, White's and Black's counts, and the
/// centipawns one count is worth for its side.
fn term_rows(counts: &EvalBreakdown) -> [(&'static str, [u32; 2], i32); 6] {
    let pawns = |f: fn(&PawnStructure) -> u32| [f(&counts.pawns[0]), f(&counts.pawns[1])];
    [
        (
            "mobility",
            counts.mobility,
            weight_of(|b| b.mobility[0] = 1),
        ),
        (
            "attacked squares",
            counts.attacked,
            weight_of(|b| b.attacked[0] = 1),
        ),
        (
            "king zone attacks",
            counts.king_zone_attacks,
            weight_of(|b| b.king_zone_attacks[0] = 1),
        ),
        (
            "doubled pawns",
            pawns(|p| p.doubled),
            weight_of(|b| b.pawns[0].doubled = 1),
        ),
        (
            "isolated pawns",
            pawns(|p| p.isolated),
            weight_of(|b| b.pawns[0].isolated = 1),
        ),
        (
            "passed pawns",
            pawns(|p| p.passed),
            weight_of(|b| b.pawns[0].passed = 1),
        ),
    ]
}

/// The centipawns one count of a term is worth for White, as [`EvalBreakdown::positional`]
/// weighs it: the breakdown with that one count set and every other zero.
fn weight_of(one: fn(&mut EvalBreakdown)) -> i32 {
    let mut breakdown = EvalBreakdown::default();
    one(&mut breakdown);
    breakdown.positional()
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::BoardExt;
    use boardlab_engine::evaluate_breakdown;
    use boardlab_reference::ReferenceBoard;

    #[test]
    fn the_rows_add_up_to_the_positional_score() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/pp4pp/8/2P5/8/2P5/P6P/4K3 b - - 0 1",
        ];
        for fen in fens {
            let board = ReferenceBoard::from_fen(fen).unwrap();
            let counts = evaluate_breakdown(&board, EvalTerms::Full);
            let rows = term_rows(&counts);
            let added: i32 = rows
                .iter()
                .map(|(_, [white, black], weight)| weight * (*white as i32 - *black as i32))
                .sum();
            assert_eq!(added, counts.positional(), "{fen}");
            assert!(rows.iter().all(|(_, _, weight)| *weight != 0), "{rows:?}");
            // Mobility is a gain, king-zone attacks a loss.
            assert!(rows[0].2 > 0 && rows[2].2 < 0, "{rows:?}");
        }
    }
}
