//! The steps several backends' explanations share: the legal moves every explanation ends
//! with, the check and pin masks of the backends that reach legal moves through them, and a
//! leaper's or pawn's step on a bitboard board.

use crate::svg;
use crate::text::{bitboard_grid, join_lines, marked_grid, side_by_side, titled};
use crate::Narration;
use boardlab_core::bitboard::{between, king_attacks, knight_attacks, line, pawn_attacks};
use boardlab_core::{Bitboard, Board, Color, GenKind, Move, MoveList, Role, Square};

/// The step every `explain` ends with, after the representation's own walk has shown where
/// the candidates come from: the legal moves of the piece on `sq` as [`Board::generate`] gives
/// them, each with its 16-bit encoding split into its fields, and a grid marking their targets
/// (`*`). The step marks the targets on the board and draws them as a figure's last panel.
pub fn legal_moves_step<B: Board>(narration: &mut Narration, board: &B, sq: Square) {
    use std::fmt::Write;
    if board.piece_at(sq).map(|p| p.color) != Some(board.side_to_move()) {
        narration.step(&format!(
            "legal moves from {sq}: none, it is {}'s move",
            board.side_to_move()
        ));
        narration.panel(svg::legal_moves_panel(board, sq));
        return;
    }
    let mut moves = MoveList::new();
    board.generate(GenKind::All, &mut moves);
    let mine: Vec<Move> = moves.iter().copied().filter(|mv| mv.from() == sq).collect();
    narration.step(&format!("legal moves from {sq} (generate): {}", mine.len()));
    if !mine.is_empty() {
        narration.push_str("  move    flag to     from     bits    kind\n");
    }
    for mv in &mine {
        let bits = mv.bits();
        let _ = writeln!(
            narration,
            "  {:<7} {:04b} {:06b} {:06b}   {:#06x}  {:?}",
            mv.to_string(),
            bits >> 12,
            bits >> 6 & 63,
            bits & 63,
            bits,
            mv.flag()
        );
    }
    let targets: Bitboard = mine.iter().map(|mv| mv.to()).collect();
    narration.push_str(&join_lines(&marked_grid(board, |s| {
        targets.contains(s).then_some('*')
    })));
    narration.mark_reached(board, board.side_to_move(), targets);
    narration.panel(svg::legal_moves_panel(board, sq));
}

/// The legality step of a backend that reaches legal moves through check and pin masks, for
/// a piece other than the king: the candidate targets, minus the own pieces, cut down to the
/// check mask and the pin line, drawn as five grids side by side. `attacks` are the squares the
/// piece reaches on the current occupancy (for a pawn, its pushes and captures), `checkers` the
/// pieces giving check to the side to move, `pinned` its pinned pieces.
pub fn mask_legality<B: Board>(
    board: &B,
    sq: Square,
    attacks: Bitboard,
    own: Bitboard,
    checkers: Bitboard,
    pinned: Bitboard,
) -> (String, Bitboard) {
    let king = board.king_square(board.side_to_move());
    let mut out = String::new();
    let check_mask = match checkers.count() {
        0 => {
            out.push_str("  no checker: check mask = every square\n");
            Bitboard::FULL
        }
        1 => {
            let checker = checkers.first().unwrap_or(king);
            out.push_str(&format!(
                "  one checker on {checker}: check mask = between({king}, {checker}) | {checker}\n"
            ));
            between(king, checker).with(checker)
        }
        _ => {
            out.push_str("  two checkers: check mask = no square, only the king may move\n");
            Bitboard::EMPTY
        }
    };
    let pin_mask = if pinned.contains(sq) {
        out.push_str(&format!(
            "  pinned: pin mask = line({king}, {sq}), the whole line through king and piece\n"
        ));
        line(king, sq)
    } else {
        out.push_str("  not pinned: pin mask = every square\n");
        Bitboard::FULL
    };
    let targets = attacks & !own & check_mask & pin_mask;
    out.push_str(&side_by_side(&[
        titled("reached", bitboard_grid(attacks)),
        titled("& !own", bitboard_grid(!own)),
        titled("& check mask", bitboard_grid(check_mask)),
        titled("& pin mask", bitboard_grid(pin_mask)),
        titled(
            format!("= {} targets", targets.count()),
            bitboard_grid(targets),
        ),
    ]));
    (out, targets)
}

