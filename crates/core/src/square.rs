//! Squares, files and ranks.
//!
//! Squares are numbered the way every representation in boardlab converts from: `a1 = 0`,
//! `b1 = 1`, …, `h1 = 7`, `a2 = 8`, …, `h8 = 63`, so `index = 8 * rank + file`.
//!
//! ```text
//!   8 | 56 57 58 59 60 61 62 63
//!   7 | 48 49 50 51 52 53 54 55
//!   6 | 40 41 42 43 44 45 46 47
//!   5 | 32 33 34 35 36 37 38 39
//!   4 | 24 25 26 27 28 29 30 31
//!   3 | 16 17 18 19 20 21 22 23
//!   2 |  8  9 10 11 12 13 14 15
//!   1 |  0  1  2  3  4  5  6  7
//!     +------------------------
//!        a  b  c  d  e  f  g  h
//! ```

use std::fmt;
use std::str::FromStr;

/// Files and ranks are one idea twice over: eight values in order, each named by one character
/// counted from the first (`a`..`h`, `1`..`8`). The macro writes that idea once for both.
macro_rules! coordinate {
    (
        $(#[$doc:meta])*
        $name:ident, $what:literal, $first:literal ..= $last:literal,
        [$($variant:ident),* $(,)?]
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        pub enum $name {
            $($variant),*
        }

        impl $name {
            #[doc = concat!("The number of ", $what, "s.")]
            pub const NUM: usize = 8;
            #[doc = concat!("All ", $what, "s, `", $first, "` first.")]
            pub const ALL: [$name; 8] = [$($name::$variant),*];

            #[doc = concat!("The ", $what, " with the given index (`0` = `", $first, "`), or `None` past `", $last, "`.")]
            #[inline]
            pub const fn new(index: u8) -> Option<$name> {
                if index < 8 {
                    Some($name::ALL[index as usize])
                } else {
                    None
                }
            }

            #[doc = concat!("The ", $what, "'s index, `0` for `", $first, "`.")]
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            #[doc = concat!("The ", $what, "'s character, `'", $first, "'` to `'", $last, "'`.")]
            #[inline]
            pub const fn char(self) -> char {
                // The character is ASCII, so its code point fits a byte.
                ($first as u32 + self as u32) as u8 as char
            }

            #[doc = concat!("The ", $what, " named by a character `'", $first, "'`..`'", $last, "'`.")]
            pub const fn from_char(c: char) -> Option<$name> {
                match c {
                    $first..=$last => $name::new((c as u32 - $first as u32) as u8),
                    _ => None,
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.char())
            }
        }
    };
}

coordinate!(
    /// A file (column), `a` to `h`.
    File, "file", 'a'..='h',
    [A, B, C, D, E, F, G, H]
);

coordinate!(
    /// A rank (row), `1` to `8`.
    Rank, "rank", '1'..='8',
    [First, Second, Third, Fourth, Fifth, Sixth, Seventh, Eighth]
);

macro_rules! squares {
    ($($name:ident),* $(,)?) => {
        /// A square of the board, numbered `a1 = 0` to `h8 = 63` (see the module docs).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        #[rustfmt::skip]
        pub enum Square { $($name),* }

        impl Square {
            /// All 64 squares in index order, `a1` first.
            #[rustfmt::skip]
            pub const ALL: [Square; 64] = [$(Square::$name),*];
        }
    };
}

squares!(
    A1, B1, C1, D1, E1, F1, G1, H1, A2, B2, C2, D2, E2, F2, G2, H2, A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4, A5, B5, C5, D5, E5, F5, G5, H5, A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7, A8, B8, C8, D8, E8, F8, G8, H8,
);

impl Square {
    /// The number of squares.
    pub const NUM: usize = 64;

    /// The square with the given index, or `None` for an index of 64 or more.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square::ALL[index as usize])
        } else {
            None
        }
    }

    /// The square with index `index & 63`; for callers that already know the index is in range.
    #[inline]
    pub const fn from_index(index: u8) -> Square {
        debug_assert!(index < 64, "a square index is below 64");
        // SAFETY: `Square` is `repr(u8)` with the 64 variants numbered 0..=63 in order, and
        // `index & 63` is in that range. A transmute instead of `ALL[..]` keeps hot loops free
        // of a table load per square.
        unsafe { std::mem::transmute::<u8, Square>(index & 63) }
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::ALL[rank as usize * 8 + file as usize]
    }

    /// The square's index, `0` for a1, `63` for h8.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The square's file.
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }

    /// The square's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    /// The square `df` files and `dr` ranks away, or `None` if that leaves the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let file = (self as u8 & 7) as i8 + df;
        let rank = (self as u8 >> 3) as i8 + dr;
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square::ALL[(rank * 8 + file) as usize])
        } else {
            None
        }
    }

    /// The same square seen from the other side: a1 <-> a8.
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::ALL[self as usize ^ 56]
    }

    /// The larger of the file and rank distances (the king's distance).
    #[inline]
    pub const fn distance(self, other: Square) -> u8 {
        let df = (self as i8 & 7) - (other as i8 & 7);
        let dr = (self as i8 >> 3) - (other as i8 >> 3);
        let df = df.unsigned_abs();
        let dr = dr.unsigned_abs();
        if df > dr {
            df
        } else {
            dr
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// The error for a string that does not name a square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid square {:?}: expected a file a-h and a rank 1-8",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(file), Some(rank)) => Ok(Square::from_coords(file, rank)),
                _ => Err(ParseSquareError(s.to_string())),
            },
            _ => Err(ParseSquareError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_coordinates_agree() {
        for sq in Square::ALL {
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!(Square::E4.to_string(), "e4");
        assert_eq!(Square::H8.index(), 63);
    }

    #[test]
    fn offsets_stop_at_the_edges() {
        assert_eq!(Square::A1.offset(-1, 0), None);
        assert_eq!(Square::H1.offset(1, 0), None);
        assert_eq!(Square::H8.offset(0, 1), None);
        assert_eq!(Square::E4.offset(1, 2), Some(Square::F6));
    }

    #[test]
    fn bad_square_names_are_rejected() {
        for bad in ["", "e", "e9", "i1", "e44", "E4"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
