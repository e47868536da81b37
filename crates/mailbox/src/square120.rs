//! Squares of the 10x12 board: the 64 playing squares inside a border of sentinels.

use boardlab_core::Square;

/// A cell index on the 10x12 board, `0..120`: `21 + file + 10 * rank` for the playing squares.
///
/// Rows 0-1 and 10-11 and columns 0 and 9 are the border. The border is two rows deep at the
/// bottom and top so that a knight's jump from any playing square lands inside the array, and
/// one column wide at each side because the right border of one row touches the left border of
/// the next. Every `Sq120` the crate makes is either a playing square or a border cell reached by
/// one step or knight jump from a playing square (a ray walk stops at the first border cell), so
/// it always lies inside the 120 cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Sq120(u8);

/// The number of cells.
pub(crate) const CELLS: usize = 120;

/// The length of every per-cell array: the 120 cells and 136 unused entries, so that any byte
/// index ([`Sq120::index`]) is in bounds without a check or a mask on each access. A mask would
/// cost two instructions on every step of a ray walk.
pub(crate) const CELL_ARRAY_LEN: usize = 256;

const _: () = assert!(CELLS <= CELL_ARRAY_LEN && CELL_ARRAY_LEN == 256);

/// From a [`Square`] index to its cell.
static TO_120: [u8; 64] = {
    let mut map = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        map[sq] = (21 + sq % 8 + 10 * (sq / 8)) as u8;
        sq += 1;
    }
    map
};

/// From a cell to its [`Square`]. Border cells hold `a1`; mapping back through [`TO_120`] tells
/// them from a1 itself.
static TO_64: [Square; CELL_ARRAY_LEN] = {
    let mut map = [Square::A1; CELL_ARRAY_LEN];
    let mut sq = 0;
    while sq < 64 {
        map[TO_120[sq] as usize] = Square::ALL[sq];
        sq += 1;
    }
    map
};

/// For two playing squares on one rank, file or diagonal, the [`direction`] step from the
/// first towards the second; 0 for two squares on no common line, and for a square and itself.
///
/// It is indexed by 64-square indices because the difference of two cells does not name the
/// line: +7 is seven files east on one rank, or one rank up and three files west.
static LINE_STEP: [[i8; 64]; 64] = {
    let mut table = [[0i8; 64]; 64];
    // The eight directions as (files, ranks).
    let steps: [(i8, i8); 8] = [
        (0, 1),
        (0, -1),
        (1, 0),
        (-1, 0),
        (1, 1),
        (-1, 1),
        (1, -1),
        (-1, -1),
    ];
    let mut from = 0;
    while from < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = steps[d];
            let mut file = (from % 8) as i8 + df;
            let mut rank = (from / 8) as i8 + dr;
            while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                table[from][(rank * 8 + file) as usize] = df + 10 * dr;
                file += df;
                rank += dr;
            }
            d += 1;
        }
        from += 1;
    }
    table
};

/// The bytes of this module's lookup tables.
pub(crate) const TABLE_BYTES: usize = std::mem::size_of::<[u8; 64]>()
    + std::mem::size_of::<[Square; CELL_ARRAY_LEN]>()
    + std::mem::size_of::<[[i8; 64]; 64]>();

/// The step from the playing square `from` towards the playing square `to` along a rank, file
/// or diagonal, or 0 if they share none (see [`LINE_STEP`]).
#[inline]
pub(crate) fn line_step(from: Sq120, to: Sq120) -> i8 {
    LINE_STEP[from.on_board().index()][to.on_board().index()]
}

/// Whether a nonzero [`direction`] step runs along a rank or file rather than a diagonal.
#[inline]
pub(crate) const fn is_orthogonal(step: i8) -> bool {
    matches!(
        step,
        direction::NORTH | direction::SOUTH | direction::EAST | direction::WEST
    )
}

impl Sq120 {
    /// The cell of a1.
    pub(crate) const A1: Sq120 = Sq120(21);

    /// The cell of a playing square.
    #[inline]
    pub(crate) fn from_square(sq: Square) -> Sq120 {
        Sq120(TO_120[sq.index()])
    }

