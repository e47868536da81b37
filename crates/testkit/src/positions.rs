//! Random valid positions for differential tests, valid by construction, and the kinds of
//! position they hold.
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
//! [`random_position`] mixes the two. [`Features`] says which kinds of position ([`Feature`])
//! a position holds, and [`FeatureCount`] counts them over a test's positions, so a test can
//! assert that the corners it aims at really occur.

use boardlab_core::bitboard::{
    knight_attacks, pawn_attacks, slider_attacks_slow, BISHOP_DIRECTIONS, ROOK_DIRECTIONS,
};
use boardlab_core::{Board, BoardExt, CastlingSide, Color, Piece, Role, Setup, Square};
use boardlab_reference::{PositionKind, PositionKinds};
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

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

/// A kind of position that move generators find hard: core's classification, which
/// `boardlab check` uses too, under the name the testkit's counts have always given it.
pub type Feature = PositionKind;

/// The kinds of position ([`Feature`]) one position holds: core's [`PositionKinds`].
pub type Features = PositionKinds;

/// The floors, in positions per thousand, that [`random_placement`]'s draws reach for each
/// kind of position, for [`FeatureCount::assert_floors`]: about half the shares measured over
/// thousands of draws of several seeds (check 38%, double check 10%, pin 20%, en-passant
/// square 15%, legal en passant 13%, refused en passant 1.7%, castling right 50%, legal
/// castling 12%, legal promotion 6%).
pub const PLACEMENT_FLOORS: [(Feature, usize); Feature::ALL.len()] = [
    (Feature::Check, 190),
    (Feature::DoubleCheck, 48),
    (Feature::Pin, 100),
    (Feature::EnPassant, 75),
    (Feature::LegalEnPassant, 65),
    (Feature::RefusedEnPassant, 8),
    (Feature::CastlingRight, 250),
    (Feature::Castling, 60),
    (Feature::Promotion, 27),
];

/// How many of a test's positions hold each [`Feature`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FeatureCount {
    positions: usize,
    counts: [usize; Feature::ALL.len()],
}

impl FeatureCount {
    /// Counts the kinds `setup` holds.
    pub fn add(&mut self, setup: &Setup) {
        let features = Features::of(setup);
        self.positions += 1;
        for (count, feature) in self.counts.iter_mut().zip(Feature::ALL) {
            *count += usize::from(features.contains(feature));
        }
    }

    /// The positions counted.
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// The positions that hold `feature`.
    pub fn count(&self, feature: Feature) -> usize {
        self.counts[feature as usize]
    }

    /// Panics unless each kind of [`Feature::ALL`] occurs in at least its floor of the
    /// positions, given in positions per thousand (and in at least one position), naming every
    /// kind below its floor. `per_mille` lists a floor for each kind, in the order of
    /// [`Feature::ALL`], so a test states what it claims to cover.
    pub fn assert_floors(&self, per_mille: [(Feature, usize); Feature::ALL.len()]) {
        for (&(feature, _), expected) in per_mille.iter().zip(Feature::ALL) {
            assert_eq!(
                feature, expected,
                "the floors follow the order of Feature::ALL"
            );
        }
        let short: Vec<String> = per_mille
            .iter()
            .filter_map(|&(feature, floor)| {
                let needed = (self.positions * floor / 1_000).max(1);
                let count = self.count(feature);
                (count < needed).then(|| {
                    format!(
                        "{} in {count} positions, the floor is {needed} ({floor} per thousand)",
                        feature.name()
                    )
                })
            })
            .collect();
        assert!(short.is_empty(), "{}; counted {self}", short.join("; "));
    }
}

impl fmt::Display for FeatureCount {
    /// `5000 positions: check 1613, double check 151, …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} positions:", self.positions)?;
        for (index, feature) in Feature::ALL.into_iter().enumerate() {
            let separator = if index == 0 { " " } else { ", " };
            write!(f, "{separator}{} {}", feature.name(), self.count(feature))?;
        }
        Ok(())
    }
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
    let pinned = *Role::NOT_KING.choose(rng).unwrap_or(&Role::Knight);
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
    let role = *Role::NOT_KING.choose(rng).unwrap_or(&Role::Rook);
    let them = !us;
    // The squares from which a piece of `role` attacks the king: for a pawn, those it would
    // capture the king from; for the others, the king's own attacks as that piece.
    let occupied = setup.occupied();
    let from = match role {
        Role::Pawn => pawn_attacks(us, king),
        Role::Knight => knight_attacks(king),
        Role::Bishop => slider_attacks_slow(king, occupied, &BISHOP_DIRECTIONS),
        Role::Rook => slider_attacks_slow(king, occupied, &ROOK_DIRECTIONS),
        _ => {
            slider_attacks_slow(king, occupied, &BISHOP_DIRECTIONS)
                | slider_attacks_slow(king, occupied, &ROOK_DIRECTIONS)
        }
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
    use boardlab_reference::ReferenceBoard;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    #[test]
    fn placements_are_valid_and_reach_every_feature() {
        let mut rng = StdRng::seed_from_u64(1);
        const COUNT: usize = 2_000;
        let mut features = FeatureCount::default();
        for _ in 0..COUNT {
            let setup = random_placement(&mut rng);
            assert_eq!(setup.validate(), Ok(()), "{setup:?}");
            features.add(&setup);
        }
        println!("{features}");
        assert_eq!(features.positions(), COUNT);
        features.assert_floors(PLACEMENT_FLOORS);
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
