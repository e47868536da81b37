//! `mailbox_slide`: the cells of a ray in order, nearest first, each once, and no cell read
//! off the ray.

use crate::{
    assert_walk_is_the_slow_walk, occupancies, pass, rejects, slow_walk_in_ray_order, Checked,
    StrayReads,
};
use boardlab_core::{Bitboard, Square};
use boardlab_labs::mailbox;
use boardlab_labs::scaffold::mailbox::{cell, Cells, BISHOP_STEPS, PIECE, ROOK_STEPS};

type Slide = fn(&Cells, usize, isize) -> Vec<usize>;

/// The file and rank change of a mailbox step.
fn direction(step: isize) -> (i8, i8) {
    match step {
        1 => (1, 0),
        -1 => (-1, 0),
        10 => (0, 1),
        -10 => (0, -1),
        11 => (1, 1),
        9 => (-1, 1),
        -9 => (1, -1),
        _ => (-1, -1),
    }
}

/// The ray from `sq` along `(df, dr)`, square by square: the cells reached nearest first,
/// and the cell that ended the ray (a piece, which is among the reached, or the frame).
fn walk(sq: Square, occupied: Bitboard, (df, dr): (i8, i8)) -> (Vec<usize>, usize) {
    let mut reached = Vec::new();
    let mut current = sq;
    while let Some(next) = current.offset(df, dr) {
        reached.push(cell(next));
        if occupied.contains(next) {
            return (reached, cell(next));
        }
        current = next;
    }
    let beyond = cell(current) as isize + 10 * dr as isize + df as isize;
    (reached, beyond as usize)
}

/// Slides from every square along every rook and bishop step on 200 random occupancies;
/// returns the number of rays.
fn check_slide(slide: Slide) -> Checked<usize> {
    let mut rays = 0;
    let mut stray_reads = StrayReads::default();
    for occupied in occupancies(2, 200) {
        let cells = Cells::new(occupied);
        for sq in Square::ALL {
            for step in ROOK_STEPS.into_iter().chain(BISHOP_STEPS) {
                let (expected, end) = walk(sq, occupied, direction(step));
                cells.take_reads();
                let reached = slide(&cells, cell(sq), step);
                let read = cells.take_reads();
                if reached != expected {
                    return Err(format!(
                        "from {sq} with step {step}: {reached:?}, expected {expected:?} (nearest \
                         first, each once), occupied {occupied:?}"
                    ));
                }
                let on_ray = expected
                    .iter()
                    .chain([&end])
                    .fold(0u128, |set, &c| set | 1 << c);
                stray_reads.check(read, on_ray, |stray| {
                    let off: Vec<u32> = (0..120).filter(|&c| stray >> c & 1 != 0).collect();
                    format!(
                        "from {sq} with step {step}: read cells {off:?}, which are not on the ray"
                    )
                });
                rays += 1;
            }
        }
    }
    stray_reads.verdict(rays)
}

#[test]
fn mailbox_slide_matches_the_ray_walk() {
    assert_eq!(pass(check_slide(mailbox::slide)), 200 * 64 * 8);
}

/// The test's walk is the slow walk of boardlab-core, as sets.
#[test]
fn mailbox_slide_walk_agrees_with_the_slow_walk() {
    let steps: Vec<isize> = ROOK_STEPS.into_iter().chain(BISHOP_STEPS).collect();
    assert_walk_is_the_slow_walk(2, &steps, direction, |sq, occupied, step| {
        let (reached, _) = walk(sq, occupied, direction(step));
        reached
            .iter()
            .map(|&c| boardlab_labs::scaffold::mailbox::square_of_cell(c).expect("a playing cell"))
            .collect()
    });
}

/// The shortcut: the occupancy read from all 64 cells and handed to core's slow walk, the
/// squares put in ray order. The cells come out right; the reads give it away.
fn by_the_slow_walk(cells: &Cells, from: usize, step: isize) -> Vec<usize> {
    let occupied: Bitboard = Square::ALL
        .into_iter()
        .filter(|&sq| cells[cell(sq)] == PIECE)
        .collect();
    let Some(sq) = boardlab_labs::scaffold::mailbox::square_of_cell(from) else {
        return Vec::new();
    };
    slow_walk_in_ray_order(sq, occupied, direction(step))
        .into_iter()
        .map(cell)
        .collect()
}

/// The right cells, farthest first.
fn farthest_first(cells: &Cells, from: usize, step: isize) -> Vec<usize> {
    let mut reached = by_the_slow_walk(cells, from, step);
    reached.reverse();
    reached
}

/// The right cells, and the blocker's cell a second time.
fn blocker_twice(cells: &Cells, from: usize, step: isize) -> Vec<usize> {
    let mut reached = by_the_slow_walk(cells, from, step);
    if let Some(&last) = reached.last() {
        if cells[last] == PIECE {
            reached.push(last);
        }
    }
    reached
}

/// The right cells, and the frame cell that ended the ray.
fn frame_cell_kept(cells: &Cells, from: usize, step: isize) -> Vec<usize> {
    let mut reached = by_the_slow_walk(cells, from, step);
    match reached.last() {
        None => reached.push(from.wrapping_add_signed(step)),
        Some(&last) if cells[last] != PIECE => reached.push(last.wrapping_add_signed(step)),
        Some(_) => {}
    }
    reached
}

#[test]
fn mailbox_slide_check_rejects_wrong_answers() {
    for (what, wrong) in [
        ("the farthest cell first", farthest_first as Slide),
        ("the blocker twice", blocker_twice),
        ("the frame cell kept", frame_cell_kept),
    ] {
        let problem = rejects(what, check_slide(wrong));
        assert!(
            problem.contains("nearest first, each once"),
            "{what}: {problem}"
        );
    }
    let problem = rejects("core's slow walk", check_slide(by_the_slow_walk));
    assert!(problem.contains("not on the ray"), "{problem}");
}
