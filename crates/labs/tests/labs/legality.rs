//! `pins`: the pinned pieces of random positions against a brute force.

use crate::{pass, positions, rejects, Checked};
use boardlab_core::{Bitboard, Color, Role, Setup};
use boardlab_labs::legality;

/// The pieces of `color` whose lifting off the board lets a new enemy piece attack the king
/// of the side to move; with `color` the side to move, the pinned pieces.
fn lifted_uncover(setup: &Setup, color: Color, occupied: Bitboard) -> Bitboard {
    let us = setup.turn;
    let Some(king) = setup.king(us) else {
        return Bitboard::EMPTY;
    };
    let before = setup.attackers(king, !us, occupied);
    setup
        .pieces()
        .filter(|&(sq, piece)| piece.color == color && sq != king)
        .filter(|&(sq, _)| setup.attackers(king, !us, occupied.without(sq)) != before)
        .map(|(sq, _)| sq)
        .collect()
}

/// A piece is pinned when lifting it off lets a new enemy slider attack the king.
fn pinned_by_brute_force(setup: &Setup) -> Bitboard {
    lifted_uncover(setup, setup.turn, setup.occupied())
}

type Pinned = fn(&Setup) -> Bitboard;

/// 3,000 random positions; returns how many have a pin.
fn check_pins(pinned: Pinned) -> Checked<usize> {
    let mut with_pins = 0;
    for setup in positions(6, 3000) {
        let (found, expected) = (pinned(&setup), pinned_by_brute_force(&setup));
        if found != expected {
            return Err(format!(
                "{}: {found:?}, expected {expected:?}",
                setup.to_fen()
            ));
        }
        with_pins += usize::from(!expected.is_empty());
    }
    Ok(with_pins)
}

#[test]
fn pins_match_brute_force() {
    let with_pins = pass(check_pins(legality::pinned));
    // The check says little unless many positions have a pin.
    assert!(with_pins >= 100, "only {with_pins} positions with a pin");
}

/// Pieces of both colours that stand alone between the king and a slider: an enemy piece in
/// the way is not pinned to our king.
fn both_colours(setup: &Setup) -> Bitboard {
    let occupied = setup.occupied();
    lifted_uncover(setup, setup.turn, occupied) | lifted_uncover(setup, !setup.turn, occupied)
}

/// Pins by rooks and queens on ranks and files only, with every enemy bishop off the board
/// and the queens taken for rooks.
fn straight_pins_only(setup: &Setup) -> Bitboard {
    let mut rooks_only = setup.clone();
    for sq in setup.occupied() {
        if let Some(piece) = setup.piece_at(sq).filter(|piece| piece.color != setup.turn) {
            rooks_only.board[sq.index()] = match piece.role {
                Role::Bishop => None,
                Role::Queen => Some(boardlab_core::Piece::new(piece.color, Role::Rook)),
                _ => Some(piece),
            };
        }
    }
    lifted_uncover(&rooks_only, setup.turn, setup.occupied())
}

#[test]
fn pins_check_rejects_wrong_answers() {
    rejects("enemy pieces counted", check_pins(both_colours));
    rejects(
        "the diagonal pins forgotten",
        check_pins(straight_pins_only),
    );
}
