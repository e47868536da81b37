//! The engine queries answered from the lists alone: with no board to walk, every question is
//! put to the (at most 32) entries, and square geometry (files and ranks apart, same rank, file
//! or diagonal) decides it.
//!
//! - **Which piece blocks a line** is one pass over both lists: each entry on a rank, file or
//!   diagonal through the square is a candidate for its direction, and the nearest one wins
//!   ([`Lines`]). This stands in for walking squares, where each step would scan both lists.
//! - **Attackers of a square** start from the entries that could reach it on an empty board,
//!   all sixteen slots of the side's list at once ([`PieceList::reachers`], as the check test
//!   does); a leaper among them attacks, a slider only if it is the nearest piece on its line
//!   once the lifted pieces are skipped.
//! - **Attacks from a square** and **attacked squares** lay out each piece's targets from its
//!   square's coordinates: a leaper's steps that stay on the board, a slider's rays cut at the
//!   nearest piece of each line. Squares attacked twice count once, so attacked squares gather
//!   a set.
//! - **Mobility** needs no set: a slider's count on each line is the distance to the edge, the
//!   nearest enemy (included) or the nearest own piece (excluded), whichever comes first; a
//!   knight's is its jumps on the board less the own pieces a jump away
//!   ([`PieceList::count_knight_jumps`]).
//! - **Pawn structure** reads the pawn entries of both lists.
//! - **SEE** is the generic exchange on this board's attackers. Keeping both sides' attackers
//!   from one capture to the next, as the array boards do, was tried and took about half as
//!   long again over kiwipete's captures: it asks for the second side's attackers before most
//!   exchanges have ended (after a capture or two), and finding the slider behind a piece that
//!   has captured is itself a pass over both lists, as asking again is.
//!
//! # Slower than the generic answer
//!
//! Only the attackers of a square come out faster than the generic answer (about 2.3 times, on
//! kiwipete). Attacks from a square, mobility and attacked squares come out slower, mobility
//! about four times: the generic answer starts by gathering the occupied squares into one
//! 64-bit set, in a single pass over the lists, and then walks each ray one bit test a square.
//! That set is a board, which is what this representation goes without; here every slider pays
//! a pass over all the entries of both lists, with a little geometry on each, to find what
//! blocks its lines. A version that asked all sixteen slots at once for each direction, as
//! [`PieceList::reachers`] does, took nearly twice as long again. Pawn structure is close to
//! the generic answer (about 0.7 of its speed): both read the same list entries and share the
//! one definition of doubled, isolated and passed pawns, which costs the most.
//!
//! Every answer equals the generic one in `boardlab_engine::queries` (the conformance kit checks).

use crate::attacks::{file, rank};
use crate::list::{entries, PieceList};
use crate::movegen::{room, KING_STEPS, KNIGHT_STEPS};
use crate::PieceListBoard;
use boardlab_core::{Bitboard, Color, Role, Square};
use boardlab_engine::queries::pawn_structure_of;
use boardlab_engine::{EngineQueries, PawnStructure};

/// The distance of a line that holds no piece: beyond every square of the board.
const NO_PIECE: i32 = 8;

/// Per direction out of a square, the distance to the nearest piece on that line, or
/// [`NO_PIECE`]. Indexed by [`heading`]; entry 4, no direction, is unused.
type Lines = [i32; 9];

/// The index in [`Lines`] of the direction of a step of `df` files and `dr` ranks.
#[inline]
fn heading(df: i32, dr: i32) -> usize {
    (3 * (df.signum() + 1) + dr.signum() + 1) as usize
}

/// Whether `role` slides along the line of a step of `df` files and `dr` ranks (not both 0).
#[inline]
fn slides_along(role: Role, df: i32, dr: i32) -> bool {
    let straight = df == 0 || dr == 0;
    match role {
        Role::Queen => true,
        Role::Rook => straight,
        Role::Bishop => !straight,
        _ => false,
    }
}

/// The files and ranks from `from` to `to`.
#[inline]
fn apart(from: u8, to: u8) -> (i32, i32) {
    (file(to) - file(from), rank(to) - rank(from))
}

/// Records in `lines` how far the nearest entry of `list` stands from `sq` on each line out of
/// it, the squares on `lifted` skipped.
#[inline]
fn nearest_on_lines(list: &PieceList, sq: u8, lifted: Bitboard, lines: &mut Lines) {
    for index in 0..list.len() {
        let square = list.square(index);
        let (df, dr) = apart(sq, square);
        let on_line = df == 0 || dr == 0 || df.abs() == dr.abs();
        if on_line && square != sq && !lifted.contains(Square::from_index(square)) {
            let distance = &mut lines[heading(df, dr)];
            *distance = (*distance).min(df.abs().max(dr.abs()));
        }
    }
}

/// The squares a leaper on `from` reaches with `steps`, those that stay on the board.
#[inline]
fn leaps(from: u8, steps: &[(i32, i32)]) -> Bitboard {
    let mut targets = Bitboard::EMPTY;
    for &(df, dr) in steps {
        let (f, r) = (file(from) + df, rank(from) + dr);
        // A negative coordinate has high bits set too, so one mask test catches both edges.
        if (f | r) & !7 == 0 {
            targets = targets.with(Square::from_index((r * 8 + f) as u8));
        }
    }
    targets
}