    /// The playing square of this cell, or `None` for a border cell.
    #[cfg(test)]
    pub(crate) fn square(self) -> Option<Square> {
        let sq = TO_64[self.index()];
        (TO_120[sq.index()] == self.0).then_some(sq)
    }

    /// The playing square of a cell known to be on the board.
    #[inline]
    pub(crate) fn on_board(self) -> Square {
        TO_64[self.index()]
    }

    /// The cell index, `0..120`, for arrays of [`CELL_ARRAY_LEN`] entries; being a byte, it is
    /// in bounds of them whatever its value, which the compiler sees.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// The cell `delta` cells away (a [`direction`] step or knight jump).
    #[inline]
    pub(crate) const fn offset(self, delta: i8) -> Sq120 {
        Sq120(self.0.wrapping_add(delta as u8))
    }

    /// Whether the cell lies between a1 and h8, which every cell a piece stands on does.
    ///
    /// The generator tests this of each pawn and knight it moves, a test never failed, for
    /// what it tells the compiler: a cell a step or jump away from such a cell (at most 21) is
    /// in `0..120`, so [`Sq120::offset`] does not wrap and the read of that cell needs no
    /// zero-extension of its index. The instructions hardly change (0.2% fewer in a bulk perft
    /// of kiwipete without its d5 pawn, depth 4, callgrind), but the six standard positions
    /// take about 1.5% less time (old and new builds timed turn about). The same test on the
    /// king's cell, for its steps and their attack tests, saved no time and was left out.
    #[inline(always)]
    pub(crate) const fn is_on_board_range(self) -> bool {
        self.0.wrapping_sub(Sq120::A1.0) <= 98 - 21
    }

    /// Whether this is a playing square of rank `rank` (`0..8`): one subtraction and one
    /// comparison, where [`Sq120::rank`] divides by ten.
    #[inline]
    pub(crate) const fn is_on_rank(self, rank: u8) -> bool {
        self.0.wrapping_sub(Sq120::A1.0 + 10 * rank) < 8
    }

    /// The rank `0..8` of a playing square (meaningless for the border).
    #[cfg(test)]
    pub(crate) const fn rank(self) -> u8 {
        (self.0 / 10).wrapping_sub(2)
    }
}

/// One step on the 10x12 board: `+1` is one file right, `+10` one rank up.
pub(crate) mod direction {
    pub(crate) const NORTH: i8 = 10;
    pub(crate) const SOUTH: i8 = -10;
    pub(crate) const EAST: i8 = 1;
    pub(crate) const WEST: i8 = -1;
    pub(crate) const NORTH_EAST: i8 = 11;
    pub(crate) const NORTH_WEST: i8 = 9;
    pub(crate) const SOUTH_EAST: i8 = -9;
    pub(crate) const SOUTH_WEST: i8 = -11;

