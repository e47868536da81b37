//! `rotated_bit`, `rotated_state`: the four maps and the line states against the rotated
//! backend.

use crate::{occupancies, pass, rejects, Checked};
use boardlab_core::{Bitboard, Square};
use boardlab_labs::rotated;
use boardlab_labs::scaffold::rotated::{Line, Rotation};
use boardlab_rotated::RotatedOccupancy;

/// The backend's map of the same name.
fn backend_rotation(rotation: Rotation) -> boardlab_rotated::Rotation {
    match rotation {
        Rotation::Normal => boardlab_rotated::Rotation::Normal,
        Rotation::Left90 => boardlab_rotated::Rotation::Left90,
        Rotation::Left45 => boardlab_rotated::Rotation::Left45,
        Rotation::Right45 => boardlab_rotated::Rotation::Right45,
    }
}

/// The backend's line of the same name.
fn backend_line(line: Line) -> boardlab_rotated::Line {
    match line {
        Line::Rank => boardlab_rotated::Line::Rank,
        Line::File => boardlab_rotated::Line::File,
        Line::Diagonal => boardlab_rotated::Line::Diagonal,
        Line::AntiDiagonal => boardlab_rotated::Line::AntiDiagonal,
    }
}

type RotatedBit = fn(Rotation, Square) -> u8;

/// Every square in every map; returns the number of (map, square) pairs.
fn check_bit(rotated_bit: RotatedBit) -> Checked<usize> {
    let mut cases = 0;
    for rotation in Rotation::ALL {
        for sq in Square::ALL {
            let (bit, expected) = (
                rotated_bit(rotation, sq),
                backend_rotation(rotation).bit(sq),
            );
            if bit != expected {
                return Err(format!(
                    "{} {sq}: bit {bit}, expected {expected}",
                    rotation.name()
                ));
            }
            cases += 1;
        }
    }
    Ok(cases)
}

#[test]
fn rotated_bit_matches_the_backend_maps() {
    assert_eq!(pass(check_bit(rotated::rotated_bit)), 256);
}

/// The square's own index in every map: the normal map only.
fn bit_ignoring_the_rotation(_rotation: Rotation, sq: Square) -> u8 {
    sq as u8
}

#[test]
fn rotated_bit_check_rejects_wrong_answers() {
    rejects(
        "the normal map for all four",
        check_bit(bit_ignoring_the_rotation),
    );
}

type LineState = fn(Line, Square, Bitboard) -> u8;

/// Every line through every square on 100 random occupancies; returns the number of cases.
fn check_state(line_state: LineState) -> Checked<usize> {
    let mut cases = 0;
    for occupied in occupancies(3, 100) {
        let occupancy = RotatedOccupancy::from_occupied(occupied);
        for line in Line::ALL {
            for sq in Square::ALL {
                let state = line_state(line, sq, occupied);
                let expected = occupancy.state(backend_line(line), sq);
                if state != expected {
                    return Err(format!(
                        "{} through {sq}: state {state:#b}, expected {expected:#b}, occupied \
                         {occupied:?}",
                        line.name()
                    ));
                }
                cases += 1;
            }
        }
    }
    Ok(cases)
}

#[test]
fn rotated_state_matches_the_backend_states() {
    assert_eq!(pass(check_state(rotated::line_state)), 100 * 4 * 64);
}

/// The rank's inner squares for every line, as the chapter's first paragraph reads a rank.
fn rank_state_for_every_line(_line: Line, sq: Square, occupied: Bitboard) -> u8 {
    ((occupied.0 >> (8 * sq.rank().index() + 1)) & 63) as u8
}

#[test]
fn rotated_state_check_rejects_wrong_answers() {
    let problem = rejects(
        "the rank's state for every line",
        check_state(rank_state_for_every_line),
    );
    assert!(problem.starts_with("file"), "{problem}");
}
