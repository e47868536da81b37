//! Random valid positions for differential tests, valid by construction.
//!
//! Two sources, both returning only positions that pass [`Setup::validate`], so a test that
//! draws `n` of them tests `n` positions:
//!
//! - [`random_placement`]: pieces put on the board at random, steered towards the corners of
//!   the rules. Each placement may get castling rights with king and rooks at home, an
//!   en-passant square behind a pawn that just double-pushed (often with a pawn beside it, and
//!   sometimes with a pin that makes the capture illegal), a check or a double check, and
//!   pieces pinned to the king, before the rest of the board is filled. A placement that breaks
//!   a rule of validation is drawn again, inside the function.
//! - [`random_game`]: the positions along a random legal game from a start position.
//!
//! [`random_position`] mixes the two. [`Features`] says what a position holds, so a test can
//! check that the corners it aims at really occur.

use crate::bitboard::pawn_attacks;
use crate::setup::piece_attacks;
use crate::{Bitboard, Board, CastlingRights, CastlingSide, Color, Piece, Role, Setup, Square};
use rand::seq::SliceRandom;
use rand::Rng;

/// The directions from a square, as file and rank steps: four straight, then four diagonal.
const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// What a position holds that move generators find hard.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Features {
    /// The side to move is in check.
    pub check: bool,
    /// The side to move is in check from two pieces.
    pub double_check: bool,
    /// A piece of the side to move is pinned to its king.
    pub pin: bool,
    /// An en-passant square is set (a pawn of the side to move stands beside the pushed pawn).
    pub en_passant: bool,
    /// An en-passant capture is legal.
    pub legal_en_passant: bool,
    /// Some castling right is held.
    pub castling: bool,
}

impl Features {
    /// What `setup` holds.
    pub fn of(setup: &Setup) -> Features {
        let us = setup.turn;
        let king = setup.king(us);
        let checkers = king.map_or(Bitboard::EMPTY, |king| {
            setup.attackers(king, !us, setup.occupied())
        });
        Features {
            check: !checkers.is_empty(),
            double_check: checkers.more_than_one(),
            pin: king.is_some_and(|king| has_pin(setup, king)),
            en_passant: setup.ep_square.is_some(),
            legal_en_passant: setup.has_legal_ep_capture(),
            castling: setup.castling != CastlingRights::NONE,
        }
    }
}

/// Whether a piece of the side to move stands alone between its king and an enemy slider that
/// moves along that line.
fn has_pin(setup: &Setup, king: Square) -> bool {
    let us = setup.turn;
    DIRECTIONS.into_iter().any(|(df, dr)| {
        let mut own = None;
        let mut sq = king;
        while let Some(next) = sq.offset(df, dr) {
            sq = next;
            let Some(piece) = setup.piece_at(sq) else {
                continue;
            };
            if piece.color == us {
                if own.is_some() {
                    return false;
                }
                own = Some(sq);
            } else {
                let straight = df == 0 || dr == 0;
                let slides = match piece.role {
                    Role::Queen => true,
                    Role::Rook => straight,
                    Role::Bishop => !straight,
                    _ => false,
                };
                return slides && own.is_some();
            }
        }
        false
    })
}

/// A random valid position: a [`random_placement`] or a position of a [`random_game`] (played
/// on board type `B`) from one of `starts`, in about equal numbers.
pub fn random_position<B: Board>(rng: &mut impl Rng, starts: &[&str]) -> Setup {
    if rng.gen_bool(0.5) || starts.is_empty() {
        return random_placement(rng);
    }
    let fen = starts[rng.gen_range(0..starts.len())];
    let start = Setup::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"));
    let plies = rng.gen_range(0..60);
    let game = random_game::<B>(rng, &start, plies);
    game[rng.gen_range(0..game.len())].clone()
}

/// The positions of a random legal game of up to `plies` moves from `start`, `start` first,
/// played on board type `B`. The game ends early at mate or stalemate.
pub fn random_game<B: Board>(rng: &mut impl Rng, start: &Setup, plies: usize) -> Vec<Setup> {
    let mut board = B::from_setup(start);
    let mut positions = vec![board.to_setup()];
    for _ in 0..plies {
        let moves = board.legal_moves();
        let Some(&mv) = moves.choose(rng) else {
            break;
        };
        board.make(mv);
        positions.push(board.to_setup());
    }
    positions
}

/// A random placement that passes validation (see the module docs for what it aims at).
pub fn random_placement(rng: &mut impl Rng) -> Setup {
    loop {
        if let Some(setup) = try_placement(rng) {
            return setup;
        }
    }
}

