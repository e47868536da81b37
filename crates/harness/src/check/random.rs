//! Positions drawn from random legal games, steered towards the rules generators get wrong:
//! castling, en passant (a refused one included), promotions, checks and pins; and the 960
//! Chess960 start positions by their Scharnagl numbers.

use super::positions::CheckPosition;
use crate::perft::SplitMix64;
use crate::{Error, Position};
use boardlab_core::{Board, BoardExt, Move, Role};
use boardlab_reference::{PositionKind, PositionKinds, ReferenceBoard};
use std::fmt;
use std::time::Instant;

/// Positions from random legal games: how many, from which seed, standard or Chess960.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RandomGames {
    /// How many positions (one per game).
    pub count: usize,
    /// The seed: the same seed draws the same games.
    pub seed: u64,
    /// Games from Chess960 start positions, drawn from the seed too.
    pub chess960: bool,
}

/// How many drawn positions have each kind of position generators get wrong.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DrawnKinds {
    /// Positions drawn.
    pub positions: usize,
    /// With a legal castling move.
    pub castling: usize,
    /// With a legal en-passant capture.
    pub en_passant: usize,
    /// With an en-passant capture the rules refuse (see
    /// [`PositionKind::RefusedEnPassant`]).
    pub en_passant_refused: usize,
    /// With a legal promotion.
    pub promotion: usize,
    /// With the side to move in check.
    pub check: usize,
    /// With a piece of the side to move pinned to its king.
    pub pin: usize,
}

impl DrawnKinds {
    /// The kinds by name, for reports.
    pub fn kinds(&self) -> [(&'static str, usize); 6] {
        [
            ("castling", self.castling),
            ("en_passant", self.en_passant),
            ("en_passant_refused", self.en_passant_refused),
            ("promotion", self.promotion),
            ("check", self.check),
            ("pin", self.pin),
        ]
    }

    fn add(&mut self, kinds: PositionKinds) {
        let count = |kind| usize::from(kinds.contains(kind));
        self.positions += 1;
        self.castling += count(PositionKind::Castling);
        self.en_passant += count(PositionKind::LegalEnPassant);
        self.en_passant_refused += count(PositionKind::RefusedEnPassant);
        self.promotion += count(PositionKind::Promotion);
        self.check += count(PositionKind::Check);
        self.pin += count(PositionKind::Pin);
    }
}

impl fmt::Display for DrawnKinds {
    /// "200 positions: 61 with castling, 40 with en passant, …".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} positions: {} with castling, {} with en passant, {} with en passant refused, {} \
             with a promotion, {} in check, {} with a pin",
            self.positions,
            self.castling,
            self.en_passant,
            self.en_passant_refused,
            self.promotion,
            self.check,
            self.pin
        )
    }
}

/// The kinds of [`DrawnKinds`], which a game steers towards: any of them may end it.
const STEERED: [PositionKind; 6] = [
    PositionKind::Castling,
    PositionKind::LegalEnPassant,
    PositionKind::RefusedEnPassant,
    PositionKind::Promotion,
    PositionKind::Check,
    PositionKind::Pin,
];

/// The kinds of the position on `board`.
fn kinds_of(board: &ReferenceBoard) -> PositionKinds {
    PositionKinds::of(&board.to_setup())
}

/// The fewest plies of a random game before it may stop, so that even the first position has
/// moved pieces about.
const SHORTEST_GAME: u64 = 4;

/// The most plies of a random game (a game's length, not the search's `MAX_PLY`).
const LONGEST_GAME: u64 = 120;

/// Draws the positions: one game each, from its own seed (so a game does not depend on the
/// ones before it), and counts their kinds.
///
/// The games are steered where move generators go wrong. A move's chance is its weight among
/// the legal moves' weights: castling, en passant, a double step that an enemy pawn can take
/// en passant (overwhelmingly when a pin or a check forbids taking it), and promotions weigh
/// most, then captures of a rook on its home square while its castling right is held, checks,
/// pawn steps near promotion, and captures; the rest weigh little. From the fourth ply on, a
/// game that reaches an en-passant capture the rules refuse stops there, one with en passant or
/// a promotion three times in four, and one with castling, a check or a pin one time in four;
/// every game stops by its hundred-and-twentieth ply. A game that runs out of moves (mate or
/// stalemate) gives the position before. The drawing ends early, with the games drawn so far,
/// once `deadline` has passed.
pub fn random_games(
    games: RandomGames,
    deadline: Option<Instant>,
) -> Result<(Vec<CheckPosition>, DrawnKinds), Error> {
    let mut positions = Vec::with_capacity(games.count.min(1 << 16));
    let mut kinds = DrawnKinds::default();
    for game in 0..games.count {
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            break;
        }
        let mut rng = SplitMix64(
            games
                .seed
                .wrapping_mul(0x2545_f491_4f6c_dd1d)
                .wrapping_add(game as u64),
        );
        let position = random_game(&mut rng, games.chess960)?;
        kinds.add(kinds_of(&position.board()));
        positions.push(CheckPosition {
            label: format!("random game {}", game + 1),
            position,
            published: Vec::new(),
        });
    }
    Ok((positions, kinds))
}

/// A number below `bound` (which is not 0).
fn below(rng: &mut SplitMix64, bound: u64) -> u64 {
    rng.next() % bound
}

