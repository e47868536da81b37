//! `boardlab key`: a position's Polyglot key (and lock).

use super::PositionArgs;
use crate::{Error, Outcome};
use boardlab_core::Zobrist;
use serde_json::json;
use std::io::Write;

/// Arguments of `boardlab key`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct KeyArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print `{"key","lock"}` as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `boardlab key`: the key as 16 lowercase hex digits. Every backend keeps the same hash
/// move by move (the `Board` trait's contract), so core computes it from the position.
///
/// # Errors
///
/// A bad FEN or move.
pub(crate) fn run(args: &KeyArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let zobrist = Zobrist::of(&args.position.resolve()?.setup());
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

    fn key(fen: &str, moves: &[&str]) -> String {
        let args = KeyArgs {
            position: PositionArgs {
                fen: fen.to_string(),
                moves: moves.iter().map(|m| m.to_string()).collect(),
                king_takes_rook: false,
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
        assert_eq!(key(start, &[]), "463b96181691fc9c\n");
        assert_eq!(key(start, &["e2e4"]), "823c9b50fd114196\n");
        assert_eq!(key(start, &["e2e4", "d7d5"]), "0756b94461c50fb0\n");
        assert_eq!(
            key(start, &["e2e4", "d7d5", "e4e5", "f7f5"]),
            "22a48b5a8e47ff78\n"
        );
        assert_eq!(
            key(
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                &[]
            ),
            "22a48b5a8e47ff78\n"
        );
    }

    #[test]
    fn chess960_rights_hash_by_rook_file_in_either_fen_form() {
        // King g1 between rooks f1 and h1: the f-file right has no Polyglot number.
        let placement = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR";
        let shredder = key(&format!("{placement} w HFhf - 0 1"), &[]);
        assert_eq!(key(&format!("{placement} w KQkq - 0 1"), &[]), shredder);
        assert_ne!(key(&format!("{placement} w Hh - 0 1"), &[]), shredder);
        // The h-file rights alone hash as Polyglot's king-side rights.
        let no_rights = u64::from_str_radix(key(&format!("{placement} w - - 0 1"), &[]).trim(), 16);
        let h_only = u64::from_str_radix(key(&format!("{placement} w Hh - 0 1"), &[]).trim(), 16);
        // Polyglot's castling numbers 768 (white king side) and 770 (black king side).
        assert_eq!(
            no_rights.unwrap() ^ h_only.unwrap(),
            0x31d71dce64b2c310 ^ 0xa57e6339dd2cf3a0
        );
    }
}
