//! Move ordering: which move to try next.
//!
//! Alpha-beta prunes most when the best move comes first. The order is: the move the
//! transposition table remembers, then captures and promotions by most valuable victim and least
//! valuable attacker (MVV-LVA), then the two killer moves of the ply (quiet moves that refuted a
//! sibling), then the other quiet moves by their history score.
//!
//! Every key is `(score, move bits)`: the 16-bit encoding breaks ties, so the order depends only
//! on the position and never on the order in which a backend generated its moves. That is what
//! lets every backend search exactly the same tree.

use super::eval::role_value;
use super::MAX_PLY;
use crate::{Board, Color, Move, MoveList, Role, MAX_MOVES};

const TABLE_MOVE: i32 = 1 << 30;
const NOISY: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
/// History scores stay below this, so they never reach the killers.
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
    fn score<B: Board>(&self, board: &B, mv: Move, table_move: Move, ply: usize) -> i32 {
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
pub fn noisy_score<B: Board>(board: &B, mv: Move) -> i32 {
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
pub fn noisy_key<B: Board>(board: &B, mv: Move) -> i64 {
    order_key(noisy_score(board, mv), mv)
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
}

impl MovePicker {
    /// Orders `moves` for the node at `ply` with the search's heuristics.
    #[inline]
    pub fn new<B: Board>(
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
    pub fn noisy<B: Board>(board: &B, moves: MoveList) -> MovePicker {
        MovePicker::keyed(moves, |mv| {
            let score = if mv.is_noisy() {
                NOISY + noisy_score(board, mv)
            } else {
                0
            };
            order_key(score, mv)
        })
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
    }
}

impl Iterator for MovePicker {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
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
        self.keys.swap(self.next, best);
        self.moves.swap(self.next, best);
        let mv = self.moves[self.next];
        self.next += 1;
        Some(mv)
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
    use crate::ReferenceBoard;

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
        let forward: Vec<Move> =
            MovePicker::new(&board, moves, Move::NULL, 0, &heuristics).collect();
        let backward: Vec<Move> =
            MovePicker::new(&board, reversed, Move::NULL, 0, &heuristics).collect();
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
        heuristics.reward(crate::Color::White, killer, 3, 4);
        let order: Vec<String> =
            MovePicker::new(&board, board.legal_moves(), table_move, 3, &heuristics)
                .map(|mv| mv.to_string())
                .collect();
        assert_eq!(&order[..4], ["h1h2", "e4d5", "d1d5", "e1f2"]);
    }
}
