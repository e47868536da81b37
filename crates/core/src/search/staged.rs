//! Staged move generation: a node's moves are generated a kind at a time, only when the search
//! gets that far.
//!
//! Most nodes that fail high do so on their first or second move: the hash move, or a good
//! capture. Generating every legal move before trying the first one wastes the generation of the
//! moves that are never tried. The [`StagedPicker`] hands the moves out in the same order as the
//! whole-list [`MovePicker`](super::ordering::MovePicker), but in four stages:
//!
//! 1. the hash move, after a direct legality test on the board ([`is_legal_move`]), before
//!    anything is generated;
//! 2. captures and promotions ([`GenKind::Noisy`]) by MVV-LVA, generated on reaching the stage;
//!    those that lose material by static exchange are put aside as they come up;
//! 3. the ply's two killers, each tested directly like the hash move, still before any quiet
//!    move is generated;
//! 4. the captures and promotions put aside, in the order they came up;
//! 5. the other quiet moves ([`GenKind::Quiet`]) by history, generated only now.
//!
//! That is the order of the whole-list picker (see `ordering.rs` for why losing captures sit
//! between the killers and the quiet moves), so both pickers visit exactly the same tree and
//! the difference between them is the generation work alone.

use super::ordering::{loses_material, noisy_key, quiet_key, Heuristics, MovePicker};
use crate::{Board, CastlingSide, Color, GenKind, Move, MoveFlag, Role, Square};

/// Whether `mv` is a legal move on `board`, decided without generating any moves: the move
/// must be one the rules allow the piece on its origin square (flag included, so that the move
/// equals the one [`Board::generate`] would produce), and must not leave the mover's king
/// attacked, which is tested by playing it and taking it back. Any 16-bit value is accepted,
/// so a move remembered from another position (a hash move, a killer) can be checked.
///
/// The board is left as it was given.
///
/// # Examples
///
/// ```
/// use boardlab_core::{is_legal_move, Board, Move, MoveFlag, ReferenceBoard, Square};
/// // The bishop on d2 is pinned by the bishop on b4.
/// let mut board = ReferenceBoard::from_fen("4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1").unwrap();
/// assert!(is_legal_move(&mut board, Move::new(Square::D2, Square::C3, MoveFlag::Quiet)));
/// assert!(!is_legal_move(&mut board, Move::new(Square::D2, Square::E3, MoveFlag::Quiet)));
/// assert!(is_legal_move(&mut board, Move::new(Square::D2, Square::B4, MoveFlag::Capture)));
/// // The right squares but the wrong flag: d2b4 takes a piece.
/// assert!(!is_legal_move(&mut board, Move::new(Square::D2, Square::B4, MoveFlag::Quiet)));
/// ```
pub fn is_legal_move<B: Board>(board: &mut B, mv: Move) -> bool {
    if !is_pseudo_legal(board, mv) {
        return false;
    }
    if mv.is_castle() {
        // `is_pseudo_legal` has already checked every square the king stands on or crosses.
        return true;
    }
    let us = board.side_to_move();
    let undo = board.make(mv);
    let king_safe = !board.is_attacked(board.king_square(us), !us);
    board.unmake(mv, undo);
    king_safe
}

/// Whether the piece on `mv`'s origin may make `mv` by the way it moves, with the flag the
/// generators would give it; castling is checked in full here.
fn is_pseudo_legal<B: Board>(board: &B, mv: Move) -> bool {
    let (from, to) = (mv.from(), mv.to());
    if from == to {
        return false;
    }
    let us = board.side_to_move();
    let Some(piece) = board.piece_at(from) else {
        return false;
    };
    if piece.color != us {
        return false;
    }
    // The capture bit must say what stands on the destination; en passant lands on an empty
    // square.
    match board.piece_at(to) {
        Some(target) => {
            if target.color == us
                || target.role == Role::King
                || !mv.is_capture()
                || mv.is_en_passant()
            {
                return false;
            }
        }
        None => {
            if mv.is_capture() && !mv.is_en_passant() {
                return false;
            }
        }
    }
    let file_step = to.file().index() as i8 - from.file().index() as i8;
    let rank_step = to.rank().index() as i8 - from.rank().index() as i8;
    if piece.role == Role::Pawn {
        return is_pawn_move(board, mv, us, file_step, rank_step);
    }
    if mv.is_promotion() || mv.is_en_passant() || mv.is_double_push() {
        return false;
    }
    if mv.is_castle() {
        let side = if mv.flag() == MoveFlag::KingCastle {
            CastlingSide::King
        } else {
            CastlingSide::Queen
        };
        return piece.role == Role::King && can_castle(board, us, side, from, to);
    }
    let (file_distance, rank_distance) = (file_step.abs(), rank_step.abs());
    match piece.role {
        Role::Knight => file_distance * rank_distance == 2,
        Role::King => file_distance.max(rank_distance) == 1,
        Role::Bishop => file_distance == rank_distance && path_is_clear(board, from, to),
        Role::Rook => (file_step == 0 || rank_step == 0) && path_is_clear(board, from, to),
        Role::Queen => {
            (file_distance == rank_distance || file_step == 0 || rank_step == 0)
                && path_is_clear(board, from, to)
        }
        Role::Pawn => unreachable!("pawns are handled above"),
    }
}

