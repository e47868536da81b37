//! A slow `Board` built on [`Setup`] alone: the yardstick the real backends are held against.
//!
//! Moves are generated pseudo-legally and kept when the reference [`Setup::play`] leaves the
//! mover's king unattacked. Make pushes the old setup on a stack and unmake pops it. It is short
//! and easy to check by eye, passes the perft suites, and lets the engine and the tests run on
//! a board of no backend crate. It is not registered on the command line.

use boardlab_core::bitboard::{pawn_attacks, piece_attacks};
use boardlab_core::{
    Board, CastlingSide, Color, Move, MoveFlag, MoveList, MoveSink, Piece, PositionState, Role,
    Setup, Square,
};

/// A [`Board`] that is a [`Setup`] plus the setups it came from (see the module docs).
#[derive(Clone, Debug)]
pub struct ReferenceBoard {
    setup: Setup,
    /// The setup's state and hash, worked out afresh after every move.
    state: PositionState,
    previous: Vec<(Setup, PositionState)>,
}

impl ReferenceBoard {
    fn pseudo_legal(&self, out: &mut MoveList) {
        let setup = &self.setup;
        let us = setup.turn;
        let ours = |sq: Square| setup.piece_at(sq).is_some_and(|p| p.color == us);
        let theirs = |sq: Square| setup.piece_at(sq).is_some_and(|p| p.color != us);
        let occupied = setup.occupied();
        let last_rank = if us == Color::White { 7 } else { 0 };
        let start_rank = if us == Color::White { 1 } else { 6 };
        let push_promotions = |out: &mut MoveList, from, to, capture| {
            for role in Role::PROMOTIONS {
                out.push(Move::new(from, to, MoveFlag::promotion(role, capture)));
            }
        };
        for (from, piece) in setup.pieces() {
            if piece.color != us {
                continue;
            }
            let targets = match piece.role {
                Role::Pawn => {
                    if let Some(one) = from.offset(0, us.forward()) {
                        if setup.piece_at(one).is_none() {
                            if one.rank().index() == last_rank {
                                push_promotions(out, from, one, false);
                            } else {
                                out.push(Move::new(from, one, MoveFlag::Quiet));
                                if from.rank().index() == start_rank {
                                    if let Some(two) = one.offset(0, us.forward()) {
                                        if setup.piece_at(two).is_none() {
                                            out.push(Move::new(from, two, MoveFlag::DoublePush));
                                        }
                                    }
                                }
                            }
                        }
                    }
                    for to in pawn_attacks(us, from) {
                        if theirs(to) {
                            if to.rank().index() == last_rank {
                                push_promotions(out, from, to, true);
                            } else {
                                out.push(Move::new(from, to, MoveFlag::Capture));
                            }
                        } else if setup.ep_square == Some(to) {
                            out.push(Move::new(from, to, MoveFlag::EnPassant));
                        }
                    }
                    continue;
                }
                _ => piece_attacks(piece, from, occupied),
            };
            for to in targets {
                if ours(to) {
                    continue;
                }
                let flag = if theirs(to) {
                    MoveFlag::Capture
                } else {
                    MoveFlag::Quiet
                };
                out.push(Move::new(from, to, flag));
            }
        }
        // Castling by the Chess960 rules, which include the standard ones: the squares king and
        // rook cross or land on are empty apart from the two themselves, and no square of the
        // king's path is attacked once king and rook are lifted off the board.
        for side in CastlingSide::ALL {
            let Some(path) = setup.castling.path(us, side) else {
                continue;
            };
            let lifted = occupied & !path.lifted();
            if (occupied & path.must_be_empty).is_empty()
                && path
                    .king_path
                    .into_iter()
                    .all(|sq| setup.attackers(sq, !us, lifted).is_empty())
            {
                out.push(Move::new(path.king_from, path.king_to, side.flag()));
            }
        }
    }
}

impl Board for ReferenceBoard {
    type Undo = ();
    const NAME: &'static str = "reference";
    const PLAYS_CHESS960: bool = true;

    fn from_setup(setup: &Setup) -> Self {
        ReferenceBoard {
            setup: setup.clone(),
            state: PositionState::of(setup),
            previous: Vec::new(),
        }
    }

    fn to_setup(&self) -> Setup {
        self.setup.clone()
    }

    fn state(&self) -> PositionState {
        self.state
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.setup.piece_at(sq)
    }

    fn king_square(&self, color: Color) -> Square {
        self.setup.king(color).unwrap_or(Square::A1)
    }

    fn in_check(&self) -> bool {
        self.setup.in_check()
    }

    fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.setup.is_attacked(sq, by)
    }

    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        let mut candidates = MoveList::new();
        self.pseudo_legal(&mut candidates);
        let us = self.setup.turn;
        let king = self.setup.king(us).unwrap_or(Square::A1);
        for &mv in candidates.iter() {
            if !S::KIND.includes(mv) {
                continue;
            }
            let mut after = self.setup.clone();
            after.play(mv);
            // Castling is written as the king's move, so `to` is where the king lands.
            let king_after = if mv.from() == king { mv.to() } else { king };
            if !after.is_attacked(king_after, !us) {
                sink.push(mv);
            }
        }
    }

    fn make(&mut self, mv: Move) {
        self.previous.push((self.setup.clone(), self.state));
        self.setup.play(mv);
        self.state = PositionState::of(&self.setup);
    }

    fn unmake(&mut self, _mv: Move, _undo: ()) {
        if let Some((setup, state)) = self.previous.pop() {
            self.setup = setup;
            self.state = state;
        }
    }

    fn make_null(&mut self) {
        self.previous.push((self.setup.clone(), self.state));
        self.setup.play_null();
        self.state = PositionState::of(&self.setup);
    }

    fn unmake_null(&mut self, _undo: ()) {
        self.unmake(Move::NULL, ());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::epd::{parse_perft_suite, CHESS960_SUITE, TRICKY_SUITE};
    use boardlab_core::BoardExt;
    use boardlab_core::{perft, PerftCase, PerftMode};

    fn case(suite: &str, id: &str) -> PerftCase {
        parse_perft_suite(suite)
            .unwrap()
            .into_iter()
            .find(|case| case.id.as_deref() == Some(id))
            .unwrap()
    }

    /// Checks the published counts of case `id` up to `max_nodes`, and returns how many it
    /// checked so a test can assert it checked something.
    fn check(suite: &str, id: &str, max_nodes: u64) -> usize {
        let case = case(suite, id);
        let mut board = ReferenceBoard::from_setup(&case.setup);
        let mut checked = 0;
        for &(depth, expected) in case.expected.iter().filter(|(_, n)| *n <= max_nodes) {
            assert_eq!(
                perft(&mut board, depth, PerftMode::Bulk),
                expected,
                "{id} perft {depth}"
            );
            checked += 1;
        }
        checked
    }

    fn castles(fen: &str) -> Vec<String> {
        let board = ReferenceBoard::from_fen(fen).unwrap();
        board
            .legal_moves()
            .iter()
            .filter(|mv| mv.is_castle())
            .map(|&mv| board.move_text(mv, true))
            .collect()
    }

    #[test]
    fn a_castling_rook_that_shields_its_king_from_a_back_rank_attacker() {
        // White king d1, rooks b1 and f1, black queen a1, black rook on the e-file: castling
        // queen side would take the b1 rook away and leave the king on c1 facing the queen,
        // and king side crosses e1; no castling is legal.
        assert_eq!(check(TRICKY_SUITE, "xfen-04", 20_000), 3);
        assert!(castles("4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1").is_empty());
        // Without the queen, queen side castling is legal.
        assert_eq!(castles("4r3/3k4/8/8/8/8/6PP/1R1K1R2 w KQ - 0 1"), ["d1b1"]);
    }

    #[test]
    fn a_king_that_shields_its_own_path_is_in_check_and_may_not_castle() {
        // White king d1 castling queen side to c1, black rook on h1: the king itself blocks the
        // rook's ray towards c1, which is no help, since d1 is attacked.
        assert!(castles("4k3/8/8/8/8/8/8/R2K3r w Q - 0 1").is_empty());
        // Without the h1 rook it castles, king to c1 and rook a1 to d1.
        let mut board = ReferenceBoard::from_fen("4k3/8/8/8/8/8/8/R2K4 w Q - 0 1").unwrap();
        let mv = board.parse_move("d1a1", true).unwrap();
        board.make(mv);
        assert_eq!(board.to_fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    }

    #[test]
    fn a_king_that_does_not_move_when_castling() {
        // White king c1, rooks a1 and e1: queen side castling leaves the king on c1.
        assert_eq!(check(TRICKY_SUITE, "xfen-00", 300_000), 4);
        let board = ReferenceBoard::from_setup(&case(TRICKY_SUITE, "xfen-00").setup);
        let mv = board.parse_move("c1a1", true).unwrap();
        assert_eq!((mv.from(), mv.to()), (Square::C1, Square::C1));
        let mut after = board.clone();
        after.make(mv);
        assert!(after
            .to_fen()
            .starts_with("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/2KRR2Q b kq "));
    }

    #[test]
    fn a_rook_that_does_not_move_when_castling() {
        // White king c1, rook f1: king side castling moves only the king, to g1. In the
        // published position the open f-file forbids it (the king would cross f1).
        assert_eq!(check(TRICKY_SUITE, "xfen-01", 600_000), 4);
        assert_eq!(
            castles("r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq - 0 1"),
            ["c1a1"]
        );
        let mut board =
            ReferenceBoard::from_fen("r1k2r1q/p1pppppp/8/8/8/8/P1PPPPPP/R1K2R1Q w KQkq - 0 1")
                .unwrap();
        let mv = board.parse_move("c1f1", true).unwrap();
        assert_eq!((mv.from(), mv.to()), (Square::C1, Square::G1));
        board.make(mv);
        assert_eq!(
            board.to_fen(),
            "r1k2r1q/p1pppppp/8/8/8/8/P1PPPPPP/R4RKQ b kq - 1 1"
        );
    }

    #[test]
    fn the_king_may_land_on_its_rooks_square() {
        // White king e1 castling queen side with the c1 rook: the king lands on c1.
        assert_eq!(check(TRICKY_SUITE, "xfen-02", 200_000), 4);
        assert_eq!(check(TRICKY_SUITE, "xfen-03", 100_000), 4);
    }

    #[test]
    fn the_other_tricky_cases_match() {
        let cases = parse_perft_suite(TRICKY_SUITE).unwrap();
        let mut checked = 0;
        for case in &cases {
            checked += check(TRICKY_SUITE, case.id.as_deref().unwrap(), 20_000);
        }
        assert!(checked >= 35, "{checked}");
    }

    #[test]
    fn chess960_starts_match_in_both_castling_forms() {
        // Every 16th start position to depth 3 on this slow board; the backends run more.
        let cases = parse_perft_suite(CHESS960_SUITE).unwrap();
        let mut checked = 0;
        for case in cases.iter().step_by(16) {
            let xfen = Setup::from_fen(&case.setup.to_fen()).unwrap();
            assert_eq!(xfen, case.setup, "{}", case.fen);
            let mut board = ReferenceBoard::from_setup(&xfen);
            for &(depth, expected) in &case.expected[..3] {
                assert_eq!(
                    perft(&mut board, depth, PerftMode::Bulk),
                    expected,
                    "{}",
                    case.fen
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 180);
    }
}
