//! An implementation of boardlab-core's `Board` trait using rotated bitboards, the way the
//! engines of the 1990s (Crafty among them) found sliding attacks before magic multiplication:
//! the slider technique [`RotatedTechnique`] on boardlab-bitboard's shared bitboard board.
//!
//! # The index maps
//!
//! A bitboard is a `u64` with one bit per square. In the normal map the ranks are consecutive
//! bytes, so the occupancy of a rank is one shift and one mask away. Files and diagonals are
//! scattered over the normal map; so the board keeps the occupancy three more times, each in a
//! map where another kind of line lies in consecutive bits ([`Rotation`]). Each grid below is
//! the board as usual, rank 8 on top, and shows the bit each square goes to in that map:
//!
//! ```text
//!  normal (ranks)                      rotated 90 left (files)
//!       a  b  c  d  e  f  g  h              a  b  c  d  e  f  g  h
//!  8   56 57 58 59 60 61 62 63         8    0  8 16 24 32 40 48 56
//!  7   48 49 50 51 52 53 54 55         7    1  9 17 25 33 41 49 57
//!  6   40 41 42 43 44 45 46 47         6    2 10 18 26 34 42 50 58
//!  5   32 33 34 35 36 37 38 39         5    3 11 19 27 35 43 51 59
//!  4   24 25 26 27 28 29 30 31         4    4 12 20 28 36 44 52 60
//!  3   16 17 18 19 20 21 22 23         3    5 13 21 29 37 45 53 61
//!  2    8  9 10 11 12 13 14 15         2    6 14 22 30 38 46 54 62
//!  1    0  1  2  3  4  5  6  7         1    7 15 23 31 39 47 55 63
//!
//!  rotated 45 left (a8-h1 diagonals)   rotated 45 right (a1-h8 diagonals)
//!       a  b  c  d  e  f  g  h              a  b  c  d  e  f  g  h
//!  8   28 36 43 49 54 58 61 63         8   63 62 60 57 53 48 42 35
//!  7   21 29 37 44 50 55 59 62         7   61 59 56 52 47 41 34 27
//!  6   15 22 30 38 45 51 56 60         6   58 55 51 46 40 33 26 20
//!  5   10 16 23 31 39 46 52 57         5   54 50 45 39 32 25 19 14
//!  4    6 11 17 24 32 40 47 53         4   49 44 38 31 24 18 13  9
//!  3    3  7 12 18 25 33 41 48         3   43 37 30 23 17 12  8  5
//!  2    1  4  8 13 19 26 34 42         2   36 29 22 16 11  7  4  2
//!  1    0  2  5  9 14 20 27 35         1   28 21 15 10  6  3  1  0
//! ```
//!
//! Turning the board a quarter left stands each file on its side, read from rank 8 down, so
//! the a-file is bits 0 to 7. Turning it 45 degrees makes one direction of diagonals
//! horizontal; their lengths run 1, 2, …, 8, …, 2, 1, and they are packed one after another
//! (a1 alone at bit 0 of the left map, then a2-b1, then a3-b2-c1, …).
//!
//! # Finding a slider's attacks
//!
//! For each line through a square ([`Line`]), the bits of the line's *inner* squares in its
//! map form a *state* of up to six bits; the end squares never change what is attacked. The
//! state is `(map >> shift) & mask`, with `shift` and `mask` per square for diagonals, whose
//! lengths differ ([`LineSlot`]); it indexes a table of 64 attack sets per square built at
//! compile time. A rook's attacks are its rank's set or its file's, a bishop's its two
//! diagonals', a queen's all four: two or four lookups, no multiplication, no loop.
//!
//! ```
//! use boardlab_core::{Bitboard, Square};
//! use boardlab_rotated::{Line, LineSlot, RotatedOccupancy};
//! // A bishop on c1, pieces on b2 and e3.
//! let occupied: Bitboard = [Square::C1, Square::B2, Square::E3].into_iter().collect();
//! let occupancy = RotatedOccupancy::from_occupied(occupied);
//! // c1's anti-diagonal is a3-b2-c1, bits 3, 4, 5 of the left 45 map; b2 is its inner square.
//! assert_eq!(LineSlot::of(Line::AntiDiagonal, Square::C1).shift, 4);
//! assert_eq!(occupancy.state(Line::AntiDiagonal, Square::C1), 0b1);
//! // c1's diagonal c1-d2-e3-f4-g5-h6: inner squares d2..g5, e3 occupied.
//! assert_eq!(occupancy.state(Line::Diagonal, Square::C1), 0b0010);
//! let attacks = boardlab_rotated::bishop_attacks(Square::C1, &occupancy);
//! assert_eq!(attacks, [Square::B2, Square::D2, Square::E3].into_iter().collect());
//! ```
//!
//! # What the board keeps
//!
//! [`RotatedBoard`] holds a bitboard per colour and role, one per colour, the
//! [`RotatedOccupancy`] (the occupied squares in all four maps, flipped square by square in make
//! and unmake, never rebuilt), a 64-square mailbox so make knows what moves and what is taken,
//! and the side to move, castling rights, en-passant square, clocks and the Zobrist hash, all
//! updated incrementally.
//!
//! # How it reaches legal moves
//!
//! Legal moves come straight from check and pin masks: the checkers and pinned pieces are
//! found first, the king steps only to unattacked squares, the other pieces only onto the check
//! mask and along their pin lines, and en passant is tested on a copy of the occupancy maps.
//! Counting the moves of a position (the last ply of bulk perft) is a sum of population counts.
//!
//! The attack tables were checked here against the square-by-square walk of
//! `boardlab_core::bitboard::slider_attacks_slow` for every square over random occupancies
//! (`tests/attacks.rs`), and the maps were checked to be permutations whose rows follow their
//! lines (the unit tests of `rotation.rs`).
//!
//! ```
//! use boardlab_core::{perft, Board, BoardExt, PerftMode, START_FEN};
//! use boardlab_rotated::RotatedBoard;
//! let mut board = RotatedBoard::from_fen(START_FEN).unwrap();
//! assert_eq!(perft(&mut board, 3, PerftMode::Bulk), 8902);
//! ```

