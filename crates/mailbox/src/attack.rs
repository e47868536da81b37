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

/// Whether a piece of `by` attacks `target` on `cells`.
///
/// It looks from `target` outwards for each kind of attacker: pawns and knights on their fixed
/// squares, then the rays, where the first piece met decides. Cheap tests come first, so
/// that most attacked squares are found before a ray is walked.
#[inline]
pub(crate) fn is_attacked(cells: &Cells, target: Sq120, by: Attackers) -> bool {
    let at = |sq: Sq120| cells[sq.index()];
    let color = by.color;
    let pawn = Cell::of(color, Role::Pawn);
    // A pawn attacks diagonally forwards, so an attacking pawn stands one rank behind the target.
    let behind = -10 * color.forward();
    if at(target.offset(behind + 1)) == pawn || at(target.offset(behind - 1)) == pawn {
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
