//! Legal move generation with check and pin masks.
//!
//! Once per node the generator finds the pieces giving check and the pieces pinned to their
//! king; from then on every move it produces is legal by construction:
//!
//! - **King moves** go to squares no enemy piece attacks with the king lifted off the board
//!   (so a rook's ray through the king's old square still counts). The enemy leapers' attacks
//!   are mapped whole; an enemy slider is looked up only if its empty-board rays reach one of
//!   the king's squares that no leaper already covers.
//! - **Double check**: only the king moves.
//! - **Single check**: every other move must land on the *check mask*, the checker's square or
//!   a square between it and the king; pinned pieces cannot help (they stay on their pin line,
//!   which meets the check line only at the king).
//! - **Pinned pieces** (no check) move only along the line through their king and themselves.
//! - **En passant** removes two pawns from one rank, which no pin mask describes, so each
//!   capture is tried on the occupancy and kept if no slider then sees the king.
//! - **Castling**, by the Chess960 rules, of which the standard ones are a case: not out of
//!   check; every square king or rook passes through or lands on empty but for the two of
//!   them; no square the king passes through or lands on attacked with king and rook lifted
//!   off the board (the rook may shield the king's path from an enemy on the home rank).
//!
//! The generator hands whole sets of destinations to boardlab-core's [`MoveSink`]
//! ([`push_targets`](MoveSink::push_targets), [`push_pawn_moves`](MoveSink::push_pawn_moves),
//! [`push_pawn_promotions`](MoveSink::push_pawn_promotions)), and single moves (castles, en
//! passant) to [`push`](MoveSink::push). A [`Lister`](boardlab_core::Lister) turns the sets
//! into moves; a [`MoveCounter`](boardlab_core::MoveCounter) only adds their popcounts, which
//! is how bulk perft counts the last ply without listing a move.

use crate::board::BitboardBoard;
use crate::slider_technique::SliderTechnique;
use boardlab_core::bitboard::{
    between, king_attacks, knight_attacks, line, pawn_attacks, slider_attacks_slow,
    BISHOP_DIRECTIONS, ROOK_DIRECTIONS,
};
use boardlab_core::{Bitboard, Board, CastlingSide, Color, Move, MoveFlag, MoveSink, Role, Square};

/// Generates the legal moves of `board` into `sink`: the body of
/// [`Board::generate_into`](boardlab_core::Board::generate_into) for every bitboard board.
#[inline(always)]
pub(crate) fn generate<T: SliderTechnique, S: MoveSink>(board: &BitboardBoard<T>, sink: &mut S) {
    match board.side_to_move() {
        Color::White => generate_for::<T, S, true>(board, sink),
        Color::Black => generate_for::<T, S, false>(board, sink),
    }
}

/// The set moved `delta` squares up the board (down for a negative `delta`).
#[inline(always)]
fn shift(set: Bitboard, delta: i8) -> Bitboard {
    if delta >= 0 {
        Bitboard(set.0 << delta)
    } else {
        Bitboard(set.0 >> -delta)
    }
}

/// The castling facts of one side: the squares that must be empty, the squares the king
/// crosses and lands on (all must be safe), and the move.
struct Castle {
    empty: Bitboard,
    path: Bitboard,
    mv: Move,
}

const fn castle(color: Color, side: CastlingSide) -> Castle {
    let squares = side.empty_squares(color);
    let mut empty = 0u64;
    let mut i = 0;
    while i < squares.len() {
        empty |= 1 << squares[i] as u8;
        i += 1;
    }
    let path = side.king_path(color);
    let flag = match side {
        CastlingSide::King => MoveFlag::KingCastle,
        CastlingSide::Queen => MoveFlag::QueenCastle,
    };
    Castle {
        empty: Bitboard(empty),
        path: Bitboard(1 << path[1] as u8 | 1 << path[2] as u8),
        mv: Move::new(path[0], path[2], flag),
    }
}

/// Indexed by colour, then king side and queen side.
static CASTLES: [[Castle; 2]; 2] = [
    [
        castle(Color::White, CastlingSide::King),
        castle(Color::White, CastlingSide::Queen),
    ],
    [
        castle(Color::Black, CastlingSide::King),
        castle(Color::Black, CastlingSide::Queen),
    ],
];

