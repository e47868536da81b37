//! The book's diagrams are the output of `boardlab` commands, committed under
//! `docs/src/generated/`. These tests run every command again and fail when a committed file
//! differs from what the command prints now, so the book cannot drift from the code.
//!
//! After a change that alters a diagram on purpose, rewrite the files with
//!
//! ```sh
//! BOARDLAB_UPDATE_DOCS=1 cargo test --test integration docs_generated
//! ```
//!
//! and read the diff before committing it. Under CI (`CI` set to anything but empty, `false`
//! or `0`) the variable makes the test fail instead: CI checks the committed files.

use crate::support;

use crate::planted_bug_example as planted_bug;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use support::OutputWithin;

/// What makes a figure's text.
#[derive(Clone, Copy)]
enum Source {
    /// The `boardlab` binary, run with the figure's arguments.
    Boardlab,
    /// A program under the workspace root (a test fixture), run with the figure's arguments;
    /// it needs python-chess.
    PythonChessProgram(&'static str),
    /// Library code, shown as the command that runs it (`cargo run --example …`).
    Library {
        shown: &'static str,
        render: fn() -> String,
    },
}

/// One generated file: the command that makes it and which part of its output the book shows.
struct Figure {
    /// The file name under `docs/src/generated/`.
    file: &'static str,
    /// What runs.
    source: Source,
    /// Environment variables set for the command, shown in front of it.
    env: &'static [(&'static str, &'static str)],
    /// The arguments to the command.
    args: &'static [&'static str],
    /// Keep the output from the first line starting with this text (the book shows a part).
    from_line: Option<&'static str>,
    /// The exit status the command must end with.
    status: i32,
    /// Keys removed from every JSON line of the output: timings, which change from run to run.
    drop_keys: &'static [&'static str],
}

