//! The four lines through each square, as bitboards.
//!
//! A rook slides along its square's rank and file, a bishop along its diagonal (the a1-h8
//! direction, file minus rank constant) and anti-diagonal (the a8-h1 direction, file plus rank
//! constant). Most techniques work one line at a time and need that line's squares, with or
//! without the slider's own square; the tables here are built at compile time and shared.
//! [`Line`] is the workspace's one name for these lines: boardlab-rotated's maps are indexed by
//! it too.

use boardlab_core::bitboard::{ray, slider_attacks_slow, Slider};
use boardlab_core::{Bitboard, Square};

/// A line through a square along which a slider moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Line {
    /// The square's rank.
    Rank,
    /// The square's file.
    File,
    /// The a1-h8 direction: file minus rank is constant.
    Diagonal,
    /// The a8-h1 direction: file plus rank is constant.
    AntiDiagonal,
}

impl Line {
    /// The four lines: the rook's two, then the bishop's two.
    pub const ALL: [Line; 4] = [Line::Rank, Line::File, Line::Diagonal, Line::AntiDiagonal];
    /// The rook's lines.
    pub const ROOK: [Line; 2] = [Line::Rank, Line::File];
    /// The bishop's lines.
    pub const BISHOP: [Line; 2] = [Line::Diagonal, Line::AntiDiagonal];

    /// The two lines `slider` moves along.
    pub const fn of(slider: Slider) -> [Line; 2] {
        match slider {
            Slider::Rook => Line::ROOK,
            Slider::Bishop => Line::BISHOP,
        }
    }

    /// The line's name as the views print it.
    pub const fn name(self) -> &'static str {
        match self {
            Line::Rank => "rank",
            Line::File => "file",
            Line::Diagonal => "diagonal",
            Line::AntiDiagonal => "anti-diagonal",
        }
    }

    /// One step along the line towards higher squares, as (file step, rank step).
    pub const fn step(self) -> (i8, i8) {
        match self {
            Line::Rank => (1, 0),
            Line::File => (0, 1),
            Line::Diagonal => (1, 1),
            Line::AntiDiagonal => (-1, 1),
        }
    }

    /// Every square of this line through `sq`, `sq` included, edge to edge.
    #[inline]
    pub fn mask(self, sq: Square) -> Bitboard {
        LINE_MASKS[self as usize][sq as usize]
    }

    /// The squares of this line through `sq`, without `sq` itself.
    #[inline]
    pub fn mask_ex(self, sq: Square) -> Bitboard {
        self.mask(sq).without(sq)
    }

    /// The squares of this line through `sq` below it and above it, `sq` in neither: every
    /// step goes up a rank or, along a rank, a file, so the squares it reaches have higher
    /// indexes. For building tables at compile time.
    pub const fn halves(self, sq: Square) -> (Bitboard, Bitboard) {
        let (df, dr) = self.step();
        (ray(sq, -df, -dr), ray(sq, df, dr))
    }
}

/// The squares a slider on `file` of the first rank attacks along the rank when the files b
/// to g are occupied as the six bits of `inner` say (the ends block nothing beyond them): the
/// table of the techniques that gather a line's six inner squares into an index.
pub const fn first_rank_attacks(file: usize, inner: usize) -> u8 {
    let slider = Square::from_index(file as u8);
    let occupied = Bitboard((inner as u64 & 63) << 1);
    slider_attacks_slow(slider, occupied, &[(1, 0), (-1, 0), (1, 0), (-1, 0)]).0 as u8
}

/// `LINE_MASKS[line][sq]`: the whole line through `sq`, both rays and `sq`.
static LINE_MASKS: [[Bitboard; 64]; 4] = {
    let mut masks = [[Bitboard::EMPTY; 64]; 4];
    let mut line = 0;
    while line < 4 {
        let mut sq = 0;
        while sq < 64 {
            let (below, above) = Line::ALL[line].halves(Square::from_index(sq as u8));
            masks[line][sq] = Bitboard(below.0 | above.0 | 1 << sq);
            sq += 1;
        }
        line += 1;
    }
    masks
};

/// The bytes of the line masks above, for the techniques that read them.
pub const LINE_MASK_BYTES: usize = 4 * 64 * 8;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_have_the_lengths_of_the_board() {
        assert_eq!(Line::Rank.mask(Square::E4), Bitboard::rank(3));
        assert_eq!(Line::File.mask(Square::E4), Bitboard::file(4));
        assert_eq!(Line::Diagonal.mask(Square::A1).count(), 8);
        assert_eq!(Line::Diagonal.mask(Square::H1).count(), 1);
        assert_eq!(Line::AntiDiagonal.mask(Square::H1).count(), 8);
        assert_eq!(Line::AntiDiagonal.mask(Square::C1).count(), 3);
        assert!(Line::AntiDiagonal.mask(Square::C1).contains(Square::A3));
        // Each square lies on 8 + 8 squares of its rank and file, and its diagonals' lengths
        // sum over the board to 64 per direction, counted once per square of each line:
        // the sum of the squared lengths, 2 * (1 + 4 + ... + 49) + 64 = 344.
        let diagonal_total: u32 = Square::ALL
            .iter()
            .map(|&sq| Line::Diagonal.mask(sq).count())
            .sum();
        assert_eq!(diagonal_total, 344);
    }
}