    /// The rook's four directions.
    pub(crate) const ORTHOGONAL: [i8; 4] = [NORTH, SOUTH, EAST, WEST];
    /// The bishop's four directions.
    pub(crate) const DIAGONAL: [i8; 4] = [NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST];
    /// The knight's eight jumps.
    pub(crate) const KNIGHT: [i8; 8] = [21, 19, 12, 8, -8, -12, -19, -21];
    /// The king's eight steps, orthogonal first.
    pub(crate) const KING: [i8; 8] = [
        NORTH, SOUTH, EAST, WEST, NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST,
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_border(cell: usize) -> bool {
        let (row, column) = (cell / 10, cell % 10);
        !(2..=9).contains(&row) || column == 0 || column == 9
    }

    #[test]
    fn maps_round_trip_for_every_square() {
        for sq in Square::ALL {
            let cell = Sq120::from_square(sq);
            assert_eq!(cell.square(), Some(sq));
            assert_eq!(cell.on_board(), sq);
            assert_eq!(cell.rank() as usize, sq.rank().index());
            for rank in 0..8 {
                assert_eq!(
                    cell.is_on_rank(rank),
                    usize::from(rank) == sq.rank().index()
                );
            }
            assert!(!is_border(cell.index()), "{sq} maps onto the border");
        }
        assert_eq!(Sq120::from_square(Square::A1).index(), 21);
        assert_eq!(Sq120::from_square(Square::H1).index(), 28);
        assert_eq!(Sq120::from_square(Square::A8).index(), 91);
        assert_eq!(Sq120::from_square(Square::H8).index(), 98);
    }

    #[test]
    fn exactly_the_border_maps_to_no_square() {
        let mut playing = 0;
        for cell in 0..CELLS {
            let sq = Sq120(cell as u8).square();
            assert_eq!(sq.is_none(), is_border(cell), "cell {cell}");
            if sq.is_none() {
                assert!((0..8).all(|rank| !Sq120(cell as u8).is_on_rank(rank)));
            }
            playing += usize::from(sq.is_some());
        }
        assert_eq!(playing, 64);
    }

    #[test]
    fn every_playing_square_and_its_neighbours_stay_inside_the_cells() {
        let mut in_range = 0;
        for cell in 0..=u8::MAX {
            let cell = Sq120(cell);
            if cell.square().is_some() {
                assert!(cell.is_on_board_range(), "{cell:?}");
            }
            if cell.is_on_board_range() {
                in_range += 1;
                // The promise the range test makes to the generator: no step or jump wraps.
                for delta in direction::KING
                    .into_iter()
                    .chain(direction::KNIGHT)
                    .chain([20, -20])
                {
                    let index = i32::from(cell.0) + i32::from(delta);
                    assert!((0..CELLS as i32).contains(&index), "{cell:?} {delta}");
                    assert_eq!(cell.offset(delta).index(), index as usize);
                }
            }
        }
        assert_eq!(in_range, 98 - 21 + 1);
    }

    #[test]
    fn line_steps_walk_from_one_square_to_the_other() {
        let mut on_a_line = 0;
        for a in Square::ALL {
            for b in Square::ALL {
                let (from, to) = (Sq120::from_square(a), Sq120::from_square(b));
                let step = line_step(from, to);
                let df = b.file().index() as i8 - a.file().index() as i8;
                let dr = b.rank().index() as i8 - a.rank().index() as i8;
                let shares_line = a != b && (df == 0 || dr == 0 || df.abs() == dr.abs());
                assert_eq!(step != 0, shares_line, "{a} {b}");
                if step == 0 {
                    continue;
                }
                on_a_line += 1;
                assert!(direction::KING.contains(&step), "{a} {b} {step}");
                assert_eq!(is_orthogonal(step), df == 0 || dr == 0);
                let mut sq = from;
                for _ in 0..df.abs().max(dr.abs()) {
                    assert!(sq.square().is_some(), "{a} {b} leaves the board");
                    sq = sq.offset(step);
                }
                assert_eq!(sq, to, "{a} {b}");
            }
        }
        // A rook on an empty board reaches 14 squares from each of the 64, a bishop 560 in
        // all: 1,456 ordered pairs share a line.
        assert_eq!(on_a_line, 896 + 560);
    }

    #[test]
    fn steps_and_jumps_leave_the_board_only_onto_the_border() {
        for sq in Square::ALL {
            let from = Sq120::from_square(sq);
            let (file, rank) = (sq.file().index() as i8, sq.rank().index() as i8);
            for &delta in direction::KNIGHT.iter().chain(&direction::KING) {
                let to = from.offset(delta);
                assert!(usize::from(to.0) < CELLS, "{sq} {delta:+} leaves the array");
                // A step of df files and dr ranks is df + 10 * dr, with df in -2..=2.
                let df = (delta + 2).rem_euclid(10) - 2;
                let dr = (delta - df) / 10;
                let on_board = (0..8).contains(&(file + df)) && (0..8).contains(&(rank + dr));
                assert_eq!(to.square(), sq.offset(df, dr), "{sq} {delta:+}");
                assert_eq!(to.square().is_some(), on_board);
            }
        }
    }
}
