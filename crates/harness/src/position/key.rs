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

/// The position's hash as the default backend maintains it incrementally along `--moves` (or,
/// for a Chess960 position the default backend does not play, the first backend that does:
/// every backend keeps the same hash).
fn zobrist(position: &PositionArgs) -> Result<Zobrist, Error> {
    let backend = Backend::default_for(position.root()?.is_chess960());
    with_backend!(backend, B => position.board::<B>().map(|board| board.zobrist()))
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
                chess960: false,
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

    #[test]
    fn chess960_rights_hash_by_rook_file_in_either_fen_form() {
        // King g1 between rooks f1 and h1: the f-file right has no Polyglot number.
        let placement = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR";
        let shredder = hash(&format!("{placement} w HFhf - 0 1"), &[]);
        assert_eq!(hash(&format!("{placement} w KQkq - 0 1"), &[]), shredder);
        assert_ne!(hash(&format!("{placement} w Hh - 0 1"), &[]), shredder);
        // The h-file rights alone hash as Polyglot's king-side rights.
        let no_rights =
            u64::from_str_radix(hash(&format!("{placement} w - - 0 1"), &[]).trim(), 16);
        let h_only = u64::from_str_radix(hash(&format!("{placement} w Hh - 0 1"), &[]).trim(), 16);
        // Polyglot's castling numbers 768 (white king side) and 770 (black king side).
        assert_eq!(
            no_rights.unwrap() ^ h_only.unwrap(),
            0x31d71dce64b2c310 ^ 0xa57e6339dd2cf3a0
        );
    }
}