/// A pawn's move: one step forward to an empty square, two from its home rank over an empty
/// square, or one diagonal step onto a piece or the en-passant square; promoting exactly when it
/// reaches the last rank.
fn is_pawn_move<B: Board>(board: &B, mv: Move, us: Color, file_step: i8, rank_step: i8) -> bool {
    let (forward, home_rank, last_rank) = match us {
        Color::White => (1, 1, 7),
        Color::Black => (-1, 6, 0),
    };
    if mv.is_promotion() != (mv.to().rank().index() == last_rank) {
        return false;
    }
    match mv.flag() {
        MoveFlag::DoublePush => {
            file_step == 0
                && rank_step == 2 * forward
                && mv.from().rank().index() == home_rank
                && mv
                    .from()
                    .offset(0, forward)
                    .is_some_and(|middle| board.piece_at(middle).is_none())
        }
        MoveFlag::EnPassant => {
            file_step.abs() == 1 && rank_step == forward && board.ep_square() == Some(mv.to())
        }
        MoveFlag::KingCastle | MoveFlag::QueenCastle => false,
        // A capture (promoting or not): the destination's piece was checked by the caller.
        _ if mv.is_capture() => file_step.abs() == 1 && rank_step == forward,
        // A single step (promoting or not) onto a square the caller found empty.
        _ => file_step == 0 && rank_step == forward,
    }
}

/// Whether every square strictly between `from` and `to`, on a line or diagonal, is empty.
fn path_is_clear<B: Board>(board: &B, from: Square, to: Square) -> bool {
    let file_step = (to.file().index() as i8 - from.file().index() as i8).signum();
    let rank_step = (to.rank().index() as i8 - from.rank().index() as i8).signum();
    let mut square = from;
    while let Some(next) = square.offset(file_step, rank_step) {
        if next == to {
            return true;
        }
        if board.piece_at(next).is_some() {
            return false;
        }
        square = next;
    }
    false
}

/// Castling by the rules: the right is held, king and rook are at home, the squares between them
/// are empty and the king neither stands on, crosses nor lands on an attacked square.
fn can_castle<B: Board>(
    board: &B,
    us: Color,
    side: CastlingSide,
    from: Square,
    to: Square,
) -> bool {
    let rook = board.piece_at(side.rook_from(us));
    from == CastlingSide::king_from(us)
        && to == side.king_to(us)
        && board.castling().has(us, side)
        && rook.is_some_and(|rook| rook.color == us && rook.role == Role::Rook)
        && side
            .empty_squares(us)
            .iter()
            .all(|&square| board.piece_at(square).is_none())
        && side
            .king_path(us)
            .iter()
            .all(|&square| !board.is_attacked(square, !us))
}

/// How often a search called [`Board::generate`], by kind: what staged generation saves is
/// read off these.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GenerationCounts {
    /// Calls for every legal move ([`GenKind::All`]).
    pub all: u64,
    /// Calls for captures and promotions ([`GenKind::Noisy`]).
    pub noisy: u64,
    /// Calls for quiet moves ([`GenKind::Quiet`]).
    pub quiet: u64,
}

impl GenerationCounts {
    /// All calls of every kind.
    pub fn total(&self) -> u64 {
        self.all + self.noisy + self.quiet
    }
}

/// Where a [`StagedPicker`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    TableMove,
    GenerateNoisy,
    Noisy,
    Killers,
    LosingNoisy,
    GenerateQuiet,
    Quiet,
    Done,
}

/// Hands out a node's legal moves in the search's order, generating each kind only when its
/// stage is reached (see the module docs).
///
/// It borrows nothing: the search plays each move between two calls of [`next`](Self::next),
/// so the board and the heuristics come in with every call.
pub struct StagedPicker {
    stage: Stage,
    table_move: Move,
    ply: usize,
    /// The killers already handed out, so the quiet stage skips them.
    killers_played: [Move; 2],
    killer_index: usize,
    /// How many of the captures and promotions put aside (kept at the front of the picker's
    /// list until the quiet moves replace them) have been handed out.
    losing_index: usize,
    /// The current stage's moves, best first.
    picker: MovePicker,
}

