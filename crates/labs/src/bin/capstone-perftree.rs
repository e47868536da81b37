//! The capstone's board as a perftree script, so that `boardlab diff` can descend to the first
//! position where it goes wrong:
//!
//! ```sh
//! cargo build -p boardlab-labs --bin capstone-perftree
//! boardlab diff --backend mailbox --against target/debug/capstone-perftree \
//!     --protocol perftree --depth 3 --fen "…"
//! ```
//!
//! Run as `capstone-perftree DEPTH FEN [MOVES]` (MOVES one argument, UCI moves separated by
//! spaces), it prints one `move count` line per legal move of the position after MOVES, a
//! blank line and the total, as `boardlab perftree` does. A bad argument is one line on
//! stderr and exit status 2.

use boardlab_core::{divide, Board, BoardExt, PerftMode, Setup};
use boardlab_labs::capstone::Board16x12;
use std::process::ExitCode;

/// The divide lines and the total, or what was wrong with the arguments.
fn answer(args: &[String]) -> Result<String, String> {
    let [depth, fen, rest @ ..] = args else {
        return Err("usage: capstone-perftree DEPTH FEN [MOVES]".to_string());
    };
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("the depth {depth:?} is not a number"))?;
    let setup = Setup::from_fen(fen).map_err(|err| err.to_string())?;
    // A FEN that needs Chess960 castling has its castling moves written as the king taking
    // its own rook, as boardlab's perftree writes them.
    let king_takes_rook = setup.has_chess960_castling();
    let mut board = Board16x12::from_setup(&setup);
    for text in rest.iter().flat_map(|moves| moves.split_whitespace()) {
        let mv = board
            .parse_move(text, king_takes_rook)
            .map_err(|err| err.to_string())?;
        board.make(mv);
    }
    let mut out = String::new();
    let mut total = 0;
    for (mv, nodes) in divide(&mut board, depth, PerftMode::Bulk) {
        out.push_str(&format!(
            "{} {nodes}\n",
            board.move_text(mv, king_takes_rook)
        ));
        total += nodes;
    }
    out.push_str(&format!("\n{total}\n"));
    Ok(out)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match answer(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(problem) => {
            eprintln!("error: {problem}");
            ExitCode::from(2)
        }
    }
}