/// Standard castling, first half: the squares the king crosses and lands on for each castle
/// whose right is held and whose squares between king and rook are empty (none in check).
/// The two castles' paths are disjoint, so the set also says which castles are open. The
/// generator tests those squares together with the king's own targets, then calls
/// [`emit_castles`]. Rights with a king or rook off its standard square take
/// [`chess960_castles`] instead.
///
/// Written out for the two sides rather than as a loop: the loops over the castles, with an
/// array of `Option`s, had taken about 7% of bulk perft's instructions (callgrind, kiwipete).
#[inline(always)]
fn castling_candidates<T: SliderTechnique>(
    board: &BitboardBoard<T>,
    us: Color,
    occupied: Bitboard,
    checkers: Bitboard,
) -> Bitboard {
    let rights = board.castling();
    let mut castle_path = Bitboard::EMPTY;
    if rights.has_any(us) && checkers.is_empty() {
        let [king_side, queen_side] = &CASTLES[us as usize];
        if rights.has(us, CastlingSide::King) && (occupied & king_side.empty).is_empty() {
            castle_path |= king_side.path;
        }
        if rights.has(us, CastlingSide::Queen) && (occupied & queen_side.empty).is_empty() {
            castle_path |= queen_side.path;
        }
    }
    castle_path
}

/// Castling, second half: each open castle (its path within `castle_path`) whose path no
/// enemy piece attacks.
#[inline(always)]
fn emit_castles<S: MoveSink>(
    sink: &mut S,
    us: Color,
    castle_path: Bitboard,
    unsafe_squares: Bitboard,
) {
    if castle_path.is_empty() {
        return;
    }
    let safe = castle_path & !unsafe_squares;
    for castle in &CASTLES[us as usize] {
        if (castle.path & !safe).is_empty() {
            sink.push(castle.mv);
        }
    }
}

/// Castling by the Chess960 rules, for a board whose rights are not all standard ones (the
/// standard castles are a case of these rules, but take the cheaper way above): for each right
/// held, every square king or rook passes through or lands on is empty but for the two of
/// them, and no square the king passes through or lands on is attacked with king and rook
/// both lifted off the board. The rook may stand between an enemy rook or queen on the home
/// rank and the king's destination, and leaves that line when it castles. Out of line, so that
/// standard positions' generation does not grow.
///
/// It returns the castles rather than handing them to the sink: a sink passed to a function
/// that is not inlined must live in memory, and the counter then stored its sum after every
/// piece (about 1% of bulk perft's instructions, magic, callgrind).
#[inline(never)]
fn chess960_castles<T: SliderTechnique>(
    board: &BitboardBoard<T>,
    lines_without_king: &T::Lines,
    without_king: Bitboard,
) -> [Option<Move>; 2] {
    let us = board.side_to_move();
    let rights = board.castling();
    let mut castles = [None; 2];
    for (castle, side) in castles.iter_mut().zip(CastlingSide::ALL) {
        let Some(path) = rights.path(us, side) else {
            continue;
        };
        if !(without_king & path.must_be_empty).is_empty() {
            continue;
        }
        let mut lines = *lines_without_king;
        T::toggle(&mut lines, path.rook_from);
        let lifted = without_king ^ Bitboard::from_square(path.rook_from);
        // The check test has cleared the king's own square, but only with the rook in place: a
        // king that castles without moving stays there while the rook leaves, and the rook may
        // have been what stood between it and an enemy on the home rank.
        let to_test = path.king_path.without(path.king_from).with(path.king_to);
        let safe = to_test.into_iter().all(|sq| {
            board
                .attackers(T::tables(), &lines, sq, !us, lifted)
                .is_empty()
        });
        if safe {
            *castle = Some(Move::new(path.king_from, path.king_to, side.flag()));
        }
    }
    castles
}

/// Empty-board rook and bishop rays from each square, for finding pins without the state of
/// a stateful technique.
static RAYS: [[Bitboard; 64]; 2] = rays();

const fn rays() -> [[Bitboard; 64]; 2] {
    let mut table = [[Bitboard::EMPTY; 64]; 2];
    let mut i = 0;
    while i < 64 {
        let sq = Square::ALL[i];
        table[0][i] = slider_attacks_slow(sq, Bitboard::EMPTY, &ROOK_DIRECTIONS);
        table[1][i] = slider_attacks_slow(sq, Bitboard::EMPTY, &BISHOP_DIRECTIONS);
        i += 1;
    }
    table
}

/// For each square of our king, the squares from which an enemy rook (index 0) or bishop
/// (index 1) could attack a square the king may step or castle onto: the empty-board rays of
/// the squares around the king, and for a king on e1 or e8 of the squares it lands on when it
/// castles (standard castling's path lies within these; Chess960 castles are tested apart).
/// An enemy slider off these rays cannot make a king move illegal, and is not looked at: one
/// AND drops the far sliders before the loop tests each against the squares still in doubt
/// (bulk perft, six standard positions at the bench depths less one, callgrind: PEXT 248.5 M
/// -> 240.7 M instructions, magic 256.0 M -> 248.4 M).
static KING_REACH: [[Bitboard; 64]; 2] = king_reach();

