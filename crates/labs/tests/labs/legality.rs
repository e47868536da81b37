//! `pins`: the pinned pieces of random positions against a brute force, with the attack
//! queries and the squares read counted.

use crate::{pass, positions, rejects, Checked};
use boardlab_core::bitboard::{slider_attacks_slow, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use boardlab_core::{Bitboard, Color, Piece, Role, Setup, Square};
use boardlab_labs::legality;
use boardlab_labs::scaffold::legality::PinBoard;
use std::cell::Cell;

/// The pieces of `color` whose lifting off the board lets a new enemy piece attack the king
/// of the side to move; with `color` the side to move, the pinned pieces.
fn lifted_uncover<P: PinBoard>(board: &P, color: Color) -> Bitboard {
    let us = board.side_to_move();
    let king = board.king(us);
    let before = board.attackers(king, !us, Bitboard::EMPTY);
    board
        .occupied()
        .into_iter()
        .filter(|&sq| sq != king && board.piece_at(sq).is_some_and(|p| p.color == color))
        .filter(|&sq| board.attackers(king, !us, Bitboard::EMPTY.with(sq)) != before)
        .collect()
}

/// A piece is pinned when lifting it off lets a new enemy slider attack the king.
fn pinned_by_brute_force<P: PinBoard>(board: &P) -> Bitboard {
    lifted_uncover(board, board.side_to_move())
}

/// The king's lines: the squares a queen on the king's square would attack on an empty board,
/// and the king's own square.
fn king_lines(king: Square) -> Bitboard {
    (slider_attacks_slow(king, Bitboard::EMPTY, &ROOK_DIRECTIONS)
        | slider_attacks_slow(king, Bitboard::EMPTY, &BISHOP_DIRECTIONS))
    .with(king)
}

/// A position that counts the attack queries asked of it and the squares read off the king's
/// lines.
struct Counted<'a> {
    setup: &'a Setup,
    lines: Bitboard,
    queries: Cell<usize>,
    stray_reads: Cell<Bitboard>,
}

impl<'a> Counted<'a> {
    fn new(setup: &'a Setup) -> Counted<'a> {
        Counted {
            setup,
            lines: king_lines(PinBoard::king(setup, setup.turn)),
            queries: Cell::new(0),
            stray_reads: Cell::new(Bitboard::EMPTY),
        }
    }
}

impl PinBoard for Counted<'_> {
    fn side_to_move(&self) -> Color {
        self.setup.side_to_move()
    }
    fn king(&self, color: Color) -> Square {
        PinBoard::king(self.setup, color)
    }
    fn occupied(&self) -> Bitboard {
        PinBoard::occupied(self.setup)
    }
    fn sliders(&self, color: Color, straight: bool) -> Bitboard {
        self.setup.sliders(color, straight)
    }
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        if !self.lines.contains(sq) {
            self.stray_reads.set(self.stray_reads.get().with(sq));
        }
        PinBoard::piece_at(self.setup, sq)
    }
    fn attackers(&self, sq: Square, by: Color, lifted: Bitboard) -> Bitboard {
        self.queries.set(self.queries.get() + 1);
        PinBoard::attackers(self.setup, sq, by, lifted)
    }
}

type Pinned = fn(&Counted) -> Bitboard;

/// 3,000 random positions: the answer against the brute force (asked of the plain position),
/// at most two attack queries a position and no square read off the king's lines. Returns
/// how many positions have a pin.
fn check_pins(pinned: Pinned) -> Checked<usize> {
    let mut with_pins = 0;
    for setup in positions(6, 3000) {
        let counted = Counted::new(&setup);
        let (found, expected) = (pinned(&counted), pinned_by_brute_force(&setup));
        if found != expected {
            return Err(format!(
                "{}: {found:?}, expected {expected:?}",
                setup.to_fen()
            ));
        }
        if counted.queries.get() > 2 {
            return Err(format!(
                "{}: {} attack queries; finding pins needs none (two allowed)",
                setup.to_fen(),
                counted.queries.get()
            ));
        }
        let stray = counted.stray_reads.get();
        if !stray.is_empty() {
            return Err(format!(
                "{}: read {stray:?}, off the king's lines",
                setup.to_fen()
            ));
        }
        with_pins += usize::from(!expected.is_empty());
    }
    Ok(with_pins)
}

#[test]
fn pins_match_brute_force() {
    let with_pins = pass(check_pins(|board| legality::pinned(board)));
    // The check says little unless many positions have a pin.
    assert!(with_pins >= 100, "only {with_pins} positions with a pin");
}

/// Pieces of both colours that stand alone between the king and a slider: an enemy piece in
/// the way is not pinned to our king.
fn both_colours(board: &Counted) -> Bitboard {
    let setup = board.setup;
    lifted_uncover(setup, setup.turn) | lifted_uncover(setup, !setup.turn)
}

/// Pins by rooks and queens on ranks and files only, with every enemy bishop off the board
/// and the queens taken for rooks.
fn straight_pins_only(board: &Counted) -> Bitboard {
    let setup = board.setup;
    let mut rooks_only = setup.clone();
    for sq in setup.occupied() {
        if let Some(piece) = setup.piece_at(sq).filter(|piece| piece.color != setup.turn) {
            rooks_only.board[sq.index()] = match piece.role {
                Role::Bishop => None,
                Role::Queen => Some(Piece::new(piece.color, Role::Rook)),
                _ => Some(piece),
            };
        }
    }
    pinned_by_brute_force(&rooks_only)
}

/// The brute force itself, asked of the counting position: right answers, an attack query per
/// piece.
fn brute_force_through_queries(board: &Counted) -> Bitboard {
    pinned_by_brute_force(board)
}

/// The brute force on a position rebuilt from every square's piece: right answers, no
/// counted query, and every square read.
fn brute_force_on_a_copy(board: &Counted) -> Bitboard {
    let mut copy = Setup::empty();
    copy.turn = board.side_to_move();
    for sq in Square::ALL {
        copy.board[sq.index()] = board.piece_at(sq);
    }
    pinned_by_brute_force(&copy)
}

#[test]
fn pins_check_rejects_wrong_answers() {
    rejects("enemy pieces counted", check_pins(both_colours));
    rejects(
        "the diagonal pins forgotten",
        check_pins(straight_pins_only),
    );
    // The brute force asks a query per piece: 15 on kiwipete. Where the side to move has a
    // piece or two it stays within the allowance, and is caught by the squares it reads.
    let kiwipete =
        Setup::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("a FEN");
    let counted = Counted::new(&kiwipete);
    brute_force_through_queries(&counted);
    assert_eq!(counted.queries.get(), 16);
    let problem = rejects(
        "the brute force's attack queries",
        check_pins(brute_force_through_queries),
    );
    assert!(
        problem.contains("attack queries") || problem.contains("off the king's lines"),
        "{problem}"
    );
    let problem = rejects(
        "the brute force on a copy",
        check_pins(brute_force_on_a_copy),
    );
    assert!(problem.contains("off the king's lines"), "{problem}");
}
