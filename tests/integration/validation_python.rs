//! Validation against python-chess: on random FENs near the edges of the rules, boardlab
//! accepts exactly the positions python-chess's `Board.is_valid()` accepts.
//!
//! The FENs are drawn to reach the cases where the two could part: checks from one to four
//! pieces (aligned or not, sliders, leapers and pawns), en-passant squares beside checks, pawns
//! on the back ranks, kings missing or doubled, castling rights with and without their pieces,
//! and ranks whose empty squares are written as two digits in a row. python-chess is required
//! under `CI=true` (see tests/support).
//!
//! boardlab reads `KQkq` as X-FEN, the outermost rook on that side of the king wherever king and
//! rooks stand (a right off the standard squares makes the position Chess960), so python-chess
//! reads the FENs in its Chess960 mode, which does the same. For rights on the standard squares
//! both of its modes give the same verdict.

use crate::support;

use boardlab_core::{Color, Piece, PositionError, Role, Setup, Square};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::process::Command;

/// How many FENs are compared.
const FENS: usize = 20_000;

/// python-chess's verdict on each FEN: `Board(fen, chess960=True).is_valid()`, false when it
/// cannot read it.
fn python_chess_verdicts(fens: &[String]) -> Vec<bool> {
    let script = r#"
import sys
import chess
for fen in sys.stdin.read().splitlines():
    try:
        valid = chess.Board(fen, chess960=True).is_valid()
    except ValueError:
        valid = False
    print(1 if valid else 0)
"#;
    let mut command = Command::new("python3");
    command.args(["-c", script]);
    let output = support::feed_within(command, fens.join("\n") + "\n", support::RUN_PATIENCE);
    assert!(
        output.status.success(),
        "python-chess failed: {}",
        support::stderr(&output)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| line == "1")
        .collect()
}

/// A random piece of `color` other than the king.
fn random_piece(rng: &mut impl Rng, color: Color) -> Piece {
    let role = *Role::NOT_KING.choose(rng).unwrap();
    Piece::new(color, role)
}

fn random_color(rng: &mut impl Rng) -> Color {
    if rng.gen_bool(0.5) {
        Color::White
    } else {
        Color::Black
    }
}

/// A random empty square, if any.
fn random_empty(rng: &mut impl Rng, setup: &Setup) -> Option<Square> {
    let empty: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|&sq| setup.piece_at(sq).is_none())
        .collect();
    empty.choose(rng).copied()
}

/// A piece of `by` that attacks `target`, put on a random empty square from which it does.
fn add_attacker(rng: &mut impl Rng, setup: &mut Setup, target: Square, by: Color) {
    let piece = random_piece(rng, by);
    let squares: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|&sq| setup.piece_at(sq).is_none())
        .filter(|&sq| {
            let mut trial = setup.clone();
            trial.board[sq.index()] = Some(piece);
            trial.attackers(target, by, trial.occupied()).contains(sq)
        })
        .collect();
    if let Some(&sq) = squares.choose(rng) {
        setup.board[sq.index()] = Some(piece);
    }
}

/// Two sliders of `by` on one line through `king`, one on each side, each the first piece from
/// the king (when the squares are free).
fn add_aligned_checkers(rng: &mut impl Rng, setup: &mut Setup, king: Square, by: Color) {
    let (df, dr) = *[(0, 1), (1, 0), (1, 1), (1, -1)].choose(rng).unwrap();
    let straight = df == 0 || dr == 0;
    for sign in [1, -1] {
        let mut free = Vec::new();
        let mut sq = king;
        while let Some(next) = sq.offset(sign * df, sign * dr) {
            if setup.piece_at(next).is_some() {
                break;
            }
            free.push(next);
            sq = next;
        }
        let role = match (straight, rng.gen_bool(0.5)) {
            (_, true) => Role::Queen,
            (true, false) => Role::Rook,
            (false, false) => Role::Bishop,
        };
        if let Some(&sq) = free.choose(rng) {
            setup.board[sq.index()] = Some(Piece::new(by, role));
        }
    }
}