const fn king_reach() -> [[Bitboard; 64]; 2] {
    let rays = rays();
    let mut table = [[Bitboard::EMPTY; 64]; 2];
    let mut king = 0;
    while king < 64 {
        let (file, rank) = ((king % 8) as i32, (king / 8) as i32);
        let mut zone = 0u64;
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (f, r) = (file + df, rank + dr);
                if f >= 0 && f < 8 && r >= 0 && r < 8 {
                    zone |= 1 << (r * 8 + f);
                }
                dr += 1;
            }
            df += 1;
        }
        // e1 and e8: castling lands on the c- and g-file.
        if king == 4 || king == 60 {
            zone |= 1 << (king - 2) | 1 << (king + 2);
        }
        let mut sq = 0;
        while sq < 64 {
            if zone & 1 << sq != 0 {
                table[0][king].0 |= rays[0][sq].0;
                table[1][king].0 |= rays[1][sq].0;
            }
            sq += 1;
        }
        king += 1;
    }
    table
}

/// The enemy sliders giving check to our king on `king`, and our pieces (in `ours`) that stand
/// alone between our king and an enemy slider (pinned), found in one scan.
///
/// A sniper is an enemy slider that would attack the king if our pieces were transparent; with
/// nothing between them it gives check, with exactly one piece between them, ours, that piece
/// is pinned. The snipers come from the empty-board rays, and the `between` test discards
/// those hidden behind their own pieces. Taking the slider checkers from this scan rather than
/// from two more lookups on the full occupancy, together with a first rewrite of the castling
/// test ([`castling_candidates`]), cut the instructions of counting a node by 10% (magic and
/// pext, 6% kindergarten; bulk perft of kiwipete without its d5 pawn to depth 5, callgrind).
/// Stateless techniques had looked the snipers up on their pieces alone; the rays instead
/// saved 0.9% of magic's bulk perft instructions and cost PEXT's 0.2% (same workload).
#[inline(always)]
fn slider_checkers_and_pinned(
    king: Square,
    ours: Bitboard,
    theirs: Bitboard,
    their_diagonal: Bitboard,
    their_straight: Bitboard,
) -> (Bitboard, Bitboard) {
    let snipers =
        (RAYS[1][king as usize] & their_diagonal) | (RAYS[0][king as usize] & their_straight);
    let occupied = ours | theirs;
    let mut checkers = Bitboard::EMPTY;
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = between(king, sniper) & occupied;
        if blockers.is_empty() {
            checkers |= Bitboard::from_square(sniper);
        } else if !blockers.more_than_one() {
            pinned |= blockers & ours;
        }
    }
    (checkers, pinned)
}

/// The pieces of the side to move pinned to their king (for the views).
pub(crate) fn pinned<T: SliderTechnique>(board: &BitboardBoard<T>) -> Bitboard {
    let us = board.side_to_move();
    let theirs = board.by_color(!us);
    let queens = board.by_role(Role::Queen);
    slider_checkers_and_pinned(
        board.king_of(us),
        board.by_color(us),
        theirs,
        (board.by_role(Role::Bishop) | queens) & theirs,
        (board.by_role(Role::Rook) | queens) & theirs,
    )
    .1
}

