//! `piece_list_capture`: the list after a capture and after putting the piece back, slot by
//! slot, against the piece-list backend.

use crate::{pass, positions, rejects, Checked};
use boardlab_core::{Board, BoardExt, Role, Square};
use boardlab_labs::piece_list::SlotList;
use boardlab_piece_list::PieceListBoard;

type RemoveOn = fn(&mut SlotList, Square) -> Option<(usize, Role)>;
type PutBack = fn(&mut SlotList, usize, Role, Square);

/// Plays every capture of 2,000 random positions on the backend and compares the lists;
/// returns the number of captures.
fn check_capture(remove_on: RemoveOn, put_back: PutBack) -> Checked<usize> {
    let mut captures = 0;
    for setup in positions(8, 2000) {
        let board = PieceListBoard::from_setup(&setup);
        let them = !setup.turn;
        for &mv in board.legal_moves().iter().filter(|mv| mv.is_capture()) {
            let victim = if mv.is_en_passant() {
                mv.to()
                    .offset(0, -setup.turn.forward())
                    .expect("behind the target")
            } else {
                mv.to()
            };
            let original = SlotList::new(board.list(them).iter());
            let mut list = original.clone();
            let Some((slot, role)) = remove_on(&mut list, victim) else {
                return Err(format!(
                    "{} after {mv}: remove_on({victim}) found nothing",
                    setup.to_fen()
                ));
            };
            let mut after = board.clone();
            after.make(mv);
            let expected = SlotList::new(after.list(them).iter());
            if list != expected {
                return Err(format!(
                    "{} after {mv}: the list is {list:?}, the backend's {expected:?}",
                    setup.to_fen()
                ));
            }
            put_back(&mut list, slot, role, victim);
            if list != original {
                return Err(format!(
                    "{} after {mv} and back: the list is {list:?}, was {original:?}",
                    setup.to_fen()
                ));
            }
            captures += 1;
        }
    }
    // A square with no entry leaves the list alone.
    let mut list = SlotList::new([(Role::King, Square::E1)]);
    if remove_on(&mut list, Square::E2).is_some() || list.len != 1 {
        return Err("remove_on of an empty square changed the list".to_string());
    }
    Ok(captures)
}

#[test]
fn piece_list_capture_matches_the_backend() {
    let captures = pass(check_capture(SlotList::remove_on, SlotList::put_back));
    assert!(captures >= 2000, "only {captures} captures");
}

/// Removes by shifting every later entry down one slot: the right set of pieces, in an order
/// the backend's lists do not have.
fn remove_by_shifting(list: &mut SlotList, sq: Square) -> Option<(usize, Role)> {
    let slot = list.iter().position(|(_, on)| on == sq)?;
    let (role, _) = list.entries[slot]?;
    list.entries.copy_within(slot + 1..list.len, slot);
    list.len -= 1;
    list.entries[list.len] = None;
    Some((slot, role))
}

/// Shifts the later entries back up and puts the piece back in its slot: with the removal
/// above, the order comes back as it was, so only the check after the capture fails.
fn put_back_by_shifting(list: &mut SlotList, slot: usize, role: Role, sq: Square) {
    list.entries.copy_within(slot..list.len, slot + 1);
    list.entries[slot] = Some((role, sq));
    list.len += 1;
}

#[test]
fn piece_list_capture_check_rejects_wrong_answers() {
    let problem = rejects(
        "a removal that shifts the later entries down",
        check_capture(remove_by_shifting, put_back_by_shifting),
    );
    assert!(problem.contains("the backend's"), "{problem}");
}
