//! Move ordering: which move to try next.
//!
//! Alpha-beta prunes most when the best move comes first. The order is: the move the
//! transposition table remembers, then the captures and promotions that do not lose material by
//! static exchange (SEE >= 0) by most valuable victim and least valuable attacker (MVV-LVA),
//! then the two killer moves of the ply (quiet moves that refuted a sibling), then the captures
//! and promotions that lose material (SEE < 0), by MVV-LVA again, and last the other quiet
//! moves by their history score.
//!
//! Losing captures go after the killers and before the other quiet moves. A killer has refuted
//! a sibling and usually refutes here too, so it earns its place before a capture that gives
//! material away. Before the quiet moves, a losing capture still comes early enough for the
//! sacrifices that work (they are captures, never reduced), and the staged picker can hand it
//! out before it generates the quiet moves. Measured on the 24 Bratko-Kopec positions at depth
//! 6, this order searched 448,054 nodes with the tables alone and 417,595 with the full
//! evaluation, against 510,024 and 517,786 with the losing captures after the quiet moves.
//!
//! Whether a capture loses is decided only when the picker reaches it: a capture of a piece
//! worth at least its capturer cannot lose ([`loses_material`]), and the rest ask
//! [`EngineQueries::see`]. The order is the same as if every move's SEE had been known from the start.
//!
//! Every key is `(score, move bits)`: the 16-bit encoding breaks ties, so the order depends only
//! on the position and never on the order in which a backend generated its moves. That is what
//! lets every backend search exactly the same tree, SEE included, since every backend's
//! [`EngineQueries::see`] gives the same answer.

use super::MAX_PLY;
use crate::eval::role_value;
use crate::queries::see_value;
use crate::EngineQueries;
use boardlab_core::{Color, Move, MoveList, Role, MAX_MOVES};

const TABLE_MOVE: i32 = 1 << 30;
/// Captures and promotions not yet known to lose material, above the killers.
const NOISY: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
/// Captures and promotions that lose material, below the killers and above every history
/// score.
const LOSING_NOISY: i32 = 1 << 26;
/// History scores stay below this, so they never reach the losing captures.
const HISTORY_LIMIT: i32 = 1 << 20;

/// What the search learns about quiet moves while it runs: killers per ply and a history score
/// per side, origin and destination.
pub struct Heuristics {
    killers: [[Move; 2]; MAX_PLY + 1],
    history: [[[i32; 64]; 64]; 2],
}

impl Heuristics {
    /// Empty tables.
    pub fn new() -> Heuristics {
        Heuristics {
            killers: [[Move::NULL; 2]; MAX_PLY + 1],
            history: [[[0; 64]; 64]; 2],
        }
    }

    /// Forgets everything, so that each search starts from the same state.
    pub fn clear(&mut self) {
        self.killers = [[Move::NULL; 2]; MAX_PLY + 1];
        self.history = [[[0; 64]; 64]; 2];
    }

    /// Records that the quiet move `mv` refuted the position at `ply`, `depth` plies deep.
    pub fn reward(&mut self, side: Color, mv: Move, ply: usize, depth: i32) {
        self.set_killer(mv, ply);
        let table = &mut self.history[side as usize];
        let entry = &mut table[mv.from() as usize][mv.to() as usize];
        *entry += depth * depth;
        if *entry >= HISTORY_LIMIT {
            // Halving everything keeps the scores bounded and their ratios intact.
            for row in table.iter_mut() {
                for score in row.iter_mut() {
                    *score /= 2;
                }
            }
        }
    }

    /// Makes `mv` the newest killer at `ply`, the previous newest the older one.
    pub fn set_killer(&mut self, mv: Move, ply: usize) {
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != mv {
            killers[1] = killers[0];
            killers[0] = mv;
        }
    }

    /// The two killers at `ply`, the most recent first ([`Move::NULL`] where none is known).
    #[inline]
    pub fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply.min(MAX_PLY)]
    }

    /// Whether `mv` is one of the killers at `ply`.
    #[inline]
    pub fn is_killer(&self, mv: Move, ply: usize) -> bool {
        self.killers[ply.min(MAX_PLY)].contains(&mv)
    }

    /// The ordering score of `mv` on `board` at `ply`, with `table_move` first.
    #[inline]
    fn score<B: EngineQueries>(&self, board: &B, mv: Move, table_move: Move, ply: usize) -> i32 {
        if mv == table_move {
            return TABLE_MOVE;
        }
        if mv.is_noisy() {
            return NOISY + noisy_score(board, mv);
        }
        let killers = &self.killers[ply.min(MAX_PLY)];
        if mv == killers[0] {
            KILLER + 1
        } else if mv == killers[1] {
            KILLER
        } else {
            self.history[board.side_to_move() as usize][mv.from() as usize][mv.to() as usize]
        }
    }
}