mod attacks;
mod board;
mod lookup;
mod rotation;
mod views;

pub use attacks::{
    anti_diagonal_attacks, attacks_for_state, bishop_attacks, bishop_rays, diagonal_attacks,
    file_attacks, line_attacks, queen_attacks, rank_attacks, rook_attacks, rook_rays, LineSlot,
    TABLE_BYTES,
};
pub use board::{RotatedBoard, RotatedTechnique, RotatedUndo};
pub use boardlab_sliders::lines::Line;
pub use lookup::{step_by_step, TECHNIQUE};
pub use rotation::{RotatedOccupancy, Rotation, RowPosition};

#[cfg(test)]
mod tests {
    use super::Rotation;

    /// The grids in the crate docs, side by side, must be what the maps compute.
    #[test]
    fn crate_docs_draw_the_maps_the_code_uses() {
        let docs = include_str!("lib.rs");
        let grid_rows = |rotation: Rotation| -> Vec<String> {
            rotation
                .square_map()
                .lines()
                .skip(1)
                .map(|line| line[2..].trim().to_string())
                .collect()
        };
        let pairs = [
            (Rotation::Normal, Rotation::Left90),
            (Rotation::Left45, Rotation::Right45),
        ];
        for (left, right) in pairs {
            for (rank, (a, b)) in grid_rows(left).iter().zip(grid_rows(right)).enumerate() {
                let n = 8 - rank;
                let drawn = squeeze(&format!("//! {n} {a} {n} {b}"));
                assert!(
                    docs.lines().any(|line| squeeze(line) == drawn),
                    "the docs lack the row {drawn:?} of {left} / {right}"
                );
            }
        }
    }

    fn squeeze(text: &str) -> String {
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }
}
