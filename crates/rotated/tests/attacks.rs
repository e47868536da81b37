//! The rotated-table attacks against the square-by-square walk of boardlab-core.

use boardlab_core::bitboard::{slider_attacks_slow, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use boardlab_core::{Bitboard, Square};
use boardlab_rotated::{
    bishop_attacks, bishop_rays, line_attacks, queen_attacks, rook_attacks, rook_rays, Line,
    LineSlot, RotatedOccupancy, Rotation,
};

/// A small xorshift generator: the occupancies only need to be varied and repeatable.
struct Xorshift(u64);

impl Xorshift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Occupancies from nearly full to nearly empty: one to four random words ANDed together.
    fn occupancy(&mut self) -> Bitboard {
        let words = 1 + self.next() % 4;
        let mut bits = !0u64;
        for _ in 0..words {
            bits &= self.next();
        }
        Bitboard(bits)
    }
}

fn line_directions(line: Line) -> [(i8, i8); 4] {
    let (df, dr) = line.step();
    [(df, dr), (-df, -dr), (df, dr), (-df, -dr)]
}

#[test]
fn slider_attacks_equal_the_slow_walk_for_every_square() {
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
    for sq in Square::ALL {
        for _ in 0..3000 {
            let occupied = rng.occupancy();
            let occupancy = RotatedOccupancy::from_occupied(occupied);
            let rook = slider_attacks_slow(sq, occupied, &ROOK_DIRECTIONS);
            let bishop = slider_attacks_slow(sq, occupied, &BISHOP_DIRECTIONS);
            assert_eq!(
                rook_attacks(sq, &occupancy),
                rook,
                "rook on {sq}, {occupied:?}"
            );
            assert_eq!(
                bishop_attacks(sq, &occupancy),
                bishop,
                "bishop on {sq}, {occupied:?}"
            );
            assert_eq!(
                queen_attacks(sq, &occupancy),
                rook | bishop,
                "queen on {sq}"
            );
            for line in Line::ALL {
                let expected = slider_attacks_slow(sq, occupied, &line_directions(line));
                assert_eq!(
                    line_attacks(line, sq, &occupancy),
                    expected,
                    "{} of {sq}",
                    line.name()
                );
            }
        }
    }
}

#[test]
fn empty_board_rays_reach_the_edges() {
    for sq in Square::ALL {
        assert_eq!(
            rook_rays(sq),
            slider_attacks_slow(sq, Bitboard::EMPTY, &ROOK_DIRECTIONS)
        );
        assert_eq!(
            bishop_rays(sq),
            slider_attacks_slow(sq, Bitboard::EMPTY, &BISHOP_DIRECTIONS)
        );
        assert_eq!(rook_rays(sq).count(), 14);
    }
}

#[test]
fn the_state_has_one_bit_per_inner_square_of_the_line() {
    let mut rng = Xorshift(7);
    for sq in Square::ALL {
        for line in Line::ALL {
            let squares = Rotation::of(line).row_squares(sq);
            let slot = LineSlot::of(line, sq);
            let inner = squares.len().saturating_sub(2);
            assert_eq!(
                u32::from(slot.mask).count_ones() as usize,
                inner,
                "{} of {sq}",
                line.name()
            );
            for _ in 0..50 {
                let occupied = rng.occupancy();
                let occupancy = RotatedOccupancy::from_occupied(occupied);
                let state = occupancy.state(line, sq);
                for (i, &inner_sq) in squares.iter().skip(1).take(inner).enumerate() {
                    assert_eq!(state >> i & 1 != 0, occupied.contains(inner_sq));
                }
            }
        }
    }
}