/// One attempt at a placement: `None` when it breaks a rule of validation.
fn try_placement(rng: &mut impl Rng) -> Option<Setup> {
    let mut setup = Setup::empty();
    setup.turn = if rng.gen_bool(0.5) {
        Color::White
    } else {
        Color::Black
    };
    let us = setup.turn;
    for color in Color::ALL {
        if rng.gen_bool(0.35) {
            place_castling(rng, &mut setup, color);
        }
    }
    if rng.gen_bool(0.4) {
        place_double_push(rng, &mut setup);
    }
    for color in Color::ALL {
        if setup.king(color).is_none() {
            let sq = random_empty(rng, &setup, |_| true)?;
            setup.board[sq.index()] = Some(Piece::new(color, Role::King));
        }
    }
    if rng.gen_bool(0.35) {
        place_pin(rng, &mut setup, us);
    }
    if rng.gen_bool(0.3) {
        place_checker(rng, &mut setup, us);
        if rng.gen_bool(0.25) {
            place_checker(rng, &mut setup, us);
        }
    }
    for _ in 0..rng.gen_range(0..=12) {
        let color = if rng.gen_bool(0.5) {
            Color::White
        } else {
            Color::Black
        };
        let role = *[
            Role::Pawn,
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ]
        .choose(rng)?;
        if let Some(sq) = random_empty(rng, &setup, |sq| fits(role, sq)) {
            setup.board[sq.index()] = Some(Piece::new(color, role));
        }
    }
    setup.halfmove_clock = rng.gen_range(0..100);
    setup.fullmove_number = rng.gen_range(1..80);
    setup.validate().ok()?;
    setup.normalize_ep_square();
    Some(setup)
}

/// Whether `role` may stand on `sq` (pawns not on the first or last rank).
fn fits(role: Role, sq: Square) -> bool {
    role != Role::Pawn || !matches!(sq.rank().index(), 0 | 7)
}

/// A random empty square for which `allowed` holds, if any.
fn random_empty(
    rng: &mut impl Rng,
    setup: &Setup,
    allowed: impl Fn(Square) -> bool,
) -> Option<Square> {
    let empty: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|&sq| setup.piece_at(sq).is_none() && allowed(sq))
        .collect();
    empty.choose(rng).copied()
}

/// King and one or both rooks of `color` on their home squares, each right held.
fn place_castling(rng: &mut impl Rng, setup: &mut Setup, color: Color) {
    setup.board[CastlingSide::king_from(color).index()] = Some(Piece::new(color, Role::King));
    for side in CastlingSide::ALL {
        if rng.gen_bool(0.7) {
            setup.board[side.rook_from(color).index()] = Some(Piece::new(color, Role::Rook));
            if rng.gen_bool(0.85) {
                setup.castling = setup.castling.with(color, side);
            }
        }
    }
}

/// A pawn of the side not to move that just double-pushed, the en-passant square behind it,
/// usually a pawn of the side to move beside it, and sometimes the king of the side to move
/// on that rank with an enemy rook or queen beyond the two pawns: the pin that only an
/// en-passant capture exposes.
fn place_double_push(rng: &mut impl Rng, setup: &mut Setup) {
    let us = setup.turn;
    let pusher = !us;
    let file = rng.gen_range(0..8i8);
    // The pushed pawn lands on the fourth rank (white) or the fifth (black).
    let landing = if pusher == Color::White { 3 } else { 4 };
    let Some(pushed_to) = Square::A1.offset(file, landing) else {
        return;
    };
    let (Some(ep), Some(from)) = (
        pushed_to.offset(0, -pusher.forward()),
        pushed_to.offset(0, -2 * pusher.forward()),
    ) else {
        return;
    };
    if [pushed_to, ep, from]
        .iter()
        .any(|&sq| setup.piece_at(sq).is_some())
    {
        return;
    }
    setup.board[pushed_to.index()] = Some(Piece::new(pusher, Role::Pawn));
    setup.ep_square = Some(ep);
    if rng.gen_bool(0.8) {
        let side = if rng.gen_bool(0.5) { 1 } else { -1 };
        if let Some(beside) = pushed_to.offset(side, 0) {
            if setup.piece_at(beside).is_none() {
                setup.board[beside.index()] = Some(Piece::new(us, Role::Pawn));
            }
        }
    }
    if rng.gen_bool(0.3) && setup.king(us).is_none() {
        // The king at one end of the rank, the slider at the other.
        let rank: Vec<Square> = (0..8)
            .filter_map(|file| Square::A1.offset(file, landing))
            .collect();
        let (ends, slider) = if rng.gen_bool(0.5) {
            ((rank[0], rank[7]), Role::Rook)
        } else {
            ((rank[7], rank[0]), Role::Queen)
        };
        if setup.piece_at(ends.0).is_none() && setup.piece_at(ends.1).is_none() {
            setup.board[ends.0.index()] = Some(Piece::new(us, Role::King));
            setup.board[ends.1.index()] = Some(Piece::new(pusher, slider));
        }
    }
}

