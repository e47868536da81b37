//! The given part of the `rotated` lab: what its exercises are written against and its
//! tests read. It lives outside the file a student writes (`crates/labs/src/rotated.rs`), so
//! that the grading command uses this version whatever the student changed in theirs.

/// One of the four occupancy maps, named by how the board is turned before its squares are
/// read off row by row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rotation {
    /// The board as it stands: ranks are the rows.
    Normal,
    /// Turned a quarter left: files are the rows.
    Left90,
    /// Turned 45 degrees left: the a8-h1 diagonals are the rows.
    Left45,
    /// Turned 45 degrees right: the a1-h8 diagonals are the rows.
    Right45,
}

impl Rotation {
    /// The four maps.
    pub const ALL: [Rotation; 4] = [
        Rotation::Normal,
        Rotation::Left90,
        Rotation::Left45,
        Rotation::Right45,
    ];

    /// The map's name as `boardlab show` prints it.
    pub const fn name(self) -> &'static str {
        match self {
            Rotation::Normal => "normal",
            Rotation::Left90 => "rotated 90 left",
            Rotation::Left45 => "rotated 45 left",
            Rotation::Right45 => "rotated 45 right",
        }
    }
}

/// A line through a square along which a slider moves, and the map that holds it in
/// consecutive bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Line {
    /// The square's rank, in the normal map.
    Rank,
    /// The square's file, in the map turned 90 degrees left.
    File,
    /// The a1-h8 direction, in the map turned 45 degrees right.
    Diagonal,
    /// The a8-h1 direction, in the map turned 45 degrees left.
    AntiDiagonal,
}

impl Line {
    /// The four lines: the rook's two, then the bishop's two.
    pub const ALL: [Line; 4] = [Line::Rank, Line::File, Line::Diagonal, Line::AntiDiagonal];

    /// The map in which this line's squares are consecutive bits.
    pub const fn rotation(self) -> Rotation {
        match self {
            Line::Rank => Rotation::Normal,
            Line::File => Rotation::Left90,
            Line::Diagonal => Rotation::Right45,
            Line::AntiDiagonal => Rotation::Left45,
        }
    }

    /// The line's name as `boardlab explain` prints it.
    pub const fn name(self) -> &'static str {
        match self {
            Line::Rank => "rank",
            Line::File => "file",
            Line::Diagonal => "diagonal",
            Line::AntiDiagonal => "anti-diagonal",
        }
    }
}