impl PieceListBoard {
    /// The nearest piece of either side on each line out of `sq`, `lifted` skipped.
    #[inline]
    fn lines_from(&self, sq: u8, lifted: Bitboard) -> Lines {
        let mut lines = [NO_PIECE; 9];
        for list in &self.lists {
            nearest_on_lines(list, sq, lifted, &mut lines);
        }
        lines
    }

    /// The squares a `role` of `color` on `from` attacks.
    fn attacks_of(&self, role: Role, color: Color, from: u8) -> Bitboard {
        let ahead = i32::from(color.forward());
        match role {
            Role::Pawn => leaps(from, &[(-1, ahead), (1, ahead)]),
            Role::Knight => leaps(from, &KNIGHT_STEPS),
            Role::King => leaps(from, &KING_STEPS),
            slider => {
                let lines = self.lines_from(from, Bitboard::EMPTY);
                let mut attacks = Bitboard::EMPTY;
                for (df, dr) in KING_STEPS {
                    if !slides_along(slider, df, dr) {
                        continue;
                    }
                    let reach = room(file(from), df)
                        .min(room(rank(from), dr))
                        .min(lines[heading(df, dr)]);
                    let mut sq = i32::from(from);
                    for _ in 0..reach {
                        sq += dr * 8 + df;
                        attacks = attacks.with(Square::from_index(sq as u8));
                    }
                }
                attacks
            }
        }
    }
}

/// The engine queries answered from the lists (see the module docs).
impl EngineQueries for PieceListBoard {
    /// The squares the piece on `sq` attacks.
    fn attacks_from(&self, sq: Square) -> Bitboard {
        for color in Color::ALL {
            let list = &self.lists[color.index()];
            if let Some(index) = list.index_of(sq) {
                return self.attacks_of(list.role(index), color, sq as u8);
            }
        }
        Bitboard::EMPTY
    }

    /// The pieces of `by` that attack `sq` with the pieces on `lifted` taken off the board: the
    /// list's entries that reach `sq` on an empty board, a slider among them only if it is the
    /// nearest piece on its line.
    fn attackers_to(&self, sq: Square, by: Color, lifted: Bitboard) -> Bitboard {
        let target = sq as u8;
        let list = &self.lists[by.index()];
        let mut lines: Option<Lines> = None;
        let mut attackers = Bitboard::EMPTY;
        for index in entries(list.reachers(target, by)) {
            let from = list.square(index);
            if lifted.contains(Square::from_index(from)) {
                continue;
            }
            if matches!(list.role(index), Role::Bishop | Role::Rook | Role::Queen) {
                let lines = lines.get_or_insert_with(|| self.lines_from(target, lifted));
                let (df, dr) = apart(target, from);
                if lines[heading(df, dr)] != df.abs().max(dr.abs()) {
                    continue;
                }
            }
            attackers = attackers.with(Square::from_index(from));
        }
        attackers
    }

    /// The squares `color`'s knights, bishops, rooks and queens may go to (empty or enemy),
    /// counted from distances without a set of squares.
    fn mobility(&self, color: Color) -> u32 {
        let own = &self.lists[color.index()];
        let enemy = &self.lists[(!color).index()];
        let mut count = 0;
        for index in 0..own.len() {
            let from = own.square(index);
            match own.role(index) {
                Role::Knight => {
                    let jumps = leaps(from, &KNIGHT_STEPS).count();
                    count += jumps - own.count_knight_jumps(from);
                }
                slider @ (Role::Bishop | Role::Rook | Role::Queen) => {
                    let mut own_lines = [NO_PIECE; 9];
                    let mut enemy_lines = [NO_PIECE; 9];
                    nearest_on_lines(own, from, Bitboard::EMPTY, &mut own_lines);
                    nearest_on_lines(enemy, from, Bitboard::EMPTY, &mut enemy_lines);
                    for (df, dr) in KING_STEPS {
                        if slides_along(slider, df, dr) {
                            let line = heading(df, dr);
                            let reach = room(file(from), df)
                                .min(room(rank(from), dr))
                                .min(own_lines[line] - 1)
                                .min(enemy_lines[line]);
                            count += reach as u32;
                        }
                    }
                }
                _ => {}
            }
        }
        count
    }

    /// How many squares at least one piece of `color` attacks.
    fn attacked_squares(&self, color: Color) -> u32 {
        let list = &self.lists[color.index()];
        let mut attacked = Bitboard::EMPTY;
        for (role, sq) in list.iter() {
            attacked |= self.attacks_of(role, color, sq as u8);
        }
        attacked.count()
    }

    /// `color`'s pawn structure, the pawns read from the pawn entries of both lists.
    fn pawn_structure(&self, color: Color) -> PawnStructure {
        let pawns = |side: Color| -> Bitboard {
            self.lists[side.index()]
                .iter()
                .filter(|&(role, _)| role == Role::Pawn)
                .map(|(_, sq)| sq)
                .collect()
        };
        pawn_structure_of(pawns(color), pawns(!color), color)
    }
}
