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
    attacked_by_pawn(cells, target, by.color)
        || attacked_by_pieces(
            cells,
            target,
            by,
            [
                &direction::KNIGHT,
                &direction::ORTHOGONAL,
                &direction::DIAGONAL,
            ],
        )
}

/// Whether a knight, king, rook, bishop or queen of `by` attacks `target`, looking only along
/// the given knight jumps, orthogonal steps and diagonal steps: all of them for any square,
/// the half that points away from the edge for a square on it.
///
/// Legal move generation asks this for every king move and check test, with constant steps;
/// it is inlined into each caller so that the loops over them unroll as if written out there.
#[inline(always)]
fn attacked_by_pieces(
    cells: &Cells,
    target: Sq120,
    by: Attackers,
    [knight_jumps, orthogonal, diagonal]: [&[i8]; 3],
) -> bool {
    let color = by.color;
    let knight = Cell::of(color, Role::Knight);
    if by.knights
        && knight_jumps
            .iter()
            .any(|&jump| cells[target.offset(jump).index()] == knight)
    {
        return true;
    }
    // The enemy king is found on the first step of each ray.
    let king = Cell::of(color, Role::King);
    let queen = Cell::of(color, Role::Queen);
    let rook = Cell::of(color, Role::Rook);
    let bishop = Cell::of(color, Role::Bishop);
    orthogonal
        .iter()
        .any(|&step| attacked_along(cells, target, step, by.orthogonal, [king, rook, queen]))
        || diagonal
            .iter()
            .any(|&step| attacked_along(cells, target, step, by.diagonal, [king, bishop, queen]))
}

/// Whether the first piece met from `target` in direction `step` attacks it: `king` on the
/// first cell, or, where the ray's line is one `slides` covers, `slider` or `queen` on the
/// first occupied cell.
///
/// It sits in the innermost loop of the attack tests, which legal move generation runs for
/// every king move and check test, so it is inlined into each of them.
#[inline(always)]
fn attacked_along(
    cells: &Cells,
    target: Sq120,
    step: i8,
    slides: bool,
    [king, slider, queen]: [Cell; 3],
) -> bool {
    let at = |sq: Sq120| cells[sq.index()];
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
    std::mem::size_of::<[u64; CELL_ARRAY_LEN]>() + 2 * std::mem::size_of::<[[u8; 64]; 64]>();

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

/// For a king and an enemy knight (64-square indices, king first): which of the king's eight
/// neighbours the knight attacks, bit `i` for the step `direction::KING[i]`. ORing the entries
/// of the enemy knights and king once per position answers "is this neighbour attacked by a
/// knight or the king" for all eight neighbours at once; the test of each neighbour then looks
/// only at pawns and sliders.
static KNIGHT_NEAR: [[u8; 64]; 64] = near_table(&[(1, 2), (2, 1)]);
/// [`KNIGHT_NEAR`] for the enemy king.
static KING_NEAR: [[u8; 64]; 64] = near_table(&[(0, 1), (1, 0), (1, 1)]);

/// A table like [`KNIGHT_NEAR`] for a piece that attacks the squares whose file and rank
/// distances are one of `reach`.
const fn near_table(reach: &[(i8, i8)]) -> [[u8; 64]; 64] {
    let mut table = [[0; 64]; 64];
    let mut king = 0;
    while king < 64 {
        let mut step = 0;
        while step < 8 {
            let (df, dr) = file_rank_step(direction::KING[step]);
            let file = (king % 8) as i8 + df;
            let rank = (king / 8) as i8 + dr;
            if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                let mut piece = 0;
                while piece < 64 {
                    let far_file = ((piece % 8) as i8 - file).abs();
                    let far_rank = ((piece / 8) as i8 - rank).abs();
                    let mut i = 0;
                    while i < reach.len() {
                        if reach[i].0 == far_file && reach[i].1 == far_rank {
                            table[king][piece] |= 1 << step;
                        }
                        i += 1;
                    }
                    piece += 1;
                }
            }
            step += 1;
        }
        king += 1;
    }
    table
}

/// A king step of the 10x12 board as (files, ranks).
const fn file_rank_step(step: i8) -> (i8, i8) {
    let rank = (step + 15).div_euclid(10) - 1;
    (step - 10 * rank, rank)
}

/// The bit of the king step `step` in [`KNIGHT_NEAR`] and [`KING_NEAR`].
#[inline(always)]
pub(crate) const fn king_step_bit(step: i8) -> u8 {
    let mut i = 0;
    while i < 8 {
        if direction::KING[i] == step {
            return 1 << i;
        }
        i += 1;
    }
    0
}

/// The neighbours of the king on `king` that the knights and the king of `color` attack, as
/// bits of [`king_step_bit`].
#[inline(always)]
pub(crate) fn near_king_attacks(lists: &PieceLists, king: Sq120, color: Color) -> u8 {
    let king = king.on_board().index();
    let mut near = KING_NEAR[king][lists.first(Cell::of(color, Role::King)).on_board().index()];
    for &knight in lists.squares(Cell::of(color, Role::Knight)) {
        near |= KNIGHT_NEAR[king][knight.on_board().index()];
    }
    near
}

/// [`is_attacked`] for a square beside the king of `by`'s enemy, knights and king aside (see
/// [`near_king_attacks`]): a ray is walked only if `lines` says its line holds a slider that
/// moves along it.
// Kept out of line: inlined into the generator it made the bulk perft of kiwipete without d5
// about 1% more instructions (callgrind).
#[inline(never)]
pub(crate) fn is_attacked_beside_king(
    cells: &Cells,
    target: Sq120,
    by: Attackers,
    lines: &SliderLines,
) -> bool {
    let at = |sq: Sq120| cells[sq.index()];
    let color = by.color;
    if attacked_by_pawn(cells, target, color) {
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
    let pawn = Cell::of(by.color, Role::Pawn);
    let behind = 10 * AWAY;
    cells[target.offset(behind + 1).index()] == pawn
        || cells[target.offset(behind - 1).index()] == pawn
        || attacked_by_pieces(
            cells,
            target,
            by,
            [
                &[21 * AWAY, 19 * AWAY, 12 * AWAY, 8 * AWAY],
                &[10 * AWAY],
                &[11 * AWAY, 9 * AWAY],
            ],
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::Square;

    /// The near tables against the knight's jumps and king's steps on the 10x12 board: bit `i`
    /// of an entry is set exactly when the piece reaches the king's neighbour in step
    /// `direction::KING[i]`, and that neighbour is on the board.
    #[test]
    fn near_tables_match_the_steps_on_the_board() {
        let mut pairs = 0;
        let mut set_bits = 0;
        for king in Square::ALL {
            for piece in Square::ALL {
                for (table, reach) in [
                    (&KNIGHT_NEAR, direction::KNIGHT),
                    (&KING_NEAR, direction::KING),
                ] {
                    for (i, step) in direction::KING.into_iter().enumerate() {
                        let neighbour = Sq120::from_square(king).offset(step);
                        let expected = neighbour.square().is_some()
                            && reach
                                .iter()
                                .any(|&jump| Sq120::from_square(piece).offset(jump) == neighbour);
                        let bit = table[king.index()][piece.index()] & (1 << i) != 0;
                        assert_eq!(bit, expected, "{king} {piece} {step}");
                        set_bits += usize::from(bit);
                    }
                }
                pairs += 1;
            }
        }
        assert_eq!(pairs, 64 * 64);
        assert!(set_bits > 0);
        for (i, step) in direction::KING.into_iter().enumerate() {
            assert_eq!(king_step_bit(step), 1 << i);
        }
    }
}