#[inline(always)]
fn generate_for<T: SliderTechnique, S: MoveSink, const WHITE: bool>(
    board: &BitboardBoard<T>,
    sink: &mut S,
) {
    let tables = T::tables();
    let lines = board.lines();
    let (us, them) = if WHITE {
        (Color::White, Color::Black)
    } else {
        (Color::Black, Color::White)
    };
    let ours = board.by_color(us);
    let theirs = board.by_color(them);
    let occupied = ours | theirs;
    let king = board.king_of(us);
    let queens = board.by_role(Role::Queen);
    let their_diagonal = (board.by_role(Role::Bishop) | queens) & theirs;
    let their_straight = (board.by_role(Role::Rook) | queens) & theirs;

    let (slider_checkers, pinned) =
        slider_checkers_and_pinned(king, ours, theirs, their_diagonal, their_straight);
    let checkers = (knight_attacks(king) & board.by_role(Role::Knight) & theirs)
        | (pawn_attacks(us, king) & board.by_role(Role::Pawn) & theirs)
        | slider_checkers;

    let castle_path = if board.chess960_castling {
        Bitboard::EMPTY
    } else {
        castling_candidates(board, us, occupied, checkers)
    };

    // The king's targets must not be attacked with the king lifted off the board (its path
    // when castling may be judged the same way: a ray to it through the king's square would
    // be a check).
    let without_king = occupied ^ Bitboard::from_square(king);
    let mut lines_without_king = *lines;
    T::toggle(&mut lines_without_king, king);
    let king_targets = king_attacks(king) & !ours;
    let to_test = king_targets | castle_path;
    let unsafe_squares = attacked_among::<T, WHITE>(
        board,
        tables,
        &lines_without_king,
        without_king,
        to_test,
        king,
    );
    emit_castles(sink, us, castle_path, unsafe_squares);
    if board.chess960_castling && checkers.is_empty() {
        let castles = chess960_castles(board, &lines_without_king, without_king);
        for mv in castles.into_iter().flatten() {
            sink.push(mv);
        }
    }
    let safe = king_targets & !unsafe_squares;
    sink.push_targets(king, safe, theirs);

    if checkers.more_than_one() {
        return;
    }
    let in_check = !checkers.is_empty();
    let targets = if in_check {
        between(king, Square::from_index(checkers.0.trailing_zeros() as u8)) | checkers
    } else {
        !ours
    };

    let movable = ours & !pinned;
    let our_diagonal = (board.by_role(Role::Bishop) | queens) & ours;
    let our_straight = (board.by_role(Role::Rook) | queens) & ours;
    for from in board.by_role(Role::Knight) & movable {
        sink.push_targets(from, knight_attacks(from) & targets, theirs);
    }
    for from in our_diagonal & movable {
        let attacks = T::bishop_attacks(tables, lines, occupied, from);
        sink.push_targets(from, attacks & targets, theirs);
    }
    for from in our_straight & movable {
        let attacks = T::rook_attacks(tables, lines, occupied, from);
        sink.push_targets(from, attacks & targets, theirs);
    }

    let our_pawns = board.by_role(Role::Pawn) & ours;
    pawn_moves::<S, WHITE>(sink, our_pawns & !pinned, targets, occupied, theirs);

    // Most positions have no pinned piece; one test skips the three loops' tests (pext bulk
    // perft, six standard positions at the bench depths less one: 252.5 M -> 248.5 M
    // instructions, callgrind).
    if !in_check && !pinned.is_empty() {
        for from in pinned & our_diagonal {
            let attacks = T::bishop_attacks(tables, lines, occupied, from);
            let along = attacks & targets & line(king, from);
            sink.push_targets(from, along, theirs);
        }
        for from in pinned & our_straight {
            let attacks = T::rook_attacks(tables, lines, occupied, from);
            let along = attacks & targets & line(king, from);
            sink.push_targets(from, along, theirs);
        }
        for from in pinned & our_pawns {
            pawn_moves::<S, WHITE>(
                sink,
                Bitboard::from_square(from),
                targets & line(king, from),
                occupied,
                theirs,
            );
        }
    }

    if let Some(ep) = board.state.position.ep_square {
        let up: i8 = if WHITE { 8 } else { -8 };
        let victim = Square::from_index((ep as i8 - up) as u8);
        // A checker that is no slider stays a checker unless it is the captured pawn.
        let leaper_checkers =
            checkers & !(their_diagonal | their_straight) & !Bitboard::from_square(victim);
        if leaper_checkers.is_empty() {
            for from in pawn_attacks(them, ep) & our_pawns {
                let after = occupied
                    ^ Bitboard::from_square(from)
                    ^ Bitboard::from_square(victim)
                    ^ Bitboard::from_square(ep);
                let mut lines_after = *lines;
                T::toggle(&mut lines_after, from);
                T::toggle(&mut lines_after, victim);
                T::toggle(&mut lines_after, ep);
                let exposed = (T::bishop_attacks(tables, &lines_after, after, king)
                    & their_diagonal)
                    | (T::rook_attacks(tables, &lines_after, after, king) & their_straight);
                if exposed.is_empty() {
                    sink.push(Move::new(from, ep, MoveFlag::EnPassant));
                }
            }
        }
    }
}