impl StagedPicker {
    /// A picker for the node at `ply` whose transposition-table move is `table_move`
    /// ([`Move::NULL`] for none; it may be any move, legal here or not).
    pub fn new(table_move: Move, ply: usize) -> StagedPicker {
        StagedPicker {
            stage: Stage::TableMove,
            table_move,
            ply,
            killers_played: [Move::NULL; 2],
            killer_index: 0,
            losing_index: 0,
            picker: MovePicker::empty(),
        }
    }

    /// The next move to search, or `None` when every legal move has been handed out. Each
    /// generation is added to `counts`.
    pub fn next<B: Board>(
        &mut self,
        board: &mut B,
        heuristics: &Heuristics,
        counts: &mut GenerationCounts,
    ) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TableMove => {
                    self.stage = Stage::GenerateNoisy;
                    if self.table_move != Move::NULL && is_legal_move(board, self.table_move) {
                        return Some(self.table_move);
                    }
                    // A move that is not legal here must not be skipped in the later stages
                    // as if it had been searched.
                    self.table_move = Move::NULL;
                }
                Stage::GenerateNoisy => {
                    let board = &*board;
                    self.picker.refill(
                        |list| board.generate(GenKind::Noisy, list),
                        |mv| noisy_key(board, mv),
                    );
                    counts.noisy += 1;
                    self.stage = Stage::Noisy;
                }
                Stage::Noisy => match self.select() {
                    Some(mv) if loses_material(board, mv) => self.picker.set_aside_last(),
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::Killers,
                },
                Stage::Killers => {
                    let killers = heuristics.killers(self.ply);
                    while let Some(&killer) = killers.get(self.killer_index) {
                        self.killer_index += 1;
                        if killer != Move::NULL
                            && killer != self.table_move
                            && !killer.is_noisy()
                            && !self.killers_played.contains(&killer)
                            && is_legal_move(board, killer)
                        {
                            self.killers_played[self.killer_index - 1] = killer;
                            return Some(killer);
                        }
                    }
                    self.stage = Stage::LosingNoisy;
                }
                Stage::LosingNoisy => match self.picker.set_aside().get(self.losing_index) {
                    Some(&mv) => {
                        self.losing_index += 1;
                        return Some(mv);
                    }
                    None => self.stage = Stage::GenerateQuiet,
                },
                Stage::GenerateQuiet => {
                    let side = board.side_to_move();
                    let board = &*board;
                    self.picker.refill(
                        |list| board.generate(GenKind::Quiet, list),
                        |mv| quiet_key(heuristics, side, mv),
                    );
                    counts.quiet += 1;
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => match self.select() {
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }

    /// The best-keyed move of the current list not yet handed out, skipping the moves an
    /// earlier stage gave.
    fn select(&mut self) -> Option<Move> {
        let (table_move, killers_played) = (self.table_move, self.killers_played);
        self.picker
            .by_ref()
            .find(|&mv| mv != table_move && !killers_played.contains(&mv))
    }
}

/// The first `take` moves the search's staged picker hands out on `board`, for a node whose hash
/// move is `table_move` and whose killers are `killers` (the most recent first; any moves, legal
/// here or not, [`Move::NULL`] for none), with empty history; and the generations that took.
///
/// It shows the staging from outside: `take = 1` with a legal hash move generates nothing.
///
/// # Examples
///
/// ```
/// use boardlab_core::{staged_order, Board, Move, ReferenceBoard};
/// let mut board = ReferenceBoard::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
/// let push = board.parse_uci_move("e4e5").unwrap();
/// let (first, counts) = staged_order(&mut board, push, [Move::NULL; 2], 1);
/// assert_eq!(first, [push]);
/// assert_eq!(counts.total(), 0);
/// let (all, counts) = staged_order(&mut board, push, [Move::NULL; 2], usize::MAX);
/// let names: Vec<String> = all.iter().map(|mv| mv.to_string()).collect();
/// assert_eq!(names[..2], ["e4e5", "e4d5"]);
/// assert_eq!(all.len(), board.legal_moves().len());
/// assert_eq!((counts.noisy, counts.quiet), (1, 1));
/// ```
pub fn staged_order<B: Board>(
    board: &mut B,
    table_move: Move,
    killers: [Move; 2],
    take: usize,
) -> (Vec<Move>, GenerationCounts) {
    let mut heuristics = Heuristics::new();
    // Killers are recorded most recent first, so the older one goes in first.
    for killer in killers.into_iter().rev().filter(|&mv| mv != Move::NULL) {
        heuristics.set_killer(killer, 0);
    }
    let mut counts = GenerationCounts::default();
    let mut picker = StagedPicker::new(table_move, 0);
    let mut moves = Vec::new();
    while moves.len() < take {
        match picker.next(board, &heuristics, &mut counts) {
            Some(mv) => moves.push(mv),
            None => break,
        }
    }
    (moves, counts)
}