/// Step 1 of `explain` for a knight, king or pawn on a bitboard backend, where these come from
/// boardlab-core's leaper tables and pawn shifts whatever the slider technique: the step,
/// written into `narration` with the squares the piece reaches marked, and those squares.
/// `ep_note` says how the backend tests an en-passant capture. `None`, with nothing written,
/// for a slider, which each backend explains its own way.
pub fn bitboard_leaper_step<B: Board>(
    narration: &mut Narration,
    board: &B,
    sq: Square,
    occupied: Bitboard,
    theirs: Bitboard,
    ep_note: &str,
) -> Option<Bitboard> {
    let piece = board.piece_at(sq)?;
    let us = piece.color;
    let reached = match piece.role {
        Role::Knight => {
            narration.step("1. a knight's attacks are one table entry, knight_attacks[sq]");
            knight_attacks(sq)
        }
        Role::King => {
            narration.step("1. a king's attacks are one table entry, king_attacks[sq]");
            king_attacks(sq)
        }
        Role::Pawn => {
            let empty = !occupied;
            let one = Bitboard::from_square(sq).forward(us) & empty;
            let start = if us == Color::White { 1 } else { 6 };
            let two = if sq.rank().index() == start {
                one.forward(us) & empty
            } else {
                Bitboard::EMPTY
            };
            let captures = pawn_attacks(us, sq) & theirs;
            narration.step(
                "1. pawns move as sets: pushes shift the pawn set a rank onto empty squares,\n   captures are pawn_attacks & the enemy pieces (en passant apart)",
            );
            narration.push_str(&side_by_side(&[
                titled("one push", bitboard_grid(one)),
                titled("double push", bitboard_grid(two)),
                titled("pawn_attacks & theirs", bitboard_grid(captures)),
            ]));
            if let Some(ep) = board.ep_square() {
                if pawn_attacks(us, sq).contains(ep) && us == board.side_to_move() {
                    narration.push_str(&format!("  en passant onto {ep}: {ep_note}\n"));
                }
            }
            one | two | captures
        }
        _ => return None,
    };
    narration.mark_reached(board, us, reached);
    Some(reached)
}

/// What a backend's check and pin masks are made from: the explained piece's own side, the
/// pieces giving check, and the side to move's pinned pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaskInputs {
    /// The pieces of the explained piece's side, which none of its moves lands on (read only
    /// when that side is to move).
    pub own: Bitboard,
    /// The pieces giving check.
    pub checkers: Bitboard,
    /// The side to move's pieces pinned to their king.
    pub pinned: Bitboard,
}

/// The end of `explain` for a backend that reaches legal moves through check and pin masks:
/// step 2 (how the `reached` squares of the piece on `sq` become legal targets, with
/// `king_note` saying how that backend tests the king's own steps) and the legal moves from
/// `sq`.
pub fn mask_legality_and_moves<B: Board>(
    narration: &mut Narration,
    board: &B,
    sq: Square,
    reached: Bitboard,
    masks_from: MaskInputs,
    king_note: &str,
) {
    let MaskInputs {
        own,
        checkers,
        pinned,
    } = masks_from;
    let Some(piece) = board.piece_at(sq) else {
        return;
    };
    if piece.color == board.side_to_move() {
        narration.step("2. legality with check and pin masks");
        if piece.role == Role::King {
            narration.push_str(king_note);
        } else if checkers.more_than_one() {
            narration.push_str("  double check: only the king moves\n");
        } else {
            let (text, targets) = mask_legality(board, sq, reached, own, checkers, pinned);
            narration.push_str(&text);
            narration.mark_reached(board, piece.color, targets);
        }
    } else {
        narration.step(&format!(
            "2. it is {}'s move: these are attacks, not legal moves",
            board.side_to_move()
        ));
    }
    legal_moves_step(narration, board, sq);
}