fn random_game(rng: &mut SplitMix64, chess960: bool) -> Result<Position, Error> {
    let start = if chess960 {
        chess960_start(below(rng, 960) as usize)
    } else {
        boardlab_core::START_FEN.to_string()
    };
    let root = Position::from_fen(&start, chess960)?;
    let mut board: ReferenceBoard = root.board();
    let mut line: Vec<Move> = Vec::new();
    let plies = SHORTEST_GAME + below(rng, LONGEST_GAME - SHORTEST_GAME + 1);
    while (line.len() as u64) < plies {
        if line.len() as u64 >= SHORTEST_GAME && stops_here(rng, kinds_of(&board)) {
            break;
        }
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        let weights: Vec<u64> = moves.iter().map(|&mv| weight(&board, mv)).collect();
        let mut pick = below(rng, weights.iter().sum());
        let chosen = moves
            .iter()
            .zip(&weights)
            .find(|&(_, &w)| {
                if pick < w {
                    true
                } else {
                    pick -= w;
                    false
                }
            })
            .map(|(&mv, _)| mv)
            .unwrap_or(moves[0]);
        board.make(chosen);
        line.push(chosen);
    }
    if board.legal_moves().is_empty() {
        line.pop();
    }
    let mut position = root;
    let texts = position
        .board::<ReferenceBoard>()
        .line_text(&line, chess960);
    for text in &texts {
        position.play(text)?;
    }
    Ok(position)
}

/// Whether a game stops at a position of these kinds (see [`random_games`]). Checks and pins
/// come up in most games by themselves; en passant and promotions are rare, so a game that
/// reaches one nearly always stops there, and one that reaches an en-passant capture the rules
/// refuse always does.
fn stops_here(rng: &mut SplitMix64, kinds: PositionKinds) -> bool {
    if kinds.contains(PositionKind::RefusedEnPassant) {
        true
    } else if kinds.contains(PositionKind::LegalEnPassant)
        || kinds.contains(PositionKind::Promotion)
    {
        below(rng, 4) != 0
    } else if STEERED.into_iter().any(|kind| kinds.contains(kind)) {
        below(rng, 4) == 0
    } else {
        false
    }
}

/// A move's weight in a random game (see [`random_games`]).
fn weight(board: &ReferenceBoard, mv: Move) -> u64 {
    let mut weight = 4;
    if mv.is_castle() || mv.is_en_passant() {
        weight += 60;
    }
    let mut after = board.clone();
    after.make(mv);
    if mv.is_double_push() && beside_enemy_pawn(board, mv.to()) {
        // The pawn can be taken en passant on the next move; most of all when a pin or a check
        // forbids taking it, the case generators get wrong.
        weight += 60;
        if kinds_of(&after).contains(PositionKind::RefusedEnPassant) {
            weight += 1000;
        }
    }
    if mv.is_promotion() {
        weight += 30;
    }
    if mv.is_capture() {
        weight += 4;
        let them = !board.side_to_move();
        let rights = board.castling();
        let home_rooks = [
            rights.rook(them, boardlab_core::CastlingSide::King),
            rights.rook(them, boardlab_core::CastlingSide::Queen),
        ];
        if home_rooks.contains(&Some(mv.to())) {
            weight += 40;
        }
    }
    if let Some(piece) = board.piece_at(mv.from()) {
        let rank = mv.to().rank().index();
        let relative = if piece.color == boardlab_core::Color::White {
            rank
        } else {
            7 - rank
        };
        if piece.role == Role::Pawn && relative >= 5 {
            weight += 8;
        }
    }
    if after.in_check() {
        weight += 8;
    }
    weight
}

/// Whether a pawn of the side not to move stands beside `to`, on its rank.
fn beside_enemy_pawn(board: &ReferenceBoard, to: boardlab_core::Square) -> bool {
    let enemy_pawn = boardlab_core::Piece::new(!board.side_to_move(), Role::Pawn);
    [-1, 1]
        .into_iter()
        .filter_map(|df| to.offset(df, 0))
        .any(|sq| board.piece_at(sq) == Some(enemy_pawn))
}

/// Chess960 start position number `n` (0 to 959, 518 being the standard one) in Shredder-FEN,
/// by Scharnagl's numbering: the light-squared bishop, the dark-squared bishop, the queen on one
/// of the six free squares, the knights on two of the five left, and rook, king, rook on the
/// last three.
pub fn chess960_start(n: usize) -> String {
    let mut rank: [Option<char>; 8] = [None; 8];
    let mut n = n % 960;
    rank[(n % 4) * 2 + 1] = Some('B');
    n /= 4;
    rank[(n % 4) * 2] = Some('B');
    n /= 4;
    let free = |rank: &[Option<char>; 8]| -> Vec<usize> {
        (0..8).filter(|&file| rank[file].is_none()).collect()
    };
    rank[free(&rank)[n % 6]] = Some('Q');
    n /= 6;
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (first, second) = KNIGHTS[n];
    let squares = free(&rank);
    rank[squares[first]] = Some('N');
    rank[squares[second]] = Some('N');
    let last = free(&rank);
    for (&file, piece) in last.iter().zip(['R', 'K', 'R']) {
        rank[file] = Some(piece);
    }
    let white: String = rank.iter().map(|piece| piece.unwrap_or('?')).collect();
    let file = |index: usize| char::from(b'a' + last[index] as u8);
    let castling = format!(
        "{}{}{}{}",
        file(2).to_ascii_uppercase(),
        file(0).to_ascii_uppercase(),
        file(2),
        file(0)
    );
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1",
        white.to_ascii_lowercase()
    )
}
