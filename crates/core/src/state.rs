//! The part of a position that is not its pieces, kept in one record by every backend.

use crate::{CastlingRights, Color, Piece, Setup, Square, Zobrist};

/// Everything about a position but where its pieces stand: the side to move, the castling
/// rights, the en-passant square, the two clocks and the incremental hash.
///
/// Every backend keeps one beside its own piece placement. `make` saves it whole in its undo
/// record and `unmake` copies it back, so none of these fields is ever worked out backwards.
/// The methods below are the steps every make and null move takes with it, in one place:
///
/// 1. [`start_move`](PositionState::start_move): the old en-passant square goes (and its share
///    of the hash), the side to move's share of the hash flips, the half-move clock counts on;
/// 2. while the pieces move: [`move_piece`](PositionState::move_piece),
///    [`toggle_piece`](PositionState::toggle_piece) for the hash,
///    [`reset_halfmove_clock`](PositionState::reset_halfmove_clock) on a capture or a pawn
///    move, [`set_en_passant`](PositionState::set_en_passant) after a double push that an
///    enemy pawn could take, [`set_castling`](PositionState::set_castling) when a right is lost
///    (or [`set_castling_with_key`](PositionState::set_castling_with_key), given the change
///    to the hash);
/// 3. [`finish_move`](PositionState::finish_move): the other side is to move.
///
/// Steps 1 and 3, and setting the en-passant square, also come in a deferred form
/// ([`start_move_deferred`](PositionState::start_move_deferred),
/// [`set_en_passant_deferred`](PositionState::set_en_passant_deferred),
/// [`finish_move_with`](PositionState::finish_move_with)): each returns its change to the hash
/// instead of applying it, the caller XORs the move's changes together, and the last step
/// applies the total once. The in-place steps are those written on top of the deferred ones,
/// so both forms do the same thing.
///
/// A null move is [`pass`](PositionState::pass): steps 1 and 3 with nothing in between.
///
/// ```
/// use boardlab_core::{PositionState, Setup, Zobrist};
///
/// let setup = Setup::start();
/// let mut state = PositionState::of(&setup);
/// let saved = state;
/// state.pass();
/// let mut passed = setup.clone();
/// passed.play_null();
/// assert_eq!(state, PositionState::of(&passed));
/// assert_eq!(state.zobrist, Zobrist::of(&passed));
/// state = saved; // what unmake does
/// assert_eq!(state, PositionState::of(&setup));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PositionState {
    /// The position's Polyglot hash, kept up to date move by move.
    pub zobrist: Zobrist,
    /// Half-moves since the last capture or pawn move (the fifty-move rule counts these).
    pub halfmove_clock: u32,
    /// The full-move number, which goes up after each move of Black.
    pub fullmove_number: u32,
    /// The castling rights still held.
    pub castling: CastlingRights,
    /// The en-passant square, set only when an enemy pawn stands beside the pawn that just
    /// moved two squares (the rule of [`Setup`]).
    pub ep_square: Option<Square>,
    /// The side to move.
    pub turn: Color,
}

impl PositionState {
    /// The state of `setup`, whose en-passant square follows the rule of [`Setup`] (as every
    /// setup from [`Setup::from_fen`] and from play does).
    pub fn of(setup: &Setup) -> PositionState {
        PositionState {
            zobrist: Zobrist::of(setup),
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number,
            castling: setup.castling,
            ep_square: setup.ep_square,
            turn: setup.turn,
        }
    }

    /// Writes the state into `setup`, whose pieces the caller places.
    pub fn write_to(&self, setup: &mut Setup) {
        setup.turn = self.turn;
        setup.castling = self.castling;
        setup.ep_square = self.ep_square;
        setup.halfmove_clock = self.halfmove_clock;
        setup.fullmove_number = self.fullmove_number;
    }

    /// The first step of every move: the en-passant square is cleared, the hash no longer
    /// names it or the side that was to move, and the half-move clock counts on (a capture or
    /// pawn move resets it later in the move).
    #[inline(always)]
    pub fn start_move(&mut self) {
        let change = self.start_move_deferred();
        self.zobrist ^= change;
    }