const fn figure(file: &'static str, args: &'static [&'static str]) -> Figure {
    Figure {
        file,
        source: Source::Boardlab,
        env: &[],
        args,
        from_line: None,
        status: 0,
        drop_keys: &[],
    }
}

const PROMOTIONS_FEN: &str = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1";
const KIWIPETE_FEN: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION3_FEN: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const PINNED_BISHOP_FEN: &str = "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1";
const EP_RANK_PIN_FEN: &str = "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1";
const X88_PIN_FEN: &str = "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1";
const ROOK_FEN: &str = "4k3/3p4/8/8/3R4/8/3P4/4K3 w - - 0 1";
const CHECK_FEN: &str = "4k3/8/8/8/4N2b/8/8/4K3 w - - 0 1";
const AFTER_E4_FEN: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
/// python-chess's X-FEN case xfen-04: the b1 rook shields c1 from the queen on a1.
const SHIELD_FEN: &str = "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1";
/// The same without the queen.
const NO_QUEEN_FEN: &str = "4r3/3k4/8/8/8/8/6PP/1R1K1R2 w KQ - 0 1";
/// Black to move after a double push that a black pawn can take en passant.
const QUAD_EP_FEN: &str = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
/// KiwiPete with Black to move.
const KIWIPETE_BLACK_FEN: &str =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1";
/// A Chess960 position, king on e1 and rooks on b1 and g1, both castlings open.
const QUAD_CHESS960_FEN: &str = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";
/// The first position of the Chess960 suite, in Shredder-FEN.
const CHESS960_FEN: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1";

/// The python-chess move generator with planted bugs (`PLANTED_BUG`) that the chapter on
/// debugging uses as "your" program.
const FIXTURE: &str = "tests/support/planted_bugs.py";
const EP_BUG: &[(&str, &str)] = &[("PLANTED_BUG", "ep-rank-pin")];
/// `boardlab diff` of position 3 against the fixture, in perftree's protocol.
const PERFTREE_DIFF: &[&str] = &[
    "diff",
    "--fen",
    POSITION3_FEN,
    "--depth",
    "3",
    "--against",
    FIXTURE,
    "--protocol",
    "perftree",
];

/// `cargo run --example planted_bug`, through the same code.
fn planted_bug_output() -> String {
    let (published, counted, report) = planted_bug::run().expect("the example runs");
    planted_bug::describe(published, counted, &report).0
}

/// The statistics of position 3 at depth 2 on the example's board beside the magic backend's,
/// the columns that differ marked.
fn planted_bug_stats() -> String {
    use boardlab_harness::{perft_stats, Position};
    use boardlab_magic::MagicBoard;
    let position = Position::from_fen(POSITION3_FEN, false).expect("position 3 is a position");
    let right = perft_stats::<MagicBoard>(&position, 2).expect("magic counts position 3");
    let buggy = perft_stats::<planted_bug::board::EnPassantBugBoard>(&position, 2)
        .expect("the example's board counts position 3");
    let mut text = format!("{:<20}{:>10}{:>10}\n", "depth 2", "magic", "ep-bug");
    for ((column, right), (_, buggy)) in right.columns().into_iter().zip(buggy.columns()) {
        let mark = if right == buggy { "" } else { "   differs" };
        text.push_str(&format!("{column:<20}{right:>10}{buggy:>10}{mark}\n"));
    }
    text
}

/// The testkit's failure message for the example's board.
fn testkit_message() -> String {
    use boardlab_core::{epd::STANDARD_SUITE, PerftMode};
    use boardlab_testkit as testkit;
    let payload = std::panic::catch_unwind(|| {
        testkit::check_perft_suite::<planted_bug::board::EnPassantBugBoard>(
            STANDARD_SUITE,
            100_000,
            PerftMode::Bulk,
        );
    })
    .expect_err("the buggy board fails the suite");
    let message = payload
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default();
    format!("{message}\n")
}

/// Every backend's sizes, as `boardlab compare` reports them in its size columns: the board,
/// the undo record `make` returns, and the backend's own lookup tables.
fn sizes_table() -> String {
    use boardlab_backends::{with_backend, Backend};
    use boardlab_core::Board;
    let mut out = format!(
        "{:<14} {:>11} {:>10} {:>11}\n",
        "backend", "board bytes", "undo bytes", "table bytes"
    );
    for &backend in Backend::ALL {
        let (board, undo, tables) = with_backend!(backend, B => (
            B::board_bytes(),
            std::mem::size_of::<<B as Board>::Undo>(),
            B::table_bytes(),
        ));
        out.push_str(&format!(
            "{:<14} {board:>11} {undo:>10} {tables:>11}\n",
            backend.name()
        ));
    }
    out
}

/// The part of an explanation after the backend's own walk: the legal moves and their bits.
const LEGAL_MOVES: Option<&str> = Some("legal moves from");

const FIGURES: &[Figure] = &[
    // Move encoding.
    Figure {
        from_line: LEGAL_MOVES,
        ..figure(
            "encoding-promotions.txt",
            &[
                "explain",
                "--backend",
                "mailbox",
                "--fen",
                PROMOTIONS_FEN,
                "--square",
                "g2",
            ],
        )
    },
    Figure {
        from_line: LEGAL_MOVES,
        ..figure(
            "encoding-castling.txt",
            &[
                "explain",
                "--backend",
                "mailbox",
                "--fen",
                KIWIPETE_FEN,
                "--square",
                "e1",
            ],
        )
    },
    // Chess960.
    figure(
        "chess960-shield.txt",
        &[
            "perft", "--backend", "x88", "--fen", SHIELD_FEN, "--depth", "1", "--divide",
        ],
    ),
    figure(
        "chess960-no-queen.txt",
        &[
            "perft",
            "--backend",
            "x88",
            "--fen",
            NO_QUEEN_FEN,
            "--depth",
            "1",
            "--divide",
        ],
    ),
    Figure {
        drop_keys: &["seconds", "nps"],
        ..figure(
            "chess960-start.txt",
            &[
                "perft",
                "--backend",
                "piece-list",
                "--fen",
                CHESS960_FEN,
                "--depth",
                "4",
                "--json",
            ],
        )
    },
    // Zobrist hashing.
    figure("key-start.txt", &["key"]),
    figure("key-chess960.txt", &["key", "--fen", CHESS960_FEN, "--json"]),
    figure("key-e4.txt", &["key", "--fen", AFTER_E4_FEN, "--json"]),
    // Perft, divide and diff.
    figure(
        "perft-start.txt",
        &["perft", "--backend", "mailbox", "--depth", "3", "--divide"],
    ),
    figure(
        "divide-position3.txt",
        &[
            "perft",
            "--backend",
            "piece-list",
            "--fen",
            POSITION3_FEN,
            "--depth",
            "3",
            "--divide",
        ],
    ),
    figure(
        "diff-agree.txt",
        &[
            "diff",
            "--fen",
            KIWIPETE_FEN,
            "--depth",
            "3",
            "--backend",
            "mailbox",
            "--against",
            "piece-list",
        ],
    ),
    // The search: the same tree on every backend.
    Figure {
        drop_keys: &["seconds", "nps"],
        ..figure(
            "search-all.txt",
            &[
                "search",
                "--backend",
                "all",
                "--fen",
                KIWIPETE_FEN,
                "--depth",
                "6",
                "--json",
            ],
        )
    },
    // Legality.
    figure(
        "legality-pinned-bishop.txt",
        &[
            "explain",
            "--backend",
            "mailbox",
            "--fen",
            PINNED_BISHOP_FEN,
            "--square",
            "e2",
        ],
    ),
    figure(
        "legality-ep-rank-pin.txt",
        &[
            "explain",
            "--backend",
            "mailbox",
            "--fen",
            EP_RANK_PIN_FEN,
            "--square",
            "e5",
        ],
    ),
    // The introduction: bad input is one line and status 2.
    Figure {
        status: 2,
        ..figure(
            "explain-empty-square.txt",
            &["explain", "--backend", "mailbox", "--square", "e4"],
        )
    },
    // Debugging your own move generator.
    Figure {
        env: &[("PLANTED_BUG", "castle-out-of-check")],
        status: 1,
        ..figure(
            "debug-check-castling.txt",
            &[
                "check",
                "--against",
                FIXTURE,
                "--random",
                "300",
                "--seed",
                "1",
                "--depth",
                "2",
            ],
        )
    },
    figure(
        "stats-position3.txt",
        &["perft", "--stats", "--fen", POSITION3_FEN, "--depth", "3"],
    ),
    Figure {
        source: Source::Library {
            shown: "cargo test   # perft_stats::<MagicBoard> and perft_stats::<EnPassantBugBoard>, position 3, depth 2",
            render: planted_bug_stats,
        },
        ..figure("stats-planted-bug.txt", &[])
    },
    Figure {
        drop_keys: &["seconds", "fen"],
        ..figure(
            "debug-bug-catchers.txt",
            &["suite", "crates/core/data/bug-catchers.epd", "--json"],
        )
    },
    Figure {
        source: Source::PythonChessProgram(FIXTURE),
        env: EP_BUG,
        ..figure("debug-script-count.txt", &["3", POSITION3_FEN])
    },
    Figure {
        env: EP_BUG,
        status: 1,
        ..figure(
            "debug-perftree-diff.txt",
            PERFTREE_DIFF,
        )
    },
    figure(
        "debug-perftree-fixed.txt",
        &[
            "diff",
            "--fen",
            POSITION3_FEN,
            "--depth",
            "4",
            "--against",
            FIXTURE,
            "--protocol",
            "perftree",
        ],
    ),
    Figure {
        env: EP_BUG,
        status: 1,
        ..figure(
            "debug-uci-diff.txt",
            &[
                "diff",
                "--fen",
                POSITION3_FEN,
                "--depth",
                "3",
                "--against",
                FIXTURE,
                "--json",
            ],
        )
    },
    Figure {
        env: &[("BROKEN", "sum")],
        status: 2,
        ..figure(
            "debug-broken-sum.txt",
            PERFTREE_DIFF,
        )
    },
    figure(
        "debug-boardlab-perftree.txt",
        &["perftree", "1", POSITION3_FEN, "e2e4"],
    ),
    Figure {
        source: Source::Library {
            shown: "cargo run --release --example planted_bug",
            render: planted_bug_output,
        },
        ..figure("debug-planted-bug.txt", &[])
    },
    Figure {
        source: Source::Library {
            shown: "cargo test   # testkit::check_perft_suite::<EnPassantBugBoard>(STANDARD_SUITE, 100_000, PerftMode::Bulk)",
            render: testkit_message,
        },
        ..figure("debug-testkit-message.txt", &[])
    },
    // Every backend's sizes, for the introduction.
    Figure {
        source: Source::Library {
            shown: "cargo test --test integration docs_generated   # Board::board_bytes, size_of::<Board::Undo>, Board::table_bytes",
            render: sizes_table,
        },
        ..figure("sizes.txt", &[])
    },
    // Piece lists.
    figure(
        "piece-list-show-start.txt",
        &["show", "--backend", "piece-list", "--square", "d1"],
    ),
    figure(
        "piece-list-explain-queen.txt",
        &[
            "explain",
            "--backend",
            "piece-list",
            "--fen",
            KIWIPETE_FEN,
            "--square",
            "f3",
        ],
    ),
    figure(
        "piece-list-explain-pin.txt",
        &[
            "explain",
            "--backend",
            "piece-list",
            "--fen",
            PINNED_BISHOP_FEN,
            "--square",
            "e2",
        ],
    ),
    // The 10x12 mailbox.
    figure("mailbox-show-start.txt", &["show", "--backend", "mailbox"]),
    figure(
        "mailbox-explain-queen.txt",
        &[
            "explain",
            "--backend",
            "mailbox",
            "--fen",
            KIWIPETE_FEN,
            "--square",
            "f3",
        ],
    ),
    figure(
        "mailbox-explain-knight.txt",
        &["explain", "--backend", "mailbox", "--square", "g1"],
    ),
    // 0x88.
    figure(
        "x88-show-start.txt",
        &["show", "--backend", "x88", "--square", "e4"],
    ),
    figure(
        "x88-explain-queen.txt",
        &[
            "explain",
            "--backend",
            "x88",
            "--fen",
            KIWIPETE_FEN,
            "--square",
            "f3",
        ],
    ),
    figure(
        "x88-explain-pin.txt",
        &[
            "explain",
            "--backend",
            "x88",
            "--fen",
            X88_PIN_FEN,
            "--square",
            "d2",
        ],
    ),
    // Rotated bitboards.
    figure(
        "rotated-show-start.txt",
        &["show", "--backend", "rotated", "--square", "c1"],
    ),
    figure(
        "rotated-explain-rook.txt",
        &[
            "explain",
            "--backend",
            "rotated",
            "--fen",
            ROOK_FEN,
            "--square",
            "d4",
        ],
    ),
    figure(
        "rotated-explain-queen.txt",
        &[
            "explain",
            "--backend",
            "rotated",
            "--fen",
            KIWIPETE_FEN,
            "--square",
            "f3",
        ],
    ),
    // Magic bitboards.
    figure(
        "magic-show-d4.txt",
        &["show", "--backend", "magic", "--square", "d4"],
    ),
    figure(
        "magic-explain-queen.txt",
        &[
            "explain",
            "--backend",
            "magic",
            "--fen",
            KIWIPETE_FEN,
            "--square",
            "f3",
        ],
    ),
    figure(
        "magic-explain-check.txt",
        &[
            "explain",
            "--backend",
            "magic",
            "--fen",
            CHECK_FEN,
            "--square",
            "e4",
        ],
    ),
    // The survey, measured: the 8x8, 12x12, 16x16 and four-bits-a-square boards.
    figure("survey-8x8-show.txt", &["show", "--backend", "8x8"]),
    figure(
        "survey-8x8-explain-knight.txt",
        &["explain", "--backend", "8x8", "--square", "g1"],
    ),
    figure("survey-12x12-show.txt", &["show", "--backend", "12x12"]),
    figure("survey-16x16-show.txt", &["show", "--backend", "16x16"]),
    figure(
        "survey-16x16-explain-king.txt",
        &[
            "explain",
            "--backend",
            "16x16",
            "--fen",
            CHECK_FEN,
            "--square",
            "e1",
        ],
    ),
    figure("survey-nibble-show.txt", &["show", "--backend", "nibble"]),
    figure(
        "survey-nibble-explain-pawn.txt",
        &["explain", "--backend", "nibble", "--square", "e2"],
    ),
    // Quad-bitboards.
    figure("quad-show-start.txt", &["show", "--backend", "quad"]),
    Figure {
        from_line: Some("the four bitboards"),
        ..figure(
            "quad-show-en-passant.txt",
            &["show", "--backend", "quad", "--fen", QUAD_EP_FEN],
        )
    },
    figure(
        "quad-explain-knight.txt",
        &[
            "explain",
            "--backend",
            "quad",
            "--fen",
            KIWIPETE_BLACK_FEN,
            "--square",
            "b6",
        ],
    ),
    Figure {
        from_line: Some("plane2"),
        ..figure(
            "quad-show-chess960.txt",
            &["show", "--backend", "quad", "--fen", QUAD_CHESS960_FEN],
        )
    },
    figure(
        "quad-explain-castling.txt",
        &[
            "explain",
            "--backend",
            "quad",
            "--fen",
            QUAD_CHESS960_FEN,
            "--square",
            "e1",
        ],
    ),
    figure(
        "quad-explain-king.txt",
        &["explain", "--backend", "quad", "--square", "e1"],
    ),
    Figure {
        from_line: Some("reading one square"),
        ..figure("quad-nibble-read.txt", &["show", "--backend", "nibble"])
    },
    // SVG drawings of the same views (`--svg`), shown as images in the chapters.
    figure(
        "piece-list-show-start.svg",
        &["show", "--backend", "piece-list", "--square", "d1", "--svg"],
    ),
    figure(
        "piece-list-explain-queen.svg",
        &["explain", "--backend", "piece-list", "--fen", KIWIPETE_FEN, "--square", "f3", "--svg"],
    ),
    figure(
        "piece-list-explain-pin.svg",
        &["explain", "--backend", "piece-list", "--fen", PINNED_BISHOP_FEN, "--square", "e2", "--svg"],
    ),
    figure(
        "mailbox-show-start.svg",
        &["show", "--backend", "mailbox", "--svg"],
    ),
    figure(
        "mailbox-explain-queen.svg",
        &["explain", "--backend", "mailbox", "--fen", KIWIPETE_FEN, "--square", "f3", "--svg"],
    ),
    figure(
        "mailbox-explain-knight.svg",
        &["explain", "--backend", "mailbox", "--square", "g1", "--svg"],
    ),
    figure(
        "x88-show-start.svg",
        &["show", "--backend", "x88", "--square", "e4", "--svg"],
    ),
    figure(
        "x88-explain-queen.svg",
        &["explain", "--backend", "x88", "--fen", KIWIPETE_FEN, "--square", "f3", "--svg"],
    ),
    figure(
        "x88-explain-knight.svg",
        &["explain", "--backend", "x88", "--square", "g1", "--svg"],
    ),
    figure(
        "x88-explain-pin.svg",
        &["explain", "--backend", "x88", "--fen", X88_PIN_FEN, "--square", "d2", "--svg"],
    ),
    figure(
        "rotated-show-start.svg",
        &["show", "--backend", "rotated", "--square", "c1", "--svg"],
    ),
    figure(
        "rotated-explain-rook.svg",
        &["explain", "--backend", "rotated", "--fen", ROOK_FEN, "--square", "d4", "--svg"],
    ),
    figure(
        "rotated-explain-queen.svg",
        &["explain", "--backend", "rotated", "--fen", KIWIPETE_FEN, "--square", "f3", "--svg"],
    ),
    figure(
        "magic-show-d4.svg",
        &["show", "--backend", "magic", "--square", "d4", "--svg"],
    ),
    figure(
        "magic-show-sizes.svg",
        &["show", "--backend", "magic", "--svg"],
    ),
    figure(
        "magic-explain-queen.svg",
        &["explain", "--backend", "magic", "--fen", KIWIPETE_FEN, "--square", "f3", "--svg"],
    ),
    figure(
        "magic-explain-rook.svg",
        &["explain", "--backend", "magic", "--fen", ROOK_FEN, "--square", "d4", "--svg"],
    ),
    figure(
        "magic-explain-check.svg",
        &["explain", "--backend", "magic", "--fen", CHECK_FEN, "--square", "e4", "--svg"],
    ),
    figure(
        "legality-pinned-bishop.svg",
        &["explain", "--backend", "mailbox", "--fen", PINNED_BISHOP_FEN, "--square", "e2", "--svg"],
    ),
    figure(
        "legality-ep-rank-pin.svg",
        &["explain", "--backend", "x88", "--fen", EP_RANK_PIN_FEN, "--square", "e5", "--svg"],
    ),
    figure(
        "encoding-promotions.svg",
        &["explain", "--backend", "mailbox", "--fen", PROMOTIONS_FEN, "--square", "g2", "--svg"],
    ),
    // The ideas, drawn by `boardlab figure`.
    figure("idea-magic.svg", &["figure", "magic"]),
    figure("idea-kindergarten.svg", &["figure", "kindergarten"]),
    figure("idea-hyperbola.svg", &["figure", "hyperbola"]),
    figure("idea-kogge-stone.svg", &["figure", "kogge-stone"]),
    figure("idea-obstruction.svg", &["figure", "obstruction"]),
    figure("idea-masks.svg", &["figure", "masks"]),
    figure("idea-alpha-beta.svg", &["figure", "alpha-beta"]),
    Figure {
        env: EP_BUG,
        status: 1,
        ..figure(
            "idea-descent.svg",
            &[
                "diff",
                "--fen",
                POSITION3_FEN,
                "--depth",
                "3",
                "--against",
                FIXTURE,
                "--protocol",
                "perftree",
                "--svg",
            ],
        )
    },
    figure(
        "encoding-castling.svg",
        &["explain", "--backend", "piece-list", "--fen", KIWIPETE_FEN, "--square", "e1", "--svg"],
    ),
    figure(
        "survey-8x8-explain-knight.svg",
        &["explain", "--backend", "8x8", "--square", "g1", "--svg"],
    ),
    figure("survey-12x12-show.svg", &["show", "--backend", "12x12", "--svg"]),
    figure("survey-16x16-show.svg", &["show", "--backend", "16x16", "--svg"]),
    figure("survey-nibble-show.svg", &["show", "--backend", "nibble", "--svg"]),
];

fn docs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src")
}

