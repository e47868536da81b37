//! Prints a technique's slider lookup step by step:
//!
//! ```sh
//! cargo run -p boardlab-sliders --example explain -- [--json] TECHNIQUE rook|bishop SQUARE [OCCUPIED...]
//! ```
//!
//! `OCCUPIED` are the other occupied squares (`d7 b4 g4`); the slider's own square is added.
//! With `--json` the [`Lookup`](boardlab_views::Lookup) is printed as JSON instead
//! of text.

use boardlab_core::{Bitboard, Square};
use boardlab_sliders::{
    bit_lines, black_magic, hyperbola, kindergarten, kogge_stone, obstruction, pext,
    ray_step_by_step, Slider, TECHNIQUES,
};
use boardlab_views::Lookup;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<String, String> {
    let (json, args) = match args {
        [flag, rest @ ..] if flag == "--json" => (true, rest),
        _ => (false, args),
    };
    let [technique, slider, square, occupied @ ..] = args else {
        return Err(
            "usage: explain [--json] TECHNIQUE rook|bishop SQUARE [OCCUPIED SQUARE...]".into(),
        );
    };
    let slider = match slider.as_str() {
        "rook" => Slider::Rook,
        "bishop" => Slider::Bishop,
        other => return Err(format!("unknown slider `{other}` (rook or bishop)")),
    };
    let square: Square = square
        .parse()
        .map_err(|_| format!("`{square}` is not a square (a1 to h8)"))?;
    let mut set = Bitboard::from_square(square);
    for name in occupied {
        let sq: Square = name
            .parse()
            .map_err(|_| format!("`{name}` is not a square (a1 to h8)"))?;
        set = set.with(sq);
    }
    // The technique named on the command line: this crate's modules, and the ray walk.
    let narration: fn(Slider, Square, Bitboard) -> Lookup = match technique.as_str() {
        bit_lines::NAME => bit_lines::step_by_step,
        kindergarten::NAME => kindergarten::step_by_step,
        hyperbola::NAME => hyperbola::step_by_step,
        obstruction::NAME => obstruction::step_by_step,
        kogge_stone::NAME => kogge_stone::step_by_step,
        black_magic::NAME => black_magic::step_by_step,
        pext::NAME => pext::step_by_step,
        "ray" => ray_step_by_step,
        _ => {
            return Err(format!(
                "unknown technique `{technique}` (one of {}, or ray)",
                TECHNIQUES.join(", ")
            ))
        }
    };
    let lookup = narration(slider, square, set);
    if json {
        serde_json::to_string_pretty(&lookup)
            .map(|text| text + "\n")
            .map_err(|err| err.to_string())
    } else {
        Ok(lookup.to_text())
    }
}