impl Default for Heuristics {
    fn default() -> Heuristics {
        Heuristics::new()
    }
}

/// MVV-LVA for a capture or promotion: the victim's value dominates, the attacker's breaks ties
/// (a pawn taking a queen before a queen taking a queen), and a promotion adds the new piece.
#[inline]
pub fn noisy_score<B: EngineQueries>(board: &B, mv: Move) -> i32 {
    let victim = if mv.is_en_passant() {
        role_value(Role::Pawn)
    } else {
        board
            .piece_at(mv.to())
            .map_or(0, |piece| role_value(piece.role))
    };
    let attacker = board
        .piece_at(mv.from())
        .map_or(0, |piece| piece.role as i32);
    let promotion = mv.promotion().map_or(0, role_value);
    (victim + promotion) * 8 - attacker
}

/// The order key of a capture or promotion among the noisy moves: MVV-LVA, then the move bits.
#[inline]
pub fn noisy_key<B: EngineQueries>(board: &B, mv: Move) -> i64 {
    order_key(noisy_score(board, mv), mv)
}

/// Whether the capture or promotion `mv` loses material by static exchange
/// ([`EngineQueries::see`] below zero).
///
/// A capture of a piece worth at least its capturer cannot lose: the side that captured may
/// stop after the first recapture, so the exchange is worth at least the victim less the
/// capturer. That holds for a capture that promotes too (the victim less a pawn), but not where
/// the opponent may recapture with a pawn that promotes (the target on its last rank), which
/// gains a queen less a pawn besides. Those, quiet promotions and the rest ask the board.
#[inline]
pub fn loses_material<B: EngineQueries>(board: &B, mv: Move) -> bool {
    let Some(mover) = board.piece_at(mv.from()) else {
        return false;
    };
    let victim = if mv.is_en_passant() {
        Some(Role::Pawn)
    } else {
        board.piece_at(mv.to()).map(|piece| piece.role)
    };
    let enemy_promotes_here = mv.to().rank().index()
        == match mover.color {
            Color::White => 0,
            Color::Black => 7,
        };
    match victim {
        Some(victim)
            if !enemy_promotes_here
                && mover.role != Role::King
                && see_value(victim) >= see_value(mover.role) =>
        {
            false
        }
        _ => board.see(mv) < 0,
    }
}

/// The order key of a quiet move among the quiet moves of `side`: history, then the move bits.
#[inline]
pub fn quiet_key(heuristics: &Heuristics, side: Color, mv: Move) -> i64 {
    order_key(
        heuristics.history[side as usize][mv.from() as usize][mv.to() as usize],
        mv,
    )
}

/// Hands out a move list best first by selection: the search often stops after a move or two,
/// so sorting the rest would be wasted.
pub struct MovePicker {
    moves: MoveList,
    keys: [i64; MAX_MOVES],
    next: usize,
    /// The moves handed out and then put aside ([`set_aside_last`](Self::set_aside_last)) are
    /// the first this many of the list, in the order they were put aside.
    aside: usize,
}

impl MovePicker {
    /// Orders `moves` for the node at `ply` with the search's heuristics. Hand them out with
    /// [`next_move`](Self::next_move), which puts the captures that lose material in their
    /// place.
    #[inline]
    pub fn new<B: EngineQueries>(
        board: &B,
        moves: MoveList,
        table_move: Move,
        ply: usize,
        heuristics: &Heuristics,
    ) -> MovePicker {
        MovePicker::keyed(moves, |mv| {
            order_key(heuristics.score(board, mv, table_move, ply), mv)
        })
    }

    /// Orders captures and promotions for quiescence search by MVV-LVA.
    #[inline]
    pub fn noisy<B: EngineQueries>(board: &B, moves: MoveList) -> MovePicker {
        MovePicker::keyed(moves, |mv| {
            let score = if mv.is_noisy() {
                NOISY + noisy_score(board, mv)
            } else {
                0
            };
            order_key(score, mv)
        })
    }