fn generated_dir() -> PathBuf {
    docs_dir().join("generated")
}

/// How a figure's command is written at the top of its file: as a reader would type it.
fn command_line(fig: &Figure) -> String {
    let mut line = String::from("$");
    for (key, value) in fig.env {
        line.push_str(&format!(" {key}={value}"));
    }
    match fig.source {
        Source::Boardlab => line.push_str(" boardlab"),
        Source::PythonChessProgram(program) => {
            line.push(' ');
            line.push_str(program);
        }
        Source::Library { shown, .. } => {
            line.push(' ');
            line.push_str(shown);
        }
    }
    for arg in fig.args {
        line.push(' ');
        if arg.contains(|c: char| c.is_whitespace() || c == '/') {
            line.push('"');
            line.push_str(arg);
            line.push('"');
        } else {
            line.push_str(arg);
        }
    }
    line
}

/// The command's output as the book shows it: the command line, then stdout (and stderr, for a
/// command that is shown failing), cut to the part the figure wants.
fn render(fig: &Figure) -> Result<String, String> {
    let mut command = match fig.source {
        Source::Boardlab => Command::new(env!("CARGO_BIN_EXE_boardlab")),
        Source::PythonChessProgram(program) => {
            Command::new(Path::new(env!("CARGO_MANIFEST_DIR")).join(program))
        }
        Source::Library { render, .. } => {
            return Ok(format!("{}\n{}", command_line(fig), render()));
        }
    };
    // Programs named in a figure's arguments are given as paths from the workspace root.
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    for var in ["PLANTED_BUG", "BROKEN", "FIXTURE_LOG"] {
        command.env_remove(var);
    }
    let output = command
        .envs(fig.env.iter().copied())
        .args(fig.args)
        .output_within(support::RUN_PATIENCE);
    let status = output.status.code().unwrap_or(-1);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if status != fig.status {
        return Err(format!(
            "{}: `{}` exited with {status}, expected {}\n{stderr}",
            fig.file,
            command_line(fig),
            fig.status
        ));
    }
    let mut body = stdout.into_owned();
    // A drawing is the document alone, whatever the exit status (diff's 1 at a divergence).
    if fig.status != 0 && !is_drawing(fig) {
        body.push_str(&stderr);
        body.push_str(&format!("(exit status {status})\n"));
    }
    if !fig.drop_keys.is_empty() {
        body = body
            .lines()
            .map(
                |line| match serde_json::from_str::<serde_json::Value>(line) {
                    Ok(serde_json::Value::Object(mut object)) => {
                        for key in fig.drop_keys {
                            object.remove(*key);
                        }
                        format!("{}\n", serde_json::Value::Object(object))
                    }
                    _ => format!("{line}\n"),
                },
            )
            .collect();
    }
    if let Some(marker) = fig.from_line {
        let start = body
            .lines()
            .position(|line| line.starts_with(marker))
            .ok_or_else(|| format!("{}: no output line starts with {marker:?}", fig.file))?;
        body = body.lines().skip(start).map(|l| format!("{l}\n")).collect();
    }
    if is_drawing(fig) {
        // An SVG file must be the document alone; the chapter names its command instead.
        return Ok(body);
    }
    let mut head = command_line(fig);
    if !fig.drop_keys.is_empty() {
        head.push_str(&format!(
            "\n(with {} left out)",
            fig.drop_keys.join(" and ")
        ));
    }
    Ok(format!("{head}\n{body}"))
}

