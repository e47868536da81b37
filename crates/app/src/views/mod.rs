//! The teaching views: `boardlab show` (a position as one backend holds it) and `boardlab
//! explain` (how one backend finds a piece's moves), as text, SVG or JSON, on standard output or
//! in the file `--out` names; and any bitboard backend's slider lookup as data ([`technique`]).
//! Both views are one value, [`Explanation`], drawn by one of its three renderers.

pub(crate) mod alpha_beta;
pub(crate) mod explain;
pub(crate) mod figures;
pub(crate) mod show;

use crate::position::PositionArgs;
use crate::{BackendChoice, Error, Outcome};
use boardlab_harness::output::write_file;
use boardlab_harness::{board_type, BoardType, Position};
use boardlab_views::Explanation;
use std::io::Write;
use std::path::PathBuf;

/// The arguments both views take: which backends, which position, and where the drawing goes.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct ViewArgs {
    /// The backend to draw, or `all` for each in turn.
    #[arg(long, value_enum, value_name = "BACKEND", default_value_t = BackendChoice::DEFAULT)]
    pub backend: BackendChoice,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Draw the view as one SVG document instead of text (one backend at a time).
    #[arg(long, conflicts_with = "json")]
    pub svg: bool,
    /// Write the view as JSON, the value `boardlab serve` answers with (one backend at a time).
    #[arg(long)]
    pub json: bool,
    /// Write the view to this file instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// A view of a board: what `show` or `explain` makes of it.
trait View {
    /// The view of `position` on the backend `board_type`.
    fn of(&self, board_type: &dyn BoardType, position: &Position) -> Result<Explanation, Error>;
}

/// `explained` as the text view, an SVG document when `svg`, or JSON when `json` (one object on
/// one line, as every `--json` prints).
///
/// # Errors
///
/// None in practice: the value holds nothing serde cannot write.
pub(crate) fn render(explained: &Explanation, svg: bool, json: bool) -> Result<String, Error> {
    if json {
        let mut text = serde_json::to_string(explained)
            .map_err(|err| Error::Usage(format!("cannot write the view as JSON: {err}")))?;
        text.push('\n');
        Ok(text)
    } else if svg {
        Ok(explained.to_svg())
    } else {
        Ok(explained.to_text())
    }
}

/// Draws `view` for each backend `args` names, under a `== name ==` header when there are
/// several, to standard output or the `--out` file.
///
/// # Errors
///
/// A bad FEN or move, `--svg` or `--json` with more than one backend (an SVG document holds
/// one drawing, a JSON document one value), a file that cannot be written, or what the view
/// fails with.
fn draw(args: &ViewArgs, view: &impl View, out: &mut impl Write) -> Result<Outcome, Error> {
    let position = args.position.resolve()?;
    let backends = crate::args::runnable(args.backend)?;
    if (args.svg || args.json) && backends.len() > 1 {
        let flag = if args.svg { "--svg" } else { "--json" };
        return Err(Error::Usage(format!(
            "{flag} draws one backend at a time: name it with --backend"
        )));
    }
    let mut drawn = Vec::new();
    for (i, &backend) in backends.iter().enumerate() {
        if backends.len() > 1 {
            let gap = if i == 0 { "" } else { "\n" };
            writeln!(drawn, "{gap}== {backend} ==")?;
        }
        let explained = view.of(board_type(backend), &position)?;
        let text = render(&explained, args.svg, args.json)?;
        drawn.extend_from_slice(text.as_bytes());
    }
    match &args.out {
        Some(path) => write_file(path, drawn)?,
        None => out.write_all(&drawn)?,
    }
    Ok(Outcome::Success)
}

#[cfg(test)]
fn view_args(backend: crate::Backend, fen: &str) -> ViewArgs {
    ViewArgs {
        backend: backend.into(),
        position: PositionArgs {
            fen: fen.to_string(),
            moves: Vec::new(),
            king_takes_rook: false,
        },
        svg: false,
        json: false,
        out: None,
    }
}
