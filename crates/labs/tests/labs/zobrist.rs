//! `zobrist_update`: the hash after every legal move of random positions against a hash from
//! scratch, from the position's own hash and from another, with few squares read.

use crate::{pass, positions, rejects, Checked};
use boardlab_core::{Board, BoardExt, Color, Move, Piece, Role, Setup, Square, Zobrist};
use boardlab_labs::scaffold::zobrist::Before;
use boardlab_labs::zobrist;
use boardlab_mailbox::MailboxBoard;

/// The most squares an update may read. A good answer reads four at most (the mover's, the
/// target's, and the two beside a double push); an answer that also looks at the rook of a
/// castling move or the pawn taken en passant is still an update. A hash from scratch reads
/// all 64.
const MAX_SQUARES_READ: u32 = 8;

/// What a check met: the moves, and each special move among them.
#[derive(Debug, Default)]
struct Met {
    moves: usize,
    castles: usize,
    en_passants: usize,
    promotions: usize,
    double_pushes: usize,
}

type Update = fn(Zobrist, &Before, Move) -> Zobrist;

/// Every legal move of 2,000 random positions, from the position's hash and, for every
/// move, from that hash with one piece's number XORed in as well: XOR moves both alike.
fn check_update(update: Update) -> Checked<Met> {
    let mut met = Met::default();
    let offset = Zobrist::piece(Piece::new(Color::White, Role::Knight), Square::A8);
    // The problems that say how an answer works rather than what it answers are reported
    // after every move has been compared, in this order.
    let (mut uncarried, mut too_many_reads) = (None, None);
    for before in positions(7, 2000) {
        let hash = Zobrist::of(&before);
        for &mv in MailboxBoard::from_setup(&before).legal_moves().iter() {
            let mut after = before.clone();
            after.play(mv);
            let expected = Zobrist::of(&after);
            let view = Before::new(&before);
            let updated = update(hash, &view, mv);
            if updated != expected {
                return Err(format!(
                    "{} after {mv}: {updated:?}, expected {expected:?}",
                    before.to_fen()
                ));
            }
            if update(hash ^ offset, &Before::new(&before), mv) != expected ^ offset {
                uncarried.get_or_insert_with(|| {
                    format!(
                        "{} after {mv}: from another hash, the update does not carry the \
                         difference (is the new position hashed from scratch?)",
                        before.to_fen()
                    )
                });
            }
            if view.squares_read() > MAX_SQUARES_READ {
                too_many_reads.get_or_insert_with(|| {
                    format!(
                        "{} after {mv}: {} squares read, where an update reads a few (at most \
                         {MAX_SQUARES_READ} here) and a hash from scratch all 64",
                        before.to_fen(),
                        view.squares_read()
                    )
                });
            }
            met.moves += 1;
            met.castles += usize::from(mv.is_castle());
            met.en_passants += usize::from(mv.is_en_passant());
            met.promotions += usize::from(mv.is_promotion());
            met.double_pushes += usize::from(mv.is_double_push());
        }
    }
    match uncarried.or(too_many_reads) {
        Some(problem) => Err(problem),
        None => Ok(met),
    }
}

#[test]
fn zobrist_update_matches_hashing_from_scratch() {
    let met = pass(check_update(zobrist::update));
    assert!(met.moves >= 20_000, "only {} moves", met.moves);
    // Each special move must have been met, or its part of the update went unchecked.
    for (what, count) in [
        ("castles", met.castles),
        ("en-passant captures", met.en_passants),
        ("promotions", met.promotions),
        ("double pushes", met.double_pushes),
    ] {
        assert!(count >= 20, "only {count} {what}");
    }
}

/// The position before, read square by square from the view.
fn read_whole_board(before: &Before) -> Setup {
    let mut setup = Setup::empty();
    for sq in Square::ALL {
        setup.board[sq.index()] = before.piece_at(sq);
    }
    setup.turn = before.turn();
    setup.castling = before.castling();
    setup.ep_square = before.ep_square();
    setup
}

/// The position after, hashed from scratch: right, and blind to the hash it is given.
fn from_scratch(_hash: Zobrist, before: &Before, mv: Move) -> Zobrist {
    let mut after = read_whole_board(before);
    after.play(mv);
    Zobrist::of(&after)
}

/// The difference of two hashes from scratch, carried onto the hash given: right, from any
/// hash, and reading the whole board.
fn difference_from_scratch(hash: Zobrist, before: &Before, mv: Move) -> Zobrist {
    let setup = read_whole_board(before);
    let mut after = setup.clone();
    after.play(mv);
    hash ^ Zobrist::of(&setup) ^ Zobrist::of(&after)
}

/// As above, with the en-passant file counted after every double push, an enemy pawn beside
/// it or not: the Polyglot rule forgotten.
fn every_double_push_counted(hash: Zobrist, before: &Before, mv: Move) -> Zobrist {
    let updated = difference_from_scratch(hash, before, mv);
    let mut after = read_whole_board(before);
    after.play(mv);
    if mv.is_double_push() && after.ep_square.is_none() {
        updated ^ Zobrist::en_passant(mv.to().file())
    } else {
        updated
    }
}

#[test]
fn zobrist_update_check_rejects_wrong_answers() {
    let problem = rejects(
        "the en-passant file after every double push",
        check_update(every_double_push_counted),
    );
    assert!(problem.contains("expected"), "{problem}");
    let problem = rejects("a hash from scratch", check_update(from_scratch));
    assert!(problem.contains("another hash"), "{problem}");
    let problem = rejects(
        "a difference of hashes from scratch",
        check_update(difference_from_scratch),
    );
    assert!(problem.contains("squares read"), "{problem}");
}
