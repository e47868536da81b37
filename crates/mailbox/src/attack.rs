//! Whether a square is attacked, found by looking outwards from it.

use crate::cell::Cell;
use crate::piece_lists::PieceLists;
use crate::square120::{direction, Sq120, CELL_ARRAY_LEN};
use boardlab_core::{Color, Role};

/// The 120 cells of a board (and the padding of [`CELL_ARRAY_LEN`], all sentinels).
pub(crate) type Cells = [Cell; CELL_ARRAY_LEN];

/// Which kinds of attacker a side has, so the search for attackers skips what cannot be there
/// (no knight jumps to test once the knights are gone, no diagonals without bishop or queen).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Attackers {
    pub(crate) color: Color,
    pub(crate) knights: bool,
    pub(crate) orthogonal: bool,
    pub(crate) diagonal: bool,
}

impl Attackers {
    /// The attackers of `color` according to the piece lists.
    #[inline]
    pub(crate) fn of(lists: &PieceLists, color: Color) -> Attackers {
        let has = |role| lists.count(Cell::of(color, role)) != 0;
        let queens = has(Role::Queen);
        Attackers {
            color,
            knights: has(Role::Knight),
            orthogonal: queens || has(Role::Rook),
            diagonal: queens || has(Role::Bishop),
        }
    }
}

/// Whether a pawn of `color` attacks `target`: a pawn attacks diagonally forwards, so an
/// attacking pawn stands one rank behind the target.
#[inline(always)]
fn attacked_by_pawn(cells: &Cells, target: Sq120, color: Color) -> bool {
    let pawn = Cell::of(color, Role::Pawn);
    let behind = -10 * color.forward();
    cells[target.offset(behind + 1).index()] == pawn
        || cells[target.offset(behind - 1).index()] == pawn
}

/// Whether a piece of `by` attacks `target` on `cells`.
///
/// It looks from `target` outwards for each kind of attacker: pawns and knights on their fixed
/// squares, then the rays, where the first piece met decides. Cheap tests come first, so
/// that most attacked squares are found before a ray is walked.
#[inline]
pub(crate) fn is_attacked(cells: &Cells, target: Sq120, by: Attackers) -> bool {
    let at = |sq: Sq120| cells[sq.index()];
    let color = by.color;
    if attacked_by_pawn(cells, target, color) {
        return true;
    }
    let knight = Cell::of(color, Role::Knight);
    if by.knights
        && direction::KNIGHT
            .iter()
            .any(|&jump| at(target.offset(jump)) == knight)
    {
        return true;
    }
    // The enemy king is found on the first step of each ray.
    let king = Cell::of(color, Role::King);
    let queen = Cell::of(color, Role::Queen);
    for (steps, slides, slider) in [
        (
            direction::ORTHOGONAL,
            by.orthogonal,
            Cell::of(color, Role::Rook),
        ),
        (
            direction::DIAGONAL,
            by.diagonal,
            Cell::of(color, Role::Bishop),
        ),
    ] {
        for step in steps {
            let mut sq = target.offset(step);
            let mut piece = at(sq);
            if piece == king {
                return true;
            }
            if slides {
                while piece.is_empty() {
                    sq = sq.offset(step);
                    piece = at(sq);
                }
                if piece == slider || piece == queen {
                    return true;
                }
            }
        }
    }
    false
}

/// The files, ranks and diagonals on which an enemy slider stands that moves along them, one
/// bit each: a rook marks its file and rank, a bishop its two diagonals, a queen all four.
///
/// A ray from a square can only end on an attacking slider if the ray's line is marked, so the
/// test of the king's steps ([`is_attacked_beside_king`]) walks only those rays. Together with
/// the piece-list tests for knights and king there, this saves about 6% of the instructions of
/// a bulk perft of kiwipete without its d5 pawn (depth 4, callgrind).
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct SliderLines(u64);

/// The bits of [`LINES`] for files (bits 0-7), ranks (8-15), diagonals (`file - rank + 7`,
/// 16-30) and anti-diagonals (`file + rank`, 32-46).
const FILES: u64 = 0xff;
const RANKS: u64 = 0xff << 8;
const DIAGONALS: u64 = 0x7fff << 16;
const ANTI_DIAGONALS: u64 = 0x7fff << 32;

/// For each cell, the bits of its file, rank, diagonal and anti-diagonal; 0 for the border.
static LINES: [u64; CELL_ARRAY_LEN] = {
    let mut table = [0; CELL_ARRAY_LEN];
    let mut rank = 0;
    while rank < 8 {
        let mut file = 0;
        while file < 8 {
            table[21 + file + 10 * rank] =
                1 << file | 1 << (8 + rank) | 1 << (16 + file + 7 - rank) | 1 << (32 + file + rank);
            file += 1;
        }
        rank += 1;
    }
    table
};

/// The bytes of this module's lookup tables.
pub(crate) const TABLE_BYTES: usize =
    std::mem::size_of::<[u64; CELL_ARRAY_LEN]>() + 2 * std::mem::size_of::<[bool; 256]>();

impl SliderLines {
    /// Marks the lines through `slider` that it moves along.
    #[inline(always)]
    pub(crate) fn add(&mut self, slider: Sq120, orthogonal: bool, diagonal: bool) {
        let mut moves_along = 0;
        if orthogonal {
            moves_along |= FILES | RANKS;
        }
        if diagonal {
            moves_along |= DIAGONALS | ANTI_DIAGONALS;
        }
        self.0 |= LINES[slider.index()] & moves_along;
    }
}

