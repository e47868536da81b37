//! `boardlab hash`: a position's Polyglot key (and lock).

use crate::{Backend, Error, Outcome, PositionArgs};
use boardlab_core::{Board, Zobrist};
use serde_json::json;
use std::io::Write;

/// Arguments of `boardlab hash`.
#[derive(Debug, Clone, clap::Args)]
pub struct HashArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print `{"key","lock"}` as JSON.
    #[arg(long)]
    pub json: bool,
}

/// The position's hash as the default backend maintains it incrementally along `--moves`.
fn zobrist(position: &PositionArgs) -> Result<Zobrist, Error> {
    with_backend!(Backend::DEFAULT, B => position.board::<B>().map(|board| board.zobrist()))
}

/// Runs `boardlab hash`: the key as 16 lowercase hex digits.
///
/// # Errors
///
/// A bad FEN or move.
pub fn run(args: &HashArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let zobrist = zobrist(&args.position)?;
    if args.json {
        let line = json!({
            "key": zobrist.key_hex(),
            "lock": format!("{:016x}", zobrist.lock),
        });
        writeln!(out, "{line}")?;
    } else {
        writeln!(out, "{}", zobrist.key_hex())?;
    }
    Ok(Outcome::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(fen: &str, moves: &[&str]) -> String {
        let args = HashArgs {
            position: PositionArgs {
                fen: fen.to_string(),
                moves: moves.iter().map(|m| m.to_string()).collect(),
            },
            json: false,
        };
        let mut out = Vec::new();
        run(&args, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn keys_are_the_polyglot_keys() {
        // The examples published with the Polyglot book format.
        let start = boardlab_core::START_FEN;
        assert_eq!(hash(start, &[]), "463b96181691fc9c\n");
        assert_eq!(hash(start, &["e2e4"]), "823c9b50fd114196\n");
        assert_eq!(hash(start, &["e2e4", "d7d5"]), "0756b94461c50fb0\n");
        assert_eq!(
            hash(start, &["e2e4", "d7d5", "e4e5", "f7f5"]),
            "22a48b5a8e47ff78\n"
        );
        assert_eq!(
            hash(
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                &[]
            ),
            "22a48b5a8e47ff78\n"
        );
    }
}