/// The squares of `to_test` that a piece of the side not to move (white's opponent if `WHITE`)
/// attacks when `occupied` (which `lines` stands for) is occupied.
///
/// The leapers' attacks cost a shift or a load each, so they are mapped whole. A slider costs
/// a lookup, so it is looked up only if its empty-board rays reach a square still in doubt:
/// most enemy sliders are nowhere near our king. This replaced testing each square with every
/// kind of attacker (two slider lookups per square) and cut the instructions of bulk perft by
/// 10% for magic and rotated, 5% for PEXT (kiwipete without its d5 pawn to depth 5, callgrind).
#[inline(always)]
fn attacked_among<T: SliderTechnique, const WHITE: bool>(
    board: &BitboardBoard<T>,
    tables: &T::Tables,
    lines: &T::Lines,
    occupied: Bitboard,
    to_test: Bitboard,
    king: Square,
) -> Bitboard {
    let them = if WHITE { Color::Black } else { Color::White };
    let theirs = board.by_color(them);
    let pawns = board.by_role(Role::Pawn) & theirs;
    // Their pawns capture down the board when we are white, up when we are black.
    let down: i8 = if WHITE { -8 } else { 8 };
    let mut attacked = shift(pawns & !Bitboard::FILE_A, down - 1)
        | shift(pawns & !Bitboard::FILE_H, down + 1)
        | king_attacks(board.king_of(them));
    for from in board.by_role(Role::Knight) & theirs {
        attacked |= knight_attacks(from);
    }
    let mut in_doubt = to_test & !attacked;
    if in_doubt.is_empty() {
        return to_test & attacked;
    }
    let queens = board.by_role(Role::Queen);
    let [straight_reach, diagonal_reach] = &KING_REACH;
    for from in (board.by_role(Role::Bishop) | queens) & theirs & diagonal_reach[king as usize] {
        if !(RAYS[1][from as usize] & in_doubt).is_empty() {
            let attacks = T::bishop_attacks(tables, lines, occupied, from);
            attacked |= attacks;
            in_doubt &= !attacks;
        }
    }
    for from in (board.by_role(Role::Rook) | queens) & theirs & straight_reach[king as usize] {
        if !(RAYS[0][from as usize] & in_doubt).is_empty() {
            let attacks = T::rook_attacks(tables, lines, occupied, from);
            attacked |= attacks;
            in_doubt &= !attacks;
        }
    }
    to_test & attacked
}

/// The pawn moves of `pawns` (not en passant) that land on `targets`.
#[inline(always)]
fn pawn_moves<S: MoveSink, const WHITE: bool>(
    sink: &mut S,
    pawns: Bitboard,
    targets: Bitboard,
    occupied: Bitboard,
    theirs: Bitboard,
) {
    let up: i8 = if WHITE { 8 } else { -8 };
    let (double_rank, last_rank, before_last_rank) = if WHITE {
        (Bitboard::rank(2), Bitboard::RANK_8, Bitboard::rank(6))
    } else {
        (Bitboard::rank(5), Bitboard::RANK_1, Bitboard::rank(1))
    };
    let empty = !occupied;
    let single = shift(pawns, up) & empty;
    let double = shift(single & double_rank, up) & empty & targets;
    let single = single & targets;
    // Most positions have no pawn about to promote; they skip splitting each set at the last
    // rank, which saved about 3% of bulk perft's instructions (magic, kiwipete, callgrind).
    if (pawns & before_last_rank).is_empty() {
        sink.push_pawn_moves(single, up, MoveFlag::Quiet);
        sink.push_pawn_moves(double, 2 * up, MoveFlag::DoublePush);
        let west = shift(pawns & !Bitboard::FILE_A, up - 1) & theirs & targets;
        let east = shift(pawns & !Bitboard::FILE_H, up + 1) & theirs & targets;
        sink.push_pawn_moves(west, up - 1, MoveFlag::Capture);
        sink.push_pawn_moves(east, up + 1, MoveFlag::Capture);
        return;
    }
    sink.push_pawn_moves(single & !last_rank, up, MoveFlag::Quiet);
    sink.push_pawn_moves(double, 2 * up, MoveFlag::DoublePush);
    sink.push_pawn_promotions(single & last_rank, up, false);

    // Towards the a-file the step is one square less than `up`, towards the h-file one more.
    let west = shift(pawns & !Bitboard::FILE_A, up - 1) & theirs & targets;
    let east = shift(pawns & !Bitboard::FILE_H, up + 1) & theirs & targets;
    sink.push_pawn_moves(west & !last_rank, up - 1, MoveFlag::Capture);
    sink.push_pawn_moves(east & !last_rank, up + 1, MoveFlag::Capture);
    sink.push_pawn_promotions(west & last_rank, up - 1, true);
    sink.push_pawn_promotions(east & last_rank, up + 1, true);
}