/// For the difference `a - b` of two playing cells, taken as a byte: whether a knight jumps
/// between them, and whether a king steps between them. On the 10x12 board a difference of
/// ranks and files `10 * dr + df` names its step uniquely when `|df| < 8` and the step is
/// short, so one table entry answers for every pair of squares.
static KNIGHT_DIFF: [bool; 256] = diff_table(&direction::KNIGHT);
static KING_DIFF: [bool; 256] = diff_table(&direction::KING);

const fn diff_table(deltas: &[i8; 8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 8 {
        table[deltas[i] as u8 as usize] = true;
        i += 1;
    }
    table
}

/// [`is_attacked`] for a square beside the king of `by`'s enemy, with what the king's look
/// outwards found: knights and the enemy king are found from the piece lists with one table
/// lookup each, and a ray is walked only if `lines` says its line holds a slider that moves
/// along it.
// Kept out of line: inlined into each of the generators it made the bulk perft of kiwipete
// without d5 about 1% more instructions (callgrind).
#[inline(never)]
pub(crate) fn is_attacked_beside_king(
    cells: &Cells,
    lists: &PieceLists,
    target: Sq120,
    by: Attackers,
    lines: &SliderLines,
) -> bool {
    let at = |sq: Sq120| cells[sq.index()];
    let color = by.color;
    if attacked_by_pawn(cells, target, color) {
        return true;
    }
    let diff = |sq: Sq120| usize::from(target.index().wrapping_sub(sq.index()) as u8);
    if KING_DIFF[diff(lists.first(Cell::of(color, Role::King)))] {
        return true;
    }
    if lists
        .squares(Cell::of(color, Role::Knight))
        .iter()
        .any(|&knight| KNIGHT_DIFF[diff(knight)])
    {
        return true;
    }
    let queen = Cell::of(color, Role::Queen);
    // The first piece met along `step`, if a `slider` or queen, attacks the target.
    let ray = |step: i8, slider: Cell| {
        let mut sq = target.offset(step);
        while at(sq).is_empty() {
            sq = sq.offset(step);
        }
        at(sq) == slider || at(sq) == queen
    };
    let rook = Cell::of(color, Role::Rook);
    let bishop = Cell::of(color, Role::Bishop);
    let marked = lines.0 & LINES[target.index()];
    (marked & FILES != 0 && (ray(direction::NORTH, rook) || ray(direction::SOUTH, rook)))
        || (marked & RANKS != 0 && (ray(direction::EAST, rook) || ray(direction::WEST, rook)))
        || (marked & DIAGONALS != 0
            && (ray(direction::NORTH_EAST, bishop) || ray(direction::SOUTH_WEST, bishop)))
        || (marked & ANTI_DIAGONALS != 0
            && (ray(direction::NORTH_WEST, bishop) || ray(direction::SOUTH_EAST, bishop)))
}

/// Whether a piece of `by` attacks `target`, a square a castling king of `by`'s enemy crosses
/// or lands on.
///
/// No piece stands beyond the edge of the board, so only the knight jumps and rays that point
/// away from that edge are looked at: half the jumps and three rays are saved. The rays along
/// the rank are skipped too: castling needs every square between king and rook empty, so they
/// meet only that king or that rook.
#[inline]
pub(crate) fn is_attacked_on_home_rank(cells: &Cells, target: Sq120, by: Attackers) -> bool {
    match by.color {
        // Black attacks white's first rank from above.
        Color::Black => attacked_from_one_side::<1>(cells, target, by),
        Color::White => attacked_from_one_side::<-1>(cells, target, by),
    }
}

/// [`is_attacked`] limited to the side of `target` that `AWAY` (+1 up the board, -1 down)
/// points to.
#[inline(always)]
fn attacked_from_one_side<const AWAY: i8>(cells: &Cells, target: Sq120, by: Attackers) -> bool {
    let at = |sq: Sq120| cells[sq.index()];
    let color = by.color;
    let pawn = Cell::of(color, Role::Pawn);
    let behind = 10 * AWAY;
    if at(target.offset(behind + 1)) == pawn || at(target.offset(behind - 1)) == pawn {
        return true;
    }
    let knight = Cell::of(color, Role::Knight);
    if by.knights
        && [21 * AWAY, 19 * AWAY, 12 * AWAY, 8 * AWAY]
            .iter()
            .any(|&jump| at(target.offset(jump)) == knight)
    {
        return true;
    }
    let king = Cell::of(color, Role::King);
    let queen = Cell::of(color, Role::Queen);
    for (steps, slides, slider) in [
        ([10 * AWAY, 0], by.orthogonal, Cell::of(color, Role::Rook)),
        (
            [11 * AWAY, 9 * AWAY],
            by.diagonal,
            Cell::of(color, Role::Bishop),
        ),
    ] {
        for step in steps {
            // 0 pads the single orthogonal ray to the length of the diagonal pair.
            if step == 0 {
                continue;
            }
            let mut sq = target.offset(step);
            let mut piece = at(sq);
            if piece == king {
                return true;
            }
            if slides {
                while piece.is_empty() {
                    sq = sq.offset(step);
                    piece = at(sq);
                }
                if piece == slider || piece == queen {
                    return true;
                }
            }
        }
    }
    false
}