    /// The next move in the search's order on `board`, which must be the board the picker was
    /// made for: the highest key first, except that a capture or promotion keyed as not losing
    /// is looked at with [`loses_material`] when it comes up, and if it loses, keyed again
    /// below the killers and looked for anew.
    #[inline]
    pub fn next_move<B: EngineQueries>(&mut self, board: &B) -> Option<Move> {
        loop {
            let best = self.best_index()?;
            let key = self.keys[best];
            let mv = self.moves[best];
            let score = key >> 16;
            if (i64::from(NOISY)..i64::from(TABLE_MOVE)).contains(&score)
                && loses_material(board, mv)
            {
                self.keys[best] = order_key(LOSING_NOISY + noisy_score(board, mv), mv);
                continue;
            }
            return Some(self.take(best));
        }
    }

    /// The index of the highest key not yet handed out.
    #[inline]
    fn best_index(&self) -> Option<usize> {
        let len = self.moves.len();
        if self.next >= len {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..len {
            if self.keys[i] > self.keys[best] {
                best = i;
            }
        }
        Some(best)
    }

    /// Hands out the move at `index`, moving it to the front of the moves not yet handed out.
    #[inline]
    fn take(&mut self, index: usize) -> Move {
        self.keys.swap(self.next, index);
        self.moves.swap(self.next, index);
        let mv = self.moves[self.next];
        self.next += 1;
        mv
    }

    /// Hands out `moves` by `key`, the highest first.
    #[inline]
    fn keyed(moves: MoveList, key: impl FnMut(Move) -> i64) -> MovePicker {
        let mut picker = MovePicker::empty();
        picker.refill(|list| *list = moves, key);
        picker
    }

    /// A picker with nothing to hand out.
    pub(super) fn empty() -> MovePicker {
        MovePicker {
            moves: MoveList::new(),
            keys: [0; MAX_MOVES],
            next: 0,
            aside: 0,
        }
    }

    /// Starts over with the moves `fill` writes into the list, handed out by `key`, the
    /// highest first. The staged picker fills one picker stage after stage this way.
    #[inline]
    pub(super) fn refill(
        &mut self,
        fill: impl FnOnce(&mut MoveList),
        mut key: impl FnMut(Move) -> i64,
    ) {
        fill(&mut self.moves);
        for (slot, &mv) in self.keys.iter_mut().zip(self.moves.iter()) {
            *slot = key(mv);
        }
        self.next = 0;
        self.aside = 0;
    }

    /// Puts the move handed out last aside, for later. The moves handed out sit at the front
    /// of the list and are never looked at again, so the ones put aside are kept there, in
    /// order, with no list of their own.
    #[inline]
    pub(super) fn set_aside_last(&mut self) {
        if self.next > self.aside {
            self.moves.swap(self.aside, self.next - 1);
            self.keys.swap(self.aside, self.next - 1);
            self.aside += 1;
        }
    }

    /// The moves put aside since the last refill, in the order they were put aside.
    #[inline]
    pub(super) fn set_aside(&self) -> &[Move] {
        &self.moves[..self.aside]
    }
}

impl Iterator for MovePicker {
    type Item = Move;