    /// [`start_move`](PositionState::start_move) with its change to the hash returned rather
    /// than applied: the caller gathers the move's changes (XOR them) in a local and hands the
    /// total to [`finish_move_with`](PositionState::finish_move_with), which applies it once.
    ///
    /// This is for the hot make of a fast board. The in-place steps read the hash at the start
    /// of the move, from the record `unmake` has just stored whole, and store it again at each
    /// step; with the changes gathered, the hash is read and written once, at the end. Its
    /// instruction counts are in the performance log's round-three table (full-make -0.1% for
    /// the bitboard backends, -1.7% and -2.4% for 0x88 and the mailbox); its effect on time was
    /// not measured on its own.
    #[inline(always)]
    #[must_use = "the change to the hash goes to `finish_move_with`"]
    pub fn start_move_deferred(&mut self) -> Zobrist {
        let mut change = Zobrist::white_to_move();
        if let Some(ep) = self.ep_square.take() {
            change ^= Zobrist::en_passant(ep.file());
        }
        self.halfmove_clock = self.halfmove_clock.wrapping_add(1);
        change
    }

    /// The hash after `piece` moves from `from` to `to`.
    #[inline(always)]
    pub fn move_piece(&mut self, piece: Piece, from: Square, to: Square) {
        self.zobrist ^= Zobrist::piece(piece, from) ^ Zobrist::piece(piece, to);
    }

    /// The hash after `piece` appears on or leaves `sq`.
    #[inline(always)]
    pub fn toggle_piece(&mut self, piece: Piece, sq: Square) {
        self.zobrist ^= Zobrist::piece(piece, sq);
    }

    /// A capture or a pawn move: the fifty-move count starts again.
    #[inline(always)]
    pub fn reset_halfmove_clock(&mut self) {
        self.halfmove_clock = 0;
    }

    /// After a double push that an enemy pawn beside it could capture en passant: `sq` is the
    /// square the pawn passed over. Called after [`start_move`](PositionState::start_move),
    /// which cleared the old square.
    #[inline(always)]
    pub fn set_en_passant(&mut self, sq: Square) {
        let change = self.set_en_passant_deferred(sq);
        self.zobrist ^= change;
    }

    /// [`set_en_passant`](PositionState::set_en_passant) with its change to the hash returned
    /// for the caller to gather (see
    /// [`start_move_deferred`](PositionState::start_move_deferred)).
    #[inline(always)]
    #[must_use = "the change to the hash goes to `finish_move_with`"]
    pub fn set_en_passant_deferred(&mut self, sq: Square) -> Zobrist {
        self.ep_square = Some(sq);
        Zobrist::en_passant(sq.file())
    }

    /// The rights become `rights`, and the hash with them.
    #[inline(always)]
    pub fn set_castling(&mut self, rights: CastlingRights) {
        if rights != self.castling {
            self.zobrist ^= Zobrist::castling(self.castling) ^ Zobrist::castling(rights);
            self.castling = rights;
        }
    }

    /// The rights become `rights`, and the hash changes by `key_change`, which the caller has
    /// at hand: `Zobrist::castling` of the old rights XOR that of the new. It is
    /// [`set_castling`](PositionState::set_castling) for a backend that keeps those changes in
    /// a table built for the setup's rights, rather than working out the two shares, a loop
    /// over the four rights each, on every move that touches a castling square.
    #[inline(always)]
    pub fn set_castling_with_key(&mut self, rights: CastlingRights, key_change: Zobrist) {
        self.castling = rights;
        self.zobrist ^= key_change;
    }

    /// The last step of every move: the move number goes up after Black's move, and the other
    /// side is to move.
    #[inline(always)]
    pub fn finish_move(&mut self) {
        self.finish_move_with(Zobrist::ZERO);
    }