/// The placement field; with `split`, a run of two or more empty squares is written as two
/// digits (`44` for `8`), which FEN does not allow.
fn placement(setup: &Setup, split: bool) -> String {
    let mut text = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        let flush = |text: &mut String, empty: &mut usize| {
            if *empty >= 2 && split {
                text.push_str(&format!("1{}", *empty - 1));
            } else if *empty > 0 {
                text.push_str(&empty.to_string());
            }
            *empty = 0;
        };
        for file in 0..8 {
            match setup.board[rank * 8 + file] {
                Some(piece) => {
                    flush(&mut text, &mut empty);
                    text.push(piece.char());
                }
                None => empty += 1,
            }
        }
        flush(&mut text, &mut empty);
        if rank > 0 {
            text.push('/');
        }
    }
    text
}

/// A random FEN near the edges of the rules (see the module docs).
fn random_fen(rng: &mut impl Rng) -> String {
    let mut setup = Setup::empty();
    setup.turn = random_color(rng);
    let us = setup.turn;
    for color in Color::ALL {
        let kings = match rng.gen_range(0..40) {
            0 => 0,
            1 => 2,
            _ => 1,
        };
        for _ in 0..kings {
            // Kings often stand at home, where castling rights can be valid.
            let home = Square::E1.offset(0, if color == Color::White { 0 } else { 7 });
            let sq = match home.filter(|&sq| rng.gen_bool(0.3) && setup.piece_at(sq).is_none()) {
                Some(home) => home,
                None => random_empty(rng, &setup).unwrap(),
            };
            setup.board[sq.index()] = Some(Piece::new(color, Role::King));
        }
    }
    // A double push just played by the side not to move.
    let mut ep = None;
    if rng.gen_bool(0.35) {
        let pusher = !us;
        let file = rng.gen_range(0..8);
        let landing = if pusher == Color::White { 3 } else { 4 };
        if let Some(pushed_to) = Square::A1.offset(file, landing) {
            if setup.piece_at(pushed_to).is_none() {
                setup.board[pushed_to.index()] = Some(Piece::new(pusher, Role::Pawn));
            }
            ep = pushed_to.offset(0, -pusher.forward());
            // Now and then the pushed pawn gives check: the king moves beside its path.
            if rng.gen_bool(0.3) {
                let target = pushed_to
                    .offset(if rng.gen_bool(0.5) { 1 } else { -1 }, pusher.forward())
                    .filter(|&sq| setup.piece_at(sq).is_none());
                if let (Some(target), Some(king)) = (target, setup.king(us)) {
                    setup.board[king.index()] = None;
                    setup.board[target.index()] = Some(Piece::new(us, Role::King));
                }
            }
        }
    }
    for _ in 0..rng.gen_range(0..8) {
        let color = random_color(rng);
        let piece = random_piece(rng, color);
        if let Some(sq) = random_empty(rng, &setup) {
            // Pawns on the back ranks now and then, not often.
            if piece.role != Role::Pawn || !matches!(sq.rank().index(), 0 | 7) || rng.gen_bool(0.1)
            {
                setup.board[sq.index()] = Some(piece);
            }
        }
    }
    // Checks on the side to move: from one piece up to four, or two sliders on one line
    // through the king from its two sides.
    if let Some(king) = setup.king(us) {
        if rng.gen_bool(0.1) {
            add_aligned_checkers(rng, &mut setup, king, !us);
        } else if rng.gen_bool(0.6) {
            for _ in 0..*[1, 1, 2, 2, 3, 4].choose(rng).unwrap() {
                add_attacker(rng, &mut setup, king, !us);
            }
        }
    }
    let castling = castling_field(rng, &setup);
    let ep = match ep {
        Some(sq) if rng.gen_bool(0.9) => sq.to_string(),
        _ => "-".to_string(),
    };
    let turn = if us == Color::White { "w" } else { "b" };
    let split = rng.gen_bool(0.05);
    format!("{} {turn} {castling} {ep} 0 1", placement(&setup, split))
}