/// Whether the figure is an SVG drawing, shown as an image rather than included as text.
fn is_drawing(fig: &Figure) -> bool {
    fig.file.ends_with(".svg")
}

/// Whether the figure runs the python-chess fixture, directly or through `boardlab diff`.
fn needs_python_chess(fig: &Figure) -> bool {
    matches!(fig.source, Source::PythonChessProgram(_))
        || fig.args.iter().any(|arg| arg.ends_with(".py"))
}

#[test]
fn committed_figures_match_the_commands() {
    // Under CI a request to rewrite fails here, before any file is touched.
    let update = boardlab_testkit::ci::rewrite_snapshots("BOARDLAB_UPDATE_DOCS");
    let mut problems = Vec::new();
    // Figures of the python-chess fixture need it; without it they are skipped (failed on CI).
    let python_chess = FIGURES.iter().any(needs_python_chess) && support::python_chess();
    for fig in FIGURES {
        let path = generated_dir().join(fig.file);
        if needs_python_chess(fig) && !python_chess {
            continue;
        }
        let fresh = match render(fig) {
            Ok(text) => text,
            Err(err) => {
                problems.push(err);
                continue;
            }
        };
        let committed = fs::read_to_string(&path).unwrap_or_default();
        if committed == fresh {
            continue;
        }
        if update {
            fs::create_dir_all(generated_dir()).expect("create docs/src/generated");
            fs::write(&path, &fresh).expect("write a generated figure");
        } else {
            problems.push(format!("{} differs from `{}`", fig.file, command_line(fig)));
        }
    }
    assert!(
        problems.is_empty(),
        "{}\n(rewrite with BOARDLAB_UPDATE_DOCS=1 cargo test --test integration docs_generated, then review the diff)",
        problems.join("\n")
    );
}