    /// [`finish_move`](PositionState::finish_move) after the hash takes `change`: every change
    /// the move gathered since [`start_move_deferred`](PositionState::start_move_deferred).
    #[inline(always)]
    pub fn finish_move_with(&mut self, change: Zobrist) {
        self.zobrist ^= change;
        self.fullmove_number = self
            .fullmove_number
            .wrapping_add((self.turn == Color::Black) as u32);
        self.turn = !self.turn;
    }

    /// A null move (for null-move pruning): the turn passes to the other side, with no piece
    /// moved.
    #[inline(always)]
    pub fn pass(&mut self) {
        self.start_move();
        self.finish_move();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Move, MoveFlag, Role, START_FEN};

    /// The steps of a move, taken by hand on a state, give the state of the setup that
    /// [`Setup::play`] reaches.
    #[test]
    fn the_steps_of_a_move_reach_the_played_position() {
        // 1.e4 c5 2.e5 d5: White may take en passant on d6.
        let mut setup = Setup::from_fen(START_FEN).unwrap();
        let mut state = PositionState::of(&setup);
        let plays: [(&str, &str, MoveFlag, Option<&str>); 4] = [
            ("e2", "e4", MoveFlag::DoublePush, None),
            ("c7", "c5", MoveFlag::DoublePush, None),
            ("e4", "e5", MoveFlag::Quiet, None),
            ("d7", "d5", MoveFlag::DoublePush, Some("d6")),
        ];
        for (from, to, flag, ep) in plays {
            let (from, to): (Square, Square) = (from.parse().unwrap(), to.parse().unwrap());
            let pawn = Piece::new(state.turn, Role::Pawn);
            state.start_move();
            state.move_piece(pawn, from, to);
            state.reset_halfmove_clock();
            if let Some(ep) = ep {
                let mut deferred = state;
                let change = deferred.set_en_passant_deferred(ep.parse().unwrap());
                deferred.zobrist ^= change;
                state.set_en_passant(ep.parse().unwrap());
                assert_eq!(deferred, state);
            }
            state.finish_move();
            setup.play(Move::new(from, to, flag));
            assert_eq!(state, PositionState::of(&setup), "after {from}{to}");
        }
        // 3.Ke2: White's rights go, the clock counts on.
        let (e1, e2) = ("e1".parse().unwrap(), "e2".parse().unwrap());
        let saved_before_king_move = state;
        state.start_move();
        state.move_piece(Piece::new(Color::White, Role::King), e1, e2);
        state.set_castling(state.castling.after_move(e1, e2));
        state.finish_move();
        setup.play(Move::new(e1, e2, MoveFlag::Quiet));
        assert_eq!(state, PositionState::of(&setup));
        // The same rights with the hash change given: the same state.
        let mut keyed = saved_before_king_move;
        let rights = keyed.castling.after_move(e1, e2);
        let change = Zobrist::castling(keyed.castling) ^ Zobrist::castling(rights);
        keyed.start_move();
        keyed.move_piece(Piece::new(Color::White, Role::King), e1, e2);
        keyed.set_castling_with_key(rights, change);
        keyed.finish_move();
        assert_eq!(keyed, state);
        // The same move with the hash's changes gathered and applied once: the same state.
        let mut deferred = saved_before_king_move;
        let mut change = deferred.start_move_deferred();
        change ^= Zobrist::piece(Piece::new(Color::White, Role::King), e1)
            ^ Zobrist::piece(Piece::new(Color::White, Role::King), e2);
        let rights = deferred.castling.after_move(e1, e2);
        change ^= Zobrist::castling(deferred.castling) ^ Zobrist::castling(rights);
        deferred.castling = rights;
        deferred.finish_move_with(change);
        assert_eq!(deferred, state);
        assert_eq!(state.halfmove_clock, 1);
        let mut back = Setup::empty();
        state.write_to(&mut back);
        assert_eq!(
            back.to_fen().split(' ').skip(1).collect::<Vec<_>>(),
            ["b", "kq", "-", "1", "3"]
        );
    }
}