    /// The next move by key alone, the highest first.
    #[inline]
    fn next(&mut self) -> Option<Move> {
        let best = self.best_index()?;
        Some(self.take(best))
    }
}

/// The total order key: score first, then the move's bits (unique within a position).
#[inline]
fn order_key(score: i32, mv: Move) -> i64 {
    (i64::from(score) << 16) | i64::from(mv.bits())
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
    use boardlab_core::{Board, BoardExt, GenKind, Setup};
    use boardlab_reference::ReferenceBoard;

    /// Every move `picker` hands out in the search's order on `board`.
    fn in_order(board: &ReferenceBoard, mut picker: MovePicker) -> Vec<String> {
        std::iter::from_fn(|| picker.next_move(board))
            .map(|mv| mv.to_string())
            .collect()
    }

    #[test]
    fn the_order_does_not_depend_on_generation_order() {
        let board = ReferenceBoard::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let moves = board.legal_moves();
        let mut reversed = MoveList::new();
        reversed.extend(moves.iter().rev().copied());
        let heuristics = Heuristics::new();
        let forward = in_order(
            &board,
            MovePicker::new(&board, moves, Move::NULL, 0, &heuristics),
        );
        let backward = in_order(
            &board,
            MovePicker::new(&board, reversed, Move::NULL, 0, &heuristics),
        );
        assert_eq!(forward, backward);
        assert_eq!(forward.len(), 48);
    }

    #[test]
    fn table_move_then_captures_by_victim_then_killers() {
        // White can take the queen on d5 with a pawn or the rook, or the knight on f6 by rook.
        let board = ReferenceBoard::from_fen("4k3/8/5n2/3q4/4P3/8/8/3RK2R w - - 0 1").unwrap();
        let mut heuristics = Heuristics::new();
        let table_move = board.parse_uci_move("h1h2").unwrap();
        let killer = board.parse_uci_move("e1f2").unwrap();
        heuristics.reward(Color::White, killer, 3, 4);
        let order = in_order(
            &board,
            MovePicker::new(&board, board.legal_moves(), table_move, 3, &heuristics),
        );
        assert_eq!(&order[..4], ["h1h2", "e4d5", "d1d5", "e1f2"]);
    }

    #[test]
    fn losing_captures_come_after_the_killers_and_before_the_quiet_moves() {
        // The queen can take three pawns, all alike to MVV-LVA: a4, which nothing guards
        // (SEE 100), d5, which e6 guards, and h5, which g6 guards (each 100 - 900 = -800).
        // Qxa4 comes first, then the killer, then the two losing captures by their bits, then
        // the quiet moves.
        let board = ReferenceBoard::from_fen("1k6/8/4p1p1/3p3p/p7/8/8/3QK3 w - - 0 1").unwrap();
        let mut heuristics = Heuristics::new();
        let killer = board.parse_uci_move("e1f2").unwrap();
        heuristics.reward(Color::White, killer, 0, 4);
        let order = in_order(
            &board,
            MovePicker::new(&board, board.legal_moves(), Move::NULL, 0, &heuristics),
        );
        assert_eq!(&order[..2], ["d1a4", "e1f2"]);
        let mut losing = ["d1d5", "d1h5"].map(|uci| board.parse_uci_move(uci).unwrap());
        losing.sort_by_key(|mv| std::cmp::Reverse(mv.bits()));
        assert_eq!(order[2..4], losing.map(|mv| mv.to_string()));
        let legal = board.legal_moves();
        assert_eq!(order.len(), legal.len());
        let noisy_after = order[4..]
            .iter()
            .filter(|uci| board.parse_uci_move(uci).unwrap().is_noisy())
            .count();
        assert_eq!(noisy_after, 0, "{order:?}");
    }

    #[test]
    fn the_quick_test_for_losing_material_agrees_with_the_exchange() {
        // On the standard positions and every position one move from them: each capture and
        // promotion the quick test calls losing has a negative SEE, and each it lets through
        // has none. The last position has the one capture of an equal piece that loses: Rxd1
        // exd1=Q, 500 - (500 + 800) = -800.
        let (mut losing, mut kept) = (0, 0);
        let mut setups: Vec<_> = parse_perft_suite(STANDARD_SUITE)
            .unwrap()
            .into_iter()
            .map(|case| case.setup)
            .collect();
        let promoting_recapture = "4k3/8/8/8/8/8/4p3/2Rr3K w - - 0 1";
        setups.push(Setup::from_fen(promoting_recapture).unwrap());
        for setup in &setups {
            let mut root = ReferenceBoard::from_setup(setup);
            let mut boards = vec![root.clone()];
            for &mv in root.clone().legal_moves().iter() {
                root.make(mv);
                boards.push(root.clone());
                root.unmake(mv, ());
            }
            for board in &boards {
                let mut noisy = MoveList::new();
                board.generate(GenKind::Noisy, &mut noisy);
                for &mv in noisy.iter() {
                    let see = board.see(mv);
                    assert_eq!(
                        loses_material(board, mv),
                        see < 0,
                        "{mv} (SEE {see}) on {}",
                        board.to_fen()
                    );
                    if see < 0 {
                        losing += 1;
                    } else {
                        kept += 1;
                    }
                }
            }
        }
        assert!(losing > 300 && kept > 500, "{losing} losing, {kept} kept");
        let board = ReferenceBoard::from_fen(promoting_recapture).unwrap();
        let rook_takes_rook = board.parse_uci_move("c1d1").unwrap();
        assert_eq!(board.see(rook_takes_rook), -800);
        assert!(loses_material(&board, rook_takes_rook));
    }
}