/// The `{{#include …}}` targets and the images under `generated/` of every chapter.
fn includes() -> Vec<(String, String)> {
    let mut found = Vec::new();
    for entry in fs::read_dir(docs_dir()).expect("docs/src exists") {
        let path = entry.expect("a directory entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("md") {
            continue;
        }
        let text = fs::read_to_string(&path).expect("a chapter reads");
        let chapter = path.file_name().unwrap().to_string_lossy().into_owned();
        for piece in text.split("{{#include ").skip(1) {
            let target = piece.split("}}").next().unwrap_or("").trim();
            // A line range or anchor follows a colon.
            let file = target.split(':').next().unwrap_or("").to_string();
            found.push((chapter.clone(), file));
        }
        // Images: `![caption](generated/x.svg)`.
        for piece in text.split("](").skip(1) {
            let target = piece.split(')').next().unwrap_or("").trim();
            if target.starts_with("generated/") {
                found.push((chapter.clone(), target.to_string()));
            }
        }
    }
    found
}

#[test]
fn every_figure_is_listed_and_used() {
    let listed: BTreeSet<String> = FIGURES.iter().map(|f| f.file.to_string()).collect();
    assert_eq!(listed.len(), FIGURES.len(), "a file name is listed twice");
    let on_disk: BTreeSet<String> = fs::read_dir(generated_dir())
        .map(|dir| {
            dir.map(|e| e.expect("a directory entry").file_name())
                .map(|name| name.to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    let stale: Vec<_> = on_disk.difference(&listed).collect();
    assert!(
        stale.is_empty(),
        "files in docs/src/generated that no command makes: {stale:?}"
    );
    let used: BTreeSet<String> = includes()
        .into_iter()
        .filter_map(|(_, file)| file.strip_prefix("generated/").map(str::to_string))
        .collect();
    let unused: Vec<_> = listed.difference(&used).collect();
    assert!(unused.is_empty(), "figures no chapter includes: {unused:?}");
}

#[test]
fn every_include_names_a_file_that_exists() {
    // A listed figure that is missing is reported by `committed_figures_match_the_commands`
    // (and written by it under BOARDLAB_UPDATE_DOCS), so only other files are checked here.
    let listed: BTreeSet<String> = FIGURES
        .iter()
        .map(|f| format!("generated/{}", f.file))
        .collect();
    let missing: Vec<_> = includes()
        .into_iter()
        .filter(|(_, file)| !listed.contains(file) && !docs_dir().join(file).is_file())
        .collect();
    assert!(
        missing.is_empty(),
        "chapters include files that do not exist: {missing:?}"
    );
}

#[test]
fn every_chapter_is_in_the_summary() {
    let summary = fs::read_to_string(docs_dir().join("SUMMARY.md")).expect("SUMMARY.md");
    for entry in fs::read_dir(docs_dir()).expect("docs/src exists") {
        let name = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        if name.ends_with(".md") && name != "SUMMARY.md" {
            assert!(
                summary.contains(&format!("({name})")),
                "{name} is not in SUMMARY.md"
            );
        }
    }
}

#[test]
fn every_drawing_is_shown_with_its_command() {
    let mut problems = Vec::new();
    for fig in FIGURES.iter().filter(|fig| is_drawing(fig)) {
        let target = format!("generated/{}", fig.file);
        let command = command_line(fig);
        let command = command.trim_start_matches("$ ");
        let chapters: Vec<String> = includes()
            .into_iter()
            .filter(|(_, file)| *file == target)
            .map(|(chapter, _)| chapter)
            .collect();
        for chapter in &chapters {
            let text = fs::read_to_string(docs_dir().join(chapter)).expect("a chapter reads");
            if !text.contains(command) {
                problems.push(format!("{chapter} shows {target} without `{command}`"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