/// A castling field, often `-`. python-chess drops a queen-side right (`Q`, `q`) when that side
/// has no rook on its back rank at all (its reader looks for the leftmost rook, finds none and
/// sets no right), where it calls the same right without the king or without the king-side
/// rook invalid; boardlab refuses all of these alike. So a queen-side right is drawn only when
/// such a rook stands on the back rank.
fn castling_field(rng: &mut impl Rng, setup: &Setup) -> String {
    if rng.gen_bool(0.6) {
        return "-".to_string();
    }
    let has_back_rook = |color: Color| {
        let rank = if color == Color::White { 0 } else { 7 };
        (0..8).any(|file| {
            Square::A1
                .offset(file, rank)
                .and_then(|sq| setup.piece_at(sq))
                == Some(Piece::new(color, Role::Rook))
        })
    };
    let field: String = [
        ('K', Color::White, true),
        ('Q', Color::White, false),
        ('k', Color::Black, true),
        ('q', Color::Black, false),
    ]
    .into_iter()
    .filter(|&(_, color, king_side)| (king_side || has_back_rook(color)) && rng.gen_bool(0.5))
    .map(|(flag, _, _)| flag)
    .collect();
    if field.is_empty() {
        "-".to_string()
    } else {
        field
    }
}

/// The kind of refusal, for counting what the comparison covered.
fn kind(fen: &str) -> &'static str {
    match Setup::from_fen(fen) {
        Ok(setup) => {
            let king = setup.king(setup.turn).unwrap();
            let checkers = setup.attackers(king, !setup.turn, setup.occupied()).count();
            let after_double_push = fen.split(' ').nth(3) != Some("-");
            match (checkers, after_double_push) {
                (0, _) => "accepted",
                (1, true) => "accepted in check after a double push",
                (1, false) => "accepted in check",
                _ => "accepted in double check",
            }
        }
        Err(boardlab_core::FenError::Placement(_, why)) if why.contains("two digits") => {
            "refused: two digits in a row"
        }
        Err(boardlab_core::FenError::Placement(..)) => "refused: placement field",
        Err(boardlab_core::FenError::Position(err)) => match err {
            PositionError::TooManyCheckers(..) => "refused: too many checkers",
            PositionError::AlignedCheckers(..) => "refused: checkers aligned with the king",
            PositionError::CheckNotFromDoublePush(..) => {
                "refused: a check the double push cannot have given"
            }
            PositionError::OppositeCheck(..) => "refused: the side not to move in check",
            PositionError::BadEnPassant(..) => "refused: en-passant square",
            PositionError::BadCastlingRights(..) => "refused: castling rights",
            PositionError::MissingKing(..) | PositionError::TooManyKings(..) => "refused: kings",
            PositionError::PawnOnBackRank(..) => "refused: pawn on a back rank",
            _ => "refused: other",
        },
        Err(_) => "refused: other field",
    }
}

#[test]
fn validation_agrees_with_python_chess() {
    if !support::python_chess() {
        return;
    }
    let mut rng = StdRng::seed_from_u64(20_240_523);
    let fens: Vec<String> = (0..FENS).map(|_| random_fen(&mut rng)).collect();
    let verdicts = python_chess_verdicts(&fens);
    assert_eq!(verdicts.len(), FENS, "python-chess answered every FEN");
    let mut disagreements = Vec::new();
    let mut kinds = std::collections::BTreeMap::new();
    for (fen, &theirs) in fens.iter().zip(&verdicts) {
        let ours = Setup::from_fen(fen);
        if ours.is_ok() != theirs {
            disagreements.push(format!(
                "{fen}: boardlab {}, python-chess {}",
                match &ours {
                    Ok(_) => "accepts".to_string(),
                    Err(err) => format!("refuses ({err})"),
                },
                if theirs { "accepts" } else { "refuses" }
            ));
        }
        *kinds.entry(kind(fen)).or_insert(0usize) += 1;
    }
    println!("{FENS} FENs compared: {kinds:#?}");
    assert!(
        disagreements.is_empty(),
        "{} of {FENS} disagree, for example:\n{}",
        disagreements.len(),
        disagreements[..disagreements.len().min(10)].join("\n")
    );
    // Every case the comparison is meant to cover came up often enough to count.
    for kind in [
        "accepted",
        "accepted in check",
        "accepted in check after a double push",
        "accepted in double check",
        "refused: two digits in a row",
        "refused: too many checkers",
        "refused: checkers aligned with the king",
        "refused: a check the double push cannot have given",
        "refused: the side not to move in check",
        "refused: castling rights",
        "refused: kings",
        "refused: pawn on a back rank",
    ] {
        let count = kinds.get(kind).copied().unwrap_or(0);
        assert!(count >= 50, "only {count} FENs of the kind {kind:?}");
    }
}