/// A piece of `us` pinned to its king by an enemy slider along a random line.
fn place_pin(rng: &mut impl Rng, setup: &mut Setup, us: Color) {
    let Some(king) = setup.king(us) else {
        return;
    };
    let (df, dr) = DIRECTIONS[rng.gen_range(0..8)];
    let mut ray = Vec::new();
    let mut sq = king;
    while let Some(next) = sq.offset(df, dr) {
        if setup.piece_at(next).is_some() {
            break;
        }
        ray.push(next);
        sq = next;
    }
    if ray.len() < 2 {
        return;
    }
    let pinned_at = rng.gen_range(0..ray.len() - 1);
    let pinner_at = rng.gen_range(pinned_at + 1..ray.len());
    let pinned = *[
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ]
    .choose(rng)
    .unwrap_or(&Role::Knight);
    let straight = df == 0 || dr == 0;
    let pinner = match (straight, rng.gen_bool(0.3)) {
        (_, true) => Role::Queen,
        (true, false) => Role::Rook,
        (false, false) => Role::Bishop,
    };
    if fits(pinned, ray[pinned_at]) {
        setup.board[ray[pinned_at].index()] = Some(Piece::new(us, pinned));
        setup.board[ray[pinner_at].index()] = Some(Piece::new(!us, pinner));
    }
}

/// An enemy piece that gives check to the king of `us`.
fn place_checker(rng: &mut impl Rng, setup: &mut Setup, us: Color) {
    let Some(king) = setup.king(us) else {
        return;
    };
    let role = *[
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ]
    .choose(rng)
    .unwrap_or(&Role::Rook);
    let them = !us;
    // The squares from which a piece of `role` attacks the king: for a pawn, those it would
    // capture the king from; for the others, the king's own attacks as that piece.
    let from = match role {
        Role::Pawn => pawn_attacks(us, king),
        _ => piece_attacks(Piece::new(them, role), king, setup.occupied()),
    };
    let candidates: Vec<Square> = from
        .filter(|&sq| setup.piece_at(sq).is_none() && fits(role, sq))
        .collect();
    // A second checker may break validation's rules (two checkers on one line through the
    // king, or beside an en-passant square); such an attempt is drawn again.
    if let Some(&sq) = candidates.choose(rng) {
        setup.board[sq.index()] = Some(Piece::new(them, role));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ReferenceBoard;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    #[test]
    fn placements_are_valid_and_reach_every_feature() {
        let mut rng = StdRng::seed_from_u64(1);
        const COUNT: usize = 2_000;
        let mut seen = [0usize; 7];
        for _ in 0..COUNT {
            let setup = random_placement(&mut rng);
            assert_eq!(setup.validate(), Ok(()), "{setup:?}");
            let f = Features::of(&setup);
            for (count, present) in seen.iter_mut().zip([
                f.check,
                f.double_check,
                f.pin,
                f.en_passant,
                f.legal_en_passant,
                f.en_passant && !f.legal_en_passant,
                f.castling,
            ]) {
                *count += usize::from(present);
            }
        }
        // Each corner in at least one placement in a hundred.
        for (name, count) in [
            "check",
            "double check",
            "pin",
            "en passant",
            "legal en passant",
            "en passant exposing the king",
            "castling",
        ]
        .iter()
        .zip(seen)
        {
            assert!(count >= COUNT / 100, "{name}: {count} of {COUNT}");
        }
    }

    #[test]
    fn games_are_legal_from_their_start() {
        let mut rng = StdRng::seed_from_u64(2);
        let game = random_game::<ReferenceBoard>(&mut rng, &Setup::start(), 40);
        assert!(game.len() > 1);
        assert_eq!(game[0], Setup::start());
        for pair in game.windows(2) {
            let board = ReferenceBoard::from_setup(&pair[0]);
            let reached = board.legal_moves().iter().any(|&mv| {
                let mut after = pair[0].clone();
                after.play(mv);
                after == pair[1]
            });
            assert!(reached, "{:?} does not follow {:?}", pair[1], pair[0]);
        }
    }
}
